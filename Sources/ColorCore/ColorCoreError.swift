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
            return "unknown \(kind) '\(id)'; known: \(known.joined(separator: ", "))"
        case let .duplicateID(kind, id):
            return "duplicate \(kind) id '\(id)': another entry is already registered under it"
        case let .invalidCSS(input, reason, position):
            return "invalid color '\(input)': \(reason) at \(position)"
        case let .unsupported(what):
            return what
        }
    }
}
