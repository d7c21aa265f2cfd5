import ColorIO
import ColorCore
import Palettes
import Foundation

/// A baseline scored with a sweep's metrics: one row per ramp and a summary over its ramps with the same
/// columns and statistics as the sweep's variant table, so objectives, plots and Pareto fronts read both alike.
public struct BaselineScores: Sendable {
    public let baseline: Baseline
    /// The sweep's metric columns.
    public let metricColumns: [String]
    public let stats: [VariantStat]
    /// One row per ramp (`baseline.ramps` order), `metricColumns` wide.
    public let rows: [Double]
    /// `VariantStat.columns(metricColumns, stats)`: the variant table's metric columns.
    public let summaryColumns: [String]
    /// The statistics of each metric over the baseline's ramps (NaN skipped), `summaryColumns` order.
    public let summary: [Double]
    public let batch: RampBatch

    /// A summary value by variant-table column name (`de_cv`, `de_cv.p90`); nil for other columns.
    public func value(_ column: String) -> Double? {
        summaryColumns.firstIndex(of: column).map { summary[$0] }
    }

    /// A ramp's value in a metric column.
    public func value(ramp r: Int, _ column: String) -> Double? {
        metricColumns.firstIndex(of: column).map { rows[r * metricColumns.count + $0] }
    }

    /// The baseline's score by an objective over the variant table's columns (a column the baseline lacks, such
    /// as a swept parameter, reads NaN).
    public func score(_ objective: Objective) -> Double {
        objective.score { value($0) ?? .nan }
    }

    /// Where the baseline's score would rank among `ranked` (1 = better than every variant): one more than the
    /// number of entries with a strictly better score. Nil when the score is not finite.
    public func rank(_ objective: Objective, among ranked: [SweepResult.Ranked], goal: SweepResult.Goal) -> Int? {
        let s = score(objective)
        guard s.isFinite else { return nil }
        return 1 + ranked.filter { $0.score.isFinite && (goal == .maximize ? $0.score > s : $0.score < s) }.count
    }
}

extension Baseline {
    /// Scores every ramp with `metricColumns` (as `RampMetrics.columns(for:scale:)` gives them for the sweep's
    /// `scale`) and summarizes them with `stats`. Every metric is computed on the baseline's own stops (its own
    /// count); cross-hue separation compares the baseline's own ramps. Per-stop columns are filled when the
    /// baseline's stops are the scale's (Tailwind's in a `tailwind` sweep), else NaN.
    /// - Complexity: O(ramps × stops) plus O(ramps² × stops) for the separation metrics.
    public func score(metricColumns: [String], scale: Scale = .ctk, stats: [VariantStat] = VariantStat.standard,
                      threads: Int = 0) -> BaselineScores {
        let b = batch
        let all = RampMetrics.compute(b, groups: [0..<b.count], threads: threads, wanted: Set(metricColumns))
        // The baseline's own columns (per-stop ones named by its stops), in `compute`'s order.
        let own = RampMetrics.all(stops: stopNames).flatMap(\.columns)
        let ix = Dictionary(uniqueKeysWithValues: own.enumerated().map { ($1, $0) })
        let sameStops = stopNames == scale.stops.map(\.label)
        let perStop = Set(RampMetrics.perStop(stops: scale.stops.map(\.label)).flatMap(\.columns)
                          + RampMetrics.researchPerStopMetrics(stops: scale.stops.map(\.label)).flatMap(\.columns))
        let stride = own.count
        var rows: [Double] = []
        rows.reserveCapacity(b.count * metricColumns.count)
        for r in 0..<b.count {
            for c in metricColumns {
                rows.append(!sameStops && perStop.contains(c) ? .nan : ix[c].map { all[r * stride + $0] } ?? .nan)
            }
        }
        var summary: [Double] = [], scratch: [Double] = []
        var column = [Double](repeating: 0, count: b.count)
        for m in metricColumns.indices {
            for r in 0..<b.count { column[r] = rows[r * metricColumns.count + m] }
            column.withUnsafeBufferPointer { VariantStat.append($0, stats, scratch: &scratch, to: &summary) }
        }
        return BaselineScores(baseline: self, metricColumns: metricColumns, stats: stats, rows: rows,
                              summaryColumns: VariantStat.columns(metricColumns, stats), summary: summary, batch: b)
    }
}
