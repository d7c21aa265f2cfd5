#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer that text and numbers are formatted into without a heap allocation per item: the
/// one number formatter of the streaming commands (and of anything else that writes many numbers).
///
/// Numbers:
/// - `appendShortest(_:)` writes Swift's `Double.description` (the shortest digits that read back to the same
///   Double: `0.1`, `1e-05`, `20.999999999999996`), byte-identical to `"\(v)"`: exact integer arithmetic in the
///   fixed-notation range (`appendShortestFixed`), the standard library's conversion written straight into the
///   buffer elsewhere.
/// - `appendFixed(_:decimals:)` writes C's `%.Nf` (exact decimal value of the Double, rounded half to even),
///   exact (a Double fast path away from halves, 128-bit integers otherwise), so it is byte-identical to
///   `String(format: "%.7f", v)`.
/// - `appendInt(_:)` writes a decimal integer.
///
/// Text: ASCII and UTF-8 bytes, `StaticString`s, and JSON string literals (`appendJSONString`, same escapes as
/// `JSONText.string`).
public final class ByteText: @unchecked Sendable {
    // Exclusivity is checked by construction (one owner writes a ByteText at a time); the dynamic checks on a
    // class's stored properties would otherwise cost more than the formatting itself. The storage is
    // `@usableFromInline` so that the small appends below inline into the callers in other modules (the row
    // writers of the streams call them a dozen times a row).
    @exclusivity(unchecked) @usableFromInline var storedCount = 0
    @exclusivity(unchecked) @usableFromInline var storedCapacity: Int
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>

    public internal(set) var count: Int {
        @inline(__always) get { storedCount }
        @inline(__always) set { storedCount = newValue }
    }
    public var capacity: Int { storedCapacity }

    public init(capacity: Int = 1 << 16) {
        storedCapacity = Swift.max(64, capacity)
        base = .allocate(capacity: storedCapacity)
    }

    deinit { base.deallocate() }

    public var isEmpty: Bool { count == 0 }
    /// The byte count, as a method (the same as `count`).
    @inlinable @inline(__always) public func mark() -> Int { storedCount }
    public func removeAll() { count = 0 }
    /// Drops every byte from `n` on.
    public func truncate(to n: Int) { precondition(n >= 0 && n <= count); count = n }
    public subscript(i: Int) -> UInt8 {
        get { precondition(i >= 0 && i < count); return base[i] }
        set { precondition(i >= 0 && i < count); base[i] = newValue }
    }
    /// The bytes written so far (valid until the next append).
    public var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
    /// A copy of the bytes (for tests and small outputs).
    public var bytes: [UInt8] { Array(buffer) }
    public var last: UInt8? { count > 0 ? base[count - 1] : nil }

    public func remove(at i: Int) {
        precondition(i >= 0 && i < count)
        (base + i).update(from: base + i + 1, count: count - i - 1)
        count -= 1
    }

    /// Makes room for `n` more bytes.
    @inlinable @inline(__always) public func reserve(_ n: Int) {
        if storedCount &+ n > storedCapacity { grow(storedCount &+ n) }
    }

    @inline(never) @usableFromInline func grow(_ needed: Int) {
        let newCapacity = Swift.max(needed, storedCapacity * 2)
        let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        nb.update(from: base, count: count)
        base.deallocate()
        base = nb
        storedCapacity = newCapacity
    }

    @inlinable @inline(__always) public func append(_ b: UInt8) {
        if storedCount == storedCapacity { grow(storedCount &+ 1) }
        base[storedCount] = b
        storedCount &+= 1
    }

    @inlinable @inline(__always) public func append(_ s: StaticString) {
        if s.hasPointerRepresentation {
            append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        } else {
            appendUnicodeScalar(s)
        }
    }

    @usableFromInline func appendUnicodeScalar(_ s: StaticString) {
        s.withUTF8Buffer { append($0) }
    }

    // (Disfavored: a string literal takes the StaticString form, no String copy.)
    @_disfavoredOverload
    public func append(_ s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    @inlinable @inline(__always) public func append(_ b: UnsafeBufferPointer<UInt8>) {
        guard let src = b.baseAddress, b.count > 0 else { return }
        let n = b.count
        if n > 16 { appendLong(src, n); return }
        reserve(16)
        let o = UnsafeMutableRawPointer(base + storedCount), r = UnsafeRawPointer(src)
        // Short pieces (punctuation, names, numbers) by two overlapping loads and stores, not a call to memcpy.
        if n >= 8 {
            let head = r.loadUnaligned(as: UInt64.self), tail = r.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            o.storeBytes(of: head, as: UInt64.self); o.storeBytes(of: tail, toByteOffset: n &- 8, as: UInt64.self)
        } else if n >= 4 {
            let head = r.loadUnaligned(as: UInt32.self), tail = r.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
            o.storeBytes(of: head, as: UInt32.self); o.storeBytes(of: tail, toByteOffset: n &- 4, as: UInt32.self)
        } else {
            // 1…3 bytes: the first, the middle and the last (overlapping).
            o.storeBytes(of: r.load(as: UInt8.self), as: UInt8.self)
            o.storeBytes(of: r.load(fromByteOffset: n &>> 1, as: UInt8.self), toByteOffset: n &>> 1, as: UInt8.self)
            o.storeBytes(of: r.load(fromByteOffset: n &- 1, as: UInt8.self), toByteOffset: n &- 1, as: UInt8.self)
        }
        storedCount &+= n
    }

    @usableFromInline func appendLong(_ src: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        (base + storedCount).update(from: src, count: n)
        storedCount &+= n
    }

    @inlinable @inline(__always) public func append(_ b: UnsafeRawBufferPointer) {
        append(b.bindMemory(to: UInt8.self))
    }

    /// `n` copies of `byte`.
    public func append(repeating byte: UInt8, count n: Int) {
        guard n > 0 else { return }
        reserve(n)
        (base + count).initialize(repeating: byte, count: n)
        count += n
    }

    /// Right-aligns the bytes written since `start` in a field of `width` bytes (spaces on the left).
    public func alignRight(from start: Int, width: Int) {
        let n = count - start
        guard n < width else { return }
        let pad = width - n
        reserve(pad)
        (base + start + pad).update(from: base + start, count: n)  // memmove
        (base + start).update(repeating: 0x20, count: pad)
        count += pad
    }

    /// `text` right-aligned in a field of `width` bytes (spaces on the left; longer text is written whole).
    public func append(_ text: StaticString, rightAlignedIn width: Int) {
        let n = text.utf8CodeUnitCount
        if n < width { append(repeating: 0x20, count: width - n) }
        append(text)
    }

    /// `text` then spaces up to `width` bytes (longer text is written whole).
    @inlinable @inline(__always) public func append(_ text: UnsafeRawBufferPointer, paddedTo width: Int) {
        if width <= 16 && text.count <= 16 {
            // A column (the streams' space names): sixteen spaces, then the text over them.
            reserve(32)
            let o = UnsafeMutableRawPointer(base + storedCount)
            o.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
            o.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: 8, as: UInt64.self)
            append(text)
            if text.count < width { storedCount &+= width &- text.count }
            return
        }
        append(text)
        if text.count < width { append(repeating: 0x20, count: width - text.count) }
    }

