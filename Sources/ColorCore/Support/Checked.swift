/// Numbers that come from outside (CLI flags, Lua arguments, sweep ranges, token stops, generator results, file
/// fields) pass through these checks before they become an `Int`, a size or a coordinate. One helper, used
/// everywhere, so no input can trap the process (`Int(1e300)` and `Int(Double.nan)` are fatal errors in Swift).
public enum Checked {
    /// A finite Double, or `NumberError.notFinite` naming the input.
    @inlinable
    public static func finite(_ value: Double, _ name: @autoclosure () -> String) throws(NumberError) -> Double {
        guard value.isFinite else { throw NumberError(name: name(), value: value, reason: .notFinite) }
        return value
    }

    /// A finite Double inside `range`, or an error naming the input and the range.
    @inlinable
    public static func finite(_ value: Double, _ name: @autoclosure () -> String,
                              in range: ClosedRange<Double>) throws(NumberError) -> Double {
        guard value.isFinite else { throw NumberError(name: name(), value: value, reason: .notFinite) }
        guard range.contains(value) else {
            throw NumberError(name: name(), value: value, reason: .outOfRange(range.lowerBound, range.upperBound))
        }
        return value
    }

    /// An exact integer inside `range` (default: every Int), or an error naming the input. Refuses NaN, ±inf,
    /// fractions and values that do not fit, instead of trapping.
    @inlinable
    public static func int(_ value: Double, _ name: @autoclosure () -> String,
                           in range: ClosedRange<Int> = Int.min...Int.max) throws(NumberError) -> Int {
        guard value.isFinite else { throw NumberError(name: name(), value: value, reason: .notFinite) }
        guard value.rounded(.towardZero) == value else { throw NumberError(name: name(), value: value, reason: .notInteger) }
        // Int(exactly:) is nil outside Int's range (2^63 itself is not representable).
        guard let i = Int(exactly: value), range.contains(i) else {
            throw NumberError(name: name(), value: value,
                              reason: .outOfRange(Double(range.lowerBound), Double(range.upperBound)))
        }
        return i
    }

    /// A count or size: an exact integer in `0...limit`.
    @inlinable
    public static func count(_ value: Double, _ name: @autoclosure () -> String, limit: Int) throws(NumberError) -> Int {
        try int(value, name(), in: 0...limit)
    }

    /// `a * b` for sizes, or an error when it overflows (so a byte count never wraps).
    @inlinable
    public static func product(_ a: Int, _ b: Int, _ name: @autoclosure () -> String) throws(NumberError) -> Int {
        let (r, o) = a.multipliedReportingOverflow(by: b)
        guard !o, r >= 0 else {
            throw NumberError(name: name(), value: Double(a) * Double(b),
                              reason: .outOfRange(0, Double(Int.max)))
        }
        return r
    }
}

/// A number from outside that cannot be used: not finite, not an integer, or out of range. One line, naming it.
public struct NumberError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case notFinite
        case notInteger
        case outOfRange(Double, Double)
    }
    public let name: String
    public let value: Double
    public let reason: Reason

    public init(name: String, value: Double, reason: Reason) {
        self.name = name; self.value = value; self.reason = reason
    }

    public var description: String {
        let shown = Self.show(value)
        switch reason {
        case .notFinite:
            return "\(name): \(shown) is not a finite number; give a finite value"
        case .notInteger:
            return "\(name): \(shown) is not a whole number; give an integer"
        case let .outOfRange(lo, hi):
            return "\(name): \(shown) is outside \(Self.show(lo))…\(Self.show(hi))"
        }
    }

    /// Integers without a fraction, huge values in exponent form, NaN/inf spelled as Lua and CSS users write them.
    public static func show(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        if v.rounded() == v && abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}
