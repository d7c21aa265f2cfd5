import ColorCore

/// Simulated color-vision deficiency: Machado, Oliveira & Fernandes (2009), severity 1.0, applied to
/// linear sRGB and clamped to 0…1 (the model describes displayable colors).
/// "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009.
public enum CVD: String, Sendable, CaseIterable, Hashable {
    case protan, deutan, tritan

    public var matrix: Matrix3 {
        switch self {
        case .protan: return Matrix3([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                                      [-0.003882, -0.048116, 1.051998]])
        case .deutan: return Matrix3([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                                      [-0.011820, 0.042940, 0.968881]])
        case .tritan: return Matrix3([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                                      [0.004733, 0.691367, 0.303900]])
        }
    }

    /// The color as this deficiency sees it.
    public func simulate(_ c: RampColor) -> RampColor {
        let lin = (matrix * c.linearSRGB).clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
        return RampColor(srgb: TokenMath.encode(lin), alpha: c.alpha)
    }
}
