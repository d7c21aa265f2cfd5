import Foundation

/// HCT (Material Design 3): CAM16 hue and chroma with CIE L* as tone.
///
/// Viewing conditions as Material's defaults (and Color.js): D65 white, L_A = 200/π · Y(L* 50), Y_b = Y(L* 50)
/// · 100, average surround, no discounting. Forward: h and C from CAM16, T = L* of Y. Inverse: Y from T,
/// then the CAM16 lightness J solved by bisection (60 steps over [0, 400]) so that CAM16⁻¹(J, C, h) has that
/// Y; Y grows monotonically with J at fixed C and h. Round trips agree to 1e-9.
extension ColorSpace {
    static func yFromLstar(_ l: Double) -> Double {
        let f = (l + 16) / 116
        return l > labKappa * labEpsilon ? f * f * f : l / labKappa
    }
    static func lstarFromY(_ y: Double) -> Double {
        y > labEpsilon ? 116 * CubeRoot.rounded(y) - 16 : labKappa * y
    }

    static let hctEnvironment = CAM16Environment(
        white: WhitePoint.d65.xyz, adaptingLuminance: 200 / Double.pi * yFromLstar(50),
        backgroundLuminance: yFromLstar(50) * 100)

    /// XYZ-D65 → HCT (h, C, T).
    public static func xyzToHCT(_ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let env = hctEnvironment
        let jmh = env.toJMh(xyz)
        return SIMD3(jmh.z, jmh.y / pow(env.fl, 0.25), lstarFromY(xyz.y))
    }

    /// HCT (h, C, T) → XYZ-D65.
    public static func hctToXYZ(_ hct: SIMD3<Double>) -> SIMD3<Double> {
        let env = hctEnvironment
        let t = hct.z
        if t <= 0 { return SIMD3(0, 0, 0) }
        let target = yFromLstar(t)
        let m = hct.y * pow(env.fl, 0.25)
        if m == 0 { return WhitePoint.d65.xyz * target }  // achromatic: a gray of that luminance
        var lo = 0.0, hi = 400.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if env.fromJMh(SIMD3(mid, m, hct.x)).y < target { lo = mid } else { hi = mid }
        }
        return env.fromJMh(SIMD3((lo + hi) / 2, m, hct.x))
    }

    /// `hct`: serialized as `color(--hct …)`; C 0…145 (100% = 145), T 0…100 (100% = 100). Hue powerless at
    /// C ≤ 1e-7.
    public static let hct = ColorSpace(
        id: .hct, name: "HCT", base: .xyzD65,
        coordinates: [.hue(), Coordinate("c", 0...145, percentReference: 145), Coordinate("t", 0...100, percentReference: 100)],
        cssForm: .custom,
        powerlessHue: PowerlessHue(hueIndex: 0, rule: .chromaAtMost(index: 1, threshold: 1e-7)),
        toBase: hctToXYZ, fromBase: xyzToHCT)
}

extension ColorSpaceID {
    public static let hct: Self = "hct"
}

/// HCT with Material Color Utilities' conventions, for reproducing its tonal palettes 8-bit exactly: the sRGB ↔
/// XYZ matrix whose luminance row is exactly 0.2126, 0.7152, 0.0722 (its first and third rows 0.41233895,
/// 0.35762064, 0.18051042 and 0.01932141, 0.11916382, 0.95034478) and the D65 white (0.95047, 1, 1.08883); CAM16
/// viewing conditions as `hct` (L_A = 200/π · Y(L* 50), Y_b = Y(L* 50), average surround).
public enum MaterialHCT {
    static let white = SIMD3(0.95047, 1.0, 1.08883)
    public static let linearSRGBToXYZ = Matrix3([
        [0.41233895, 0.35762064, 0.18051042],
        [0.2126, 0.7152, 0.0722],
        [0.01932141, 0.11916382, 0.95034478],
    ])
    public static let xyzToLinearSRGB = linearSRGBToXYZ.inverse
    static let environment = CAM16Environment(
        white: white, adaptingLuminance: 200 / Double.pi * ColorSpace.yFromLstar(50),
        backgroundLuminance: ColorSpace.yFromLstar(50) * 100)

    /// (hue, chroma, tone) of a linear sRGB color.
    public static func hct(linearSRGB v: SIMD3<Double>) -> SIMD3<Double> {
        let xyz = linearSRGBToXYZ * v
        let jmh = environment.toJMh(xyz)
        return SIMD3(jmh.z, jmh.y / pow(environment.fl, 0.25), ColorSpace.lstarFromY(xyz.y))
    }

    /// Linear sRGB of (hue, chroma, tone): CAM16 J solved by bisection (60 halvings over [0, 400]) so that the
    /// color has tone's luminance.
    public static func linearSRGB(hue h: Double, chroma c: Double, tone t: Double) -> SIMD3<Double> {
        if t <= 0 { return .zero }
        let target = ColorSpace.yFromLstar(t)
        let m = c * pow(environment.fl, 0.25)
        if m == 0 { return SIMD3(repeating: target) }
        var lo = 0.0, hi = 400.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if environment.fromJMh(SIMD3(mid, m, h)).y < target { lo = mid } else { hi = mid }
        }
        return xyzToLinearSRGB * environment.fromJMh(SIMD3((lo + hi) / 2, m, h))
    }
}
