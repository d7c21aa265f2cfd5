import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation

/// A parameter sweep of a ramp generator: every combination of the swept values (a grid, last parameter
/// fastest) × every hue, generated in batch and scored with `RampMetrics`.
///
/// ```swift
/// let result = try Sweep(generator: "uniform-lstar",
///                        params: ["margin": .range(0.90, 1.00, 11), "chroma_scale": .range(0.8, 1.2, 5)],
///                        hues: Sweep.allHues).run()
/// let top = try result.best(5, by: Objective(expression: "chroma_mean - de_cv"))
/// ```
/// Parameter names may be the generator's own (`gamutMargin`), snake_case spellings (`gamut_margin`) or the
/// aliases in `SweptParameter.aliases` (`margin`); the table uses the names as written.
public struct Sweep: Sendable {
    public var generator: String
    public var parameters: [(name: String, values: SweepValues)]
    /// Parameters held fixed for every variant.
    public var fixed: [String: RampParameter]
    public var hues: [Double]
    /// Metric ids or column names (see `RampMetrics.columns(for:)`); empty = the default scalars.
    public var metrics: [String]
    /// Cores to use (0: all).
    public var threads: Int

    /// ColorTokensKit's 36 hues: 0°, 10° … 350°.
    public static let allHues: [Double] = (0..<36).map { Double($0 * 10) }

    public init(generator: String, params: KeyValuePairs<String, SweepValues> = [:], fixed: [String: RampParameter] = [:],
                hues: [Double] = Sweep.allHues, metrics: [String] = [], threads: Int = 0) {
        self.init(generator: generator, parameters: params.map { ($0.key, $0.value) }, fixed: fixed,
                  hues: hues, metrics: metrics, threads: threads)
    }

    public init(generator: String, parameters: [(name: String, values: SweepValues)], fixed: [String: RampParameter] = [:],
                hues: [Double] = Sweep.allHues, metrics: [String] = [], threads: Int = 0) {
        self.generator = generator; self.parameters = parameters; self.fixed = fixed
        self.hues = hues; self.metrics = metrics; self.threads = threads
    }

    /// Parses a hue list: `all` (the 36 ColorTokensKit hues), or comma-separated degrees and family names
    /// (`orange,250,blue`).
    public static func parseHues(_ text: String) throws -> [Double] {
        if text.trimmingCharacters(in: .whitespaces).lowercased() == "all" { return allHues }
        var out: [Double] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !part.isEmpty {
            if let v = Double(part), v.isFinite { out.append(v); continue }
            if let k = Family.hueNames.firstIndex(of: part) { out.append(Double(k * 10)); continue }
            throw PalettesError.invalidFamily(part, reason: "not a hue in degrees or a hue family name (pink … rose); use all for the 36 hues")
        }
        guard !out.isEmpty else { throw PalettesError.invalidFamily(text, reason: "no hues given; use all or a list like 0,50,250") }
        return out
    }

    /// The swept parameters resolved against the generator.
    public func resolvedParameters(_ g: RampGenerator) throws -> [SweptParameter] {
        var seen = Set<String>()
        return try parameters.map { name, values in
            let gName = try SweptParameter.resolve(name, generator: g)
            guard seen.insert(gName).inserted else {
                throw PalettesError.invalidParameter(generator: g.id, name: name, reason: "is swept twice; give each parameter once")
            }
            return SweptParameter(name: name, generatorName: gName, values: try values.values(parameter: name, generator: g.id))
        }
    }

    /// The most rows (variants × hues) one sweep may have.
    public static let maxRows = 50_000_000
    /// Bytes a sweep holds per row (its spec, 20 colors, the metrics): what a host charges before running it.
    public static let bytesPerRow = 2048

    /// Rows of a grid with these value counts and hue count, or an error when the product is past `maxRows`.
    static func rows(_ counts: [Int], hues: Int) throws -> Int {
        var n = hues
        for c in counts {
            let (r, o) = n.multipliedReportingOverflow(by: c)
            guard !o, r <= maxRows else {
                throw PalettesError.invalidParameter(generator: "sweep", name: "params",
                    reason: "the grid has more than \(maxRows) rows (variants × hues); sweep fewer values")
            }
            n = r
        }
        return n
    }

    /// The bytes this sweep will hold (rows × `bytesPerRow`), computed from the value counts alone, so a host
    /// can charge it before anything is generated; throws when the grid is past `maxRows`.
    public func estimatedBytes() throws -> Int {
        try Sweep.rows(parameters.map { $0.values.count }, hues: max(hues.count, 1)) * Sweep.bytesPerRow
    }

