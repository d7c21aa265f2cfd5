import ColorCore

/// Data and user errors of the Palettes module. Each message is one line that names the input at fault.
///
/// Unknown and duplicate registry ids are reported as `ColorCoreError.unknownID`/`.duplicateID` by the shared
/// `Registry` type, so a plugin sees one error shape for every registry.
public enum PalettesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Text that is not a stop name (`_450`, `450`, or letters, digits, `-`, `.`).
    case invalidStop(String)
    /// A stop that the family's scale does not have (`context` says where it was named).
    case stopNotInScale(stop: String, scale: String, stops: String, context: String)
    /// A scale that cannot be used (unknown name, bad stop list or lightness).
    case invalidScale(String, reason: String)
    /// A generator parameter that is missing, of the wrong kind or out of range.
    case invalidParameter(generator: String, name: String, reason: String)
    /// A family name, hue or color that does not name a family.
    case invalidFamily(String, reason: String)
    /// A generator returned a ramp of the wrong length.
    case wrongStopCount(generator: String, expected: Int, got: Int)
    /// A generator returned a color whose OKLCH L, C or h is not finite or out of range.
    case invalidRampColor(generator: String, family: String, stop: String, reason: String)
    /// A token id that no theme defines.
    case unknownToken(String, known: [String])
    /// A token definition that cannot be resolved.
    case invalidToken(String, reason: String)
    /// A policy rule that cannot be evaluated.
    case invalidRule(policy: String, rule: String, reason: String)
    /// A metric id or column name that no metric defines.
    case unknownMetric(String, known: [String])
    /// An objective expression that does not parse or names an unknown column.
    case invalidObjective(String, reason: String)
    /// A file that cannot be written.
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidStop(s):
            return "invalid stop '\(s)': give a stop name such as _450, 450 or 12"
        case let .stopNotInScale(stop, scale, stops, context):
            return (context.isEmpty ? "" : context + ": ") + "stop _\(stop) is not in scale '\(scale)' (stops \(stops))"
        case let .invalidScale(s, reason):
            return "scale '\(s)' \(reason)"
        case let .invalidParameter(g, n, r):
            return "ramp generator '\(g)': parameter '\(n)' \(r)"
        case let .invalidFamily(f, r):
            return "invalid family '\(f)': \(r)"
        case let .wrongStopCount(g, e, n):
            return "ramp generator '\(g)' returned \(n) colors; a ramp needs \(e)"
        case let .invalidRampColor(g, f, stop, r):
            return "ramp generator '\(g)' (family '\(f)') returned at stop \(stop) \(r); return colors with 0 ≤ L ≤ 1, 0 ≤ C ≤ 1 and a finite hue"
        case let .unknownToken(t, known):
            return "unknown token '\(t)'; known: \(known.joined(separator: ", "))\(Suggest.phrase(t, among: known))"
        case let .invalidToken(t, reason):
            return "token '\(t)': \(reason)"
        case let .invalidRule(p, r, reason):
            return "policy '\(p)' rule '\(r)': \(reason)"
        case let .unknownMetric(m, known):
            return "unknown metric '\(m)'; use default, all, or one of: \(known.joined(separator: ", "))\(Suggest.phrase(m, among: ["default", "all"] + known))"
        case let .invalidObjective(e, reason):
            return "objective '\(e)': \(reason)"
        case let .io(path, reason):
            return "\(path): \(reason)"
        }
    }
}
