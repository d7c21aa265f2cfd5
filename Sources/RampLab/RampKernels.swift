import Foundation

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

    /// For each i: the OKLab L at which (L, aᵢ, bᵢ) has luminance yᵢ — the reference's bisection on [0, 1], 40
    /// halvings, the midpoint of the last bracket — through `solveLightness1` (the same bits, most steps decided
    /// without evaluating the luminance).
    /// - Complexity: O(count) Newton solves plus a few luminance evaluations each; no allocation.
    public static func solveLightness(y: UnsafePointer<Double>, a: UnsafePointer<Double>, b: UnsafePointer<Double>,
                                      out: UnsafeMutablePointer<Double>, count: Int) {
        for i in 0..<count { out[i] = solveLightness1(y: y[i], a: a[i], b: b[i]) }
    }

    /// The reference bisection itself, 4 lanes at a time, every step evaluated: for each i the OKLab L at which
    /// (L, aᵢ, bᵢ) has luminance yᵢ (bisection on [0, 1], 40 halvings, the midpoint of the last bracket). Tails run through the same
    /// 4-lane code, padded with zeros.
    /// - Complexity: O(count × 40) luminance evaluations, 4 lanes at a time; no allocation.
    public static func solveLightnessBisection(y: UnsafePointer<Double>, a: UnsafePointer<Double>, b: UnsafePointer<Double>,
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

    /// Luminance of one OKLab color: the reference's arithmetic in the reference's order (scalar twin of the
    /// 4-lane `luminance`).
    @inline(__always)
    static func luminance1(_ L: Double, _ a: Double, _ b: Double) -> Double {
        let lp = L + 0.3963377774 * a + 0.2158037573 * b
        let mp = L - 0.1055613458 * a - 0.0638541728 * b
        let sp = L - 0.0894841775 * a - 1.2914855480 * b
        let l = lp * lp * lp, m = mp * mp * mp, s = sp * sp * sp
        let r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
        let g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
        let bl = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        return 0.2126390059 * r + 0.7151686788 * g + 0.0721923054 * bl
    }

    /// The luminance polynomial's weights: Y = wl·(L + pl)³ + wm·(L + pm)³ + ws·(L + ps)³ (the reference's
    /// matrices multiplied out).
    static var wl: Double { 0.2126390059 * 4.0767416621 + 0.7151686788 * -1.2684380046 + 0.0721923054 * -0.0041960863 }
    static var wm: Double { 0.2126390059 * -3.3077115913 + 0.7151686788 * 2.6097574011 + 0.0721923054 * -0.7034186147 }
    static var ws: Double { 0.2126390059 * 0.2309699292 + 0.7151686788 * -0.3413193965 + 0.0721923054 * 1.7076147010 }

    /// The reference bisection (40 halvings of [0, 1]) for one color, with each step's decision taken without
    /// evaluating the luminance wherever it is provably the same as the reference's. Returns the reference's
    /// bits always: decided steps are exact, the rest run the reference arithmetic (`luminance1`).
    ///
    /// How: Y(L) for fixed (a, b) is the cubic above. Newton's method finds its root x̂; the step decisions are
    /// "mid < x̂" for every midpoint farther than `guard` from x̂, where guard covers (1) |x̂ − x*| ≤ (|Y(x̂) − y|
    /// + E)/s with s the least slope of Y on [u, 1] (u = x̂ − 1/64), (2) the reference's rounding error
    /// E = 4·10⁻¹³·P³ (P bounds |L + k·a + k′·b|; the error analysis gives ≈ 100 ulp·P³ ≈ 2.2·10⁻¹⁴·P³), and
    /// Y < y − 2E on [0, u] (its largest value there: the ends or the cubic's local maximum). Midpoints within
    /// guard of x̂ — and every step after the first of them — evaluate the luminance as the reference does.
    /// When a condition cannot be shown (a flat or non-monotone cubic, a root outside (0, 1)) every step is
    /// evaluated.
    @inline(__always)
    public static func solveLightness1(y: Double, a: Double, b: Double) -> Double {
        let pl = 0.3963377774 * a + 0.2158037573 * b
        let pm = -0.1055613458 * a - 0.0638541728 * b
        let ps = -0.0894841775 * a - 1.2914855480 * b
        let wl = Self.wl, wm = Self.wm, ws = Self.ws
        @inline(__always) func f(_ x: Double) -> Double {
            let l = x + pl, m = x + pm, s = x + ps
            return wl * (l * l * l) + wm * (m * m * m) + ws * (s * s * s)
        }
        @inline(__always) func df(_ x: Double) -> Double {
            let l = x + pl, m = x + pm, s = x + ps
            return 3 * (wl * (l * l) + wm * (m * m) + ws * (s * s))
        }
        var g = Double.infinity
        var x = min(max(y, 0), 1)
        certify: do {
            guard y > 0, y < 1 else { break certify }
            x = cbrt(y)
            for _ in 0..<8 {
                let d = df(x)
                guard d > 0 else { break certify }
                let step = (f(x) - y) / d
                x = min(max(x - step, 0), 1)
                if abs(step) < 1e-17 { break }
            }
            let p = 1 + 1.5 * (abs(a) + abs(b)), e = 4e-13 * (p * p * p)
            // Least slope on [u, 1]: Y′ = A·L² + B·L + C, a parabola (A > 0).
            let u = max(0, x - 1.0 / 64)
            let A = 3 * (wl + wm + ws), B = 6 * (wl * pl + wm * pm + ws * ps), C = 3 * (wl * pl * pl + wm * pm * pm + ws * ps * ps)
            var s = min(df(u), df(1))
            let v = -B / (2 * A)
            if v > u && v < 1 { s = min(s, C - B * B / (4 * A)) }
            s -= 1e-12 * (p * p)
            guard s > 0, f(1) > y + 2 * e else { break certify }
            var top = f(0)
            if u > 0 {
                top = max(top, f(u))
                let disc = B * B - 4 * A * C
                if disc > 0 {
                    let r1 = (-B - disc.squareRoot()) / (2 * A)
                    if r1 > 0 && r1 < u { top = max(top, f(r1)) }
                }
            }
            guard top < y - 2 * e else { break certify }
            g = (abs(f(x) - y) + 3 * e) / s
        }
        var lo = 0.0, hi = 1.0, exact = false
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            let below: Bool
            if !exact && abs(mid - x) > g { below = mid < x } else { exact = true; below = luminance1(mid, a, b) < y }
            if below { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
