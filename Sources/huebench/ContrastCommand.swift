import ColorCore
import ColorKernels

/// `huebench contrast [--method wcag21|apca] [TEXT BACKGROUND]`: contrast ratio or APCA Lc.
enum ContrastCommand: Command {
    static let name = "contrast"
    static let summary = "contrast of text on a background (WCAG 2.1 ratio, APCA Lc, …)"
    static let help = """
    usage: huebench contrast [--method NAME] [--gamut none|srgb|display-p3] [--json] [TEXT BACKGROUND]

    Prints the contrast of TEXT on BACKGROUND. wcag21 (default): the WCAG 2.1 ratio, 1…21 for colors inside
    sRGB; apca: APCA 0.0.98G-4g Lc, signed (positive = dark text on light, negative = light on dark); also
    lstar (ΔL*), weber, michelson. Translucent text is composited over the background first.
    With no colors, reads pairs from standard input: TEXT<TAB>BACKGROUND per line, or LABEL<TAB>TEXT<TAB>BACKGROUND
    (the label leads the row; JSON: "label").

    Colors outside sRGB (--gamut none, the default) are taken unclamped (extended sRGB): a WCAG ratio can then
    exceed 21, and APCA floors a screen luminance below 0 at 0 before its soft black clamp, as APCA-W3 0.1.9
    does (Color.js does not floor it and can differ by up to 8.5 Lc there). A warning on standard error gives
    the count of such inputs. --gamut srgb or display-p3 maps both colors into that gamut first (CSS Color 4
    mapping), so the value is that of colors a screen can show.

    options:
      --method NAME   wcag21 (default), apca, lstar, weber, michelson
      --gamut G       none (default), srgb, display-p3: map the inputs into that gamut before computing
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
        let a = try Arguments(args, command: name, flags: ["json"], options: ["method", "gamut"])
        let wb = Workbench.standard
        let method = try Lookup.method(a.value("method") ?? "wcag21", in: wb.contrastMethods, command: name)
        let items = try PairArguments.items(a.positionals, names: "TEXT and BACKGROUND", command: name)
        let decimals = method == "wcag21" || method == "apca" || method == "lstar" ? 2 : 4
        let gamut = try PairArguments.gamut(a, command: name)
        let stream = try ColorStream(.contrast(method: method), json: a.has("json"), decimals: decimals, workbench: wb, gamut: gamut)
        let status = StreamLoop.run(command: name, stream: stream, arguments: items)
        PairArguments.warnOutside(stream, gamut: gamut, command: name)
        return status
    }
}

/// Two positional colors make one pair item (`A<TAB>B`); none means pairs come from standard input.
enum PairArguments {
    /// `--gamut none|srgb|display-p3` (nil: none).
    static func gamut(_ a: Arguments, command: String) throws -> ColorSpaceID? {
        switch a.value("gamut") ?? "none" {
        case "none": return nil
        case "srgb": return .srgb
        case "display-p3": return .displayP3
        case let other:
            throw UsageError("--gamut '\(ColorCoreError.excerpt(other))' is not one of none, srgb, display-p3\(Suggest.phrase(other, among: ["none", "srgb", "display-p3"])) (huebench \(command))")
        }
    }

    /// The count of inputs outside sRGB, on standard error after the rows.
    static func warnOutside(_ stream: ColorStream, gamut: ColorSpaceID?, command: String) {
        let n = stream.tally.outsideSRGB
        guard n > 0 else { return }
        if let g = gamut {
            Output.error("huebench \(command): \(n) input color\(n == 1 ? " was" : "s were") outside sRGB; mapped into \(g.rawValue) first (--gamut \(g.rawValue))")
        } else if command == "contrast" {
            Output.error("huebench \(command): warning: \(n) input color\(n == 1 ? " is" : "s are") outside sRGB, taken unclamped (a WCAG ratio can exceed 21); --gamut srgb maps them first")
        }
    }

    static func items(_ positionals: [String], names: String, command: String) throws -> [String] {
        switch positionals.count {
        case 0: return []
        case 2: return [positionals[0] + "\t" + positionals[1]]
        default:
            throw UsageError("needs \(names) (two colors), or none to read TAB-separated pairs from standard input; got \(positionals.count) (huebench \(command))")
        }
    }
}
