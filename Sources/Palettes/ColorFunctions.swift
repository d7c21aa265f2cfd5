import Foundation
import ColorCore

/// A color and, when it is one, the palette stop it is: the input and output of the color functions.
public struct Swatch: Sendable {
    public var color: RampColor
    /// The family whose ramp the color belongs to (or was derived from).
    public var family: Family?
    /// The stop, when the color is exactly that stop of `family`'s ramp; nil for off-palette colors.
    public var stop: Stop?

    public init(color: RampColor, family: Family? = nil, stop: Stop? = nil) {
        self.color = color; self.family = family; self.stop = stop
    }
}

/// CSS Color 4 hue interpolation paths: ColorCore's `HueInterpolation` (one definition; this name keeps the
/// Palettes API).
public typealias HuePath = HueInterpolation

/// Color harmonies: the swatch first, then the related colors.
public enum Harmony: String, Sendable, CaseIterable {
    case complement, triad, tetrad, square, splitComplement = "split-complement", analogous
    case monochromatic, tints, shades

    /// Hue offsets in degrees for the hue-based harmonies (each color keeps its stop index).
    public var hueOffsets: [Double] {
        switch self {
        case .complement: return [180]
        case .triad: return [120, 240]
        case .tetrad: return [60, 180, 240]
        case .square: return [90, 180, 270]
        case .splitComplement: return [150, 210]
        case .analogous: return [-30, 30]
        case .monochromatic, .tints, .shades: return []
        }
    }
}

/// ColorTokensKit's color functions over a palette.
///
/// A palette stop moves to the exact stop n away and sticks at `_50`/`_1000`. An off-palette color moves
/// along the L\* ladder of the chromatic ramp (gray's ladder for colors with C ≤ 0.005): its fractional
/// position is found by linear interpolation between the stops' L\* (extended at the ends by the end
/// spacing), moved, and the color rebuilt at the new L\* with its hue and chroma kept, chroma reduced only as
/// far as Display P3 needs.
public struct ColorFunctions: Sendable {
    public let workbench: PaletteWorkbench
    public let palette: Palette

    public init(workbench: PaletteWorkbench = .standard, palette: Palette = .standard) {
        self.workbench = workbench; self.palette = palette
    }

    /// The ramp of a family: from the palette when it holds that family, else generated.
    public func ramp(for family: Family) throws -> [RampColor] {
        if palette.family(family.id) == family, let r = palette.ramp(family.id) { return r }
        return try workbench.ramp(for: family)
    }

    public func swatch(_ family: Family, _ stop: Stop) throws -> Swatch {
        Swatch(color: try ramp(for: family)[try family.scale.index(stop, context: "family '\(family.id)'")], family: family, stop: stop)
    }

    public func swatch(_ familyName: String, _ stop: Stop) throws -> Swatch {
        try swatch(try workbench.family(named: familyName), stop)
    }

    // MARK: Ladder

    /// CIELab L\* per stop of the ladder a color moves on.
    public func ladder(for color: RampColor) -> [Double] {
        if color.isAchromatic, let gray = palette.ramp(Family.gray.id) { return gray.map(\.lightnessStar) }
        return UniformLStar.lightnessStar
    }

    /// The fractional stop position of an L\* on a ladder (0 = `_50`, 19 = `_1000`, extended past the ends).
    public static func position(ofLightnessStar l: Double, ladder: [Double]) -> Double {
        let last = ladder.count - 1
        if l >= ladder[0] { return -(l - ladder[0]) / (ladder[0] - ladder[1]) }
        for i in 0..<last where l >= ladder[i + 1] {
            return Double(i) + (ladder[i] - l) / (ladder[i] - ladder[i + 1])
        }
        return Double(last) + (ladder[last] - l) / (ladder[last - 1] - ladder[last])
    }

    /// The L\* at a fractional stop position (inverse of `position`), clamped to 0…100.
    public static func lightnessStar(atPosition p: Double, ladder: [Double]) -> Double {
        let last = ladder.count - 1
        let v: Double
        if p <= 0 { v = ladder[0] - p * (ladder[0] - ladder[1]) }
        else if p >= Double(last) { v = ladder[last] - (p - Double(last)) * (ladder[last - 1] - ladder[last]) }
        else {
            let i = Int(p)
            v = ladder[i] + (ladder[i + 1] - ladder[i]) * (p - Double(i))
        }
        return min(max(v, 0), 100)
    }

    /// A color rebuilt at L\* with hue and chroma kept, fitted into Display P3.
    func rebuilt(_ c: RampColor, lightnessStar l: Double, chroma: Double? = nil, hue: Double? = nil) -> RampColor {
        let h = hue ?? (c.oklch.z.isNaN ? 0 : c.oklch.z)
        let v = TokenMath.fitted(lightnessStar: l, chroma: chroma ?? c.oklch.y, hue: h)
        return RampColor(oklch: v.x, v.y, v.z, alpha: c.alpha)
    }

    /// Moves a swatch n stops darker (n > 0) or lighter (n < 0).
    public func move(_ s: Swatch, by n: Int) throws -> Swatch {
        if let stop = s.stop, let f = s.family, f.scale.contains(stop) {
            let to = f.scale.offset(stop, by: n)
            var out = try swatch(f, to)
            out.color.alpha = s.color.alpha
            return out
        }
        let ladder = ladder(for: s.color)
        let p = ColorFunctions.position(ofLightnessStar: s.color.lightnessStar, ladder: ladder) + Double(n)
        return Swatch(color: rebuilt(s.color, lightnessStar: ColorFunctions.lightnessStar(atPosition: p, ladder: ladder)),
                      family: s.family, stop: nil)
    }

