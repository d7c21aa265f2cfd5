import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorCore

/// The non-CSS spaces (HDR, ACES, CIE Luv): round trips, and published values where there are some.
@Suite struct ExtraSpacesTests {
    let wb = Workbench.standard

    func close(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ tol: Double) -> Bool {
        abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol && abs(a.z - b.z) <= tol
    }

    /// sRGB → space → sRGB for in-gamut colors, including black-adjacent and saturated ones.
    @Test(arguments: ["xyz-abs-d65", "jzazbz", "jzczhz", "ictcp", "rec2100-pq", "rec2100-hlg", "acescg", "acescc", "luv", "lchuv", "hpluv", "cam16-jmh", "hct"])
    func roundTrip(_ id: String) throws {
        let samples: [SIMD3<Double>] = [
            SIMD3(1, 1, 1), SIMD3(0.2, 0.4, 0.6), SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1),
            SIMD3(0.9, 0.6, 0.1), SIMD3(0.01, 0.02, 0.015),
        ]
        for s in samples {
            let there = try wb.convert(Color(.srgb, coords: s), to: ColorSpaceID(id))
            let back = try wb.convert(there, to: .srgb).coords
            #expect(close(back, s, 1e-9), "\(id): \(s) → \(there.coords) → \(back)")
        }
    }

    /// Color.js test/conversions.js "Jzazbz": jzazbz(1 0 0) → XYZ-D65 (48.187785, 50.665878, 55.125885), ±1e-4.
    @Test func jzazbzWhiteOfTenThousandNits() throws {
        let xyz = try wb.convert(try wb.parse("jzazbz(1 0 0)"), to: .xyzD65).coords
        #expect(close(xyz, SIMD3(48.187785, 50.665878, 55.125885), 1e-4), "\(xyz)")
    }

    /// Color.js: jzazbz(0.22206525 −0.000161 −0.000117) is sRGB white (±1e-4).
    @Test func jzazbzOfSRGBWhite() throws {
        let rgb = try wb.convert(try wb.parse("jzazbz(0.22206525 -0.000161 -0.000117)"), to: .srgb).coords
        #expect(close(rgb, SIMD3(1, 1, 1), 1e-4), "\(rgb)")
    }

    /// Color.js "ICtCp rec2020 red/green back to rec2020" (±1e-4).
    @Test func ictcpPrimaries() throws {
        let red = try wb.convert(try wb.parse("ictcp(0.44707334125327025 -0.12956985056013226 0.3992012669381549)"), to: .rec2020)
        #expect(close(red.coords, SIMD3(1, 0, 0), 1e-4), "\(red.coords)")
        let green = try wb.convert(try wb.parse("ictcp(0.5304887192571797 -0.41543423180389427 -0.1138035187565125)"), to: .rec2020)
        #expect(close(green.coords, SIMD3(0, 1, 0), 1e-4), "\(green.coords)")
    }

    /// BT.2100 PQ: 10 000 cd/m² encodes to 1, 100 cd/m² to 0.5081 (BT.2100 / ST 2084 reference table).
    @Test func pqReferencePoints() {
        #expect(abs(PQ.encode(1) - 1) < 1e-12)
        #expect(abs(PQ.encode(0.01) - 0.508078) < 1e-5)
        #expect(abs(PQ.decode(PQ.encode(0.3)) - 0.3) < 1e-12)
    }

    /// BT.2100 HLG OETF: E = 1/12 → 0.5, E = 1 → 1.0 (to the precision of the published a, b, c).
    @Test func hlgReferencePoints() {
        #expect(abs(ColorSpace.hlgEncode(1.0 / 12) - 0.5) < 1e-12)
        #expect(abs(ColorSpace.hlgEncode(1) - 1) < 1e-6)
    }

    /// ACEScg: the ACES white (x 0.32168, y 0.33767) maps to AP1 (1, 1, 1), and D65 white is near neutral.
    @Test func acesWhite() throws {
        let white = ColorSpace.ap1ToXYZ * SIMD3(1, 1, 1)
        #expect(close(white, ColorSpace.acesWhite.xyz, 1e-6), "\(white)")
        let d65 = try wb.convert(Color(.srgb, 1, 1, 1), to: .acescg).coords
        #expect(close(d65, SIMD3(1, 1, 1), 1e-6), "sRGB white in ACEScg: \(d65)")
        // S-2016-001: ACEScc of 0.18 (mid grey) is (log2(0.18) + 9.72) / 17.52 = 0.4135884.
        #expect(abs(ColorSpace.acesccEncode(0.18) - 0.4135884) < 1e-6)
    }

    /// CIE Luv: D65 white is (100, 0, 0); sRGB red is (53.24, 175.01, 37.76) (Lindbloom's calculator, whose
    /// 4-digit sRGB matrix differs from CSS Color 4's exact one by ~5e-3 here, hence the tolerance 0.01).
    @Test func luvAnchors() throws {
        let w = try wb.convert(Color(.srgb, 1, 1, 1), to: .luv).coords
        #expect(close(w, SIMD3(100, 0, 0), 1e-9), "\(w)")
        let r = try wb.convert(Color(.srgb, 1, 0, 0), to: .luv).coords
        #expect(close(r, SIMD3(53.2408, 175.0151, 37.7564), 1e-2), "\(r)")
        let lch = try wb.convert(Color(.srgb, 0.5, 0.5, 0.5), to: .lchuv)
        #expect(lch.coords.z.isNaN, "gray has a powerless (missing) hue")
    }

    /// HPLuv's definition: saturation 100 is in sRGB at every hue, and touches the gamut at some hue.
    @Test func hpluvFullSaturationIsTheSafeChroma() throws {
        for l in [10.0, 50.0, 90.0] {
            var touches = false
            for h in stride(from: 0.0, to: 360, by: 1) {
                let rgb = try wb.convert(Color(.hpluv, h, 100, l), to: .srgb).coords
                #expect(rgb.min() > -1e-9 && rgb.max() < 1 + 1e-9, "hpluv(\(h) 100 \(l)) → \(rgb)")
                if rgb.min() < 1e-4 || rgb.max() > 1 - 1e-4 { touches = true }
            }
            #expect(touches, "L \(l): s = 100 should reach the sRGB boundary at some hue")
        }
    }

    /// CAM16 by construction: the adopted white has J = 100 (A = A_w), black has J = 0, and lightness grows
    /// with luminance along the neutral axis.
    @Test func cam16Anchors() throws {
        let white = try wb.convert(Color(.xyzD65, coords: WhitePoint.d65.xyz), to: .cam16JMh).coords
        #expect(abs(white.x - 100) < 1e-9, "\(white)")
        let black = try wb.convert(Color(.srgb, 0, 0, 0), to: .cam16JMh).coords
        #expect(abs(black.x) < 1e-9)
        let js = try [0.2, 0.4, 0.6, 0.8].map { try wb.convert(Color(.srgb, $0, $0, $0), to: .cam16JMh).coords.x }
        #expect(js == js.sorted())
    }

    /// CAM16 J, M and h of the CSS named colors against ColorAide's published table (Fixtures/cam16-jmh.json:
    /// source, commit and tolerance there): J and M within 6e-3, h within 0.006°.
    @Test func cam16JMhOfNamedColors() throws {
        let url = Fixtures().url("cam16-jmh.json")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let cases = root["cases"] as! [[String: Any]]
        #expect(cases.count == 8)
        for c in cases {
            let name = c["color"] as! String, e = c["jmh"] as! [Any]
            let v = try wb.convert(try wb.parse(name), to: .cam16JMh).coords
            let j = (e[0] as! NSNumber).doubleValue, m = (e[1] as! NSNumber).doubleValue
            #expect(abs(v.x - j) <= 6e-3, "\(name) J \(v.x), published \(j)")
            #expect(abs(v.y - m) <= (m < 10 ? 6e-4 : 6e-3), "\(name) M \(v.y), published \(m)")
            if let h = (e[2] as? NSNumber)?.doubleValue {
                let d = abs(v.z - h).truncatingRemainder(dividingBy: 360)
                #expect(min(d, 360 - d) <= 0.006, "\(name) h \(v.z), published \(h)")
            }
        }
    }

    /// material-color-utilities hct tests: sRGB red is HCT (27.408, 113.357, 53.233), blue
    /// (282.788, 87.230, 32.302), green (142.139, 108.410, 87.737). Chroma and tone ±0.01, hue ±0.05 (their
    /// sRGB matrix and 4-decimal D65 white differ from CSS Color 4's; blue's hue moves by 0.026).
    @Test func hctOfPrimaries() throws {
        let cases: [(SIMD3<Double>, SIMD3<Double>)] = [
            (SIMD3(1, 0, 0), SIMD3(27.408, 113.357, 53.233)),
            (SIMD3(0, 0, 1), SIMD3(282.788, 87.230, 32.302)),
            (SIMD3(0, 1, 0), SIMD3(142.139, 108.410, 87.737)),
        ]
        for (rgb, want) in cases {
            let hct = try wb.convert(Color(.srgb, coords: rgb), to: .hct).coords
            #expect(abs(hct.x - want.x) < 0.05 && abs(hct.y - want.y) < 0.01 && abs(hct.z - want.z) < 0.01,
                    "\(rgb) → \(hct)")
        }
    }
}
