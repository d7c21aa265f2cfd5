/// Numbers in [0, 1] (RGB channels, gamut-mapped results) written from their seven-decimal units: the row's
/// fixed column (`%12.7f`) and the CSS number (six significant digits) come from one rounding, with no
/// per-number branching on the magnitude. The `write…(at:)` forms write straight into memory the caller reserved
/// (`appendUnsafe`), for a row written with one capacity check.
extension ByteText {
    /// round(v·10⁷) for v in [0, 1], when that is certainly C's `%.7f` rounding of v (`appendFixed`'s fast path:
    /// the product is not within 10⁻⁶ of a half); nil outside [0, 1], for NaN, and near a half.
    @inlinable @inline(__always)
    public static func unitSevenDecimals(_ v: Double) -> UInt32? {
        guard v >= 0 && v <= 1, let u = fixedUnits(v, decimals: 7) else { return nil }
        return UInt32(truncatingIfNeeded: u)
    }

    /// Writes `appendFixedText(v, decimals: 7, width: 12)` of the v whose `unitSevenDecimals` is `u` (≤ 10⁷) at
    /// `o` (16 bytes of room): three spaces, the whole digit, the point and seven digits. Returns 12.
    @inlinable @inline(__always)
    public static func writeUnitFixed7(_ u: UInt32, at o: UnsafeMutableRawPointer) -> Int {
        let whole = u >= 10_000_000 ? UInt32(1) : 0
        // "   d." (little-endian), then the seven fraction digits and one spare digit (past the end).
        o.storeBytes(of: 0x2E30_2020_20 | UInt64(whole) << 24, as: UInt64.self)
        writeEight((u &- whole &* 10_000_000) &* 10, raw: o + 5)
        return 12
    }

    /// Writes at `o` (16 bytes of room) the CSS number of v in [0, 1] whose `unitSevenDecimals` is `u`: at most
    /// six significant digits, trailing zeros dropped (`0.351002`, `0.0629371`, `1`, and `0` below 5·10⁻⁷) —
    /// what `appendFixedTrimmed(v, decimals: 5 − ⌊log₁₀ v⌋)` writes. Returns the bytes written, or 0 when the
    /// form is not certain here (the caller writes it otherwise).
    ///
    /// For u > 10⁶ (v in (0.1, 1]) the six decimals are u/10 rounded, the same as rounding v itself unless u ends
    /// in 5 (v may lie on either side of the half): then v is rounded to six decimals itself (0 when that is not
    /// certain). For u in (10⁵, 10⁶) (v in (0.01, 0.1)) the seven decimals are u. Below, u fixes the magnitude
    /// and v is rounded to its 8 to 12 decimals. u = 5 (v next to 5·10⁻⁷) and powers of ten (v next to one) give 0.
    @inlinable @inline(__always)
    public static func writeUnitSignificant6(_ v: Double, units u: UInt32, at o: UnsafeMutableRawPointer) -> Int {
        if u <= 4 { o.storeBytes(of: 0x30, as: UInt8.self); return 1 }  // v < 4.5·10⁻⁷
        let six: UInt32, lead: Int
        if u > 1_000_000 {
            if u % 10 != 5 {
                six = (u &+ 5) / 10
            } else {
                guard let q = fixedUnits(v, decimals: 6) else { return 0 }
                six = UInt32(truncatingIfNeeded: q)
            }
            if six == 1_000_000 { o.storeBytes(of: 0x31, as: UInt8.self); return 1 }
            lead = 2
        } else if u > 100_000 && u < 1_000_000 {
            six = u; lead = 3
        } else {
            // v below 0.01: u has d ≤ 5 digits and is not a power of ten (else v may lie on either side of one),
            // so ⌊log₁₀ v⌋ = d − 8 and v is written with 13 − d decimals: 7 − d zeros, then six digits.
            guard u >= 6 && u < 100_000 && u != 10 && u != 100 && u != 1_000 && u != 10_000 else { return 0 }
            let d = u < 100 ? (u < 10 ? 1 : 2) : (u < 1_000 ? 3 : (u < 10_000 ? 4 : 5))
            guard let q = fixedUnits(v, decimals: 13 &- d) else { return 0 }
            six = UInt32(truncatingIfNeeded: q); lead = 9 &- d
        }
        // "0." and zeros up to `lead`, then the six digits (and two spare zeros past them).
        o.storeBytes(of: 0x3030_3030_3030_2E30 as UInt64, as: UInt64.self)
        writeEight(six &* 100, raw: o + lead)
        // Trailing zeros of the six digits (the first is not zero): the top bytes of the digits' word.
        let digits = o.loadUnaligned(fromByteOffset: lead, as: UInt64.self) ^ 0x3030_3030_3030_3030
        return lead &+ 6 &- (digits << 16).leadingZeroBitCount &>> 3
    }

    /// `writeUnitFixed7` appended.
    @inlinable @inline(__always)
    public func appendUnitFixed7(_ u: UInt32) {
        appendUnsafe(maxBytes: 16) { Self.writeUnitFixed7(u, at: $0) }
    }

    /// `writeUnitSignificant6` appended; false (nothing written) when it is not certain.
    @inlinable @inline(__always)
    public func appendUnitSignificant6(_ v: Double, units u: UInt32) -> Bool {
        var n = 0
        appendUnsafe(maxBytes: 16) { n = Self.writeUnitSignificant6(v, units: u, at: $0); return n }
        return n > 0
    }

    /// Appends what `body` writes straight into the buffer: it gets room for `maxBytes` bytes and returns how
    /// many it wrote (0…`maxBytes`).
    @inlinable @inline(__always)
    public func appendUnsafe(maxBytes: Int, _ body: (UnsafeMutableRawPointer) -> Int) {
        reserve(maxBytes)
        let n = body(UnsafeMutableRawPointer(base + storedCount))
        precondition(n >= 0 && n <= maxBytes, "ByteText.appendUnsafe: wrote more than it reserved")
        storedCount &+= n
    }
}
