/// A byte-level reader for the CSS color forms that dominate large inputs — `#hex` (3, 4, 6, 8 digits) and the
/// modern function form of a space (`oklch(0.7 0.1 200)`, `lab(50% 20 -30 / 0.5)`, `none` components) — that
/// gives exactly the `Color` (coordinates, alpha, `cssSyntax`) `Workbench.parse` gives, without allocating.
///
/// Anything else (named colors, `rgb()`, `hsl()`, `hwb()`, `color()`, `color-mix()`, `calc()`, angles with units,
/// commas, upper case, numbers beyond 15 significant digits or 10^±22, invalid input) returns nil: the caller
/// then runs the full parser, which also produces the error message. `CSSQuickReaderTests` checks the two
/// readers agree bit for bit.
public struct CSSQuickReader: Sendable {
    /// A space's function form as plain data (no reference counting when a line is matched): its name packed
    /// into 16 bytes, and per coordinate whether it is a hue, the reference of a percentage (NaN: none) and the
    /// bounds `CSSParser.clampAtParse` applies (±∞: none).
    struct FunctionSpace: Sendable {
        var name: (UInt64, UInt64) = (0, 0)
        var length = 0
        let id: ColorSpaceID
        var hue: (Bool, Bool, Bool) = (false, false, false)
        var percent: SIMD3<Double> = SIMD3(repeating: .nan)
        var low: SIMD3<Double> = SIMD3(repeating: -.infinity), high: SIMD3<Double> = SIMD3(repeating: .infinity)

        init?(name text: String, space: ColorSpace) {
            let bytes = Array(text.utf8)
            guard bytes.count <= 16, space.coordinates.count >= 3 else { return nil }
            id = space.id
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

    public init(spaces: ColorSpaceRegistry = Workbench.standard.spaces) {
        // The functions `CSSParser.function` sends to its default branch (a space's own function form),
        // except hwb (legacy serialization).
        let special: Set<String> = ["rgb", "rgba", "hsl", "hsla", "hwb", "color", "color-mix"]
        var f: [FunctionSpace] = []
        var seen: Set<String> = []
        for s in spaces.spaces.all {
            if case .function(let name) = s.cssForm, !special.contains(name),
               name.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A || $0 >= 0x30 && $0 <= 0x39 || $0 == 0x2D }),
               !seen.contains(name), let entry = FunctionSpace(name: name, space: s) {
                seen.insert(name)
                f.append(entry)
            }
        }
        functions = f
    }

    /// The color, or nil when the text is not one of the quick forms (see the type's summary).
    public func read(_ text: UnsafeBufferPointer<UInt8>) -> Color? {
        var a = 0, b = text.count
        while a < b && (text[a] == 0x20 || text[a] == 0x09) { a += 1 }
        while b > a && (text[b - 1] == 0x20 || text[b - 1] == 0x09) { b -= 1 }
        guard a < b else { return nil }
        if text[a] == 0x23 { return hex(text, a + 1, b) }
        return function(text, a, b)
    }

