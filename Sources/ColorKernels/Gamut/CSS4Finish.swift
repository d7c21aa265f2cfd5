import ColorCore

extension BatchGamutMapper {
    /// How far `css4Results` may be from the reference's result, per encoded channel (absolute).
    ///
    /// The lanes compute the linear RGB of (L, c, h) on the fused chroma line (sin/cos of the hue in degrees
    /// within 2e-15 of the reference's sin/cos of h·π/180 for |h| ≤ 720, fused matrices): for c ≤ 1 and
    /// 0 < L < 1 the LMS′ values are below 2.3 in magnitude and within 4e-15 of the reference's, their cubes
    /// within 7e-14, the linear channels (matrix rows summing to at most 7.6 in magnitude) within 6e-13. The
    /// transfer curve's slope is at most 12.92 for the sRGB curve and at most 90 for a pure power above a linear
    /// value of 10⁻⁴ (lanes below that are not certain), and the lane power is within 1e-14 relative: 5.5e-11
    /// in all. The bound is 1e-10; the tests measure the largest difference against it.
    public static let resultTolerance = 1e-10

    /// The results the CSS Color 4 search gives (`GamutCSS4.map`) for colors whose `css4Decisions` status is 1
    /// (the origin, in gamut) or 2 (the clip at `chroma`), computed on four Double lanes, each channel within
    /// `resultTolerance` of the reference's — not bit for bit: a caller prints them only where rounding to its
    /// digits is the same for every value within the tolerance, and takes the reference elsewhere.
    ///
    /// `certain[i]` is false (and `out[i]` unspecified) for status 0, chroma above 1, |h| above 720, and a channel whose clip
    /// or transfer branch is not certain within the tolerance (a linear value within 1e-12 of 0, 1 or the sRGB
    /// curve's knee 0.0031308; below 10⁻⁴ for a pure power). Returns false, writing nothing, when the target's
    /// transfer curve has no lane form (ProPhoto) or the mapper has no css4 kernel: the caller takes the reference
    /// for every color.
    ///
    /// `hues`: each color's (cos h, sin h) as `css4Decisions` gave them, or nil to compute them here.
    public func css4Results(_ colors: UnsafeBufferPointer<SIMD3<Double>>, status: UnsafePointer<UInt8>,
                            chroma: UnsafePointer<Double>, hues: UnsafePointer<SIMD2<Double>>? = nil,
                            into out: UnsafeMutablePointer<SIMD3<Double>>,
                            certain: UnsafeMutablePointer<Bool>) -> Bool {
        typealias V = VectorMathDouble
        typealias Mask = SIMDMask<SIMD4<Int64>>
        guard kernel == .css4 else { return false }
        let power: Double?
        switch transfer {
        case .srgb?: power = nil
        case .gamma(let g)?: power = 1 / g
        default: return false
        }
        let n = colors.count
        let zero = Double4(repeating: 0), one = Double4(repeating: 1)
        let margin = Double4(repeating: 1e-12)
        let matrices = ChromaLine4.Matrices(self)
        /// Color i's lane: (L, chroma, h) and its flags (−1 set, 0 clear: ok, clipped); a harmless lane when it
        /// is not computed here (past the end, status 0, outside the domain).
        /// (A harmless lane's hue is 0: cos 1, sin 0.)
        @inline(__always) func lane(_ i: Int) -> (L: Double, C: Double, H: Double, cs: SIMD2<Double>, ok: Int64, clip: Int64) {
            let harmless = (0.5, 0.0, 0.0, SIMD2<Double>(1, 0), Int64(0), Int64(0))
            guard i < n else { return harmless }
            let s = status[i], v = colors[i]
            guard s == 1 || s == 2 else { return harmless }
            let c = s == 1 ? v.y : chroma[i]
            guard c >= 0 && c <= 1 && Swift.abs(v.z) <= 720 else { return harmless }
            return (v.x, c, v.z, hues?[i] ?? SIMD2(1, 0), -1, s == 2 ? -1 : 0)
        }
        /// The loop, for one transfer curve and one source of (cos h, sin h): each a constant here, so that the
        /// loop body has no branch on them and the three channels' dependency chains (RGB → cube root → square
        /// roots) lie in one block, where the compiler interleaves them.
        @inline(__always) func run(srgb: Bool, given: Bool) {
            var j = 0
            while j < n {
                // The four lanes are built from scalars held in registers (a vector assembled by storing lanes into
                // memory and loading it whole stalls on every load: the stores cannot be forwarded to it).
                let a = lane(j), b = lane(j &+ 1), c = lane(j &+ 2), d = lane(j &+ 3)
                let L = Double4(a.L, b.L, c.L, d.L), C = Double4(a.C, b.C, c.C, d.C)
                let ok = unsafeBitCast(SIMD4<Int64>(a.ok, b.ok, c.ok, d.ok), to: Mask.self)
                let clip = unsafeBitCast(SIMD4<Int64>(a.clip, b.clip, c.clip, d.clip), to: Mask.self)
                if V.any(ok) {
                    let line = given
                        ? ChromaLine4(matrices, light: L, cos: Double4(a.cs.x, b.cs.x, c.cs.x, d.cs.x),
                                      sin: Double4(a.cs.y, b.cs.y, c.cs.y, d.cs.y))
                        : ChromaLine4(matrices, light: L, hue: Double4(a.H, b.H, c.H, d.H))
                    let lin = line.rgb(C)
                    var sure = ok
                    /// A channel clamped to [0, 1], and whether its clip is certain (a clipped channel is exactly 0
                    /// or 1, as the reference's clamp gives it).
                    @_transparent func clamped(_ x: Double4) -> Double4 {
                        sure = sure .& .!(clip .& ((V.abs(x) .< margin) .| (V.abs(x - one) .< margin)))
                        return V.min(V.max(x, zero), one)
                    }
                    @_transparent func clipped(_ x: Double4, _ encoded: Double4) -> Double4 {
                        V.select(clip .& (x .>= one), one, V.select(clip .& (x .<= zero), zero, encoded))
                    }
                    let ar = clamped(lin.0), ag = clamped(lin.1), ab = clamped(lin.2)
                    let er: Double4, eg: Double4, eb: Double4
                    if !srgb, let p = power {
                        let small = Double4(repeating: 1e-4)
                        sure = sure .& .!((ar .> zero) .& (ar .< small)) .& .!((ag .> zero) .& (ag .< small))
                            .& .!((ab .> zero) .& (ab .< small))
                        if p == 1 / 2.4 {
                            (er, eg, eb) = Self.power5over12(ar, ag, ab)
                        } else {
                            er = V.powNonNegative(ar, p); eg = V.powNonNegative(ag, p); eb = V.powNonNegative(ab, p)
                        }
                    } else {
                        let knee = Double4(repeating: 0.0031308)
                        sure = sure .& .!(V.abs(ar - knee) .< margin) .& .!(V.abs(ag - knee) .< margin)
                            .& .!(V.abs(ab - knee) .< margin)
                        let (pr, pg, pb) = Self.power5over12(V.max(ar, knee), V.max(ag, knee), V.max(ab, knee))
                        er = V.select(ar .> knee, pr * 1.055 - 0.055, ar * 12.92)
                        eg = V.select(ag .> knee, pg * 1.055 - 0.055, ag * 12.92)
                        eb = V.select(ab .> knee, pb * 1.055 - 0.055, ab * 12.92)
                    }
                    let r = clipped(lin.0, er), g = clipped(lin.1, eg), b = clipped(lin.2, eb)
                    for q in 0..<Swift.min(4, n - j) {
                        certain[j + q] = sure[q]
                        out[j + q] = SIMD3(r[q], g[q], b[q])
                    }
                } else {
                    for q in 0..<Swift.min(4, n - j) { certain[j + q] = false }
                }
                j += 4
            }
        }
        switch (power == nil, hues != nil) {
        case (true, true): run(srgb: true, given: true)
        case (true, false): run(srgb: true, given: false)
        case (false, true): run(srgb: false, given: true)
        case (false, false): run(srgb: false, given: false)
        }
        return true
    }

