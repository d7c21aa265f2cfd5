/// ICtCp (ITU-R BT.2100, §"ICtCp" with the PQ transfer) over linear Rec. 2020, media white at 203 cd/m².
///
/// LMS = M_RGB→LMS · RGB₂₀₂₀ (in cd/m²), L'M'S' = PQ(LMS / 10 000), (I, Ct, Cp) = M_LMS→ICtCp · L'M'S',
/// with the BT.2100 integer matrices (/4096).
extension ColorSpace {
    public static let rec2020ToLMS = Matrix3([
        [1688.0 / 4096, 2146.0 / 4096, 262.0 / 4096],
        [683.0 / 4096, 2951.0 / 4096, 462.0 / 4096],
        [99.0 / 4096, 309.0 / 4096, 3688.0 / 4096],
    ])
    public static let pqLMSToICtCp = Matrix3([
        [2048.0 / 4096, 2048.0 / 4096, 0],
        [6610.0 / 4096, -13613.0 / 4096, 7003.0 / 4096],
        [17933.0 / 4096, -17390.0 / 4096, -543.0 / 4096],
    ])
    static let lmsToRec2020 = rec2020ToLMS.inverse
    static let ictcpToPQLMS = pqLMSToICtCp.inverse

    public static func rec2020LinearToICtCp(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let lms = rec2020ToLMS * (rgb * (mediaWhiteLuminance / 10000))
        return pqLMSToICtCp * SIMD3(PQ.encode(lms.x), PQ.encode(lms.y), PQ.encode(lms.z))
    }

    public static func ictcpToRec2020Linear(_ itp: SIMD3<Double>) -> SIMD3<Double> {
        let p = ictcpToPQLMS * itp
        let lms = SIMD3(PQ.decode(p.x), PQ.decode(p.y), PQ.decode(p.z))
        return (lmsToRec2020 * lms) * (10000 / mediaWhiteLuminance)
    }

    /// `ictcp(…)` (the function form Color.js and ColorAide accept). 100% is I 1, Ct/Cp 0.5.
    public static let ictcp = ColorSpace(
        id: .ictcp, name: "ICtCp", base: .rec2020Linear,
        coordinates: [Coordinate("i", 0...1, percentReference: 1), Coordinate("ct", -0.5...0.5, percentReference: 0.5),
                      Coordinate("cp", -0.5...0.5, percentReference: 0.5)],
        cssForm: .function("ictcp"), toBase: ictcpToRec2020Linear, fromBase: rec2020LinearToICtCp)
}
