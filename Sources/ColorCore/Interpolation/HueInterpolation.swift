/// How a hue is interpolated between two angles: the four `<hue-interpolation-method>`s of CSS Color 4 §12.4
/// (https://www.w3.org/TR/css-color-4/#hue-interpolation).
///
/// Both angles are first normalized to [0, 360) (θ = ((θ mod 360) + 360) mod 360); then, with Δ = θ₂ − θ₁,
/// one of them is moved by 360° so that a linear interpolation from θ₁ to θ₂ follows the chosen arc:
/// - `shorter`: Δ > 180 → θ₁ += 360; Δ < −180 → θ₂ += 360 (the arc of at most 180°).
/// - `longer`: 0 < Δ < 180 → θ₁ += 360; −180 < Δ ≤ 0 → θ₂ += 360 (the arc of at least 180°).
/// - `increasing`: θ₂ < θ₁ → θ₂ += 360 (the angle only grows).
/// - `decreasing`: θ₁ < θ₂ → θ₁ += 360 (the angle only shrinks).
///
/// The raw values are the CSS keywords (`HueInterpolation(rawValue: "longer")`).
public enum HueInterpolation: String, Sendable, CaseIterable {
    case shorter, longer, increasing, decreasing

    /// An angle in degrees normalized to [0, 360) (no −0; non-finite values are returned unchanged).
    public static func normalized(_ h: Double) -> Double {
        guard h.isFinite else { return h }
        var r = h.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        if r >= 360 { r -= 360 }
        return r == 0 ? 0 : r
    }

    /// The two hues (degrees) normalized to [0, 360) and fixed up as CSS Color 4 §12.4 says, so that
    /// interpolating linearly between the results follows this method's arc.
    public func fixup(_ a: Double, _ b: Double) -> (Double, Double) {
        var h1 = Self.normalized(a), h2 = Self.normalized(b)
        let d = h2 - h1
        switch self {
        case .shorter:
            if d > 180 { h1 += 360 } else if d < -180 { h2 += 360 }
        case .longer:
            if 0 < d && d < 180 { h1 += 360 } else if -180 < d && d <= 0 { h2 += 360 }
        case .increasing:
            if h2 < h1 { h2 += 360 }
        case .decreasing:
            if h1 < h2 { h1 += 360 }
        }
        return (h1, h2)
    }
}