    /// Pads with spaces on the right until the bytes since `start` are `width` long.
    public func padRight(from start: Int, width: Int) {
        append(repeating: 0x20, count: width - (count - start))
    }

    // MARK: Integers

    public func appendInt(_ n: Int) {
        if n < 0 { append(0x2D) }
        appendUInt(n.magnitude)
    }

    public func appendUInt(_ n: UInt) {
        let v = UInt64(n), k = Self.digitCount(v)
        reserve(k)
        Self.writeDigits(v, count: k, before: base + count + k)
        count += k
    }

    // MARK: Shortest round trip

    /// Swift's `v.description` (`nan`, `inf`, `-inf`, `1e-05`, `0.1`, `5e+16`…), no allocation.
    public func appendShortest(_ v: Double) {
        if appendShortestFixed(v) { return }
        appendShortestByLibrary(v)
    }

    /// The standard library's conversion written into the buffer (outside the exact path's range).
    @inline(never) func appendShortestByLibrary(_ v: Double) {
        var me = self
        v.write(to: &me)
    }

    /// The shortest round trip for 10⁻⁴ ≤ |v| < 2⁵³, where Swift writes fixed notation (`0.0001`, `5.0`,
    /// `147.65846247725352`), by exact integer arithmetic in one scale (the idea of Schubfach, Giulietti 2020):
    /// for v = m·2^e, take k = ⌈−e·log₁₀2⌉, so that v's rounding interval (ends included when m is even, as a
    /// reader rounds ties to even), measured in units of 10^−k, is between 1 and 10 units wide. Then at most one
    /// multiple of 10 lies in it: if one does, it has the fewest significant digits (trailing zeros are
    /// dropped after); otherwise the integer nearest to v in the interval. Every product is exact (m·4·10^k
    /// < 2¹²², one 64×64→128-bit multiply), so no table is needed in this range. Returns false, writing
    /// nothing, outside the range and when the nearest integer is an exact tie (the standard library's
    /// conversion then writes it).
    ///
    /// For 2⁻⁹ ≤ |v| (s < 64 below, so k ≤ 19) one 64×64-bit product m·4·10^k gives the midpoint, and the ends
    /// are it ± 2·10^k (− 10^k below a power of two), in 128 bits.
    @inline(__always)
    func appendShortestFixed(_ v: Double) -> Bool {
        let d = Self.shortestFixedDigits(v)
        switch d.status {
        case 0: writeShortest(d.q, exponent: d.exponent, negative: v < 0); return true
        case 2: return appendShortestFixedWide(v)
        case 3: return appendShortestSearch(v)
        default: return false
        }
    }

    /// `appendShortestFixed`'s digits, computed without writing: q·10^exponent is the shortest round trip when
    /// status is 0; otherwise 1 (outside the range, or an exact tie: the standard library writes it), 2 (below
    /// 2⁻⁹: `appendShortestFixedWide`) or 3 (`appendShortestSearch`).
    @inline(__always)
    static func shortestFixedDigits(_ v: Double) -> (q: UInt64, exponent: Int, status: Int) {
        let a = Swift.abs(v)
        guard a >= 0.0001 && a < 0x1p53 else { return (0, 0, 1) }
        let bits = a.bitPattern
        let field = Int(truncatingIfNeeded: bits >> 52)
        let m = (bits & ((1 << 52) &- 1)) | (1 << 52)
        let e = field &- 1075  // a = m·2^e, −66 ≤ e ≤ 0
        let s = 2 &- e  // interval ends and midpoint as integers X·2^−s: X = 4m ± 2 (4m − 1 below a power of two)
        guard s < 64 else { return (0, 0, 2) }
        let k = e == 0 ? 0 : (((0 &- e) &* 78913) >> 18) &+ 1  // ⌈−e·log₁₀2⌉ ≤ 19 here
        let p = UInt128(Self.pow10(k))
        let mid = UInt128(m &<< 2) &* p
        let hi = mid &+ (p &<< 1)
        let lo = mid &- ((m == 1 << 52 && field > 1) ? p : p &<< 1)
        let shift = UInt128(truncatingIfNeeded: s)
        let mask = (UInt64(1) &<< UInt64(truncatingIfNeeded: s)) &- 1
        let inclusive = m & 1 == 0
        let hq = UInt64(truncatingIfNeeded: hi &>> shift), hExact = UInt64(truncatingIfNeeded: hi) & mask == 0
        let lq = UInt64(truncatingIfNeeded: lo &>> shift), lExact = UInt64(truncatingIfNeeded: lo) & mask == 0
        let b = (hExact && !inclusive) ? hq &- 1 : hq  // the largest integer in the interval
        let first = lExact && inclusive ? lq : lq &+ 1  // the smallest
        guard first <= b else { return (0, 0, 3) }  // narrower than one unit (below a power of two)
        // Both candidates, then a choice (which one is taken is as good as random: no branch to mispredict): the
        // multiple of ten in the interval, as its tenth, or else the integer nearest to the midpoint.
        let tenth = b / 10
        let mq = UInt64(truncatingIfNeeded: mid &>> shift), r = UInt64(truncatingIfNeeded: mid) & mask
        let half = UInt64(1) &<< UInt64(truncatingIfNeeded: s &- 1)
        var nearest = r > half ? mq &+ 1 : mq
        nearest = nearest < first ? first : (nearest > b ? b : nearest)
        let ten = tenth &* 10 >= first
        if !ten && r == half { return (0, 0, 1) }  // an exact tie is left to the standard library
        return (ten ? tenth : nearest, ten ? 1 &- k : 0 &- k, 0)
    }

