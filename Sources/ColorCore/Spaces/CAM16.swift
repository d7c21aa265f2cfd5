import Foundation

/// CAM16 (Li, Li, Wang, Zu, Luo, Cui, Melgosa, Brill & Pointer 2017, "Comprehensive color solutions: CAM16,
/// CAT16, and CAM16-UCS", Color Res. Appl. 42(6)) as lightness J, colorfulness M and hue h.
///
/// Viewing conditions as Color.js's `cam16-jmh`: D65 white, adapting luminance L_A = 64/π · 0.2 cd/m²,
/// background Y_b = 20, average surround (F 1, c 0.69, N_c 1), no discounting. Forward model in the paper's
/// order: CAT16 → degree of adaptation D → post-adaptation compression 400·t/(t + 27.13), t = (F_L|R|/100)^0.42
/// → a, b, h → achromatic response A → J = 100 (A/A_w)^(c z) → t → C → M = C · F_L^¼. The inverse undoes
/// each step; round trips agree to 1e-9.
struct CAM16Environment: Sendable {
    let fl, n, z, nbb, c, nc: Double
    let dRGB: SIMD3<Double>
    let aw: Double

    static let m16 = Matrix3([
        [0.401288, 0.650173, -0.051461],
        [-0.250268, 1.204414, 0.045854],
        [-0.002079, 0.048952, 0.953127],
    ])
    static let m16Inverse = m16.inverse

    init(white: SIMD3<Double>, adaptingLuminance la: Double, backgroundLuminance yb: Double,
         f: Double = 1, c: Double = 0.69, nc: Double = 1, discounting: Bool = false) {
        let xyzw = white * 100
        let k = 1 / (5 * la + 1), k4 = k * k * k * k
        fl = k4 * la + 0.1 * (1 - k4) * (1 - k4) * CubeRoot.rounded(5 * la)
        n = yb / xyzw.y
        z = 1.48 + n.squareRoot()
        nbb = 0.725 * pow(n, -0.2)
        self.c = c
        self.nc = nc
        let rgbw = Self.m16 * xyzw
        let d = discounting ? 1 : Swift.max(0, Swift.min(1, f * (1 - 1 / 3.6 * exp((-la - 42) / 92))))
        dRGB = SIMD3(d * xyzw.y / rgbw.x + 1 - d, d * xyzw.y / rgbw.y + 1 - d, d * xyzw.y / rgbw.z + 1 - d)
        let aRGBw = Self.adapt(rgbw * dRGB, fl: fl)
        aw = (2 * aRGBw.x + aRGBw.y + 0.05 * aRGBw.z) * nbb
    }

    static func adapt(_ rgb: SIMD3<Double>, fl: Double) -> SIMD3<Double> {
        func f(_ v: Double) -> Double {
            let t = pow(fl * abs(v) / 100, 0.42)
            return (v < 0 ? -400 : 400) * t / (t + 27.13)
        }
        return SIMD3(f(rgb.x), f(rgb.y), f(rgb.z))
    }

    static func unadapt(_ rgb: SIMD3<Double>, fl: Double) -> SIMD3<Double> {
        func f(_ v: Double) -> Double {
            let a = Swift.min(abs(v), 399.999999999)
            return (v < 0 ? -100 : 100) / fl * pow(27.13 * a / (400 - a), 1 / 0.42)
        }
        return SIMD3(f(rgb.x), f(rgb.y), f(rgb.z))
    }

    /// XYZ (white Y = 1) → (J, M, h).
    func toJMh(_ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let r = Self.adapt((Self.m16 * (xyz * 100)) * dRGB, fl: fl)
        let a = r.x - 12 * r.y / 11 + r.z / 11
        let b = (r.x + r.y - 2 * r.z) / 9
        var h = atan2(b, a) * 180 / Double.pi
        if h < 0 { h += 360 }
        let hr = h * Double.pi / 180
        let et = 0.25 * (cos(hr + 2) + 3.8)
        let achromatic = nbb * (2 * r.x + r.y + 0.05 * r.z)
        let j = 100 * pow(Swift.max(0, achromatic / aw), c * z)
        let t = 5e4 / 13 * nc * nbb * et * (a * a + b * b).squareRoot() / (r.x + r.y + 1.05 * r.z + 0.305)
        let alpha = pow(Swift.max(0, t), 0.9) * pow(1.64 - pow(0.29, n), 0.73)
        let cc = alpha * (j / 100).squareRoot()
        return SIMD3(j, cc * pow(fl, 0.25), h)
    }

    /// (J, M, h) → XYZ (white Y = 1).
    func fromJMh(_ jmh: SIMD3<Double>) -> SIMD3<Double> {
        let j = jmh.x
        if j <= 0 { return SIMD3(0, 0, 0) }
        let cc = jmh.y / pow(fl, 0.25)
        let alpha = cc / (j / 100).squareRoot()
        let t = pow(Swift.max(0, alpha) / pow(1.64 - pow(0.29, n), 0.73), 1 / 0.9)
        let hr = jmh.z * Double.pi / 180
        let et = 0.25 * (cos(hr + 2) + 3.8)
        let achromatic = aw * pow(j / 100, 1 / (c * z))
        let p1 = 5e4 / 13 * nc * nbb * et
        let p2 = achromatic / nbb
        let r = 23 * (p2 + 0.305) * t / (23 * p1 + t * (11 * cos(hr) + 108 * sin(hr)))
        let a = r * cos(hr), b = r * sin(hr)
        let rgbA = SIMD3(460 * p2 + 451 * a + 288 * b, 460 * p2 - 891 * a - 261 * b, 460 * p2 - 220 * a - 6300 * b) / 1403
        let rgbC = Self.unadapt(rgbA, fl: fl)
        return (Self.m16Inverse * (rgbC / dRGB)) / 100
    }
}

extension ColorSpace {
    static let cam16Environment = CAM16Environment(
        white: WhitePoint.d65.xyz, adaptingLuminance: 64 / Double.pi * 0.2, backgroundLuminance: 20)

    /// `cam16-jmh`: serialized as `color(--cam16-jmh …)`; J 0…100, M 0…105 (100% = 105). Hue powerless at
    /// M ≤ 1e-7.
    public static let cam16JMh = ColorSpace(
        id: .cam16JMh, name: "CAM16 JMh", base: .xyzD65,
        coordinates: [Coordinate("j", 0...100, percentReference: 100), Coordinate("m", 0...105, percentReference: 105), .hue()],
        cssForm: .custom,
        powerlessHue: PowerlessHue(hueIndex: 2, rule: .chromaAtMost(index: 1, threshold: 1e-7)),
        toBase: { cam16Environment.fromJMh($0) }, fromBase: { cam16Environment.toJMh($0) })
}

extension ColorSpaceID {
    public static let cam16JMh: Self = "cam16-jmh"
}
