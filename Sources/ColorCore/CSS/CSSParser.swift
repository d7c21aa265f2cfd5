import Foundation

extension Workbench {
    /// Parses a CSS Color 4 color: named colors, `transparent`, `#hex` (3/4/6/8 digits), `rgb()`/`rgba()` and
    /// `hsl()`/`hsla()` in legacy (comma) and modern syntax, `hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()`,
    /// `color(<space> …)` for every registered RGB/XYZ space, `color(--<id> …)` for registered non-CSS spaces,
    /// the function form (`jzazbz(…)`) of registered spaces that declare one, and CSS Color 5
    /// `color-mix(in <space> [<hue> hue]?, <color> [<p>]?, <color> [<p>]?)` (nested mixes allowed), which is
    /// evaluated here: see `CSSParser.colorMix` for the rules and the form of its result. CSS Color 5 relative
    /// colors (`oklch(from #00b386 calc(l + 0.1) c h)`, `color(from … srgb r g b)`) are evaluated too: see
    /// `CSSParser.relativeColor`. `light-dark()` is refused here: `parse(_:colorScheme:)` resolves it.
    ///
    /// Components may be `none` (stored as NaN, missing), numbers, percentages (scaled by the coordinate's
    /// `percentReference`), angles for hues (`deg`, `rad`, `grad`, `turn`; stored in degrees, not normalized)
    /// or CSS Values 4 math functions (`calc()`, `clamp()`, `round()`, `sin()`…: see `CSSParser.calcFunction`).
    /// Parse-time clamping follows CSS Color 4: alpha to [0, 1]; lab/lch L to
    /// [0, 100]; oklab/oklch L to [0, 1]; lch/oklch chroma and hsl saturation below 0 to 0; `rgb()`/`rgba()`
    /// channels to 0…255 (§5.1: "clamped … at parsed-value time"), so `rgb(300 0 0)` is `rgb(255 0 0)`;
    /// `color(srgb …)` keeps extended values. A number beyond the Double range (`1e309`, `1e400%`), an angle
    /// whose degrees are (`1e308turn`) and a `calc()` step of finite values whose result is (`calc(1e308 * 10)`)
    /// are refused (`number '1e309' is out of range …; use a finite number`): they would otherwise become
    /// infinite coordinates (JSON `null`) or, clamped to the largest Double, overflow every conversion. CSS's own
    /// infinities are kept: `calc(infinity)` and a division by zero (CSS Values 4 §10.9), as CSS serializes them.
    ///
    /// Missing and powerless hues: a hue written as `none` stays missing (NaN). A hue that is powerless
    /// (chroma 0, or hwb whiteness + blackness ≥ 100%) but was written as a number is kept as written, as
    /// the current CSS Color 4 text (§4.4.1) says: powerless hues are only turned into missing ones when a
    /// color is *converted* (which `ColorSpaceRegistry.convert` does), never at parse time.
    ///
    /// Function names and keywords are ASCII case-insensitive. The result's `cssSyntax` records the legacy
    /// form and `calc(NaN)` components for `serialize`.
    /// - Throws: `ColorCoreError.invalidCSS(input:reason:position:)`, `position` 0-based in Unicode scalars.
    /// - Complexity: O(n) in the length of the input; inputs over 1 MiB are refused, math-function nesting is capped at 32 levels.
    public func parse(_ css: String) throws -> Color {
        try parse(css, colorScheme: nil)
    }

    /// Parses a CSS color as `parse(_:)` does, resolving `light-dark(<light>, <dark>)` (CSS Color 5 §5) to the
    /// color of `colorScheme`; `nil` refuses `light-dark()` with an error saying which call reads it.
    public func parse(_ css: String, colorScheme: CSSColorScheme?) throws -> Color {
        // Refused before tokenizing: the tokenizer's arrays take ~8 bytes per input byte, so a 400 MB string
        // would need gigabytes. No real color comes near the cap (the stream commands cut lines at the same size).
        guard css.utf8.count <= CSSParser.maxInputBytes else {
            throw ColorCoreError.invalidCSS(
                input: css, reason: "the text is \(css.utf8.count) bytes; a CSS color is at most \(CSSParser.maxInputBytes) bytes (1 MiB)",
                position: CSSParser.maxInputBytes)
        }
        var p = CSSParser(css, spaces: spaces)
        p.colorScheme = colorScheme
        return try p.parseColor()
    }
}

