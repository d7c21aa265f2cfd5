import Foundation

/// CIE94 ΔE*94 (CIE 116-1995), graphic-arts weights: kL = kC = kH = 1, K1 = 0.045, K2 = 0.015.
///
/// ΔE94 = √((ΔL/(kL·SL))² + (ΔC/(kC·SC))² + ΔH²/(kH·SH)²), SL = 1, SC = 1 + K1·C₁, SH = 1 + K2·C₁,
/// ΔH² = Δa² + Δb² − ΔC² (floored at 0). Asymmetric: the first color is the reference (C₁ is its chroma).
/// `94` reads CSS `lab` (D50); `94-d65` reads Lab D65.
public enum DeltaE94 {
    public static let k1 = 0.045, k2 = 0.015

    public static func distance(_ ref: SIMD3<Double>, _ sample: SIMD3<Double>) -> Double {
        let c1 = (ref.y * ref.y + ref.z * ref.z).squareRoot()
        let c2 = (sample.y * sample.y + sample.z * sample.z).squareRoot()
        let dL = ref.x - sample.x, dC = c1 - c2, da = ref.y - sample.y, db = ref.z - sample.z
        let dH2 = max(da * da + db * db - dC * dC, 0)
        let sC = 1 + k1 * c1, sH = 1 + k2 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }
    public static func method(labSpace: ColorSpaceID = .lab) -> DeltaEMethod {
        .lab(id: "94", name: "CIE94 (graphic arts)", aliases: ["de94", "cie94"], labSpace: labSpace, evaluate: distance)
    }
}
