import ColorCore
import ColorKernels

/// `huebench parse [COLOR…]`: each CSS color's space, coordinates, alpha and canonical CSS form.
enum ParseCommand: Command {
    static let name = "parse"
    static let summary = "parse CSS colors: space, coordinates, alpha, canonical CSS"
    static let help = """
    usage: huebench parse [--json] [COLOR…]

    Parses each CSS color (named, hex, rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch(), color(), color-mix()) and prints
    its space, its three coordinates as written (none = missing), and its canonical CSS serialization.
    With no COLOR, reads one color per line from standard input.

    options:
      --json   one JSON object per input: {"input", "space", "coords" (null = missing), "alpha", "css"},
               or {"input", "error"} for a color that does not parse

    exit status: 0 all parsed, 1 some input failed (the others are still printed), 2 bad usage

    example:
      $ huebench parse 'oklch(62.8% 0.258 29.23)' '#ff000080'
      oklch         0.6280000   0.2580000  29.2300000  oklch(0.628 0.258 29.23)
      srgb          1.0000000   0.0000000   0.0000000  rgba(255, 0, 0, 0.5)
      $ huebench parse --json 'lch(50% 0 none)'
      {"input":"lch(50% 0 none)","space":"lch","coords":[50,0,null],"alpha":1,"css":"lch(50 0 none)"}
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: ["json"])
        let wb = Workbench.standard
        // Colors given as arguments are known up front: widen the space column to the longest id among them
        // (streamed standard input keeps the default width).
        let longest = a.positionals.compactMap { try? wb.parse($0).space.rawValue.count }.max() ?? 0
        let width = max(11, longest + 2)
        let stream = try ColorStream(.parse, json: a.has("json"), spaceWidth: width, workbench: wb)
        return StreamLoop.run(command: name, stream: stream, arguments: a.positionals)
    }
}
