/// A token of CSS Syntax Level 3 (§4), reduced to what color values use.
struct CSSToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case ident(String)
        /// An identifier immediately followed by `(`; the name as written.
        case function(String)
        /// `#` followed by name characters (the text after `#`).
        case hash(String)
        case number(Double)
        case percentage(Double)
        case dimension(Double, unit: String)
        case comma, slash, openParen, closeParen, whitespace
        /// Any other single character (`+`, `-`, `*`, `!`…).
        case delim(Character)
        case eof
    }
    let kind: Kind
    /// 0-based position (in Unicode scalars) of the token's first character.
    let start: Int
    /// Position just after the token.
    let end: Int
}

/// Splits a CSS color string into tokens: the CSS Syntax 3 tokenizer for the token types colors need
/// (identifiers, functions, hashes, numbers, percentages, dimensions, delimiters), with comments treated as
/// whitespace. Escapes and strings are not supported (they appear in no color value) and come out as delimiters.
///
/// Numbers follow §4.3.12: `[+-]? (digits [. digits] | . digits) ([eE] [+-]? digits)?`; a magnitude beyond
/// the range of Double (`1e309`) reads as ±infinity and the first such number is kept in `overflow`, which the
/// parser refuses (a literal that overflows is a mistake, not CSS's `infinity`).
/// - Complexity: O(n) in the input length.
struct CSSTokenizer {
    let scalars: [Unicode.Scalar]
    private var i = 0
    /// Where the first number beyond the range of Double was written (its digits, sign and exponent).
    private(set) var overflow: Range<Int>? = nil

    init(_ input: String) { scalars = Array(input.unicodeScalars) }

    private func at(_ k: Int) -> Unicode.Scalar? { k < scalars.count ? scalars[k] : nil }

    static func isDigit(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return c.value >= 48 && c.value <= 57
    }
    static func isNameStart(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        let v = c.value
        return (v >= 65 && v <= 90) || (v >= 97 && v <= 122) || v == 95 || v >= 0x80
    }
    static func isName(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return isNameStart(c) || isDigit(c) || c == "-"
    }
    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }
    static func isHexDigit(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        return (v >= 48 && v <= 57) || (v >= 65 && v <= 70) || (v >= 97 && v <= 102)
    }

    /// Whether an identifier starts at k (§4.3.9, without escapes).
    private func startsIdent(_ k: Int) -> Bool {
        guard let c = at(k) else { return false }
        if c == "-" { return Self.isNameStart(at(k + 1)) || at(k + 1) == "-" }
        return Self.isNameStart(c)
    }

    /// Whether a number starts at k (§4.3.10).
    private func startsNumber(_ k: Int) -> Bool {
        guard let c = at(k) else { return false }
        if c == "+" || c == "-" {
            if Self.isDigit(at(k + 1)) { return true }
            return at(k + 1) == "." && Self.isDigit(at(k + 2))
        }
        if c == "." { return Self.isDigit(at(k + 1)) }
        return Self.isDigit(c)
    }

    private mutating func consumeName() -> String {
        var s = String.UnicodeScalarView()
        while Self.isName(at(i)) { s.append(scalars[i]); i += 1 }
        return String(s)
    }

    private mutating func consumeNumber() -> Double {
        let start = i
        var s = ""
        if let c = at(i), c == "+" || c == "-" { s.unicodeScalars.append(c); i += 1 }
        while Self.isDigit(at(i)) { s.unicodeScalars.append(scalars[i]); i += 1 }
        if at(i) == ".", Self.isDigit(at(i + 1)) {
            s += "."; i += 1
            while Self.isDigit(at(i)) { s.unicodeScalars.append(scalars[i]); i += 1 }
        }
        if let e = at(i), e == "e" || e == "E" {
            var k = i + 1
            var exp = "e"
            if let sign = at(k), sign == "+" || sign == "-" { exp.unicodeScalars.append(sign); k += 1 }
            if Self.isDigit(at(k)) {
                while Self.isDigit(at(k)) { exp.unicodeScalars.append(scalars[k]); k += 1 }
                s += exp; i = k
            }
        }
        let v = Double(s) ?? 0
        if v.isInfinite && overflow == nil { overflow = start..<i }
        return v
    }

    /// The next token (`.eof` at the end, repeatedly).
    mutating func next() -> CSSToken {
        let start = i
        guard let c = at(i) else { return CSSToken(kind: .eof, start: i, end: i) }
        func make(_ k: CSSToken.Kind) -> CSSToken { CSSToken(kind: k, start: start, end: i) }
        if Self.isWhitespace(c) || (c == "/" && at(i + 1) == "*") {
            while true {
                if let w = at(i), Self.isWhitespace(w) { i += 1; continue }
                if at(i) == "/" && at(i + 1) == "*" {
                    i += 2
                    while i < scalars.count && !(scalars[i] == "*" && at(i + 1) == "/") { i += 1 }
                    i = min(i + 2, scalars.count)
                    continue
                }
                break
            }
            return make(.whitespace)
        }
        if startsNumber(i) {
            let v = consumeNumber()
            if at(i) == "%" { i += 1; return make(.percentage(v)) }
            if startsIdent(i) { return make(.dimension(v, unit: consumeName())) }
            return make(.number(v))
        }
        if startsIdent(i) {
            let name = consumeName()
            if at(i) == "(" { i += 1; return make(.function(name)) }
            return make(.ident(name))
        }
        i += 1
        switch c {
        case "#":
            if Self.isName(at(i)) { return make(.hash(consumeName())) }
            return make(.delim("#"))
        case ",": return make(.comma)
        case "/": return make(.slash)
        case "(": return make(.openParen)
        case ")": return make(.closeParen)
        default: return make(.delim(Character(c)))
        }
    }

    /// All tokens, ending with one `.eof`, and where the first number beyond the range of Double is (nil: none).
    static func tokenize(_ input: String) -> (tokens: [CSSToken], scalars: [Unicode.Scalar], overflow: Range<Int>?) {
        var t = CSSTokenizer(input)
        var out: [CSSToken] = []
        out.reserveCapacity(16)
        while true {
            let tok = t.next()
            out.append(tok)
            if tok.kind == .eof { break }
        }
        return (out, t.scalars, t.overflow)
    }
}
