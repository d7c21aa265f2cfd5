import ColorScript
import Foundation

/// `huebench run SCRIPT.lua [ARGS…]`: runs a Lua script in the sandbox.
enum RunCommand: Command {
    static let name = "run"
    static let summary = "run a Lua script (sandboxed, with time and memory limits)"
    static let help = """
    usage: huebench run [OPTIONS] SCRIPT.lua [ARGS…]

    Runs SCRIPT.lua with `local hb = require "huebench"` available; ARGS are in the table `arg` (arg[0] is
    the script). Plugins load first. Files the script writes (hb.output, matrix:save, exporters) are written
    into --out only if the script succeeds, all of them or none; without --out, only into new folders the
    script names. Never into dot-folders (.git), huebench-plugins, or through links inside the output folder. Exit status: 0 ok, 1 script error, 2 bad usage,
    3 time or memory limit.

    options:
    \(ScriptCLI.optionHelp)

    example:
      huebench run examples/contrast-matrix.lua --time-limit 5
    """

    static func run(_ args: [String]) throws -> Int32 {
        // Options end at the script name: everything after it belongs to the script.
        let scriptAt = scriptIndex(args)
        let own = scriptAt.map { Array(args[..<$0]) } ?? args
        let p = try Arguments(own, command: name, flags: ScriptCLI.flags, options: ScriptCLI.options)
        guard let at = scriptAt else { throw UsageError("missing SCRIPT.lua; usage: huebench run [OPTIONS] SCRIPT.lua [ARGS…]") }
        let script = args[at], scriptArgs = Array(args[(at + 1)...])
        guard FileManager.default.fileExists(atPath: script) else {
            throw UsageError("script '\(script)' not found; give the path of a .lua file")
        }
        let verbose = p.has("verbose")
        do {
            let (state, sources) = try ScriptCLI.makeState(p, command: name, script: script)
            _ = try PluginLoader.load(sources, into: state)
            try state.run(file: script, arguments: scriptArgs)
            try state.commitOutputs()
            return ExitStatus.ok
        } catch {
            return ScriptCLI.report(error, command: name, verbose: verbose)
        }
    }

    /// The index of the first positional (the script): options with values are skipped with their value.
    static func scriptIndex(_ args: [String]) -> Int? {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" { return i + 1 < args.count ? i + 1 : nil }
            if a.hasPrefix("--") {
                let n = String(a.dropFirst(2))
                if ScriptCLI.options.contains(n) { i += 2; continue }
                i += 1; continue
            }
            return i
        }
        return nil
    }
}
