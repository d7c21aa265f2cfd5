import Foundation
import ColorCore

/// One resolution of a build's tokens: the families with their ramps, the tokens every family gets, and the
/// app-level tokens that name their own family. Exporters and the audit both read this value, so an audit
/// reports on exactly the colors a build writes (overridden, custom and cross-family tokens included).
public struct DesignSystem: Sendable {
    /// A named list of tokens resolved together: one per family (`family` set: tokens without a family of their
    /// own take this one), and the app-level set (`family` nil: every token names its family).
    public struct TokenSet: Sendable, Equatable {
        public let name: String
        public let family: String?
        public let tokens: [SemanticToken]
        public func token(_ id: String) -> SemanticToken? { tokens.first { $0.id == id } }
    }

    public let palette: Palette
    /// The tokens every family gets (default: ColorTokensKit's 20).
    public let tokens: [SemanticToken]
    /// App-level tokens, each naming its family.
    public let appTokens: [SemanticToken]
    /// The name of the app-level token set (`app`).
    public let appName: String

    /// Checks that token ids are unique in each set, every app token names a family of the palette, and opacities
    /// are in 0…1.
    public init(palette: Palette, tokens: [SemanticToken] = SemanticToken.all, appTokens: [SemanticToken] = [],
                appName: String = "app") throws {
        for (list, what) in [(tokens, "token"), (appTokens, "app token")] {
            var seen = Set<String>()
            for t in list {
                guard seen.insert(t.id).inserted else {
                    throw PalettesError.invalidToken(t.id, reason: "the \(what) appears twice; give each token one definition")
                }
                guard t.opacity.isFinite, (0...1).contains(t.opacity) else {
                    throw PalettesError.invalidToken(t.id, reason: "opacity \(t.opacity) is not in 0…1")
                }
                if let f = t.family, palette.family(f) == nil {
                    throw PalettesError.invalidToken(t.id, reason: "family '\(f)' is not in this build (families: \(palette.families.map(\.id).joined(separator: ", ")))")
                }
            }
        }
        for t in appTokens where t.family == nil {
            throw PalettesError.invalidToken(t.id, reason: "an app-level token needs family=, the family it takes its colors from")
        }
        // Every stop a token names must exist in the scale of each family it is resolved for.
        for f in palette.families {
            for t in tokens where t.family == nil || t.family == f.id { try DesignSystem.check(t, in: f) }
            for t in appTokens where t.family == f.id { try DesignSystem.check(t, in: f) }
        }
        self.palette = palette; self.tokens = tokens; self.appTokens = appTokens; self.appName = appName
    }

    static func check(_ t: SemanticToken, in f: Family) throws {
        for m in Mode.allCases {
            for l in ContrastLevel.allCases {
                do { _ = try t.stop(mode: m, contrast: l, in: f.scale) } catch let PalettesError.stopNotInScale(s, sc, list, ctx) {
                    throw PalettesError.stopNotInScale(stop: s, scale: sc, stops: list, context: "\(ctx) in family '\(f.id)'")
                }
            }
        }
    }

    /// Generates the families' ramps with the workbench, then resolves as `init(palette:…)`.
    public static func generate(_ families: [Family], tokens: [SemanticToken] = SemanticToken.all,
                                appTokens: [SemanticToken] = [], workbench: PaletteWorkbench = .standard) throws -> DesignSystem {
        try DesignSystem(palette: try workbench.palette(families), tokens: tokens, appTokens: appTokens)
    }

    /// Per family one set (in family order), then the app-level set when there are app tokens.
    public var tokenSets: [TokenSet] {
        palette.families.map { TokenSet(name: $0.id, family: $0.id, tokens: tokens) }
            + (appTokens.isEmpty ? [] : [TokenSet(name: appName, family: nil, tokens: appTokens)])
    }

    /// A token resolved in a set for one appearance: its family's stop at its opacity.
    public func resolve(_ token: SemanticToken, in set: TokenSet, mode: Mode, contrast: ContrastLevel) -> ResolvedToken {
        let familyID = token.family ?? set.family!
        let family = palette.family(familyID)!
        // Checked when the system was made (init), so every token resolves.
        guard let stop = try? token.stop(mode: mode, contrast: contrast, in: family.scale), let color = palette.color(familyID, stop) else {
            preconditionFailure("token \(token.id) does not resolve in family \(familyID)")
        }
        return ResolvedToken(token: token, family: family, mode: mode, contrast: contrast, stop: stop,
                             color: color.withAlpha(token.opacity))
    }

    /// What translucent tokens of a set are painted over: its `backgroundPrimary`, else its first background,
    /// else white (light) or black (dark).
    public func pageBackground(of set: TokenSet, mode: Mode, contrast: ContrastLevel) -> RampColor {
        if let t = set.token("backgroundPrimary") ?? set.tokens.first(where: { $0.role == .background }) {
            return resolve(t, in: set, mode: mode, contrast: contrast).color.composited(over: RampColor(srgb: mode == .light ? SIMD3(1, 1, 1) : .zero))
        }
        return RampColor(srgb: mode == .light ? SIMD3(1, 1, 1) : .zero)
    }
}
