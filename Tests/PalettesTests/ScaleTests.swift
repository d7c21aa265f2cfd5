import ColorCore
import Foundation
import Testing
@testable import Palettes

/// Scales: built-in stop lists and target lightness, custom scales, families on any scale, tokens and anchors
/// read in the family's scale.
@Suite struct ScaleTests {
    static let custom = try! Scale(id: "five", stops: ["subtle", "soft", "base", "strong", "ink"].map { Stop(label: $0) },
                                   lightness: [95, 80, 60, 40, 15])
    static let scales: [Scale] = [.ctk, .tailwind, .radix, .material]

    @Test func builtInScales() throws {
        #expect(Scale.ctk.stops.map(\.label) == (1...20).map { String($0 * 50) })
        #expect(Scale.ctk.lightness == UniformLStar.lightnessStar)
        #expect(Scale.tailwind.stops.map(\.label) == ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"])
        #expect(Scale.radix.stops.map(\.label) == (1...12).map(String.init))
        #expect(Scale.material.stops.map(\.label) == ["100", "99", "95", "90", "80", "70", "60", "50", "40", "30", "20", "10", "0"])
        #expect(Scale.material.lightness == [100, 99, 95, 90, 80, 70, 60, 50, 40, 30, 20, 10, 0])
        // Tailwind's neutral-500 #737373 and Radix gray-9 #8d8d8d: CIELab L* of the sRGB grays (IEC 61966-2-1
        // decoding, CIE L* = 116·Y^(1/3) − 16), computed independently: 48.4411 and 58.6355; within 1e-3.
        #expect(abs(Scale.tailwind.lightness[5] - 48.4411) < 1e-3)
        #expect(abs(Scale.radix.lightness[8] - 58.6355) < 1e-3)
        #expect(try Scale.named("Tailwind") == .tailwind)
        #expect(throws: PalettesError.invalidScale("tailwnd", reason: "is not a scale (did you mean 'tailwind'?); use ctk, tailwind, radix, material")) {
            try Scale.named("tailwnd")
        }
    }

    @Test func customScalesAreChecked() throws {
        #expect(Self.custom.count == 5 && Self.custom.index(of: Stop(label: "base")) == 2)
        #expect(throws: PalettesError.invalidScale("x", reason: "stops go from lightest to darkest: _2 (L* 90) must be darker than _1 (L* 80)")) {
            try Scale(id: "x", stops: [Stop(1), Stop(2)], lightness: [80, 90])
        }
        #expect(throws: PalettesError.invalidScale("x", reason: "stop _1 appears twice")) {
            try Scale(id: "x", stops: [Stop(1), Stop(1)], lightness: [80, 70])
        }
        #expect(throws: PalettesError.invalidScale("x", reason: "has 1 stops; a scale has 2 … 256")) {
            try Scale(id: "x", stops: [Stop(1)], lightness: [80])
        }
        #expect(throws: PalettesError.invalidScale("x", reason: "stop _2: lightness 120.0 is not a CIELab L* in 0…100")) {
            try Scale(id: "x", stops: [Stop(1), Stop(2)], lightness: [80, 120])
        }
        // A NaN of either sign (Lua's 0/0 is −NaN) is named NaN.
        #expect(throws: PalettesError.invalidScale("x", reason: "stop _2: lightness NaN is not a CIELab L* in 0…100")) {
            try Scale(id: "x", stops: [Stop(1), Stop(2)], lightness: [80, -Double.nan])
        }
    }

    /// Offsets, mirrors and nearest stops stay inside the scale.
    @Test func movesWithinTheScale() throws {
        #expect(Scale.tailwind.offset(.s500, by: -2) == .s300 && Scale.tailwind.offset(.s900, by: 3) == .s950)
        #expect(Scale.radix.inverted(Stop(3)) == Stop(10))
        #expect(Scale.material.nearestStop(lightnessStar: 42) == Stop(40))
        // ColorTokensKit's _1000 (L* 10.2) read on Tailwind: 900 (L* 7.8) is nearest.
        #expect(try Scale.tailwind.translate(.s1000, from: .ctk) == .s900)
        #expect(throws: PalettesError.stopNotInScale(stop: "1000", scale: "tailwind", stops: "50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950", context: "")) {
            try Scale.tailwind.translate(.s1000, from: .tailwind)
        }
    }

    /// Every generator builds one color per stop of every scale, lightness falling; uniform-lstar lands on the
    /// scale's target L*.
    @Test func everyGeneratorBuildsEveryScale() throws {
        let wb = PaletteWorkbench.standard
        for scale in Self.scales + [Self.custom] {
            for g in [UniformLStar.id, OKLCHCurves.id, ContrastTargets.id, CIELabList.id] {
                let ramp = try wb.ramp(for: Family(id: "f", hue: 40, generator: g, scale: scale))
                #expect(ramp.count == scale.count, "\(g) on \(scale.id)")
                let L = ramp.map(\.lightnessStar)
                #expect((0..<(L.count - 1)).allSatisfy { L[$0] >= L[$0 + 1] }, "\(g) on \(scale.id): \(L)")
            }
            let ramp = try wb.ramp(for: Family(id: "f", hue: 40, scale: scale))
            for (i, c) in ramp.enumerated() {
                // The generator solves lightness by bisection; near white and black 1e-4 L*.
                #expect(abs(c.lightnessStar - scale.lightness[i]) < 1e-4, "\(scale.id) \(scale.stops[i].name)")
            }
        }
        // The default scale is ColorTokensKit's, bit for bit.
        let plain = try wb.ramp(for: Family(id: "f", hue: 50)), ctk = try wb.ramp(for: Family(id: "f", hue: 50, scale: .ctk))
        #expect(plain == ctk)
        #expect(Palette.standard.ramp("orange")?.count == 20)
    }

    /// A per-stop list gives one value per stop of the family's scale, or a few control points.
    @Test func perStopListsFollowTheScale() throws {
        let wb = PaletteWorkbench.standard
        let radix = Family(id: "r", hue: 200, generator: OKLCHCurves.id,
                           parameters: ["lightness": .numbers((0..<12).map { 0.98 - Double($0) * 0.07 })], scale: .radix)
        #expect(try wb.ramp(for: radix).count == 12)
        let twenty = Family(id: "r", hue: 200, generator: OKLCHCurves.id,
                            parameters: ["lightness": .numbers(Array(repeating: 0.5, count: 20))], scale: .radix)
        #expect(throws: PalettesError.invalidParameter(generator: "oklch-curves", name: "lightness",
            reason: "has 20 values for 12 stops (scale 'radix'); give one value per stop (12) or at most 6 evenly spaced control points")) {
            try wb.ramp(for: twenty)
        }
    }

    /// ColorTokensKit's tokens apply to any scale (each stop read as the nearest-lightness stop); a token
    /// written for the family's own scale must name stops it has.
    @Test func tokensAreReadInTheFamilysScale() throws {
        let tailwind = Family(id: "brand", hue: 160, scale: .tailwind)
        let palette = try PaletteWorkbench.standard.palette([tailwind])
        let system = try DesignSystem(palette: palette)
        let set = system.tokenSets[0]
        let fg = system.resolve(try SemanticToken.named("foregroundPrimary"), in: set, mode: .light, contrast: .standard)
        #expect(fg.stop == .s900 && fg.color == palette.color("brand", .s900))
        let own = SemanticToken("textBrand", light: .s700, dark: .s300, role: .text, family: "brand")
        let withState = own.withStates([TokenState("hover", steps: 1)])
        let s2 = try DesignSystem(palette: palette, appTokens: withState)
        let hover = s2.resolve(withState[1], in: s2.tokenSets.last!, mode: .light, contrast: .standard)
        #expect(hover.stop == .s800)
        let high = s2.resolve(withState[1], in: s2.tokenSets.last!, mode: .dark, contrast: .high)
        #expect(high.stop == .s50)  // dark 300, hover one lighter (200), Increase Contrast two more: 100, 50
        let bad = SemanticToken("textError", light: .s1000, dark: .s300, role: .text, family: "brand")
        #expect(throws: PalettesError.stopNotInScale(stop: "1000", scale: "tailwind",
                                                     stops: "50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950",
                                                     context: "token 'textError' (light) in family 'brand'")) {
            try DesignSystem(palette: palette, appTokens: [bad])
        }
    }

    /// Anchors: 36 hues × 3 generators × 4 scales, each anchor's 8-bit hex lands exactly at its stop and the
    /// lightness stays monotone.
    @Test func anchorsLandExactlyOnEveryScale() throws {
        let wb = PaletteWorkbench.standard
        for scale in Self.scales {
            for g in [UniformLStar.id, OKLCHCurves.id, ContrastTargets.id] {
                for i in 0..<36 {
                    let h = Double(i * 10) + 3
                    let hex = RampColor(oklch: 0.62, 0.11, h).hex
                    let family = Family(id: "a", hue: h, generator: g, anchor: RampAnchor(color: try RampColor(hex: hex)), scale: scale)
                    let (ramp, anchorStop) = try wb.anchoredRamp(for: family)
                    let stop = try #require(anchorStop)
                    #expect(ramp[scale.index(of: stop)!].hex == hex, "\(scale.id) \(g) hue \(h) at \(stop.name)")
                    let L = ramp.map(\.oklch.x)
                    #expect((0..<(L.count - 1)).allSatisfy { L[$0] > L[$0 + 1] }, "\(scale.id) \(g) hue \(h): lightness not monotone")
                }
            }
        }
        // An anchor at a stop the scale lacks is an error naming the stop and the scale.
        let f = Family(id: "a", hue: 10, anchor: RampAnchor(color: try RampColor(hex: "#00B386"), stop: .s450), scale: .radix)
        #expect(throws: PalettesError.stopNotInScale(stop: "450", scale: "radix", stops: "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12", context: "anchor")) {
            try wb.ramp(for: f)
        }
    }

    /// A stop of a family moves to the exact stop n steps away in its scale.
    @Test func colorFunctionsStayOnTheScale() throws {
        let wb = PaletteWorkbench.standard
        let f = Family(id: "t", hue: 50, scale: .tailwind)
        let fn = ColorFunctions(workbench: wb, palette: try wb.palette([f]))
        let s = try fn.swatch(f, .s500)
        let up = try fn.lighten(s, by: 2)
        let s300 = try fn.swatch(f, .s300)
        #expect(up.stop == .s300 && up.color == s300.color)
        #expect(try fn.invert(s).stop == .s500)  // the middle of 11 stops
    }
}
