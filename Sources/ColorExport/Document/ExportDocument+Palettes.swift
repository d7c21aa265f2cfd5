import ColorCore
import Palettes

extension ExportColor {
    /// Every form of a palette color: its extended sRGB and OKLCH as generated, Display P3 converted, the
    /// CSS Color 4 sRGB fallback, and ColorTokensKit's display string.
    public init(_ c: RampColor, workbench: Workbench = .standard) throws {
        let color = Color(.srgb, coords: c.srgb)
        let p3 = try workbench.convert(color, to: .displayP3).coordsForConversion
        let fallback = try workbench.mapGamut(color, to: .srgb, method: "css4").coordsForConversion
        self.init(srgb: c.srgb, displayP3: p3, oklch: c.oklch,
                  srgbFallback: fallback.clamped(lowerBound: .zero, upperBound: .one), display: c.css)
    }
}

extension ExportDocument {
    /// The document of a set of palette families: their 20 stops, the 20 semantic tokens of each family in
    /// the four appearances, and (with a policy) the audit of those tokens.
    ///
    /// - Complexity: O(families × stops) color conversions plus the audit (run on all cores).
    public static func fromPalette(families: [Family], policy: Policy? = nil, tokens: [SemanticToken] = SemanticToken.all,
                                   workbench: PaletteWorkbench = .standard, name: String = "huebench",
                                   build: BuildInfo) throws -> ExportDocument {
        let palette = try workbench.palette(families)
        var exportFamilies: [ExportFamily] = []
        var sets: [ExportTokenSet] = []
        for f in families {
            guard let ramp = palette.ramp(f.id) else { continue }
            let (family, set) = try entries(f, ramp: ramp, tokens: tokens, core: workbench.core)
            exportFamilies.append(family)
            sets.append(set)
        }
        var audit: ExportAudit? = nil
        if let policy {
            let report = try Audit.run(policy, families: families, workbench: workbench, palette: palette)
            audit = ExportAudit(policy: policy.id, checks: report.checks.map { c in
                ExportAuditCheck(
                    family: c.family, foreground: c.foreground.token.id, background: c.background.token.id,
                    variant: TokenVariant(c.mode == .light ? .light : .dark, c.contrast == .standard ? .standard : .high),
                    method: c.method + (c.simulation.map { " (\($0.rawValue))" } ?? ""),
                    target: c.target, achieved: c.achieved, passed: c.passed)
            })
        }
        return ExportDocument(name: name, families: exportFamilies, tokenSets: sets, audit: audit, build: build)
    }
}

extension ExportDocument {
    /// One family's export entries: its 20 stops, and each token resolved (family, stop, opacity) in the four
    /// appearances (light/dark × standard/high contrast). Shared by the built-in palette and script palettes.
    public static func entries(_ f: Family, ramp: [RampColor], tokens: [SemanticToken],
                               core: Workbench) throws -> (ExportFamily, ExportTokenSet) {
        let stops = try zip(Stop.all, ramp).map { stop, c in
            ExportStop(name: String(stop.value), color: try ExportColor(c, workbench: core))
        }
        let theme = Theme(family: f, ramp: ramp, tokens: tokens)
        func value(_ t: SemanticToken, _ m: Mode, _ l: ContrastLevel) -> TokenValue {
            TokenValue(ColorReference(family: f.id, stop: String(theme.resolve(t, mode: m, contrast: l).stop.value)),
                       opacity: t.opacity)
        }
        let set = ExportTokenSet(family: f.id, tokens: tokens.map { t in
            ExportToken(name: t.id, light: value(t, .light, .standard), dark: value(t, .dark, .standard),
                        lightHigh: value(t, .light, .high), darkHigh: value(t, .dark, .high))
        })
        return (ExportFamily(name: f.id, hue: f.hue ?? .nan, stops: stops), set)
    }
}
