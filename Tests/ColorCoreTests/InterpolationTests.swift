import Foundation
import Testing
@testable import ColorCore

/// Named edge cases of `HueInterpolation`, `Workbench.interpolate`/`steps` (CSS Color 4 §12) and the
/// `color-mix()` parser (CSS Color 5 §3). Expected values are worked out by hand from the spec's formulas.
@Suite struct InterpolationTests {
    let wb = Workbench.standard

    func near(_ a: Double, _ b: Double, _ tol: Double = 1e-12) -> Bool { abs(a - b) <= tol }
    func near(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ tol: Double = 1e-12) -> Bool {
        near(a.x, b.x, tol) && near(a.y, b.y, tol) && near(a.z, b.z, tol)
    }

    // MARK: Hue fix-up (§12.4)

    @Test func hueFixupFollowsTheSpec() {
        #expect(HueInterpolation.shorter.fixup(350, 10) == (350, 370))
        #expect(HueInterpolation.shorter.fixup(10, 350) == (370, 350))
        #expect(HueInterpolation.shorter.fixup(40, 60) == (40, 60))
        #expect(HueInterpolation.longer.fixup(40, 60) == (400, 60))
        #expect(HueInterpolation.longer.fixup(60, 40) == (60, 400))
        #expect(HueInterpolation.longer.fixup(40, 40) == (40, 400))    // Δ = 0: a full turn
        #expect(HueInterpolation.longer.fixup(0, 270) == (0, 270))     // already the long way
        #expect(HueInterpolation.increasing.fixup(330, 50) == (330, 410))
        #expect(HueInterpolation.increasing.fixup(50, 330) == (50, 330))
        #expect(HueInterpolation.decreasing.fixup(40, 60) == (400, 60))
        #expect(HueInterpolation.decreasing.fixup(60, 40) == (60, 40))
    }

    @Test func hueFixupNormalizesFirst() {
        #expect(HueInterpolation.shorter.fixup(-30, 30) == (330, 390))
        #expect(HueInterpolation.shorter.fixup(720, 370) == (0, 10))
        #expect(HueInterpolation.normalized(-0.0).sign == .plus)
        #expect(HueInterpolation.normalized(-360) == 0)
        #expect(HueInterpolation(rawValue: "longer") == .longer)
        #expect(HueInterpolation.allCases.count == 4)
    }

    // MARK: interpolate

    @Test func endpointsAtZeroAndOne() throws {
        let a = Color(.oklch, 0.4, 0.1, 30, alpha: 0.5), b = Color(.oklch, 0.8, 0.2, 300, alpha: 0.9)
        let s = try wb.interpolate(a, b, at: 0, in: .oklch)
        #expect(near(s.coords, a.coords) && near(s.alpha, 0.5))
        let e = try wb.interpolate(a, b, at: 1, in: .oklch)
        #expect(near(e.coords, b.coords) && near(e.alpha, 0.9))
        // Midpoint: shorter arc 30 → 300 goes through 345; L, C premultiplied by alpha.
        let m = try wb.interpolate(a, b, at: 0.5, in: .oklch)
        #expect(near(m.alpha, 0.7))
        #expect(near(m.coords.x, (0.4 * 0.5 + 0.8 * 0.9) / 2 / 0.7))
        #expect(near(m.coords.y, (0.1 * 0.5 + 0.2 * 0.9) / 2 / 0.7))
        #expect(near(m.coords.z, 345))
        // Not premultiplied: plain averages.
        let p = try wb.interpolate(a, b, at: 0.5, in: .oklch, premultiplied: false)
        #expect(near(p.coords, SIMD3(0.6, 0.15, 345)))
    }

    @Test func resultIsInTheInterpolationSpace() throws {
        let r = try wb.interpolate(Color(.srgb, 1, 0, 0), Color(.srgb, 0, 0, 1), at: 0.5, in: .oklab)
        #expect(r.space == .oklab)
        #expect(try wb.interpolate(Color(.srgb, 1, 0, 0), Color(.srgb, 0, 0, 1), at: 0.5, in: "XYZ").space == .xyzD65)
        #expect(throws: ColorCoreError.self) { try wb.interpolate(Color(.srgb, 1, 0, 0), Color(.srgb, 0, 0, 1), at: 0.5, in: "nope") }
    }

