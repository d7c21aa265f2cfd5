/// Adobe RGB (1998) compatible: power 563/256, D65. Matrices from CSS Color 4 §18.
extension ColorSpace {
    public static let a98LinearToXYZ = Matrix3([
        [573536.0 / 994567, 263643.0 / 1420810, 187206.0 / 994567],
        [591459.0 / 1989134, 6239551.0 / 9945670, 374412.0 / 4972835],
        [53769.0 / 1989134, 351524.0 / 4972835, 4929758.0 / 4972835],
    ])
    public static let xyzToA98Linear = Matrix3([
        [1829569.0 / 896150, -506331.0 / 896150, -308931.0 / 896150],
        [-851781.0 / 878810, 1648619.0 / 878810, 36519.0 / 878810],
        [16779.0 / 1248040, -147721.0 / 1248040, 1266979.0 / 1248040],
    ])

    public static let a98RGBLinear = ColorSpace.linear(
        id: .a98RGBLinear, name: "Linear A98 RGB", base: .xyzD65, toBase: a98LinearToXYZ, fromBase: xyzToA98Linear)

    public static let a98RGB = ColorSpace.encodedRGB(
        id: .a98RGB, name: "A98 RGB", linear: .a98RGBLinear, transfer: .gamma(563.0 / 256.0))
}
