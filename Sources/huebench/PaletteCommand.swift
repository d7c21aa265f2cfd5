import Palettes

/// `huebench palette`: the ramps of families, `_50` … `_1000`.
enum PaletteCommand: Command {
    static let name = "palette"
    static let summary = "print color families' 20-stop ramps (ColorTokensKit 3.x palette)"
    static let help = """
    usage: huebench palette [FAMILY…] [--format docs|hex|oklch] [--json]

    Prints the 20 stops (_50 … _1000) of each FAMILY; with none, all 37 built-in families (gray and 36 hues
    every 10° of OKLCH hue: pink 0, ruby 10, red 20 … rose 350). A FAMILY is a name (orange), a hex color
    (#00B386: the ramp of its OKLCH hue; a gray color gives gray) or a hue (hue:123.4).

    options:
      --format docs   #rrggbb, or color(display-p3 R G B) when the stop is outside sRGB (default)
      --format hex    #rrggbb clamped into sRGB
      --format oklch  oklch(L C H)
      --json          one JSON object per line: family, stop, css, srgb (extended), oklch

    example:
      huebench palette orange --format docs
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: ["json"], options: ["format"])
        let format = try a.choice("format", ["docs", "hex", "oklch"], default: "docs", command: name)
        let wb = PaletteWorkbench.standard
        let families = a.positionals.isEmpty ? wb.families.all
            : try PaletteJSON.families(a.positionals, workbench: wb, command: name)
        let functions = ColorFunctions(workbench: wb)
        let width = (families.map { $0.id.count }.max() ?? 4) + 2
        for f in families {
            let ramp = try functions.ramp(for: f)
            for stop in Stop.all {
                let c = ramp[stop.index]
                if a.has("json") {
                    Output.line("{\"family\":\(jsonString(f.id)),\"stop\":\(jsonString(stop.name)),\(PaletteJSON.colorFields(c))}")
                } else {
                    let value = format == "hex" ? c.hex : format == "oklch" ? PaletteJSON.oklchText(c) : c.css
                    Output.line(PaletteJSON.pad(f.id, width) + PaletteJSON.pad(stop.name, 7) + value)
                }
            }
        }
        return ExitStatus.ok
    }
}
