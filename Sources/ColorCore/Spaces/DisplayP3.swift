/// Display P3: DCI-P3 primaries, D65 white, the sRGB transfer curve. Matrices from CSS Color 4 §18.
extension ColorSpace {
    public static let displayP3LinearToXYZ = Matrix3([
        [608311.0 / 1250200, 189793.0 / 714400, 198249.0 / 1000160],
        [35783.0 / 156275, 247089.0 / 357200, 198249.0 / 2500400],
        [0.0, 32229.0 / 714400, 5220557.0 / 5000800],
    ])
    public static let xyzToDisplayP3Linear = Matrix3([
        [446124.0 / 178915, -333277.0 / 357830, -72051.0 / 178915],
        [-14852.0 / 17905, 63121.0 / 35810, 423.0 / 17905],
        [11844.0 / 330415, -50337.0 / 660830, 316169.0 / 330415],
    ])

    public static let displayP3Linear = ColorSpace.linear(
        id: .displayP3Linear, name: "Linear Display P3", base: .xyzD65,
        toBase: displayP3LinearToXYZ, fromBase: xyzToDisplayP3Linear)

    public static let displayP3 = ColorSpace.encodedRGB(
        id: .displayP3, name: "Display P3", linear: .displayP3Linear, transfer: .srgb)
}