    /// Ramps generated and scored per block by default (whole variants; at least one variant per block).
    public static let defaultBlockRamps = 32_768
    /// Ramps generated and scored per block (whole variants; at least one variant per block).
    public var blockRamps = Sweep.defaultBlockRamps

    /// Generates every variant × hue, computes the metrics, and returns the table.
    /// - Complexity: O(variants × hues × stops) generation and metrics, plus O(variants × hues² × stops) for
    ///   the cross-hue separation; all cores unless `threads` says otherwise. Work runs in blocks of whole
    ///   variants (`blockRamps` ramps); `deadline` is polled once per block and per generation tile (an expired
    ///   one throws `DeadlineExceeded`). `progress(done, total)` counts ramps and runs on the caller's thread.
    ///
    /// `rowSink` receives every block's rows (the `columns` table, row-major) and ramps as soon as they are
    /// scored, in order; with `keepRows: false` the result keeps only the variant table (rows and ramps are
    /// empty), so memory stays bounded by one block plus the variant table whatever the number of rows.
    public func run(in workbench: PaletteWorkbench = .standard, deadline: Deadline? = nil, keepRows: Bool = true,
                    progress: ((Int, Int) -> Void)? = nil,
                    rowSink: ((SweepBlock) throws -> Void)? = nil) throws -> SweepResult {
        let g = try workbench.generators.lookup(generator)
        let swept = try resolvedParameters(g)
        var base: [String: RampParameter] = [:]
        for (k, v) in fixed { base[try SweptParameter.resolve(k, generator: g)] = v }
        guard !hues.isEmpty else { throw PalettesError.invalidParameter(generator: g.id, name: "hues", reason: "is empty; give at least one hue") }
        let metricColumns = try RampMetrics.columns(for: metrics)

        // Variants: the grid of swept values, last parameter fastest.
        let counts = swept.map(\.values.count)
        let variantCount = try Sweep.rows(counts, hues: 1)
        _ = try Sweep.rows(counts, hues: hues.count)
        // The fixed parameters and every swept value pass the generator's own checks (declared kinds and ranges,
        // finiteness) before anything is generated.
        try g.validate(RampSpec(hue: hues[0], parameters: base))
        for p in swept {
            for v in p.values {
                var params = base
                params[p.generatorName] = v
                try g.validate(RampSpec(hue: hues[0], parameters: params))
            }
        }
        var choice = [[Int]](); choice.reserveCapacity(variantCount)
        for v in 0..<variantCount {
            var rest = v, picks = [Int](repeating: 0, count: swept.count)
            for p in stride(from: swept.count - 1, through: 0, by: -1) { picks[p] = rest % counts[p]; rest /= counts[p] }
            choice.append(picks)
        }
        let total = variantCount * hues.count
        let perBlock = max(1, blockRamps / hues.count)
        var ramps: RampBatch? = nil
        var rowValues: [Double] = [], variantValues: [Double] = []
        let columns = ["variant", "hue"] + swept.map(\.name) + metricColumns
        if keepRows { rowValues.reserveCapacity(total * columns.count) }
        let wanted = Set(metricColumns)
        var v0 = 0
        while v0 < variantCount {
            try deadline?.check()
            let v1 = min(variantCount, v0 + perBlock)
            var specs: [RampSpec] = []
            specs.reserveCapacity((v1 - v0) * hues.count)
            for picks in choice[v0..<v1] {
                var params = base
                for (p, k) in zip(swept, picks) { params[p.generatorName] = p.values[k] }
                for h in hues { specs.append(RampSpec(hue: h, parameters: params)) }
            }
            let done = v0 * hues.count
            let batch = try RampBatchGenerator.generate(specs, generator: g, core: workbench.core, threads: threads,
                                                        deadline: deadline,
                                                        progress: progress.map { p in { d, _ in p(done + d, total) } })
            try deadline?.check()
            let groups = (0..<(v1 - v0)).map { $0 * hues.count ..< ($0 + 1) * hues.count }
            let metrics = RampMetrics.compute(batch, groups: groups, threads: threads, wanted: wanted)
            let rows = SweepResult.rowTable(parameters: swept, choices: choice, variants: v0..<v1, hues: hues,
                                            metricColumns: metricColumns, allMetrics: metrics)
            variantValues += SweepResult.variantTable(parameters: swept, choices: choice, variants: v0..<v1, hues: hues,
                                                      metricCount: metricColumns.count, rows: rows, columns: columns.count)
            try rowSink?(SweepBlock(firstRow: v0 * hues.count, columns: columns.count, values: rows, ramps: batch))
            if keepRows {
                rowValues += rows
                if ramps == nil { ramps = batch } else { ramps!.append(batch) }
            }
            v0 = v1
        }
        return SweepResult(generator: g.id, parameters: swept, choices: choice, hues: hues, metricColumns: metricColumns,
                           values: rowValues, variantValues: variantValues,
                           ramps: ramps ?? RampBatch(count: 0, hues: []), rowsKept: keepRows)
    }
}

