import Foundation
import Testing
@testable import ColorCore

/// Named edge cases of the reference path: black, white, negative and >1 channels, out of gamut, missing
/// (`none`/NaN) hues and components, empty input. Expected values are CSS Color 4's (sample code and prose).
@Suite struct EdgeCaseTests {
    let wb = Workbench.standard
    /// The spaces of issue 2 (CSS Color 4 plus hsv and lab-d65). Extra spaces (Jzazbz, ICtCp, ACES…) have
    /// their own tests: PQ and log encodings do not map black to 0 or keep every negative value.
    let coreSpaces: [ColorSpaceID] = [.xyzD65, .xyzD50, .srgbLinear, .srgb, .displayP3Linear, .displayP3,
                                      .rec2020Linear, .rec2020, .a98RGBLinear, .a98RGB, .prophotoRGBLinear,
                                      .prophotoRGB, .lab, .lch, .labD65, .oklab, .oklch, .hsl, .hwb, .hsv]

    func near(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ tol: Double = 1e-9) -> Bool {
        (0..<3).allSatisfy { abs(a[$0] - b[$0]) <= tol }
    }

    @Test func blackEverywhere() throws {
        let black = Color(.srgb, 0, 0, 0)
        for s in coreSpaces {
            let c = try wb.convert(black, to: s)
            switch s {
            case .hsl: #expect(c.coords.x.isNaN && c.coords.y == 0 && c.coords.z == 0)
            case .hwb: #expect(c.coords.x.isNaN && c.coords.y == 0 && c.coords.z == 100)
            case .hsv: #expect(c.coords.x.isNaN && c.coords.y == 0 && c.coords.z == 0)
            case .lch, .oklch: #expect(c.coords.x == 0 && c.coords.y == 0 && c.coords.z.isNaN, "\(s)")
            default: #expect(near(c.coords, .zero, 1e-12), "\(s): \(c)")
            }
        }
    }

    @Test func whiteIsAchromaticEverywhere() throws {
        let white = Color(.srgb, 1, 1, 1)
        #expect(near(try wb.convert(white, to: .lab).coords, SIMD3(100, 0, 0), 1e-9))
        #expect(near(try wb.convert(white, to: .displayP3).coords, SIMD3(1, 1, 1), 1e-12))
        #expect(near(try wb.convert(white, to: .rec2020).coords, SIMD3(1, 1, 1), 1e-12))
        #expect(near(try wb.convert(white, to: .prophotoRGB).coords, SIMD3(1, 1, 1), 1e-12))
        for s in [ColorSpaceID.lch, .oklch, .hsl, .hwb, .hsv] {
            let c = try wb.convert(white, to: s)
            #expect(c.coords[s == .lch || s == .oklch ? 2 : 0].isNaN, "\(s): white's hue is powerless")
        }
        let hsl = try wb.convert(white, to: .hsl).coords
        #expect(hsl.y == 0 && hsl.z == 100)
    }

    /// Extended values (below 0, above 1) survive round trips through every space, HSL/HWB/HSV included
    /// (CSS Color 4 sample code: a negative HSL saturation flips the hue by 180°).
    @Test func negativeAndOverOneChannelsRoundTrip() throws {
        for rgb in [SIMD3(-0.2, 0.5, 1.3), SIMD3(1.2, 0.5, -0.1), SIMD3(-0.5, -0.1, -0.3), SIMD3(2, 1.5, 1.2)] {
            for s in coreSpaces {
                let there = try wb.convert(Color(.srgb, coords: rgb), to: s)
                let back = try wb.convert(there, to: .srgb).coords
                #expect(near(back, rgb, 1e-9), "\(rgb) via \(s): \(there) → \(back)")
            }
        }
    }

