/// Numbers in [0, 1] (RGB channels, gamut-mapped results) written from their seven-decimal units: the row's
/// fixed column (`%12.7f`) and the CSS number (six significant digits) come from one rounding, with no
/// per-number branching on the magnitude.
extension ByteText {
    /// round(v·10⁷) for v in [0, 1], when that is certainly C's `%.7f` rounding of v (`appendFixed`'s fast path:
    /// the product is not within 10⁻⁶ of a half); nil outside [0, 1], for NaN, and near a half.
    @inlinable @inline(__always)
    public static func unitSevenDecimals(_ v: Double) -> UInt32? {
        guard v >= 0 && v <= 1, let u = fixedUnits(v, decimals: 7) else { return nil }
        return UInt32(truncatingIfNeeded: u)
    }

    /// `appendFixedText(v, decimals: 7, width: 12)` of the v whose `unitSevenDecimals` is `u` (≤ 10⁷):
    /// three spaces, the whole digit, the point and seven digits.
    @inlinable @inline(__always)
    public func appendUnitFixed7(_ u: UInt32) {
        reserve(16)
        let o = UnsafeMutableRawPointer(base + storedCount)
        let whole = u >= 10_000_000 ? UInt32(1) : 0
        // "   d." (little-endian), then the seven fraction digits and one spare digit (past the end).
        o.storeBytes(of: 0x2E30_2020_20 | UInt64(whole) << 24, as: UInt64.self)
        Self.writeEight((u &- whole &* 10_000_000) &* 10, raw: o + 5)
        storedCount &+= 12
    }

    /// A CSS number with at most six significant digits, trailing zeros dropped (`0.351002`, `0.0629371`, `1`,
    /// `0` below 5·10⁻⁷) — what `appendFixedTrimmed(v, decimals: 5 − ⌊log₁₀ v⌋)` writes — of the v in [0, 1]
    /// whose `unitSevenDecimals` is `u`, when `u` alone decides it; otherwise returns false, writing nothing.
    ///
    /// For u > 10⁶ (v in (0.1, 1]) the six decimals are u/10 rounded: the same as rounding v itself unless u ends
    /// in 5 (v may lie on either side of the half), which is left to the caller, as are u in 5…10⁵ (v within
    /// half a unit of 5·10⁻⁷, or below 0.01: eight or more decimals) and u = 10⁶ (v next to 0.1). For u in
    /// (10⁵, 10⁶) (v in (0.01, 0.1)) the seven decimals are u itself.
    @inlinable @inline(__always)
    public func appendUnitSignificant6(_ u: UInt32) -> Bool {
        if u <= 4 { append(0x30); return true }  // v < 4.5·10⁻⁷
        let six: UInt32, lead: Int
        if u > 1_000_000 {
            let last = u % 10
            guard last != 5 else { return false }
            let q = (u &+ 5) / 10
            if q == 1_000_000 { append(0x31); return true }
            six = q; lead = 2
        } else if u > 100_000 && u < 1_000_000 {
            six = u; lead = 3
        } else {
            return false
        }
        reserve(16)
        let o = UnsafeMutableRawPointer(base + storedCount)
        // "0." or "0.0", then the six digits (and two spare zeros past them).
        o.storeBytes(of: 0x30_2E30 as UInt32, as: UInt32.self)
        Self.writeEight(six &* 100, raw: o + lead)
        // Trailing zeros of the six digits (the first is not zero): the top bytes of the digits' word.
        let digits = o.loadUnaligned(fromByteOffset: lead, as: UInt64.self) ^ 0x3030_3030_3030_3030
        let zeros = (digits << 16).leadingZeroBitCount &>> 3
        storedCount &+= lead &+ 6 &- zeros
        return true
    }
}
