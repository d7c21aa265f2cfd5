/// JzCzHz: the polar form of Jzazbz (Safdar et al. 2017): Cz = √(az² + bz²), hz = atan2(bz, az) in degrees.
extension ColorSpace {
    /// `jzczhz(…)`. 100% is Jz 1, Cz 0.26. The hue is powerless when Cz ≤ 0.0002 (sRGB white converts
    /// to Cz ≈ 0.0002 because Jzazbz's white is not exactly D65).
    public static let jzczhz = ColorSpace(
        id: .jzczhz, name: "JzCzHz", base: .jzazbz,
        coordinates: [Coordinate("jz", 0...1, percentReference: 1), Coordinate("cz", 0...0.26, percentReference: 0.26), .hue("hz")],
        cssForm: .function("jzczhz"),
        powerlessHue: PowerlessHue(hueIndex: 2, rule: .chromaAtMost(index: 1, threshold: 0.0002)),
        toBase: polarToRect, fromBase: rectToPolar)
}
