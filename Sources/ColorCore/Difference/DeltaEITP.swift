/// ΔE ITP (ITU-R BT.2124-0): the difference in ICtCp for HDR and wide-gamut content,
/// ΔE_ITP = 720·√(ΔI² + (0.5·ΔCt)² + ΔCp²), where T = 0.5·Ct. 1 ≈ one just-noticeable difference.
/// ICtCp is the BT.2100 PQ form with media white at 203 cd/m² (the `ictcp` space). Symmetric.
/// https://www.itu.int/rec/R-REC-BT.2124
public enum DeltaEITP {
    public static let scale = 720.0

    public static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let dI = a.x - b.x, dT = 0.5 * (a.y - b.y), dP = a.z - b.z
        return scale * (dI * dI + dT * dT + dP * dP).squareRoot()
    }
    public static let method = DeltaEMethod(id: "itp", name: "ΔE ITP (BT.2124, ICtCp)", aliases: ["deitp"],
                                            inputSpace: .ictcp, evaluate: distance)
}
