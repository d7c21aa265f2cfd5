import Foundation
import PackagePlugin

/// Build-tool plugin: a target that contains `palette.lua` (or `huebench.lua`) gets, at build time, the Swift
/// values of the palette that script builds — `HuebenchColorValues.swift` (Foundation only: every stop and
/// token as `HuebenchPalette.*` / `HuebenchTokens.*`) and the UIKit, AppKit and SwiftUI files, each under
/// `#if canImport(…)` so they compile to nothing where the framework is absent.
///
/// The script runs `huebench build SCRIPT --formats swift` in the sandbox, with the target's own
/// `huebench-plugins/` folder as its only plugins. Every `.lua` file of the target is an input, so editing the
/// script or a plugin regenerates the values on the next build.
@main
struct HuebenchPlugin: BuildToolPlugin {
    static let scriptNames = ["palette.lua", "huebench.lua"]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let scripts = module.sourceFiles.map(\.url).filter { Self.scriptNames.contains($0.lastPathComponent) }
        guard !scripts.isEmpty else {
            Diagnostics.warning("HuebenchPlugin: target '\(target.name)' has no palette.lua or huebench.lua; nothing to generate")
            return []
        }
        guard scripts.count == 1 else {
            throw PluginFailure("target '\(target.name)' has \(scripts.count) palette scripts (\(scripts.map(\.path).sorted().joined(separator: ", "))); keep one palette.lua or huebench.lua per target")
        }
        let script = scripts[0]
        let out = context.pluginWorkDirectoryURL.appendingPathComponent("huebench-out")
        let config = context.pluginWorkDirectoryURL.appendingPathComponent("config")
        let luaFiles = module.sourceFiles.map(\.url).filter { $0.pathExtension == "lua" }
        var arguments = ["build", script.path, "--out", out.path, "--formats", "swift", "--policy", "none", "--quiet"]
        let plugins = script.deletingLastPathComponent().appendingPathComponent("huebench-plugins")
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: plugins.path, isDirectory: &isFolder), isFolder.boolValue {
            arguments += ["--plugins", plugins.path]
        } else {
            arguments.append("--no-plugins")
        }
        let generated = ["HuebenchColorValues.swift", "HuebenchColors+UIKit.swift", "HuebenchColors+AppKit.swift",
                         "HuebenchColors+SwiftUI.swift"].map { out.appendingPathComponent("Swift").appendingPathComponent($0) }
        return [.buildCommand(
            displayName: "Huebench: generating Swift colors from \(script.lastPathComponent) (\(target.name))",
            executable: try context.tool(named: "HuebenchCLI").url,
            arguments: arguments,
            // The user's own plugin folder never joins a package build: only the target's huebench-plugins/.
            environment: ["XDG_CONFIG_HOME": config.path],
            inputFiles: [script] + luaFiles.filter { $0 != script },
            outputFiles: generated)]
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = "HuebenchPlugin: " + d }
}
