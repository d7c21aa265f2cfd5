/// Light or dark appearance.
public enum Mode: String, Sendable, CaseIterable, Hashable {
    case light, dark
}

/// The system's contrast setting: `high` is iOS's Increase Contrast.
public enum ContrastLevel: String, Sendable, CaseIterable, Hashable {
    case standard, high
}

/// A semantic token: a stop per appearance, an opacity and a role.
///
/// A token without `family` is applied to every family it is resolved for (ColorTokensKit's 20 tokens); an
/// app-level token names its family (`textError` from `danger`). Explicit `lightHigh`/`darkHigh` stops replace
/// the role's Increase Contrast rule.
public struct SemanticToken: Sendable, Hashable {
    /// What the token paints; decides how Increase Contrast moves it.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// Text on the regular backgrounds.
        case text
        /// Text on the inverted backgrounds.
        case invertedText
        /// Borders and separators on the regular backgrounds.
        case border
        case background, invertedBackground, surface, invertedSurface
        /// A filled area (a button): Increase Contrast moves it away from the page background.
        case fill
        /// A color that never moves (a brand mark, text on a fill that must keep its pair).
        case fixed
    }

    public let id: String
    public let light: Stop
    public let dark: Stop
    /// The stops under Increase Contrast; nil follows the role's rule.
    public let lightHigh: Stop?
    public let darkHigh: Stop?
    public let opacity: Double
    public let role: Role
    /// The family the token takes its colors from; nil: the family it is resolved for.
    public let family: String?
    /// The scale its stops are written in: a family on another scale reads each stop as the stop nearest its
    /// target L\* (ColorTokensKit's tokens on a Tailwind family). nil: the family's own scale, which must have
    /// the stops.
    public let scale: Scale?
    /// Stops moved away from the page background after the stop is chosen (an interaction state: light mode
    /// darker, dark mode lighter), clamped at the scale's ends.
    public let shift: Int
    /// For an interaction state made by `withStates`: the token it was derived from and the state's name
    /// (`fillBrandHover`: `fillBrand`, `hover`).
    public let stateOf: (token: String, state: String)?

    public init(_ id: String, light: Stop, dark: Stop, lightHigh: Stop? = nil, darkHigh: Stop? = nil,
                opacity: Double = 1, role: Role, family: String? = nil, scale: Scale? = nil, shift: Int = 0,
                stateOf: (token: String, state: String)? = nil) {
        self.id = id; self.light = light; self.dark = dark; self.lightHigh = lightHigh; self.darkHigh = darkHigh
        self.opacity = opacity; self.role = role; self.family = family; self.scale = scale; self.shift = shift
        self.stateOf = stateOf
    }

    public static func == (a: SemanticToken, b: SemanticToken) -> Bool {
        a.id == b.id && a.light == b.light && a.dark == b.dark && a.lightHigh == b.lightHigh && a.darkHigh == b.darkHigh
            && a.opacity == b.opacity && a.role == b.role && a.family == b.family && a.scale == b.scale && a.shift == b.shift
            && a.stateOf?.token == b.stateOf?.token && a.stateOf?.state == b.stateOf?.state
    }

    public func hash(into h: inout Hasher) {
        h.combine(id); h.combine(light); h.combine(dark); h.combine(lightHigh); h.combine(darkHigh); h.combine(opacity)
        h.combine(role); h.combine(family); h.combine(scale); h.combine(shift); h.combine(stateOf?.token); h.combine(stateOf?.state)
    }

    /// How many stops Increase Contrast moves this token: text and borders go two stops further from their
    /// background (regular text and borders: darker in light mode, lighter in dark mode; inverted text sits
    /// on the inverted background, so it moves the other way); fills move two stops away from the page
    /// background the same way. Backgrounds, surfaces and `fixed` do not move.
    public static let increaseContrastSteps = 2

    /// The stop for a mode and contrast level in a family's scale, clamped at the scale's ends: the mode's stop
    /// (or the explicit high-contrast one), read in `scale` (see `SemanticToken.scale`), moved by `shift`, then
    /// by the role's Increase Contrast rule. Throws `PalettesError.stopNotInScale` for a stop the scale lacks.
    public func stop(mode: Mode, contrast: ContrastLevel, in scale: Scale = .ctk) throws -> Stop {
        let explicit = contrast == .high ? (mode == .light ? lightHigh : darkHigh) : nil
        let written = explicit ?? (mode == .light ? light : dark)
        let which = explicit == nil ? (mode == .light ? "light" : "dark") : (mode == .light ? "light_high" : "dark_high")
        var stop: Stop
        do { stop = try scale.translate(written, from: self.scale ?? scale) } catch let e as PalettesError {
            if case let .stopNotInScale(s, sc, list, _) = e {
                throw PalettesError.stopNotInScale(stop: s, scale: sc, stops: list, context: "token '\(id)' (\(which))")
            }
            throw e
        }
        if shift != 0 { stop = scale.offset(stop, by: mode == .light ? shift : -shift) }
        guard contrast == .high, explicit == nil else { return stop }
        let away: Int  // +1 = darker
        switch role {
        case .text, .border, .fill: away = mode == .light ? 1 : -1
        case .invertedText: away = mode == .light ? -1 : 1
        default: return stop
        }
        return scale.offset(stop, by: away * SemanticToken.increaseContrastSteps)
    }

    /// This token applied to a family (app-level tokens keep their own).
    public func family(or fallback: String) -> String { family ?? fallback }

    /// ColorTokensKit's 20 tokens, in its order.
    public static let all: [SemanticToken] = [
        .init("foregroundPrimary", light: .s1000, dark: .s50, role: .text, scale: .ctk),
        .init("foregroundSecondary", light: .s800, dark: .s200, role: .text, scale: .ctk),
        .init("foregroundTertiary", light: .s700, dark: .s300, role: .text, scale: .ctk),
        .init("invertedForegroundPrimary", light: .s50, dark: .s1000, role: .invertedText, scale: .ctk),
        .init("invertedForegroundSecondary", light: .s150, dark: .s800, role: .invertedText, scale: .ctk),
        .init("invertedForegroundTertiary", light: .s250, dark: .s700, role: .invertedText, scale: .ctk),
        .init("backgroundPrimary", light: .s50, dark: .s1000, role: .background, scale: .ctk),
        .init("backgroundSecondary", light: .s100, dark: .s800, role: .background, scale: .ctk),
        .init("backgroundTertiary", light: .s200, dark: .s700, role: .background, scale: .ctk),
        .init("surfacePrimary", light: .s200, dark: .s700, opacity: 0.5, role: .surface, scale: .ctk),
        .init("surfaceSecondary", light: .s200, dark: .s700, opacity: 0.3, role: .surface, scale: .ctk),
        .init("surfaceTertiary", light: .s200, dark: .s700, opacity: 0.1, role: .surface, scale: .ctk),
        .init("invertedSurfacePrimary", light: .s400, dark: .s600, opacity: 0.4, role: .invertedSurface, scale: .ctk),
        .init("invertedSurfaceSecondary", light: .s400, dark: .s600, opacity: 0.2, role: .invertedSurface, scale: .ctk),
        .init("invertedBackgroundPrimary", light: .s900, dark: .s50, role: .invertedBackground, scale: .ctk),
        .init("invertedBackgroundSecondary", light: .s800, dark: .s150, role: .invertedBackground, scale: .ctk),
        .init("invertedBackgroundTertiary", light: .s650, dark: .s250, role: .invertedBackground, scale: .ctk),
        .init("outlinePrimary", light: .s600, dark: .s350, role: .border, scale: .ctk),
        .init("outlineSecondary", light: .s200, dark: .s800, role: .border, scale: .ctk),
        .init("outlineTertiary", light: .s100, dark: .s900, role: .border, scale: .ctk),
    ]

    public static func named(_ id: String) throws -> SemanticToken {
        guard let t = all.first(where: { $0.id == id || $0.id.lowercased() == id.lowercased() }) else {
            throw PalettesError.unknownToken(id, known: all.map(\.id))
        }
        return t
    }
}