extension Sweep {
    /// The ramps of some variants (grid index as in the table), every hue, variant-major: what the sweep
    /// generated for them, generated again.
    public func ramps(variants: [Int], in workbench: PaletteWorkbench = .standard) throws -> RampBatch {
        let g = try workbench.generators.lookup(generator)
        let swept = try resolvedParameters(g)
        var base: [String: RampParameter] = [:]
        for (k, v) in fixed { base[try SweptParameter.resolve(k, generator: g)] = v }
        let counts = swept.map(\.values.count)
        var specs: [RampSpec] = []
        for v in variants {
            var rest = v, params = base
            for p in stride(from: swept.count - 1, through: 0, by: -1) {
                params[swept[p].generatorName] = swept[p].values[rest % counts[p]]; rest /= counts[p]
            }
            for h in hues { specs.append(RampSpec(hue: h, parameters: params)) }
        }
        return try RampBatchGenerator.generate(specs, generator: g, core: workbench.core, threads: threads)
    }
}

/// One block of a sweep's rows, handed to `Sweep.run`'s `rowSink` as soon as it is scored.
public struct SweepBlock: Sendable {
    /// The index of the block's first row in the whole table.
    public let firstRow: Int
    /// Columns of the row table (`SweepResult.columns`).
    public let columns: Int
    /// The block's rows, row-major.
    public let values: [Double]
    /// The block's ramps (ramp k is row `firstRow + k`).
    public let ramps: RampBatch
    public var rowCount: Int { ramps.count }
}

/// The table of a sweep: one row per variant × hue (variant-major), plus a per-variant summary.
public struct SweepResult: Sendable {
    public let generator: String
    public let parameters: [SweptParameter]
    /// For each variant, the index of each parameter's value.
    public let choices: [[Int]]
    public let hues: [Double]
    public let metricColumns: [String]
    /// `variant`, `hue`, the parameter names, then the metric columns.
    public let columns: [String]
    /// Row-major, `rowCount × columns.count`.
    public let values: [Double]
    /// The colors of every row's ramp (row r is ramp r).
    public let ramps: RampBatch
    /// `variant`, the parameter names, then for each metric: its mean over hues, `.min` and `.max`.
    public let variantColumns: [String]
    public let variantValues: [Double]

    public var variantCount: Int { choices.count }
    public var rowCount: Int { choices.count * hues.count }

    /// Whether `values` and `ramps` hold every row (false: they were streamed to a sink and not kept).
    public let rowsKept: Bool

    init(generator: String, parameters: [SweptParameter], choices: [[Int]], hues: [Double], metricColumns: [String],
         values: [Double], variantValues: [Double], ramps: RampBatch, rowsKept: Bool = true) {
        self.generator = generator; self.parameters = parameters; self.choices = choices; self.hues = hues
        self.metricColumns = metricColumns; self.ramps = ramps; self.rowsKept = rowsKept
        let names = parameters.map(\.name)
        columns = ["variant", "hue"] + names + metricColumns
        variantColumns = ["variant"] + names + metricColumns.flatMap { [$0, $0 + ".min", $0 + ".max"] }
        self.values = values; self.variantValues = variantValues
    }

    /// The row table of `variants` (each × every hue): `variant, hue, <params>, <metrics>`, from the block's
    /// `RampMetrics.compute` output (`allColumns` wide, one row per ramp).
    static func rowTable(parameters: [SweptParameter], choices: [[Int]], variants: Range<Int>, hues: [Double],
                         metricColumns: [String], allMetrics: [Double]) -> [Double] {
        let allIx = Dictionary(uniqueKeysWithValues: RampMetrics.allColumns.enumerated().map { ($1, $0) })
        let pick = metricColumns.map { allIx[$0]! }
        let stride = RampMetrics.allColumns.count
        var v: [Double] = []
        v.reserveCapacity(variants.count * hues.count * (2 + parameters.count + pick.count))
        for vi in variants {
            let pv = zip(parameters, choices[vi]).map { $0.columnValue($1) }
            for (hi, h) in hues.enumerated() {
                let r = (vi - variants.lowerBound) * hues.count + hi
                v.append(Double(vi)); v.append(h); v.append(contentsOf: pv)
                for c in pick { v.append(allMetrics[r * stride + c]) }
            }
        }
        return v
    }

