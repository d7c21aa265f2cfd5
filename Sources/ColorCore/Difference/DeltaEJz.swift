import Foundation

/// ΔEz (Safdar et al. 2017): the difference in JzCzHz, ΔE = √(ΔJz² + ΔCz² + ΔHz²) with
/// ΔHz = 2·√(Cz₁·Cz₂)·sin(Δhz/2). A missing hue reads as 0; its chroma is ~0, so ΔHz ≈ 0 either way.
/// Symmetric. https://doi.org/10.1364/OE.25.015131
public enum DeltaEJz {
    public static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let dJ = a.x - b.x, dC = a.y - b.y
        let dh = (a.z - b.z) * Double.pi / 180
        let dH = 2 * (a.y * b.y).squareRoot() * sin(dh / 2)
        return (dJ * dJ + dC * dC + dH * dH).squareRoot()
    }
    public static let method = DeltaEMethod(id: "jz", name: "ΔEz (JzCzHz)", aliases: ["dejz"],
                                            inputSpace: .jzczhz, evaluate: distance)
}
