/// JzCzHz: the polar form of Jzazbz (Safdar et al. 2017): Cz = √(az² + bz²), hz = atan2(bz, az) in degrees.
extension ColorSpace {
    /// `jzczhz(…)`. 100% is Jz 1, Cz 0.26. The hue is powerless only when Cz ≤ 1e-7: sRGB white converts
    /// to Cz ≈ 0.0002 (Jzazbz's white is not exactly D65), and dropping that hue would move white by 2e-3
    /// on the way back, so a larger threshold would break round trips.
    public static let jzczhz = ColorSpace(
        id: .jzczhz, name: "JzCzHz", base: .jzazbz,
        coordinates: [Coordinate("jz", 0...1, percentReference: 1), Coordinate("cz", 0...0.26, percentReference: 0.26), .hue("hz")],
        cssForm: .function("jzczhz"),
        powerlessHue: PowerlessHue(hueIndex: 2, rule: .chromaAtMost(index: 1, threshold: 1e-7)),
        kernels: .polar, toBase: polarToRect, fromBase: rectToPolar)
}