extension Color {
    /// Parses a CSS color with the standard workbench (`Workbench.standard.parse`).
    public init(css: String) throws {
        self = try Workbench.standard.parse(css)
    }
}

/// Recursive-descent parser over `CSSTokenizer` tokens. Every failure is an `invalidCSS` error at a
/// position inside (or just at the end of) the input.
struct CSSParser {
    static let maxDepth = 32
    /// The longest CSS color text `parse` reads, in UTF-8 bytes.
    public static let maxInputBytes = 1 << 20

    let input: String
    let tokens: [CSSToken]
    let scalars: [Unicode.Scalar]
    let length: Int
    let spaces: ColorSpaceRegistry
    /// Where the first number literal beyond the range of Double is (nil: none); `parseColor` refuses it.
    let overflow: Range<Int>?
    var p = 0
    /// How many `color-mix()`, relative colors and `light-dark()` enclose the current token (capped at `maxDepth`).
    var nestingDepth = 0

    /// The one nesting guard of the color functions that contain colors (`color-mix()`, relative colors,
    /// `light-dark()`): enters one level, or throws naming `what` past `maxDepth` levels. The caller leaves the
    /// level with `defer { nestingDepth -= 1 }`.
    mutating func enterNesting(_ what: String, at start: Int) throws {
        guard nestingDepth < Self.maxDepth else {
            throw fail("\(what) nested more than \(Self.maxDepth) levels deep", at: start)
        }
        nestingDepth += 1
    }
    /// The channel keywords of the relative color whose arguments are being read (`r`, `g`, `b`, `alpha`…),
    /// lowercased, with their values; empty outside a relative color's arguments.
    var channelKeywords: [String: Double] = [:]
    /// The color scheme `light-dark()` resolves to; `nil` refuses `light-dark()` with an error.
    var colorScheme: CSSColorScheme?

    init(_ input: String, spaces: ColorSpaceRegistry) {
        self.input = input
        self.spaces = spaces
        let (tokens, scalars, overflow) = CSSTokenizer.tokenize(input)
        self.tokens = tokens
        self.overflow = overflow
        self.length = scalars.count
        self.scalars = scalars
    }

    // MARK: Token helpers

    var cur: CSSToken { tokens[p] }
    mutating func advance() { if p < tokens.count - 1 { p += 1 } }
    @discardableResult mutating func skipWS() -> Bool {
        var skipped = false
        while case .whitespace = cur.kind { advance(); skipped = true }
        return skipped
    }

    func fail(_ reason: String, at position: Int) -> ColorCoreError {
        .invalidCSS(input: input, reason: reason, position: max(0, min(position, length)))
    }