    /// The variant table of `variants` from their rows: `variant, <params>`, then per metric its mean over hues,
    /// `.min` and `.max` (NaN values skipped; NaN when every hue is NaN).
    static func variantTable(parameters: [SweptParameter], choices: [[Int]], variants: Range<Int>, hues: [Double],
                             metricCount: Int, rows v: [Double], columns cc: Int) -> [Double] {
        var s: [Double] = []
        let m0 = 2 + parameters.count
        for vi in variants {
            s.append(Double(vi)); s.append(contentsOf: zip(parameters, choices[vi]).map { $0.columnValue($1) })
            let base = (vi - variants.lowerBound) * hues.count
            for m in 0..<metricCount {
                var sum = 0.0, n = 0, lo = Double.infinity, hi = -Double.infinity
                for hIx in 0..<hues.count {
                    let x = v[(base + hIx) * cc + m0 + m]
                    if x.isNaN { continue }
                    sum += x; n += 1; lo = min(lo, x); hi = max(hi, x)
                }
                s += n > 0 ? [sum / Double(n), lo, hi] : [.nan, .nan, .nan]
            }
        }
        return s
    }

    /// A row's value in a named column (nil for an unknown column).
    public func value(row: Int, _ column: String) -> Double? {
        columns.firstIndex(of: column).map { values[row * columns.count + $0] }
    }

    /// A variant's summary value in a named column of `variantColumns`.
    public func value(variant: Int, _ column: String) -> Double? {
        variantColumns.firstIndex(of: column).map { variantValues[variant * variantColumns.count + $0] }
    }

    /// A whole column of the row table.
    public func column(_ name: String) -> [Double]? {
        guard let c = columns.firstIndex(of: name) else { return nil }
        return (0..<rowCount).map { values[$0 * columns.count + c] }
    }

    /// The row of a variant at hue index `h`.
    public func row(variant: Int, hueIndex h: Int) -> Int { variant * hues.count + h }

    /// The generator parameters of a variant (swept ones only).
    public func parameterValues(variant: Int) -> [(name: String, value: RampParameter)] {
        zip(parameters, choices[variant]).map { ($0.name, $0.values[$1]) }
    }

    public enum Goal: String, Sendable { case maximize, minimize }
    /// What is ranked: variants (their summary over hues) or single rows (variant × hue).
    public enum Level: String, Sendable { case variant, row }

    public struct Ranked: Sendable, Equatable {
        public let level: Level
        /// The variant or row index.
        public let index: Int
        public let score: Double
    }

    /// Every variant (or row) scored and sorted best first; NaN scores last; ties keep table order.
    public func ranked(by objective: Objective, goal: Goal = .maximize, per level: Level = .variant) throws -> [Ranked] {
        let cols = level == .variant ? variantColumns : columns
        let vals = level == .variant ? variantValues : values
        try objective.check(columns: cols)
        let ix = Dictionary(uniqueKeysWithValues: cols.enumerated().map { ($1, $0) })
        let n = level == .variant ? variantCount : rowCount
        let scored = (0..<n).map { i -> Ranked in
            let base = i * cols.count
            return Ranked(level: level, index: i, score: objective.score { ix[$0].map { vals[base + $0] } })
        }
        return scored.enumerated().sorted { a, b in
            let x = a.element.score, y = b.element.score
            if x.isNaN != y.isNaN { return !x.isNaN }
            if x != y, !x.isNaN { return goal == .maximize ? x > y : x < y }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The `k` best variants (or rows) by `objective`.
    public func best(_ k: Int, by objective: Objective, goal: Goal = .maximize, per level: Level = .variant) throws -> [Ranked] {
        Array(try ranked(by: objective, goal: goal, per: level).prefix(max(k, 0)))
    }

    /// The `k` worst, worst first (NaN scores count as worst).
    public func worst(_ k: Int, by objective: Objective, goal: Goal = .maximize, per level: Level = .variant) throws -> [Ranked] {
        Array(try ranked(by: objective, goal: goal, per: level).reversed().prefix(max(k, 0)))
    }
}
