import Foundation

/// BT.2100 Hybrid Log-Gamma RGB over linear Rec. 2020 (ITU-R BT.2100 Table 5, the OETF and its inverse),
/// sign-preserving. Scene light E in 0…1 → signal E′: √(3E) for E ≤ 1/12, a·ln(12E − b) + c above;
/// a = 0.17883277, b = 1 − 4a, c = 0.5 − a·ln(4a). Linear Rec. 2020 is scaled by 1/3.7743 first so that
/// media white (linear 1) sits at signal 0.75 (BT.2408), as Color.js does.
extension ColorSpace {
    static let hlgA = 0.17883277, hlgB = 0.28466892, hlgC = 0.55991073
    static let hlgScale = 3.7743

    public static func hlgEncode(_ e: Double) -> Double {
        let a = abs(e), s: Double = e < 0 ? -1 : 1
        return s * (a <= 1.0 / 12 ? (3 * a).squareRoot() : hlgA * log(12 * a - hlgB) + hlgC)
    }

    public static func hlgDecode(_ e: Double) -> Double {
        let a = abs(e), s: Double = e < 0 ? -1 : 1
        return s * (a <= 0.5 ? a * a / 3 : (exp((a - hlgC) / hlgA) + hlgB) / 12)
    }

    public static let rec2100HLG = ColorSpace(
        id: .rec2100HLG, name: "Rec. 2100 HLG", base: .rec2020Linear,
        coordinates: ["r", "g", "b"].map { Coordinate($0, 0...1, percentReference: 1) },
        cssForm: .custom,
        toBase: { v in SIMD3(hlgDecode(v.x), hlgDecode(v.y), hlgDecode(v.z)) * hlgScale },
        fromBase: { v in let u = v / hlgScale; return SIMD3(hlgEncode(u.x), hlgEncode(u.y), hlgEncode(u.z)) })
}