/// A token resolved for one family, mode and contrast level.
public struct ResolvedToken: Sendable {
    public let token: SemanticToken
    public let family: Family
    public let mode: Mode
    public let contrast: ContrastLevel
    public let stop: Stop
    /// The stop's color at the token's opacity.
    public let color: RampColor
}

/// The semantic tokens of one family: its ramp, resolved per mode and contrast level.
public struct Theme: Sendable {
    public let family: Family
    public let ramp: [RampColor]
    public let tokens: [SemanticToken]

    /// Checks that every token resolves in the family's scale (an error names the token, stop and scale).
    public init(family: Family, ramp: [RampColor], tokens: [SemanticToken] = SemanticToken.all) throws {
        precondition(ramp.count == family.scale.count, "a theme needs one color per stop of the family's scale")
        for t in tokens { for m in Mode.allCases { for l in ContrastLevel.allCases { _ = try t.stop(mode: m, contrast: l, in: family.scale) } } }
        self.family = family; self.ramp = ramp; self.tokens = tokens
    }

    /// The theme of a built-in or registered family.
    public init(family: Family, workbench: PaletteWorkbench = .standard, palette: Palette = .standard) throws {
        try self.init(family: family, ramp: try ColorFunctions(workbench: workbench, palette: palette).ramp(for: family))
    }