    /// The input's text in `range` (clamped to the input).
    func text(_ range: Range<Int>) -> String {
        let lo = max(0, min(range.lowerBound, scalars.count)), hi = max(lo, min(range.upperBound, scalars.count))
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[lo..<hi])
        return String(s)
    }

    /// The token's text, quoted and shortened, for error messages.
    func describe(_ t: CSSToken) -> String {
        if case .eof = t.kind { return "end of input" }
        let lo = max(0, min(t.start, scalars.count)), hi = max(lo, min(t.end, scalars.count, lo + 24))
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[lo..<hi])
        return "'\(String(s))\(hi < t.end ? "…" : "")'"
    }

    // MARK: Top level

    mutating func parseColor() throws -> Color {
        if let o = overflow {
            throw fail("number '\(text(o))' is out of range (beyond ±1.8e308); use a finite number", at: o.lowerBound)
        }
        skipWS()
        if case .eof = cur.kind {
            throw fail(length == 0 ? "empty color string" : "no color: only whitespace", at: cur.start)
        }
        let color = try color()
        skipWS()
        if case .eof = cur.kind { return color }
        throw fail("unexpected \(describe(cur)) after the color", at: cur.start)
    }

    /// One color at the current token (a name, `#hex` or a color function, `color-mix()` included); leaves
    /// the tokens after it unread.
    mutating func color() throws -> Color {
        let t = cur
        switch t.kind {
        case .ident(let name):
            advance()
            return try named(name, at: t.start)
        case .hash(let digits):
            advance()
            return try hex(digits, at: t.start)
        case .function(let name):
            advance()
            return try function(name, at: t.start)
        case .delim("#"):
            throw fail("'#' must be followed by 3, 4, 6 or 8 hex digits", at: t.start)
        case .eof:
            throw fail("input ends early: expected a color", at: t.start)
        default:
            throw fail("unexpected \(describe(t)): expected a color name, #hex or a color function", at: t.start)
        }
    }

    func named(_ name: String, at pos: Int) throws -> Color {
        let key = name.lowercased()
        var c: Color
        if key == "transparent" {
            c = Color(.srgb, 0, 0, 0, alpha: 0)
        } else if let rgb = CSSNamedColors.table[key] {
            c = Color(.srgb, Double((rgb >> 16) & 0xFF) / 255, Double((rgb >> 8) & 0xFF) / 255,
                      Double(rgb & 0xFF) / 255)
        } else if key == "currentcolor" {
            throw fail("'currentcolor' depends on the element it is used on and has no value here", at: pos)
        } else {
            throw fail("unknown color name '\(name)'", at: pos)
        }
        c.cssSyntax = CSSSyntax(isLegacy: true)
        return c
    }

    func hex(_ digits: String, at pos: Int) throws -> Color {
        let s = Array(digits.unicodeScalars)
        if let bad = s.firstIndex(where: { !CSSTokenizer.isHexDigit($0) }) {
            throw fail("'\(s[bad])' is not a hex digit", at: pos + 1 + bad)
        }
        guard [3, 4, 6, 8].contains(s.count) else {
            throw fail("expected 3, 4, 6 or 8 hex digits after '#', got \(s.count)", at: pos)
        }
        func nibble(_ c: Unicode.Scalar) -> UInt32 {
            let v = c.value
            return v <= 57 ? v - 48 : (v <= 70 ? v - 55 : v - 87)
        }
        var bytes: [Double] = []
        if s.count <= 4 {
            for c in s { bytes.append(Double(nibble(c) * 17) / 255) }
        } else {
            var k = 0
            while k + 1 < s.count { bytes.append(Double(nibble(s[k]) * 16 + nibble(s[k + 1])) / 255); k += 2 }
        }
        var c = Color(.srgb, bytes[0], bytes[1], bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
        c.cssSyntax = CSSSyntax(isLegacy: true)
        return c
    }

    // MARK: Component values

    enum Value: Equatable {
        case number(Double), percent(Double), angle(Double), none
    }
    struct Arg {
        var value: Value
        var pos: Int
        /// A calc() that evaluated to NaN (value censored to 0 by the caller).
        var isCalcNaN = false
    }
    enum Item {
        case arg(Arg), comma(Int), slash(Int)
    }

    /// Refuses an angle whose value in degrees overflowed (`1e308turn`: its number is finite).
    func checkAngle(_ degrees: Double, _ t: CSSToken) throws {
        guard degrees.isInfinite else { return }
        throw fail("angle \(describe(t)) is out of range in degrees (beyond ±1.8e308); use a smaller angle", at: t.start)
    }

    /// Refuses a calc() step of finite values whose result is not finite (`calc(1e308 * 10)`): an overflow, not
    /// one of CSS's infinities (`infinity`, a division by zero), which stay.
    func checkCalc(_ result: Double, _ a: Double, _ b: Double, _ op: String, at pos: Int) throws {
        guard !result.isFinite && a.isFinite && b.isFinite && !(op == "/" && b == 0) else { return }
        throw fail("'\(op)' in calc() overflows (its result is beyond ±1.8e308); use smaller numbers", at: pos)
    }

    static func degrees(_ v: Double, unit: String) -> Double? {
        switch unit.lowercased() {
        case "deg": return v
        case "grad": return v * 0.9
        case "rad": return v * 180 / Double.pi
        case "turn": return v * 360
        default: return nil
        }
    }

    /// Reads the arguments of a function up to and including its `)`; returns them and the `)` position.
    mutating func collectArgs(_ fn: String, fnStart: Int) throws -> (items: [Item], close: Int) {
        var items: [Item] = []
        while true {
            skipWS()
            let t = cur
            switch t.kind {
            case .closeParen:
                advance()
                return (items, t.start)
            case .eof:
                throw fail("missing ')' to close '\(fn)('", at: t.start)
            case .comma:
                items.append(.comma(t.start)); advance()
            case .slash:
                items.append(.slash(t.start)); advance()
            case .number(let v):
                items.append(.arg(Arg(value: .number(v), pos: t.start))); advance()
            case .percentage(let v):
                items.append(.arg(Arg(value: .percent(v), pos: t.start))); advance()
            case .dimension(let v, let unit):
                guard let d = Self.degrees(v, unit: unit) else {
                    throw fail("unknown unit '\(unit)': colors take numbers, percentages and angles", at: t.start)
                }
                try checkAngle(d, t)
                items.append(.arg(Arg(value: .angle(d), pos: t.start))); advance()
            case .ident(let name):
                if let v = channelKeywords[name.lowercased()] {
                    items.append(.arg(Arg(value: .number(v), pos: t.start))); advance()
                    continue
                }
                guard name.lowercased() == "none" else {
                    if !channelKeywords.isEmpty {
                        let names = channelKeywords.keys.sorted().joined(separator: ", ")
                        throw fail("unknown channel keyword '\(name)' in '\(fn)(from …)': this space has \(names)", at: t.start)
                    }
                    throw fail("unexpected '\(name)' in '\(fn)()'", at: t.start)
                }
                items.append(.arg(Arg(value: .none, pos: t.start))); advance()
            case .function(let name):
                advance()
                let lower = name.lowercased()
                guard Self.mathFunctions.contains(lower) else {
                    throw fail("unsupported function '\(name)()' inside '\(fn)()'", at: t.start)
                }
                let v = try calcFunction(lower, start: t.start, depth: 1)
                let value: Value
                switch v.type {
                case .number: value = .number(v.value.isNaN ? 0 : v.value)
                case .percent: value = .percent(v.value.isNaN ? 0 : v.value)
                case .angle: value = .angle(v.value.isNaN ? 0 : v.value)
                }
                items.append(.arg(Arg(value: value, pos: t.start, isCalcNaN: v.value.isNaN)))
            default:
                throw fail("unexpected \(describe(t)) in '\(fn)()'", at: t.start)
            }
        }
    }

    // MARK: Functions

    mutating func function(_ rawName: String, at start: Int) throws -> Color {
        let name = rawName.lowercased()
        if name == "light-dark" { return try lightDark(start: start) }
        if try startsRelative() { return try relativeColor(rawName, start: start) }
        switch name {
        case "rgb", "rgba":
            let (items, close) = try collectArgs(rawName, fnStart: start)
            return try rgb(items, fn: rawName, close: close)
        case "hsl", "hsla":
            let (items, close) = try collectArgs(rawName, fnStart: start)
            return try hsl(items, fn: rawName, close: close)
        case "color":
            return try colorFunction(start: start)
        case "color-mix":
            return try colorMix(start: start)
        default:
            guard let space = spaces.spaces.all.first(where: { $0.cssForm == .function(name) }) else {
                throw fail("unknown color function '\(rawName)()'", at: start)
            }
            let (items, close) = try collectArgs(rawName, fnStart: start)
            var c = try modernColor(space, items, fn: rawName, close: close)
            if space.id == .hwb { c.cssSyntax?.isLegacy = true }
            return c
        }
    }

    /// Splits modern (space-separated) arguments into exactly `count` components and an optional alpha.
    func modernArgs(_ items: [Item], count: Int, fn: String, close: Int) throws -> (args: [Arg], alpha: Arg?) {
        var args: [Arg] = []
        var alpha: Arg?
        var slashAt: Int?
        for item in items {
            switch item {
            case .comma(let pos):
                throw fail("unexpected ',': '\(fn)()' separates components with spaces here", at: pos)
            case .slash(let pos):
                if slashAt != nil { throw fail("unexpected second '/'", at: pos) }
                if args.count != count {
                    throw fail("expected \(count) components before '/', got \(args.count)", at: pos)
                }
                slashAt = pos
            case .arg(let a):
                if let s = slashAt {
                    if alpha != nil { throw fail("unexpected component after the alpha value", at: a.pos) }
                    _ = s
                    alpha = a
                } else {
                    if args.count == count {
                        throw fail("expected \(count) components, got \(args.count + 1) (alpha goes after '/')", at: a.pos)
                    }
                    args.append(a)
                }
            }
        }
        if let s = slashAt, alpha == nil { throw fail("missing alpha value after '/'", at: s) }
        if args.count != count { throw fail("expected \(count) components, got \(args.count)", at: close) }
        return (args, alpha)
    }

    /// Splits legacy (comma-separated) arguments: `a, b, c` or `a, b, c, alpha`; `none` is not allowed.
    func legacyArgs(_ items: [Item], fn: String, close: Int) throws -> (args: [Arg], alpha: Arg?) {
        var args: [Arg] = []
        var expectArg = true
        for item in items {
            switch item {
            case .slash(let pos):
                throw fail("unexpected '/' in legacy comma syntax of '\(fn)()'", at: pos)
            case .comma(let pos):
                if expectArg { throw fail("unexpected ','", at: pos) }
                expectArg = true
            case .arg(let a):
                if !expectArg { throw fail("missing ',' between components in legacy syntax of '\(fn)()'", at: a.pos) }
                if a.value == .none { throw fail("'none' is not allowed in legacy comma syntax of '\(fn)()'", at: a.pos) }
                if args.count == 4 { throw fail("expected 3 or 4 components, got \(args.count + 1)", at: a.pos) }
                args.append(a)
                expectArg = false
            }
        }
        if expectArg { throw fail("missing component after ','", at: close) }
        if args.count < 3 { throw fail("expected 3 or 4 components, got \(args.count)", at: close) }
        return (Array(args.prefix(3)), args.count == 4 ? args[3] : nil)
    }

    func alphaValue(_ a: Arg?, syntax: inout CSSSyntax) throws -> Double {
        guard let a else { return 1 }
        if a.isCalcNaN { syntax.calcNaN |= 1 << 3; return 0 }
        switch a.value {
        case .none: return .nan
        case .number(let v): return Swift.min(1, Swift.max(0, v))
        case .percent(let v): return Swift.min(1, Swift.max(0, v / 100))
        case .angle: throw fail("alpha must be a number or a percentage, not an angle", at: a.pos)
        }
    }

    /// A component read by the coordinate's metadata: numbers as is, percentages × `percentReference`,
    /// angles only for hues.
    func coordinate(_ a: Arg, _ meta: Coordinate, index: Int, fn: String, syntax: inout CSSSyntax) throws -> Double {
        if a.isCalcNaN { syntax.calcNaN |= 1 << UInt8(index) }
        var v: Double
        switch a.value {
        case .none: return .nan
        case .number(let x): v = x
        case .percent(let x):
            if meta.isHue { throw fail("a hue cannot be a percentage in '\(fn)()'", at: a.pos) }
            guard let ref = meta.percentReference else {
                throw fail("'\(meta.name)' in '\(fn)()' cannot be a percentage", at: a.pos)
            }
            v = x / 100 * ref
        case .angle(let d):
            guard meta.isHue else { throw fail("'\(meta.name)' in '\(fn)()' cannot be an angle", at: a.pos) }
            v = d
        }
        if meta.isHue && !v.isFinite { v = 0 }  // an infinite hue has no direction; CSS resolves it to 0deg
        return v
    }

    /// CSS Color 4 parse-time clamps (§8–9): lightness ranges, and chroma / saturation below 0.
    static func clampAtParse(_ c: inout SIMD3<Double>, space: ColorSpaceID) {
        func clamp(_ i: Int, _ lo: Double, _ hi: Double) {
            if !c[i].isNaN { c[i] = Swift.min(hi, Swift.max(lo, c[i])) }
        }
        switch space {
        case .lab: clamp(0, 0, 100)
        case .lch: clamp(0, 0, 100); clamp(1, 0, .infinity)
        case .oklab: clamp(0, 0, 1)
        case .oklch: clamp(0, 0, 1); clamp(1, 0, .infinity)
        case .hsl: clamp(1, 0, .infinity)
        default: break
        }
    }

    func modernColor(_ space: ColorSpace, _ items: [Item], fn: String, close: Int) throws -> Color {
        let (args, alphaArg) = try modernArgs(items, count: 3, fn: fn, close: close)
        return try build(space, args, alphaArg, fn: fn)
    }

    func build(_ space: ColorSpace, _ args: [Arg], _ alphaArg: Arg?, fn: String) throws -> Color {
        var syntax = CSSSyntax()
        var c = SIMD3<Double>(0, 0, 0)
        for i in 0..<3 {
            let meta = i < space.coordinates.count ? space.coordinates[i] : Coordinate("c\(i)", 0...1)
            c[i] = try coordinate(args[i], meta, index: i, fn: fn, syntax: &syntax)
        }
        Self.clampAtParse(&c, space: space.id)
        let alpha = try alphaValue(alphaArg, syntax: &syntax)
        var color = Color(space.id, coords: c, alpha: alpha)
        color.cssSyntax = syntax
        return color
    }

    func rgb(_ items: [Item], fn: String, close: Int) throws -> Color {
        let legacy = items.contains { if case .comma = $0 { return true } else { return false } }
        let (args, alphaArg) = legacy ? try legacyArgs(items, fn: fn, close: close)
                                      : try modernArgs(items, count: 3, fn: fn, close: close)
        var syntax = CSSSyntax(isLegacy: true)
        if legacy {
            let kinds = args.map { a -> Int in
                switch a.value { case .number: return 0; case .percent: return 1; default: return 2 }
            }
            if let i = kinds.firstIndex(of: 2) { throw fail("an rgb() channel cannot be an angle", at: args[i].pos) }
            if Set(kinds).count > 1 {
                let i = kinds.firstIndex(where: { $0 != kinds[0] }) ?? 0
                throw fail("mixing numbers and percentages in legacy rgb()", at: args[i].pos)
            }
        }
        // CSS Color 4 §5.1: rgb() channels outside 0…255 (0%…100%) "are not invalid, but are clamped to
        // the ranges defined here at parsed-value time". `color(srgb …)` keeps extended values.
        let c = try rgbChannels(args, clamped: true, syntax: &syntax)
        let alpha = try alphaValue(alphaArg, syntax: &syntax)
        var color = Color(.srgb, coords: c, alpha: alpha)
        color.cssSyntax = syntax
        return color
    }

    /// `rgb()` channels as sRGB 0…1 values: numbers / 255, percentages / 100, `none` missing; `clamped` keeps
    /// them in 0…1.
    func rgbChannels(_ args: [Arg], clamped: Bool, syntax: inout CSSSyntax) throws -> SIMD3<Double> {
        var c = SIMD3<Double>(0, 0, 0)
        for i in 0..<3 {
            let a = args[i]
            if a.isCalcNaN { syntax.calcNaN |= 1 << UInt8(i) }
            switch a.value {
            case .none: c[i] = .nan
            case .number(let v): c[i] = v / 255
            case .percent(let v): c[i] = v / 100
            case .angle: throw fail("an rgb() channel cannot be an angle", at: a.pos)
            }
            if clamped && !c[i].isNaN { c[i] = Swift.min(1, Swift.max(0, c[i])) }
        }
        return c
    }

    func hsl(_ items: [Item], fn: String, close: Int) throws -> Color {
        let space = try spaces.space(.hsl)
        let legacy = items.contains { if case .comma = $0 { return true } else { return false } }
        guard legacy else {
            var c = try modernColor(space, items, fn: fn, close: close)
            c.cssSyntax?.isLegacy = true
            return c
        }
        let (args, alphaArg) = try legacyArgs(items, fn: fn, close: close)
        if case .percent = args[0].value { throw fail("a hue cannot be a percentage in '\(fn)()'", at: args[0].pos) }
        for a in args[1...] {
            guard case .percent = a.value else {
                throw fail("legacy '\(fn)()' needs percentages for saturation and lightness", at: a.pos)
            }
        }
        var c = try build(space, args, alphaArg, fn: fn)
        c.cssSyntax?.isLegacy = true
        return c
    }

    /// `color(<space> c1 c2 c3 [/ alpha])`. Predefined spaces by name (`srgb`, `xyz`…); any registered space
    /// as `--<id>` (the custom-space form Color.js and ColorAide write); registered non-CSS spaces also by bare
    /// id, as those libraries accept. A CSS function space by bare name (`color(lab …)`) is invalid (WPT).
    mutating func colorFunction(start: Int) throws -> Color {
        skipWS()
        let t = cur
        guard case .ident(let rawName) = t.kind else {
            if case .closeParen = t.kind { throw fail("'color()' needs a color space name and 3 components", at: t.start) }
            if case .eof = t.kind { throw fail("missing ')' to close 'color('", at: t.start) }
            throw fail("expected a color space name after 'color(', got \(describe(t))", at: t.start)
        }
        advance()
        let space = try colorFunctionSpace(rawName, at: t.start)
        let (items, close) = try collectArgs("color", fnStart: start)
        return try modernColor(space, items, fn: "color", close: close)
    }

    /// The space a `color()` function names: predefined spaces by name, any registered space as `--<id>`.
    func colorFunctionSpace(_ rawName: String, at pos: Int) throws -> ColorSpace {
        let name = rawName.lowercased()
        if name.hasPrefix("--") {
            guard let s = spaces.spaces[String(name.dropFirst(2))] else {
                throw fail("unknown color space '\(rawName)'", at: pos)
            }
            return s
        }
        guard let s = spaces.spaces[name], s.cssForm == .colorFunction || s.cssForm == .custom else {
            if let s = spaces.spaces[name], case .function(let f) = s.cssForm {
                throw fail("'\(rawName)' is not a color() space; write \(f)(…)", at: pos)
            }
            throw fail("unknown color space '\(rawName)'", at: pos)
        }
        return s
    }
}
