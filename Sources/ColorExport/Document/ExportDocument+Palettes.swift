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

extension TokenVariant {
    /// The appearance of a palette mode and contrast level.
    public static func of(_ mode: Mode, _ contrast: ContrastLevel) -> TokenVariant {
        TokenVariant(mode == .light ? TokenMode.light : TokenMode.dark, contrast == .standard ? TokenContrast.standard : TokenContrast.high)
    }
}

extension TokenValue {
    /// The value of a resolved token: its family, stop and opacity.
    public init(_ r: ResolvedToken) {
        self.init(ColorReference(family: r.family.id, stop: r.stop.label), opacity: r.token.opacity)
    }
}

extension ExportAudit {
    /// An audit report as a document carries it: token checks with the values they measured, then the
    /// policy's check findings (method `check`, the rule as foreground and the message as background).
    public init(_ report: AuditReport) {
        var checks = report.checks.map { c in
            ExportAuditCheck(
                family: c.family, foreground: c.foreground.token.id, background: c.background.token.id,
                variant: TokenVariant.of(c.mode, c.contrast),
                method: c.method + (c.simulation.map { " (\($0.rawValue))" } ?? ""),
                target: c.target, achieved: c.achieved, passed: c.passed,
                foregroundValue: TokenValue(c.foreground), backgroundValue: TokenValue(c.background))
        }
        checks += report.findings.map { f in
            ExportAuditCheck(family: f.family, foreground: f.rule, background: f.message,
                             variant: TokenVariant(TokenMode.light, TokenContrast.standard), method: "check",
                             target: f.target ?? 1, achieved: f.value ?? (f.passed ? 1 : 0), passed: f.passed)
        }
        self.init(policy: report.policy.id, checks: checks)
    }
}

extension ExportDocument {
    /// The document of a design system: every family's stops, each token set resolved in the four appearances
    /// (the values the audit reads), and the audit report when given.
    /// - Complexity: O(families × stops) color conversions.
    public init(system: DesignSystem, audit: AuditReport? = nil, name: String = "huebench", core: Workbench = .standard,
                build: BuildInfo) throws {
        var families: [ExportFamily] = []
        for f in system.palette.families {
            let stops = try zip(f.scale.stops, system.palette.ramp(f.id)!).map { stop, c in
                ExportStop(name: stop.label, color: try ExportColor(c, workbench: core))
            }
            families.append(ExportFamily(name: f.id, hue: f.hue ?? .nan, stops: stops))
        }
        let sets = system.tokenSets.map { set in
            ExportTokenSet(family: set.name, tokens: set.tokens.map { t in
                func v(_ m: Mode, _ l: ContrastLevel) -> TokenValue { TokenValue(system.resolve(t, in: set, mode: m, contrast: l)) }
                return ExportToken(name: t.id, light: v(.light, .standard), dark: v(.dark, .standard),
                                   lightHigh: v(.light, .high), darkHigh: v(.dark, .high), role: t.role.rawValue,
                                   stateOf: t.stateOf?.token, state: t.stateOf?.state)
            }, isApp: set.family == nil)
        }
        self.init(name: name, families: families, tokenSets: sets, audit: audit.map(ExportAudit.init), build: build)
    }

    /// The document of a set of palette families: their stops, the tokens of each family in the four
    /// appearances, and (with a policy) the audit of those same tokens.
    ///
    /// - Complexity: O(families × stops) color conversions plus the audit (run on all cores).
    public static func fromPalette(families: [Family], policy: Policy? = nil, tokens: [SemanticToken] = SemanticToken.all,
                                   workbench: PaletteWorkbench = .standard, name: String = "huebench",
                                   build: BuildInfo) throws -> ExportDocument {
        let system = try DesignSystem.generate(families, tokens: tokens, workbench: workbench)
        let audit = try policy.map { try Audit.run($0, system: system, core: workbench.core) }
        return try ExportDocument(system: system, audit: audit, name: name, core: workbench.core, build: build)
    }
}

extension ExportDocument {
    /// One family's export entries: its stops, and each token resolved (family, stop, opacity) in the four
    /// appearances (light/dark × standard/high contrast).
    public static func entries(_ f: Family, ramp: [RampColor], tokens: [SemanticToken],
                               core: Workbench) throws -> (ExportFamily, ExportTokenSet) {
        let system = try DesignSystem(palette: Palette(families: [f], ramps: [f.id: ramp]), tokens: tokens)
        let doc = try ExportDocument(system: system, core: core, build: BuildInfo(version: "", source: "", command: ""))
        return (doc.families[0], doc.tokenSets[0])
    }
}
