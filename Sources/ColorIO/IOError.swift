/// Errors of the output layer. Each message is one line naming the path and saying what to do.
public enum IOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A relative output path that breaks a rule (absolute, `..`, a dot-folder, `huebench-plugins`…).
    case invalidPath(path: String, reason: String)
    /// Something in the output folder is in the way or unsafe to write through (a symbolic link, a folder
    /// where a file goes, a device).
    case unsafePath(path: String, reason: String)
    /// The system refused a write: the path and its reason.
    case failed(path: String, reason: String)
    /// Another build holds the output folder's lock.
    case locked(folder: String)

    public var description: String {
        switch self {
        case let .invalidPath(path, reason): return "output path \(Escape.quoted(path)) \(reason)"
        case let .unsafePath(path, reason): return "cannot write \(Escape.quoted(path)): \(reason)"
        case let .failed(path, reason): return "cannot write \(Escape.quoted(path)): \(reason)"
        case let .locked(folder):
            return "another build is writing \(Escape.quoted(folder)); wait for it to finish or choose another output folder"
        }
    }
}