    /// `appendShortestFixed` for 10⁻⁴ ≤ |v| < 2⁻⁹ (shifts of 64 bits or more).
    func appendShortestFixedWide(_ v: Double) -> Bool {
        let a = Swift.abs(v)
        guard a >= 0.0001 && a < 0x1p53 else { return false }
        let bits = a.bitPattern
        let field = Int(truncatingIfNeeded: bits >> 52)
        let m = (bits & ((1 << 52) &- 1)) | (1 << 52)
        let e = field &- 1075
        let s = 2 &- e
        let k = e == 0 ? 0 : (((0 &- e) &* 78913) >> 18) &+ 1  // ⌈−e·log₁₀2⌉ (78913/2¹⁸ ≈ log₁₀2)
        // 10^k: 10^20 does not fit in 64 bits, so X is multiplied by 10 instead.
        let p = k <= 19 ? Self.pow10(k) : Self.pow10(19), ten: UInt64 = k <= 19 ? 1 : 10
        let mid = m &<< 2
        let inclusive = m & 1 == 0
        let hiX = mid &+ 2, loX = mid &- ((m == 1 << 52 && field > 1) ? 1 : 2)
        let (hq, hc) = Self.scaledFloor(hiX &* ten, p, s)
        let (lq, lc) = Self.scaledFloor(loX &* ten, p, s)
        let b = (hc == 0 && !inclusive) ? hq &- 1 : hq  // the largest integer in the interval
        let first = lc == 0 && inclusive ? lq : lq &+ 1  // the smallest
        guard first <= b else { return appendShortestSearch(v) }  // narrower than one unit (below a power of two)
        var q = b / 10 &* 10
        if q < first {
            let (mq, mc) = Self.scaledFloor(mid &* ten, p, s)
            if mc == 2 { return false }
            q = mc == 3 ? mq &+ 1 : mq
            if q < first { q = first } else if q > b { q = b }
        }
        writeShortest(q, exponent: 0 &- k, negative: v < 0)
        return true
    }

    /// ⌊x·p / 2^s⌋ for 2 ≤ s ≤ 70 (the quotient must fit in 64 bits) and the fraction's class: 0 exact,
    /// 1 below ½, 2 exactly ½, 3 above ½.
    @inline(__always) static func scaledFloor(_ x: UInt64, _ p: UInt64, _ s: Int) -> (UInt64, Int) {
        let (h, l) = x.multipliedFullWidth(by: p)
        let q: UInt64, rh: UInt64, rl: UInt64, hh: UInt64, hl: UInt64  // remainder and half, 128 bits each
        if s < 64 {
            q = (h &<< UInt64(64 &- s)) | (l &>> UInt64(s))
            rh = 0; rl = l & ((1 &<< UInt64(s)) &- 1); hh = 0; hl = 1 &<< UInt64(s &- 1)
        } else {
            let t = s &- 64
            q = h &>> UInt64(t)
            rl = l
            if t == 0 { rh = 0; hh = 0; hl = 1 << 63 } else { rh = h & ((1 &<< UInt64(t)) &- 1); hh = 1 &<< UInt64(t &- 1); hl = 0 }
        }
        if rh == 0 && rl == 0 { return (q, 0) }
        if rh < hh || (rh == hh && rl < hl) { return (q, 1) }
        return (q, rh == hh && rl == hl ? 2 : 3)
    }

    /// Writes q·10^exponent in Swift's fixed notation (`0.00123`, `5.0`, `12.5`), trailing zeros of q dropped.
    /// For q < 10¹⁷ with −6 ≤ point ≤ 16 (digits before the point; the fixed range gives −3…16) the digits are
    /// made once in a 17-digit field and copied in at most two unconditional 16-byte moves (no loop, no call);
    /// otherwise digit by digit.
    @inline(__always) func writeShortest(_ q: UInt64, exponent: Int, negative: Bool) {
        var q = q, e = exponent
        while q % 10 == 0 { q /= 10; e &+= 1 }
        let n = Self.digitCount(q)
        placeDigits(q, count: n, point: n &+ e, negative: negative, wholeSuffix: true)
    }

    /// Writes the `n` digits of q (q ≥ 1, no trailing zero unless the point follows it) with `point` of them
    /// before the decimal point: `0.00123` (point ≤ 0), `12.5`, and for point ≥ n the digits, zeros up to the
    /// point, then `.0` if `wholeSuffix` (Swift's form) or nothing (`%f` trimmed).
    @inline(__always) func placeDigits(_ q: UInt64, count n: Int, point: Int, negative: Bool, wholeSuffix: Bool) {
        guard n <= 17 && point >= -6 && point <= 16 else {
            return writeShortestSlow(q, digits: n, point: point, negative: negative, wholeSuffix: wholeSuffix)
        }
        reserve(96)
        var o = base + storedCount
        // The 17 digits of q (leading zeros included) at t..<t+17, in the buffer's spare room past everything
        // written below (at most 35 bytes); q's own digits start at t + 17 − n. (The moves read up to 16 bytes
        // past them: zeros, copied past the end of the text.)
        let t = UnsafeMutableRawPointer(o + 40)
        t.storeBytes(of: 0 as UInt64, toByteOffset: 16, as: UInt64.self)  // (the bytes read past the digits)
        t.storeBytes(of: 0 as UInt64, toByteOffset: 24, as: UInt64.self)
        t.storeBytes(of: 0 as UInt64, toByteOffset: 32, as: UInt64.self)
        if negative { o[0] = 0x2D; o += 1 }
        do {
            let top = q / 10_000_000_000_000_000, rest = q &- top &* 10_000_000_000_000_000
            let hi = rest / 100_000_000, lo = rest &- hi &* 100_000_000
            t.storeBytes(of: UInt8(truncatingIfNeeded: 48 &+ top), as: UInt8.self)
            Self.writeEight(UInt32(truncatingIfNeeded: hi), raw: t + 1)
            Self.writeEight(UInt32(truncatingIfNeeded: lo), raw: t + 9)
            let digits = UnsafeRawPointer(t + (17 &- n))
            let out = UnsafeMutableRawPointer(o)
            @inline(__always) func move16(_ from: UnsafeRawPointer, _ to: UnsafeMutableRawPointer) {
                to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            }
            if point <= 0 {
                // "0." and up to six zeros, then the digits over the rest of them.
                out.storeBytes(of: UInt64(0x3030_3030_3030_2E30).littleEndian, as: UInt64.self)
                let at = out + (2 &- point)
                move16(digits, at)
                at.storeBytes(of: digits.load(fromByteOffset: 16, as: UInt8.self), toByteOffset: 16, as: UInt8.self)
                o += 2 &- point &+ n
            } else if point >= n {
                // n ≤ point ≤ 16: the digits, zeros up to the point, then ".0".
                move16(digits, out)
                (out + n).storeBytes(of: 0x3030_3030_3030_3030 as UInt64, as: UInt64.self)
                (out + n).storeBytes(of: 0x3030_3030_3030_3030 as UInt64, toByteOffset: 8, as: UInt64.self)
                if wholeSuffix {
                    (out + point).storeBytes(of: UInt16(0x302E).littleEndian, as: UInt16.self)
                    o += point &+ 2
                } else {
                    o += point
                }
            } else {
                // 1 ≤ point < n: the whole part (≤ 16 digits), the point, the fraction (≤ 16 digits).
                move16(digits, out)
                move16(digits + point, out + (point &+ 1))
                out.storeBytes(of: 0x2E as UInt8, toByteOffset: point, as: UInt8.self)
                o += n &+ 1
            }
        }
        storedCount = base.distance(to: o)
    }

