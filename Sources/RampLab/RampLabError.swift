/// Errors of ramp studies that are not a generator's or a metric's: replay files, scores, stop outputs.
public enum RampLabError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `summary.json` that cannot be replayed (what is wrong, what to do).
    case replay(path: String, reason: String)
    /// An objective gave NaN or an infinity (names the variant or row and its parameters).
    case badScore(String)
    /// The rows a request needs were streamed to disk and not kept.
    case rowsNotKept(String)
    /// A study option that is not valid (names the option and what to give).
    case invalid(String)

    public var description: String {
        switch self {
        case let .replay(path, reason): return "\(path): \(reason)"
        case let .badScore(s), let .rowsNotKept(s), let .invalid(s): return s
        }
    }
}
