import Foundation

/// Jzazbz (Safdar, Cui, Kim & Luo 2017, "Perceptually uniform color space for image signals including high
/// dynamic range and wide gamut", Optics Express 25(13)), on absolute XYZ D65 (cd/m²).
///
/// X' = b·X − (b−1)·Z, Y' = g·Y − (g−1)·X; LMS = M1 · (X', Y', Z); L'M'S' = PQ(LMS / 10000) with the
/// exponent p = 1.7 · 2523/2⁵ (not the BT.2100 m2); (Iz, az, bz) = M2 · L'M'S'; Jz = (1+d)·Iz / (1 + d·Iz) − d0.
/// Powers are sign-preserving, so the inverse is exact (round trip to 1e-12) for in-range values.
extension ColorSpace {
    static let jzB = 1.15, jzG = 0.66, jzD = -0.56, jzD0 = 1.6295499532821566e-11
    static let jzC1 = 3424.0 / 4096, jzC2 = 2413.0 / 128, jzC3 = 2392.0 / 128
    static let jzN = 2610.0 / 16384, jzP = 1.7 * 2523.0 / 32

    public static let jzXYZToLMS = Matrix3([
        [0.41478972, 0.579999, 0.0146480],
        [-0.2015100, 1.120649, 0.0531008],
        [-0.0166008, 0.264800, 0.6684799],
    ])
    public static let jzLMSToIab = Matrix3([
        [0.5, 0.5, 0],
        [3.524000, -4.066708, 0.542708],
        [0.199076, 1.096799, -1.295875],
    ])
    static let jzLMSToXYZ = jzXYZToLMS.inverse
    static let jzIabToLMS = jzLMSToIab.inverse

    static func spow(_ x: Double, _ e: Double) -> Double { x < 0 ? -pow(-x, e) : pow(x, e) }

    /// Absolute XYZ D65 → Jzazbz.
    public static func xyzAbsToJzazbz(_ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let xm = jzB * xyz.x - (jzB - 1) * xyz.z
        let ym = jzG * xyz.y - (jzG - 1) * xyz.x
        let lms = jzXYZToLMS * SIMD3(xm, ym, xyz.z)
        func pq(_ v: Double) -> Double {
            let t = spow(v / 10000, jzN)
            return spow((jzC1 + jzC2 * t) / (1 + jzC3 * t), jzP)
        }
        let iab = jzLMSToIab * SIMD3(pq(lms.x), pq(lms.y), pq(lms.z))
        let jz = (1 + jzD) * iab.x / (1 + jzD * iab.x) - jzD0
        return SIMD3(jz, iab.y, iab.z)
    }

    /// Jzazbz → absolute XYZ D65.
    public static func jzazbzToXYZAbs(_ jab: SIMD3<Double>) -> SIMD3<Double> {
        let jz = jab.x + jzD0
        let iz = jz / (1 + jzD - jzD * jz)
        let pqlms = jzIabToLMS * SIMD3(iz, jab.y, jab.z)
        func inv(_ v: Double) -> Double {
            let t = spow(v, 1 / jzP)
            return 10000 * spow((jzC1 - t) / (jzC3 * t - jzC2), 1 / jzN)
        }
        let m = jzLMSToXYZ * SIMD3(inv(pqlms.x), inv(pqlms.y), inv(pqlms.z))
        let xa = (m.x + (jzB - 1) * m.z) / jzB
        let ya = (m.y + (jzG - 1) * xa) / jzG
        return SIMD3(xa, ya, m.z)
    }

    /// `jzazbz(…)` (the function form Color.js and ColorAide accept). 100% is Jz 1, az/bz 0.21.
    public static let jzazbz = ColorSpace(
        id: .jzazbz, name: "Jzazbz", base: .xyzAbsD65,
        coordinates: [Coordinate("jz", 0...1, percentReference: 1), Coordinate("az", -0.21...0.21, percentReference: 0.21),
                      Coordinate("bz", -0.21...0.21, percentReference: 0.21)],
        cssForm: .function("jzazbz"), toBase: jzazbzToXYZAbs, fromBase: xyzAbsToJzazbz)
}
