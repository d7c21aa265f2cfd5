/// sRGB (IEC 61966-2-1) and its linear-light twin, with the CSS Color 4 matrices (exact rationals).
extension ColorSpace {
    /// Linear sRGB → XYZ-D65, CSS Color 4 §18 sample code.
    public static let srgbLinearToXYZ = Matrix3([
        [506752.0 / 1228815, 87881.0 / 245763, 12673.0 / 70218],
        [87098.0 / 409605, 175762.0 / 245763, 12673.0 / 175545],
        [7918.0 / 409605, 87881.0 / 737289, 1001167.0 / 1053270],
    ])
    /// XYZ-D65 → linear sRGB, CSS Color 4 §18 sample code.
    public static let xyzToSRGBLinear = Matrix3([
        [12831.0 / 3959, -329.0 / 214, -1974.0 / 3959],
        [-851781.0 / 878810, 1648619.0 / 878810, 36519.0 / 878810],
        [705.0 / 12673, -2585.0 / 12673, 705.0 / 667],
    ])

    public static let srgbLinear = ColorSpace.linear(
        id: .srgbLinear, name: "Linear sRGB", base: .xyzD65, toBase: srgbLinearToXYZ, fromBase: xyzToSRGBLinear)

    public static let srgb = ColorSpace.encodedRGB(
        id: .srgb, name: "sRGB", linear: .srgbLinear, transfer: .srgb)
}
