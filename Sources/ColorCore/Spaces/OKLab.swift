import Foundation

/// OKLab and OKLCH (Björn Ottosson 2020), with the CSS Color 4 matrices, recomputed for the D65 white of
/// CSS (so that white has a = b = 0 to 1e-16). L = M2 · ∛(M1 · XYZ).
extension ColorSpace {
    public static let xyzToLMS = Matrix3([
        [0.8190224379967030, 0.3619062600528904, -0.1288737815209879],
        [0.0329836539323885, 0.9292868615863434, 0.0361446663506424],
        [0.0481771893596242, 0.2642395317527308, 0.6335478284694309],
    ])
    public static let lmsToXYZ = Matrix3([
        [1.2268798758459243, -0.5578149944602171, 0.2813910456659647],
        [-0.0405757452148008, 1.1122868032803170, -0.0717110580655164],
        [-0.0763729366746601, -0.4214933324022432, 1.5869240198367816],
    ])
    public static let lmsToOKLab = Matrix3([
        [0.2104542683093140, 0.7936177747023054, -0.0040720430116193],
        [1.9779985324311684, -2.4285922420485799, 0.4505937096174110],
        [0.0259040424655478, 0.7827717124575296, -0.8086757549230774],
    ])
    public static let oklabToLMS = Matrix3([
        [1.0000000000000000, 0.3963377773761749, 0.2158037573099136],
        [1.0000000000000000, -0.1055613458156586, -0.0638541728258133],
        [1.0000000000000000, -0.0894841775298119, -1.2914855480194092],
    ])

    public static func xyzToOKLab(_ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let lms = xyzToLMS * xyz
        return lmsToOKLab * SIMD3(CubeRoot.rounded(lms.x), CubeRoot.rounded(lms.y), CubeRoot.rounded(lms.z))
    }

    public static func oklabToXYZ(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let l = oklabToLMS * lab
        return lmsToXYZ * (l * l * l)
    }

    public static let oklab = ColorSpace(
        id: .oklab, name: "OKLab", base: .xyzD65,
        coordinates: [Coordinate("l", 0...1, percentReference: 1), Coordinate("a", -0.4...0.4, percentReference: 0.4),
                      Coordinate("b", -0.4...0.4, percentReference: 0.4)],
        cssForm: .function("oklab"), kernels: .oklab, direct: (.oklabToXYZ, .xyzToOKLab), toBase: oklabToXYZ,
        fromBase: xyzToOKLab)

    /// CSS `oklch`: the hue is powerless when chroma ≤ 0.000004 (CSS Color 4 sample code's ε).
    public static let oklch = ColorSpace(
        id: .oklch, name: "OKLCH", base: .oklab,
        coordinates: [Coordinate("l", 0...1, percentReference: 1), Coordinate("c", 0...0.4, percentReference: 0.4), .hue()],
        cssForm: .function("oklch"),
        powerlessHue: PowerlessHue(hueIndex: 2, rule: .chromaAtMost(index: 1, threshold: 0.000004)), kernels: .polar,
        direct: (.polarToRect, .rectToPolar), toBase: polarToRect, fromBase: rectToPolar)
}