    /// The eight decimal digits of v < 10⁸ (leading zeros included) as ASCII, the first digit in the lowest byte,
    /// computed in one register: v split into two halves of four digits (32-bit lanes), each into two pairs
    /// (16-bit lanes, x/100 as ⌊x·10486/2²⁰⌋, exact below 10⁴), each pair into two digits (⌊x·103/2¹⁰⌋ = x/10
    /// below 100); no lane's product reaches the next lane.
    @inlinable @inline(__always) static func eightDigits(_ v: UInt32) -> UInt64 {
        let high = v / 10_000, low = v &- high &* 10_000
        let halves = UInt64(high) | UInt64(low) &<< 32
        let hundreds = (halves &* 10486) &>> 20 & 0x0000_007F_0000_007F
        let pairs = hundreds | (halves &- hundreds &* 100) &<< 16
        let tens = (pairs &* 103) &>> 10 & 0x000F_000F_000F_000F
        let digits = tens | (pairs &- tens &* 10) &<< 8
        return digits | 0x3030_3030_3030_3030
    }

    /// `writeShortest` digit by digit, for any q and point.
    @inline(never) func writeShortestSlow(_ q: UInt64, digits n: Int, point: Int, negative: Bool, wholeSuffix: Bool) {
        reserve(n &+ Swift.max(0, 0 &- point) &+ Swift.max(0, point) &+ 8)
        var o = base + count
        if negative { o[0] = 0x2D; o += 1 }
        if point <= 0 {
            o[0] = 0x30; o[1] = 0x2E
            for z in 0..<(0 &- point) { o[2 &+ z] = 0x30 }
            let start = o + (2 &- point)
            Self.writeDigits(q, count: n, before: start + n)
            o = start + n
        } else if point >= n {
            Self.writeDigits(q, count: n, before: o + n)
            for z in 0..<(point &- n) { o[n &+ z] = 0x30 }
            o += point
            if wholeSuffix { o[0] = 0x2E; o[1] = 0x30; o += 2 }
        } else {
            Self.writeDigits(q, count: n, before: o + 1 + n)
            for i in 0..<point { o[i] = o[i &+ 1] }
            o[point] = 0x2E
            o += n &+ 1
        }
        count = base.distance(to: o)
    }

    /// `appendShortestFixed` by a digit-by-digit search (for the intervals narrower than one unit at its
    /// scale, just below a power of two): with a = v·10^k scaled into [10¹⁶, 10¹⁷) and the interval ends
    /// a ± ulp/2 in the same units (all values times 2^s, exact in 128 bits), each step drops one digit (unit
    /// 10^j) while the interval still holds a multiple of the unit; the last such j gives the digit count.
    func appendShortestSearch(_ v: Double) -> Bool {
        let a = Swift.abs(v)
        guard a >= 0.0001 && a < 0x1p53 else { return false }
        let bits = a.bitPattern
        let field = Int(truncatingIfNeeded: bits >> 52)
        let m = (bits & ((1 << 52) &- 1)) | (1 << 52)
        let s = 2 &- (field &- 1075)  // a = m·2^(field−1075); s ≥ 2 since a < 2⁵³
        // k with 10^k·a in [10¹⁶, 10¹⁷): estimated from the binary exponent, then corrected.
        var k = 16 &- Int((Double(field &- 1023) * 0.30102999566398120).rounded(.down))
        var mid: UInt128 = 0, midQ: UInt64 = 0
        let mask = (UInt128(1) << UInt128(s)) &- 1
        for _ in 0..<3 {
            let p = k <= 19 ? UInt128(Self.pow10(k)) : UInt128(Self.pow10(19)) &* 10
            mid = (UInt128(m) << 2) &* p
            midQ = UInt64(truncatingIfNeeded: mid >> UInt128(s))
            if midQ < 10_000_000_000_000_000 { k &+= 1 } else if midQ >= 100_000_000_000_000_000 { k &-= 1 } else { break }
        }
        guard midQ >= 10_000_000_000_000_000 && midQ < 100_000_000_000_000_000, (1...20).contains(k) else { return false }
        let p = k <= 19 ? UInt128(Self.pow10(k)) : UInt128(Self.pow10(19)) &* 10
        let hi = mid &+ 2 &* p
        let lo = mid &- ((m == 1 << 52 && field > 1) ? p : 2 &* p)
        let inclusive = m & 1 == 0
        let hiQ = UInt64(truncatingIfNeeded: hi >> UInt128(s)), hiExact = hi & mask == 0
        var loQ = UInt64(truncatingIfNeeded: lo >> UInt128(s))
        let loExact = lo & mask == 0
        if !loExact { loQ &+= 1 }
        var j = 0, u: UInt64 = 1, dLo: UInt64 = 0, dHi: UInt64 = 0
        while j < 17 {
            let nu = u &* 10
            var h = hiQ / nu
            if hiExact && !inclusive && h &* nu == hiQ { h &-= 1 }
            var l = (loQ &+ nu &- 1) / nu
            if loExact && !inclusive && l &* nu == loQ { l &+= 1 }
            if l > h { break }
            j &+= 1; u = nu
        }
        // Bounds at the chosen unit u.
        dHi = hiQ / u
        if hiExact && !inclusive && dHi &* u == hiQ { dHi &-= 1 }
        dLo = (loQ &+ u &- 1) / u
        if loExact && !inclusive && dLo &* u == loQ { dLo &+= 1 }
        guard dLo <= dHi else { return false }
        // The candidate nearest to a: round(mid / (u·2^s)).
        var q = midQ / u
        let r = midQ &- q &* u
        let twice = ((UInt128(r) << UInt128(s)) &+ (mid & mask)) << 1, whole = UInt128(u) << UInt128(s)
        if twice > whole { q &+= 1 } else if twice == whole { return false }
        if q < dLo { q = dLo } else if q > dHi { q = dHi }
        // q·10^(j−k), trailing zeros dropped.
        writeShortest(q, exponent: j &- k, negative: v < 0)
        return true
    }

    /// The JSON number the CLI prints: `null` for NaN and ±∞, an integer for integral values below 10¹⁵ in
    /// magnitude, otherwise the shortest round-trip form.
    public func appendJSONNumber(_ v: Double) {
        if !v.isFinite { append("null"); return }
        let a = Swift.abs(v)
        // Integral: adding 2⁵² rounds a to an integer (the spacing there is 1), so a is one iff that is exact.
        if a < 1e15 && (a + 0x1p52) - 0x1p52 == a {
            let i = Int64(v)
            if i == 0 && v.sign == .minus { append("0"); return }
            if i >= 0 && i < 10 { append(UInt8(truncatingIfNeeded: 48 &+ i)); return }  // (an alpha of 1 or 0)
            appendInt(Int(i)); return
        }
        // (The exact path inlined here: one call per number from the row writers, not two.)
        if appendShortestFixed(v) { return }
        appendShortestByLibrary(v)
    }

    // MARK: Fixed decimals

