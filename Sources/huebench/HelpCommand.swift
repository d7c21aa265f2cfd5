/// `huebench help [COMMAND]`: the list of commands, or one command's help.
enum HelpCommand: Command {
    static let name = "help"
    static let summary = "show the commands, or one command's help"
    static let help = """
    usage: huebench help [COMMAND]

    With no COMMAND, lists every command. `huebench COMMAND --help` prints the same as `huebench help COMMAND`.

    options:
      --help     this text

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
        let parsed = try Arguments(args, command: name)
        guard let topic = parsed.positionals.first else { Output.line(overview); return ExitStatus.ok }
        if parsed.positionals.count > 1 {
            throw UsageError("name one command, got '\(parsed.positionals[1])' too; e.g. huebench help parse")
        }
        guard let cmd = Commands.find(topic) else {
            throw UsageError("no command '\(topic)'; known: \(Commands.all.map { $0.name }.joined(separator: ", "))")
        }
        Output.line(cmd.help)
        return ExitStatus.ok
    }
}
