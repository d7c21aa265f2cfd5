/// A name that cannot be written into an output language, with the rule it breaks.
///
/// Description (one line): `name 'a.b' cannot be a design token name: it may not contain '.', '{' or '}'
/// (DTCG 2025.10 §5.1.1); rename it`.
public struct NameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name as the user wrote it.
    public let name: String
    /// What the name was to become (`a design token name`, `a file name in Colors.xcassets`).
    public let target: String
    /// The rule the name breaks.
    public let rule: String

    public init(name: String, target: String, rule: String) {
        self.name = name; self.target = target; self.rule = rule
    }

    public var description: String {
        "name \(Escape.quoted(name)) cannot be \(target): \(rule); rename it"
    }
}

/// Every escaping function for text Huebench writes into another language, one per language and context.
///
/// Generated files must be valid for any name a user or a script supplies (newlines, quotes, `*/`, `}`, `<`,
/// NUL, any Unicode). Each function maps any string to text that is valid in its context and keeps the name
/// readable; where no valid form exists (`throws`), the name is rejected with the rule it breaks.
/// Exporters call these and nothing else to put names into output.
public enum Escape {
    // MARK: Swift

    /// Swift's reserved words, which cannot be an identifier without backticks (The Swift Programming
    /// Language, Lexical Structure › Keywords and Punctuation).
    public static let swiftKeywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "await", "false", "is", "nil",
        "self", "super", "throws", "true", "try", "_", "any", "some", "macro", "package",
    ]

    /// A Swift (and Kotlin/Java) identifier in lower camel case from any name: `brand blue-2` → `brandBlue2`.
    ///
    /// ASCII letters and digits are kept; every other ASCII character separates words; a non-ASCII scalar
    /// becomes its own word `u` + hex (`橙` → `u6A59`), so distinct scripts stay distinct. A leading digit or
    /// an empty result gets `_`; a keyword gets a trailing `_` (`class` → `class_`). Never fails; two names can
    /// map to the same identifier, so exporters check their identifiers are unique.
    public static func swiftIdentifier(_ name: String) -> String {
        lowerCamel(words(name))
    }

    /// A member name from two parts: `swiftIdentifier(a)` then `b`'s words capitalized — (`orange`, `450`) →
    /// `orange450`, (`orange`, `foregroundPrimary`) → `orangeForegroundPrimary`.
    public static func swiftMember(_ a: String, _ b: String) -> String {
        lowerCamel(words(a) + words(b))
    }

    static func lowerCamel(_ words: [String]) -> String {
        var out = ""
        for (i, w) in words.enumerated() {
            let head = String(w.prefix(1))
            out += (i == 0 ? head.lowercased() : head.uppercased()) + w.dropFirst()
        }
        if out.isEmpty || out.first!.isNumber { out = "_" + out }
        if swiftKeywords.contains(out) { out += "_" }
        return out
    }

    /// The words of a name: runs of ASCII letters and digits; each non-ASCII scalar is a word `uXXXX`.
    static func words(_ name: String) -> [String] {
        var result: [String] = [], current = ""
        func flush() { if !current.isEmpty { result.append(current); current = "" } }
        for u in name.unicodeScalars {
            if u.isASCII {
                if isASCIIAlnum(u) { current.unicodeScalars.append(u) } else { flush() }
            } else {
                flush()
                result.append("u" + hex(u.value, digits: 4))
            }
        }
        flush()
        return result
    }

    /// Text that stays inside a Swift `//` or `///` comment: line breaks and other control characters
    /// (including U+2028/U+2029/U+0085) become visible `\u{…}` text.
    public static func swiftComment(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            if isControlOrBreak(u) { out += "\\u{" + hex(u.value, digits: 1) + "}" } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// A Swift string literal with quotes: `\`, `"` escaped, control characters as `\n`, `\r`, `\t`, `\0`,
    /// `\u{…}` (so `\(` is never an interpolation).
    public static func swiftString(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if isControlOrBreak(u) { out += "\\u{" + hex(u.value, digits: 1) + "}" } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    // MARK: CSS

    /// An identifier serialized as CSSOM "serialize an identifier" says (https://drafts.csswg.org/cssom/#serialize-an-identifier):
    /// NUL → U+FFFD; controls, a leading digit, a digit after a leading `-` → `\hex `; a lone `-` → `\-`;
    /// ASCII letters, digits, `-`, `_` and non-ASCII kept; every other character backslash-escaped.
    /// Custom property names (`--hb-brand\ blue-450`) are identifiers too.
    public static func cssIdentifier(_ s: String) -> String {
        let scalars = Array(s.unicodeScalars)
        var out = ""
        for (i, u) in scalars.enumerated() {
            let v = u.value
            if v == 0 { out += "\u{FFFD}"; continue }
            if (v >= 0x01 && v <= 0x1F) || v == 0x7F
                || (i == 0 && isDigit(u))
                || (i == 1 && isDigit(u) && scalars[0] == "-") {
                out += "\\" + hex(v, digits: 1).lowercased() + " "
                continue
            }
            if i == 0 && scalars.count == 1 && u == "-" { out += "\\-"; continue }
            if v >= 0x80 || u == "-" || u == "_" || isASCIIAlnum(u) { out.unicodeScalars.append(u); continue }
            out += "\\"; out.unicodeScalars.append(u)
        }
        return out
    }

    /// A custom property name: `--` followed by the parts joined with `-`, serialized as an identifier.
    public static func cssCustomProperty(_ parts: [String]) -> String {
        cssIdentifier("--" + parts.joined(separator: "-"))
    }

    /// A CSS string with double quotes (CSSOM "serialize a string"): `"` and `\` escaped, NUL → U+FFFD,
    /// control characters as `\hex `.
    public static func cssString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            let v = u.value
            if v == 0 { out += "\u{FFFD}" }
            else if (v >= 0x01 && v <= 0x1F) || v == 0x7F { out += "\\" + hex(v, digits: 1).lowercased() + " " }
            else if u == "\"" || u == "\\" { out += "\\"; out.unicodeScalars.append(u) }
            else { out.unicodeScalars.append(u) }
        }
        return out + "\""
    }

    /// Text that stays inside a CSS `/* … */` comment on one line: `*/` is broken to `* /` (a comment has no
    /// escapes, so this is the only safe form); line breaks and control characters become visible `\u{…}` text.
    public static func cssComment(_ s: String) -> String {
        var out = ""
        var previous: Unicode.Scalar? = nil
        for u in s.unicodeScalars {
            if isControlOrBreak(u) { out += "\\u{" + hex(u.value, digits: 1) + "}"; previous = nil; continue }
            if u == "/" && previous == "*" { out += " " }
            out.unicodeScalars.append(u)
            previous = u
        }
        return out
    }

    // MARK: XML

    /// Whether XML 1.0 allows the character at all (§2.2 Char), even as a character reference.
    static func xmlAllows(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        switch v {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// XML (and HTML) text content: `&`, `<`, `>` escaped, quotes too (so the same text is safe in attributes);
    /// characters XML 1.0 forbids (NUL, most C0 controls, U+FFFE/U+FFFF) become U+FFFD.
    public static func xmlText(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: if xmlAllows(u) { out.unicodeScalars.append(u) } else { out += "\u{FFFD}" }
            }
        }
        return out
    }

    /// An XML attribute value (without the quotes): as `xmlText`, with tab, newline and carriage return as
    /// character references so attribute-value normalization keeps them.
    public static func xmlAttribute(_ s: String) -> String {
        var out = ""
        for c in xmlText(s).unicodeScalars {
            switch c {
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Text inside an XML comment (`<!-- … -->`) on one line: `--` may not appear and the text may not end in
    /// `-` (XML 1.0 §2.5), so every `-` after a `-` gets a space before it; line breaks and control characters
    /// become visible `\u{…}` text, other characters XML forbids U+FFFD. Markup characters are left as they are
    /// (a comment shows them literally).
    public static func xmlComment(_ s: String) -> String {
        var out = ""
        var previous: Unicode.Scalar? = nil
        for u in s.unicodeScalars {
            if isControlOrBreak(u) { out += "\\u{" + hex(u.value, digits: 1) + "}"; previous = nil; continue }
            let c = xmlAllows(u) ? u : "\u{FFFD}"
            if c == "-" && previous == "-" { out += " " }
            out.unicodeScalars.append(c)
            previous = c
        }
        if previous == "-" { out += " " }
        return out
    }

    // MARK: JSON

    /// A JSON string literal with quotes (RFC 8259 §7).
    public static func jsonString(_ s: String) -> String { JSONText.string(s) }

    // MARK: Android

    /// An Android resource name (`R.color.<name>` must be a Java identifier): lowercase ASCII letters, digits
    /// and `_`; the parts joined with `_`, each in snake case (`brandBlue` → `brand_blue`); every other ASCII
    /// character is `_`; a non-ASCII scalar is `u` + hex. A name that does not start with a letter gets `c_`.
    public static func androidResourceName(_ parts: [String]) -> String {
        var out = ""
        for (i, part) in parts.enumerated() {
            if i > 0 { out += "_" }
            var previousLower = false
            for u in part.unicodeScalars {
                if u.isASCII {
                    if u.properties.isUppercase {
                        if previousLower { out += "_" }
                        out += String(u).lowercased()
                        previousLower = false
                    } else if isASCIIAlnum(u) {
                        out.unicodeScalars.append(u)
                        previousLower = true
                    } else {
                        out += "_"; previousLower = false
                    }
                } else {
                    out += "u" + hex(u.value, digits: 4).lowercased(); previousLower = true
                }
            }
        }
        if let f = out.unicodeScalars.first, !(f.isASCII && f.properties.isLowercase) { out = "c_" + out }
        if out.isEmpty { out = "c_" }
        return out
    }

    // MARK: Names that become files or design-token paths

    /// A name used as one file or folder name inside an output folder (`Colors.xcassets/Palette/<name>/`).
    /// Rejected: empty, `.` or `..`, a leading `.` (hidden; dot-folders are refused in output trees), `/`,
    /// NUL or another control character, or longer than 255 bytes.
    public static func fileName(_ name: String, in what: String) throws -> String {
        let target = "a file name in \(what)"
        if name.isEmpty { throw NameError(name: name, target: target, rule: "it is empty") }
        if name.hasPrefix(".") { throw NameError(name: name, target: target, rule: "it may not start with '.'") }
        if name.contains("/") { throw NameError(name: name, target: target, rule: "it may not contain '/'") }
        if name.unicodeScalars.contains(where: isControlOrBreak) {
            throw NameError(name: name, target: target, rule: "it may not contain control characters or line breaks")
        }
        if name.utf8.count > 255 { throw NameError(name: name, target: target, rule: "it is longer than 255 bytes") }
        return name
    }

    /// A design token or group name (DTCG 2025.10 Format §5.1.1: a name may not start with `$` nor contain
    /// `{`, `}` or `.`, which alias paths use).
    public static func designTokenName(_ name: String) throws -> String {
        let target = "a design token name"
        if name.isEmpty { throw NameError(name: name, target: target, rule: "it is empty") }
        if name.hasPrefix("$") { throw NameError(name: name, target: target, rule: "it may not start with '$' (DTCG 2025.10 §5.1.1)") }
        if name.contains(where: { $0 == "." || $0 == "{" || $0 == "}" }) {
            throw NameError(name: name, target: target, rule: "it may not contain '.', '{' or '}' (DTCG 2025.10 §5.1.1)")
        }
        return name
    }

    // MARK: CSV

    /// A text field of a CSV file (RFC 4180) that a spreadsheet shows as text, never runs as a formula.
    ///
    /// A field a spreadsheet would read as a formula — one that starts with `=`, `+`, `@`, TAB or CR, or with
    /// `-` followed by anything but letters, digits, `_`, `.` and `-` (`-2+3+cmd|' /C calc'!A0`) — gets a leading
    /// `'` (OWASP, "CSV Injection"). A name such as `--brand-500` or `-1` is kept as it is: it can only read as a
    /// name or a number. Then a field holding a comma, quote, CR or LF is quoted, its quotes doubled.
    public static func csvField(_ s: String) -> String {
        var field = s
        if let first = s.unicodeScalars.first {
            let formula: Bool
            switch first {
            case "=", "+", "@", "\t", "\r": formula = true
            case "-": formula = s.unicodeScalars.contains { !(isASCIIAlnum($0) || $0 == "_" || $0 == "." || $0 == "-") }
            default: formula = false
            }
            if formula { field = "'" + s }
        }
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: Terminal

    /// Text shown on a terminal (human-readable rows of streams and reports, messages on standard error): C0 and
    /// C1 control characters and DEL (ESC `\u{1B}` and CSI `\u{9B}` start terminal escape sequences), the line
    /// and paragraph separators and the bidirectional controls (U+200E/F, U+202A…E, U+2066…9, which reorder the
    /// rest of the line on screen) as visible `\u{1B}` text (hex, upper case); everything else as is. TAB is
    /// escaped too: a row's columns are the program's, not the input's.
    public static func terminal(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: hiddenOnTerminal) else { return s }
        var out = ""
        for u in s.unicodeScalars {
            if hiddenOnTerminal(u) { out += "\\u{" + hex(u.value, digits: 1) + "}" } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// `terminal` of UTF-8 bytes: nil when the bytes are shown as they are (plain ASCII text is checked a byte at a
    /// time), else the escaped text's bytes; invalid UTF-8 is shown as U+FFFD (a lone byte 0x9B is CSI on a
    /// terminal that reads 8-bit controls).
    public static func terminal(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard bytes.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return nil }
        let t = terminal(String(decoding: bytes, as: UTF8.self))
        return t.utf8.elementsEqual(bytes) ? nil : Array(t.utf8)
    }

    /// What `terminal` escapes: C0, DEL, C1, U+2028/2029 and the bidirectional controls.
    public static func hiddenOnTerminal(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        return isControlOrBreak(u) || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    // MARK: Helpers

    /// A name in single quotes for messages, control characters shown as `\u{…}`, at most 80 characters.
    public static func quoted(_ name: String) -> String {
        var shown = swiftComment(name)
        if shown.count > 80 { shown = String(shown.prefix(77)) + "…" }
        return "'" + shown + "'"
    }

    static func isASCIIAlnum(_ u: Unicode.Scalar) -> Bool {
        (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9")
    }

    static func isDigit(_ u: Unicode.Scalar) -> Bool { u >= "0" && u <= "9" }

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    static func isControlOrBreak(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        return v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029
    }

    /// Uppercase hex with at least `digits` digits.
    static func hex(_ v: UInt32, digits: Int) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return h.count >= digits ? h : String(repeating: "0", count: digits - h.count) + h
    }
}
