import Foundation

/// A statistic of one metric over a variant's hues (or a baseline's ramps): a column of the variant table.
///
/// `mean` is the column named by the metric itself (`de_cv`); the others add a suffix (`de_cv.min`,
/// `de_cv.p90`). Quantiles interpolate linearly between order statistics (NumPy's default, Hyndman–Fan type 7):
/// for sorted values x₀ … xₙ₋₁ and p in [0, 1], h = (n − 1)·p, Q = x⌊h⌋ + (h − ⌊h⌋)·(x⌈h⌉ − x⌊h⌋).
/// NaN values are skipped; a statistic of no finite-or-infinite values is NaN.
public enum VariantStat: String, Sendable, CaseIterable, Equatable {
    case mean, min, max, p10, p50, p90

    /// Every statistic, in table order: mean, min, max, p10, p50, p90.
    public static let standard: [VariantStat] = allCases

    /// The variant-table column of `metric` for this statistic.
    public func column(_ metric: String) -> String { self == .mean ? metric : metric + "." + rawValue }

    /// The suffixes a variant-table column may end in (`.min`, `.p90` …).
    public static let suffixes: [String] = allCases.filter { $0 != .mean }.map { "." + $0.rawValue }

    /// The variant-table columns of `metrics` (for each metric every statistic, in `stats` order).
    public static func columns(_ metrics: [String], _ stats: [VariantStat]) -> [String] {
        metrics.flatMap { m in stats.map { $0.column(m) } }
    }

    /// Parses `mean,min,max,p10,p50,p90` (or `all`); mean always comes first, duplicates are dropped.
    public static func parse(_ text: String) throws -> [VariantStat] {
        var out: [VariantStat] = [.mean]
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !part.isEmpty {
            if part == "all" { for s in allCases where !out.contains(s) { out.append(s) }; continue }
            guard let s = VariantStat(rawValue: part) else {
                throw RampLabError.invalid("stats: '\(part)' is not a statistic\(suggestion(part)); use \(allCases.map(\.rawValue).joined(separator: ", ")) or all")
            }
            if !out.contains(s) { out.append(s) }
        }
        return allCases.filter { out.contains($0) }
    }

    static func suggestion(_ s: String) -> String {
        let near = allCases.map(\.rawValue).filter { $0.hasPrefix(String(s.prefix(1))) }
        return near.count == 1 ? " (did you mean \(near[0])?)" : ""
    }

    /// The quantile of `sorted` (ascending, no NaN) at p, type 7.
    public static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let h = Double(sorted.count - 1) * p
        let lo = Int(h.rounded(.down)), hi = Swift.min(lo + 1, sorted.count - 1)
        let f = h - Double(lo)
        if f == 0 || sorted[lo] == sorted[hi] { return sorted[lo] }
        return sorted[lo] + f * (sorted[hi] - sorted[lo])
    }

    /// Appends the statistics of `values` (NaN skipped) to `out`, in `stats` order.
    /// `scratch` is reused between calls to avoid allocation.
    @inline(__always)
    static func append(_ values: UnsafeBufferPointer<Double>, _ stats: [VariantStat], scratch: inout [Double], to out: inout [Double]) {
        scratch.removeAll(keepingCapacity: true)
        var sum = 0.0
        for x in values where !x.isNaN { scratch.append(x); sum += x }
        if scratch.isEmpty { for _ in stats { out.append(.nan) }; return }
        let needsSort = stats.contains { $0 != .mean && $0 != .min && $0 != .max }
        var lo = Double.infinity, hi = -Double.infinity
        if needsSort { scratch.sort() ; lo = scratch[0]; hi = scratch[scratch.count - 1] }
        else { for x in scratch { lo = Swift.min(lo, x); hi = Swift.max(hi, x) } }
        for s in stats {
            switch s {
            case .mean: out.append(sum / Double(scratch.count))
            case .min: out.append(lo)
            case .max: out.append(hi)
            case .p10: out.append(quantile(scratch, 0.1))
            case .p50: out.append(quantile(scratch, 0.5))
            case .p90: out.append(quantile(scratch, 0.9))
            }
        }
    }

    /// The statistics of `values` (NaN skipped), in `stats` order.
    public static func of(_ values: [Double], _ stats: [VariantStat] = standard) -> [Double] {
        var out: [Double] = [], scratch: [Double] = []
        values.withUnsafeBufferPointer { append($0, stats, scratch: &scratch, to: &out) }
        return out
    }
}
