import ColorCore
import Palettes

/// `huebench palette`: the ramps of families, `_50` … `_1000`.
enum PaletteCommand: Command {
    static let name = "palette"
    static let summary = "print color families' ramps (ColorTokensKit 3.x palette; any scale)"
    static var help: String { """
    usage: huebench palette [FAMILY…] [--scale NAME] [--format docs|hex|oklch] [--generator ID] [--anchor-stop N] [--json] [--plugins DIR] [--no-plugins]

    Prints the stops of each FAMILY (ColorTokensKit's 20, _50 … _1000, unless --scale names others); with none, all 37 built-in families (gray and 36 hues
    every 10° of OKLCH hue: pink 0, ruby 10, red 20 … rose 350). A FAMILY is a name (orange), a CSS color
    or a hue (hue:123.4). A CSS color (#00B386, 'oklch(0.56 0.21 285)', 'color(display-p3 0 0.8 0.4)') gives
    the ramp of its OKLCH hue (gray for a gray color) anchored on the color: the stop nearest in lightness
    (or --anchor-stop N) is the color exactly and its neighbours are re-shaped smoothly; the stop is reported
    on stderr.

    options:
      --format docs   #rrggbb, or color(display-p3 R G B) when the stop is outside sRGB (default)
      --format hex    #rrggbb clamped into sRGB
      --format oklch  oklch(L C H)
      --generator ID  build each family's hue with another ramp generator: uniform-lstar (default),
                      oklch-curves, contrast-targets (WCAG targets against white; the achieved ratio is shown)
      --anchor-stop N place each color given as FAMILY at stop N (a stop of the scale: 50, 100 … 1000 by default)
      \(PaletteJSON.scaleHelp)
      --json          one JSON object per line: family, stop, css, srgb (extended), oklch
    \(PluginContext.optionHelp)

    Plugin families and generators (hb.register_family, hb.register_generator) are accepted like built-ins.

    example:
      huebench palette orange --format docs
    """ }

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: PluginContext.flags.union(["json"]),
                              options: PluginContext.options.union(["format", "generator", "anchor-stop", "scale"]))
        let format = try a.choice("format", ["docs", "hex", "oklch"], default: "docs", command: name)
        let plugins = try PluginContext.load(a, command: name)
        let wb = plugins.palettes
        let scale = try PaletteJSON.scale(a, command: name)
        var families = a.positionals.isEmpty ? wb.families.all.map { f in scale.map { f.on($0) } ?? f }
            : try plugins.families(a.positionals, command: name, scale: scale)
        if let g = a.value("generator") {
            guard wb.generators.contains(g) else {
                throw UsageError("--generator '\(g)' is not one of \(wb.generators.ids.joined(separator: ", "))\(Suggest.phrase(g, among: wb.generators.ids)) (huebench palette)")
            }
            families = try families.map { f in
                guard let h = f.hue else {
                    throw UsageError("family '\(f.id)' has no hue to build with --generator \(g); name a hued family (huebench palette)")
                }
                return Family(id: f.id, name: f.name, hue: h, generator: g, seed: f.seed, anchor: f.anchor, scale: f.scale)
            }
        }
        if let text = a.value("anchor-stop") {
            let s = scale ?? .ctk
            guard let stop = try? Stop(parsing: text), s.contains(stop) else {
                throw UsageError("--anchor-stop '\(text)' is not a stop of scale '\(s.id)'; give one of \(s.stopList) (huebench palette)")
            }
            guard families.contains(where: { $0.anchor != nil }) else {
                throw UsageError("--anchor-stop needs a color to anchor; give one as FAMILY, e.g. huebench palette '#00B386' --anchor-stop \(stop.label) (huebench palette)")
            }
            families = families.map { f in
                var f = f
                f.anchor?.stop = stop
                return f
            }
        }
        for f in families where f.anchor != nil {
            if let stop = try wb.anchorStop(for: f) {
                Output.error("huebench palette: \(f.id): \(f.anchor!.color.css) anchored at \(stop.name)\(f.anchor!.stop == nil ? " (nearest lightness)" : "")")
            }
        }
        let functions = ColorFunctions(workbench: wb)
        let width = (families.map { $0.id.count }.max() ?? 4) + 2
        for f in families {
            let ramp = try functions.ramp(for: f)
            let achieved = f.generator == ContrastTargets.id ? try ContrastTargets.report(ramp, spec: f.spec) : nil
            for (i, stop) in f.scale.stops.enumerated() {
                let c = ramp[i]
                let report = achieved?[i]
                if a.has("json") {
                    let extra = report.map { ",\"target\":\(jsonNumber($0.target)),\"achieved\":\(jsonNumber($0.achieved))" } ?? ""
                    Output.line("{\"family\":\(jsonString(f.id)),\"stop\":\(jsonString(stop.name)),\(PaletteJSON.colorFields(c))\(extra)}")
                } else {
                    let value = format == "hex" ? c.hex : format == "oklch" ? PaletteJSON.oklchText(c) : c.css
                    let note = report.map { "  (contrast \(AuditCommand.fmt($0.achieved)) \($0.achieved >= $0.target ? "≥" : "<") target \(AuditCommand.fmt($0.target)))" } ?? ""
                    Output.line(PaletteJSON.pad(f.id, width) + PaletteJSON.pad(stop.name, 7) + value + note)
                }
            }
        }
        return ExitStatus.ok
    }
}
