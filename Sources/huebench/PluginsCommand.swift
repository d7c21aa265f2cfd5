import ColorScript
import Foundation

/// `huebench plugins`: lists the plugin files, where each came from, and what each registered.
enum PluginsCommand: Command {
    static let name = "plugins"
    static let summary = "list the Lua plugins loaded and what each registered"
    static let help = """
    usage: huebench plugins [--plugins DIR]… [--json]

    Loads the plugins as `run` does (./huebench-plugins, $XDG_CONFIG_HOME/huebench/plugins, then each
    --plugins DIR; files in name order) and prints one line per registration: kind, name, file, origin.

    options:
    \(ScriptCLI.optionHelp)
      --json                 one JSON object per registration

    example:
      huebench plugins --plugins examples/plugins
    """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try Arguments(args, command: name, flags: ScriptCLI.flags.union(["json"]), options: ScriptCLI.options)
        do {
            let (state, sources) = try ScriptCLI.makeState(p, command: name, script: "plugins")
            let reports = try PluginLoader.load(sources, into: state)
            if reports.isEmpty && !p.has("json") {
                Output.line("no plugins found (looked in ./huebench-plugins, $XDG_CONFIG_HOME/huebench/plugins and --plugins folders)")
            }
            for r in reports {
                if r.registrations.isEmpty && !p.has("json") { Output.line("(nothing)\t-\t\(r.file)\t\(r.origin)") }
                for e in r.registrations {
                    if p.has("json") {
                        Output.line("{\"kind\":\(jsonString(e.kind)),\"name\":\(jsonString(e.name)),\"file\":\(jsonString(r.file)),\"origin\":\(jsonString(r.origin))}")
                    } else {
                        Output.line("\(e.kind)\t\(e.name)\t\(r.file)\t\(r.origin)")
                    }
                }
            }
            try state.commitOutputs()
            return ExitStatus.ok
        } catch {
            return ScriptCLI.report(error, command: name, verbose: p.has("verbose"))
        }
    }
}
