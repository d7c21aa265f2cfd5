import Foundation

/// ACEScc (AMPAS S-2016-001): a pure log encoding of ACEScg for grading.
///
/// lin ≤ 0: (log₂(2⁻¹⁶) + 9.72) / 17.52; lin < 2⁻¹⁵: (log₂(2⁻¹⁶ + lin/2) + 9.72) / 17.52;
/// otherwise (log₂(lin) + 9.72) / 17.52. The inverse follows §4.2; values above log₂(65504) map to 65504.
extension ColorSpace {
    public static let acesccMin = (log2(pow(2, -16)) + 9.72) / 17.52   // −0.3584
    public static let acesccMax = (log2(65504) + 9.72) / 17.52         // 1.4680

    public static func acesccEncode(_ lin: Double) -> Double {
        if lin <= 0 { return acesccMin }
        if lin < pow(2, -15) { return (log2(pow(2, -16) + lin * 0.5) + 9.72) / 17.52 }
        return (log2(lin) + 9.72) / 17.52
    }

    public static func acesccDecode(_ cc: Double) -> Double {
        if cc < (9.72 - 15) / 17.52 { return (pow(2, cc * 17.52 - 9.72) - pow(2, -16)) * 2 }
        if cc < acesccMax { return pow(2, cc * 17.52 - 9.72) }
        return 65504
    }

    /// `acescc`: serialized as `color(--acescc …)`; 100% is the top of the range (1.468). Color.js maps
    /// percentages onto the whole range [−0.3584, 1.468] instead, which a single reference cannot express.
    public static let acescc = ColorSpace(
        id: .acescc, name: "ACEScc", base: .acescg, whitePoint: acesWhite,
        coordinates: ["r", "g", "b"].map { Coordinate($0, acesccMin...acesccMax, percentReference: acesccMax) },
        cssForm: .custom,
        toBase: { SIMD3(acesccDecode($0.x), acesccDecode($0.y), acesccDecode($0.z)) },
        fromBase: { SIMD3(acesccEncode($0.x), acesccEncode($0.y), acesccEncode($0.z)) })
}
