/// ACEScg (AMPAS S-2014-004): linear light on the AP1 primaries with the ACES white (x 0.32168, y 0.33767),
/// reached from XYZ-D65 by the Bradford adaptation ACES white ↔ D65. Scene-referred: 0…65504 (half-float max).
extension ColorSpace {
    /// AP1 → XYZ (ACES white), S-2014-004 §4.1.
    public static let ap1ToXYZ = Matrix3([
        [0.6624541811, 0.1340042065, 0.1561876870],
        [0.2722287168, 0.6740817658, 0.0536895174],
        [-0.0055746495, 0.0040607335, 1.0103391003],
    ])

    /// The ACES white point (S-2008-001): x 0.32168, y 0.33767.
    public static let acesWhite = WhitePoint(name: "ACES", x: 0.32168, y: 0.33767)

    /// Bradford chromatic adaptation from one white to another: M⁻¹ · diag(ρβγ_dst / ρβγ_src) · M.
    public static func bradford(from src: WhitePoint, to dst: WhitePoint) -> Matrix3 {
        let m = Matrix3([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
        let s = m * src.xyz, d = m * dst.xyz
        let k = d / s
        let scale = Matrix3(rows: SIMD3(k.x, 0, 0), SIMD3(0, k.y, 0), SIMD3(0, 0, k.z))
        return m.inverse * (scale * m)
    }

    static let acescgToXYZD65 = bradford(from: acesWhite, to: .d65) * ap1ToXYZ

    /// `acescg`: serialized as `color(--acescg …)`; 100% = 65504.
    public static let acescg = withCustomForm(ColorSpace.linear(
        id: .acescg, name: "ACEScg", base: .xyzD65, whitePoint: acesWhite,
        toBase: acescgToXYZD65, fromBase: acescgToXYZD65.inverse,
        coordinates: ["r", "g", "b"].map { Coordinate($0, 0...65504, percentReference: 65504) }, bounded: false))
}

extension ColorSpace {
    /// A copy of `s` serialized as `color(--id …)`: `ColorSpace.linear` makes `color()` spaces, and ACEScg is
    /// not a CSS space.
    static func withCustomForm(_ s: ColorSpace) -> ColorSpace {
        ColorSpace(id: s.id, name: s.name, aliases: s.aliases, base: s.base, whitePoint: s.whitePoint,
                   coordinates: s.coordinates, cssForm: .custom, gamutSpace: s.gamutSpace,
                   isBoundedRGB: s.isBoundedRGB, linearToBase: s.linearToBase, transfer: s.transfer,
                   powerlessHue: s.powerlessHue, toBase: s.toBase, fromBase: s.fromBase)
    }
}
