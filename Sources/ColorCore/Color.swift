/// A color: a space id, three coordinates and alpha, in the conventions of the CSS Color 4 spec.
///
/// Coordinates follow the space's own ranges (RGB 0…1, Lab L 0…100, OKLab L 0…1, HSL s/l 0…100,
/// hues in degrees). A coordinate that is NaN is *missing* (CSS `none`), never an error: a powerless
/// hue after a conversion, or `none` written by the user. Alpha may be NaN (`none`) as well.
public struct Color: Sendable, CustomStringConvertible {
    public var space: ColorSpaceID
    public var coords: SIMD3<Double>
    public var alpha: Double
    /// How the color was written in CSS, when it came from `Workbench.parse` (nil otherwise). Only the
    /// serializer reads it; equality and hashing ignore it, and conversions drop it.
    public var cssSyntax: CSSSyntax? = nil

    public init(_ space: ColorSpaceID, _ c0: Double, _ c1: Double, _ c2: Double, alpha: Double = 1) {
        self.space = space
        self.coords = SIMD3(c0, c1, c2)
        self.alpha = alpha
    }

    public init(_ space: ColorSpaceID, coords: SIMD3<Double>, alpha: Double = 1) {
        self.space = space
        self.coords = coords
        self.alpha = alpha
    }

    /// Coordinates with every missing (NaN) component replaced by zero, as CSS Color 4 §12.2 says
    /// conversions treat them.
    public var coordsForConversion: SIMD3<Double> {
        SIMD3(coords[0].isNaN ? 0 : coords[0], coords[1].isNaN ? 0 : coords[1], coords[2].isNaN ? 0 : coords[2])
    }

    public var description: String {
        func f(_ v: Double) -> String { v.isNaN ? "none" : "\(v)" }
        let a = alpha == 1 ? "" : " / \(f(alpha))"
        return "\(space.rawValue)(\(f(coords[0])) \(f(coords[1])) \(f(coords[2]))\(a))"
    }
}

extension Color: Equatable {
    /// Exact equality in which two missing (NaN) components are equal.
    public static func == (lhs: Color, rhs: Color) -> Bool {
        func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
        return lhs.space == rhs.space && same(lhs.alpha, rhs.alpha)
            && same(lhs.coords[0], rhs.coords[0]) && same(lhs.coords[1], rhs.coords[1])
            && same(lhs.coords[2], rhs.coords[2])
    }
}

extension Color: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(space)
        for v in [coords[0], coords[1], coords[2], alpha] { hasher.combine(v.isNaN ? Double.nan.bitPattern : v.bitPattern) }
    }
}
