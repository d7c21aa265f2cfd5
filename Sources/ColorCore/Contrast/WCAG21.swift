/// WCAG 2.1 contrast ratio (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
///
/// ratio = (L1 + 0.05) / (L2 + 0.05), L1 the lighter relative luminance. The luminance is Y of CIE XYZ
/// from *unclamped* extended sRGB: channels are linearized with the sign-preserving sRGB curve (threshold
/// 0.04045, as IEC 61966-2-1 and CSS Color 4) and weighted by the Y row of the CSS sRGB→XYZ matrix
/// (0.2126390059, 0.7151686788, 0.0721923154). Channels outside 0…1 count as they are, so wide colors
/// written as extended sRGB get the ratio ColorTokensKit's documentation prints; only the final luminance
/// is floored at 0 (a negative Y has no meaning in the formula). Symmetric; range 1…21 for in-gamut colors.
public enum WCAG21 {
    /// Relative luminance Y of an (extended) sRGB color, floored at 0.
    public static func luminance(srgb c: SIMD3<Double>) -> Double {
        let t = TransferFunction.srgb
        let m = ColorSpace.srgbLinearToXYZ.r1
        let y = m.x * t.toLinear(c.x) + m.y * t.toLinear(c.y) + m.z * t.toLinear(c.z)
        return max(y, 0)
    }

    /// `luminance(srgb:)` with eight-bit channels looked up (the same Doubles).
    @inline(__always)
    static func luminance(srgb c: SIMD3<Double>, _ decode: EightBitDecoder, _ m: SIMD3<Double>) -> Double {
        let y = m.x * decode(c.x) + m.y * decode(c.y) + m.z * decode(c.z)
        return max(y, 0)
    }

    /// The contrast ratio of two luminances (order does not matter).
    public static func ratio(_ y1: Double, _ y2: Double) -> Double {
        let hi = max(y1, y2), lo = min(y1, y2)
        return (hi + 0.05) / (lo + 0.05)
    }

    public static let method: ContrastMethod = {
        let decode = EightBitDecoder(.srgb), m = ColorSpace.srgbLinearToXYZ.r1
        return ContrastMethod(
            id: "wcag21", name: "WCAG 2.1 contrast ratio", inputSpace: .srgb, isSymmetric: true,
            batch: .luminanceRatio, thresholds: [3, 4.5, 7]
        ) { text, background in
            ratio(luminance(srgb: text, decode, m), luminance(srgb: background, decode, m))
        }
    }()
}
