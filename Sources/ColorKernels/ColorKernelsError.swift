import ColorCore

/// Data and user errors of the batch kernels. Each message is one line that names the input at fault.
public enum ColorKernelsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Interleaved input whose length is not a multiple of the channel count.
    case badInterleavedLength(count: Int, channels: Int)
    /// One line of a text input that is not a color: `source` names the file (or "input"), `line` is 1-based.
    case badLine(source: String, line: Int, message: String)
    /// Two buffers or a buffer and an output whose sizes disagree.
    case sizeMismatch(String)
    /// A file that cannot be written or read.
    case io(path: String, message: String)
    /// An operation the kernels do not support (e.g. gamut mapping into an unbounded space).
    case unsupported(String)

    public var description: String {
        switch self {
        case let .badInterleavedLength(count, channels):
            return "interleaved data holds \(count) values, not a multiple of \(channels) channels; pass whole colors"
        case let .badLine(source, line, message):
            return "\(source):\(line): \(message)"
        case let .sizeMismatch(what):
            return what
        case let .io(path, message):
            return "\(path): \(message)"
        case let .unsupported(what):
            return what
        }
    }
}
