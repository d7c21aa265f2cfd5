/// Absolute CIE XYZ for D65 in cd/m², with media white at 203 cd/m² (ITU-R BT.2408 reference white), the
/// base of the HDR spaces (Jzazbz). X_abs = 203 · X, where X is relative XYZ-D65 (Y of white = 1).
extension ColorSpace {
    /// Luminance of media white in cd/m² (ITU-R BT.2408 "HDR reference white").
    public static let mediaWhiteLuminance = 203.0

    /// `xyz-abs-d65`: not a CSS space; serialized as `color(--xyz-abs-d65 …)`. 100% is the absolute white
    /// of 10 000 cd/m² scaled as Color.js does (X 9504.7, Y 10000, Z 10888.3).
    public static let xyzAbsD65 = ColorSpace(
        id: .xyzAbsD65, name: "Absolute XYZ D65", base: .xyzD65,
        coordinates: [Coordinate("x", 0...9504.7, percentReference: 9504.7),
                      Coordinate("y", 0...10000, percentReference: 10000),
                      Coordinate("z", 0...10888.3, percentReference: 10888.3)],
        cssForm: .custom,
        toBase: { $0 / mediaWhiteLuminance }, fromBase: { $0 * mediaWhiteLuminance })
}

extension ColorSpaceID {
    public static let xyzAbsD65: Self = "xyz-abs-d65"
    public static let jzazbz: Self = "jzazbz", jzczhz: Self = "jzczhz", ictcp: Self = "ictcp"
    public static let rec2100PQ: Self = "rec2100-pq", rec2100HLG: Self = "rec2100-hlg"
    public static let acescg: Self = "acescg", acescc: Self = "acescc"
    public static let luv: Self = "luv", lchuv: Self = "lchuv"
}
