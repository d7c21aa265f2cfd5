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
    /// The statistics over hues the variant table keeps per metric (mean always; default: mean, min, max,
    /// p10, p50, p90).
    public var stats: [VariantStat] = VariantStat.standard
    /// The scale every ramp is built on (one color per stop; default ColorTokensKit's 20 stops). Per-stop
    /// metric columns are named by its stop labels.
    public var scale: Scale = .ctk

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
    public static let defaultBlockRamps = 8_192
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
    /// `rowObjective` scores every row as its block is made (`SweepResult.rowScores`), so rows can be ranked
    /// without being kept (`ranked(by:per: .row)` with that objective).
    ///
    /// `variantSink` receives every block's variant-table rows with all of `stats` (row-major, the columns of
    /// `tableColumns().variants`); `keptStats` (mean is always kept) then limits the statistics the result keeps,
    /// so a study can write every statistic to disk while holding only the ones its ranking, plots and summary read.
    public func run(in workbench: PaletteWorkbench = .standard, deadline: Deadline? = nil, keepRows: Bool = true,
                    rowObjective: Objective? = nil,
                    progress: ((Int, Int) -> Void)? = nil,
                    rowSink: ((SweepBlock) throws -> Void)? = nil,
                    keptStats: [VariantStat]? = nil,
                    variantSink: (([Double]) throws -> Void)? = nil) throws -> SweepResult {
        let kept = keptStats.map { k in stats.filter { $0 == .mean || k.contains($0) } } ?? stats
        // Positions of the kept statistics within each metric's group of `stats`.
        let keptIndex = kept.map { stats.firstIndex(of: $0)! }
        let plan = try Plan(self, workbench: workbench)
        let variantCount = plan.variantCount, hues = self.hues
        let total = variantCount * hues.count
        let perBlock = max(1, blockRamps / hues.count)
        var ramps: RampBatch? = nil
        var rowValues: [Double] = [], variantValues: [Double] = [], scores: [Double] = []
        let columns = plan.columns
        if keepRows { rowValues.reserveCapacity(total * columns.count) }
        variantValues.reserveCapacity(variantCount * (1 + plan.swept.count + kept.count * plan.metricColumns.count))
        let scoreIndex = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
        if let o = rowObjective {
            try o.check(columns: columns)
            scores.reserveCapacity(total)
        }
        var v0 = 0
        while v0 < variantCount {
            try deadline?.check()
            let v1 = min(variantCount, v0 + perBlock)
            let done = v0 * hues.count
            let (rows, batch) = try plan.block(Array(v0..<v1), deadline: deadline,
                                               progress: progress.map { p in { d, _ in p(done + d, total) } })
            let table = plan.variantTable(v0..<v1, rows: rows, columns: columns.count, stats: stats)
            try variantSink?(table)
            if kept.count == stats.count {
                variantValues += table
            } else {
                let head = 1 + plan.swept.count, m = plan.metricColumns.count, width = head + m * stats.count
                for r in 0..<(v1 - v0) {
                    let base = r * width
                    variantValues += table[base..<(base + head)]
                    for j in 0..<m { for k in keptIndex { variantValues.append(table[base + head + j * stats.count + k]) } }
                }
            }
            if let o = rowObjective {
                let cc = columns.count
                rows.withUnsafeBufferPointer { rb in
                    for r in 0..<batch.count {
                        let base = r * cc
                        scores.append(o.score { scoreIndex[$0].map { rb[base + $0] } })
                    }
                }
            }
            try rowSink?(SweepBlock(firstRow: v0 * hues.count, columns: columns.count, values: rows, ramps: batch))
            if keepRows {
                rowValues += rows
                if ramps == nil { ramps = batch } else { ramps!.append(batch) }
            }
            v0 = v1
        }
        var result = SweepResult(generator: plan.generator.id, parameters: plan.swept, choices: plan.choices, hues: hues,
                                 metricColumns: plan.metricColumns, values: rowValues, variantValues: variantValues,
                                 ramps: ramps ?? RampBatch(count: 0, stops: scale.count, hues: []), rowsKept: keepRows, stats: kept,
                                 scale: scale)
        if let o = rowObjective { result.rowScores = (o.text, scores) }
        return result
    }

    /// A sweep resolved against its generator: the swept and fixed parameters, the variant grid and the columns.
    struct Plan {
        let sweep: Sweep
        let generator: RampGenerator
        let workbench: PaletteWorkbench
        let swept: [SweptParameter]
        let base: [String: RampParameter]
        let metricColumns: [String]
        let columns: [String]
        /// For each variant, the index of each parameter's value (last parameter fastest).
        let choices: [[Int]]
        var variantCount: Int { choices.count }
        /// Solves shared by the blocks of this run (`lightnessStarCap` generators).
        let generationCache = GenerationCache()
        /// Per-stop metric inputs shared by the blocks of this run.
        let stopCache = RampMetrics.StopCache()

        init(_ sweep: Sweep, workbench: PaletteWorkbench, validate: Bool = true) throws {
            self.sweep = sweep; self.workbench = workbench
            let g = try workbench.generators.lookup(sweep.generator)
            generator = g
            swept = try sweep.resolvedParameters(g)
            var base: [String: RampParameter] = [:]
            for (k, v) in sweep.fixed { base[try SweptParameter.resolve(k, generator: g)] = v }
            self.base = base
            guard !sweep.hues.isEmpty else { throw PalettesError.invalidParameter(generator: g.id, name: "hues", reason: "is empty; give at least one hue") }
            metricColumns = try RampMetrics.columns(for: sweep.metrics, scale: sweep.scale)
            columns = ["variant", "hue"] + swept.map(\.column) + metricColumns
            let counts = swept.map(\.values.count)
            let variantCount = try Sweep.rows(counts, hues: 1)
            _ = try Sweep.rows(counts, hues: sweep.hues.count)
            if validate {
                // The fixed parameters and every swept value pass the generator's own checks (declared kinds and
                // ranges, finiteness) before anything is generated.
                try g.validate(RampSpec(hue: sweep.hues[0], parameters: base, scale: sweep.scale))
                for p in swept {
                    for v in p.values {
                        var params = base
                        params[p.generatorName] = v
                        try g.validate(RampSpec(hue: sweep.hues[0], parameters: params, scale: sweep.scale))
                    }
                }
            }
            var choices = [[Int]](); choices.reserveCapacity(variantCount)
            for v in 0..<variantCount {
                var rest = v, picks = [Int](repeating: 0, count: counts.count)
                for p in stride(from: counts.count - 1, through: 0, by: -1) { picks[p] = rest % counts[p]; rest /= counts[p] }
                choices.append(picks)
            }
            self.choices = choices
        }

        /// The generator parameters of a variant.
        func parameters(variant v: Int) -> [String: RampParameter] {
            var params = base
            for (p, k) in zip(swept, choices[v]) { params[p.generatorName] = p.values[k] }
            return params
        }

        /// `SweepResult.variantTable` of a block's variants, chunks of 32 variants on all cores, joined in order.
        func variantTable(_ variants: Range<Int>, rows: [Double], columns cc: Int, stats: [VariantStat]) -> [Double] {
            let hues = sweep.hues, n = variants.count, chunk = 32
            let chunks = (n + chunk - 1) / chunk
            var parts = [[Double]](repeating: [], count: chunks)
            parts.withUnsafeMutableBufferPointer { pb in
                let out = SendablePointer(pb.baseAddress!)
                Parallel.forChunks(count: chunks, chunk: 1, threads: sweep.threads) { ks in
                    for k in ks {
                        let a = k * chunk, b = min(n, a + chunk), width = hues.count * cc
                        out.p[k] = SweepResult.variantTable(parameters: swept, choices: choices,
                                                            variants: Array((variants.lowerBound + a)..<(variants.lowerBound + b)),
                                                            hues: hues, metricCount: metricColumns.count,
                                                            rows: Array(rows[(a * width)..<(b * width)]), columns: cc, stats: stats)
                    }
                }
            }
            return parts.count == 1 ? parts[0] : Array(parts.joined())
        }

        /// The rows (the `columns` table, row-major, variant-major) and ramps of `variants`, every hue.
        func block(_ variants: [Int], deadline: Deadline?, progress: ((Int, Int) -> Void)?) throws -> ([Double], RampBatch) {
            let hues = sweep.hues
            var specs: [RampSpec] = []
            specs.reserveCapacity(variants.count * hues.count)
            for v in variants {
                let params = parameters(variant: v)
                for h in hues { specs.append(RampSpec(hue: h, parameters: params, scale: sweep.scale)) }
            }
            let batch = try RampBatchGenerator.generate(specs, generator: generator, core: workbench.core, threads: sweep.threads,
                                                        deadline: deadline, progress: progress, cache: generationCache)
            try deadline?.check()
            let groups = (0..<variants.count).map { $0 * hues.count ..< ($0 + 1) * hues.count }
            let metrics = RampMetrics.compute(batch, groups: groups, threads: sweep.threads, wanted: Set(metricColumns), cache: stopCache)
            let rows = SweepResult.rowTable(parameters: swept, choices: choices, variants: variants, hues: hues,
                                            metricColumns: metricColumns, allMetrics: metrics, scale: sweep.scale)
            return (rows, batch)
        }
    }

    /// The columns of the row table and of the variant table this sweep will make (before running it).
    public func tableColumns(in workbench: PaletteWorkbench = .standard) throws -> (rows: [String], variants: [String]) {
        let g = try workbench.generators.lookup(generator)
        let names = try resolvedParameters(g).map(\.column)
        let metrics = try RampMetrics.columns(for: self.metrics, scale: scale)
        return (["variant", "hue"] + names + metrics, ["variant"] + names + VariantStat.columns(metrics, stats))
    }

    /// The bytes a run holds when its rows stream to a sink and are not kept: the variant table (and its text
    /// when written), one block of ramps and metrics, and one score per row.
    public func streamedBytes() throws -> Int {
        let rows = try Sweep.rows(parameters.map { $0.values.count }, hues: max(hues.count, 1))
        let variants = rows / max(hues.count, 1)
        let variantColumns = 1 + parameters.count + stats.count * max(1, (try? RampMetrics.columns(for: metrics, scale: scale).count) ?? 60)
        // A block holds each ramp's colors, per-stop inputs (OKLab, CVD, APCA), metrics and row text: ~8 KiB.
        let block = min(rows, max(blockRamps, hues.count)) * 8192
        return variants * variantColumns * 8 * 3 + block + rows * 8
    }

    /// The rows of some variants (grid index as in the table; every hue, variant-major), computed again exactly
    /// as the sweep computed them: for the entries a report lists when the rows were streamed and not kept.
    public func rows(variants: [Int], in workbench: PaletteWorkbench = .standard) throws -> [Double] {
        let plan = try Plan(self, workbench: workbench, validate: false)
        return try plan.block(variants, deadline: nil, progress: nil).0
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
            for h in hues { specs.append(RampSpec(hue: h, parameters: params, scale: scale)) }
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
    /// The scale the ramps were built on (their stops and the per-stop columns' names).
    public let scale: Scale
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
    /// `variant`, the parameter names, then for each metric its statistics over hues (`stats`): the mean
    /// (named by the metric), `.min`, `.max`, `.p10`, `.p50`, `.p90`.
    public let variantColumns: [String]
    /// Each column's position in `columns` / `variantColumns` (names looked up once, not per value).
    let columnIndex: [String: Int], variantColumnIndex: [String: Int]
    /// The statistics per metric in the variant table.
    public let stats: [VariantStat]
    public let variantValues: [Double]

    public var variantCount: Int { choices.count }
    public var rowCount: Int { choices.count * hues.count }

    /// Whether `values` and `ramps` hold every row (false: they were streamed to a sink and not kept).
    public let rowsKept: Bool
    /// Every row's score by one objective (its text), made while the rows streamed past (`Sweep.run`'s
    /// `rowObjective`): what ranks rows that were not kept.
    public internal(set) var rowScores: (objective: String, scores: [Double])?
    /// Rows made again after a streamed run (`withRows`), by row index: the entries a report lists.
    public private(set) var extraRows: [Int: [Double]] = [:]

    /// This result with the rows of `variants` (every hue) computed again by `sweep` and kept in `extraRows`, so
    /// `value(row:_:)` answers for them when the rows were streamed.
    public func withRows(ofVariants variants: [Int], from sweep: Sweep, in workbench: PaletteWorkbench = .standard) throws -> SweepResult {
        let vs = Array(Set(variants).subtracting(Set(extraRows.keys.map { $0 / max(hues.count, 1) }))).sorted()
        guard !rowsKept, !vs.isEmpty else { return self }
        let rows = try sweep.rows(variants: vs, in: workbench)
        var r = self
        let cc = columns.count
        for (k, v) in vs.enumerated() {
            for h in 0..<hues.count {
                let i = k * hues.count + h
                r.extraRows[v * hues.count + h] = Array(rows[i * cc..<(i + 1) * cc])
            }
        }
        return r
    }

    init(generator: String, parameters: [SweptParameter], choices: [[Int]], hues: [Double], metricColumns: [String],
         values: [Double], variantValues: [Double], ramps: RampBatch, rowsKept: Bool = true,
         stats: [VariantStat] = VariantStat.standard, scale: Scale = .ctk) {
        self.generator = generator; self.scale = scale; self.parameters = parameters; self.choices = choices; self.hues = hues
        self.stats = stats
        self.metricColumns = metricColumns; self.ramps = ramps; self.rowsKept = rowsKept
        let names = parameters.map(\.column)
        columns = ["variant", "hue"] + names + metricColumns
        variantColumns = ["variant"] + names + VariantStat.columns(metricColumns, stats)
        columnIndex = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        variantColumnIndex = Dictionary(variantColumns.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        self.values = values; self.variantValues = variantValues
    }

    /// The row table of `variants` (each × every hue): `variant, hue, <params>, <metrics>`, from the block's
    /// `RampMetrics.compute` output (`allColumns(scale:)` wide, one row per ramp).
    static func rowTable(parameters: [SweptParameter], choices: [[Int]], variants: [Int], hues: [Double],
                         metricColumns: [String], allMetrics: [Double], scale: Scale = .ctk) -> [Double] {
        let every = RampMetrics.allColumns(scale: scale)
        let allIx = Dictionary(uniqueKeysWithValues: every.enumerated().map { ($1, $0) })
        let pick = metricColumns.map { allIx[$0]! }
        let stride = every.count
        var v: [Double] = []
        v.reserveCapacity(variants.count * hues.count * (2 + parameters.count + pick.count))
        for (k, vi) in variants.enumerated() {
            let pv = zip(parameters, choices[vi]).map { $0.columnValue($1) }
            for (hi, h) in hues.enumerated() {
                let r = k * hues.count + hi
                v.append(Double(vi)); v.append(h); v.append(contentsOf: pv)
                for c in pick { v.append(allMetrics[r * stride + c]) }
            }
        }
        return v
    }

    /// The variant table of `variants` from their rows: `variant, <params>`, then per metric its statistics over
    /// hues in `stats` order (`VariantStat`: NaN values skipped; NaN when every hue is NaN).
    static func variantTable(parameters: [SweptParameter], choices: [[Int]], variants: [Int], hues: [Double],
                             metricCount: Int, rows v: [Double], columns cc: Int,
                             stats: [VariantStat] = VariantStat.standard) -> [Double] {
        var s: [Double] = []
        s.reserveCapacity(variants.count * (1 + parameters.count + metricCount * stats.count))
        let m0 = 2 + parameters.count
        var column = [Double](repeating: 0, count: hues.count), scratch: [Double] = []
        scratch.reserveCapacity(hues.count)
        for (k, vi) in variants.enumerated() {
            s.append(Double(vi)); s.append(contentsOf: zip(parameters, choices[vi]).map { $0.columnValue($1) })
            let base = k * hues.count
            for m in 0..<metricCount {
                for hIx in 0..<hues.count { column[hIx] = v[(base + hIx) * cc + m0 + m] }
                column.withUnsafeBufferPointer { VariantStat.append($0, stats, scratch: &scratch, to: &s) }
            }
        }
        return s
    }

    /// A row's value in a named column (nil for an unknown column).
    public func value(row: Int, _ column: String) -> Double? {
        guard let c = columnIndex[column] else { return nil }
        if let kept = extraRows[row] { return kept[c] }
        return rowsKept ? values[row * columns.count + c] : .nan
    }

    /// A variant's summary value in a named column of `variantColumns`.
    public func value(variant: Int, _ column: String) -> Double? {
        variantColumnIndex[column].map { variantValues[variant * variantColumns.count + $0] }
    }

    /// A whole column of the row table.
    public func column(_ name: String) -> [Double]? {
        guard rowsKept, let c = columns.firstIndex(of: name) else { return nil }
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
        let scored: [Ranked]
        if level == .row, !rowsKept {
            guard let (text, scores) = rowScores, text == objective.text, scores.count == n else {
                throw RampLabError.rowsNotKept("ranking rows by \(objective.text) needs the rows, which were streamed to disk and not kept; rank by the objective the sweep scored rows with, or keep the rows")
            }
            scored = scores.enumerated().map { Ranked(level: level, index: $0.offset, score: $0.element) }
        } else {
            scored = (0..<n).map { i -> Ranked in
                let base = i * cols.count
                return Ranked(level: level, index: i, score: objective.score { ix[$0].map { vals[base + $0] } })
            }
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
