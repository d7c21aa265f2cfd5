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
    /// Scores every ramp with `metricColumns` (as `RampMetrics.columns(for:)` gives them) and summarizes them with
    /// `stats`. Cross-hue separation compares the baseline's own ramps. Per-stop columns are NaN when the
    /// baseline's stop count is not ColorTokensKit's 20 (their names are ColorTokensKit's stops).
    /// - Complexity: O(ramps × stops) plus O(ramps² × stops) for the separation metrics.
    public func score(metricColumns: [String], stats: [VariantStat] = VariantStat.standard, threads: Int = 0) -> BaselineScores {
        let b = batch
        let all = RampMetrics.compute(b, groups: [0..<b.count], threads: threads, wanted: Set(metricColumns))
        let ix = Dictionary(uniqueKeysWithValues: RampMetrics.allColumns.enumerated().map { ($1, $0) })
        let perStop = Set(RampMetrics.perStop.flatMap(\.columns) + RampMetrics.researchPerStopMetrics.flatMap(\.columns))
        let stride = RampMetrics.allColumns.count
        var rows: [Double] = []
        rows.reserveCapacity(b.count * metricColumns.count)
        for r in 0..<b.count {
            for c in metricColumns {
                rows.append(stops != Scale.ctk.count && perStop.contains(c) ? .nan : all[r * stride + ix[c]!])
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
