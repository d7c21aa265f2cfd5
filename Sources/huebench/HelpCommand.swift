import ColorCore
import Palettes

/// `huebench help [COMMAND]`: the list of commands, or one command's help.
enum HelpCommand: Command {
    static let name = "help"
    static let summary = "show the commands, or one command's help"
    static let help = """
    usage: huebench help [COMMAND | generators] [--markdown]

    With no COMMAND, lists every command. `huebench COMMAND --help` prints the same as `huebench help COMMAND`.
    `huebench help generators` lists each ramp generator's parameters: kind, allowed range, default and meaning;
    with --markdown, as the table in docs/guides/design-systems.md.

    options:
      --markdown   print the CLI reference: every command's help as Markdown (docs/reference/cli.md);
                   with 'generators', the generators' parameter table
      --help       this text

    example:
      $ huebench help parse
      usage: huebench parse [--json] [COLOR…]
    """

    static var overview: String {
        let width = Commands.all.map { $0.name.count }.max() ?? 8
        let rows = Commands.all.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.summary }
        return (["huebench \(version): a color-science workbench", "", "usage: huebench COMMAND [ARGS…]", "", "commands:"]
            + rows + ["", "huebench --version prints Huebench's and Lua's versions; huebench help COMMAND explains one."])
            .joined(separator: "\n")
    }

    static func run(_ args: [String]) throws -> Int32 {
        let parsed = try Arguments(args, command: name, flags: ["markdown"])
        if parsed.has("markdown"), parsed.positionals.first != "generators" {
            if let p = parsed.positionals.first { throw UsageError("--markdown prints every command, or the generators' table with 'generators'; drop '\(p)'") }
            Output.write(reference())
            return ExitStatus.ok
        }
        guard let topic = parsed.positionals.first else { Output.line(overview); return ExitStatus.ok }
        if parsed.positionals.count > 1 {
            throw UsageError("name one command, got '\(parsed.positionals[1])' too; e.g. huebench help parse")
        }
        if topic == "generators" {
            let wb = PaletteWorkbench.standard
            Output.line(parsed.has("markdown") ? RampGenerator.markdownTable(wb.generators.all) : generators(wb))
            return ExitStatus.ok
        }
        guard let cmd = Commands.find(topic) else {
            throw UsageError("no command '\(topic)'; known: \((Commands.all.map { $0.name } + ["generators"]).joined(separator: ", "))")
        }
        Output.line(cmd.help)
        return ExitStatus.ok
    }

    /// The CLI reference: the overview, then each command's help text as it prints, then the generators.
    static func reference() -> String {
        var s = "# CLI reference\n\nGenerated from the commands' help texts by `huebench help --markdown` (scripts/docs).\n\n"
        s += "```\n\(overview)\n```\n"
        for c in Commands.all {
            s += "\n## huebench \(c.name)\n\n\(c.summary.prefix(1).uppercased() + c.summary.dropFirst()).\n\n```\n\(c.help)\n```\n"
        }
        s += "\n## Ramp generators (`huebench help generators`)\n\n```\n\(generators(PaletteWorkbench.standard))\n```\n"
        return s
    }

    /// Every generator with its declared parameters, from the same declarations `RampGenerator.validate` checks.
    static func generators(_ wb: PaletteWorkbench) -> String {
        var lines: [String] = []
        for g in wb.generators.all {
            lines.append("\(g.id): \(g.name)")
            let width = (g.parameters.map { $0.name.count }.max() ?? 4) + 2
            for p in g.parameters {
                let range = p.range.map { " \(NumberError.show($0.lowerBound))…\(NumberError.show($0.upperBound))" } ?? ""
                lines.append("  " + p.name.padding(toLength: width, withPad: " ", startingAt: 0)
                    + "\(p.kind.rawValue)\(range), default \(p.defaultValue.isEmpty ? "none" : p.defaultValue): \(p.summary)")
            }
            lines.append("")
        }
        lines.append("Every family also takes name, generator, hue, anchor (a CSS color, or {color=, stop=}) and scale (ctk, tailwind, radix, material or a list of {stop, lightness}).")
        return lines.joined(separator: "\n")
    }
}