    @Test func hslOfOutOfGamutColorFlipsHueForNegativeSaturation() throws {
        // l = (max + min)/2 = −0.15 < 0, so s = (max − l)/min(l, 1 − l) < 0: the hue turns by 180° and s flips sign.
        let c = try wb.convert(Color(.srgb, -0.4, -0.2, 0.1), to: .hsl).coords
        #expect(c.y >= 0, "saturation is made positive")
        #expect(near(try wb.convert(Color(.hsl, coords: c), to: .srgb).coords, SIMD3(-0.4, -0.2, 0.1), 1e-9))
    }

    @Test func outOfGamutDetectionAndMapping() throws {
        let p3Green = Color(.displayP3, 0, 1, 0)
        #expect(try !wb.inGamut(p3Green, of: .srgb))
        #expect(try wb.inGamut(p3Green, of: .displayP3))
        #expect(try wb.inGamut(p3Green, of: .rec2020))
        #expect(try wb.inGamut(Color(.lab, 50, 300, 0), of: .lab), "unbounded spaces contain every color")
        for method in ["css4", "clip"] {
            for target in [ColorSpaceID.srgb, .displayP3, .rec2020] {
                let m = try wb.mapGamut(Color(.oklch, 0.7, 0.5, 150), to: target, method: method)
                #expect(m.space == target)
                #expect(m.coords.min() >= -1e-9 && m.coords.max() <= 1 + 1e-9, "\(method) → \(target): \(m)")
            }
        }
        // In-gamut colors are returned unchanged; L ≥ 1 maps to white, L ≤ 0 to black (CSS Color 4 §13.2).
        #expect(near(try wb.mapGamut(Color(.srgb, 0.2, 0.4, 0.6), to: .srgb).coords, SIMD3(0.2, 0.4, 0.6), 1e-12))
        #expect(near(try wb.mapGamut(Color(.oklch, 1.2, 0.3, 40), to: .displayP3).coords, SIMD3(1, 1, 1), 1e-12))
        #expect(near(try wb.mapGamut(Color(.oklch, -0.1, 0.3, 40), to: .srgb).coords, .zero, 1e-12))
        #expect(throws: ColorCoreError.self) { try wb.mapGamut(Color(.srgb, 1, 0, 0), to: .lab) }
    }

