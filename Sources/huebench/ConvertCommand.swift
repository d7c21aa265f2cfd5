import ColorCore
import ColorKernels

/// `huebench convert --to SPACE [COLOR…]`: each color's coordinates in SPACE.
enum ConvertCommand: Command {
    static let name = "convert"
    static let summary = "convert colors to another space (coordinates + CSS)"
    static var help: String { """
    usage: huebench convert --to SPACE [--json] [COLOR…]

    Converts each CSS color to SPACE and prints the coordinates there (unclamped: out-of-gamut values stay
    below 0 or above 1; a powerless hue prints as none) and the CSS form. Coordinates print with 7 decimals
    in 12-character columns (from 1e15 on, the shortest form: 1e+16), always with a space between columns. With no COLOR, reads
    one color per line from standard input and streams the results.

    options:
      --to SPACE   target space, one of:
    \(wrappedSpaceList())
      --json       one JSON object per input: {"input", "space", "coords", "alpha", "css"} or {"input", "error"}

    exit status: 0 all converted, 1 some input failed, 2 bad usage (e.g. unknown space)

    example:
      $ huebench convert --to oklch red 'color(display-p3 0 1 0)' white
      oklch         0.6279554   0.2576833  29.2338803  oklch(0.627955 0.257683 29.2339)
      oklch         0.8488293   0.3685278 145.6449556  oklch(0.848829 0.368528 145.645)
      oklch         1.0000000   0.0000000        none  oklch(1 0 none)
      $ printf 'red\\nnot-a-color\\n' | huebench convert --to hsl --json
      {"input":"red","space":"hsl","coords":[0,100,50],"alpha":1,"css":"hsl(0 100 50)"}
      {"input":"not-a-color","error":"invalid color 'not-a-color': unknown color name 'not-a-color' at 0"}
    """ }

    /// The registered space ids, wrapped at ~100 columns and indented under `--to`.
    static func wrappedSpaceList() -> String {
        var lines: [String] = [], line = ""
        for id in Workbench.standard.spaces.spaces.ids {
            if !line.isEmpty && line.count + id.count + 2 > 90 { lines.append(line + ","); line = "" }
            line += (line.isEmpty ? "" : ", ") + id
        }
        lines.append(line)
        return lines.map { "                 " + $0 }.joined(separator: "\n")
    }

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: ["json"], options: ["to"])
        let wb = Workbench.standard
        guard let toName = a.value("to") else {
            throw UsageError("needs --to SPACE; known: \(wb.spaces.spaces.ids.joined(separator: ", "))")
        }
        let target = try Lookup.space(toName, in: wb, option: "to", command: name)
        let width = max(11, target.rawValue.count + 1)
        let stream = try ColorStream(.convert(to: target), json: a.has("json"), spaceWidth: width, workbench: wb)
        return StreamLoop.run(command: name, stream: stream, arguments: a.positionals)
    }
}