    @inline(__always) static func nibble(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: return UInt32(c - 0x30)
        case 0x41...0x46: return UInt32(c - 0x37)
        case 0x61...0x66: return UInt32(c - 0x57)
        default: return nil
        }
    }

    func hex(_ t: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Color? {
        let n = b - a
        guard n == 3 || n == 4 || n == 6 || n == 8 else { return nil }
        var v: (Double, Double, Double, Double) = (0, 0, 0, 1)
        var k = 0, i = a
        while i < b {
            let x: UInt32
            if n <= 4 {
                guard let h = Self.nibble(t[i]) else { return nil }
                x = h * 17; i += 1
            } else {
                guard let h = Self.nibble(t[i]), let l = Self.nibble(t[i + 1]) else { return nil }
                x = h * 16 + l; i += 2
            }
            let d = Double(x) / 255
            switch k { case 0: v.0 = d; case 1: v.1 = d; case 2: v.2 = d; default: v.3 = d }
            k += 1
        }
        var c = Color(.srgb, v.0, v.1, v.2, alpha: v.3)
        c.cssSyntax = CSSSyntax(isLegacy: true)
        return c
    }

    enum Component { case number(Double), percent(Double), none }

    static let exactPowers: [Double] = (0...22).map { k in
        var p = 1.0
        for _ in 0..<k { p *= 10 }
        return p
    }

    /// A CSS number (`[+-]? digits [. digits]? ([eE] [+-]? digits)?`) with an optional `%`, or `none`, from `i`;
    /// nil when it is anything else or not exactly representable by the fast path (then the full parser reads it).
    @inline(__always)
    static func component(_ t: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> Component? {
        if t[i] == 0x6E {  // none
            guard i + 4 <= end, t[i + 1] == 0x6F, t[i + 2] == 0x6E, t[i + 3] == 0x65 else { return nil }
            i += 4
            return Component.none
        }
        var negative = false
        if t[i] == 0x2B || t[i] == 0x2D { negative = t[i] == 0x2D; i += 1 }
        var mantissa: UInt64 = 0, digits = 0, exp10 = 0, sawDigit = false
        while i < end, t[i] >= 0x30 && t[i] <= 0x39 {
            sawDigit = true
            if mantissa == 0 && t[i] == 0x30 { i += 1; continue }
            guard digits < 19 else { return nil }
            mantissa = mantissa * 10 + UInt64(t[i] - 0x30); digits += 1; i += 1
        }
        guard sawDigit else { return nil }
        if i < end && t[i] == 0x2E {
            i += 1
            var fracDigit = false
            while i < end, t[i] >= 0x30 && t[i] <= 0x39 {
                fracDigit = true
                if mantissa == 0 && t[i] == 0x30 { exp10 -= 1; i += 1; continue }
                guard digits < 19 else { return nil }
                mantissa = mantissa * 10 + UInt64(t[i] - 0x30); digits += 1; exp10 -= 1; i += 1
            }
            guard fracDigit else { return nil }
        }
        if i < end && (t[i] == 0x65 || t[i] == 0x45) {
            var j = i + 1, eneg = false, e = 0, eDigits = 0
            if j < end && (t[j] == 0x2B || t[j] == 0x2D) { eneg = t[j] == 0x2D; j += 1 }
            while j < end, t[j] >= 0x30 && t[j] <= 0x39 {
                guard eDigits < 4 else { return nil }
                e = e * 10 + Int(t[j] - 0x30); eDigits += 1; j += 1
            }
            guard eDigits > 0 else { return nil }  // `1e` is a dimension: full parser
            exp10 += eneg ? -e : e
            i = j
        }
        // Exact: an integer below 2^53 times or divided by an exactly representable power of ten is correctly
        // rounded by one IEEE operation, as strtod (and so the full parser's Double(String)) rounds.
        guard mantissa < (1 << 53) else { return nil }
        var v = Double(mantissa)
        if mantissa != 0 {
            if exp10 < 0 {
                guard exp10 >= -22 else { return nil }
                v /= exactPowers[-exp10]
            } else if exp10 > 0 {
                guard exp10 <= 22 else { return nil }
                v *= exactPowers[exp10]
            }
        }
        if negative { v = -v }
        if i < end && t[i] == 0x25 { i += 1; return .percent(v) }
        return .number(v)
    }

    @inline(__always)
    static func skipSpaces(_ t: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> Bool {
        let s = i
        while i < end && t[i] == 0x20 { i += 1 }
        return i > s
    }

    func function(_ t: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Color? {
        var i = a
        while i < b && t[i] != 0x28 { i += 1 }
        guard i < b, t[b - 1] == 0x29 else { return nil }
        let nameLength = i - a
        guard nameLength <= 16 else { return nil }
        var key: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &key) { k in for j in 0..<nameLength { k[j] = t[a + j] } }
        var found = -1
        functions.withUnsafeBufferPointer { fs in
            for (n, f) in fs.enumerated() where f.length == nameLength && f.name == key { found = n; break }
        }
        guard found >= 0 else { return nil }
        let space = functions[found]
        let end = b - 1  // the ')'
        i += 1
        var comps: (Component, Component, Component, Component) = (.none, .none, .none, .number(1))
        var count = 0, hasAlpha = false
        // Spaces are skipped by a static function, not a closure over `i` (a captured `i` that is also passed
        // inout gets a run-time exclusivity check per access).
        _ = Self.skipSpaces(t, &i, end)
        while i < end {
            if count == 3 {
                guard !hasAlpha, t[i] == 0x2F else { return nil }
                i += 1; _ = Self.skipSpaces(t, &i, end)
                guard i < end, let c = Self.component(t, &i, end) else { return nil }
                comps.3 = c; hasAlpha = true
                _ = Self.skipSpaces(t, &i, end)
                continue
            }
            guard let c = Self.component(t, &i, end) else { return nil }
            switch count { case 0: comps.0 = c; case 1: comps.1 = c; default: comps.2 = c }
            count += 1
            let spaced = Self.skipSpaces(t, &i, end)
            // Components are separated by whitespace; anything glued on (a unit, `-1-2`) is for the full parser.
            if i < end && !spaced && !(count == 3 && t[i] == 0x2F) { return nil }
        }
        guard count == 3 else { return nil }
        var c = SIMD3<Double>(0, 0, 0)
        for k in 0..<3 {
            switch k == 0 ? comps.0 : (k == 1 ? comps.1 : comps.2) {
            case .none: c[k] = .nan
            case .number(let x): c[k] = x
            case .percent(let x):
                let ref = space.percent[k]
                guard !space.isHue(k), !ref.isNaN else { return nil }
                c[k] = x / 100 * ref
            }
            // CSSParser.clampAtParse: min(hi, max(lo, x)) for a present component (identity with ±∞ bounds).
            if !c[k].isNaN { c[k] = Swift.min(space.high[k], Swift.max(space.low[k], c[k])) }
        }
        let alpha: Double
        switch comps.3 {
        case .none: alpha = .nan
        case .number(let v): alpha = Swift.min(1, Swift.max(0, v))
        case .percent(let v): alpha = Swift.min(1, Swift.max(0, v / 100))
        }
        var color = Color(space.id, coords: c, alpha: alpha)
        color.cssSyntax = CSSSyntax()
        return color
    }
}
