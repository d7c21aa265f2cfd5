/// A byte-level reader for the CSS color forms that dominate large inputs — `#hex` (3, 4, 6, 8 digits) and the
/// modern function form of a space (`oklch(0.7 0.1 200)`, `lab(50% 20 -30 / 0.5)`, `none` components) — that
/// gives exactly the `Color` (coordinates, alpha, `cssSyntax`) `Workbench.parse` gives, without allocating.
///
/// Anything else (named colors, `rgb()`, `hsl()`, `hwb()`, `color()`, `color-mix()`, `calc()`, angles with units,
/// commas, upper case, numbers beyond 19 significant digits, 2^53 or 10^±22, invalid input) returns nil: the
/// caller then runs the full parser, which also produces the error message. `CSSQuickReaderTests` checks the two
/// readers agree bit for bit.
///
/// The text is read eight bytes at a time where it can be: a function name up to its `(`, a run of digits
/// (counted and converted to an integer in one word), six hex digits; a number is then one correctly rounded
/// IEEE operation (an integer below 2^53 times or divided by an exact power of ten), as strtod rounds it.
public struct CSSQuickReader: Sendable {
    /// A space's function form as plain data (no reference counting when a line is matched): its name packed
    /// into 16 bytes, and per coordinate whether it is a hue, the reference of a percentage (NaN: none) and the
    /// bounds `CSSParser.clampAtParse` applies (±∞: none). The space's id is `ids[i]` for entry i.
    struct FunctionSpace: Sendable {
        var name: (UInt64, UInt64) = (0, 0)
        var length = 0
        var hue: (Bool, Bool, Bool) = (false, false, false)
        var percent: SIMD3<Double> = SIMD3(repeating: .nan)
        var low: SIMD3<Double> = SIMD3(repeating: -.infinity), high: SIMD3<Double> = SIMD3(repeating: .infinity)

        init?(name text: String, space: ColorSpace) {
            let bytes = Array(text.utf8)
            guard bytes.count <= 16, space.coordinates.count >= 3 else { return nil }
            length = bytes.count
            withUnsafeMutableBytes(of: &name) { for (i, b) in bytes.enumerated() { $0[i] = b } }
            for k in 0..<3 {
                let meta = space.coordinates[k]
                switch k { case 0: hue.0 = meta.isHue; case 1: hue.1 = meta.isHue; default: hue.2 = meta.isHue }
                if !meta.isHue, let r = meta.percentReference { percent[k] = r }
            }
            // The parse-time clamp, read off by probing it with huge values.
            var lo = SIMD3<Double>(repeating: -1e308), hi = SIMD3<Double>(repeating: 1e308)
            CSSParser.clampAtParse(&lo, space: space.id); CSSParser.clampAtParse(&hi, space: space.id)
            for k in 0..<3 {
                if lo[k] != -1e308 { low[k] = lo[k] }
                if hi[k] != 1e308 { high[k] = hi[k] }
            }
        }

        func isHue(_ k: Int) -> Bool { k == 0 ? hue.0 : (k == 1 ? hue.1 : hue.2) }
    }
    let functions: [FunctionSpace]
    /// The space of each entry of `functions`.
    let ids: [ColorSpaceID]
    /// The spaces of `Parsed.space`: sRGB (`#hex`) first, then the function forms.
    public let spaceIDs: [ColorSpaceID]

    /// A color as read, as plain data (no reference count): its space is `spaceIDs[space]`; space 0 is a `#hex`
    /// (sRGB, legacy syntax), every other a space's function form (modern syntax).
    public struct Parsed: Sendable {
        public var coords: SIMD3<Double>
        public var alpha: Double
        public var space: Int
        public init() { coords = .zero; alpha = 1; space = 0 }
    }

