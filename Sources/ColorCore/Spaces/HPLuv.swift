import Foundation

/// HPLuv (Alexei Boronine, HSLuv 2015 / hsluv.org): LCh(uv) with chroma rescaled, for each lightness, to the
/// largest chroma that stays inside sRGB at *every* hue, so saturation 0…100 is always in gamut (pastels only).
///
/// For lightness L the sRGB gamut boundary in the (u, v) plane is six lines (one per channel at 0 and at 1);
/// with s = ((L + 16)³ / 1 560 896 if that exceeds ε, else L / κ) and (m1, m2, m3) a row of the XYZ → linear
/// sRGB matrix: slope = (284517 m1 − 94839 m3) s / b, intercept = ((838422 m3 + 769860 m2 + 731718 m1) L s
/// − 769860 t L) / b, b = (632260 m3 − 126452 m2) s + 126452 t, t ∈ {0, 1}. The safe chroma is the smallest
/// distance from the origin to a line, |intercept| / √(slope² + 1); S = C / safe · 100.
extension ColorSpace {
    static func hpluvMaxSafeChroma(_ l: Double) -> Double {
        let sub1 = pow(l + 16, 3) / 1_560_896
        let sub2 = sub1 > labEpsilon ? sub1 : l / labKappa
        var best = Double.infinity
        for row in [xyzToSRGBLinear.r0, xyzToSRGBLinear.r1, xyzToSRGBLinear.r2] {
            let m1 = row.x, m2 = row.y, m3 = row.z
            for t in [0.0, 1.0] {
                let top1 = (284_517 * m1 - 94_839 * m3) * sub2
                let top2 = (838_422 * m3 + 769_860 * m2 + 731_718 * m1) * l * sub2 - 769_860 * t * l
                let bottom = (632_260 * m3 - 126_452 * m2) * sub2 + 126_452 * t
                let slope = top1 / bottom, intercept = top2 / bottom
                best = Swift.min(best, abs(intercept) / (slope * slope + 1).squareRoot())
            }
        }
        return best
    }

    /// LCHuv (L, C, h) → HPLuv (h, s, l).
    public static func lchuvToHPLuv(_ lch: SIMD3<Double>) -> SIMD3<Double> {
        let l = lch.x
        if l > 99.9999999 { return SIMD3(lch.z, 0, 100) }
        if l < 1e-8 { return SIMD3(lch.z, 0, 0) }
        return SIMD3(lch.z, lch.y / hpluvMaxSafeChroma(l) * 100, l)
    }

    /// HPLuv (h, s, l) → LCHuv (L, C, h).
    public static func hpluvToLCHuv(_ hsl: SIMD3<Double>) -> SIMD3<Double> {
        let l = hsl.z
        if l > 99.9999999 { return SIMD3(100, 0, hsl.x) }
        if l < 1e-8 { return SIMD3(0, 0, hsl.x) }
        return SIMD3(l, hpluvMaxSafeChroma(l) / 100 * hsl.y, hsl.x)
    }

    /// `hpluv`: serialized as `color(--hpluv …)`; s and l 0…100 (100% = 100). Hue powerless at s ≤ 1e-7.
    public static let hpluv = ColorSpace(
        id: .hpluv, name: "HPLuv", base: .lchuv,
        coordinates: [.hue(), Coordinate("s", 0...100, percentReference: 100), Coordinate("l", 0...100, percentReference: 100)],
        cssForm: .custom,
        powerlessHue: PowerlessHue(hueIndex: 0, rule: .chromaAtMost(index: 1, threshold: 1e-7)),
        toBase: hpluvToLCHuv, fromBase: lchuvToHPLuv)
}

extension ColorSpaceID {
    public static let hpluv: Self = "hpluv"
}
