import ColorCore
import ColorKernels

/// `huebench deltae [--method 2000|76|ok] [A B]`: the color difference of two colors.
enum DeltaECommand: Command {
    static let name = "deltae"
    static let summary = "color difference ΔE of two colors (2000, 76, OK, …)"
    static let help = """
    usage: huebench deltae [--method NAME] [--gamut none|srgb|display-p3] [--json] [A B]

    Prints the color difference between A and B. 2000 (default): CIEDE2000 in CSS Lab (D50 white);
    76: CIE76 in CSS Lab; ok: Euclidean in OKLab (L 0…1, JND ≈ 0.02); also 94, cmc (l:c 2:1, A is the
    reference) and hyab, each with a Lab-D65 twin (2000-d65, 76-d65, …) for ColorAide/culori parity;
    itp (BT.2124 ΔE ITP) and jz (ΔEz in JzCzHz).
    With no colors, reads pairs from standard input: A<TAB>B per line, or LABEL<TAB>A<TAB>B (the label leads
    the row). In JSON, A is "text" and B "background" (the shared pair shape), and a label is "label".

    options:
      --method NAME   2000 (default), 76, ok, 94, cmc, hyab, 2000-d65, 76-d65, 94-d65, cmc-d65, hyab-d65,
                      itp, jz
      --gamut G       none (default: colors as they are), srgb, display-p3: map both colors into that gamut
                      first (CSS Color 4 mapping); a warning counts the inputs outside sRGB
      --json          one JSON object per pair: {"input", "text", "background", "value"} or {"input", "error"}

    exit status: 0 all computed, 1 some pair failed, 2 bad usage

    example:
      $ huebench deltae 'lab(50 2.6772 -79.7751)' 'lab(50 0 -82.7485)'
          2.0425  lab(50 2.6772 -79.7751) vs lab(50 0 -82.7485)
      $ printf 'red\\torange\\n' | huebench deltae --method ok --json
      {"input":"red\\torange","text":"red","background":"orange","value":0.23813576508719764}
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: ["json"], options: ["method", "gamut"])
        let wb = Workbench.standard
        let method = try Lookup.method(a.value("method") ?? "2000", in: wb.deltaEMethods, command: name)
        let items = try PairArguments.items(a.positionals, names: "A and B", command: name)
        let decimals = method == "ok" ? 6 : 4
        let gamut = try PairArguments.gamut(a, command: name)
        let stream = try ColorStream(.deltaE(method: method), json: a.has("json"), decimals: decimals, workbench: wb, gamut: gamut)
        let status = StreamLoop.run(command: name, stream: stream, arguments: items)
        PairArguments.warnOutside(stream, gamut: gamut, command: name)
        return status
    }
}
