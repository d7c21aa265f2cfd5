import Foundation

/// `huebench tune SCRIPT.lua [--out DIR] [script options] [ARGS…]`: runs a sweep script (which calls
/// `hb.sweep{…}`) in the sandbox, like `huebench run`, except that the script options (--out, --time-limit,
/// --memory-limit, --plugins, --no-plugins, --seed, --verbose) may also come after the script name.
enum TuneScript {
    static func run(script: String, args: [String]) throws -> Int32 {
        var own: [String] = [], rest: [String] = []
        var i = 0, seenScript = false
        while i < args.count {
            let a = args[i]
            let name = a.hasPrefix("--") ? String(a.dropFirst(2).split(separator: "=", maxSplits: 1).first ?? "") : ""
            if ScriptCLI.options.contains(name) {
                own.append(a)
                if !a.contains("="), i + 1 < args.count { own.append(args[i + 1]); i += 1 }
            } else if ScriptCLI.flags.contains(name) {
                own.append(a)
            } else if !seenScript, a == script {
                seenScript = true
            } else if !seenScript, a.hasPrefix("--") {
                throw UsageError("option '\(a)' cannot be used with a script; sweep settings go in hb.sweep{…} (see 'huebench help tune')")
            } else {
                rest.append(a)
            }
            i += 1
        }
        // A sweep of thousands of ramps needs more than the default script budget.
        if !own.contains(where: { $0.hasPrefix("--time-limit") }) { own += ["--time-limit", "120"] }
        return try RunCommand.run(own + [script] + rest)
    }
}
