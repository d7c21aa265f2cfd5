import ColorCore
import Dispatch
import Foundation

/// The JSON reader of token and resolver files (RFC 8259). It gives the values `JSONSerialization` gives
/// (`[String: Any]`, `[Any]`, `String`, `NSNumber` — booleans as `NSNumber(value: Bool)` — and `NSNull`), but
/// a long parse stays under the caller's limits: every 64 KiB of input it polls `poll` with the bytes of values
/// it built since the last poll (an estimate of their memory: the caller charges it to a memory budget and checks
/// its deadline), and nesting deeper than `maxDepth` is refused rather than recursed into.
///
/// Errors name the line and column (`line 3, column 17: expected ':' after an object key`).
/// - Complexity: O(input bytes).
struct TokenJSONParser {
    /// Deepest nesting of objects and arrays read (DTCG files nest groups a handful of levels deep).
    static let maxDepth = 256
    /// Input bytes between two polls.
    static let pollBytes = 1 << 16

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0
    private var nextPoll = TokenJSONParser.pollBytes
    private var built = 0
    private let poll: (Int) throws -> Void
    /// The error `poll` threw: the parse then returns what it built up to the root (so the partial tree is
    /// freed in the background, not while the caller waits) and throws it there.
    private var stopped: Error? = nil

    /// Parses `data` (one JSON value, optionally surrounded by white space) and calls `poll` as described above
    /// (and once at the end with what is left).
    static func parse(_ data: [UInt8], poll: (Int) throws -> Void = { _ in }) throws -> Any {
        try data.withUnsafeBufferPointer { p in
            try withoutActuallyEscaping(poll) { poll in
                var parser = TokenJSONParser(bytes: p, poll: poll)
                // A UTF-8 byte order mark before the value is ignored (RFC 8259 §8.1 allows it).
                if p.count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { parser.i = 3 }
                parser.skipSpace()
                var v = try parser.value()
                if let e = parser.stopped {
                    TokenJSONParser.discard(&v, replacingWith: NSNull())
                    throw e
                }
                parser.skipSpace()
                guard parser.i == p.count else { throw parser.fail("unexpected text after the JSON value") }
                try poll(parser.built)
                return v
            }
        }
    }

    /// Frees `value` (a token tree, the colors read) on a background thread: a large tree takes a noticeable
    /// time to free (a 15 MiB token file: ~0.2 s), which must not delay a read that stopped at its deadline.
    /// `value` is replaced by `empty` before the background work starts, so the last reference is the
    /// background thread's.
    static func discard<T>(_ value: inout T, replacingWith empty: T) {
        let box = Discarded(value)
        value = empty
        DispatchQueue.global(qos: .utility).async { box.drop() }
    }

    private final class Discarded: @unchecked Sendable {
        private var value: Any?
        init(_ value: Any) { self.value = value }
        func drop() { value = nil }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, poll: @escaping (Int) throws -> Void) {
        self.bytes = bytes; self.poll = poll
    }

    // Rough bytes each value costs once built (Swift and Foundation objects, an `Any` box each).
    private static let valueCost = 48, entryCost = 96, objectCost = 96, arrayCost = 64

    private func fail(_ what: String) -> Failure {
        var line = 1, lineStart = 0
        for k in 0..<min(i, bytes.count) where bytes[k] == 0x0A { line += 1; lineStart = k + 1 }
        return Failure(message: "line \(line), column \(i - lineStart + 1): \(what)")
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func value() throws -> Any {
        if i >= nextPoll {
            nextPoll = i + Self.pollBytes
            do { try poll(built) } catch { stopped = error; return NSNull() }
            built = 0
        }
        guard i < bytes.count else { throw fail("unexpected end of the file") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""):
            let s = try string()
            built += Self.valueCost + s.utf8.count
            return s
        case UInt8(ascii: "t"): try literal("true"); built += Self.valueCost; return NSNumber(value: true)
        case UInt8(ascii: "f"): try literal("false"); built += Self.valueCost; return NSNumber(value: false)
        case UInt8(ascii: "n"): try literal("null"); built += Self.valueCost; return NSNull()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            built += Self.valueCost
            return NSNumber(value: try number())
        default:
            throw fail("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maxDepth else { throw fail("objects and arrays nested more than \(Self.maxDepth) levels deep") }
    }

    private mutating func object() throws -> [String: Any] {
        try enter()
        i += 1
        built += Self.objectCost
        var out: [String: Any] = [:]
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return out }
        while true {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
            let keyStart = i
            let key = try string()
            // A key given twice (a merge left two definitions of a token) would keep only the last, unseen.
            if out[key] != nil {
                i = keyStart
                throw fail("the key \"\(ColorCoreError.excerpt(key))\" appears twice in one object; keep one of them")
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after an object key") }
            i += 1
            skipSpace()
            out[key] = try value()
            if stopped != nil { return out }
            built += Self.entryCost + key.utf8.count
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of the file inside an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace(); continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return out }
            throw fail("expected ',' or '}' in an object")
        }
    }

    private mutating func array() throws -> [Any] {
        try enter()
        i += 1
        built += Self.arrayCost
        var out: [Any] = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return out }
        while true {
            out.append(try value())
            if stopped != nil { return out }
            built += 32
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of the file inside an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace(); continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return out }
            throw fail("expected ',' or ']' in an array")
        }
    }

    private mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count else { throw fail("expected a value") }
        for k in 0..<w.count where bytes[i + k] != w[k] { throw fail("expected a value") }
        i += w.count
    }

    private mutating func number() throws -> Double {
        let start = i
        func digits() -> Int { let s = i; while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }; return i - s }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw fail("a number needs digits") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { throw fail("a number needs digits") }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("a number needs digits after '.'") }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard digits() > 0 else { throw fail("a number needs digits in its exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let d = Double(text) else { throw fail("'\(text)' is not a number") }
        return d  // 1e400 reads as infinity; the token reader refuses non-finite components.
    }

    private mutating func string() throws -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw fail("a control character inside a string (write it as \\u00XX)") }
            i += 1
        }
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { throw fail("a control character inside a string (write it as \\u00XX)") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("an unpaired surrogate in a \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { throw fail("an unpaired surrogate in a \\u escape") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                throw fail("unknown escape '\\\(Character(Unicode.Scalar(e)))' in a string")
            }
        }
        throw fail("a string is not closed with '\"'")
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("\\u needs 4 hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw fail("\\u needs 4 hex digits")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}
