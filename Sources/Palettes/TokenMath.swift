import ColorIO
import Foundation
import ColorCore

/// The color math of ColorTokensKit 3.x, written out so the built-in palette is reproduced exactly.
///
/// - OKLab ↔ linear sRGB use Ottosson's published matrices (10 decimals), not the XYZ route of ColorCore:
///   l′ = L + 0.3963377774a + 0.2158037573b, m′ = L − 0.1055613458a − 0.0638541728b,
///   s′ = L − 0.0894841775a − 1.2914855480b; (R, G, B) = M · (l′³, m′³, s′³).
/// - Luminance Y = 0.2126390059 R + 0.7151686788 G + 0.0721923054 B on linear sRGB.
/// - CIELab L\* ↔ Y: Y = ((L\*+16)/116)³ if L\* > 8, else L\*/903.3.
/// - "Display P3 can show" = every linear Display P3 channel in [−1e−6, 1 + 1e−6].
/// - Extended sRGB: the sign-preserving sRGB curve, no clipping.
///
/// Accuracy: the bisections stop at 2⁻⁴⁰ in OKLab L and 0.5·2⁻³⁰ in chroma, far below one 8-bit step.
/// https://bottosson.github.io/posts/oklab/
public enum TokenMath {
    // MARK: L* and luminance

    /// Relative luminance Y (0…1) of a CIELab L\* (0…100).
    public static func luminance(lightnessStar l: Double) -> Double {
        l > 8 ? pow((l + 16) / 116, 3) : l / 903.3
    }

    /// CIELab L\* of a relative luminance (inverse of `luminance(lightnessStar:)`).
    public static func lightnessStar(luminance y: Double) -> Double {
        y > 216.0 / 24389.0 ? 116 * cbrt(y) - 16 : y * 903.3
    }

    // MARK: OKLab ↔ linear sRGB (Ottosson)

    /// Linear sRGB of an OKLab color (not clamped).
    @inline(__always)
    public static func linearSRGB(oklab L: Double, _ a: Double, _ b: Double) -> SIMD3<Double> {
        let lp = L + 0.3963377774 * a + 0.2158037573 * b
        let mp = L - 0.1055613458 * a - 0.0638541728 * b
        let sp = L - 0.0894841775 * a - 1.2914855480 * b
        let l = lp * lp * lp, m = mp * mp * mp, s = sp * sp * sp
        return SIMD3(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
                     -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
                     -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s)
    }

    /// Linear sRGB of an OKLCH color (hue in degrees).
    @inline(__always)
    public static func linearSRGB(oklch L: Double, _ c: Double, _ h: Double) -> SIMD3<Double> {
        let r = h * Double.pi / 180
        return linearSRGB(oklab: L, cos(r) * c, sin(r) * c)
    }

