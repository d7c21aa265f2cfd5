/// Float32 numbers as text: Swift's `Float.description`, written straight into the buffer.
extension ByteText {
    /// Swift's `v.description` for a Float (`0.33333334`, `5.0`, `1e-05`, `1.6777218e+07`, `nan`, `-inf`): the
    /// shortest digits that read back to the same Float, and of those the nearest to v; fixed notation from
    /// 10⁻⁴ to 2²⁴, exponential outside. Byte-identical to `"\(v)"`.
    /// - Complexity: O(1), no allocation.
    public func appendShortest(_ v: Float) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.floatTextCapacity) { buf in
            let start = buf.baseAddress!
            append(UnsafeBufferPointer(start: start, count: start.distance(to: Self.writeShortest(v, to: start))))
        }
    }

    /// `count` Floats as `appendShortest` writes them, `separator` between them (a CSV row: `44`, the comma);
    /// NaN is written `nan` whatever its sign or payload.
    /// - Complexity: O(count); one copy of the row's text into the buffer.
    public func appendShortest(_ values: UnsafePointer<Float>, count: Int, separator: UInt8) {
        guard count > 0 else { return }
        let capacity = count * (Self.floatTextCapacity + 1)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buf in
            let start = buf.baseAddress!
            var o = start
            for i in 0..<count {
                if i > 0 { o[0] = separator; o += 1 }
                let v = values[i]
                if v.isNaN { o[0] = 0x6E; o[1] = 0x61; o[2] = 0x6E; o += 3 } else { o = Self.writeShortest(v, to: o) }
            }
            append(UnsafeBufferPointer(start: start, count: start.distance(to: o)))
        }
    }

    /// The longest text `writeShortest` writes (`-1.1754944e-38` is 14 bytes).
    static let floatTextCapacity = 16

    /// Writes `v.description` at `out` (at most `floatTextCapacity` bytes) and returns the end.
    ///
    /// For 2⁻⁶⁴ ≤ |v| < 2⁹⁶ and ±0 the digits come from integer arithmetic (`shortestDigits`); elsewhere, and
    /// on an exact tie between two shortest candidates, from the standard library.
    @inline(__always)
    static func writeShortest(_ v: Float, to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let bits = v.bitPattern
        var o = out
        if bits & 0x7FFF_FFFF == 0 {
            if bits != 0 { o[0] = 0x2D; o += 1 }
            o[0] = 0x30; o[1] = 0x2E; o[2] = 0x30
            return o + 3
        }
        guard let (q, exponent) = shortestDigits(bits) else {
            var s = v.description
            return s.withUTF8 { u in
                out.update(from: u.baseAddress!, count: u.count)
                return out + u.count
            }
        }
        if bits >> 31 != 0 { o[0] = 0x2D; o += 1 }
        let n = digitCount(q)
        let point = n &+ exponent  // digits before the decimal point (≤ 0: zeros after it)
        let field = bits >> 23 & 0xFF
        // Fixed notation for 10⁻⁴ ≤ |v| ≤ 2²⁴ (the first digit's place is 10⁻⁴ or above).
        if point >= -3 && (field < 151 || bits & 0x7FFF_FFFF == 0x4B80_0000) {
            if point <= 0 {
                o[0] = 0x30; o[1] = 0x2E
                o += 2
                for _ in 0..<(-point) { o[0] = 0x30; o += 1 }
                writeDigits(q, count: n, before: o + n)
                return o + n
            }
            if point >= n {
                writeDigits(q, count: n, before: o + n)
                o += n
                for _ in 0..<(point &- n) { o[0] = 0x30; o += 1 }
                o[0] = 0x2E; o[1] = 0x30
                return o + 2
            }
            // All digits one place to the right, then the whole part moved back over the point's place.
            writeDigits(q, count: n, before: o + 1 + n)
            for i in 0..<point { o[i] = o[i &+ 1] }
            o[point] = 0x2E
            return o + (n &+ 1)
        }
        // d[.ddd]e±XX, at least two exponent digits.
        if n == 1 {
            o[0] = 0x30 &+ UInt8(truncatingIfNeeded: q)
            o += 1
        } else {
            writeDigits(q, count: n, before: o + 1 + n)
            o[0] = o[1]; o[1] = 0x2E
            o += 1 &+ n
        }
        let x = point &- 1
        o[0] = 0x65; o[1] = x < 0 ? 0x2D : 0x2B
        let ax = UInt64(x.magnitude), xd = ax < 10 ? 2 : digitCount(ax)
        writeDigits(ax, count: xd, before: o + 2 + xd)
        return o + (2 &+ xd)
    }

    /// The shortest decimal q·10^exponent that reads back as the Float with these bits (finite, nonzero), and
    /// of those the nearest to it; nil outside 2⁻⁶⁴ ≤ |v| < 2⁹⁶ and on an exact tie between two candidates.
    ///
    /// With |v| = m·2^e, the rounding interval is [v − ulp/2, v + ulp/2] (a quarter ulp below, at a power of
    /// two; ends included when m is even, as a reader rounds ties to even). In units of 2^(e−2) its middle is 4m
    /// and its ends 4m ± 2 (4m − 1 below a power of two). Scaled by 10^k so the middle lies in [10⁸, 10⁹) —
    /// exactly, as num / (p10·2^shift) with integers below 2¹²⁸ — the integers inside the interval are the
    /// 9-digit candidates; dividing the ends by 10 while the interval still holds a multiple of the unit finds
    /// the fewest digits, and the multiple nearest to v (v's own fraction decides near halves) is the answer.
    @inline(__always)
    static func shortestDigits(_ bits: UInt32) -> (digits: UInt64, exponent: Int)? {
        let field = Int(bits >> 23 & 0xFF)
        // 2⁻⁹ ≤ |v| < 2²⁶ (biased exponents 118…152): 10^k < 2³⁷ and the shift is not negative, so every
        // product fits in 64 bits. Otherwise 2⁻⁶⁴ ≤ |v| < 2⁹⁶ (63…222) in 128 bits.
        if field >= 118 && field < 153 { return shortestDigits(bits, field: field, as: UInt64.self) }
        guard field >= 63 && field < 223 else { return nil }
        return shortestDigits(bits, field: field, as: UInt128.self)
    }

    @inline(__always)
    static func shortestDigits<T: FixedWidthInteger & UnsignedInteger>(_ bits: UInt32, field: Int, as: T.Type)
        -> (digits: UInt64, exponent: Int)? {
        let fraction = UInt64(bits & 0x7F_FFFF) | 1 << 23
        let belowIsHalf = bits & 0x7F_FFFF == 0  // a power of two: the interval below is half as wide
        let shift = 152 &- field  // |v| = 4m · 2^(field − 152): units of 2^(e−2)
        // k with 10^k·|v| in [10⁸, 10⁹): ⌊log10 2 · binary exponent⌋ (exact in this range), then one correction.
        var k = 8 &- ((field &- 127) &* 78_913) >> 18
        var num: T = 0, p10: T = 1, step: T = 0, mid: UInt64 = 0
        while true {
            // num / (p10 · 2^max(shift, 0)) = 4m·2^(e−2)·10^k; step is one unit of 2^(e−2) on the same scale.
            if k >= 0 { step = T(truncatingIfNeeded: pow10Wide(k)); p10 = 1 } else { step = 1; p10 = T(truncatingIfNeeded: pow10Wide(-k)) }
            if shift < 0 { step = step << (-shift) }
            num = T(truncatingIfNeeded: fraction << 2) &* step
            mid = quotient(num, p10, shift)
            if mid < 100_000_000 { k &+= 1 } else if mid >= 1_000_000_000 { k &-= 1 } else { break }
        }
        let hiN = num &+ 2 &* step, loN = num &- (belowIsHalf && field > 1 ? step : 2 &* step)
        let inclusive = fraction & 1 == 0
        var hi = quotient(hiN, p10, shift)
        if !inclusive && times(hi, p10, shift) == hiN { hi &-= 1 }
        var lo = quotient(loN, p10, shift)
        if !inclusive || times(lo, p10, shift) != loN { lo &+= 1 }
        // Drop digits while a multiple of the next unit lies in [lo, hi] (divisions by the constant 10 only).
        var j = 0, h = hi, l = lo, q = mid
        while j < 8 {
            let nh = h / 10, nl = (l &+ 9) / 10
            if nl > nh { break }
            h = nh; l = nl; q /= 10; j &+= 1
        }
        // The multiple of 10^j nearest to v (q = ⌊mid / 10^j⌋ so far), kept inside the interval.
        let u = pow10(j)
        let twice = (num &- times(q &* u, p10, shift)) << 1, unit: T = times(u, p10, shift)
        if twice > unit { q &+= 1 } else if twice == unit { return nil }
        if q < l { q = l } else if q > h { q = h }
        var exponent = j &- k
        while q % 10 == 0 { q /= 10; exponent &+= 1 }
        return (q, exponent)
    }

    /// ⌊num / (p10 · 2^max(shift, 0))⌋, below 2⁶⁴ for the callers: a shift alone when p10 is 1 (|v| < 10⁹).
    @inline(__always)
    static func quotient<T: FixedWidthInteger & UnsignedInteger>(_ num: T, _ p10: T, _ shift: Int) -> UInt64 {
        let n = shift > 0 ? num >> shift : num
        return UInt64(truncatingIfNeeded: p10 == 1 ? n : n / p10)
    }

    /// q · p10 · 2^max(shift, 0), the inverse of `quotient`.
    @inline(__always)
    static func times<T: FixedWidthInteger & UnsignedInteger>(_ q: UInt64, _ p10: T, _ shift: Int) -> T {
        let n = p10 == 1 ? T(truncatingIfNeeded: q) : T(truncatingIfNeeded: q) &* p10
        return shift > 0 ? n << shift : n
    }

    /// 10^d for 0 ≤ d ≤ 38 as a 128-bit integer.
    @inline(__always)
    static func pow10Wide(_ d: Int) -> UInt128 {
        d <= 19 ? UInt128(pow10(d)) : UInt128(pow10(19)) &* UInt128(pow10(d &- 19))
    }
}