    @Test func bothComponentsMissingStayMissing() throws {
        let r = try wb.interpolate(Color(.oklch, .nan, 0.1, .nan), Color(.oklch, .nan, 0.3, .nan, alpha: .nan),
                                   at: 0.25, in: .oklch)
        #expect(r.coords.x.isNaN && r.coords.z.isNaN)
        #expect(near(r.coords.y, 0.15))
        #expect(near(r.alpha, 1))  // one alpha missing: it takes the other's
        let n = try wb.interpolate(Color(.lab, .nan, .nan, .nan, alpha: .nan), Color(.lab, .nan, .nan, .nan, alpha: .nan),
                                   at: 0.5, in: .lab)
        #expect(n.coords.x.isNaN && n.coords.y.isNaN && n.coords.z.isNaN && n.alpha.isNaN)
    }

    @Test func oneMissingComponentTakesTheOthersValue() throws {
        let r = try wb.interpolate(Color(.lch, 10, 20, 30), Color(.lch, 50, 60, .nan), at: 0.5, in: .lch)
        #expect(near(r.coords, SIMD3(30, 40, 30)))
        // A missing alpha takes the other's before premultiplication.
        let a = try wb.interpolate(Color(.hsl, 120, 40, 40, alpha: .nan), Color(.hsl, 0, 40, 40, alpha: 0.5), at: 0.5, in: .hsl)
        #expect(near(a.coords, SIMD3(60, 40, 40)) && near(a.alpha, 0.5))
    }

    @Test func achromaticEndpointsTakeTheOtherHue() throws {
        // White's OKLCH hue is powerless after conversion: it behaves as missing and takes red's hue at every step.
        let red = Color(.srgb, 1, 0, 0), white = Color(.srgb, 1, 1, 1)
        let redHue = try wb.convert(red, to: .oklch).coords.z
        for hue in [HueInterpolation.shorter, .increasing, .decreasing] {
            for c in try wb.steps(from: white, to: red, count: 5, in: .oklch, hue: hue) {
                #expect(near(c.coords.z, redHue, 1e-9))
            }
        }
        // `longer` with two equal hues turns a full circle (Δ = 0 → θ₂ + 360), as WPT's
        // color-mix(in oklch longer hue, red, white) = oklch(… 209.23) shows.
        let longer = try wb.steps(from: white, to: red, count: 5, in: .oklch, hue: .longer)
        #expect(near(longer[2].coords.z, redHue + 180, 1e-9))
        // Black to white: both hues missing, the result's hue stays missing.
        let g = try wb.interpolate(Color(.srgb, 0, 0, 0), white, at: 0.5, in: .lch, hue: .longer)
        #expect(g.coords.z.isNaN)
        #expect(near(g.coords.x, 50, 1e-9))
        // A hue written with zero chroma in the interpolation space itself is kept (WPT: oklch(1 0 40deg)).
        let k = try wb.interpolate(Color(.oklch, 1, 0, 40), Color(.oklch, 1, 0, 60), at: 0.5, in: .oklch, hue: .longer)
        #expect(near(k.coords.z, 230))
    }

    @Test func alphaZero() throws {
        // A transparent endpoint contributes nothing to the premultiplied components; its hue still counts.
        let a = Color(.oklch, 0.5, 0.1, 30, alpha: 0), b = Color(.oklch, 0.7, 0.2, 90)
        let r = try wb.interpolate(a, b, at: 0.5, in: .oklch)
        #expect(near(r.coords, SIMD3(0.7, 0.2, 60)) && near(r.alpha, 0.5))
        // Both transparent: interpolated alpha 0, the plain (un-premultiplied) average is used.
        let z = try wb.interpolate(a, Color(.oklch, 0.7, 0.2, 90, alpha: 0), at: 0.5, in: .oklch)
        #expect(near(z.coords, SIMD3(0.6, 0.15, 60)) && z.alpha == 0)
        // At t = 0 the transparent endpoint itself comes back.
        let s = try wb.interpolate(a, b, at: 0, in: .oklch)
        #expect(near(s.coords, a.coords) && s.alpha == 0)
    }