    /// OKLab of a linear sRGB color (Ottosson's M1, cube root, M2).
    public static func oklab(linearSRGB v: SIMD3<Double>) -> SIMD3<Double> {
        let l = cbrt(0.4122214708 * v.x + 0.5363325363 * v.y + 0.0514459929 * v.z)
        let m = cbrt(0.2119034982 * v.x + 0.6806995451 * v.y + 0.1073969566 * v.z)
        let s = cbrt(0.0883024619 * v.x + 0.2817188376 * v.y + 0.6299787005 * v.z)
        return SIMD3(0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                     1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                     0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// OKLCH (L, C, h in [0, 360)) of a linear sRGB color; h is NaN when C ≤ 1e−9.
    public static func oklch(linearSRGB v: SIMD3<Double>) -> SIMD3<Double> {
        let lab = oklab(linearSRGB: v)
        let c = (lab.y * lab.y + lab.z * lab.z).squareRoot()
        guard c > 1e-9 else { return SIMD3(lab.x, c, .nan) }
        var h = atan2(lab.z, lab.y) * 180 / Double.pi
        if h < 0 { h += 360 }
        return SIMD3(lab.x, c, h)
    }

    /// Luminance of linear sRGB with ColorTokensKit's Y row.
    @inline(__always)
    public static func luminance(linearSRGB v: SIMD3<Double>) -> Double {
        0.2126390059 * v.x + 0.7151686788 * v.y + 0.0721923054 * v.z
    }

    // MARK: Encoding

    /// The sign-preserving sRGB curve, linear → encoded (threshold 0.0031308).
    @inline(__always)
    public static func encode(_ v: Double) -> Double {
        let a = abs(v)
        let e = a > 0.0031308 ? 1.055 * pow(a, 1 / 2.4) - 0.055 : a * 12.92
        return v < 0 ? -e : e
    }

    /// The sign-preserving sRGB curve, encoded → linear (threshold 0.04045).
    @inline(__always)
    public static func decode(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    public static func encode(_ v: SIMD3<Double>) -> SIMD3<Double> { SIMD3(encode(v.x), encode(v.y), encode(v.z)) }
    public static func decode(_ v: SIMD3<Double>) -> SIMD3<Double> { SIMD3(decode(v.x), decode(v.y), decode(v.z)) }

    // MARK: Display P3 gamut

    /// Linear sRGB → linear Display P3 (CSS Color 4 matrices through XYZ).
    public static let srgbToP3Linear = ColorSpace.xyzToDisplayP3Linear * ColorSpace.srgbLinearToXYZ

    /// Whether Display P3 can show a linear sRGB color: every P3 channel in [−1e−6, 1 + 1e−6].
    @inline(__always)
    public static func inP3(linearSRGB v: SIMD3<Double>) -> Bool {
        let p = srgbToP3Linear * v
        return p.min() >= -1e-6 && p.max() <= 1 + 1e-6
    }

    // MARK: Solves

    /// OKLab L for which the OKLCH color (L, c, h) has luminance `y`: bisection on [0, 1], 40 halvings.
    public static func lightness(forLuminance y: Double, chroma c: Double, hue h: Double) -> Double {
        let r = h * Double.pi / 180
        let a = cos(r) * c, b = sin(r) * c
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if luminance(linearSRGB: linearSRGB(oklab: mid, a, b)) < y { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Whether chroma `c` at hue `h`, with L solved for luminance `y`, fits Display P3 (c ≤ 0 always fits).
    public static func fits(chroma c: Double, luminance y: Double, hue h: Double) -> Bool {
        if c <= 0 { return true }
        let l = lightness(forLuminance: y, chroma: c, hue: h)
        return inP3(linearSRGB: linearSRGB(oklch: l, c, h))
    }

    /// The largest OKLCH chroma Display P3 can show at luminance `y` and hue `h`: bisection on [0, 0.5],
    /// 30 halvings, returning the last chroma that fitted.
    public static func maxChroma(luminance y: Double, hue h: Double) -> Double {
        var lo = 0.0, hi = 0.5
        for _ in 0..<30 {
            let mid = (lo + hi) / 2
            if fits(chroma: mid, luminance: y, hue: h) { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The OKLCH color at CIELab L\* `lstar`, hue `h`, chroma `c` reduced only as far as Display P3 needs.
    /// Holding L\* keeps the WCAG contrast; only vividness gives way.
    public static func fitted(lightnessStar lstar: Double, chroma c: Double, hue h: Double) -> SIMD3<Double> {
        let y = luminance(lightnessStar: min(max(lstar, 0), 100))
        var chroma = max(c, 0)
        var l = lightness(forLuminance: y, chroma: chroma, hue: h)
        if !inP3(linearSRGB: linearSRGB(oklch: l, chroma, h)) {
            chroma = maxChroma(luminance: y, hue: h)
            l = lightness(forLuminance: y, chroma: chroma, hue: h)
        }
        return SIMD3(l, chroma, h)
    }

    /// A hue rounded to 0.01° (half away from zero) and wrapped into [0, 360).
    public static func roundedHue(_ h: Double) -> Double {
        var v = h.truncatingRemainder(dividingBy: 360)
        if v < 0 { v += 360 }
        v = (v * 100).rounded(.toNearestOrAwayFromZero) / 100
        return v >= 360 ? v - 360 : v
    }

    // MARK: Display form

    /// The display form ColorTokensKit's docs print: `#rrggbb` (lowercase, round(v·255)) when every extended
    /// sRGB channel rounds into 0…255, else `color(display-p3 R G B)` with 4 decimals, trailing zeros stripped.
    public static func displayForm(srgb v: SIMD3<Double>) -> String {
        let bytes = [v.x, v.y, v.z].map { ($0 * 255).rounded(.toNearestOrAwayFromZero) }
        if bytes.allSatisfy({ $0 >= 0 && $0 <= 255 }) {
            return "#" + bytes.map { hex2(Int($0)) }.joined()
        }
        let p3 = encode(srgbToP3Linear * decode(v))
        return "color(display-p3 \(fixed4(p3.x)) \(fixed4(p3.y)) \(fixed4(p3.z)))"
    }

    /// `#rrggbb` of an extended sRGB color with channels clamped to 0…255 (for hex listings).
    public static func clampedHex(srgb v: SIMD3<Double>) -> String {
        "#" + [v.x, v.y, v.z].map { hex2(Int(min(max(($0 * 255).rounded(.toNearestOrAwayFromZero), 0), 255))) }.joined()
    }

    static func hex2(_ n: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[n >> 4], digits[n & 15]])
    }

    /// A number with 4 decimals, half away from zero, trailing zeros (and a bare point) stripped.
    public static func fixed4(_ v: Double) -> String { ByteText.halfAwayTrimmed(v, 4) }
}
