import Testing
@testable import Palettes

/// ColorTokensKit 3.x semantic tokens (issue 4) in both modes and both contrast levels.
@Suite struct ThemeTests {
    static let table: [(String, Int, Int, Double)] = [
        ("foregroundPrimary", 1000, 50, 1), ("foregroundSecondary", 800, 200, 1), ("foregroundTertiary", 700, 300, 1),
        ("invertedForegroundPrimary", 50, 1000, 1), ("invertedForegroundSecondary", 150, 800, 1),
        ("invertedForegroundTertiary", 250, 700, 1), ("backgroundPrimary", 50, 1000, 1),
        ("backgroundSecondary", 100, 800, 1), ("backgroundTertiary", 200, 700, 1),
        ("surfacePrimary", 200, 700, 0.5), ("surfaceSecondary", 200, 700, 0.3), ("surfaceTertiary", 200, 700, 0.1),
        ("invertedSurfacePrimary", 400, 600, 0.4), ("invertedSurfaceSecondary", 400, 600, 0.2),
        ("invertedBackgroundPrimary", 900, 50, 1), ("invertedBackgroundSecondary", 800, 150, 1),
        ("invertedBackgroundTertiary", 650, 250, 1), ("outlinePrimary", 600, 350, 1),
        ("outlineSecondary", 200, 800, 1), ("outlineTertiary", 100, 900, 1),
    ]
    let theme = try! Theme(family: Family.builtins[6])

    @Test func twentyTokensStandardContrast() throws {
        #expect(SemanticToken.all.map(\.id) == Self.table.map(\.0))
        for (id, light, dark, opacity) in Self.table {
            let l = try theme.resolve(id, mode: .light), d = try theme.resolve(id, mode: .dark)
            #expect(l.stop.value == light && d.stop.value == dark, "\(id)")
            #expect(l.color.alpha == opacity && d.color.alpha == opacity)
            #expect(l.color.srgb == Palette.standard.color("orange", l.stop)!.srgb)
        }
        #expect(try theme.resolve("foregroundSecondary", mode: .light).color.css == "#6e3612")
    }

    /// Increase Contrast: text and borders two stops further from their background, clamped.
    @Test func increaseContrast() throws {
        func stops(_ id: String) throws -> (Int, Int) {
            (try theme.resolve(id, mode: .light, contrast: .high).stop.value!,
             try theme.resolve(id, mode: .dark, contrast: .high).stop.value!)
        }
        #expect(try stops("foregroundSecondary") == (900, 100))   // the example
        #expect(try stops("foregroundPrimary") == (1000, 50))     // clamped at both ends
        #expect(try stops("foregroundTertiary") == (800, 200))
        #expect(try stops("invertedForegroundPrimary") == (50, 1000))
        #expect(try stops("invertedForegroundSecondary") == (50, 900))
        #expect(try stops("invertedForegroundTertiary") == (150, 800))
        #expect(try stops("outlinePrimary") == (700, 250))
        #expect(try stops("outlineSecondary") == (300, 700))
        #expect(try stops("outlineTertiary") == (200, 800))
        for id in ["backgroundPrimary", "backgroundSecondary", "backgroundTertiary", "surfacePrimary",
                   "invertedSurfacePrimary", "invertedBackgroundPrimary", "invertedBackgroundTertiary"] {
            let std = (try theme.resolve(id, mode: .light).stop.value!, try theme.resolve(id, mode: .dark).stop.value!)
            #expect(try stops(id) == std, "\(id) does not move")
        }
    }

    /// Increase Contrast never lowers a text or border token's contrast with the primary background.
    @Test func increaseContrastRaisesContrast() throws {
        let wb = PaletteWorkbench.standard.core
        for mode in Mode.allCases {
            let bg = try theme.resolve("backgroundPrimary", mode: mode).color.color
            for id in ["foregroundPrimary", "foregroundSecondary", "foregroundTertiary", "outlinePrimary", "outlineSecondary", "outlineTertiary"] {
                let std = try wb.contrast(text: theme.resolve(id, mode: mode).color.color, background: bg)
                let high = try wb.contrast(text: theme.resolve(id, mode: mode, contrast: .high).color.color, background: bg)
                #expect(high >= std, "\(id) \(mode)")
            }
        }
    }

    @Test func unknownTokenListsKnown() {
        let e = #expect(throws: PalettesError.self) { try theme.resolve("foreground", mode: .light) }
        #expect(e.map { "\($0)" }?.contains("known: foregroundPrimary, foregroundSecondary") == true)
    }

    @Test func translucentTokensComposite() throws {
        let surface = try theme.resolve("surfacePrimary", mode: .light).color
        let bg = try theme.resolve("backgroundPrimary", mode: .light).color
        let painted = surface.composited(over: bg)
        #expect(painted.alpha == 1)
        let expected = surface.srgb * 0.5 + bg.srgb * 0.5
        #expect(abs(painted.srgb.x - expected.x) < 1e-12 && abs(painted.srgb.z - expected.z) < 1e-12)
    }
}
