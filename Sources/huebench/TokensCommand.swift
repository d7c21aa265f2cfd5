import ColorCore
import Foundation
import Palettes

/// `huebench tokens`: a family's 20 semantic tokens for a mode and contrast level.
enum TokensCommand: Command {
    static let name = "tokens"
    static let summary = "resolve a family's semantic tokens for light/dark mode and standard/high contrast"
    static var help: String { """
    usage: huebench tokens --family FAMILY [--scale NAME] [--mode light|dark] [--contrast standard|high] [--json] [--plugins DIR]
           huebench tokens SCRIPT.lua [--family FAMILY] [--mode …] [--contrast …] [--json]

    Prints ColorTokensKit's 20 semantic tokens (foregroundPrimary … outlineTertiary) of FAMILY: the stop each
    resolves to, its color and opacity. With SCRIPT.lua, prints exactly the tokens 'huebench build SCRIPT.lua'
    exports (custom, overridden and app-level tokens with their states; each row names its set and family);
    --family narrows it to one family's set. --contrast high is iOS's Increase Contrast: text and borders move two
    stops further from their background (clamped at _50/_1000).

    options:
      --family F      a family name, hex color or hue:DEGREES (required)
      --mode M        light (default) or dark
      --contrast C    standard (default) or high
      \(PaletteJSON.scaleHelp) (with --family)
      --json          one JSON object per line: family, token, mode, contrast, stop, opacity, css, srgb, oklch
    \(PluginContext.optionHelp)

    example:
      huebench tokens --family orange --mode dark --contrast high
    """ }

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: PluginContext.flags.union(["json"]),
                              options: PluginContext.options.union(["family", "mode", "contrast", "scale"]))
        if let script = a.positionals.first {
            guard a.positionals.count == 1, script.hasSuffix(".lua") || FileManager.default.fileExists(atPath: script) else {
                throw UsageError("unexpected argument '\(a.positionals.last!)'; give one build script (SCRIPT.lua) or name the family with --family (huebench tokens)")
            }
            guard FileManager.default.fileExists(atPath: script) else {
                throw UsageError("script '\(script)' does not exist; check the path (huebench tokens)")
            }
            return try scriptTokens(a, script: script)
        }
        guard let familyName = a.value("family") else {
            throw UsageError("--family is required, e.g. --family orange, or give a build script (huebench tokens)")
        }
        let mode = Mode(rawValue: try a.choice("mode", ["light", "dark"], default: "light", command: name))!
        let level = ContrastLevel(rawValue: try a.choice("contrast", ["standard", "high"], default: "standard", command: name))!
        let plugins = try PluginContext.load(a, command: name)
        let wb = plugins.palettes
        let family = try plugins.families([familyName], command: name, scale: try PaletteJSON.scale(a, command: name))[0]
        let theme = try Theme(family: family, ramp: try ColorFunctions(workbench: wb).ramp(for: family))
        let rows = try theme.resolveAll(mode: mode, contrast: level)
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

    /// The tokens of a build script's design system, as `huebench build SCRIPT.lua` resolves and exports them.
    static func scriptTokens(_ a: Arguments, script: String) throws -> Int32 {
        let mode = Mode(rawValue: try a.choice("mode", ["light", "dark"], default: "light", command: name))!
        let level = ContrastLevel(rawValue: try a.choice("contrast", ["standard", "high"], default: "standard", command: name))!
        let plugins = try PluginContext.load(a, command: name, forceState: true,
                                             print: { Output.errorText($0.hasSuffix("\n") ? String($0.dropLast()) : $0) })
        try plugins.state!.run(file: script)
        // The families come from the script; --family picks one set to print.
        var request = try BuildCommand.design(Arguments(["--policy", "none"], command: name, flags: [], options: ["policy"]),
                                              script: script, plugins: plugins, command: name)
        request.policy = nil
        let system = try request.system(in: plugins.workbench)
        var sets = system.tokenSets
        if let f = a.value("family") {
            sets = sets.filter { $0.name == f }
            guard !sets.isEmpty else {
                throw UsageError("--family '\(f)' is not one of the script's token sets (\(system.tokenSets.map(\.name).joined(separator: ", ")))\(Suggest.phrase(f, among: system.tokenSets.map(\.name))) (huebench tokens)")
            }
        }
        let rows = sets.flatMap { set in set.tokens.map { (set.name, system.resolve($0, in: set, mode: mode, contrast: level)) } }
        let width = (rows.map { $0.1.token.id.count }.max() ?? 10) + 2
        let setWidth = (rows.map { $0.0.count }.max() ?? 4) + 2
        for (set, r) in rows {
            if a.has("json") {
                Output.line("{\"set\":\(jsonString(set)),\"family\":\(jsonString(r.family.id)),\"token\":\(jsonString(r.token.id)),"
                    + "\"role\":\(jsonString(r.token.role.rawValue)),"
                    + "\"mode\":\(jsonString(mode.rawValue)),\"contrast\":\(jsonString(level.rawValue)),"
                    + "\"stop\":\(jsonString(r.stop.name)),\"opacity\":\(jsonNumber(r.token.opacity)),"
                    + PaletteJSON.colorFields(r.color) + "}")
            } else {
                let opacity = r.token.opacity < 1 ? " @ \(r.token.opacity)" : ""
                Output.line(PaletteJSON.pad(set, setWidth) + PaletteJSON.pad(r.token.id, width)
                    + PaletteJSON.pad(r.family.id + " " + r.stop.name + opacity, 22) + r.color.css)
            }
        }
        return ExitStatus.ok
    }
}
