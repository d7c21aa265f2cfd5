/// Numbers in [0, 400] (RGB channels, gamut-mapped results, OKLCH and CIE LCH coordinates, hues) written from
/// their seven-decimal units: the row's fixed column (`%12.7f`) and the CSS number (six significant digits)
/// come from one rounding, with no per-number call into the general formatters. The `write…(at:)` forms write
/// straight into memory the caller reserved (`appendUnsafe`), for a row written with one capacity check.
extension ByteText {
    /// round(v·10⁷) for v in [0, 400], when that is certainly C's `%.7f` rounding of v (`appendFixed`'s fast path:
    /// the product is not within 10⁻⁶ of a half); nil outside [0, 400], for NaN, and near a half.
    @inlinable @inline(__always)
    public static func sevenDecimalUnits(_ v: Double) -> UInt32? {
        guard v >= 0 && v <= 400, let u = fixedUnits(v, decimals: 7) else { return nil }
        return UInt32(truncatingIfNeeded: u)
    }

    /// Writes `appendFixedText(v, decimals: 7, width: 12)` of the v whose `sevenDecimalUnits` is `u` (≤ 4·10⁹) at
    /// `o` (16 bytes of room): spaces, the whole part (one to three digits), the point and seven digits. Returns 12.
    @inlinable @inline(__always)
    public static func writeFixed7(_ u: UInt32, at o: UnsafeMutableRawPointer) -> Int {
        let whole = u / 10_000_000, fraction = u &- whole &* 10_000_000
        // "    ." (little-endian), the whole part's digits ending before the point, then the seven fraction digits
        // and one spare digit (past the end).
        o.storeBytes(of: 0x2E_2020_2020 as UInt64, as: UInt64.self)
        if whole < 10 {
            o.storeBytes(of: UInt8(truncatingIfNeeded: 48 &+ whole), toByteOffset: 3, as: UInt8.self)
        } else {
            let pairs = UnsafeRawPointer(digitPairs.utf8Start)
            let hundreds = whole / 100, rest = whole &- hundreds &* 100
            o.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(rest) &* 2, as: UInt16.self), toByteOffset: 2, as: UInt16.self)
            if hundreds > 0 { o.storeBytes(of: UInt8(truncatingIfNeeded: 48 &+ hundreds), toByteOffset: 1, as: UInt8.self) }
        }
        writeEight(fraction &* 10, raw: o + 5)
        return 12
    }

    /// Writes at `o` (16 bytes of room) the CSS number of v in [0, 400] whose `sevenDecimalUnits` is `u`: at most
    /// six significant digits, trailing zeros and a trailing point dropped (`0.351002`, `0.0629371`, `29.2339`,
    /// `1`, and `0` below 5·10⁻⁷) — what `appendFixedTrimmed(v, decimals: 5 − ⌊log₁₀ v⌋)` writes. Returns the
    /// bytes written, or 0 when the form is not certain here (the caller writes it otherwise).
    ///
    /// u has d digits and v·10⁷ lies within ½ of it, so unless u is a power of ten, ⌊log₁₀ v⌋ = d − 8 and v is
    /// written with 13 − d decimals. For d ≥ 7 (v > 0.1) those are u with its last d − 6 digits rounded off, the
    /// same as rounding v itself unless those digits are exactly a half (v may lie on either side of it): then v
    /// is rounded itself (0 when that is not certain). For d = 6 (v in (0.01, 0.1)) the seven decimals are u.
    /// Below, u fixes the magnitude and v is rounded to its 8 to 12 decimals. A power of ten u ≥ 10⁶ (v next to
    /// 0.1, 1, 10 or 100) is written as that power, which v rounds to from either side; a smaller one, and u = 5
    /// (v next to 5·10⁻⁷), give 0.
    @inlinable @inline(__always)
    public static func writeSignificant6(_ v: Double, units u: UInt32, at o: UnsafeMutableRawPointer) -> Int {
        if u <= 4 { o.storeBytes(of: 0x30, as: UInt8.self); return 1 }  // v < 4.5·10⁻⁷
        let six: UInt32, lead: Int
        if u > 1_000_000 && u < 10_000_000 {
            // v in (0.1, 1): "0." and the six digits (the common case first).
            if u % 10 != 5 {
                six = (u &+ 5) / 10
            } else {
                guard let q = fixedUnits(v, decimals: 6) else { return 0 }
                six = UInt32(truncatingIfNeeded: q)
            }
            if six == 1_000_000 { o.storeBytes(of: 0x31, as: UInt8.self); return 1 }
            lead = 2
        } else if u >= 10_000_000 {
            return writeSignificant6Whole(v, units: u, at: o)
        } else if u > 100_000 && u < 1_000_000 {
            six = u; lead = 3
        } else if u == 1_000_000 {
            o.storeBytes(of: 0x312E30 as UInt32, as: UInt32.self)  // "0.1"
            return 3
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
        // (The digits' word is kept for the count of trailing zeros, not read back from the bytes just stored.)
        let word = eightDigits(six &* 100)
        o.storeBytes(of: word.littleEndian, toByteOffset: lead, as: UInt64.self)
        // Trailing zeros of the six digits (the first is not zero): the top bytes of the digits' word.
        let digits = word ^ 0x3030_3030_3030_3030
        return lead &+ 6 &- (digits << 16).leadingZeroBitCount &>> 3
    }

    /// `writeSignificant6` for u ≥ 10⁷ (v ≥ 1): one to three whole digits, then the fraction's. (A call, so that
    /// the unit-interval forms stay small enough to inline into the rows.)
    @usableFromInline @inline(never)
    static func writeSignificant6Whole(_ v: Double, units u: UInt32, at o: UnsafeMutableRawPointer) -> Int {
        // d = 8, 9 or 10 digits: i = d − 7 whole digits, u's last d − 6 digits rounded off (each with its divisor
        // as a constant: a multiplication, not a division).
        /// u's six leading digits rounded, or nil when the dropped digits are exactly a half.
        @inline(__always) func rounded(_ drop: UInt32) -> UInt32? {
            if u == drop &* 100_000 { return 100_000 }  // v next to 10^(i−1): written as that power from either side
            let q = u / drop, r = u &- q &* drop
            return r == drop / 2 ? nil : (r > drop / 2 ? q &+ 1 : q)
        }
        let i: Int, first: UInt32?
        if u < 100_000_000 { i = 1; first = rounded(100) } else if u < 1_000_000_000 { i = 2; first = rounded(1_000) } else { i = 3; first = rounded(10_000) }
        let six: UInt32
        if let first { six = first } else {
            guard let q = fixedUnits(v, decimals: 6 &- i) else { return 0 }
            six = UInt32(truncatingIfNeeded: q)
        }
        if six == 1_000_000 {
            // Rounded up to the next power of ten, 10^i: "10", "100", "1000".
            o.storeBytes(of: 0x3030_3030_3030_3031 as UInt64, as: UInt64.self)
            return i &+ 1
        }
        // Six digits (and two spare zeros) in a word; the point goes in after the first i of them.
        let w = eightDigits(six &* 100)
        let shift = UInt64(truncatingIfNeeded: i &* 8)
        let low = (UInt64(1) &<< shift) &- 1
        o.storeBytes(of: ((w & low) | (0x2E &<< shift) | ((w & ~low) &<< 8)).littleEndian, as: UInt64.self)
        // Trailing zeros of the fraction's 6 − i digits; none left drops the point too.
        let zeros = ((w ^ 0x3030_3030_3030_3030) << 16).leadingZeroBitCount &>> 3
        let fraction = 6 &- i
        return zeros >= fraction ? i : i &+ 1 &+ fraction &- zeros
    }

    /// `writeFixed7` appended.
    @inlinable @inline(__always)
    public func appendFixed7(_ u: UInt32) {
        appendUnsafe(maxBytes: 16) { Self.writeFixed7(u, at: $0) }
    }

    /// `writeSignificant6` appended; false (nothing written) when it is not certain.
    @inlinable @inline(__always)
    public func appendSignificant6(_ v: Double, units u: UInt32) -> Bool {
        var n = 0
        appendUnsafe(maxBytes: 16) { n = Self.writeSignificant6(v, units: u, at: $0); return n }
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
