/// ITU-R BT.2020. CSS Color 4 (current text) defines `rec2020` with a pure 2.4 gamma (BT.1886 display).
extension ColorSpace {
    public static let rec2020LinearToXYZ = Matrix3([
        [63426534.0 / 99577255, 20160776.0 / 139408157, 47086771.0 / 278816314],
        [26158966.0 / 99577255, 472592308.0 / 697040785, 8267143.0 / 139408157],
        [0.0, 19567812.0 / 697040785, 295819943.0 / 278816314],
    ])
    public static let xyzToRec2020Linear = Matrix3([
        [30757411.0 / 17917100, -6372589.0 / 17917100, -4539589.0 / 17917100],
        [-19765991.0 / 29648200, 47925759.0 / 29648200, 467509.0 / 29648200],
        [792561.0 / 44930125, -1921689.0 / 44930125, 42328811.0 / 44930125],
    ])

    public static let rec2020Linear = ColorSpace.linear(
        id: .rec2020Linear, name: "Linear Rec. 2020", base: .xyzD65,
        toBase: rec2020LinearToXYZ, fromBase: xyzToRec2020Linear)

    public static let rec2020 = ColorSpace.encodedRGB(
        id: .rec2020, name: "Rec. 2020", linear: .rec2020Linear, transfer: .gamma(2.4))
}
