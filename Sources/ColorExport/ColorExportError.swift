import ColorIO

/// Data and user errors of the exporters. Each message is one line that names the input at fault.
public enum ColorExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document is inconsistent (a token refers to a missing stop, a name appears twice…).
    case invalidDocument(String)
    /// An output path that is absolute, empty or climbs out of the output folder.
    case invalidPath(String)
    /// Writing a file failed: the path and the system's reason.
    case writeFailed(path: String, reason: String)
    /// An exporter id no one registered; `known` lists the ids that exist.
    case unknownExporter(id: String, known: [String])
    /// A name that cannot be written into an output format (the name and the rule it breaks).
    case invalidName(NameError)
    /// An option value an exporter does not accept.
    case invalidOption(name: String, value: String, allowed: [String])

    public var description: String {
        switch self {
        case let .invalidDocument(why): return "invalid export document: \(why)"
        case let .invalidPath(p): return "invalid output path '\(p)': use a relative path inside the output folder"
        case let .writeFailed(path, reason): return "cannot write '\(path)': \(reason)"
        case let .unknownExporter(id, known): return "unknown format '\(id)'; known: \(known.joined(separator: ", "))"
        case let .invalidName(e): return e.description
        case let .invalidOption(name, value, allowed):
            return "option \(name) '\(value)' is not one of \(allowed.joined(separator: ", "))"
        }
    }
}
