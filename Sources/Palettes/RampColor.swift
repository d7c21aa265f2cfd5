import ColorCore

/// One generated color: its OKLCH coordinates and its extended (unclipped) sRGB value.
///
/// The sRGB value is the truth for display and contrast; `oklch` is what the generator aimed for
/// (for the gray ramp, computed back from sRGB).
public struct RampColor: Sendable, Equatable {
    /// OKLCH L (0…1), C, h (degrees; NaN when achromatic).
    public var oklch: SIMD3<Double>
    /// Encoded extended sRGB: channels may lie outside 0…1 for Display P3 colors.
    public var srgb: SIMD3<Double>
    /// Opacity 0…1 (tokens such as surfaces carry less than 1).
    public var alpha: Double

    public init(oklch: SIMD3<Double>, srgb: SIMD3<Double>, alpha: Double = 1) {
        self.oklch = oklch; self.srgb = srgb; self.alpha = alpha
    }

    /// From OKLCH through Ottosson's matrices to extended sRGB (no clipping).
    public init(oklch l: Double, _ c: Double, _ h: Double, alpha: Double = 1) {
        self.oklch = SIMD3(l, c, h)
        self.srgb = TokenMath.encode(TokenMath.linearSRGB(oklch: l, c, h.isNaN ? 0 : h))
        self.alpha = alpha
    }

    /// From extended sRGB; OKLCH computed with Ottosson's matrices.
    public init(srgb: SIMD3<Double>, alpha: Double = 1) {
        self.srgb = srgb
        self.oklch = TokenMath.oklch(linearSRGB: TokenMath.decode(srgb))
        self.alpha = alpha
    }

    /// Linear-light sRGB.
    public var linearSRGB: SIMD3<Double> { TokenMath.decode(srgb) }
    /// Relative luminance (ColorTokensKit's Y row).
    public var luminance: Double { TokenMath.luminance(linearSRGB: linearSRGB) }
    /// CIELab L\* of the luminance (decides WCAG contrast).
    public var lightnessStar: Double { TokenMath.lightnessStar(luminance: luminance) }
    /// `#rrggbb` or `color(display-p3 …)`, as ColorTokensKit's docs print it.
    public var css: String { TokenMath.displayForm(srgb: srgb) }
    /// `#rrggbb` with channels clamped into sRGB.
    public var hex: String { TokenMath.clampedHex(srgb: srgb) }
    /// As a ColorCore color in `srgb` (extended values kept).
    public var color: Color { Color(.srgb, coords: srgb, alpha: alpha) }
    /// Whether the color has no visible hue (C ≤ 0.005, ColorTokensKit's gray test).
    public var isAchromatic: Bool { !(oklch.y > 0.005) }

    /// This color painted at its alpha over an opaque `background` (blend in encoded sRGB, as UIKit and CSS do).
    public func composited(over background: RampColor) -> RampColor {
        if alpha >= 1 { return self }
        let mixed = srgb * alpha + background.srgb * (1 - alpha)
        return RampColor(srgb: mixed)
    }

    /// The same color at another opacity.
    public func withAlpha(_ a: Double) -> RampColor { var c = self; c.alpha = a; return c }
}

extension RampColor {
    /// Tolerance of the range check: conversions of white and black land a few ulps outside 0…1.
    static let rangeSlack = 1e-6

    /// Checks what a generator returned, color by color, before anything reads it: OKLCH L finite in 0…1, C
    /// finite in 0…1 (no display color comes near 1; 1e300 is a broken generator, not a color), h finite or
    /// missing (NaN, an achromatic color), alpha in 0…1 and the sRGB value finite. Throws
    /// `PalettesError.invalidRampColor` naming the generator, the family and the stop.
    public static func validate(_ colors: [RampColor], generator: String, family: String, stops: [Stop] = Scale.ctk.stops) throws {
        func fmt(_ v: Double) -> String { v.isNaN ? "NaN" : v.isInfinite ? (v > 0 ? "inf" : "-inf") : "\(v)" }
        for (i, c) in colors.enumerated() {
            let (l, ch, h) = (c.oklch.x, c.oklch.y, c.oklch.z)
            var reason: String? = nil
            if !l.isFinite || l < -rangeSlack || l > 1 + rangeSlack { reason = "lightness L = \(fmt(l))" }
            else if !ch.isFinite || ch < -rangeSlack || ch > 1 { reason = "chroma C = \(fmt(ch))" }
            else if h.isInfinite { reason = "hue h = \(fmt(h))" }
            else if !(c.alpha >= 0 && c.alpha <= 1) { reason = "alpha = \(fmt(c.alpha))" }
            else if !(c.srgb.x.isFinite && c.srgb.y.isFinite && c.srgb.z.isFinite) { reason = "a color with no finite sRGB value" }
            if let reason {
                throw PalettesError.invalidRampColor(generator: generator, family: family,
                                                     stop: i < stops.count ? stops[i].name : "#\(i + 1)",
                                                     reason: reason)
            }
        }
    }
}
