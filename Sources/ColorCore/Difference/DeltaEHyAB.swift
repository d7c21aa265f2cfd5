/// HyAB (Abasi, Amani Tehran & Fairchild 2020): a hybrid of city-block lightness and Euclidean chroma,
/// ΔE = |ΔL*| + √(Δa*² + Δb*²), suited to large differences. Symmetric.
/// `hyab` reads CSS `lab` (D50); `hyab-d65` reads Lab D65.
public enum DeltaEHyAB {
    public static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return abs(d.x) + (d.y * d.y + d.z * d.z).squareRoot()
    }
    public static func method(labSpace: ColorSpaceID = .lab) -> DeltaEMethod {
        .lab(id: "hyab", name: "HyAB", labSpace: labSpace, evaluate: distance)
    }
}