    /// 10^d for d in 0…19 (fits in 64 bits; exact as a Double too, since 5^19 < 2^53).
    /// (`powersOfTen[d]` is the same as a table, for the hot paths with a variable d.)
    @inlinable @inline(__always) static func pow10(_ d: Int) -> UInt64 {
        switch d {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        case 8: return 100_000_000
        case 9: return 1_000_000_000
        case 10: return 10_000_000_000
        case 11: return 100_000_000_000
        case 12: return 1_000_000_000_000
        case 13: return 10_000_000_000_000
        case 14: return 100_000_000_000_000
        case 15: return 1_000_000_000_000_000
        case 16: return 10_000_000_000_000_000
        case 17: return 100_000_000_000_000_000
        case 18: return 1_000_000_000_000_000_000
        default: return 10_000_000_000_000_000_000
        }
    }

    /// "00" "01" … "99": two digits per division (half the dependent divisions of one digit at a time).
    @usableFromInline static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// The number of decimal digits of `v` (1 for 0).
    @inline(__always) static func digitCount(_ v: UInt64) -> Int {
        // floor(log10(2^bits)) from the bit length, then one comparison.
        let t = ((64 &- v.leadingZeroBitCount) &* 1233) >> 12
        return Swift.max(1, v >= powersOfTen[t] ? t &+ 1 : t)
    }

    /// Writes the `n` lowest decimal digits of `v` ending just before `end` (leading zeros included).
    @inline(__always) static func writeDigits(_ v: UInt64, count n: Int, before end: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var v = v, k = n, p = end
        while k >= 8 {
            let r = v / 100_000_000
            p -= 8; writeEight(UInt32(truncatingIfNeeded: v &- r &* 100_000_000), at: p); k -= 8
            v = r
        }
        while k >= 2 {
            let r = Int(truncatingIfNeeded: v % 100); v /= 100
            p -= 2; p[0] = pairs[2 &* r]; p[1] = pairs[2 &* r &+ 1]; k -= 2
        }
        if k == 1 { p -= 1; p[0] = UInt8(truncatingIfNeeded: 48 &+ v % 10) }
    }

    /// C's `%.{decimals}f` of `v` (exact, ties to even; `nan`, `inf`, `-inf` as C writes them), for
    /// `decimals` in 0…19. Returns false, writing nothing, when |v| ≥ 2⁷⁰ (the caller formats those otherwise).
    ///
    /// Fast path: while y = |v|·10^d < 2³², its rounding error is below 2⁻²¹ < 10⁻⁶, so y rounded to an integer
    /// is the exact answer unless y lies within 10⁻⁶ of a half; those cases, and larger products, are done
    /// exactly in 128-bit integers.
    @discardableResult
    public func appendFixed(_ v: Double, decimals: Int) -> Bool {
        precondition((0...19).contains(decimals), "appendFixed: decimals must be 0…19")
        if !v.isFinite {
            if v.isNaN { append(v.sign == .minus ? "-nan" : "nan") } else { append(v < 0 ? "-inf" : "inf") }
            return true
        }
        if decimals <= 15, let units = Self.fixedUnits(v, decimals: decimals) {
            let q = UInt64(units), negative = v.sign == .minus
            // The common widths with a constant divisor (a multiply instead of a division).
            switch decimals {
            case 7: writeUnits(q, decimals: 7, negative: negative, width: 0)
            case 2: writeUnits(q, decimals: 2, negative: negative, width: 0)
            case 4: writeUnits(q, decimals: 4, negative: negative, width: 0)
            case 5: writeUnits(q, decimals: 5, negative: negative, width: 0)
            case 6: writeUnits(q, decimals: 6, negative: negative, width: 0)
            default: writeUnits(q, decimals: decimals, negative: negative, width: 0)
            }
            return true
        }
        return appendFixedExact(v, decimals: decimals)
    }

    /// Writes q / 10^decimals with `decimals` fraction digits, two digits per division, straight into the buffer.
    @inline(__always) func writeFixed(negative: Bool, q: UInt64, decimals: Int) {
        let scale = Self.pow10(decimals)
        let whole = q / scale, fraction = q &- whole &* scale
        let wholeDigits = Self.digitCount(whole)
        let total = (negative ? 1 : 0) &+ wholeDigits &+ (decimals > 0 ? decimals &+ 1 : 0)
        reserve(total)
        var o = base + count
        if negative { o[0] = 0x2D; o += 1 }
        Self.writeDigits(whole, count: wholeDigits, before: o + wholeDigits)
        if decimals > 0 {
            o[wholeDigits] = 0x2E
            Self.writeDigits(fraction, count: decimals, before: o + wholeDigits + 1 + decimals)
        }
        count &+= total
    }

    func appendFixedExact(_ v: Double, decimals: Int) -> Bool {
        let negative = v.sign == .minus
        let bits = v.bitPattern
        let expField = Int((bits >> 52) & 0x7FF)
        let frac = bits & ((1 << 52) - 1)
        // v = m · 2^e exactly.
        let m: UInt64 = expField == 0 ? frac : frac | (1 << 52)
        let e = expField == 0 ? -1074 : expField - 1075
        if e > 17 { return false }  // |v| ≥ 2⁷⁰: leave to the caller
        let scale = UInt128(Self.pow10(decimals))
        var q: UInt128
        if e >= 0 {
            q = (UInt128(m) << UInt128(e)) * scale
        } else {
            let s = -e
            let n = UInt128(m) * scale  // < 2^53 · 10^19 < 2^117
            if s >= 118 {
                q = 0  // n / 2^s < 1/2: rounds to 0
            } else {
                q = n >> UInt128(s)
                let rest = n & ((UInt128(1) << UInt128(s)) - 1)
                let half = UInt128(1) << UInt128(s - 1)
                if rest > half || (rest == half && q & 1 == 1) { q += 1 }
            }
        }
        if negative { append(0x2D) }
        appendUInt128(q / scale)
        if decimals > 0 {
            append(0x2E)
            let start = count
            append(repeating: 48, count: decimals)
            var f = UInt64(q % scale), i = start + decimals - 1
            while f != 0 { base[i] = UInt8(48 + f % 10); f /= 10; i -= 1 }
        }
        return true
    }

    func appendUInt128(_ n: UInt128) {
        if n <= UInt128(UInt64.max) { appendUInt(UInt(UInt64(n))); return }
        let ten19 = UInt128(Self.pow10(19))
        appendUInt128(n / ten19)
        let start = count
        append(repeating: 48, count: 19)
        var f = UInt64(n % ten19), i = start + 18
        while f != 0 { base[i] = UInt8(48 + f % 10); f /= 10; i -= 1 }
    }

    /// 10^d as a Double for d in 0…15 (exact).
    @inlinable @inline(__always) static func pow10Double(_ d: Int) -> Double {
        switch d {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        default: return Double(Int64(truncatingIfNeeded: pow10(d)))
        }
    }

