import ColorCore
import ColorKernels

/// `huebench contrast [--method wcag21|apca] [TEXT BACKGROUND]`: contrast ratio or APCA Lc.
enum ContrastCommand: Command {
    static let name = "contrast"
    static let summary = "contrast of text on a background (WCAG 2.1 ratio, APCA Lc, …)"
    static let help = """
    usage: huebench contrast [--method NAME] [--json] [TEXT BACKGROUND]

    Prints the contrast of TEXT on BACKGROUND. wcag21 (default): the WCAG 2.1 ratio, 1…21 for colors inside
    sRGB; colors are not clamped (extended sRGB), so a color outside sRGB can give a ratio above 21 (map it
    first with `huebench gamut` to get the in-gamut ratio); apca: APCA 0.0.98G-4g Lc, signed (positive =
    dark text on light, negative = light on dark); an out-of-sRGB color whose screen luminance comes out
    below 0 is floored at 0 before APCA's soft black clamp, as APCA-W3 0.1.9 does (Color.js does not
    floor it and can differ by up to 8.5 Lc there);
    also lstar (ΔL*), weber, michelson. Translucent text is composited over the background first.
    With no colors, reads pairs from standard input: TEXT<TAB>BACKGROUND per line.

    options:
      --method NAME   wcag21 (default), apca, lstar, weber, michelson
      --json          one JSON object per pair: {"input", "text", "background", "value"} or {"input", "error"}

    exit status: 0 all computed, 1 some pair failed, 2 bad usage

    example:
      $ huebench contrast '#777' white
            4.48  #777 on white
      $ huebench contrast --method apca '#fff' '#888'
          -68.54  #fff on #888
      $ printf '#000\\t#fff\\n' | huebench contrast --json
      {"input":"#000\\t#fff","text":"#000","background":"#fff","value":20.999999999999996}
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: ["json"], options: ["method"])
        let wb = Workbench.standard
        let method = try Lookup.method(a.value("method") ?? "wcag21", in: wb.contrastMethods, command: name)
        let items = try PairArguments.items(a.positionals, names: "TEXT and BACKGROUND", command: name)
        let decimals = method == "wcag21" || method == "apca" || method == "lstar" ? 2 : 4
        let stream = try ColorStream(.contrast(method: method), json: a.has("json"), decimals: decimals, workbench: wb)
        return StreamLoop.run(command: name, stream: stream, arguments: items)
    }
}

/// Two positional colors make one pair item (`A<TAB>B`); none means pairs come from standard input.
enum PairArguments {
    static func items(_ positionals: [String], names: String, command: String) throws -> [String] {
        switch positionals.count {
        case 0: return []
        case 2: return [positionals[0] + "\t" + positionals[1]]
        default:
            throw UsageError("needs \(names) (two colors), or none to read TAB-separated pairs from standard input; got \(positionals.count) (huebench \(command))")
        }
    }
}
