import ColorCore

extension BatchGamutMapper {
    /// How sure a lane decision must be: every comparison the search makes (a linear RGB channel against 0 and
    /// 1, ΔEOK against JND, JND − ΔEOK against ε) must clear its threshold by this much. The lanes compute in
    /// Double with fused matrices, a vector cube root (≤ 4e-16 relative) and sin/cos (≤ 1.3e-15), so they agree
    /// with the reference chain to about 1e-14; a margin of 1e-8 is far beyond that, and a decision inside it
    /// (a few in 10⁷ colors) is handed back to the reference.
    static let decisionMargin = 1e-8

    /// The outcome of the CSS Color 4 search for four OKLCH colors (L, C, h; missing components already read as
    /// 0), with every decision certified to be the one `GamutCSS4.map` takes:
    /// - `status` per lane: 1 = the origin is in gamut (the result is the plain conversion), 2 = the result is
    ///   the clip of (L, `chroma`, h) into the gamut's RGB (the chroma at which the reference clips last),
    ///   0 = not certain or outside the kernel's domain (white, black, non-finite, huge hue): run the reference.
    /// - `chroma`: for status 2, the chroma the reference's last clip uses, bit for bit (the bisection's
    ///   midpoints are exact functions of its decisions).
    ///
    /// The caller then computes the result with the reference's own Double plans, so the output is identical to
    /// `GamutCSS4.map` while the search's iterations (the costly part) run four colors at a time.
    /// The mapper must be built for an RGB target that is its own gamut (`kernel == .css4`).
    public func css4Decisions(_ L: Double4, _ C0: Double4, _ H: Double4) -> (status: SIMD4<Int64>, chroma: Double4) {
        typealias V = VectorMathDouble
        typealias Mask = SIMDMask<SIMD4<Int64>>
        let zero = Double4(repeating: 0), one = Double4(repeating: 1)
        let delta = Double4(repeating: Self.decisionMargin)
        let start = css4Origin(L, C0, H)
        var unsure = start.unsure
        let line = start.line, chroma0 = start.chroma0, origin = start.origin, originIn = start.originIn
        @_transparent func rgb(_ c: Double4) -> RGB4 { line.rgb(c) }
        @_transparent func inGamut(_ v: RGB4) -> Mask { ChromaLine4.inGamut(v) }
        /// Whether some channel is within the margin of 0 or 1 (the in-gamut test could go either way).
        @_transparent func nearEdge(_ v: RGB4) -> Mask {
            @_transparent func near(_ x: Double4) -> Mask { (V.abs(x) .< delta) .| (V.abs(x - one) .< delta) }
            return near(v.0) .| near(v.1) .| near(v.2)
        }
        @_transparent func clip(_ v: RGB4) -> RGB4 { ChromaLine4.clip(v) }
        /// ΔEOK between a clipped linear RGB color and (L, c, h); `tiny` marks LMS values below the cube root's
        /// accurate range.
        @_transparent func deltaE(_ v: RGB4, _ c: Double4) -> (e: Double4, tiny: Mask) {
            let lms = line.lms(v)
            let small = Double4(repeating: 1e-30)
            let tiny = ((lms.0 .> zero) .& (lms.0 .< small)) .| ((lms.1 .> zero) .& (lms.1 .< small))
                .| ((lms.2 .> zero) .& (lms.2 .< small))
            return (line.deltaE(lms: lms, chroma: c), tiny)
        }
        let jnd = Double4(repeating: Self.jnd), eps = Double4(repeating: Self.epsilon)
        var last = chroma0
        var done = originIn .| unsure
        if V.any(.!done) {
            let first = deltaE(clip(origin), chroma0)
            unsure = unsure .| (.!done .& (first.tiny .| (V.abs(first.e - jnd) .< delta)))
            done = done .| unsure .| (first.e .< jnd)
            var lo = zero, hi = chroma0
            var loInGamut = Mask(repeating: true)
            var active = (.!done) .& (hi - lo .> eps)
            while V.any(active) {
                let chroma = (lo + hi) * 0.5
                let v = rgb(chroma)
                let tested = active .& loInGamut
                unsure = unsure .| (tested .& nearEdge(v))
                let takeIn = tested .& inGamut(v)
                lo = V.select(takeIn, chroma, lo)
                let search = active .& .!takeIn
                if V.any(search) {
                    last = V.select(search, chroma, last)
                    let d = deltaE(clip(v), chroma)
                    let e = d.e
                    unsure = unsure .| (search .& (d.tiny .| (V.abs(e - jnd) .< delta)))
                    let below = search .& (e .< jnd)
                    unsure = unsure .| (below .& (V.abs((jnd - e) - eps) .< delta))
                    let stop = below .& (jnd - e .< eps)
                    let raise = below .& .!stop
                    loInGamut = loInGamut .& .!raise
                    lo = V.select(raise, chroma, lo)
                    hi = V.select(search .& .!below, chroma, hi)
                    active = active .& .!stop
                }
                active = active .& (hi - lo .> eps) .& .!unsure
            }
        }
        var status = SIMD4<Int64>(repeating: 2)
        status.replace(with: 1, where: originIn)
        status.replace(with: 0, where: unsure)
        return (status, last)
    }
    /// The first decision of `css4Decisions` alone, for four OKLCH colors: per lane, whether the origin is
    /// certainly in gamut (exactly the lanes `css4Decisions` gives status 1). A caller runs the search only on
    /// the other colors, packed four at a time.
    public func css4OriginInGamut(_ L: Double4, _ C0: Double4, _ H: Double4) -> SIMDMask<SIMD4<Int64>> {
        css4Origin(L, C0, H).originIn
    }

    /// The first step of the CSS Color 4 search for four colors: lanes outside the kernel's domain (0 < L < 1 —
    /// white and black are the reference's own branches —, |C| < 10⁶, |h| ≤ 10⁶) or whose origin has a channel
    /// within the margin of 0 or 1 are unsure (and run with harmless inputs); each lane's chroma line and origin
    /// (the unmapped color's linear RGB); the lanes whose origin is certainly in gamut.
    @inline(__always)
    func css4Origin(_ L: Double4, _ C0: Double4, _ H: Double4)
        -> (unsure: SIMDMask<SIMD4<Int64>>, originIn: SIMDMask<SIMD4<Int64>>, chroma0: Double4, line: ChromaLine4, origin: RGB4) {
        typealias V = VectorMathDouble
        typealias Mask = SIMDMask<SIMD4<Int64>>
        let zero = Double4(repeating: 0), one = Double4(repeating: 1)
        let delta = Double4(repeating: Self.decisionMargin)
        var unsure: Mask = .!((L .> zero) .& (L .< one) .& (V.abs(C0) .< Double4(repeating: 1e6))
                                .& (V.abs(H) .<= Double4(repeating: 1e6)))
        let hue = V.select(unsure, zero, H), chroma0 = V.select(unsure, zero, C0), light = V.select(unsure, Double4(repeating: 0.5), L)
        let line = ChromaLine4(self, light: light, hue: hue)
        let origin = line.rgb(chroma0)
        @_transparent func near(_ x: Double4) -> Mask { (V.abs(x) .< delta) .| (V.abs(x - one) .< delta) }
        unsure = unsure .| near(origin.0) .| near(origin.1) .| near(origin.2)
        return (unsure, ChromaLine4.inGamut(origin) .& .!unsure, chroma0, line, origin)
    }
}
