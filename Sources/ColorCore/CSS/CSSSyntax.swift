/// How a parsed color was written, as far as CSSOM serialization needs to know.
///
/// `Workbench.parse` sets it on the `Color` it returns (`Color.cssSyntax`); colors built in code have none.
/// It does not take part in equality or hashing, and conversions drop it (a converted color is a new value).
public struct CSSSyntax: Sendable, Hashable {
    /// Written in a legacy sRGB form: a named color, `transparent`, `#hex`, `rgb()`/`rgba()`, `hsl()`/`hsla()`
    /// or `hwb()`. CSSOM serializes these as `rgb(r, g, b)` / `rgba(r, g, b, a)` (CSS Color 4 §15.2).
    public var isLegacy: Bool
    /// Bit i set: component i (0…2 the coordinates, 3 alpha) was a `calc()` that evaluated to NaN. The stored
    /// value is 0 (CSS Values 4 §10.9 censors a top-level NaN to 0); the serializer writes `calc(NaN)` back
    /// where the specified-value form keeps it (`rgb()`, `color()`, `lab()`…).
    public var calcNaN: UInt8

    public init(isLegacy: Bool = false, calcNaN: UInt8 = 0) {
        self.isLegacy = isLegacy
        self.calcNaN = calcNaN
    }

    /// Whether component `index` (3 = alpha) was a `calc()` evaluating to NaN.
    public func isCalcNaN(_ index: Int) -> Bool { index >= 0 && index < 8 && calcNaN & (1 << UInt8(index)) != 0 }
}