    public init(spaces: ColorSpaceRegistry = Workbench.standard.spaces) {
        // The functions `CSSParser.function` sends to its default branch (a space's own function form),
        // except hwb (legacy serialization).
        let special: Set<String> = ["rgb", "rgba", "hsl", "hsla", "hwb", "color", "color-mix"]
        var f: [FunctionSpace] = [], ids: [ColorSpaceID] = []
        var seen: Set<String> = []
        for s in spaces.spaces.all {
            if case .function(let name) = s.cssForm, !special.contains(name),
               name.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A || $0 >= 0x30 && $0 <= 0x39 || $0 == 0x2D }),
               !seen.contains(name), let entry = FunctionSpace(name: name, space: s) {
                seen.insert(name)
                f.append(entry); ids.append(s.id)
            }
        }
        functions = f
        self.ids = ids
        spaceIDs = [.srgb] + ids
    }

    /// The `Color` of a parsed color (with the CSS syntax the full parser records).
    @inline(__always)
    public func color(_ c: Parsed) -> Color {
        var color = Color(spaceIDs[c.space], coords: c.coords, alpha: c.alpha)
        color.cssSyntax = c.space == 0 ? CSSSyntax(isLegacy: true) : CSSSyntax()
        return color
    }

    /// The color, or nil when the text is not one of the quick forms (see the type's summary). Spaces and TABs
    /// around it are ignored.
    public func read(_ text: UnsafeBufferPointer<UInt8>) -> Color? {
        var c = Parsed()
        return read(text, tabs: true, into: &c) ? color(c) : nil
    }

    /// `read` of a whole input line of a stream: only spaces around the color are ignored, so a line with a TAB
    /// anywhere (a label, or a pair) or any byte outside ASCII is never a quick form. A line `read` accepts and
    /// that has no TAB gives the same color.
    public func readLine(_ text: UnsafeBufferPointer<UInt8>) -> Color? {
        var c = Parsed()
        return read(text, tabs: false, into: &c) ? color(c) : nil
    }

    /// `readLine` into plain data: false when the line is not a quick form.
    public func readLine(_ text: UnsafeBufferPointer<UInt8>, into c: inout Parsed) -> Bool {
        read(text, tabs: false, into: &c)
    }

    /// `readLine` of the line `buffer[range]`, into plain data. The bytes of `buffer` around the line may be read
    /// (a short line is then read in whole words) but never change the result.
    public func readLine(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into c: inout Parsed) -> Bool {
        guard let p = buffer.baseAddress else { return false }
        return read(p, buffer.count, range.lowerBound, range.upperBound, tabs: false, into: &c)
    }

    @inline(__always)
    func read(_ text: UnsafeBufferPointer<UInt8>, tabs: Bool, into c: inout Parsed) -> Bool {
        guard let p = text.baseAddress else { return false }
        return read(p, text.count, 0, text.count, tabs: tabs, into: &c)
    }

    /// The color in `p[start..<end]`; the bytes up to `count` may be read.
    @inline(__always)
    func read(_ p: UnsafePointer<UInt8>, _ count: Int, _ start: Int, _ end: Int, tabs: Bool, into c: inout Parsed) -> Bool {
        var a = start, b = end
        while a < b && (p[a] == 0x20 || tabs && p[a] == 0x09) { a &+= 1 }
        while b > a && (p[b &- 1] == 0x20 || tabs && p[b &- 1] == 0x09) { b &-= 1 }
        guard a < b else { return false }
        if p[a] == 0x23 { return Self.hex(p, count, a &+ 1, b, into: &c) }
        return function(p, count, a, b, into: &c)
    }

    // MARK: Words

    @inline(__always) static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inline(__always) static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes from `i` as a little-endian word (byte `i` lowest), zero past `count` (never read).
    @inline(__always)
    static func word(_ p: UnsafePointer<UInt8>, _ i: Int, _ count: Int) -> UInt64 {
        let r = UnsafeRawPointer(p)
        if i &+ 8 <= count { return r.loadUnaligned(fromByteOffset: i, as: UInt64.self) }
        if i >= count { return 0 }
        if count >= 8 { return r.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) &>> UInt64(8 &* (i &+ 8 &- count)) }
        var w: UInt64 = 0, k = count &- 1
        while k >= i { w = w &<< 8 | UInt64(p[k]); k &-= 1 }
        return w
    }

    /// How many bytes from the start of `w` are ASCII digits (0…8), and `w` with '0'…'9' turned into 0…9.
    @inline(__always)
    static func digitRun(_ w: UInt64) -> (count: Int, values: UInt64) {
        let x = w ^ (ones &* 0x30)
        // A byte is a digit when it is below 10 after the xor: adding 0x76 to its low seven bits leaves the high
        // bit clear (no carry crosses a byte), and its own high bit is clear.
        let nondigit = (((x & ~highs) &+ (ones &* 0x76)) | x) & highs
        return (nondigit.trailingZeroBitCount &>> 3, x)
    }

    /// The integer the first `n` (1…8) digit values of `x` spell.
    @inline(__always)
    static func digitsValue(_ x: UInt64, _ n: Int) -> UInt64 {
        // The n digits moved to the top bytes (the bytes below are zeros: leading zeros of the number), then
        // pairs, fours and eights of digits combined by multiplication.
        var v = x &<< UInt64(64 &- 8 &* n)
        v = v &* 10 &+ (v &>> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        v = ((v & mask) &* (100 &+ (1_000_000 &<< 32)) &+ ((v &>> 16) & mask) &* (1 &+ (10_000 &<< 32))) &>> 32
        return v & 0xFFFF_FFFF
    }

    /// 10^n for 0 ≤ n ≤ 8.
    @inline(__always)
    static func intPower(_ n: Int) -> UInt64 {
        switch n {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        default: return 100_000_000
        }
    }

    /// 10^n for 0 ≤ n ≤ 22: the powers of ten a Double holds exactly.
    @inline(__always)
    static func exactPower(_ n: Int) -> Double {
        switch n {
        case 0: return 1
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }

    // MARK: #hex

    /// The value of one hex digit, or a value above 15 when `c` is not one.
    @inline(__always)
    static func nibble(_ c: UInt8) -> UInt32 {
        let d = UInt32(c) &- 0x30
        if d < 10 { return d }
        let l = (UInt32(c) | 0x20) &- 0x61  // a…f in either case
        return l < 6 ? l &+ 10 : 16
    }

    static func hex(_ p: UnsafePointer<UInt8>, _ count: Int, _ a: Int, _ b: Int, into c: inout Parsed) -> Bool {
        let n = b &- a
        var v: (Double, Double, Double, Double) = (0, 0, 0, 1)
        switch n {
        case 6, 8:
            // All six or eight digits in one word: per byte, a digit (0x30…0x39) or a letter a…f in either case; the
            // nibbles then paired into bytes. (Each step stays inside its byte: no carry crosses into the next.)
            let w = word(p, a, count)
            let d = w ^ (ones &* 0x30)
            let notDigit = (((d & ~highs) &+ (ones &* 0x76)) | d) & highs
            let l = (w | (ones &* 0x20)) ^ (ones &* 0x60)  // a…f → 1…6
            let t = l & ~highs
            let notLetter = ((((t &+ (ones &* 0x79)) | l) & highs) | (~(t &+ (ones &* 0x7F)) & highs))
            let used: UInt64 = n == 8 ? ~0 : 0x0000_FFFF_FFFF_FFFF
            guard notDigit & notLetter & used == 0 else { return false }
            let digitBytes = ((~notDigit & highs) &>> 7) &* 0xFF
            let nibbles = ((d & digitBytes) | ((l &+ (ones &* 0x09)) & ~digitBytes)) & (ones &* 0x0F)
            let pairs = ((nibbles & 0x000F_000F_000F_000F) &<< 4) | ((nibbles &>> 8) & 0x000F_000F_000F_000F)
            v.0 = Double(pairs & 0xFF) / 255
            v.1 = Double((pairs &>> 16) & 0xFF) / 255
            v.2 = Double((pairs &>> 32) & 0xFF) / 255
            if n == 8 { v.3 = Double((pairs &>> 48) & 0xFF) / 255 }
        case 3, 4:
            let r = nibble(p[a]), g = nibble(p[a &+ 1]), bl = nibble(p[a &+ 2]), al = n == 4 ? nibble(p[a &+ 3]) : 0
            guard r | g | bl | al < 16 else { return false }
            v.0 = Double(r &* 17) / 255; v.1 = Double(g &* 17) / 255; v.2 = Double(bl &* 17) / 255
            if n == 4 { v.3 = Double(al &* 17) / 255 }
        default:
            return false
        }
        c.coords = SIMD3(v.0, v.1, v.2)
        c.alpha = v.3
        c.space = 0
        return true
    }

    // MARK: Function forms

    /// Kinds of a component.
    @inline(__always) static var failed: UInt8 { 0 }
    @inline(__always) static var number: UInt8 { 1 }
    @inline(__always) static var percent: UInt8 { 2 }
    @inline(__always) static var none: UInt8 { 3 }

    /// A CSS number (`[+-]? digits [. digits]? ([eE] [+-]? digits)?`) with an optional `%`, or `none`, from `i`
    /// (before `end`, the closing parenthesis; the bytes up to `count` may be read) into `v` (NaN for none);
    /// returns its kind, `failed` when it is anything else or not exactly representable by the fast path (then
    /// the full parser reads it).
    @_transparent
    static func component(_ p: UnsafePointer<UInt8>, _ count: Int, _ i: inout Int, _ end: Int, _ v: inout Double) -> UInt8 {
        let c = p[i]
        if c == 0x6E {  // none
            guard i &+ 4 <= end, p[i &+ 1] == 0x6F, p[i &+ 2] == 0x6E, p[i &+ 3] == 0x65 else { return failed }
            i &+= 4
            v = .nan
            return none
        }
        let negative = c == 0x2D
        var j = i
        if c == 0x2B || c == 0x2D { j &+= 1 }
        // The common case in one word: up to seven digits, or digits, a point and digits, followed by a byte that
        // is none of these (the number ends inside the word).
        let x = word(p, j, count) ^ (ones &* 0x30)
        let nondigit = (((x & ~highs) &+ (ones &* 0x76)) | x) & highs
        let whole = nondigit.trailingZeroBitCount &>> 3
        guard whole > 0 else { return failed }
        guard whole < 8 else { return generalComponent(p, count, &i, end, &v) }
        var mantissa: UInt64, fraction = 0
        if (x &>> UInt64(8 &* whole)) & 0xFF == 0x1E {  // '.'
            guard whole < 7 else { return generalComponent(p, count, &i, end, &v) }
            let after = nondigit &>> UInt64(8 &* (whole &+ 1))
            guard after != 0 else { return generalComponent(p, count, &i, end, &v) }
            fraction = after.trailingZeroBitCount &>> 3
            guard fraction > 0 else { return failed }
            // The digits without the point: the whole digits, then the fraction's moved down one byte.
            let low: UInt64 = (1 &<< UInt64(8 &* whole)) &- 1
            mantissa = digitsValue((x & low) | ((x &>> 8) & ~low), whole &+ fraction)
            j &+= whole &+ 1 &+ fraction
        } else {
            mantissa = digitsValue(x, whole)
            j &+= whole
        }
        let next = j < end ? p[j] : 0
        if next | 0x20 == 0x65 { return generalComponent(p, count, &i, end, &v) }  // an exponent
        i = j
        // Below 10^7 and divided by at most 10^6: one correctly rounded division.
        let magnitude = Double(mantissa) / exactPower(fraction)
        v = negative ? -magnitude : magnitude
        if next == 0x25 { i &+= 1; return percent }
        return number
    }

    /// `component` for the numbers the one-word case does not take (eight digits or more, an exponent), digit
    /// runs a word at a time; more than 19 digits in all (the mantissa could overflow) are read digit by digit.
    @inline(never)
    static func generalComponent(_ p: UnsafePointer<UInt8>, _ count: Int, _ i: inout Int, _ end: Int, _ v: inout Double) -> UInt8 {
        let start = i
        var c = p[i]
        let negative = c == 0x2D
        if c == 0x2B || c == 0x2D { i &+= 1 }
        var mantissa: UInt64 = 0, digits = 0, exp10 = 0
        var run = 0
        repeat {
            let (n, x) = digitRun(word(p, i, count))
            run = n
            if n > 0 { mantissa = mantissa &* intPower(n) &+ digitsValue(x, n); digits &+= n; i &+= n }
        } while run == 8
        guard digits > 0 else { return failed }
        if i < end && p[i] == 0x2E {
            i &+= 1
            let whole = digits
            repeat {
                let (n, x) = digitRun(word(p, i, count))
                run = n
                if n > 0 { mantissa = mantissa &* intPower(n) &+ digitsValue(x, n); digits &+= n; i &+= n }
            } while run == 8
            guard digits > whole else { return failed }
            exp10 = whole &- digits
        }
        if digits > 19 {
            i = start
            return longComponent(p, &i, end, &v)
        }
        c = i < end ? p[i] : 0
        if c == 0x65 || c == 0x45 {
            var j = i &+ 1, eneg = false, e = 0, eDigits = 0
            if j < end && (p[j] == 0x2B || p[j] == 0x2D) { eneg = p[j] == 0x2D; j &+= 1 }
            while j < end, p[j] >= 0x30 && p[j] <= 0x39 {
                guard eDigits < 4 else { return failed }
                e = e &* 10 &+ Int(p[j] &- 0x30); eDigits &+= 1; j &+= 1
            }
            guard eDigits > 0 else { return failed }  // `1e` is a dimension: full parser
            exp10 &+= eneg ? -e : e
            i = j
            c = i < end ? p[i] : 0
        }
        guard let x = value(mantissa, exp10, negative) else { return failed }
        v = x
        if c == 0x25 { i &+= 1; return percent }
        return number
    }

    /// ±mantissa × 10^exp10 when one IEEE operation rounds it correctly: an integer below 2^53 times or divided
    /// by an exactly representable power of ten (as strtod, and so the full parser's Double(String), rounds).
    @inline(__always)
    static func value(_ mantissa: UInt64, _ exp10: Int, _ negative: Bool) -> Double? {
        guard mantissa < (1 << 53) else { return nil }
        var v = Double(mantissa)
        if mantissa != 0 {
            if exp10 < 0 {
                guard exp10 >= -22 else { return nil }
                v /= exactPower(-exp10)
            } else if exp10 > 0 {
                guard exp10 <= 22 else { return nil }
                v *= exactPower(exp10)
            }
        }
        return negative ? -v : v
    }

    /// `component` for a number of more than 19 digits, digit by digit: leading zeros are not significant, and
    /// more than 19 significant digits go to the full parser.
    @inline(never)
    static func longComponent(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, _ v: inout Double) -> UInt8 {
        let negative = p[i] == 0x2D
        if p[i] == 0x2B || p[i] == 0x2D { i &+= 1 }
        var mantissa: UInt64 = 0, digits = 0, exp10 = 0
        while i < end, p[i] >= 0x30 && p[i] <= 0x39 {
            if mantissa == 0 && p[i] == 0x30 { i &+= 1; continue }
            guard digits < 19 else { return failed }
            mantissa = mantissa &* 10 &+ UInt64(p[i] &- 0x30); digits &+= 1; i &+= 1
        }
        if i < end && p[i] == 0x2E {
            i &+= 1
            while i < end, p[i] >= 0x30 && p[i] <= 0x39 {
                if mantissa == 0 && p[i] == 0x30 { exp10 &-= 1; i &+= 1; continue }
                guard digits < 19 else { return failed }
                mantissa = mantissa &* 10 &+ UInt64(p[i] &- 0x30); digits &+= 1; exp10 &-= 1; i &+= 1
            }
        }
        if i < end && (p[i] == 0x65 || p[i] == 0x45) {
            var j = i &+ 1, eneg = false, e = 0, eDigits = 0
            if j < end && (p[j] == 0x2B || p[j] == 0x2D) { eneg = p[j] == 0x2D; j &+= 1 }
            while j < end, p[j] >= 0x30 && p[j] <= 0x39 {
                guard eDigits < 4 else { return failed }
                e = e &* 10 &+ Int(p[j] &- 0x30); eDigits &+= 1; j &+= 1
            }
            guard eDigits > 0 else { return failed }
            exp10 &+= eneg ? -e : e
            i = j
        }
        guard let x = value(mantissa, exp10, negative) else { return failed }
        v = x
        if i < end && p[i] == 0x25 { i &+= 1; return percent }
        return number
    }

    @inline(__always)
    static func skipSpaces(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) -> Bool {
        let s = i
        while i < end && p[i] == 0x20 { i &+= 1 }
        return i > s
    }

    /// The entry of `functions` named by the bytes from `a` up to the first `(` (nil: none), and the index of
    /// that `(`.
    @inline(__always)
    func lookup(_ p: UnsafePointer<UInt8>, _ count: Int, _ a: Int, _ b: Int) -> (entry: Int, paren: Int)? {
        var key: (UInt64, UInt64) = (0, 0)
        var length: Int
        // A `(` among the first eight bytes: the byte that is zero after xor with "((((((((".
        let w = Self.word(p, a, count)
        let x = w ^ (Self.ones &* 0x28)
        let zero = (x &- Self.ones) & ~x & Self.highs
        if zero != 0 {
            length = zero.trailingZeroBitCount &>> 3
            guard a &+ length < b else { return nil }
            key.0 = length == 0 ? 0 : w & (~0 &>> UInt64(64 &- 8 &* length))
        } else {
            var i = a &+ 8
            while i < b && p[i] != 0x28 { i &+= 1 }
            guard i < b else { return nil }
            length = i &- a
            guard length <= 16 else { return nil }
            key.0 = w
            if length > 8 { key.1 = Self.word(p, a &+ 8, count) & (~0 &>> UInt64(64 &- 8 &* (length &- 8))) }
        }
        return functions.withUnsafeBufferPointer { fs -> (Int, Int)? in
            for n in 0..<fs.count where fs[n].length == length && fs[n].name.0 == key.0 && fs[n].name.1 == key.1 {
                return (n, a &+ length)
            }
            return nil
        }
    }

    func function(_ p: UnsafePointer<UInt8>, _ count: Int, _ a: Int, _ b: Int, into out: inout Parsed) -> Bool {
        guard p[b &- 1] == 0x29, let (found, paren) = lookup(p, count, a, b) else { return false }
        let end = b &- 1  // the ')'
        var i = paren &+ 1
        // The components as three scalars (a vector lane stored at a variable index, then the vector loaded
        // whole, stalls: the store cannot be forwarded to the load).
        var c0 = 0.0, c1 = 0.0, c2 = 0.0
        var percents: UInt8 = 0
        _ = Self.skipSpaces(p, &i, end)
        for n in 0..<3 {
            guard i < end else { return false }
            var v = 0.0
            let kind = Self.component(p, count, &i, end, &v)
            guard kind != Self.failed else { return false }
            switch n { case 0: c0 = v; case 1: c1 = v; default: c2 = v }
            if kind == Self.percent { percents |= 1 &<< UInt8(n) }
            let spaced = Self.skipSpaces(p, &i, end)
            // Components are separated by whitespace; anything glued on (a unit, `-1-2`) is for the full parser.
            if i < end && !spaced && !(n == 2 && p[i] == 0x2F) { return false }
        }
        var alpha = 1.0
        if i < end {
            // `/ alpha`, then nothing.
            guard p[i] == 0x2F else { return false }
            i &+= 1; _ = Self.skipSpaces(p, &i, end)
            guard i < end else { return false }
            var v = 0.0
            let kind = Self.component(p, count, &i, end, &v)
            guard kind != Self.failed else { return false }
            _ = Self.skipSpaces(p, &i, end)
            guard i == end else { return false }
            switch kind {
            case Self.none: alpha = .nan
            case Self.percent: alpha = Swift.min(1, Swift.max(0, v / 100))
            default: alpha = Swift.min(1, Swift.max(0, v))
            }
        }
        return functions.withUnsafeBufferPointer { fs -> Bool in
            let space = fs.baseAddress! + found
            /// Component k as the space reads it: a percentage scaled by its reference (nil where the space has
            /// none, or for a hue), then CSSParser.clampAtParse: min(hi, max(lo, x)) for a present component
            /// (identity with ±∞ bounds).
            @inline(__always) func final(_ x: Double, _ k: Int) -> Double? {
                var x = x
                if percents & (1 &<< UInt8(k)) != 0 {
                    let ref = space.pointee.percent[k]
                    guard !space.pointee.isHue(k), !ref.isNaN else { return nil }
                    x = x / 100 * ref
                }
                return x.isNaN ? x : Swift.min(space.pointee.high[k], Swift.max(space.pointee.low[k], x))
            }
            guard let x = final(c0, 0), let y = final(c1, 1), let z = final(c2, 2) else { return false }
            out.coords = SIMD3(x, y, z)
            out.alpha = alpha
            out.space = found &+ 1
            return true
        }
    }
}
