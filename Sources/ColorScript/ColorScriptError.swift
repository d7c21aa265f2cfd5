/// Errors of the Lua host. Each message is one line that names the script (file and line) or input at fault.
public enum ColorScriptError: Error, Sendable, CustomStringConvertible {
    /// Which limit ended a script.
    public enum Limit: String, Sendable { case time, memory }

    /// The script hit its time or memory limit (the CLI exits with status 3); `at`: where the script was.
    case limit(Limit, message: String, at: ScriptLocation? = nil)
    /// A syntax or run-time error in a script: `message` starts with `file:line:`; `traceback` is for `--verbose`;
    /// `at`: the chunk and line as data (the nearest script frame when the error came from C).
    case script(message: String, traceback: String, at: ScriptLocation? = nil)
    /// A script or plugin file that cannot be read or is outside the allowed folders.
    case file(path: String, reason: String)
    /// Two registrations under one name: both files are named.
    case duplicate(kind: String, name: String, first: String, second: String)
    /// An output the script asked for that cannot be written.
    case output(path: String, reason: String)

    public var description: String {
        switch self {
        case let .limit(_, message, _): return message
        case let .script(message, _, _): return message
        case let .file(path, reason): return "\(path): \(reason)"
        case let .duplicate(kind, name, first, second):
            return "duplicate \(kind) '\(name)': registered by \(first) and again by \(second); rename one of them"
        case let .output(path, reason): return "cannot write output '\(path)': \(reason)"
        }
    }

    /// Where in a script the error happened (chunk and line), when known.
    public var location: ScriptLocation? {
        switch self {
        case let .limit(_, _, at), let .script(_, _, at): return at
        default: return nil
        }
    }

    /// Whether this error is a limit (exit status 3).
    public var isLimit: Bool { if case .limit = self { return true } else { return false } }
}

/// A place in a script: the chunk (a file path, `eval`, or the name given to `run(source:name:)`) and its line.
public struct ScriptLocation: Sendable, Equatable, CustomStringConvertible {
    public let chunk: String
    public let line: Int
    public init(chunk: String, line: Int) { self.chunk = chunk; self.line = line }
    public var description: String { "\(chunk):\(line)" }
}

/// An error raised by a Swift binding: becomes a Lua error (with the caller's file and line) in the trampoline.
struct BindingError: Error {
    let message: String
    /// The message already starts with a location (an error re-raised from Lua code): do not prefix another.
    let located: Bool
    init(_ message: String, located: Bool = false) { self.message = message; self.located = located }
}
