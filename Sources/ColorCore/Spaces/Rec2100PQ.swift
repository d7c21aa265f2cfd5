import Foundation

/// The Perceptual Quantizer of SMPTE ST 2084 / ITU-R BT.2100 (Table 4), sign-preserving.
///
/// Encoding: E = ((c1 + c2·Y^m1) / (1 + c3·Y^m1))^m2 for Y = luminance / 10 000 cd/m²;
/// m1 = 2610/16384, m2 = 2523/4096·128, c1 = 3424/4096, c2 = 2413/4096·32, c3 = 2392/4096·32.
public enum PQ {
    public static let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
    public static let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32

    /// Normalized linear luminance (1 = 10 000 cd/m²) → PQ signal.
    public static func encode(_ y: Double) -> Double {
        let a = abs(y), s: Double = y < 0 ? -1 : 1
        let t = pow(a, m1)
        return s * pow((c1 + c2 * t) / (1 + c3 * t), m2)
    }

    /// PQ signal → normalized linear luminance (1 = 10 000 cd/m²).
    public static func decode(_ e: Double) -> Double {
        let a = abs(e), s: Double = e < 0 ? -1 : 1
        let t = pow(a, 1 / m2)
        return s * pow(Swift.max(t - c1, 0) / (c2 - c3 * t), 1 / m1)
    }
}

/// BT.2100 PQ RGB over linear Rec. 2020, with media white (linear 1) at 203 cd/m²:
/// E = PQ(linear · 203 / 10 000).
extension ColorSpace {
    public static let rec2100PQ = ColorSpace(
        id: .rec2100PQ, name: "Rec. 2100 PQ", base: .rec2020Linear,
        coordinates: ["r", "g", "b"].map { Coordinate($0, 0...1, percentReference: 1) },
        cssForm: .custom,
        toBase: { v in
            let k = 10000 / mediaWhiteLuminance
            return SIMD3(PQ.decode(v.x) * k, PQ.decode(v.y) * k, PQ.decode(v.z) * k)
        },
        fromBase: { v in
            let k = mediaWhiteLuminance / 10000
            return SIMD3(PQ.encode(v.x * k), PQ.encode(v.y * k), PQ.encode(v.z * k))
        })
}