    @Test func analogousComponentsAreCarriedForward() throws {
        // hsl's missing hue → oklch's hue is missing → it takes the other color's 200.
        let r = try wb.interpolate(Color(.hsl, .nan, 50, 50), Color(.oklch, 0.5, 0.1, 200), at: 0.5, in: .oklch)
        #expect(near(r.coords.z, 200))
        // hsl's missing lightness → oklch L; hsl's missing saturation → oklch C.
        let l = try wb.convertCarryingForward(Color(.hsl, 120, .nan, .nan), to: .oklch)
        #expect(l.coords.x.isNaN && l.coords.y.isNaN && l.coords.z.isNaN)  // s = 0 also makes the hue powerless
        let m = try wb.interpolate(Color(.hsl, 120, 50, .nan), Color(.oklch, 0.5, 0.1, 140), at: 0.5, in: .oklch)
        #expect(near(m.coords.x, 0.5))
        // lab's L → lch's L; rgb's r → xyz's x; a missing a/b of lab → oklab's a/b.
        #expect(try wb.convertCarryingForward(Color(.lab, .nan, 20, 30), to: .lch).coords.x.isNaN)
        let x = try wb.convertCarryingForward(Color(.srgb, .nan, 0.5, 0.5), to: .xyzD65)
        #expect(x.coords.x.isNaN && !x.coords.y.isNaN && !x.coords.z.isNaN)
        let o = try wb.convertCarryingForward(Color(.lab, 50, .nan, 10), to: .oklab)
        #expect(!o.coords.x.isNaN && o.coords.y.isNaN && !o.coords.z.isNaN)
        // No analogue: hwb's whiteness has none in oklab.
        let w = try wb.convertCarryingForward(Color(.hwb, 30, .nan, 20), to: .oklab)
        #expect(!w.coords.x.isNaN && !w.coords.y.isNaN && !w.coords.z.isNaN)
        #expect(AnalogousComponent.of(try wb.spaces.space(.hwb)) == [.hue, nil, nil])
        #expect(AnalogousComponent.of(try wb.spaces.space(.hsl)) == [.hue, .colorfulness, .lightness])
    }

    @Test func stepsCounts() throws {
        let a = Color(.srgb, 1, 0, 0), b = Color(.srgb, 0, 0, 1)
        #expect(try wb.steps(from: a, to: b, count: 0, in: .srgb).isEmpty)
        #expect(try wb.steps(from: a, to: b, count: 1, in: .srgb) == [a])
        let s = try wb.steps(from: a, to: b, count: 3, in: .srgb)
        #expect(s.count == 3 && s[0] == a && s[2] == b && near(s[1].coords, SIMD3(0.5, 0, 0.5)))
    }

    // MARK: color-mix()

    func mix(_ s: String) throws -> String { wb.serialize(try wb.parse(s)) }


    @Test func colorMixPercentages() throws {
        #expect(try mix("color-mix(in srgb, red, blue)") == "color(srgb 0.5 0 0.5)")
        #expect(try mix("color-mix(in srgb, 25% red, blue)") == "color(srgb 0.25 0 0.75)")
        #expect(try mix("color-mix(in srgb, red, blue 75%)") == "color(srgb 0.25 0 0.75)")
        #expect(try mix("color-mix(in srgb, red 75%, blue 75%)") == "color(srgb 0.5 0 0.5)")        // sum > 100: scaled
        #expect(try mix("color-mix(in srgb, red 20%, blue 20%)") == "color(srgb 0.5 0 0.5 / 0.4)")  // sum < 100: alpha × 0.4
        #expect(try mix("color-mix(in srgb, red 100%, blue)") == "color(srgb 1 0 0)")
        #expect(try mix("color-mix(in srgb, red calc(25% + 0%), blue)") == "color(srgb 0.25 0 0.75)")
    }

