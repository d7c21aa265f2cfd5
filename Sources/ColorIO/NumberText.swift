import Foundation

/// Numbers as files show them: the same bytes on every run and machine (no locale), no negative zero, and
/// never a trap — a non-finite value prints as `nan`, `inf` or `-inf` (callers that must not write those check
/// first, where the value enters).
public enum NumberText {
    static func nonFinite(_ v: Double, nan: String = "nan") -> String? {
        if v.isNaN { return nan }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        return nil
    }

    /// `v` with exactly `decimals` decimals (`0.500`), C `printf` rounding of the binary value; −0 prints as 0.
    public static func fixed(_ v: Double, _ decimals: Int) -> String {
        if let s = nonFinite(v) { return s }
        let d = max(0, min(decimals, 17))
        var s = String(format: "%.\(d)f", v)
        if s.hasPrefix("-"), s.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { s.removeFirst() }
        return s
    }

    /// `v` with at most `decimals` decimals, trailing zeros and a trailing point removed (`0.79`, `1`).
    public static func trimmed(_ v: Double, _ decimals: Int) -> String {
        var s = fixed(v, decimals)
        if v.isFinite, s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// `v` rounded half away from zero at `decimals` (as ColorTokensKit rounds), trailing zeros stripped.
    /// Beyond 2^53 units of the last place there is no fraction left: the value prints as `trimmed` does.
    public static func halfAwayTrimmed(_ v: Double, _ decimals: Int) -> String {
        if let s = nonFinite(v) { return s }
        let d = max(0, min(decimals, 15))
        var unit = 1.0
        for _ in 0..<d { unit *= 10 }
        let scaled = (v * unit).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9_007_199_254_740_992 else { return trimmed(v, d) }
        if scaled == 0 { return "0" }
        let n = Int64(abs(scaled))
        let p = Int64(unit)
        var frac = d == 0 ? "" : String(n % p)
        if d > 0 { frac = String(repeating: "0", count: d - frac.count) + frac }
        while frac.hasSuffix("0") { frac.removeLast() }
        return (scaled < 0 ? "-" : "") + String(n / p) + (frac.isEmpty ? "" : "." + frac)
    }

    /// Integers without a fraction (below 1e15), others in Swift's shortest round-trip form; NaN as `nan`.
    public static func shortest(_ v: Double, nan: String = "nan") -> String {
        if let s = nonFinite(v, nan: nan) { return s }
        if v == v.rounded(), abs(v) < 1e15 { return v == 0 ? "0" : String(Int64(v)) }
        return "\(v)"
    }
}
