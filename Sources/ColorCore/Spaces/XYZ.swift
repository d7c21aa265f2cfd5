/// CIE XYZ spaces (Y of the white = 1) and the Bradford chromatic adaptation between D65 and D50.
extension ColorSpace {
    /// Bradford adaptation D65 → D50, CSS Color 4 sample code (conversions.js).
    public static let bradfordD65toD50 = Matrix3([
        [1.0479297925449969, 0.022946870601609652, -0.05019226628920524],
        [0.02962780877005599, 0.9904344267538799, -0.017073799063418826],
        [-0.009243040646204504, 0.015055191490298152, 0.7518742814281371],
    ])
    /// Bradford adaptation D50 → D65, CSS Color 4 sample code.
    public static let bradfordD50toD65 = Matrix3([
        [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
        [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
        [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
    ])

    static let xyzCoordinates = ["x", "y", "z"].map { Coordinate($0, 0...1, percentReference: 1) }

    /// `xyz-d65` (alias `xyz`): the root of the conversion graph.
    public static let xyzD65 = ColorSpace(
        id: .xyzD65, name: "XYZ D65", aliases: ["xyz"], base: nil, coordinates: xyzCoordinates,
        cssForm: .colorFunction, toBase: { $0 }, fromBase: { $0 })

    /// `xyz-d50`: XYZ relative to D50, reached from D65 by Bradford.
    public static let xyzD50 = ColorSpace.linear(
        id: .xyzD50, name: "XYZ D50", base: .xyzD65, whitePoint: .d50,
        toBase: bradfordD50toD65, fromBase: bradfordD65toD50, coordinates: xyzCoordinates, bounded: false)
}