    /// OKLCH chroma 1e300 (the streams hand chroma ≥ 1e6 to this reference) overflowed: LMS′ cubed is infinite,
    /// inf − inf is NaN, the NaN RGB passed the in-gamut test as 0 and the "mapped" color was NaN (JSON `null`,
    /// `color(srgb none none none)`). An overflowing RGB now counts as far outside.
    ///
    /// Why 1e300 and 1e300·2⁻⁹⁹⁰ (≈ 95.6) must agree: from C the bisection's midpoints are (0 + hi)/2 = hi/2
    /// exactly while every midpoint is far outside (lo stays 0); the first 990 all are (chroma ≥ 95.6 at
    /// L 0.5 is hundreds of JNDs from its clip), so hi reaches exactly 1e300·2⁻⁹⁹⁰, where the search from that
    /// chroma starts, and both then take the same steps. At ≈ 95.6 nothing overflows (checked below).
    /// A conversion that overflows (sRGB 1e300 is ∞ in linear light; inf − inf gives NaN in OKLab and Lab) was
    /// read as a missing component, i.e. 0: `gamut` mapped `color(srgb 1e300 0 0)` and `lab(50 1e300 1e300)` to
    /// black, `deltae` printed 100 (black against white) and `contrast oklch(0.5 1e300 30) white` 21. Gamut
    /// mapping now refuses such a color on one line, and ΔE and contrast are NaN (the CLI warns); a `none`
    /// component still reads as 0.
    @Test func overflowingConversionsAreRefusedOrNaNNotBlack() throws {
        for css in ["color(srgb 1e300 0 0)", "lab(50 1e300 1e300)", "color(srgb 1e200 1e200 1e200)"] {
            let c = try wb.parse(css)
            #expect(throws: ColorCoreError.self) { try wb.mapGamut(c, to: .srgb) }
            do { _ = try wb.mapGamut(c, to: .displayP3) } catch {
                #expect("\(error)".hasPrefix("cannot gamut-map a color whose conversion to OKLCH overflows"), "\(error)")
            }
            // (ΔE76 and CIEDE2000 take Lab as it is: `lab(50 1e300 1e300)` then converts nothing.)
            for method in c.space == .lab ? ["ok", "jz"] : ["2000", "76", "ok", "cmc", "jz"] {
                #expect(try wb.deltaE(c, Color(.srgb, 1, 1, 1), method: method).isNaN, "\(css) \(method)")
            }
        }
        #expect(try wb.contrast(text: try wb.parse("oklch(0.5 1e300 30)"), background: Color(.srgb, 1, 1, 1)).isNaN)
        // Color-vision simulation: the overflow was black (protan of oklch(0.5 1e300 30)); now an error.
        let protan = try CVDSimulation(.protan, severity: 1)
        #expect(throws: ColorCoreError.self) { try protan.simulate(try wb.parse("oklch(0.5 1e300 30)"), workbench: wb) }
        #expect(throws: ColorCoreError.self) { try protan.simulate(try wb.parse("color(srgb 1e300 0 0)"), workbench: wb) }
        #expect(try wb.deltaE(try wb.parse("oklch(0.5 1e300 30)"), Color(.srgb, 1, 1, 1), method: "2000").isNaN)
        // Large but representable: XYZ 1e300 has OKLCH lightness ≈ 1e100, which CSS maps to white.
        #expect(near(try wb.mapGamut(Color(.xyzD65, 1e300, 1e300, 1e300), to: .srgb).coords, SIMD3(1, 1, 1), 1e-9))
        // Missing components are still 0: `oklch(none 0.1 30)` has lightness 0 (black), a powerless hue 0°.
        #expect(try wb.mapGamut(try wb.parse("oklch(none 0.1 30)"), to: .srgb).coords == .zero)
        let gray = try wb.parse("oklch(0.7 0 none)")
        #expect(try wb.deltaE(gray, try wb.parse("oklch(0.7 0 0)"), method: "ok") == 0)
        #expect(try wb.deltaE(gray, Color(.srgb, 1, 1, 1), method: "jz").isFinite)
    }

