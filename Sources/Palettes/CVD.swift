import ColorCore

/// Simulated color-vision deficiency: Machado, Oliveira & Fernandes (2009), severity 1.0, applied to
/// linear sRGB and clamped to 0…1 (the model describes displayable colors).
/// "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009.
public enum CVD: String, Sendable, CaseIterable, Hashable {
    case protan, deutan, tritan

    /// The published severity-1.0 matrix (one definition: `CVDSimulation` in ColorCore).
    public var matrix: Matrix3 { CVDSimulation.matrix(CVDType(rawValue: rawValue)!, severity: 1) }

    /// The color as this deficiency sees it.
    public func simulate(_ c: RampColor) -> RampColor {
        let lin = (matrix * c.linearSRGB).clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
        return RampColor(srgb: TokenMath.encode(lin), alpha: c.alpha)
    }
}
