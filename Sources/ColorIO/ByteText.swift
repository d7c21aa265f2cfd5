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
///   Double: `0.1`, `1e-05`, `20.999999999999996`), by the standard library's own conversion written straight
///   into the buffer, so it is byte-identical to `"\(v)"`.
/// - `appendFixed(_:decimals:)` writes C's `%.Nf` (exact decimal value of the Double, rounded half to even),
///   exact (a Double fast path away from halves, 128-bit integers otherwise), so it is byte-identical to
///   `String(format: "%.7f", v)`.
/// - `appendInt(_:)` writes a decimal integer.
///
/// Text: ASCII and UTF-8 bytes, `StaticString`s, and JSON string literals (`appendJSONString`, same escapes as
/// `JSONText.string`).
public final class ByteText: @unchecked Sendable {
    // Exclusivity is checked by construction (one owner writes a ByteText at a time); the dynamic checks on a
    // class's stored properties would otherwise cost more than the formatting itself.
    @exclusivity(unchecked) public private(set) var count = 0
    @exclusivity(unchecked) public private(set) var capacity: Int
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>

    public init(capacity: Int = 1 << 16) {
        self.capacity = Swift.max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    public var isEmpty: Bool { count == 0 }
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
    @inline(__always) public func reserve(_ n: Int) {
        if count + n > capacity { grow(count + n) }
    }

    @inline(never) func grow(_ needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        nb.update(from: base, count: count)
        base.deallocate()
        base = nb
        capacity = newCapacity
    }

    @inline(__always) public func append(_ b: UInt8) {
        if count == capacity { grow(count + 1) }
        base[count] = b
        count += 1
    }

    public func append(_ s: StaticString) {
        s.withUTF8Buffer { append($0) }
    }

    public func append(_ s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    public func append(_ b: UnsafeBufferPointer<UInt8>) {
        guard let src = b.baseAddress, b.count > 0 else { return }
        reserve(b.count)
        (base + count).update(from: src, count: b.count)
        count += b.count
    }

    public func append(_ b: UnsafeRawBufferPointer) {
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
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, enough for 20 digits
        var v = n, k = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat { d[k] = UInt8(truncatingIfNeeded: 48 + v % 10); v /= 10; k += 1 } while v != 0
            reserve(k)
            while k > 0 { k -= 1; base[count] = d[k]; count += 1 }
        }
    }

    // MARK: Shortest round trip

    /// Swift's `v.description` (`nan`, `inf`, `-inf`, `1e-05`, `0.1`, `5e+16`…), no allocation.
    public func appendShortest(_ v: Double) {
        var me = self
        v.write(to: &me)
    }

    /// The JSON number the CLI prints: `null` for NaN and ±∞, an integer for integral values below 10¹⁵ in
    /// magnitude, otherwise the shortest round-trip form.
    public func appendJSONNumber(_ v: Double) {
        if !v.isFinite { append("null"); return }
        if v == v.rounded() && Swift.abs(v) < 1e15 {
            let i = Int64(v)
            if i == 0 && v.sign == .minus { append("0"); return }
            appendInt(Int(i)); return
        }
        appendShortest(v)
    }

    // MARK: Fixed decimals

    /// 10^d for d in 0…19 (fits in 64 bits; exact as a Double too, since 5^19 < 2^53).
    @inline(__always) static func pow10(_ d: Int) -> UInt64 {
        var p: UInt64 = 1
        for _ in 0..<d { p &*= 10 }
        return p
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
        if v.isNaN { append(v.sign == .minus ? "-nan" : "nan"); return true }
        if v.isInfinite { append(v < 0 ? "-inf" : "inf"); return true }
        let negative = v.sign == .minus
        let y = Swift.abs(v) * Double(Self.pow10(decimals))
        if y < 0x1p32 {
            let r = y.rounded(.toNearestOrEven)
            let f = y - (y.rounded(.down))
            if Swift.abs(f - 0.5) > 1e-6 {
                writeFixed(negative: negative, q: UInt64(r), decimals: decimals)
                return true
            }
        }
        return appendFixedExact(v, decimals: decimals)
    }

    /// Writes q / 10^decimals with `decimals` fraction digits: all digits by constant divisions by 10.
    @inline(__always) func writeFixed(negative: Bool, q: UInt64, decimals: Int) {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 digits: q < 2^64 has at most 20
        withUnsafeMutableBytes(of: &scratch) { d in
            var v = q, k = 0
            repeat { d[k] = UInt8(truncatingIfNeeded: 48 &+ v % 10); v /= 10; k += 1 } while v != 0 || k <= decimals
            reserve(k + 2)
            var o = count
            if negative { base[o] = 0x2D; o += 1 }
            while k > decimals { k -= 1; base[o] = d[k]; o += 1 }
            if decimals > 0 {
                base[o] = 0x2E; o += 1
                while k > 0 { k -= 1; base[o] = d[k]; o += 1 }
            }
            count = o
        }
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

    /// Drops trailing zeros after a decimal point written since `start`, and the point when nothing follows it.
    public func trimFractionZeros(from start: Int) {
        var hasPoint = false
        for i in start..<count where base[i] == 0x2E { hasPoint = true; break }
        guard hasPoint else { return }
        while count > start && base[count - 1] == 0x30 { count -= 1 }
        if count > start && base[count - 1] == 0x2E { count -= 1 }
    }

    // MARK: JSON strings

    /// A JSON string literal of UTF-8 `text` (escapes as `JSONText.string`: `"`, `\`, `\n`, `\r`, `\t`, other
    /// controls below U+0020 as `\u00XX`; everything else as is).
    public func appendJSONString(_ text: UnsafeBufferPointer<UInt8>) {
        append(0x22)
        for b in text {
            switch b {
            case 0x22: append(0x5C); append(0x22)
            case 0x5C: append(0x5C); append(0x5C)
            case 0x0A: append(0x5C); append(0x6E)
            case 0x0D: append(0x5C); append(0x72)
            case 0x09: append(0x5C); append(0x74)
            case 0..<0x20:
                append("\\u00")
                let hex: StaticString = "0123456789abcdef"
                append(hex.utf8Start[Int(b >> 4)]); append(hex.utf8Start[Int(b & 15)])
            default: append(b)
            }
        }
        append(0x22)
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

extension ByteText: TextOutputStream {
    public func write(_ string: String) { append(string) }
    /// The standard library's number printers hand their ASCII digits here: appended without a String.
    public func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { append(buffer) }
}
