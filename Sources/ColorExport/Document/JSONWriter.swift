import ColorIO
/// A JSON value with ordered object keys, printed deterministically (2-space indent, `": "`).
public indirect enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    /// A number already formatted by `Fmt` (so the bytes are fixed).
    case number(String)
    case bool(Bool)
    case null

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.rendered() == b.rendered() }

    /// A number with at most `decimals` decimals, trailing zeros removed.
    public static func num(_ v: Double, _ decimals: Int = 6) -> JSONValue { .number(Fmt.trimmed(v, decimals)) }

    /// Pretty-printed text with a final newline at the top level.
    public func rendered(indent: Int = 0, compactArrays: Bool = true) -> String {
        let pad = String(repeating: " ", count: indent)
        let inner = String(repeating: " ", count: indent + 2)
        switch self {
        case .string(let s): return Escape.jsonString(s)
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            // Arrays of scalars stay on one line (color components).
            if compactArrays, items.allSatisfy({ if case .object = $0 { return false }; if case .array = $0 { return false }; return true }) {
                return "[" + items.map { $0.rendered() }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + $0.rendered(indent: indent + 2) }.joined(separator: ",\n") + "\n" + pad + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { inner + Escape.jsonString($0.0) + ": " + $0.1.rendered(indent: indent + 2) }
                .joined(separator: ",\n") + "\n" + pad + "}"
        }
    }

    /// The document form: rendered with a trailing newline.
    public var document: String { rendered() + "\n" }
}
