import ColorCore
import ColorScript
import Foundation

/// Options shared by `run`, `eval` and `plugins`: limits, plugin folders, output folder.
struct ScriptCLI {
    static let options: Set<String> = ["time-limit", "memory-limit", "plugins", "out", "seed", "input"]
    static let flags: Set<String> = ["verbose", "no-plugins"]
    static let optionHelp = """
      --time-limit SECONDS   time budget for plugins and script (default 10)
      --memory-limit MIB     memory cap of the Lua heap and host buffers in MiB (default 512)
      --plugins DIR          also load the Lua plugins in DIR (repeatable; after ./huebench-plugins and
                             $XDG_CONFIG_HOME/huebench/plugins)
      --no-plugins           load no plugins
      --out DIR              folder that outputs are written to (all or none, after the script succeeds);
                             without it a script may write only into new folders it names
      --seed N               seed of math.random (default 0)
      --input FILE           a file the script may read with hb.load_colors (repeatable; files given as script
                             arguments and files under the script's folder are readable too)
      --verbose              add a short Lua traceback to errors
    """

    static func makeState(_ p: Arguments, command: String, script: String) throws -> (LuaInterpreter, [PluginLoader.Source]) {
        var o = ScriptOptions()
        if let t = try p.double("time-limit", command: command) {
            guard t > 0, t <= 86400 else {
                throw UsageError("--time-limit needs seconds in (0, 86400], got '\(p.value("time-limit") ?? "")' (huebench \(command))")
            }
            o.timeLimit = t
        }
        if let m = try p.double("memory-limit", command: command) {
            guard m >= 1, m <= 1048576 else {
                throw UsageError("--memory-limit needs MiB in 1…1048576, got '\(p.value("memory-limit") ?? "")' (huebench \(command))")
            }
            o.memoryLimit = try Checked.int((m * 1048576).rounded(), "--memory-limit bytes")
        }
        if let s = try p.int("seed", command: command, range: Int.min...Int.max) { o.seed = s }
        if let out = p.value("out") { o.outputFolder = out }
        for f in p.all("input") {
            guard FileManager.default.fileExists(atPath: f) else {
                throw UsageError("--input '\(f)': no such file; give a file the script reads with hb.load_colors (huebench \(command))")
            }
            o.readableFiles.append(f)
        }
        let sources = p.has("no-plugins") ? [] : PluginLoader.defaultSources(extra: p.all("plugins"))
        o.allowedFolders = sources.map(\.folder)
        o.watchdogMessage = watchdogMessage(command: command, script: script, budget: o.timeLimit)
        o.leaveHeapToProcessExit = true  // run, eval and plugins end the process after the script
        let state = try LuaInterpreter(options: o, print: { Output.write($0) })
        return (state, sources)
    }

    /// The line the watchdog writes when one call of a C library function (a string pattern, `load` of a huge
    /// chunk, `table.concat` …) overruns the budget: it runs in C, where the time hook cannot stop it, so the
    /// process ends with exit status 3.
    static func watchdogMessage(command: String, script: String, budget: Double) -> String {
        let b = formatMiB(budget)
        // \u{1}…\u{2} marks the script name; the watchdog puts the calling line there (`script.lua:12`) when known.
        // \u{3} becomes the function's name (`string.find`).
        return "huebench \(command): \u{1}\(script)\u{2}: time limit of \(b) s exceeded in one call of \u{3}; raise it with --time-limit or give it less work per call"
    }

    static func formatMiB(_ d: Double) -> String {
        if let i = Int(exactly: d) { return String(i) }
        return "\(d)"
    }

    /// Reports a script error in one line (plus a traceback on --verbose) and returns the exit status.
    static func report(_ error: Error, command: String, verbose: Bool) -> Int32 {
        if let e = error as? ColorScriptError {
            switch e {
            case .limit:
                Output.error("huebench \(command): \(e)")
                return ExitStatus.limit
            case let .script(message, traceback, _):
                Output.error("huebench \(command): \(message)")
                if verbose, !traceback.isEmpty {
                    Output.errorText(traceback.split(separator: "\n").prefix(12).joined(separator: "\n"))
                }
                return ExitStatus.someFailed
            default:
                Output.error("huebench \(command): \(e)")
                return ExitStatus.someFailed
            }
        }
        Output.error("huebench \(command): \(error)")
        return error is UsageError ? ExitStatus.usage : ExitStatus.someFailed
    }
}
