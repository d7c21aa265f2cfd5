import Foundation
import PackagePlugin

/// `swift package huebench-build --out DIR [SCRIPT.lua] [huebench build options…]`: writes every output of
/// `huebench build` (asset catalog, Swift, CSS, design tokens, Android, pictures, report) for a palette script
/// into DIR. Without SCRIPT it builds the one `palette.lua` / `huebench.lua` found in the package's targets.
/// DIR is relative to the package folder; writing there needs `--allow-writing-to-package-directory` (or, outside
/// it, `--allow-writing-to-directory DIR`).
@main
struct HuebenchBuildCommand: CommandPlugin {
    static let usage = "usage: swift package --allow-writing-to-package-directory huebench-build --out DIR [SCRIPT.lua] [huebench build options]"

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var args = arguments
        if args.contains("--help") || args.contains("-h") {
            print(Self.usage + "\n\nRuns `huebench build SCRIPT --out DIR` with the other options passed through ('huebench build --help' lists them).")
            return
        }
        var out: String? = nil
        if let k = args.firstIndex(of: "--out") {
            guard k + 1 < args.count else { throw CommandFailure("--out needs a folder; " + Self.usage) }
            out = args[k + 1]; args.removeSubrange(k...(k + 1))
        } else if let k = args.firstIndex(where: { $0.hasPrefix("--out=") }) {
            out = String(args[k].dropFirst("--out=".count)); args.remove(at: k)
        }
        guard let out, !out.isEmpty else { throw CommandFailure("name the output folder with --out DIR; " + Self.usage) }
        let base = context.package.directoryURL
        let outURL = out.hasPrefix("/") ? URL(fileURLWithPath: out) : base.appendingPathComponent(out)

        var script: String? = nil
        if let k = args.firstIndex(where: { $0.hasSuffix(".lua") && !$0.hasPrefix("-") }) {
            let s = args.remove(at: k)
            script = s.hasPrefix("/") ? s : base.appendingPathComponent(s).path
        } else {
            let found = context.package.targets.compactMap { $0 as? SourceModuleTarget }.flatMap { t in
                t.sourceFiles.map(\.url).filter { ["palette.lua", "huebench.lua"].contains($0.lastPathComponent) }
            }
            guard found.count == 1 else {
                throw CommandFailure(found.isEmpty
                    ? "no palette.lua or huebench.lua in this package's targets; give the script: " + Self.usage
                    : "several palette scripts (\(found.map(\.path).sorted().joined(separator: ", "))); give one: " + Self.usage)
            }
            script = found[0].path
        }
        let tool = try context.tool(named: "HuebenchCLI")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["build", script!, "--out", outURL.path] + args
        process.currentDirectoryURL = base
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandFailure("huebench build exited with status \(process.terminationStatus) (its message is above)")
        }
    }
}

struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = "huebench-build: " + d }
}