    /// The fast path of `appendFixed`: |v|·10^d rounded to an integer when that is certainly C's rounding
    /// (the product below 2³², not within 10⁻⁶ of a half); nil otherwise (and for NaN, ±∞).
    @inlinable @inline(__always) static func fixedUnits(_ v: Double, decimals d: Int) -> Int64? {
        let y = Swift.abs(v) * pow10Double(d)
        guard y < 0x1p32 else { return nil }
        // y + 2⁵² is y rounded to an integer (the spacing there is 1), in the low bits of its pattern; f = y − that
        // integer is exact, in [−½, ½]. (|f| is the distance of y's fraction from the nearer integer, so
        // ||f| − ½| is its distance from ½.)
        let r = y + 0x1p52
        let t = Int64(bitPattern: r.bitPattern &- (0x1p52 as Double).bitPattern)
        let f = y - (r - 0x1p52)
        guard Swift.abs(Swift.abs(f) - 0.5) > 1e-6 else { return nil }
        return t
    }

    /// Writes `q` / 10^`decimals` (`decimals` fraction digits) after `pad` spaces and a sign.
    @inline(__always) func writeUnits(_ q: UInt64, decimals: Int, negative: Bool, width: Int) {
        let scale = Self.pow10(decimals)
        let whole = q / scale, fraction = q &- whole &* scale
        let wholeDigits = Self.digitCount(whole)
        let n = (negative ? 1 : 0) &+ wholeDigits &+ (decimals > 0 ? decimals &+ 1 : 0)
        let pad = width > n ? width &- n : 0
        reserve(n &+ pad)
        var o = base + count
        for k in 0..<pad { o[k] = 0x20 }
        o += pad
        if negative { o[0] = 0x2D; o += 1 }
        Self.writeDigits(whole, count: wholeDigits, before: o + wholeDigits)
        if decimals > 0 {
            o[wholeDigits] = 0x2E
            Self.writeDigits(fraction, count: decimals, before: o + wholeDigits + 1 + decimals)
        }
        count &+= n &+ pad
    }

    /// A number in a text table's column of `width` bytes: `appendFixedText(v, decimals:width:)` below 10¹⁵ in
    /// magnitude (and for ±inf), from there the shortest round trip as `Double.description` writes it (`1e+300`,
    /// not three hundred digits; `1000000000000000.0`), and always at least one space before it, so that a
    /// number wider than its column never runs into the one before.
    public func appendColumn(_ v: Double, decimals: Int, width: Int) {
        let start = storedCount
        if v.isFinite && Swift.abs(v) >= 1e15 {
            appendShortest(v)
            alignRight(from: start, width: width)
        } else {
            appendFixedText(v, decimals: decimals, width: width)
        }
        if base[start] != 0x20 { alignRight(from: start, width: storedCount &- start &+ 1) }
    }

    /// `appendFixedText(v, decimals:)` right-aligned in a field of `width` bytes (spaces on the left): C's
    /// `%{width}.{decimals}f` with the sign of a value that rounds to zero dropped.
    public func appendFixedText(_ v: Double, decimals: Int, width: Int) {
        // The common decimals as constants (the divisions become multiplications).
        @_transparent func short(_ d: Int) -> Bool {
            guard let q = Self.fixedUnits(v, decimals: d) else { return false }
            reserve(48)
            storedCount &+= ShortUnits.write(UInt64(q), decimals: d, negative: v < 0 && q != 0, width: width, trim: false,
                                             at: base + storedCount)
            return true
        }
        switch decimals {
        case 7 where width <= 28: if short(7) { return }
        case 2 where width <= 28: if short(2) { return }
        case 0...8:
            guard let q = Self.fixedUnits(v, decimals: decimals) else { break }
            writeShortUnits(UInt64(q), decimals: decimals, negative: v < 0 && q != 0, width: width, trim: false)
            return
        default: break
        }
        let s = count
        appendFixedText(v, decimals: decimals)
        alignRight(from: s, width: width)
    }

    /// C's `%.{decimals}f` with trailing fraction zeros and a trailing point dropped, and `-0` written `0`
    /// (`0.5`, `12`, `-3.25`). Returns false, writing nothing, for NaN, ±∞ and |v| ≥ 2⁷⁰.
    public func appendFixedTrimmed(_ v: Double, decimals: Int) -> Bool {
        guard v.isFinite else { return false }
        @_transparent func short(_ d: Int) -> Bool {
            guard let units = Self.fixedUnits(v, decimals: d) else { return false }
            reserve(48)
            count &+= ShortUnits.write(UInt64(units), decimals: d, negative: v < 0 && units != 0, width: 0, trim: true,
                                       at: base + count)
            return true
        }
        // The common decimals as constants (the divisions become multiplications).
        switch decimals {
        case 6: if short(6) { return true }
        case 7: if short(7) { return true }
        case 5: if short(5) { return true }
        case 3: if short(3) { return true }
        case 4: if short(4) { return true }
        case 0...8: if short(decimals) { return true }
        default: break
        }
        if decimals <= 15, let units = Self.fixedUnits(v, decimals: decimals) {
            var q = UInt64(units), d = decimals
            while d > 0 && q % 10 == 0 { q /= 10; d -= 1 }
            writeUnits(q, decimals: d, negative: v < 0 && q != 0, width: 0)
            return true
        }
        let s = count
        guard appendFixed(v, decimals: decimals) else { return false }
        trimFractionZeros(from: s)
        if count - s == 2 && base[s] == 0x2D && base[s + 1] == 0x30 { remove(at: s) }
        return true
    }

    /// Writes `q` / 10^`decimals` for q < 2³² and decimals ≤ 8 (the fast path of the fixed forms), right-aligned
    /// in `width` bytes, straight-line: the fraction is written as eight digits (q's fraction times
    /// 10^(8 − decimals)) with two-digit table stores, the integer part by pairs. `trim` drops trailing fraction
    /// zeros and a trailing point (then `width` must be 0).
    @inline(__always) func writeShortUnits(_ q: UInt64, decimals d: Int, negative: Bool, width: Int, trim: Bool) {
        var width = width
        if width > 28 {
            // A long pad (not on the hot paths): the spaces first, then the number unpadded.
            let n = ShortUnits.length(q, decimals: d, negative: negative)
            if width > n { appendSpaces(width &- n) }
            width = 0
        }
        reserve(48)  // the widest number (10 digits, sign, point) padded to 28, and the 16-byte stores past it
        count &+= ShortUnits.write(q, decimals: d, negative: negative, width: width, trim: trim, at: base + count)
    }

    /// `n` spaces (a long right-alignment pad).
    @inline(never) func appendSpaces(_ n: Int) { append(repeating: 0x20, count: n) }

