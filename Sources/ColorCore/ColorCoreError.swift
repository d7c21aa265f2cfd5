/// Data and user errors of the color core. Each message is one line that names the input at fault.
public enum ColorCoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An id that no registry entry has; `known` lists the ids that exist.
    case unknownID(kind: String, id: String, known: [String])
    /// A second registration under an id that is taken.
    case duplicateID(kind: String, id: String)
    /// A CSS color string that does not parse: `reason` says what and `position` where (0-based).
    case invalidCSS(input: String, reason: String, position: Int)
    /// A space that cannot serve the requested operation (e.g. gamut mapping into an unbounded space).
    case unsupported(String)

    public var description: String {
        switch self {
        case let .unknownID(kind, id, known):
            return "unknown \(kind) '\(id)'; known: \(known.joined(separator: ", "))\(Suggest.phrase(id, among: known))"
        case let .duplicateID(kind, id):
            return "duplicate \(kind) id '\(id)': another entry is already registered under it"
        case let .invalidCSS(input, reason, position):
            return "invalid color '\(Self.excerpt(input))': \(Self.clippingQuotes(reason)) at \(position)"
        case let .unsupported(what):
            return what
        }
    }
}

extension ColorCoreError {
    /// The longest stretch of user input a message quotes; longer input is cut with "…".
    public static let excerptLimit = 60

    /// User input made safe to quote in a one-line message: control characters (NUL, ESC, CR, LF…) are shown
    /// as `\u{1B}`-style escapes, and input longer than `limit` characters is cut to its start and "…".
    public static func excerpt(_ s: String, limit: Int = excerptLimit) -> String {
        var out = ""
        var n = 0
        for ch in s {
            if n == limit { out += "…"; break }
            if ch.unicodeScalars.count == 1, let u = ch.unicodeScalars.first,
               u.value < 0x20 || (0x7F...0x9F).contains(u.value) {
                out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            } else if ch == "\r\n" {
                out += "\\u{D}\\u{A}"
            } else {
                out.append(ch)
            }
            n += 1
        }
        return out
    }

    /// `reason` with every single-quoted stretch passed through `excerpt`, so a message quoting a token of a
    /// huge or binary input stays short and on one line.
    public static func clippingQuotes(_ reason: String, limit: Int = excerptLimit) -> String {
        let parts = reason.split(separator: "'", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return excerpt(reason, limit: Int.max) }
        return parts.enumerated().map { i, p in
            i % 2 == 1 && i < parts.count - 1 ? excerpt(String(p), limit: limit) : excerpt(String(p), limit: Int.max)
        }.joined(separator: "'")
    }
}
