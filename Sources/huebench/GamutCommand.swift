import ColorCore
import ColorKernels

/// `huebench gamut --to srgb|display-p3|rec2020 [--method NAME] [COLOR…]`: map colors into a gamut.
enum GamutCommand: Command {
    static let name = "gamut"
    static let summary = "map colors into an RGB gamut (CSS Color 4 binary search, ray trace or clip)"
    static let help = """
    usage: huebench gamut --to SPACE [--method NAME] [--json] [COLOR…]

    Maps each CSS color into the gamut of SPACE and prints it in SPACE. css4 (default) is the CSS Color 4
    algorithm: a binary search on OKLCH chroma at constant lightness and hue, within ΔEOK 0.02 (JND) of a
    clipped color; raytrace (CSS Color 4 §13.2, Color.js and ColorAide's raytrace) reduces chroma by intersecting
    the ray from the gray of the same lightness with the RGB cube in linear light, four fixed passes; clip clamps
    each channel to 0…1. Colors already in gamut come back unchanged. A color whose conversion to OKLCH
    overflows (color(srgb 1e300 0 0)) has no lightness to search at: css4 reports it as an error on its row.
    With no COLOR, reads one color per line from standard input.

    options:
      --to SPACE       srgb, display-p3, rec2020 (also a98-rgb, prophoto-rgb and the linear spaces)
      --method NAME    css4 (default), raytrace or clip
      --json           one JSON object per input: {"input", "space", "coords", "alpha", "css"} or {"input", "error"}

    exit status: 0 all mapped, 1 some input failed, 2 bad usage

    example:
      $ huebench gamut --to srgb 'color(display-p3 0 1 0)' 'oklch(0.7 0.4 300)'
      srgb          0.0000000   0.9857637   0.1597424  color(srgb 0 0.985764 0.159742)
      srgb          0.7089315   0.4660752   1.0000000  color(srgb 0.708931 0.466075 1)
      $ huebench gamut --to srgb --method clip 'color(display-p3 0 1 0)'
      srgb          0.0000000   1.0000000   0.0000000  color(srgb 0 1 0)
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: ["json"], options: ["to", "method"])
        let wb = Workbench.standard
        let bounded = wb.spaces.spaces.all.filter(\.isBoundedRGB).map(\.id.rawValue)
        guard let toName = a.value("to") else {
            throw UsageError("needs --to SPACE; known: \(bounded.joined(separator: ", "))")
        }
        let target = try Lookup.space(toName, in: wb, option: "to", command: name) { $0.isBoundedRGB }
        let method = try Lookup.method(a.value("method") ?? "css4", in: wb.gamutMappers, command: name)
        let width = max(11, target.rawValue.count + 1)
        let stream = try ColorStream(.gamut(to: target, method: method), json: a.has("json"), spaceWidth: width, workbench: wb)
        return StreamLoop.run(command: name, stream: stream, arguments: a.positionals)
    }
}