    /// x^(1/2.4) = x^(5/12) = ∛x · ⁴√∛x for 0 ≤ x ≤ 1 (the sRGB and rec2020 curves' power), of three vectors:
    /// `VectorMathDouble.cbrt` (4e-16) and two correctly rounded square roots, within 1.2e-15 relative
    /// (`VectorMathDouble.pow` is 8e-15 and several times the work). Written stage by stage across the three —
    /// the same operations on each as `cbrt` then `sqrt`, so the same bits — because each is one long
    /// dependency chain and one after the other they are longer than the reorder window reaches (llvm-mca,
    /// Skylake-SP: a four of `css4Results` took 474 cycles for 170 of throughput; 357 so).
    @_transparent
    static func power5over12(_ x0: Double4, _ x1: Double4, _ x2: Double4) -> (Double4, Double4, Double4) {
        typealias V = VectorMathDouble
        let lo = Double4(repeating: 1e-30), hi = Double4(repeating: 1e30)
        // `VectorMathDouble.inverseCubeRoot`: the Float estimate, then one Newton step in Double.
        let a0 = V.min(V.max(V.abs(x0), lo), hi), a1 = V.min(V.max(V.abs(x1), lo), hi), a2 = V.min(V.max(V.abs(x2), lo), hi)
        let s0 = V.toDouble(V.inverseCubeRootFloat(V.toFloat(a0), newtonSteps: 2))
        let s1 = V.toDouble(V.inverseCubeRootFloat(V.toFloat(a1), newtonSteps: 2))
        let s2 = V.toDouble(V.inverseCubeRootFloat(V.toFloat(a2), newtonSteps: 2))
        let r0 = s0 * (4.0 / 3.0 - (a0 * (1.0 / 3.0)) * (s0 * s0 * s0))
        let r1 = s1 * (4.0 / 3.0 - (a1 * (1.0 / 3.0)) * (s1 * s1 * s1))
        let r2 = s2 * (4.0 / 3.0 - (a2 * (1.0 / 3.0)) * (s2 * s2 * s2))
        // `VectorMathDouble.cbrt`: y = x·r², one Newton step on y.
        let q0 = r0 * r0, q1 = r1 * r1, q2 = r2 * r2
        let y0 = x0 * q0, y1 = x1 * q1, y2 = x2 * q2
        let c0 = y0 - (y0 * y0 * y0 - x0) * (q0 * (1.0 / 3.0))
        let c1 = y1 - (y1 * y1 * y1 - x1) * (q1 * (1.0 / 3.0))
        let c2 = y2 - (y2 * y2 * y2 - x2) * (q2 * (1.0 / 3.0))
        let t0 = V.sqrt(c0), t1 = V.sqrt(c1), t2 = V.sqrt(c2)
        return (c0 * V.sqrt(t0), c1 * V.sqrt(t1), c2 * V.sqrt(t2))
    }

}
