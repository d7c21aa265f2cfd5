import Foundation

/// APCA 0.0.98G-4g (SAPC), the contrast method of the WCAG 3 drafts, as in the apca-w3 0.1.9 reference.
///
/// Y = 0.2126729·R^2.4 + 0.7151522·G^2.4 + 0.0721750·B^2.4 on *encoded* sRGB (a simple 2.4 power, not the
/// piecewise curve). Colors are converted to extended sRGB unclamped, as Color.js does.
/// Out-of-range values, our choice: channels below 0 use a sign-preserving power (−x → −x^2.4), so a slightly
/// out-of-gamut color gives a slightly lower Y; a Y still below 0 is floored at 0 before the soft clamp
/// (apca-w3 returns Lc 0 for any Y outside 0…1.1 and Color.js yields NaN for a strongly negative Y; flooring
/// keeps the result defined and equal to both for every in-gamut color). Y above 1 (e.g. Display P3 yellow,
/// Y ≈ 1.0000001 for white) is used as is, without apca-w3's 1.1 input gate.
/// Soft black clamp: Y < 0.022 → Y + (0.022 − Y)^1.414. If |Ybg − Ytxt| < 0.0005 the result is 0
/// (the reference's noise gate). Normal polarity (Ybg > Ytxt): S = (Ybg^0.56 − Ytxt^0.57)·1.14, Lc = 0
/// if S < 0.1 else S − 0.027. Reverse: S = (Ybg^0.65 − Ytxt^0.62)·1.14, Lc = 0 if S > −0.1 else S + 0.027.
/// Lc = 100·result: positive for dark text on light, negative for light text on dark.
/// https://github.com/Myndex/apca-w3 (constants 0.0.98G-4g)
public enum APCA {
    public static let mainTRC = 2.4
    public static let sRco = 0.2126729, sGco = 0.7151522, sBco = 0.0721750
    public static let normBG = 0.56, normTXT = 0.57, revTXT = 0.62, revBG = 0.65
    public static let blkThrs = 0.022, blkClmp = 1.414
    public static let scaleBoW = 1.14, scaleWoB = 1.14
    public static let loBoWoffset = 0.027, loWoBoffset = 0.027
    public static let deltaYmin = 0.0005, loClip = 0.1

    /// APCA's screen luminance of an encoded sRGB color (before the soft clamp).
    public static func luminance(srgb c: SIMD3<Double>) -> Double {
        func lin(_ v: Double) -> Double { v < 0 ? -pow(-v, mainTRC) : pow(v, mainTRC) }
        return sRco * lin(c.x) + sGco * lin(c.y) + sBco * lin(c.z)
    }

    /// The soft black clamp applied to a luminance.
    public static func softClamp(_ y: Double) -> Double {
        let v = max(y, 0)
        return v > blkThrs ? v : v + pow(blkThrs - v, blkClmp)
    }

    /// Lc from two APCA luminances (text, background), before the soft clamp.
    public static func lc(textY: Double, backgroundY: Double) -> Double {
        let txt = softClamp(textY), bg = softClamp(backgroundY)
        if abs(bg - txt) < deltaYmin { return 0 }
        if bg > txt {
            let s = (pow(bg, normBG) - pow(txt, normTXT)) * scaleBoW
            return s < loClip ? 0 : (s - loBoWoffset) * 100
        } else {
            let s = (pow(bg, revBG) - pow(txt, revTXT)) * scaleWoB
            return s > -loClip ? 0 : (s + loWoBoffset) * 100
        }
    }

    public static let method = ContrastMethod(
        id: "apca", name: "APCA 0.0.98G-4g Lc", inputSpace: .srgb, isSymmetric: false,
        batch: .apca, thresholds: [45, 60, 75, 90]
    ) { text, background in
        lc(textY: luminance(srgb: text), backgroundY: luminance(srgb: background))
    }
}
