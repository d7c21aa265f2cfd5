import Palettes

/// `huebench tokens`: a family's 20 semantic tokens for a mode and contrast level.
enum TokensCommand: Command {
    static let name = "tokens"
    static let summary = "resolve a family's semantic tokens for light/dark mode and standard/high contrast"
    static var help: String { """
    usage: huebench tokens --family FAMILY [--mode light|dark] [--contrast standard|high] [--json] [--plugins DIR]

    Prints ColorTokensKit's 20 semantic tokens (foregroundPrimary … outlineTertiary) of FAMILY: the stop each
    resolves to, its color and opacity. --contrast high is iOS's Increase Contrast: text and borders move two
    stops further from their background (clamped at _50/_1000).

    options:
      --family F      a family name, hex color or hue:DEGREES (required)
      --mode M        light (default) or dark
      --contrast C    standard (default) or high
      --json          one JSON object per line: family, token, mode, contrast, stop, opacity, css, srgb, oklch
    \(PluginContext.optionHelp)

    example:
      huebench tokens --family orange --mode dark --contrast high
    """ }

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: PluginContext.flags.union(["json"]),
                              options: PluginContext.options.union(["family", "mode", "contrast"]))
        guard let familyName = a.value("family") else {
            throw UsageError("--family is required, e.g. --family orange (huebench tokens)")
        }
        if let extra = a.positionals.first {
            throw UsageError("unexpected argument '\(extra)'; name the family with --family (huebench tokens)")
        }
        let mode = Mode(rawValue: try a.choice("mode", ["light", "dark"], default: "light", command: name))!
        let level = ContrastLevel(rawValue: try a.choice("contrast", ["standard", "high"], default: "standard", command: name))!
        let plugins = try PluginContext.load(a, command: name)
        let wb = plugins.palettes
        let family = try plugins.families([familyName], command: name)[0]
        let theme = Theme(family: family, ramp: try ColorFunctions(workbench: wb).ramp(for: family))
        let rows = theme.resolveAll(mode: mode, contrast: level)
        let width = (rows.map { $0.token.id.count }.max() ?? 10) + 2
        for r in rows {
            if a.has("json") {
                Output.line("{\"family\":\(jsonString(family.id)),\"token\":\(jsonString(r.token.id)),"
                    + "\"mode\":\(jsonString(mode.rawValue)),\"contrast\":\(jsonString(level.rawValue)),"
                    + "\"stop\":\(jsonString(r.stop.name)),\"opacity\":\(jsonNumber(r.token.opacity)),"
                    + PaletteJSON.colorFields(r.color) + "}")
            } else {
                let opacity = r.token.opacity < 1 ? " @ \(r.token.opacity)" : ""
                Output.line(PaletteJSON.pad(r.token.id, width) + PaletteJSON.pad(r.stop.name + opacity, 13) + r.color.css)
            }
        }
        return ExitStatus.ok
    }
}
