/// ΔEOK: the Euclidean distance in OKLab (L 0…1), the difference CSS Color 4 gamut mapping uses
/// (JND 0.02). https://www.w3.org/TR/css-color-4/#color-difference-OK
public enum DeltaEOK {
    public static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return (d * d).sum().squareRoot()
    }
    public static let method = DeltaEMethod(id: "ok", name: "ΔEOK (OKLab Euclidean)", aliases: ["deok", "oklab"],
                                            inputSpace: .oklab, batch: .euclidean, thresholds: [0.02],
                                            evaluate: distance)
}
