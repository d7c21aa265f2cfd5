import ColorCore

/// Everything an exporter needs, as plain values: ordered families of stops, semantic tokens per mode and
/// contrast level, an optional audit summary and how the build was made.
///
/// Exporters read only this value (never the palette engine or the Lua host), so a palette from any source —
/// the built-in ColorTokensKit palette, a Lua script, a test — exports the same way. Order is meaningful:
/// every exporter writes families, stops and tokens in the order given here, which keeps output deterministic.
public struct ExportDocument: Sendable, Equatable {
    /// A short name for the palette (`huebench`), used in file headers and the report title.
    public var name: String
    public var families: [ExportFamily]
    /// Token sets, one per family that has semantic tokens (in family order).
    public var tokenSets: [ExportTokenSet]
    public var audit: ExportAudit?
    public var build: BuildInfo

    public init(name: String, families: [ExportFamily], tokenSets: [ExportTokenSet] = [],
                audit: ExportAudit? = nil, build: BuildInfo) {
        self.name = name; self.families = families; self.tokenSets = tokenSets; self.audit = audit; self.build = build
    }

    /// The family with this name, or nil.
    public func family(_ name: String) -> ExportFamily? { families.first { $0.name == name } }

    /// The color a reference points at, or nil when the family or stop does not exist.
    public func color(_ ref: ColorReference) -> ExportColor? {
        family(ref.family)?.stops.first { $0.name == ref.stop }?.color
    }

    /// Checks that every token reference resolves and names are unique; exporters call this first.
    public func validate() throws {
        var seen = Set<String>()
        for f in families {
            guard seen.insert(f.name).inserted else { throw ColorExportError.invalidDocument("family '\(f.name)' appears twice") }
            var stops = Set<String>()
            for s in f.stops where !stops.insert(s.name).inserted {
                throw ColorExportError.invalidDocument("stop '\(s.name)' appears twice in family '\(f.name)'")
            }
        }
        for set in tokenSets {
            for t in set.tokens {
                for v in TokenVariant.all {
                    let r = t.value(v).reference
                    guard color(r) != nil else {
                        throw ColorExportError.invalidDocument(
                            "token '\(set.family).\(t.name)' (\(v.id)) refers to \(r.family) \(r.stop), which is not in the document")
                    }
                }
            }
        }
        // An audit reports only on what is written: every measured token value is the exported one.
        for c in audit?.checks ?? [] {
            for (name, value) in [(c.foreground, c.foregroundValue), (c.background, c.backgroundValue)] {
                guard let value else { continue }
                let written = tokenSets.first { $0.family == c.family }?.tokens.first { $0.name == name }?.value(c.variant)
                guard written == value else {
                    throw ColorExportError.invalidDocument(
                        "the audit measured '\(c.family).\(name)' (\(c.variant.id)) as \(value.reference.family) \(value.reference.stop), but the document writes \(written.map { "\($0.reference.family) \($0.reference.stop)" } ?? "no such token")")
                }
            }
        }
    }
}

/// One family: a named ramp of stops, lightest first.
public struct ExportFamily: Sendable, Equatable {
    /// The family's name as users write it (`orange`, `gray`).
    public var name: String
    /// The OKLCH hue the family was built from (NaN for gray or unknown).
    public var hue: Double
    public var stops: [ExportStop]
    public init(name: String, hue: Double = .nan, stops: [ExportStop]) {
        self.name = name; self.hue = hue; self.stops = stops
    }
    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && (a.hue == b.hue || (a.hue.isNaN && b.hue.isNaN)) && a.stops == b.stops
    }
}

/// One stop of a family: its name (`450`, as in `_450`) and its color.
public struct ExportStop: Sendable, Equatable {
    /// The stop's number without the underscore: `50`, `100` … `1000`.
    public var name: String
    public var color: ExportColor
    public init(name: String, color: ExportColor) { self.name = name; self.color = color }
}

/// A color in every form an exporter writes.
///
/// - `srgb`: extended sRGB (gamma-encoded, may leave 0…1 for wide colors);
/// - `displayP3`: gamma-encoded Display P3 (in 0…1 for every palette color);
/// - `oklch`: L 0…1, C, H in degrees (H is NaN when the hue is powerless);
/// - `srgbFallback`: the color mapped into sRGB with the CSS Color 4 algorithm (in 0…1);
/// - `display`: the palette's display form (`#rrggbb` or `color(display-p3 r g b)`).
public struct ExportColor: Sendable, Equatable {
    public var srgb: SIMD3<Double>
    public var displayP3: SIMD3<Double>
    public var oklch: SIMD3<Double>
    public var srgbFallback: SIMD3<Double>
    public var display: String