    @Test func colorMixSyntax() throws {
        #expect(try mix("COLOR-MIX(IN SRGB, red, blue)") == "color(srgb 0.5 0 0.5)")
        #expect(try mix("color-mix(  in srgb ,red,blue  )") == "color(srgb 0.5 0 0.5)")
        #expect(try mix("color-mix(in xyz, red, red)").hasPrefix("color(xyz-d65 "))
        #expect(try mix("color-mix(in --hsv, red, red)").hasPrefix("color(--hsv 0 100 100"))
        #expect(try mix("color-mix(in oklch LONGER HUE, oklch(1 0 40deg), oklch(1 0 60deg))") == "oklch(1 0 230)")
        // Nested mixes.
        #expect(try mix("color-mix(in srgb, color-mix(in srgb, red, blue), white)") == "color(srgb 0.75 0.5 0.75)")
        #expect(try mix("color-mix(in srgb, white, 50% color-mix(in srgb, red, blue))") == "color(srgb 0.75 0.5 0.75)")
        // hsl/hwb results are given as color(srgb …).
        #expect(try mix("color-mix(in hsl, red, lime)") == "color(srgb 1 1 0)")
        #expect(try mix("color-mix(in hwb, red, red)") == "color(srgb 1 0 0)")
    }

    @Test func colorMixErrors() {
        let zero = cssRejection("color-mix(in srgb, red 0%, blue 0%)")
        #expect(zero?.reason == "color-mix() percentages sum to 0%")
        #expect(zero?.position == 23)
        #expect(cssRejection("color-mix(in srgb, red -10%, blue)")?.reason.contains("between 0% and 100%") == true)
        #expect(cssRejection("color-mix(in srgb, red -10%, blue)")?.position == 23)
        #expect(cssRejection("color-mix(in srgb, red 150%, blue)")?.reason.contains("got 150%") == true)
        #expect(cssRejection("color-mix(srgb, red, blue)")?.reason.hasPrefix("color-mix() needs 'in <color space>'") == true)
        #expect(cssRejection("color-mix(srgb, red, blue)")?.position == 10)
        #expect(cssRejection("color-mix(in foo, red, blue)")?.reason == "unknown color space 'foo' in color-mix()")
        #expect(cssRejection("color-mix(in foo, red, blue)")?.position == 13)
        #expect(cssRejection("color-mix(in srgb longer hue, red, blue)")?.reason.contains("needs a space with a hue") == true)
        #expect(cssRejection("color-mix(in oklch longer, red, blue)")?.reason == "expected 'hue' after 'longer', got ','")
        #expect(cssRejection("color-mix(in oklch sideways hue, red, blue)")?.position == 19)
        #expect(cssRejection("color-mix(in srgb, red)")?.reason == "color-mix() needs two colors, got one")
        #expect(cssRejection("color-mix(in srgb, red, blue, lime)")?.reason == "color-mix() takes two colors here, got more")
        #expect(cssRejection("color-mix(in srgb, red 10% 20%, blue)")?.reason.contains("one percentage, got two") == true)
        #expect(cssRejection("color-mix(in srgb, red 0.5, blue)")?.reason.contains("must be a percentage") == true)
        #expect(cssRejection("color-mix(in srgb, red, blue")?.reason == "missing ')' to close 'color-mix('")
        #expect(cssRejection("color-mix(in srgb, red, )")?.reason.contains("expected a color") == true)
        #expect(cssRejection("color-mix(in srgb red, blue)")?.reason.contains("expected a hue method") == true)
        #expect(cssRejection("color-mix(in srgb, currentcolor, blue)")?.reason.contains("currentcolor") == true)
        #expect(cssRejection("color-mix(in srgb, red, blue) x")?.reason == "unexpected 'x' after the color")
        // Nesting is capped.
        let deep = String(repeating: "color-mix(in srgb, red, ", count: 40) + "blue" + String(repeating: ")", count: 40)
        #expect(cssRejection(deep)?.reason.contains("nested more than 32") == true)
    }
}