    /// Writes the eight decimal digits of `v` (< 10⁸, leading zeros included) at `p`: four two-digit stores.
    /// (Fewer instructions than splitting the digits into one word by lane arithmetic: the divisions by
    /// constants are multiplications, and the four table loads are independent. Where the digits are needed
    /// as a word, `eightDigits` makes them in a register: a word loaded from these stores would stall.)
    @inline(__always) static func writeEight(_ v: UInt32, at p: UnsafeMutablePointer<UInt8>) {
        writeEight(v, raw: UnsafeMutableRawPointer(p))
    }

    @inlinable @inline(__always) static func writeEight(_ v: UInt32, raw r: UnsafeMutableRawPointer) {
        let pairs = UnsafeRawPointer(digitPairs.utf8Start)
        let hi = v / 10_000, lo = v &- hi &* 10_000
        let a = hi / 100, b = hi &- a &* 100, c = lo / 100, e = lo &- c &* 100
        r.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(a) &* 2, as: UInt16.self), as: UInt16.self)
        r.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(b) &* 2, as: UInt16.self), toByteOffset: 2, as: UInt16.self)
        r.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(c) &* 2, as: UInt16.self), toByteOffset: 4, as: UInt16.self)
        r.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(e) &* 2, as: UInt16.self), toByteOffset: 6, as: UInt16.self)
    }

    /// Drops trailing zeros after a decimal point written since `start`, and the point when nothing follows it.
    public func trimFractionZeros(from start: Int) {
        var hasPoint = false
        for i in start..<count where base[i] == 0x2E { hasPoint = true; break }
        guard hasPoint else { return }
        while count > start && base[count - 1] == 0x30 { count -= 1 }
        if count > start && base[count - 1] == 0x2E { count -= 1 }
    }

    /// C's `%.{decimals}f` for any Double, with the sign of a value that rounds to zero dropped (`-0.00` →
    /// `0.00`); `nan`, `inf`, `-inf` for non-finite values. |v| ≥ 2⁷⁰ (only out-of-range input reaches it) goes
    /// through C's `snprintf`.
    public func appendFixedText(_ v: Double, decimals: Int) {
        let s = count
        if v.isNaN { append("nan"); return }
        if !appendFixed(v, decimals: decimals) {
            var buf = [CChar](repeating: 0, count: 400)
            _ = withVaList([v]) { vsnprintf(&buf, 400, "%.\(decimals)f", $0) }
            append(String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        if base[s] == 0x2D && UnsafeBufferPointer(rebasing: buffer[(s + 1)...]).allSatisfy({ $0 == 0x30 || $0 == 0x2E }) {
            remove(at: s)
        }
    }

    // MARK: Numbers as Strings (files)

    /// Numbers as files show them, by the same formatter: the same bytes on every run and machine (no locale),
    /// no negative zero, never a trap — a non-finite value prints as `nan`, `inf` or `-inf` (callers that must
    /// not write those check first, where the value enters).
    static func string(_ write: (ByteText) -> Void) -> String {
        let b = ByteText(capacity: 64)
        write(b)
        return String(decoding: b.buffer, as: UTF8.self)
    }

    /// `v` with exactly `decimals` (0…17) decimals (`0.500`), C `printf` rounding of the binary value; −0 prints as 0.
    public static func fixed(_ v: Double, _ decimals: Int) -> String {
        if !v.isFinite { return v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf") }
        return string { $0.appendFixedText(v, decimals: Swift.max(0, Swift.min(decimals, 17))) }
    }

    /// `v` with at most `decimals` decimals, trailing zeros and a trailing point removed (`0.79`, `1`).
    public static func trimmed(_ v: Double, _ decimals: Int) -> String {
        if !v.isFinite { return fixed(v, decimals) }
        return string { b in
            b.appendFixedText(v, decimals: Swift.max(0, Swift.min(decimals, 17)))
            b.trimFractionZeros(from: 0)
            if b.count == 2 && b[0] == 0x2D && b[1] == 0x30 { b.remove(at: 0) }
        }
    }

    /// `v` rounded half away from zero at `decimals` (0…15), trailing zeros stripped (`0.1235`, `2`). Beyond 2⁵³
    /// units of the last place there is no fraction left: the value prints as `trimmed` does.
    public static func halfAwayTrimmed(_ v: Double, _ decimals: Int) -> String {
        if !v.isFinite { return fixed(v, decimals) }
        let d = Swift.max(0, Swift.min(decimals, 15))
        let scaled = (v * Double(pow10(d))).rounded(.toNearestOrAwayFromZero)
        guard Swift.abs(scaled) < 9_007_199_254_740_992 else { return trimmed(v, d) }
        if scaled == 0 { return "0" }
        return string { b in
            b.writeFixed(negative: scaled < 0, q: UInt64(Swift.abs(scaled)), decimals: d)
            b.trimFractionZeros(from: 0)
        }
    }

    /// Integers without a fraction (below 10¹⁵), others in Swift's shortest round-trip form; NaN as `nan`.
    public static func shortest(_ v: Double, nan: String = "nan") -> String {
        if v.isNaN { return nan }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        return string { b in
            if v == v.rounded(), Swift.abs(v) < 1e15 { b.appendInt(v == 0 ? 0 : Int(Int64(v))) } else { b.appendShortest(v) }
        }
    }

    // MARK: JSON strings

    /// A JSON string literal of UTF-8 `text` (escapes as `JSONText.string`: `"`, `\`, `\n`, `\r`, `\t`, other
    /// controls below U+0020, DEL and the C1 controls U+0080…U+009F as `\u00XX`, so no control character reaches
    /// a terminal that shows the JSON; everything else as is).
    public func appendJSONString(_ text: UnsafeBufferPointer<UInt8>) {
        if let src = text.baseAddress, text.count >= 4 && text.count <= 16 {
            // Short text (a color, a label): checked and copied as two overlapping words.
            let n = text.count, r = UnsafeRawPointer(src)
            let head: UInt64, tail: UInt64
            if n >= 8 {
                head = r.loadUnaligned(as: UInt64.self); tail = r.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            } else {
                // Two 32-bit words, each repeated in both halves (the test below sees every byte).
                let h = UInt64(r.loadUnaligned(as: UInt32.self)), t = UInt64(r.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self))
                head = h | h &<< 32; tail = t | t &<< 32
            }
            if !Self.needsEscape(head) && !Self.needsEscape(tail) {
                reserve(24)
                let o = UnsafeMutableRawPointer(base + storedCount)
                o.storeBytes(of: 0x22 as UInt8, as: UInt8.self)
                if n >= 8 {
                    o.storeBytes(of: head, toByteOffset: 1, as: UInt64.self)
                    o.storeBytes(of: tail, toByteOffset: n &- 7, as: UInt64.self)
                } else {
                    o.storeBytes(of: UInt32(truncatingIfNeeded: head), toByteOffset: 1, as: UInt32.self)
                    o.storeBytes(of: UInt32(truncatingIfNeeded: tail), toByteOffset: n &- 3, as: UInt32.self)
                }
                o.storeBytes(of: 0x22 as UInt8, toByteOffset: n &+ 1, as: UInt8.self)
                storedCount &+= n &+ 2
                return
            }
        }
        // Most strings need no escape: copied whole. (0xC2 leads U+0080…U+00BF, the C1 controls among them.)
        if !text.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }) {
            reserve(text.count + 2)
            base[count] = 0x22
            if let src = text.baseAddress, text.count > 0 { (base + count + 1).update(from: src, count: text.count) }
            base[count + 1 + text.count] = 0x22
            count += text.count + 2
            return
        }
        append(0x22)
        let hex: StaticString = "0123456789abcdef"
        var i = 0
        while i < text.count {
            let b = text[i]
            i += 1
            switch b {
            case 0x22: append(0x5C); append(0x22)
            case 0x5C: append(0x5C); append(0x5C)
            case 0x0A: append(0x5C); append(0x6E)
            case 0x0D: append(0x5C); append(0x72)
            case 0x09: append(0x5C); append(0x74)
            case 0..<0x20, 0x7F:
                append("\\u00")
                append(hex.utf8Start[Int(b >> 4)]); append(hex.utf8Start[Int(b & 15)])
            case 0xC2 where i < text.count && text[i] >= 0x80 && text[i] <= 0x9F:
                // A C1 control (U+0080…U+009F, UTF-8 C2 80…C2 9F).
                append("\\u00")
                append(hex.utf8Start[Int(text[i] >> 4)]); append(hex.utf8Start[Int(text[i] & 15)])
                i += 1
            default: append(b)
            }
        }
        append(0x22)
    }

    /// Whether any byte of the word is below 0x20, `"`, `\`, DEL or 0xC2 (which leads the C1 controls) (the
    /// exact "some byte below n" test: a byte's borrow in x − n·0x01…01 reaches its top bit only if it was below
    /// n, and bytes ≥ 0x80 are masked out; a byte equal to c is a zero byte of x ^ c·0x01…01).
    @inline(__always) static func needsEscape(_ x: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let quote = x ^ (ones &* 0x22), backslash = x ^ (ones &* 0x5C)
        let del = x ^ (ones &* 0x7F), c1 = x ^ (ones &* 0xC2)
        let below = (x &- ones &* 0x20) & ~x
        let q = (quote &- ones) & ~quote, b = (backslash &- ones) & ~backslash
        let d = (del &- ones) & ~del, c = (c1 &- ones) & ~c1
        return (below | q | b | d | c) & high != 0
    }

    public func appendJSONString(_ s: String) {
        var s = s
        s.withUTF8 { appendJSONString($0) }
    }

    // MARK: Output

    /// Writes every byte to file descriptor `fd` (retrying short writes and EINTR). Returns nil on success or
    /// the system's message for the failure.
    public func write(to fd: Int32) -> String? {
        ByteText.writeAll(fd, UnsafeRawBufferPointer(buffer))
    }

    public static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> String? {
        var offset = 0
        while offset < raw.count {
            #if canImport(Glibc)
            let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            #else
            let n = Darwin.write(fd, raw.baseAddress! + offset, raw.count - offset)
            #endif
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return String(cString: strerror(n < 0 ? errno : EIO)) }
            offset += n
        }
        return nil
    }
}