    public init(srgb: SIMD3<Double>, displayP3: SIMD3<Double>, oklch: SIMD3<Double>, srgbFallback: SIMD3<Double>, display: String) {
        self.srgb = srgb; self.displayP3 = displayP3; self.oklch = oklch; self.srgbFallback = srgbFallback; self.display = display
    }

    /// Builds every form from one color with the workbench's conversions and CSS Color 4 gamut mapping.
    ///
    /// `display`: the palette's own display string; nil computes the ColorTokensKit form (`#rrggbb` when every
    /// channel rounds into 0…255, else `color(display-p3 …)` with 4 decimals, trailing zeros stripped).
    public init(_ color: Color, display: String? = nil, workbench: Workbench = .standard) throws {
        let s = try workbench.convert(color, to: .srgb).coordsForConversion
        let p = try workbench.convert(color, to: .displayP3).coordsForConversion
        let o = try workbench.convert(color, to: .oklch).coords
        let fb = try workbench.mapGamut(color, to: .srgb, method: "css4").coordsForConversion
        self.init(srgb: s, displayP3: p, oklch: o,
                  srgbFallback: fb.clamped(lowerBound: .zero, upperBound: .one),
                  display: display ?? ExportColor.displayForm(srgb: s, displayP3: p))
    }

    /// Whether the extended sRGB channels all round into 0…255 (the color is shown as hex, not as P3).
    public var isInSRGB: Bool {
        (0..<3).allSatisfy { let v = (srgb[$0] * 255).rounded(); return v >= 0 && v <= 255 }
    }

