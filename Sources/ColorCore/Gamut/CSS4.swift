/// The CSS Color 4 gamut-mapping algorithm (https://www.w3.org/TR/css-color-4/#binsearch): a binary
/// search on OKLCH chroma at constant lightness and hue, accepting a clipped color within JND = 0.02 ΔEOK,
/// ε = 0.0001. L ≥ 1 maps to white, L ≤ 0 to black; colors already in gamut are returned converted.
///
/// Steps as in the spec's pseudo-code (and Color.js's `toGamutCSS`): if clip(origin) is within JND, return it;
/// else bisect chroma in [0, C]: while the lower bound is still in gamut, an in-gamut midpoint raises it
/// without clipping; otherwise the midpoint is clipped and accepted (raising the lower bound) when its ΔEOK
/// to the unclipped midpoint is below JND, stopping early when JND − ΔE < ε. The last clipped color is the
/// result. Clipping happens in the target's RGB gamut space (`srgb` for `hsl`/`hwb`).
public enum GamutCSS4 {
    public static let jnd = 0.02
    public static let epsilon = 0.0001

    public static func map(_ color: Color, to target: ColorSpaceID, spaces: ColorSpaceRegistry) throws -> Color {
        let gamut = try spaces.boundedGamut(of: target)
        let origin = try spaces.convert(color, to: .oklch)
        let l = origin.coords.x.isNaN ? 0 : origin.coords.x
        // White and black as XYZ, so they land exactly on (1, 1, 1) and (0, 0, 0) in every D65 RGB space.
        if l >= 1 { return try spaces.convert(Color(.xyzD65, coords: WhitePoint.d65.xyz, alpha: color.alpha), to: target) }
        if l <= 0 { return try spaces.convert(Color(.xyzD65, 0, 0, 0, alpha: color.alpha), to: target) }
        if try spaces.inGamut(origin, of: gamut, epsilon: 0) { return try spaces.convert(color, to: target) }

        let toGamut = try spaces.plan(from: .oklch, to: gamut)
        let toOKLab = try spaces.plan(from: gamut, to: .oklab)
        let lchToLab = try spaces.plan(from: .oklch, to: .oklab)
        func clip(_ v: SIMD3<Double>) -> SIMD3<Double> {
            v.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
        }
        func deltaEOK(_ clippedRGB: SIMD3<Double>, _ lch: SIMD3<Double>) -> Double {
            DeltaEOK.distance(toOKLab.apply(clippedRGB), lchToLab.apply(lch))
        }
        var current = origin.coordsForConversion
        var rgb = toGamut.apply(current)
        var clipped = clip(rgb)
        var e = deltaEOK(clipped, current)
        if e < jnd { return try spaces.convert(Color(gamut, coords: clipped, alpha: color.alpha), to: target) }
        var lo = 0.0, hi = current.y, loInGamut = true
        while hi - lo > epsilon {
            let chroma = (lo + hi) / 2
            current.y = chroma
            rgb = toGamut.apply(current)
            if loInGamut && rgb.min() >= 0 && rgb.max() <= 1 { lo = chroma; continue }
            clipped = clip(rgb)
            e = deltaEOK(clipped, current)
            if e < jnd {
                if jnd - e < epsilon { break }
                loInGamut = false
                lo = chroma
            } else {
                hi = chroma
            }
        }
        return try spaces.convert(Color(gamut, coords: clipped, alpha: color.alpha), to: target)
    }

    public static let mapper = GamutMapper(id: "css4", name: "CSS Color 4 binary search in OKLCH", batch: .css4, map: map)
}
