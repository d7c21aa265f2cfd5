import ColorScript
import Foundation

/// `huebench eval 'EXPR'`: evaluates a Lua expression (or statements) and prints the results.
enum EvalCommand: Command {
    static let name = "eval"
    static let summary = "evaluate a Lua one-liner with the huebench module as `hb`"
    static let help = """
    usage: huebench eval [OPTIONS] 'EXPR'

    Evaluates EXPR (an expression, or statements) in the sandbox with `hb` bound to the huebench module and
    prints each result (tab-separated), as `tostring` shows it; NaN and ±∞ print as NaN, inf and -inf with a
    warning on stderr. Plugins load first.

    options:
    \(ScriptCLI.optionHelp)

    example:
      huebench eval 'hb.color("oklch(70% 0.1 50)"):hex()'
    """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try Arguments(args, command: name, flags: ScriptCLI.flags, options: ScriptCLI.options)
        guard p.positionals.count == 1 else {
            throw UsageError("give exactly one expression in quotes, e.g. huebench eval 'hb.srgb(1, 0.5, 0):css()'")
        }
        do {
            let (state, sources) = try ScriptCLI.makeState(p, command: name, script: "eval")
            _ = try PluginLoader.load(sources, into: state)
            let results = try state.eval(p.positionals[0])
            if !results.isEmpty { Output.line(results.joined(separator: "\t")) }
            if let at = state.lastEvalNonFinite {
                let one = !at.contains(",")
                Output.error("huebench eval: warning: result\(one ? "" : "s") \(at) \(one ? "is not a finite number" : "are not finite numbers") (NaN or ±inf)")
            }
            try state.commitOutputs()
            return ExitStatus.ok
        } catch {
            return ScriptCLI.report(error, command: name, verbose: p.has("verbose"))
        }
    }
}