    /// n stops lighter.
    public func lighten(_ s: Swatch, by n: Int = 1) throws -> Swatch { try move(s, by: -n) }
    /// n stops darker.
    public func darken(_ s: Swatch, by n: Int = 1) throws -> Swatch { try move(s, by: n) }
    /// n stops toward the background: lighter in light mode, darker in dark mode.
    public func soften(_ s: Swatch, by n: Int = 1, mode: Mode) throws -> Swatch { try move(s, by: mode == .light ? -n : n) }
    /// n stops away from the background: darker in light mode, lighter in dark mode.
    public func strengthen(_ s: Swatch, by n: Int = 1, mode: Mode) throws -> Swatch { try move(s, by: mode == .light ? n : -n) }

    /// The mirror across the ramp: `_200` ↔ `_850`; off-palette colors mirror their ladder position.
    public func invert(_ s: Swatch) throws -> Swatch {
        if let stop = s.stop, let f = s.family, f.scale.contains(stop) { return try swatch(f, f.scale.inverted(stop)) }
        let ladder = ladder(for: s.color)
        let p = Double(ladder.count - 1) - ColorFunctions.position(ofLightnessStar: s.color.lightnessStar, ladder: ladder)
        return Swatch(color: rebuilt(s.color, lightnessStar: ColorFunctions.lightnessStar(atPosition: p, ladder: ladder)),
                      family: s.family, stop: nil)
    }

    /// OKLCH chroma × (1 + amount) at the same L\* and hue, fitted into Display P3 (an off-palette color).
    public func saturate(_ s: Swatch, by amount: Double) -> Swatch {
        let c = s.color
        return Swatch(color: rebuilt(c, lightnessStar: c.lightnessStar, chroma: max(c.oklch.y * (1 + amount), 0)),
                      family: s.family, stop: nil)
    }

    /// OKLCH chroma × (1 − amount), at least 0.
    public func desaturate(_ s: Swatch, by amount: Double) -> Swatch { saturate(s, by: -amount) }

    /// The family whose hue is `hue` on a scale: a registered uniform-lstar family with that hue and scale, else
    /// a hue family.
    public func family(forHue hue: Double, scale: Scale = .ctk) -> Family {
        let h = TokenMath.roundedHue(hue)
        return workbench.families.all.first { $0.hue == h && $0.generator == UniformLStar.id && $0.scale == scale }
            ?? Family.forHue(h, scale: scale)
    }

    /// Rotates the hue: a stop keeps its index on the rotated family's ramp; other colors keep L\* and chroma.
    /// Hue-less families (gray) do not move.
    public func rotateHue(_ s: Swatch, by degrees: Double) throws -> Swatch {
        if let stop = s.stop, let f = s.family {
            guard let h = f.hue else { return s }
            return try swatch(family(forHue: h + degrees, scale: f.scale), stop)
        }
        guard !s.color.isAchromatic else { return s }
        let h = TokenMath.roundedHue(s.color.oklch.z + degrees)
        return Swatch(color: rebuilt(s.color, lightnessStar: s.color.lightnessStar, hue: h), family: nil, stop: nil)
    }

    /// The harmony of a swatch: the swatch first, then the related colors.
    public func harmony(_ s: Swatch, _ kind: Harmony) throws -> [Swatch] {
        switch kind {
        case .monochromatic: return try [-6, -3, 3, 6].reduce(into: [s]) { $0.append(try move(s, by: $1)) }
        case .tints: return try [2, 4, 6, 8].reduce(into: [s]) { $0.append(try lighten(s, by: $1)) }
        case .shades: return try [2, 4, 6, 8].reduce(into: [s]) { $0.append(try darken(s, by: $1)) }
        default: return try [s] + kind.hueOffsets.map { try rotateHue(s, by: $0) }
        }
    }

    // MARK: Mixing

    /// Fits a color into Display P3 with the CSS Color 4 gamut mapping and returns it as extended sRGB.
    public func fittedP3(_ c: Color) throws -> RampColor {
        let core = workbench.core
        let p3 = try core.mapGamut(c, to: .displayP3, method: "css4")
        let srgb = try core.convert(p3, to: .srgb)
        return RampColor(srgb: srgb.coordsForConversion, alpha: c.alpha)
    }

    /// Mixes `a` and `b` in OKLab (t = 0 gives a) with `Workbench.interpolate` (CSS Color 4 §12, alpha
    /// premultiplied as CSS Color 5 `color-mix` does), then fits the result into Display P3 with the CSS Color 4
    /// algorithm.
    public func blend(_ a: RampColor, _ b: RampColor, _ t: Double = 0.5) throws -> RampColor {
        try fittedP3(try workbench.core.interpolate(a.color, b.color, at: t, in: .oklab))
    }

    /// `steps` colors from `a` to `b` (both included) interpolated in OKLCH along a CSS hue path
    /// (`Workbench.steps`, CSS Color 4 §12: a missing hue, as an achromatic end has, takes the other end's hue;
    /// alpha premultiplied), each fitted into Display P3.
    public func gradient(from a: RampColor, to b: RampColor, steps: Int, hue path: HuePath = .shorter) throws -> [RampColor] {
        precondition(steps >= 2, "a gradient needs at least 2 steps")
        return try workbench.core.steps(from: a.color, to: b.color, count: steps, in: .oklch, hue: path).map(fittedP3)
    }
}
