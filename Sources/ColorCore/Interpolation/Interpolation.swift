/// The categories of "analogous components" of CSS Color 4 §12.2
/// (https://www.w3.org/TR/css-color-4/#interpolation-missing): a component missing (`none`) in a color stays
/// missing after conversion to an interpolation space that has a component of the same category.
///
/// | category | components |
/// |---|---|
/// | reds, greens, blues | r, g, b of the RGB spaces; x, y, z of XYZ |
/// | lightness | L of lab, lch, oklab, oklch; l of hsl |
/// | colorfulness | C of lch, oklch; s of hsl and hsv |
/// | hue | every hue coordinate (`Coordinate.isHue`) |
/// | opposing a, opposing b | a, b of lab and oklab |
public enum AnalogousComponent: Sendable, Equatable {
    case red, green, blue, lightness, colorfulness, hue, opposingA, opposingB

    /// The category of each coordinate of a space (nil: no analogue). Spaces are recognized by the shape
    /// of their coordinates: `[r g b]`, `[x y z]`, `[l a b]`, `[l c h]`, `[h s l]`, `[h s v]`; any coordinate
    /// marked as a hue counts as a hue (e.g. HWB's, JzCzHz's).
    public static func of(_ space: ColorSpace) -> [AnalogousComponent?] {
        let names = space.coordinates.map { $0.name.lowercased() }
        var out: [AnalogousComponent?] = space.coordinates.map { $0.isHue ? .hue : nil }
        switch names {
        case ["r", "g", "b"], ["x", "y", "z"]: out = [.red, .green, .blue]
        case ["l", "a", "b"]: out = [.lightness, .opposingA, .opposingB]
        case ["l", "c", "h"] where space.coordinates[2].isHue: out = [.lightness, .colorfulness, .hue]
        case ["h", "s", "l"] where space.coordinates[0].isHue: out = [.hue, .colorfulness, .lightness]
        case ["h", "s", "v"] where space.coordinates[0].isHue: out = [.hue, .colorfulness, nil]
        default: break
        }
        while out.count < 3 { out.append(nil) }
        return out
    }
}

extension Workbench {
    /// Converts a color into an interpolation space as CSS Color 4 §12.2 prescribes: missing components
    /// count as 0 for the conversion, a powerless hue of the result becomes missing, and a component that was
    /// missing in `color` makes its analogous component in `space` missing ("carried forward"). A color
    /// already in `space` is returned as is (a hue written with zero chroma keeps its value, as WPT expects).
    public func convertCarryingForward(_ color: Color, to space: ColorSpaceID) throws -> Color {
        let target = try spaces.canonicalID(space.rawValue)
        let source = try spaces.canonicalID(color.space.rawValue)
        var out = try spaces.convert(color, to: target)
        guard source != target else { return out }
        let from = AnalogousComponent.of(try spaces.space(source))
        let to = AnalogousComponent.of(try spaces.space(target))
        for i in 0..<3 where color.coords[i].isNaN {
            guard let kind = from[i], let j = to.firstIndex(where: { $0 == kind }) else { continue }
            out.coords[j] = .nan
        }
        return out
    }

    /// Interpolates two colors in `space` by CSS Color 4 §12 (https://www.w3.org/TR/css-color-4/#interpolation):
    /// progress `t` = 0 gives `a`, 1 gives `b`; values outside 0…1 extrapolate.
    ///
    /// 1. Both colors are converted to `space` (`convertCarryingForward`: powerless hues and carried-forward
    ///    analogous components become missing).
    /// 2. A component (or alpha) missing in one color takes the other's value; missing in both, it stays
    ///    missing in the result (§12.2).
    /// 3. Hues are fixed up by `hue` (§12.4, `HueInterpolation.fixup`).
    /// 4. With `premultiplied` (§12.3), every non-hue component is multiplied by its color's alpha
    ///    (skipped when alpha is missing in both): cᵢ′ = cᵢ·αᵢ.
    /// 5. Linear interpolation: v = v₁ + (v₂ − v₁)·t for components, hue and alpha.
    /// 6. Premultiplied components are divided by the interpolated alpha α = α₁ + (α₂ − α₁)·t. When α = 0 the
    ///    un-premultiplied interpolation is used instead (the division has no value; the color is transparent).
    /// 7. The hue is normalized to [0, 360).
    ///
    /// The result is in `space`, with no `cssSyntax`. Exact to Double rounding apart from the conversions.
    public func interpolate(_ a: Color, _ b: Color, at t: Double, in space: ColorSpaceID,
                            hue: HueInterpolation = .shorter, premultiplied: Bool = true) throws -> Color {
        try Interpolator(a, b, in: space, hue: hue, premultiplied: premultiplied, workbench: self).at(t)
    }

    /// `count` evenly spaced colors from `a` to `b`, both included (t = i / (count − 1)); one color gives
    /// `[a]` in `space`, zero gives `[]`. Each step is `interpolate(a, b, at: t, in: space, hue: hue,
    /// premultiplied: premultiplied)`.
    /// - Complexity: two conversions, then O(count).
    public func steps(from a: Color, to b: Color, count: Int, in space: ColorSpaceID,
                      hue: HueInterpolation = .shorter, premultiplied: Bool = true) throws -> [Color] {
        guard count > 0 else { return [] }
        let ip = try Interpolator(a, b, in: space, hue: hue, premultiplied: premultiplied, workbench: self)
        if count == 1 { return [ip.at(0)] }
        return (0..<count).map { ip.at(Double($0) / Double(count - 1)) }
    }
}

/// Two colors prepared for interpolation (converted, missing components filled, hues fixed up); `at(t)`
/// does steps 4–7 of `Workbench.interpolate`.
struct Interpolator {
    let space: ColorSpaceID
    let hueIndex: Int?
    let premultiplied: Bool
    var c1: SIMD3<Double>, c2: SIMD3<Double>
    var a1: Double, a2: Double

    init(_ a: Color, _ b: Color, in space: ColorSpaceID, hue: HueInterpolation, premultiplied: Bool,
         workbench w: Workbench) throws {
        let id = try w.spaces.canonicalID(space.rawValue)
        let s = try w.spaces.space(id)
        let x = try w.convertCarryingForward(a, to: id), y = try w.convertCarryingForward(b, to: id)
        self.space = id
        self.premultiplied = premultiplied
        let hi = s.coordinates.firstIndex(where: \.isHue)
        self.hueIndex = hi.flatMap { $0 < 3 ? $0 : nil }
        c1 = x.coords; c2 = y.coords
        for i in 0..<3 {
            if c1[i].isNaN { c1[i] = c2[i] } else if c2[i].isNaN { c2[i] = c1[i] }
        }
        a1 = x.alpha.isNaN ? y.alpha : x.alpha
        a2 = y.alpha.isNaN ? x.alpha : y.alpha
        if let h = hueIndex, !c1[h].isNaN {
            (c1[h], c2[h]) = hue.fixup(c1[h], c2[h])
        }
    }

    func at(_ t: Double) -> Color {
        func lerp(_ p: Double, _ q: Double) -> Double { p + (q - p) * t }
        let alpha = lerp(a1, a2)
        var out = SIMD3<Double>()
        let premultiply = premultiplied && !alpha.isNaN && alpha != 0
        for i in 0..<3 {
            if i == hueIndex || !premultiply {
                out[i] = lerp(c1[i], c2[i])
            } else {
                out[i] = lerp(c1[i] * a1, c2[i] * a2) / alpha
            }
        }
        if let h = hueIndex { out[h] = HueInterpolation.normalized(out[h]) }
        return Color(space, coords: out, alpha: alpha)
    }
}
