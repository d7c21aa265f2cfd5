import Foundation

/// The cube root of the reference path: ∛x correctly rounded (to nearest; the cube root of a double is never
/// exactly halfway between two doubles, so there are no ties). The platform's `cbrt` is only faithful (glibc's
/// gives 1.2599210498948734 for ∛2, one unit in the last place above the nearest double 1.2599210498948732),
/// and differs between platforms; a correctly rounded root has one right answer, so every path that computes
/// it — this readable one, or the four-lane one of the batch engine — gives the same bits on every machine.
public enum CubeRoot {
    /// ∛x rounded to the nearest double; ±0, ±∞ and NaN give themselves.
    ///
    /// |x| = m · 2^(3q) with m in [1, 8), so ∛|x| = ∛m · 2^q with ∛m in [1, 2]. ∛m to about 1e-26 (a table
    /// point, a short series, one Halley step with an exact residual), rounded; where that cannot tell which
    /// double is nearest, the exact decision in integers: with Y = y · 2⁵² and M = m · 2⁵², the double nearest
    /// ∛m is Y · 2⁻⁵² exactly when (2Y − 1)³ < M · 2¹⁰⁷ < (2Y + 1)³ (the cubes of the halfway points on
    /// either side, times 2¹⁵⁹), and Y moves by one until it is.
    public static func rounded(_ x: Double) -> Double {
        guard x.isFinite, x != 0 else { return x + x }
        var a = x.magnitude, bias = 0
        if a < Double.leastNormalMagnitude { a *= 0x1p54; bias = -18 }
        let e = Int(a.bitPattern >> 52) - 1023
        let q = e >= 0 ? e / 3 : (e - 2) / 3
        let fraction = a.bitPattern & 0x000F_FFFF_FFFF_FFFF
        let m = Double(bitPattern: UInt64(1023 + e - 3 * q) << 52 | fraction)

        // ∛m: from the table's nearest point c (m within 1/64 of it, relative), ∛m = ∛c · ∛(1 + t) with
        // t = m/c − 1, the series to t³ (within 2.5e-9); then one Halley step y + y·(m − y³)/(2y³ + m) with
        // the residual m − y³ in double-double (Dekker's exact products), which cubes that error (1.6e-26).
        // z is ∛m rounded unless ∛m lies within 2⁻²⁰ ulp of a halfway point (about one root in 10⁶); there,
        // and at the ends of [1, 2], the exact decision in integers.
        let k = Int(truncatingIfNeeded: (UInt64(e - 3 * q) << 5) | (fraction >> 47))
        let point = table[k]
        let tt = m * point.inverse - 1
        let y = point.root * (1 + tt * (1.0 / 3 + tt * (-1.0 / 9 + tt * (5.0 / 81))))
        let p = y * y, pe = productError(y, y, p)
        let y3 = y * p, y3e = productError(y, p, y3)
        let d = y * ((m - y3) - (y3e + y * pe)) / (2 * y3 + m)
        let z = y + d
        let off = (y - z) + d
        var Y = UInt64(z * 0x1p52)
        if !(off.magnitude < 0x1p-53 * (1 - 0x1p-20)) || z <= 1 || z >= 2 {
            let M = (fraction | 1 << 52) << UInt64(e - 3 * q)
            let target = Wide(M, shiftedLeftBy: 107)
            while Wide(cubeOf: 2 * Y + 1) < target { Y += 1 }
            while target < Wide(cubeOf: 2 * Y - 1) { Y -= 1 }
        }
        // Y in [2⁵², 2⁵³]: its bits below 2⁵² are the fraction (Y = 2⁵³ carries into the exponent: 2^(q+1)).
        let exponent = UInt64(1023 + q + bias) << 52
        return Double(bitPattern: (x.sign == .minus ? 1 << 63 : 0) | (exponent + (Y - 1 << 52)))
    }

    /// 96 points c over [1, 8) (32 per octave, at the middle of each 32nd of it): 1/c and ∛c.
    static let table: [(inverse: Double, root: Double)] = (0..<96).map { k in
        let c = Double(1 << (k >> 5)) * (1 + (Double(k & 31) + 0.5) / 32)
        return (1 / c, Foundation.cbrt(c))
    }

    /// a · b − p exactly, for p = a · b rounded (Dekker: each factor split into 26- and 27-bit halves).
    @inline(__always) static func productError(_ a: Double, _ b: Double, _ p: Double) -> Double {
        let ca = 134_217_729 * a, cb = 134_217_729 * b
        let ah = ca - (ca - a), al = a - ah, bh = cb - (cb - b), bl = b - bh
        return ((ah * bh - p) + ah * bl + al * bh) + al * bl
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