    /// The 8-bit sRGB bytes of the fallback (gamut-mapped) color.
    public var srgbBytes: (UInt8, UInt8, UInt8) {
        let source = isInSRGB ? srgb : srgbFallback
        func b(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return (b(source.x), b(source.y), b(source.z))
    }

    /// `#rrggbb` of the 8-bit sRGB bytes (lowercase).
    public var hex: String {
        let (r, g, b) = srgbBytes
        return "#" + Fmt.hex2(r) + Fmt.hex2(g) + Fmt.hex2(b)
    }

    /// ColorTokensKit's display form.
    public static func displayForm(srgb s: SIMD3<Double>, displayP3 p: SIMD3<Double>) -> String {
        let bytes = (0..<3).map { (s[$0] * 255).rounded() }
        if bytes.allSatisfy({ $0 >= 0 && $0 <= 255 }) {
            return "#" + bytes.map { Fmt.hex2(UInt8($0)) }.joined()
        }
        return "color(display-p3 \(Fmt.trimmed(p.x, 4)) \(Fmt.trimmed(p.y, 4)) \(Fmt.trimmed(p.z, 4)))"
    }
}

/// A reference to a palette stop: family and stop name.
public struct ColorReference: Sendable, Equatable, Hashable {
    public var family: String
    public var stop: String
    public init(family: String, stop: String) { self.family = family; self.stop = stop }
}

/// Light or dark appearance.
public enum TokenMode: String, Sendable, CaseIterable { case light, dark }
/// Standard or increased contrast (Increase Contrast, `prefers-contrast: more`).
public enum TokenContrast: String, Sendable, CaseIterable { case standard, high }

/// One of the four appearances a token has a value for.
public struct TokenVariant: Sendable, Hashable {
    public var mode: TokenMode
    public var contrast: TokenContrast
    public init(_ mode: TokenMode, _ contrast: TokenContrast) { self.mode = mode; self.contrast = contrast }
    /// `light`, `dark`, `light-high-contrast`, `dark-high-contrast`.
    public var id: String { contrast == .standard ? mode.rawValue : mode.rawValue + "-high-contrast" }
    /// In a fixed order: light, dark, light high contrast, dark high contrast.
    public static let all: [TokenVariant] = [.init(.light, .standard), .init(.dark, .standard), .init(.light, .high), .init(.dark, .high)]
}

/// A token's value in one appearance: a stop and an opacity (1 = opaque).
public struct TokenValue: Sendable, Equatable {
    public var reference: ColorReference
    public var opacity: Double
    public init(_ reference: ColorReference, opacity: Double = 1) { self.reference = reference; self.opacity = opacity }
}

/// A semantic token (`foregroundPrimary`) with its value in the four appearances.
public struct ExportToken: Sendable, Equatable {
    public var name: String
    public var light: TokenValue
    public var dark: TokenValue
    public var lightHigh: TokenValue
    public var darkHigh: TokenValue
    /// What the token paints (`text`, `invertedText`, `border`, `background`, `fill`, `fixed`…; nil: unknown):
    /// the report previews each token on the background it is meant for.
    public var role: String?
    /// For an interaction state: the token it was derived from (`fillBrand` for `fillBrandHover`) and the state.
    public var stateOf: String?
    public var state: String?
    public init(name: String, light: TokenValue, dark: TokenValue, lightHigh: TokenValue? = nil, darkHigh: TokenValue? = nil,
                role: String? = nil, stateOf: String? = nil, state: String? = nil) {
        self.name = name; self.light = light; self.dark = dark
        self.lightHigh = lightHigh ?? light; self.darkHigh = darkHigh ?? dark
        self.role = role; self.stateOf = stateOf; self.state = state
    }
    public func value(_ v: TokenVariant) -> TokenValue {
        switch (v.mode, v.contrast) {
        case (.light, .standard): light
        case (.dark, .standard): dark
        case (.light, .high): lightHigh
        case (.dark, .high): darkHigh
        }
    }
    /// Whether high contrast changes anything.
    public var hasHighContrastVariant: Bool { lightHigh != light || darkHigh != dark }
}

/// The semantic tokens of one family, or the app-level tokens (`isApp`: each names its own family), in a fixed
/// order.
public struct ExportTokenSet: Sendable, Equatable {
    /// The family's name, or the app-level set's name (`app`) used in messages and the audit.
    public var family: String
    public var tokens: [ExportToken]
    /// App-level tokens are written without a family part: `--hb-text-error`, `textError`, `hb_text_error`.
    public var isApp: Bool
    public init(family: String, tokens: [ExportToken], isApp: Bool = false) {
        self.family = family; self.tokens = tokens; self.isApp = isApp
    }
    /// The family part of generated names: the family, or empty for app-level tokens.
    public var namePart: String { isApp ? "" : family }
}

/// The result of a policy audit, summarized for export.
public struct ExportAudit: Sendable, Equatable {
    public var policy: String
    public var checks: [ExportAuditCheck]
    public init(policy: String, checks: [ExportAuditCheck]) { self.policy = policy; self.checks = checks }
    public var failures: [ExportAuditCheck] { checks.filter { !$0.passed } }
    public var passed: Bool { failures.isEmpty }
}

/// One audit check: a foreground token on a background token in one token set and appearance.
public struct ExportAuditCheck: Sendable, Equatable {
    /// The token set: a family id, or the app-level set's name.
    public var family: String
    public var foreground: String
    public var background: String
    public var variant: TokenVariant
    /// The contrast method id (`wcag21`, `apca`).
    public var method: String
    public var target: Double
    public var achieved: Double
    public var passed: Bool
    /// The values the audit measured (family, stop, opacity); nil for checks that are not token pairs (a
    /// policy's check function). `ExportDocument.validate` requires them to equal the document's token values.
    public var foregroundValue: TokenValue?
    public var backgroundValue: TokenValue?
    public init(family: String, foreground: String, background: String, variant: TokenVariant, method: String,
                target: Double, achieved: Double, passed: Bool, foregroundValue: TokenValue? = nil,
                backgroundValue: TokenValue? = nil) {
        self.family = family; self.foreground = foreground; self.background = background; self.variant = variant
        self.method = method; self.target = target; self.achieved = achieved; self.passed = passed
        self.foregroundValue = foregroundValue; self.backgroundValue = backgroundValue
    }
    public var margin: Double { abs(achieved) - target }
}

/// How a document was built (written into headers and the report; never a timestamp, so output is reproducible).
public struct BuildInfo: Sendable, Equatable {
    /// `huebench 0.1.0`.
    public var generator: String
    public var version: String
    /// What the palette came from: `built-in ColorTokensKit 3.x palette` or a script path.
    public var source: String
    /// The command line that produced it (for the report), e.g. `huebench build --family orange`.
    public var command: String
    public init(generator: String = "huebench", version: String, source: String, command: String) {
        self.generator = generator; self.version = version; self.source = source; self.command = command
    }
}