    public func resolve(_ token: SemanticToken, mode: Mode, contrast: ContrastLevel = .standard) throws -> ResolvedToken {
        let stop = try token.stop(mode: mode, contrast: contrast, in: family.scale)
        return ResolvedToken(token: token, family: family, mode: mode, contrast: contrast, stop: stop,
                             color: ramp[try family.scale.index(stop)].withAlpha(token.opacity))
    }

    public func resolve(_ id: String, mode: Mode, contrast: ContrastLevel = .standard) throws -> ResolvedToken {
        try resolve(try SemanticToken.named(id), mode: mode, contrast: contrast)
    }

    /// Every token for a mode and contrast level, in token order.
    public func resolveAll(mode: Mode, contrast: ContrastLevel = .standard) throws -> [ResolvedToken] {
        try tokens.map { try resolve($0, mode: mode, contrast: contrast) }
    }
}

/// An interaction state derived from a token: `steps` stops away from the page background (darker in light
/// mode, lighter in dark mode) and/or another opacity. `hover = 1, pressed = 2, disabled = {opacity = 0.38}`.
public struct TokenState: Sendable, Hashable {
    /// The state's name, appended to the token's: `hover` → `fillBrandHover`.
    public let name: String
    public let steps: Int
    public let opacity: Double?
    public init(_ name: String, steps: Int = 0, opacity: Double? = nil) {
        self.name = name; self.steps = steps; self.opacity = opacity
    }
}

extension SemanticToken {
    /// The token followed by one derived token per state (in the order given): each stop moved `steps` away
    /// from the page background in its mode (light: darker, dark: lighter) in the family's scale, explicit
    /// high-contrast stops moved the same way, the opacity replaced when the state gives one.
    public func withStates(_ states: [TokenState]) -> [SemanticToken] {
        [self] + states.map { s in
            let id = self.id + s.name.prefix(1).uppercased() + s.name.dropFirst()
            return SemanticToken(id, light: light, dark: dark, lightHigh: lightHigh, darkHigh: darkHigh,
                                 opacity: s.opacity ?? opacity, role: role, family: family, scale: scale,
                                 shift: shift + s.steps, stateOf: (self.id, s.name))
        }
    }
}