/// 10⁰ … 10¹⁹ (a constant table: one load, where `ByteText.pow10`'s switch costs a branch chain).
let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
                             10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
                             100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
                             100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000]

extension ByteText: TextOutputStream {
    public func write(_ string: String) { append(string) }
    /// The standard library's number printers hand their ASCII digits here: appended without a String.
    public func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { append(buffer) }
}

/// The straight-line writer of `ByteText`'s fixed forms for q < 2³² and decimals ≤ 8, as a transparent function
/// (always inlined: with constant decimals the divisions become multiplications).
enum ShortUnits {
    /// Bytes of q / 10^d with d decimals and the sign (no padding).
    @_transparent static func length(_ q: UInt64, decimals d: Int, negative: Bool) -> Int {
        let whole = UInt32(truncatingIfNeeded: q) / UInt32(truncatingIfNeeded: ByteText.pow10(d))
        let wholeDigits = whole < 10 ? 1 : (whole < 100 ? 2 : (whole < 1000 ? 3 : ByteText.digitCount(UInt64(whole))))
        return (negative ? 1 : 0) &+ wholeDigits &+ (d > 0 ? d &+ 1 : 0)
    }

    /// Writes q / 10^d (d fraction digits, `trim`: trailing fraction zeros and a bare point dropped) right-aligned
    /// in `width` ≤ 28 bytes at `o`, which must have 48 bytes of room; returns the bytes written.
    @_transparent static func write(_ q: UInt64, decimals d: Int, negative: Bool, width: Int, trim: Bool,
                                    at start: UnsafeMutablePointer<UInt8>) -> Int {
        let q32 = UInt32(truncatingIfNeeded: q), scale = UInt32(truncatingIfNeeded: ByteText.pow10(d))
        let whole = q32 / scale, fraction = q32 &- whole &* scale
        let wholeDigits = whole < 10 ? 1 : (whole < 100 ? 2 : (whole < 1000 ? 3 : ByteText.digitCount(UInt64(whole))))
        let n = (negative ? 1 : 0) &+ wholeDigits &+ (d > 0 ? d &+ 1 : 0)
        let pad = width > n ? width &- n : 0
        var o = start
        if width > 0 {
            let r = UnsafeMutableRawPointer(o)
            r.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
            r.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: 8, as: UInt64.self)
            r.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: 16, as: UInt64.self)
            r.storeBytes(of: 0x2020_2020 as UInt32, toByteOffset: 24, as: UInt32.self)
            o += pad
        }
        if negative { o[0] = 0x2D; o += 1 }
        if whole < 10 {
            o[0] = UInt8(truncatingIfNeeded: 48 &+ whole)
        } else if whole < 1000 {
            // Two or three digits: the last two by one table load.
            let pairs = UnsafeRawPointer(ByteText.digitPairs.utf8Start)
            let top = whole / 100, low = whole &- top &* 100
            if whole >= 100 { o[0] = UInt8(truncatingIfNeeded: 48 &+ top) }
            UnsafeMutableRawPointer(o + wholeDigits - 2).storeBytes(
                of: pairs.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: low) &* 2, as: UInt16.self), as: UInt16.self)
        } else {
            ByteText.writeDigits(UInt64(whole), count: wholeDigits, before: o + wholeDigits)
        }
        o += wholeDigits
        var written = n &+ pad
        if d > 0 {
            o[0] = 0x2E
            ByteText.writeEight(fraction &* UInt32(truncatingIfNeeded: ByteText.pow10(8 &- d)), at: o + 1)
            if trim {
                var last = d
                while last > 0 && o[last] == 0x30 { last &-= 1 }
                // last = 0: no fraction digit left, drop the point too.
                written &-= d &- last &+ (last == 0 ? 1 : 0)
            }
        }
        return written
    }
}
