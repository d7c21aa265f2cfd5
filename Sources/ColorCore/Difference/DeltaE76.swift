/// CIE 1976 ΔE*ab: the Euclidean distance in CIELAB, √(ΔL*² + Δa*² + Δb*²).
/// `76` reads CSS `lab` (D50); `76-d65` reads Lab D65.
public enum DeltaE76 {
    public static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return (d * d).sum().squareRoot()
    }
    public static func method(labSpace: ColorSpaceID = .lab) -> DeltaEMethod {
        .lab(id: "76", name: "CIE76 ΔE*ab", aliases: ["de76", "cie76"], labSpace: labSpace, batch: .euclidean,
              thresholds: [2.3], evaluate: distance)
    }
}
