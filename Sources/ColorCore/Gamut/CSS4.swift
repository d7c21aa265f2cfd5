/// The CSS Color 4 gamut-mapping algorithm (https://www.w3.org/TR/css-color-4/#binsearch): a binary
/// search on OKLCH chroma at constant lightness and hue, accepting a clipped color within JND = 0.02 ΔEOK,
/// ε = 0.0001. L ≥ 1 maps to white, L ≤ 0 to black; colors already in gamut are returned converted.
///
/// Steps as in the spec's pseudo-code (and Color.js's `toGamutCSS`): if clip(origin) is within JND, return it;
/// else bisect chroma in [0, C]: while the lower bound is still in gamut, an in-gamut midpoint raises it
/// without clipping; otherwise the midpoint is clipped and accepted (raising the lower bound) when its ΔEOK
/// to the unclipped midpoint is below JND, stopping early when JND − ΔE < ε. The last clipped color is the
/// result. Clipping happens in the target's RGB gamut space (`srgb` for `hsl`/`hwb`).
///
/// Huge chroma (any finite value, 1e300 included): where the RGB of a chroma overflows (LMS′ cubed is infinite,
/// inf − inf is NaN), it counts as far outside, as the bisection's own answer for it is: never in gamut, and
/// its clip is the clip at chroma ±1e100, where L is below an ulp of c·dir so the RGB only scales by c³ and
/// each clipped channel is 0 or 1 by its sign, as for every larger chroma; its ΔEOK to the unclipped color is
/// then huge or infinite (≥ JND). A chroma ≥ 1e6 thus halves down to where nothing overflows and the search
/// ends where it ends from there: the result of C and of C·2⁻ᵏ agree wherever the first k midpoints are far.
/// An infinite chroma (`calc(infinity)`) is the largest Double, an infinite hue 0°. Results for colors whose
/// RGB does not overflow are unchanged, bit for bit.
public enum GamutCSS4 {
    public static let jnd = 0.02
    public static let epsilon = 0.0001

    public static func map(_ color: Color, to target: ColorSpaceID, spaces: ColorSpaceRegistry) throws -> Color {
        let gamut = try spaces.boundedGamut(of: target)
        let origin = try spaces.convert(color, to: .oklch)
        if origin.coords.x.isNaN || origin.coords.y.isNaN {
            // A missing lightness or chroma is 0; a NaN computed from present coordinates is an overflow (inf − inf
            // in the conversion), which has no lightness to search at: an error, not black.
            let computed = try spaces.convert(Color(color.space, coords: color.coordsForConversion), to: .oklch).coords
            if computed.x.isNaN || computed.y.isNaN {
                throw ColorCoreError.unsupported("cannot gamut-map a color whose conversion to OKLCH overflows (a "
                    + "coordinate too large for \(color.space.rawValue)); use coordinates of a displayable size")
            }
        }
        let l = origin.coords.x.isNaN ? 0 : origin.coords.x
        // White and black as XYZ, so they land exactly on (1, 1, 1) and (0, 0, 0) in every D65 RGB space.
        if l >= 1 { return try spaces.convert(Color(.xyzD65, coords: WhitePoint.d65.xyz, alpha: color.alpha), to: target) }
        if l <= 0 { return try spaces.convert(Color(.xyzD65, 0, 0, 0, alpha: color.alpha), to: target) }
        if try spaces.inGamut(origin, of: gamut, epsilon: 0) { return try spaces.convert(color, to: target) }

        let toGamut = try spaces.plan(from: .oklch, to: gamut)
        let toOKLab = try spaces.plan(from: gamut, to: .oklab)
        let lchToLab = try spaces.plan(from: .oklch, to: .oklab)
        /// The gamut RGB of (L, C, h); where it overflows, the RGB at chroma ±1e100 (see the type's summary).
        func toRGB(_ lch: SIMD3<Double>) -> SIMD3<Double> {
            let v = toGamut.apply(lch)
            if v.x.isFinite && v.y.isFinite && v.z.isFinite { return v }
            var far = lch
            far.y = lch.y < 0 ? -Self.farChroma : Self.farChroma
            return toGamut.apply(far)
        }
        func clip(_ v: SIMD3<Double>) -> SIMD3<Double> {
            v.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
        }
        func deltaEOK(_ clippedRGB: SIMD3<Double>, _ lch: SIMD3<Double>) -> Double {
            DeltaEOK.distance(toOKLab.apply(clippedRGB), lchToLab.apply(lch))
        }
        var current = origin.coordsForConversion
        // CSS's own infinities (`calc(infinity)`): an infinite chroma is the largest Double (CSS Values 4 §10.12
        // clamps an infinite result to the largest value supported; from +∞ the bisection could never halve),
        // an infinite hue has no direction and is 0°, as the parser reads one.
        if current.y.isInfinite { current.y = current.y > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude }
        if current.z.isInfinite { current.z = 0 }
        var rgb = toRGB(current)
        var clipped = clip(rgb)
        var e = deltaEOK(clipped, current)
        if e < jnd { return try spaces.convert(Color(gamut, coords: clipped, alpha: color.alpha), to: target) }
        var lo = 0.0, hi = current.y, loInGamut = true
        while hi - lo > epsilon {
            let chroma = (lo + hi) / 2
            current.y = chroma
            rgb = toRGB(current)
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

    /// The chroma whose RGB stands in for an overflowing one: |LMS′| ≤ 1.3e100, cubed ≤ 2.2e300, and every
    /// RGB matrix row sums it to far below the Double range.
    static let farChroma = 1e100

    public static let mapper = GamutMapper(id: "css4", name: "CSS Color 4 binary search in OKLCH", batch: .css4, map: map)
}
