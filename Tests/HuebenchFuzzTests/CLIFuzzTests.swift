import Foundation
import HuebenchTestSupport
import Testing

/// Every subcommand, run with hostile options, values, positionals and standard input from a seeded generator:
/// each run ends with exit 0–3, never a signal or a hang, with one line on standard error per failed item,
/// and writes nothing outside the folder it runs in.
@Suite(.serialized) struct CLIFuzzTests {
    /// A subcommand and its options (from its `--help`): name → takes a value.
    struct Spec { let name: String; let options: [(String, Bool)] }

    /// The subcommands `huebench help` lists, each with the options its `--help` lists.
    static func specs(cwd: URL) throws -> [Spec] {
        let help = try Binary.run(["help"], cwd: cwd).stdout
        var names: [String] = []
        var inList = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("commands:") { inList = true; continue }
            if inList {
                guard line.hasPrefix("  "), let w = line.split(separator: " ").first else { break }
                names.append(String(w))
            }
        }
        return try names.map { name in
            let text = try Binary.run([name, "--help"], cwd: cwd).stdout
            var options: [(String, Bool)] = []
            for line in text.split(separator: "\n") {
                let t = line.drop { $0 == " " }
                guard line.hasPrefix("  "), t.hasPrefix("--") else { continue }
                let words = t.split(separator: " ", maxSplits: 2)
                let opt = String(words[0].dropFirst(2))
                guard !options.contains(where: { $0.0 == opt }), opt.allSatisfy({ $0.isLetter || $0 == "-" }) else { continue }
                let takesValue = words.count > 1 && (words[1].first?.isUppercase == true || words[1].contains("|"))
                options.append((opt, takesValue))
            }
            return Spec(name: name, options: options)
        }
    }

    /// Options whose value is a file the command only reads: the only places `/dev/zero` is given.
    static let readOnlyFileOptions: Set<String> = ["text", "background", "input"]
    static let streamCommands: Set<String> = ["parse", "convert", "gamut", "contrast", "deltae"]

    /// The files every run's folder starts with: a colors list, a folder, a link to a folder beside it, and a
    /// script making one hostile `hb` call.
    static func prepare(_ work: URL, script: String) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: work.appendingPathComponent("dir"), withIntermediateDirectories: true)
        try fm.createDirectory(at: work.deletingLastPathComponent().appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try? fm.createSymbolicLink(atPath: work.appendingPathComponent("link").path, withDestinationPath: "../elsewhere")
        try Data("red\nrgb(1e309 0 0)\noklch(0.5 1e300 nan)\n--x: #ff0000;\nnot a color\n".utf8)
            .write(to: work.appendingPathComponent("colors.txt"))
        try Data(script.utf8).write(to: work.appendingPathComponent("fuzz.lua"))
    }

    static let hbCalls = ["hb.color", "hb.oklch", "hb.new", "hb.buffer", "hb.convert", "hb.map_gamut", "hb.matrix",
                          "hb.family", "hb.theme", "hb.build", "hb.sweep", "hb.register_family", "hb.register_generator",
                          "hb.register_policy", "hb.register_exporter", "hb.export", "hb.output", "hb.load_colors",
                          "hb.audit", "hb.policy", "hb.curve.bell"]

    @Test func everySubcommandFailsCleanly() throws {
        let root = try Binary.folder("cli")
        defer { try? FileManager.default.removeItem(at: root) }
        let specs = try Self.specs(cwd: root)
        #expect(specs.count >= 14, "\(specs.map(\.name))")
        #expect(specs.allSatisfy { !$0.options.isEmpty || $0.name == "help" }, "\(specs.map { ($0.name, $0.options.count) })")
        var h = Hostile(seed: FuzzSize.seed ^ 0xC11, abs: root.appendingPathComponent("abs").path)
        var problems: [String] = []
        let n = FuzzSize.count(60) + specs.count
        for i in 0..<n where problems.count < 10 {
            let spec = i < specs.count ? specs[i] : h.rng.pick(specs)
            let work = root.appendingPathComponent("run\(i)/work")
            let callee = h.rng.pick(Self.hbCalls)
            let script = "local x = \(callee)(\(h.luaArguments().joined(separator: ", ")))\nprint(x)\n"
            try Self.prepare(work, script: script)
            var args = [spec.name]
            for _ in 0..<h.int(4) where !spec.options.isEmpty {
                let (opt, takesValue) = h.rng.pick(spec.options)
                if !takesValue { args.append("--" + opt); continue }
                let v = Self.readOnlyFileOptions.contains(opt) && h.chance(0.15) ? "/dev/zero" : h.cliValue()
                if h.chance(0.5) { args += ["--" + opt, v] } else { args.append("--\(opt)=\(v)") }
            }
            if ["run", "build", "audit", "tokens", "tune"].contains(spec.name), h.chance(0.7) {
                args.append(h.chance(0.1) ? "/dev/zero" : "fuzz.lua")
            } else if spec.name == "eval" {
                args.append("\(callee)(\(h.luaArguments().joined(separator: ", ")))")
            }
            let positionals = h.int(3)
            for _ in 0..<positionals { args.append(h.cliValue()) }
            var stdin = ""
            var stdinLines = 0
            let devZero = Self.streamCommands.contains(spec.name) && positionals == 0 && h.chance(0.1)
            if Self.streamCommands.contains(spec.name), positionals == 0, !devZero {
                stdinLines = 1 + h.int(3)
                for _ in 0..<stdinLines { stdin += (h.chance(0.1) ? String(repeating: "x", count: 2 << 20) : h.cliValue().replacingOccurrences(of: "\n", with: " ")) + "\n" }
            }
            let before = LuaFuzzTests.files(root)
            let o = try Binary.run(args, cwd: work, stdin: stdin, devZero: devZero, timeout: 90)
            let shown = args.map { $0.count > 60 ? String($0.prefix(20)) + "…(\($0.count) chars)" : $0 }
            if let p = Clean.problems(o, maxLines: max(1, positionals + stdinLines), json: args.contains("--json"), allowsReportOnly: spec.name == "audit") {
                problems.append("huebench \(shown.joined(separator: " "))\(devZero ? " < /dev/zero" : ""): \(p): \(o.stderr.prefix(300))")
            }
            let escaped = LuaFuzzTests.files(root).subtracting(before).filter { !$0.hasPrefix("run\(i)/work") }
            if !escaped.isEmpty { problems.append("huebench \(shown.joined(separator: " ")): wrote outside its folder: \(escaped.sorted())") }
            try? FileManager.default.removeItem(at: root.appendingPathComponent("run\(i)"))
        }
        #expect(problems.isEmpty, "\(problems.count) unclean runs (seed \(FuzzSize.seed)):\n\(problems.joined(separator: "\n"))")
    }
}
