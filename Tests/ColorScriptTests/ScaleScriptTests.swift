import ColorScript
import Foundation
import Palettes
import Testing

/// Scales from Lua: `scale = "tailwind"` or a list of `{stop, lightness}` on families and generators; family
/// objects show their scale; every stop reference is read in the family's scale.
@Suite struct ScaleScriptTests {
    @Test func familiesOnScales() throws {
        let (s, _) = try makeState()
        let r = try s.eval("""
            local t = hb.register_family{ name = "brand", anchor = "#00B386", scale = "tailwind" }
            local c = hb.family{ name = "mine", hue = 250, generator = "uniform-lstar",
                                 scale = { name = "three", { "light", 90 }, { stop = "mid", lightness = 55 }, { "dark", 20 } } }
            local m = hb.families.orange
            return t.scale, #t.stop_names, t.stop_names[11], t:stop(950):hex() == t:stops()[11].color:hex(),
                   c.scale, c.stop_names[2], #c:stops(), c.generator, c.hue, m.scale, #m:stops(), math.floor(t.hue)
            """)
        #expect(r == ["tailwind", "11", "950", "true", "three", "mid", "3", "uniform-lstar", "250.0", "ctk", "20", "166"])
        // The Swift ramp of the same family (hb.register_family's default generator is oklch-curves), stop for stop.
        let anchor = try RampAnchor(css: "#00B386")
        let f = Family(id: "brand", hue: TokenMath.roundedHue(anchor.color.oklch.z), generator: OKLCHCurves.id,
                       parameters: ["hue": .curve(.constant(TokenMath.roundedHue(anchor.color.oklch.z)))], anchor: anchor, scale: .tailwind)
        let ramp = try PaletteWorkbench.standard.ramp(for: f)
        #expect(try s.eval("local t = hb.families.brand local out = {} for i, x in ipairs(t:stops()) do out[i] = x.color:hex() end return table.concat(out, ' ')")
                == [ramp.map(\.hex).joined(separator: " ")])
    }

    static let errors: [(String, String)] = [
        ("hb.families.orange:stop(975)",
         "family:stop: argument 1 (stop): stop 975 is not in scale 'ctk' of family 'orange' (stops 50, 100, 150, 200, …, 950, 1000)"),
        ("hb.family{name = 'r', hue = 10, scale = 'radix'}:stop(13)",
         "family:stop: argument 1 (stop): stop 13 is not in scale 'radix' of family 'r' (stops 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)"),
        ("hb.family{name = 'r', hue = 10, scale = 'radx'}",
         "hb.family: argument 1 (spec): field 'scale': scale 'radx' is not a scale (did you mean 'radix'?); use ctk, tailwind, radix, material or a list of {stop, lightness}"),
        ("hb.family{name = 'r', hue = 10, scale = { {1, 50}, {2, 60} }}",
         "hb.family: argument 1 (spec): field 'scale': scale 'custom' stops go from lightest to darkest: _2 (L* 60) must be darker than _1 (L* 50)"),
        ("hb.family{name = 'r', hue = 10, scale = 'radix', anchor = {color = '#00B386', stop = 500}}",
         "hb.family: field 'anchor': stop _500 is not in scale 'radix' (stops 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)"),
        ("hb.family{name = 'r', hue = 10, scale = 'radix', chroma = hb.curve.points{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}}",
         "hb.family: ramp generator 'oklch-curves': parameter 'chroma' has 8 values for 12 stops (scale 'radix'); give one value per stop (12) or at most 6 evenly spaced control points"),
    ]

    @Test func stopsOutsideTheScaleAreErrorsNamingStopAndScale() throws {
        let (s, _) = try makeState()
        for (code, expected) in Self.errors {
            #expect(errorOf(s, code, name: "api")?.description == "api:1: " + expected, "\(code)")
        }
    }

    /// A Lua generator gets the scale in its spec and returns one color per stop.
    @Test func luaGeneratorsSeeTheScale() throws {
        let (s, _) = try makeState()
        let r = try s.eval("""
            hb.register_generator{ name = "grays", parameters = {},
              generate = function(spec)
                local out = {}
                for i, l in ipairs(spec.scale.lightness) do out[i] = hb.lab(l, 0, 0) end
                return out
              end }
            local f = hb.family{ name = "g", generator = "grays", scale = "material" }
            return #f:stops(), f:stop(50):hex(), f:stop(100):hex()
            """)
        #expect(r == ["13", "#777777", "#ffffff"])
    }

    /// A build with a Tailwind family: ColorTokensKit's tokens read on Tailwind; a custom token naming a stop
    /// Tailwind lacks is an error naming the token, stop, scale and family.
    @Test func buildsOnScales() throws {
        let (s, _) = try makeState()
        try s.run(source: """
            local brand = hb.register_family{ name = "brand", anchor = "#00B386", scale = "tailwind" }
            hb.build{ families = { brand }, tokens = { "foregroundPrimary", "backgroundPrimary",
              { name = "fillBrand", family = "brand", light = 500, dark = 400, role = "fill", states = { hover = 1 } } } }
            """, name: "b")
        let b = try #require(s.host.buildConfig)
        #expect(b.families[0].family.scale == .tailwind && b.families[0].ramp.count == 11)
        #expect(b.appTokens.map(\.id) == ["fillBrand", "fillBrandHover"])
        let system = try DesignSystem(palette: Palette(families: [b.families[0].family], ramps: ["brand": b.families[0].ramp]),
                                      tokens: b.tokens ?? SemanticToken.all, appTokens: b.appTokens)
        let hover = system.resolve(b.appTokens[1], in: system.tokenSets.last!, mode: .light, contrast: .standard)
        #expect(hover.stop == Stop(600))
        let (s2, _) = try makeState()
        try s2.run(source: """
            local brand = hb.register_family{ name = "brand", anchor = "#00B386", scale = "tailwind" }
            hb.build{ families = { brand }, tokens = { { name = "textBrand", family = "brand", light = 1000, dark = 300 } } }
            """, name: "b")
        let b2 = try #require(s2.host.buildConfig)
        #expect(throws: PalettesError.stopNotInScale(stop: "1000", scale: "tailwind",
                                                     stops: "50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950",
                                                     context: "token 'textBrand' (light) in family 'brand'")) {
            try DesignSystem(palette: Palette(families: [b2.families[0].family], ramps: ["brand": b2.families[0].ramp]),
                             appTokens: b2.appTokens)
        }
    }
}

/// A family stop moves to the exact stop n steps away in its family's scale.
@Suite struct StopMoveTests {
    @Test func lightenAndStrengthenLandOnStops() throws {
        let (s, _) = try makeState()
        let r = try s.eval("""
            local o = hb.families.orange
            local t = hb.family{ name = "t", hue = 50, generator = "uniform-lstar", scale = "tailwind" }
            return o:stop(500):lighten(2):hex() == o:stop(400):hex(), o:stop(500):strengthen(2, "dark"):hex() == o:stop(400):hex(),
                   o:stop(500):darken(1):darken(1):hex() == o:stop(600):hex(), t:stop(500):lighten(2):hex() == t:stop(300):hex(),
                   o:stop(500):lighten(2):hex()
            """)
        #expect(r == ["true", "true", "true", "true", "#f7863f"])
    }
}
