import Foundation

/// CIE Lab and LCH. CSS `lab`/`lch` are relative to D50; `lab-d65` is the same model on D65 (used by the
/// ΔE methods of libraries that work in D65).
///
/// L = 116 f(Y/Yn) − 16, a = 500 (f(X/Xn) − f(Y/Yn)), b = 200 (f(Y/Yn) − f(Z/Zn)),
/// f(t) = ∛t if t > ε else (κ t + 16)/116, with ε = 216/24389 and κ = 24389/27 (CIE 15:2004, exact form).
extension ColorSpace {
    public static let labEpsilon = 216.0 / 24389.0
    public static let labKappa = 24389.0 / 27.0

    /// XYZ (relative to `white`) → Lab.
    public static func xyzToLab(_ xyz: SIMD3<Double>, white: SIMD3<Double>) -> SIMD3<Double> {
        let t = xyz / white
        func f(_ v: Double) -> Double { v > labEpsilon ? CubeRoot.rounded(v) : (labKappa * v + 16) / 116 }
        let fx = f(t.x), fy = f(t.y), fz = f(t.z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// Lab → XYZ (relative to `white`).
    public static func labToXYZ(_ lab: SIMD3<Double>, white: SIMD3<Double>) -> SIMD3<Double> {
        let fy = (lab.x + 16) / 116
        let fx = lab.y / 500 + fy
        let fz = fy - lab.z / 200
        let x = fx * fx * fx > labEpsilon ? fx * fx * fx : (116 * fx - 16) / labKappa
        let y = lab.x > labKappa * labEpsilon ? fy * fy * fy : lab.x / labKappa
        let z = fz * fz * fz > labEpsilon ? fz * fz * fz : (116 * fz - 16) / labKappa
        return SIMD3(x, y, z) * white
    }

    /// Rectangular (L, a, b) → polar (L, C, h) with h in [0, 360).
    public static func rectToPolar(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let c = (v.y * v.y + v.z * v.z).squareRoot()
        var h = atan2(v.z, v.y) * 180 / Double.pi
        if h < 0 { h += 360 }
        if h >= 360 { h -= 360 }
        return SIMD3(v.x, c, h)
    }

    /// Polar (L, C, h) → rectangular (L, a, b).
    public static func polarToRect(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let r = v.z * Double.pi / 180
        return SIMD3(v.x, v.y * cos(r), v.y * sin(r))
    }

    public static let lab = ColorSpace(
        id: .lab, name: "CIE Lab", base: .xyzD50, whitePoint: .d50,
        coordinates: [Coordinate("l", 0...100, percentReference: 100), Coordinate("a", -125...125, percentReference: 125),
                      Coordinate("b", -125...125, percentReference: 125)],
        cssForm: .function("lab"), kernels: .cieLab(white: WhitePoint.d50.xyz),
        toBase: { labToXYZ($0, white: WhitePoint.d50.xyz) }, fromBase: { xyzToLab($0, white: WhitePoint.d50.xyz) })

    /// CSS `lch`: the hue is powerless when chroma ≤ 0.0015 (CSS Color 4 sample code's ε).
    public static let lch = ColorSpace(
        id: .lch, name: "CIE LCH", base: .lab, whitePoint: .d50,
        coordinates: [Coordinate("l", 0...100, percentReference: 100), Coordinate("c", 0...150, percentReference: 150), .hue()],
        cssForm: .function("lch"),
        powerlessHue: PowerlessHue(hueIndex: 2, rule: .chromaAtMost(index: 1, threshold: 0.0015)), kernels: .polar,
        direct: (.polarToRect, .rectToPolar), toBase: polarToRect, fromBase: rectToPolar)

    public static let labD65 = ColorSpace(
        id: .labD65, name: "CIE Lab (D65)", base: .xyzD65, whitePoint: .d65,
        coordinates: [Coordinate("l", 0...100, percentReference: 100), Coordinate("a", -125...125, percentReference: 125),
                      Coordinate("b", -125...125, percentReference: 125)],
        cssForm: .custom, kernels: .cieLab(white: WhitePoint.d65.xyz),
        toBase: { labToXYZ($0, white: WhitePoint.d65.xyz) }, fromBase: { xyzToLab($0, white: WhitePoint.d65.xyz) })
}
