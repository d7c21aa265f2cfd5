/// CIE 1976 ΔE*ab: the Euclidean distance in CIELAB. The built-in reads CSS `lab` (D50 white).
public enum DeltaE76 {
    public static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return (d * d).sum().squareRoot()
    }
    public static let method = DeltaEMethod(id: "76", name: "CIE76 ΔE*ab (Lab D50)", aliases: ["de76", "cie76"],
                                            inputSpace: .lab, evaluate: distance)
}