    @Test func hugeChromaMapsToAFiniteInGamutColor() throws {
        let far = 1e300 * 0x1p-990
        for target in [ColorSpaceID.srgb, .displayP3, .rec2020] {
            let gamut = try wb.spaces.boundedGamut(of: target)
            let rgb = try wb.convert(Color(.oklch, 0.5, far, 30), to: gamut).coords
            #expect(rgb.x.isFinite && rgb.y.isFinite && rgb.z.isFinite, "\(far) overflows in \(gamut): \(rgb)")
            let clipped = rgb.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
            let e = try wb.deltaE(Color(gamut, coords: clipped), Color(.oklch, 0.5, far, 30), method: "ok")
            #expect(e > 100 * GamutCSS4.jnd, "chroma \(far) is far outside \(gamut): ΔEOK \(e)")

            let huge = try wb.mapGamut(Color(.oklch, 0.5, 1e300, 30), to: target).coords
            let reference = try wb.mapGamut(Color(.oklch, 0.5, far, 30), to: target).coords
            #expect((0..<3).allSatisfy { huge[$0].isFinite && huge[$0] >= 0 && huge[$0] <= 1 }, "→ \(target): \(huge)")
            #expect(near(huge, reference, 1e-9), "→ \(target): \(huge) ≠ \(reference)")
            // Hue 30 stays a red (not the black or gray of an overflow read as missing).
            #expect(huge.x > 0.5 && huge.x > 4 * huge.y && huge.z == 0, "→ \(target): \(huge)")
        }
        // Every finite extreme gives a finite color in [0, 1]: huge hue, huge lightness (white), huge negative
        // chroma (the search interval [0, C] is empty, so the result is the origin's clip: each channel 0 or 1
        // by its sign, the clip of chroma −1e100, where nothing overflows and L is below an ulp of C).
        let extremes: [(Color, SIMD3<Double>?)] = [
            (Color(.oklch, 0.5, 1e300, 1e300), nil), (Color(.oklch, 0.5, 1e300, -1e300), nil),
            (Color(.oklch, 1e300, 1e300, 30), SIMD3(1, 1, 1)), (Color(.oklch, -1e300, 1e300, 30), .zero),
            (Color(.oklch, 0.5, -1e300, 30), try wb.mapGamut(Color(.oklch, 0.5, -1e100, 30), to: .srgb).coords),
            (Color(.oklch, 0.5, 1e300, 0), try wb.mapGamut(Color(.oklch, 0.5, 1e300 * 0x1p-990, 0), to: .srgb).coords),
        ]
        for (c, want) in extremes {
            let m = try wb.mapGamut(c, to: .srgb).coords
            #expect((0..<3).allSatisfy { m[$0].isFinite && m[$0] >= 0 && m[$0] <= 1 }, "\(c) → \(m)")
            if let want { #expect(near(m, want, 1e-9), "\(c) → \(m), want \(want)") }
        }
        // CSS's own infinity (`calc(infinity)`) as chroma is the largest Double: from +∞ the bisection never
        // halved (a hang once the NaN origin stopped passing as in gamut); an infinite hue is 0°, as parsed.
        let infinite = try wb.mapGamut(Color(.oklch, 0.5, .infinity, 30), to: .srgb).coords
        #expect(near(infinite, try wb.mapGamut(Color(.oklch, 0.5, .greatestFiniteMagnitude, 30), to: .srgb).coords, 0))
        #expect((0..<3).allSatisfy { infinite[$0] >= 0 && infinite[$0] <= 1 }, "\(infinite)")
        #expect(near(try wb.mapGamut(try wb.parse("oklch(0.5 calc(infinity) 30)"), to: .srgb).coords, infinite, 0))
        #expect(near(try wb.mapGamut(Color(.oklch, 0.5, 0.2, .infinity), to: .srgb).coords,
                     try wb.mapGamut(Color(.oklch, 0.5, 0.2, 0), to: .srgb).coords, 0))
        // The in-gamut test no longer takes an overflowed (NaN) RGB for an in-gamut one.
        #expect(try !wb.inGamut(Color(.oklch, 0.5, 1e300, 30), of: .srgb))
        #expect(try wb.inGamut(Color(.srgb, .nan, 0.5, 0.5), of: .srgb), "a missing component still reads as 0")
    }

    @Test func powerlessHuesAreMissing() throws {
        // CSS Color 4: lch hue powerless at C ≤ 0.0015, oklch at C ≤ 0.000004 (sample-code ε).
        #expect(try wb.convert(Color(.lab, 50, 0.001, 0.001), to: .lch).coords.z.isNaN)
        #expect(!(try wb.convert(Color(.lab, 50, 0.01, 0), to: .lch).coords.z.isNaN))
        #expect(try wb.convert(Color(.oklab, 0.5, 0.000002, 0.000002), to: .oklch).coords.z.isNaN)
        #expect(try wb.convert(Color(.srgb, 0.3, 0.3, 0.3), to: .hsl).coords.x.isNaN)
        #expect(try wb.convert(Color(.srgb, 0.3, 0.3, 0.3), to: .hwb).coords.x.isNaN)
        #expect(try wb.convert(Color(.srgb, 0.3, 0.3, 0.3), to: .hsv).coords.x.isNaN)
    }

    /// Missing components are read as 0 by conversions (CSS Color 4 §4.4).
    @Test func missingComponentsConvertAsZero() throws {
        let none = Color(.oklch, 0.6, 0.1, .nan)
        let zero = Color(.oklch, 0.6, 0.1, 0)
        #expect(near(try wb.convert(none, to: .srgb).coords, try wb.convert(zero, to: .srgb).coords, 0))
        let gray = try wb.convert(Color(.lch, 50, 0, .nan), to: .srgb).coords
        #expect(abs(gray.x - gray.y) < 1e-12 && abs(gray.y - gray.z) < 1e-12)
        let noRed = try wb.convert(Color(.srgb, .nan, 0.5, 0.5), to: .srgb)
        #expect(noRed.coords.x.isNaN, "a same-space conversion keeps the color as written")
        #expect(abs(try wb.convert(Color(.srgb, .nan, 0.5, 0.5), to: .srgbLinear).coords.x) == 0)
        // Alpha `none` is carried unchanged.
        #expect(try wb.convert(Color(.srgb, 1, 0, 0, alpha: .nan), to: .oklab).alpha.isNaN)
        // A missing hue in the CSS string parses as NaN and converts like 0.
        #expect(try wb.parse("lch(50% 0 none)").coords.z.isNaN)
    }

    @Test func contrastAndDeltaEEdges() throws {
        let black = Color(.srgb, 0, 0, 0), white = Color(.srgb, 1, 1, 1)
        #expect(abs(try wb.contrast(text: black, background: white) - 21) < 1e-9)
        #expect(try wb.contrast(text: white, background: white) == 1)
        // APCA: the soft clamp gives black on white Lc ≈ 106.04, white on black ≈ −107.88 (apca-w3).
        #expect(abs(try wb.contrast(text: black, background: white, method: "apca") - 106.04067321268862) < 1e-9)
        #expect(abs(try wb.contrast(text: white, background: black, method: "apca") + 107.88473318309848) < 1e-9)
        #expect(try wb.contrast(text: white, background: white, method: "apca") == 0)
        // Out-of-gamut input stays defined (no NaN) for every contrast method.
        let wild = Color(.srgb, -0.5, -0.4, 2)
        for m in wb.contrastMethods.ids { #expect(try wb.contrast(text: wild, background: black, method: m).isFinite, "\(m)") }
        // Translucent text is composited over the background first: half-transparent black on white = #808080-ish.
        let half = try wb.contrast(text: Color(.srgb, 0, 0, 0, alpha: 0.5), background: white)
        #expect(abs(half - (try wb.contrast(text: Color(.srgb, 0.5, 0.5, 0.5), background: white))) < 1e-12)
        for m in wb.deltaEMethods.ids {
            #expect(try wb.deltaE(white, white, method: m) == 0, "\(m)")
            #expect(try wb.deltaE(black, white, method: m) > 0, "\(m)")
        }
        #expect(abs(try wb.deltaE(black, white, method: "76") - 100) < 1e-9)
        #expect(abs(try wb.deltaE(black, white, method: "ok") - 1) < 1e-6)
    }

    @Test func emptyAndBadInputThrowNamedErrors() throws {
        for s in ["", "   ", "rgb(", "#12", "oklch(0.5 0.1)"] {
            #expect(throws: ColorCoreError.self, "'\(s)'") { try wb.parse(s) }
        }
        #expect(throws: ColorCoreError.self) { try wb.contrast(text: .init(.srgb, 0, 0, 0), background: .init(.srgb, 1, 1, 1), method: "nope") }
        let e = #expect(throws: ColorCoreError.self) { try wb.deltaE(.init(.srgb, 0, 0, 0), .init(.srgb, 1, 1, 1), method: "nope") }
        #expect(e.map { "\($0)" }?.contains("known: 2000, 76") == true)
    }

    @Test func registriesRejectDuplicates() throws {
        var w = Workbench.standard
        #expect(throws: ColorCoreError.duplicateID(kind: "contrast method", id: "wcag21")) {
            try w.contrastMethods.register(WCAG21.method)
        }
        #expect(throws: ColorCoreError.self) { try w.deltaEMethods.register(DeltaE2000.method()) }
        #expect(w.deltaEMethods.contains("CIEDE2000"), "aliases are case-insensitive")
    }
}
