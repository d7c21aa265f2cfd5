import Foundation

/// CIE 1976 L*u*v* on D65 (CIE 15:2004 §8.2.2).
///
/// L* as in Lab; u′ = 4X / (X + 15Y + 3Z), v′ = 9Y / (X + 15Y + 3Z); u* = 13 L* (u′ − u′ₙ), v* = 13 L* (v′ − v′ₙ).
extension ColorSpace {
    public static func xyzToLuv(_ xyz: SIMD3<Double>, white: SIMD3<Double> = WhitePoint.d65.xyz) -> SIMD3<Double> {
        func uv(_ c: SIMD3<Double>) -> (Double, Double) {
            let d = c.x + 15 * c.y + 3 * c.z
            return d == 0 ? (0, 0) : (4 * c.x / d, 9 * c.y / d)
        }
        let yr = xyz.y / white.y
        let l = yr > labEpsilon ? 116 * CubeRoot.rounded(yr) - 16 : labKappa * yr
        let (up, vp) = uv(xyz), (un, vn) = uv(white)
        if xyz.x + 15 * xyz.y + 3 * xyz.z == 0 { return SIMD3(l, 0, 0) }
        return SIMD3(l, 13 * l * (up - un), 13 * l * (vp - vn))
    }

    public static func luvToXYZ(_ luv: SIMD3<Double>, white: SIMD3<Double> = WhitePoint.d65.xyz) -> SIMD3<Double> {
        let l = luv.x
        if l == 0 { return SIMD3(0, 0, 0) }
        let dn = white.x + 15 * white.y + 3 * white.z
        let un = 4 * white.x / dn, vn = 9 * white.y / dn
        let up = luv.y / (13 * l) + un, vp = luv.z / (13 * l) + vn
        let f = (l + 16) / 116
        let y = white.y * (l > labKappa * labEpsilon ? f * f * f : l / labKappa)
        if vp == 0 { return SIMD3(0, y, 0) }
        return SIMD3(y * 9 * up / (4 * vp), y, y * (12 - 3 * up - 20 * vp) / (4 * vp))
    }

    /// `luv`: serialized as `color(--luv …)`; 100% is L 100, u/v 215.
    public static let luv = ColorSpace(
        id: .luv, name: "CIE Luv", base: .xyzD65,
        coordinates: [Coordinate("l", 0...100, percentReference: 100), Coordinate("u", -215...215, percentReference: 215),
                      Coordinate("v", -215...215, percentReference: 215)],
        cssForm: .custom, toBase: { luvToXYZ($0) }, fromBase: { xyzToLuv($0) })
}
