/// The cube root of the reference path: ∛x correctly rounded (to nearest; the cube root of a double is never
/// exactly halfway between two doubles, so there are no ties). The platform's `cbrt` is only faithful (glibc's
/// gives 1.2599210498948734 for ∛2, one unit in the last place above the nearest double 1.2599210498948732),
/// and differs between platforms; a correctly rounded root has one right answer, so every path that computes
/// it — this readable one, or the four-lane one of the batch engine — gives the same bits on every machine.
public enum CubeRoot {
    /// ∛x rounded to the nearest double; ±0, ±∞ and NaN give themselves.
    ///
    /// For |x| in [1e-30, 1e30], `series(x)`, which settles all but about one root in 3,000. The others go
    /// through |x| = m · 2^(3q) with m in [1, 8), so ∛|x| = ∛m · 2^q with ∛m in [1, 2], and the exact decision
    /// in integers: with Y = z · 2⁵² for z = `series(m)`, within an ulp of ∛m, and M = m · 2⁵², the double
    /// nearest ∛m is Y · 2⁻⁵² exactly when (2Y − 1)³ < M · 2¹⁰⁷ < (2Y + 1)³ (the cubes of the halfway points
    /// on either side, times 2¹⁵⁹), and Y moves by one until it is.
    public static func rounded(_ x: Double) -> Double {
        let a = x.magnitude
        guard a >= 1e-30 && a <= 1e30 else { return exact(x) }
        let (z, sure) = series(x)
        return sure ? z : exact(x)
    }

    /// `rounded` by the exact decision in integers.
    @inline(never)
    static func exact(_ x: Double) -> Double {
        guard x.isFinite, x != 0 else { return x + x }
        var b = x.magnitude, bias = 0
        if b < Double.leastNormalMagnitude { b *= 0x1p54; bias = -18 }
        let e = Int(b.bitPattern >> 52) - 1023
        let q = e >= 0 ? e / 3 : (e - 2) / 3
        let fraction = b.bitPattern & 0x000F_FFFF_FFFF_FFFF
        let m = Double(bitPattern: UInt64(1023 + e - 3 * q) << 52 | fraction)
        var Y = UInt64(series(m).root * 0x1p52)
        let target = Wide((fraction | 1 << 52) << UInt64(e - 3 * q), shiftedLeftBy: 107)
        while Wide(cubeOf: 2 * Y + 1) < target { Y += 1 }
        while target < Wide(cubeOf: 2 * Y - 1) { Y -= 1 }
        // Y in [2⁵², 2⁵³]: its bits below 2⁵² are the fraction (Y = 2⁵³ carries into the exponent: 2^(q+1)).
        let exponent = UInt64(1023 + q + bias) << 52
        return Double(bitPattern: (x.sign == .minus ? 1 << 63 : 0) | (exponent + (Y - 1 << 52)))
    }

    /// ∛x for |x| in [1e-30, 1e30], and whether it is certainly the correctly rounded root:
    /// 1. A seed y within 6e-5 of ∛x, with 17 significant bits (so y³ is exact): x·r² in Float, r ≈ |x|^(−1/3)
    ///    from the exponent-bit guess and two Newton steps (1.9e-5), its low bits cleared.
    /// 2. ∛x = y · ∛(1 + u) with u = (x − y³)/y³ (x − y³ is exact, |u| < 1.7e-4): y + c, c = y·w and
    ///    w = u/3 − u²/9 + 5u³/81 − 10u⁴/243 + 22u⁵/729 (the next term is below 10⁻²⁴ relative). c is within
    ///    2⁻⁵⁰|c| of its exact value (a few roundings), so ∛x lies within δ = 2⁻⁴⁹|c| of y + c: when
    ///    y + (c − δ) and y + (c + δ) round to the same double, that double is ∛x rounded.
    @inline(__always)
    static func series(_ x: Double) -> (root: Double, sure: Bool) {
        let xf = Float(x), third = xf.magnitude * Float(1.0 / 3.0)
        // (A third of the bits in integers: converting them to Float would wait on that register's last use.)
        var r = Float(bitPattern: 0x54A2_FA8C &- xf.magnitude.bitPattern / 3)
        r = r * (Float(4.0 / 3.0) - third * (r * r * r))
        r = r * (Float(4.0 / 3.0) - third * (r * r * r))
        let y = Double(bitPattern: Double(xf * (r * r)).bitPattern & 0xFFFF_FFF0_0000_0000)
        let y3 = y * y * y
        let u = (x - y3) / y3
        let c = y * (u * (1.0 / 3 - u * (1.0 / 9 - u * (5.0 / 81 - u * (10.0 / 243 - u * (22.0 / 729))))))
        let delta = c.magnitude * 0x1p-49
        let low = y + (c - delta)
        return (y + c, low == y + (c + delta))
    }

    /// A non-negative integer below 2¹⁹², as three 64-bit words, most significant first.
    struct Wide: Comparable {
        let hi: UInt64, mid: UInt64, lo: UInt64

        /// v · 2^s for 64 ≤ s < 128 and v below 2^(192 − s).
        init(_ v: UInt64, shiftedLeftBy s: Int) {
            hi = v >> (128 - s); mid = v << (s - 64); lo = 0
        }

        /// n³ for n below 2⁶⁴ with n³ below 2¹⁹².
        init(cubeOf n: UInt64) {
            let square = n.multipliedFullWidth(by: n)                 // n² = square.high · 2⁶⁴ + square.low
            let low = n.multipliedFullWidth(by: square.low)
            let high = n.multipliedFullWidth(by: square.high)
            let (m, carry) = low.high.addingReportingOverflow(high.low)
            hi = high.high &+ (carry ? 1 : 0); mid = m; lo = low.low
        }

        static func < (a: Wide, b: Wide) -> Bool { (a.hi, a.mid, a.lo) < (b.hi, b.mid, b.lo) }
    }
}
