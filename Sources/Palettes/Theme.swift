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

    public init(_ id: String, light: Stop, dark: Stop, lightHigh: Stop? = nil, darkHigh: Stop? = nil,
                opacity: Double = 1, role: Role, family: String? = nil) {
        self.id = id; self.light = light; self.dark = dark; self.lightHigh = lightHigh; self.darkHigh = darkHigh
        self.opacity = opacity; self.role = role; self.family = family
    }

    /// How many stops Increase Contrast moves this token: text and borders go two stops further from their
    /// background (regular text and borders: darker in light mode, lighter in dark mode; inverted text sits
    /// on the inverted background, so it moves the other way); fills move two stops away from the page
    /// background the same way. Backgrounds, surfaces and `fixed` do not move.
    public static let increaseContrastSteps = 2

    /// The stop for a mode and contrast level, clamped at `_50`/`_1000`.
    public func stop(mode: Mode, contrast: ContrastLevel) -> Stop {
        let base = mode == .light ? light : dark
        guard contrast == .high else { return base }
        if let explicit = mode == .light ? lightHigh : darkHigh { return explicit }
        let away: Int  // +1 = darker
        switch role {
        case .text, .border, .fill: away = mode == .light ? 1 : -1
        case .invertedText: away = mode == .light ? -1 : 1
        default: return base
        }
        return base.offset(by: away * SemanticToken.increaseContrastSteps)
    }

    /// This token applied to a family (app-level tokens keep their own).
    public func family(or fallback: String) -> String { family ?? fallback }

    /// ColorTokensKit's 20 tokens, in its order.
    public static let all: [SemanticToken] = [
        .init("foregroundPrimary", light: .s1000, dark: .s50, role: .text),
        .init("foregroundSecondary", light: .s800, dark: .s200, role: .text),
        .init("foregroundTertiary", light: .s700, dark: .s300, role: .text),
        .init("invertedForegroundPrimary", light: .s50, dark: .s1000, role: .invertedText),
        .init("invertedForegroundSecondary", light: .s150, dark: .s800, role: .invertedText),
        .init("invertedForegroundTertiary", light: .s250, dark: .s700, role: .invertedText),
        .init("backgroundPrimary", light: .s50, dark: .s1000, role: .background),
        .init("backgroundSecondary", light: .s100, dark: .s800, role: .background),
        .init("backgroundTertiary", light: .s200, dark: .s700, role: .background),
        .init("surfacePrimary", light: .s200, dark: .s700, opacity: 0.5, role: .surface),
        .init("surfaceSecondary", light: .s200, dark: .s700, opacity: 0.3, role: .surface),
        .init("surfaceTertiary", light: .s200, dark: .s700, opacity: 0.1, role: .surface),
        .init("invertedSurfacePrimary", light: .s400, dark: .s600, opacity: 0.4, role: .invertedSurface),
        .init("invertedSurfaceSecondary", light: .s400, dark: .s600, opacity: 0.2, role: .invertedSurface),
        .init("invertedBackgroundPrimary", light: .s900, dark: .s50, role: .invertedBackground),
        .init("invertedBackgroundSecondary", light: .s800, dark: .s150, role: .invertedBackground),
        .init("invertedBackgroundTertiary", light: .s650, dark: .s250, role: .invertedBackground),
        .init("outlinePrimary", light: .s600, dark: .s350, role: .border),
        .init("outlineSecondary", light: .s200, dark: .s800, role: .border),
        .init("outlineTertiary", light: .s100, dark: .s900, role: .border),
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

    public init(family: Family, ramp: [RampColor], tokens: [SemanticToken] = SemanticToken.all) {
        precondition(ramp.count == Stop.count, "a theme needs a 20-stop ramp")
        self.family = family; self.ramp = ramp; self.tokens = tokens
    }

    /// The theme of a built-in or registered family.
    public init(family: Family, workbench: PaletteWorkbench = .standard, palette: Palette = .standard) throws {
        self.init(family: family, ramp: try ColorFunctions(workbench: workbench, palette: palette).ramp(for: family))
    }

    public func resolve(_ token: SemanticToken, mode: Mode, contrast: ContrastLevel = .standard) -> ResolvedToken {
        let stop = token.stop(mode: mode, contrast: contrast)
        return ResolvedToken(token: token, family: family, mode: mode, contrast: contrast, stop: stop,
                             color: ramp[stop.index].withAlpha(token.opacity))
    }

    public func resolve(_ id: String, mode: Mode, contrast: ContrastLevel = .standard) throws -> ResolvedToken {
        resolve(try SemanticToken.named(id), mode: mode, contrast: contrast)
    }

    /// Every token for a mode and contrast level, in token order.
    public func resolveAll(mode: Mode, contrast: ContrastLevel = .standard) -> [ResolvedToken] {
        tokens.map { resolve($0, mode: mode, contrast: contrast) }
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
    /// from the page background in its mode (light: darker, dark: lighter), explicit high-contrast stops moved
    /// the same way, the opacity replaced when the state gives one.
    public func withStates(_ states: [TokenState]) -> [SemanticToken] {
        [self] + states.map { s in
            let id = self.id + s.name.prefix(1).uppercased() + s.name.dropFirst()
            return SemanticToken(id, light: light.offset(by: s.steps), dark: dark.offset(by: -s.steps),
                                 lightHigh: lightHigh?.offset(by: s.steps), darkHigh: darkHigh?.offset(by: -s.steps),
                                 opacity: s.opacity ?? opacity, role: role, family: family)
        }
    }
}
