/// Batch kernels for ramp generation (the lightness solve of ColorTokensKit's `uniform-lstar` ramps).
///
/// Double-precision SIMD lanes doing the reference's arithmetic in the reference's order, so the results are
/// bit-identical to `Palettes.TokenMath.lightness(forLuminance:chroma:hue:)` (a kernel-vs-reference test checks
/// every lane): OKLab → linear sRGB with Ottosson's matrices, luminance with ColorTokensKit's Y row
/// (0.2126390059, 0.7151686788, 0.0721923054), bisection of L on [0, 1] with 40 halvings.
/// https://bottosson.github.io/posts/oklab/
public enum RampKernels {
    public typealias D4 = SIMD4<Double>

    /// Luminance of OKLab (L, a, b) for 4 lanes, with `ka = 0.3963377774a`, … precomputed per lane.
    @inline(__always)
    static func luminance(_ L: D4, _ a: D4, _ b: D4) -> D4 {
        let lp = L + 0.3963377774 * a + 0.2158037573 * b
        let mp = L - 0.1055613458 * a - 0.0638541728 * b
        let sp = L - 0.0894841775 * a - 1.2914855480 * b
        let l = lp * lp * lp, m = mp * mp * mp, s = sp * sp * sp
        let r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
        let g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
        let bl = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        return 0.2126390059 * r + 0.7151686788 * g + 0.0721923054 * bl
    }

    /// For each i: the OKLab L at which (L, aᵢ, bᵢ) has luminance yᵢ (bisection on [0, 1], 40 halvings,
    /// the midpoint of the last bracket). Tails run through the same 4-lane code, padded with zeros.
    /// - Complexity: O(count × 40) luminance evaluations, 4 lanes at a time; no allocation.
    public static func solveLightness(y: UnsafePointer<Double>, a: UnsafePointer<Double>, b: UnsafePointer<Double>,
                                      out: UnsafeMutablePointer<Double>, count: Int) {
        var i = 0
        while i < count {
            let n = min(4, count - i)
            var yv = D4(repeating: 0), av = D4(repeating: 0), bv = D4(repeating: 0)
            for k in 0..<n { yv[k] = y[i + k]; av[k] = a[i + k]; bv[k] = b[i + k] }
            var lo = D4(repeating: 0), hi = D4(repeating: 1)
            for _ in 0..<40 {
                let mid = (lo + hi) / 2
                let below = luminance(mid, av, bv) .< yv
                lo.replace(with: mid, where: below)
                hi.replace(with: mid, where: .!below)
            }
            let l = (lo + hi) / 2
            for k in 0..<n { out[i + k] = l[k] }
            i &+= 4
        }
    }
}
