import Foundation

/// CMC l:c (1984) with l = 2, c = 1 (acceptability), as Color.js and ColorAide default to.
///
/// SL = 0.511 if L₁ < 16 else 0.040975·L₁/(1 + 0.01765·L₁); SC = 0.0638·C₁/(1 + 0.0131·C₁) + 0.638;
/// F = √(C₁⁴/(C₁⁴ + 1900)); T = 0.56 + |0.2·cos(h₁ + 168°)| if 164° ≤ h₁ ≤ 345° else 0.36 + |0.4·cos(h₁ + 35°)|;
/// SH = SC·(F·T + 1 − F); ΔE = √((ΔL/(l·SL))² + (ΔC/(c·SC))² + ΔH²/SH²), ΔH² = Δa² + Δb² − ΔC² (floored at 0).
/// Asymmetric: the first color is the reference. `cmc` reads CSS `lab` (D50); `cmc-d65` reads Lab D65.
public enum DeltaECMC {
    public static func distance(_ ref: SIMD3<Double>, _ sample: SIMD3<Double>, l: Double = 2, c: Double = 1) -> Double {
        let deg = Double.pi / 180
        let (l1, a1, b1) = (ref.x, ref.y, ref.z)
        let c1 = (a1 * a1 + b1 * b1).squareRoot()
        let c2 = (sample.y * sample.y + sample.z * sample.z).squareRoot()
        let dL = l1 - sample.x, dC = c1 - c2, da = a1 - sample.y, db = b1 - sample.z
        let dH2 = max(da * da + db * db - dC * dC, 0)
        var h1 = atan2(b1, a1) / deg
        if h1 < 0 { h1 += 360 }
        let sL = l1 < 16 ? 0.511 : 0.040975 * l1 / (1 + 0.01765 * l1)
        let sC = 0.0638 * c1 / (1 + 0.0131 * c1) + 0.638
        let c14 = c1 * c1 * c1 * c1
        let f = (c14 / (c14 + 1900)).squareRoot()
        let t = (164...345).contains(h1) ? 0.56 + abs(0.2 * cos((h1 + 168) * deg)) : 0.36 + abs(0.4 * cos((h1 + 35) * deg))
        let sH = sC * (f * t + 1 - f)
        let tl = dL / (l * sL), tc = dC / (c * sC)
        return (tl * tl + tc * tc + dH2 / (sH * sH)).squareRoot()
    }
    public static func method(labSpace: ColorSpaceID = .lab) -> DeltaEMethod {
        .lab(id: "cmc", name: "CMC l:c 2:1", aliases: ["decmc"], labSpace: labSpace) { distance($0, $1) }
    }
}
