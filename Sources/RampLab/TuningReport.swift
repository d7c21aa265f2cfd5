import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation

/// The files and text summary of a ramp sweep: tables (CSV, `.npy`, JSON), ramp strips of the best and
/// worst variants, and plots of metrics against each numeric parameter (PNG and SVG).
///
/// Files (relative to the output folder): `rows.csv|npy|json` (one row per variant × hue), `variants.csv|npy`
/// (one row per variant: mean, `.min`, `.max` over hues), `summary.json`, `summary.txt`,
/// `strips-best.{png,svg}`, `strips-worst.{png,svg}`, `plot-<metric>-vs-<param>.{png,svg}`.
public struct TuningReport: Sendable {
    public var objective: Objective
    public var goal: SweepResult.Goal
    public var level: SweepResult.Level
    /// How many best and worst entries to list (strips show up to 3).
    public var top: Int
    /// Metric columns to plot against each numeric parameter; empty = `defaultPlotMetrics` present in the table.
    public var plotMetrics: [String]
    /// Wall time of the sweep, for the summary.
    public var seconds: Double?
    /// The element type of `rows.npy`, `variants.npy` and `stops.npy` (`'<f4'` by default).
    public var npyType: MatrixWriter.NPYType = .f4
    /// Also write `stops.csv`: every stop of every row as OKLCH, hex, CSS and requested chroma.
    public var stops = false
    /// Rank a NaN or infinite score last instead of failing.
    public var allowNaN = false
    /// Monotonic start (`DispatchTime` nanoseconds): when set, `write` records the wall time from it until the
    /// last table and picture is staged (in `seconds` and the provenance).
    public var startNanos: UInt64?
    /// `variants.csv` and `variants.npy` were already written by the caller (streamed: `TuningStudy`).
    public var variantTablesWritten = false
    /// The columns of the streamed `variants.csv` when the result keeps fewer statistics than the file has.
    public var variantFileColumns: [String]?
    /// The ramps of some variants (every hue, variant-major), for strips when the rows were streamed.
    public var rampsOf: (@Sendable ([Int]) throws -> RampBatch)?
    /// The sweep as it was asked for (recorded in `summary.json` for `huebench tune --replay`).
    public var sweep: Sweep?
    /// Where the numbers came from (versions, command or script, times), for `summary.json`.
    public var provenance: SweepProvenance?
    /// Every generator parameter with the value in force (swept, set or default), for `summary.json`.
    public var parametersInForce: [(name: String, source: String, value: String)] = []
    /// Baselines scored with the sweep's metrics, listed beside the variants in every output.
    public var baselines: [BaselineScores] = []
    /// Two objectives whose Pareto front is written (`pareto.csv`, `pareto.png|svg`).
    public var pareto: (ParetoFront.Axis, ParetoFront.Axis)?

    public static let defaultObjective = "-de_cv"
    public static let defaultPlotMetrics = ["de_cv", "de_min", "chroma_mean", "chroma_retained_mean", "out_srgb", "hue_sep_mean", "hue_sep_mean_deutan"]

    public init(objective: Objective, goal: SweepResult.Goal = .maximize, level: SweepResult.Level = .variant,
                top: Int = 3, plotMetrics: [String] = [], seconds: Double? = nil) {
        self.objective = objective; self.goal = goal; self.level = level; self.top = top
        self.plotMetrics = plotMetrics; self.seconds = seconds
    }

    /// The metrics that get plotted for a result.
    public func metricsToPlot(_ r: SweepResult) -> [String] {
        if !plotMetrics.isEmpty { return plotMetrics }
        var m = Self.defaultPlotMetrics.filter { r.metricColumns.contains($0) }
        for n in objectiveMetricNames(r) where !m.contains(n) { m.append(n) }
        return m
    }

    func objectiveMetricNames(_ r: SweepResult) -> [String] {
        r.metricColumns.filter { objective.text.contains($0) }.filter { name in
            // Whole-word matches only.
            objective.text.components(separatedBy: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_.")).inverted).contains(name)
        }
    }

    /// The `.npy` bytes of a table: ColorKernels' `MatrixWriter.npy` (NumPy 1.0, `'<f4'` or `'<f8'`,
    /// rows × columns).
    public static func npy(columns: Int, values: [Double], dtype: MatrixWriter.NPYType = .f4) -> [UInt8] {
        MatrixWriter.npy(values: values, columns: columns, dtype: dtype)
    }

    /// The result ranked by this report's objective, goal and level. A NaN or infinite score is an error naming
    /// the variant (or row) and its parameters, unless `allowNaN` (then it ranks last).
    public func objectiveRanking(_ r: SweepResult) throws -> [SweepResult.Ranked] {
        let ranked = try r.ranked(by: objective, goal: goal, per: level)
        if !allowNaN, let bad = ranked.first(where: { !$0.score.isFinite }) {
            let v = bad.level == .variant ? bad.index : bad.index / r.hues.count
            var what = "variant \(v)"
            if bad.level == .row { what += " at hue \(Self.fmt(r.hues[bad.index % r.hues.count]))" }
            let label = TuningPictures.label(r, variant: v)
            if !label.isEmpty { what += " (\(label))" }
            let nan = ranked.filter { !$0.score.isFinite }.count
            throw RampLabError.badScore("objective \(objective.text) is \(Self.fmt(bad.score)) for \(what)"
                + (nan > 1 ? " and \(nan - 1) more" : "")
                + "; a metric it reads is undefined there (NaN) — change the objective, or pass --allow-nan (allow_nan = true) to rank such entries last")
        }
        return ranked
    }

    /// The settings this report was made with, as recorded for replay.
    public var settings: StudySettings {
        var s = StudySettings()
        s.objective = objective.text; s.goal = goal; s.level = level; s.top = top; s.plots = plotMetrics
        s.npyType = npyType.rawValue; s.stops = stops; s.allowNaN = allowNaN
        s.baselines = baselines.map(\.baseline.id)
        s.pareto = pareto.map { [$0.0.text, $0.1.text] } ?? []
        return s
    }

    /// `stops.npy`: NumPy 1.0, shape (rows, stops, 3), OKLCH (L, C, h°) of every stop of every row (h NaN when
    /// achromatic), in the table's row order.
    public static func stopsNPY(_ b: RampBatch, dtype: MatrixWriter.NPYType) -> [UInt8] {
        var bytes = npyHeader(shape: [b.count, b.stops, 3], dtype: dtype)
        bytes.reserveCapacity(bytes.count + b.oklch.count * 3 * dtype.byteCount)
        for c in b.oklch {
            for v in [c.x, c.y, c.z] {
                switch dtype {
                case .f4: withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
                case .f8: withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
                }
            }
        }
        return bytes
    }

    /// A NumPy 1.0 header for any shape (C order), padded to a multiple of 64 bytes.
    public static func npyHeader(shape: [Int], dtype: MatrixWriter.NPYType) -> [UInt8] {
        let dims = shape.count == 1 ? "\(shape[0])," : shape.map(String.init).joined(separator: ", ")
        var dict = "{'descr': '\(dtype.descr)', 'fortran_order': False, 'shape': (\(dims)), }"
        let total = (10 + dict.utf8.count + 1 + 63) / 64 * 64
        dict += String(repeating: " ", count: total - 10 - dict.utf8.count - 1) + "\n"
        let len = UInt16(dict.utf8.count)
        return [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(len & 0xFF), UInt8(len >> 8)] + Array(dict.utf8)
    }

    /// `stops.csv`: one line per row × stop — row, variant, hue, stop, OKLCH l, c, h, hex (sRGB, clipped),
    /// css (Display P3 when outside sRGB), requested chroma (empty when the generator does not report it).
    public static func stopsCSV(_ r: SweepResult) -> String {
        stopsCSVHeader + stopsCSVLines(r.ramps, firstRow: 0, hues: r.hues, stopNames: r.scale.stops.map(\.label))
    }

    public static let stopsCSVHeader = "row,variant,hue,stop,l,c,h,hex,css,requested_chroma\n"

    /// The `stops.csv` lines of a batch whose ramp k is row `firstRow + k`; stops named by `stopNames` (the
    /// sweep's scale; default ColorTokensKit's).
    public static func stopsCSVLines(_ b: RampBatch, firstRow: Int, hues: [Double], stopNames: [String]? = nil) -> String {
        var s = ""
        let names = stopNames ?? Scale.ctk.stops.prefix(b.stops).map(\.label)
        precondition(names.count == b.stops, "stopsCSVLines: \(names.count) stop names for \(b.stops) stops")
        let hc = max(hues.count, 1)
        for k in 0..<b.count {
            let row = firstRow + k
            let colors = b.ramp(k)
            let v = row / hc, hue = SweepOutput.number(hues[row % hc])
            for i in 0..<b.stops {
                let c = colors[i], req = b.requestedChroma[k * b.stops + i]
                s += "\(row),\(v),\(hue),\(names[i]),\(SweepOutput.number(c.oklch.x)),\(SweepOutput.number(c.oklch.y)),"
                s += "\(SweepOutput.number(c.oklch.z)),\(hex(c.srgb)),\"\(c.css)\",\(req.isNaN ? "" : SweepOutput.number(req))\n"
            }
        }
        return s
    }

    /// `#rrggbb` of an extended sRGB color clipped to [0, 1].
    static func hex(_ v: SIMD3<Double>) -> String {
        func b(_ x: Double) -> String {
            let n = Int((min(max(x, 0), 1) * 255).rounded())
            return String(n, radix: 16).count == 1 ? "0" + String(n, radix: 16) : String(n, radix: 16)
        }
        return "#" + b(v.x) + b(v.y) + b(v.z)
    }

    /// Writes every file into `folder` (nothing touches the disk until the folder is committed) and returns
    /// the text summary.
    public func write(_ r: SweepResult, ranked precomputed: [SweepResult.Ranked]? = nil, into folder: OutputFolder) throws -> String {
        let ranked = try precomputed ?? r.ranked(by: objective, goal: goal, per: level)
        let best = Array(ranked.prefix(top)), worst = Array(ranked.reversed().prefix(top))
        if r.rowsKept {
            try folder.write("rows.csv", text: SweepOutput.csv(columns: r.columns, values: r.values))
            try folder.write("rows.npy", bytes: Self.npy(columns: r.columns.count, values: r.values, dtype: npyType))
            try folder.write("rows.json", text: SweepOutput.rowsJSON(columns: r.columns, values: r.values))
        }
        if !variantTablesWritten {
            try folder.write("variants.csv", text: SweepOutput.csv(columns: r.variantColumns, values: r.variantValues))
            try folder.write("variants.npy", bytes: Self.npy(columns: r.variantColumns.count, values: r.variantValues, dtype: npyType))
        }
        if r.rowsKept {
            try folder.write("stops.npy", bytes: Self.stopsNPY(r.ramps, dtype: npyType))
            if stops { try folder.write("stops.csv", text: Self.stopsCSV(r)) }
        }
        // Strips of whole variants.
        func variantOf(_ x: SweepResult.Ranked) -> Int { x.level == .variant ? x.index : x.index / r.hues.count }
        var seen = Set<Int>()
        let bestV = best.map(variantOf).filter { seen.insert($0).inserted }.prefix(3)
        seen.removeAll()
        let worstV = worst.map(variantOf).filter { seen.insert($0).inserted }.prefix(3)
        for (name, vs, word) in [("strips-best", Array(bestV), "best"), ("strips-worst", Array(worstV), "worst")] where !vs.isEmpty {
            let entries = vs.enumerated().map { k, v in
                (label: "\(word) \(k + 1): " + TuningPictures.label(r, variant: v) + "  score " + Self.fmt(ranked.first { variantOf($0) == v }?.score ?? .nan), variant: v)
            }
            // Rows that were streamed and not kept: the strips' variants are generated again (a few ramps).
            var lookup: ((Int, Int) -> [RampColor])? = nil
            if !r.rowsKept, let make = rampsOf {
                let batch = try make(vs)
                lookup = { v, h in batch.ramp(vs.firstIndex(of: v)! * r.hues.count + h) }
            }
            let scene = TuningPictures.strips(r, variants: entries, title: "\(r.generator): \(word) variants by \(objective.text)", ramps: lookup)
            try folder.write(name + ".png", bytes: scene.png())
            try folder.write(name + ".svg", text: scene.svg())
        }
        let scores = variantScores(r, ranked: ranked)
        let baselineScores = baselines.map { $0.score(objective) }
        if !baselines.isEmpty {
            try folder.write("baselines.csv", text: baselinesCSV(ranked: ranked))
            try folder.write("baseline-rows.csv", text: baselineRowsCSV())
            let scene = TuningPictures.baselineStrips(baselines, scores: baselineScores, objective: objective.text)
            try folder.write("strips-baselines.png", bytes: scene.png())
            try folder.write("strips-baselines.svg", text: scene.svg())
        }
        // Plots: each metric against each parameter with more than one value (tables by index). Drawn and
        // encoded on all cores (one plot a task), written in order.
        var plots: [String] = []
        var jobs: [(x: String, metric: String)] = []
        for p in r.parameters where p.values.count > 1 {
            for m in metricsToPlot(r) {
                jobs.append((p.name, m))
                plots.append("plot-\(m.replacingOccurrences(of: ".", with: "_"))-vs-\(p.name)")
            }
        }
        var drawn = [(png: [UInt8], svg: String)?](repeating: nil, count: jobs.count)
        let failure = FirstError()
        let (goal, baselines) = (self.goal, self.baselines)
        drawn.withUnsafeMutableBufferPointer { db in
            let out = SendablePointer(db.baseAddress!)
            Parallel.forChunks(count: jobs.count, chunk: 1, threads: sweep?.threads ?? 0) { ks in
                for k in ks {
                    do {
                        let plot = try TuningPictures.plot(r, metric: jobs[k].metric, x: jobs[k].x, scores: scores, goal: goal, baselines: baselines)
                        out.p[k] = (plot.png(), plot.svg())
                    } catch { failure.set(error) }
                }
            }
        }
        if let e = failure.error { throw e }
        for (k, base) in plots.enumerated() {
            try folder.write(base + ".png", bytes: drawn[k]!.png)
            try folder.write(base + ".svg", text: drawn[k]!.svg)
            drawn[k] = nil
        }
        // A heatmap of the objective over the first two parameters with more than one value.
        let grid = r.parameters.indices.filter { r.parameters[$0].values.count > 1 }
        if grid.count >= 2 {
            let (x, y) = (grid[0], grid[1])
            let scene = ObjectiveHeatmap.scene(r, x: x, y: y, scores: scores, goal: goal,
                                               scoreName: objective.text + (level == .row ? " (best hue)" : ""))
            let base = "heatmap-\(r.parameters[x].name)-\(r.parameters[y].name)"
            try folder.write(base + ".png", bytes: scene.png())
            try folder.write(base + ".svg", text: scene.svg())
        }
        var front: ParetoFront? = nil
        if let (a, b) = pareto {
            let f = ParetoFront(r, a: a, b: b, baselines: baselines)
            try folder.write("pareto.csv", text: f.csv())
            let plot = f.plot(title: "Pareto front: \(a.column) and \(b.column) (\(r.generator), \(r.variantCount) variants)")
            try folder.write("pareto.png", bytes: plot.png())
            try folder.write("pareto.svg", text: plot.svg())
            front = f
        }
        var report = self
        if let t0 = startNanos {
            report.seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
            report.provenance?.wallSeconds = report.seconds
        }
        try folder.write("summary.json", text: report.summaryJSON(r, best: best, worst: worst, ranked: ranked, pareto: front))
        let text = report.summaryText(r, ranked: ranked, best: best, worst: worst, pareto: front)
        try folder.write("summary.txt", text: text)
        return text
    }

    /// One score per variant: its objective score (per variant), or its best row score (per row).
    func variantScores(_ r: SweepResult, ranked: [SweepResult.Ranked]) -> [Double] {
        var s = [Double](repeating: .nan, count: r.variantCount)
        for x in ranked {
            let v = x.level == .variant ? x.index : x.index / max(r.hues.count, 1)
            guard x.score.isFinite else { continue }
            if s[v].isNaN || (goal == .maximize ? x.score > s[v] : x.score < s[v]) { s[v] = x.score }
        }
        return s
    }

    /// `baselines.csv`: one row per baseline — `baseline, ramps, stops, score, rank`, then the variant table's
    /// metric columns (the same statistics, over the baseline's ramps).
    func baselinesCSV(ranked: [SweepResult.Ranked]) -> String {
        guard let cols = baselines.first?.summaryColumns else { return "" }
        var s = (["baseline", "ramps", "stops", "score", "rank"] + cols).joined(separator: ",") + "\n"
        for b in baselines {
            s += "\(b.baseline.id),\(b.baseline.ramps.count),\(b.baseline.stops),\(SweepOutput.number(b.score(objective))),"
            s += (b.rank(objective, among: ranked, goal: goal).map(String.init) ?? "") + ","
            s += b.summary.map { SweepOutput.number($0) }.joined(separator: ",") + "\n"
        }
        return s
    }

    /// `baseline-rows.csv`: one row per baseline ramp — `baseline, ramp, hue, stops`, then the metric columns.
    func baselineRowsCSV() -> String {
        guard let cols = baselines.first?.metricColumns else { return "" }
        var s = (["baseline", "ramp", "hue", "stops"] + cols).joined(separator: ",") + "\n"
        for b in baselines {
            for (k, ramp) in b.baseline.ramps.enumerated() {
                s += "\(b.baseline.id),\(SweepOutput.csvField(ramp.name)),\(SweepOutput.number(ramp.hue)),\(b.baseline.stops),"
                s += (0..<cols.count).map { SweepOutput.number(b.rows[k * cols.count + $0]) }.joined(separator: ",") + "\n"
            }
        }
        return s
    }

    static func fmt(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v == v.rounded(), abs(v) < 1e9 { return String(Int(v)) }
        var t = String(format: abs(v) >= 100 ? "%.1f" : "%.4f", v)
        while t.contains("."), t.hasSuffix("0") { t.removeLast() }
        if t.hasSuffix(".") { t.removeLast() }
        return t
    }

    /// Key metrics shown in the text summary (those present).
    static let keyMetrics = ["de_mean", "de_cv", "de_min", "chroma_mean", "chroma_retained_mean", "out_srgb", "out_p3",
                             "wcag_adj_min", "hue_sep_mean", "hue_sep_mean_deutan", "l_monotonic"]

    /// A plain-text summary: the sweep, the best and worst entries, and how the key metrics move from each
    /// parameter's first value to its last (means over everything else).
    public func summaryText(_ r: SweepResult, ranked: [SweepResult.Ranked], best: [SweepResult.Ranked], worst: [SweepResult.Ranked],
                            pareto: ParetoFront? = nil) -> String {
        var s = "sweep: \(r.generator), "
        s += r.parameters.isEmpty ? "no swept parameters" : r.parameters.map { "\($0.name) (\($0.values.count) values)" }.joined(separator: " × ")
        s += " → \(r.variantCount) variants × \(r.hues.count) hues = \(r.rowCount) ramps"
        if let t = seconds { s += String(format: " in %.3f s", t) }
        s += "\nobjective: \(goal.rawValue) \(objective.text) (per \(level.rawValue)\(level == .variant ? ", metrics averaged over hues" : ""))\n"
        let keys = Self.keyMetrics.filter { r.metricColumns.contains($0) } + objectiveMetricNames(r).filter { !Self.keyMetrics.contains($0) }
        func line(_ x: SweepResult.Ranked, _ k: Int) -> String {
            let v = x.level == .variant ? x.index : x.index / r.hues.count
            var t = "  \(k + 1). " + TuningPictures.label(r, variant: v)
            if x.level == .row { t += " hue=\(Self.fmt(r.hues[x.index % r.hues.count]))" }
            t += "  score=\(Self.fmt(x.score))"
            for m in keys {
                let val = x.level == .variant ? r.value(variant: v, m) : r.value(row: x.index, m)
                t += " \(m)=\(Self.fmt(val ?? .nan))"
            }
            return t + "\n"
        }
        s += "best:\n" + best.enumerated().map { line($1, $0) }.joined()
        s += "worst:\n" + worst.enumerated().map { line($1, $0) }.joined()
        if !baselines.isEmpty {
            s += "baselines (same metrics; rank = the place each would take among the \(ranked.count) \(level.rawValue)s, 1 = best):\n"
            for b in baselines {
                let score = b.score(objective)
                var t = "  \(b.baseline.id) (\(b.baseline.ramps.count) ramps × \(b.baseline.stops) stops)  score=\(Self.fmt(score))"
                t += " rank=" + (b.rank(objective, among: ranked, goal: goal).map(String.init) ?? "-")
                for m in keys { t += " \(m)=\(Self.fmt(b.value(m) ?? .nan))" }
                s += t + "\n"
            }
        }
        if let f = pareto {
            let fr = f.front
            s += "pareto front of \(f.a.text) and \(f.b.text): \(fr.count) of \(f.entries.count) entries"
            let onFront = fr.filter { $0.kind == "baseline" }.map(\.label)
            s += onFront.isEmpty ? "\n" : " (baselines on it: \(onFront.joined(separator: ", ")))\n"
            for e in fr.prefix(5) {
                s += "  \(e.kind == "baseline" ? "baseline " + e.label : "variant \(e.variant) " + e.label)  \(f.a.column)=\(Self.fmt(e.a)) \(f.b.column)=\(Self.fmt(e.b))\n"
            }
            if fr.count > 5 { s += "  … \(fr.count - 5) more in pareto.csv\n" }
        }
        for (pi, p) in r.parameters.enumerated() where p.values.count > 1 {
            let firstV = (0..<r.variantCount).filter { r.choices[$0][pi] == 0 }
            let lastV = (0..<r.variantCount).filter { r.choices[$0][pi] == p.values.count - 1 }
            s += "trend over \(p.name) \(Self.fmt(p.columnValue(0))) → \(Self.fmt(p.columnValue(p.values.count - 1))) (means):\n"
            for m in keys {
                func mean(_ vs: [Int]) -> Double {
                    let xs = vs.compactMap { r.value(variant: $0, m) }.filter { !$0.isNaN }
                    return xs.isEmpty ? .nan : xs.reduce(0, +) / Double(xs.count)
                }
                s += "  \(m): \(Self.fmt(mean(firstV))) → \(Self.fmt(mean(lastV)))\n"
            }
        }
        return s
    }

    func summaryJSON(_ r: SweepResult, best: [SweepResult.Ranked], worst: [SweepResult.Ranked], ranked: [SweepResult.Ranked] = [],
                     pareto: ParetoFront? = nil) -> String {
        let js = SweepOutput.jsonString
        var s = "{\n  \"generator\": \(js(r.generator)),\n"
        s += "  \"parameters\": [" + r.parameters.map { p in
            "{\"name\": \(js(p.name)), \"column\": \(js(p.column)), \"generator_name\": \(js(p.generatorName)), \"values\": [" + p.values.map(SweepOutput.json).joined(separator: ", ") + "]}"
        }.joined(separator: ", ") + "],\n"
        s += "  \"hues\": [" + r.hues.map(SweepOutput.jsonNumber).joined(separator: ", ") + "],\n"
        s += "  \"variants\": \(r.variantCount), \"rows\": \(r.rowCount), \"stops\": \(r.scale.count),\n"
        s += "  \"scale\": \(js(r.scale.id)), \"stop_names\": [" + r.scale.stops.map { js($0.label) }.joined(separator: ", ") + "],\n"
        if let t = seconds { s += "  \"seconds\": \(SweepOutput.jsonNumber(t)),\n" }
        s += "  \"metrics_version\": \(RampMetrics.definitionsVersion),\n"
        if !parametersInForce.isEmpty {
            s += "  \"parameters_in_force\": [" + parametersInForce.map { p in
                "{\"name\": \(js(p.name)), \"source\": \(js(p.source))" + (p.value.isEmpty ? "" : ", \"value\": \(p.value)") + "}"
            }.joined(separator: ", ") + "],\n"
        }
        if let p = provenance {
            s += "  \"provenance\": {\"huebench\": \(js(p.huebench)), \"lua\": \(js(p.lua)),\n"
            s += "    \"command\": [" + p.command.map(js).joined(separator: ", ") + "],\n"
            if let sc = p.script { s += "    \"script\": {\"path\": \(js(sc.path)), \"sha256\": \(js(sc.sha256))},\n" }
            else { s += "    \"script\": null,\n" }
            s += "    \"seed\": " + (p.seed.map(String.init) ?? "null") + ", \"hues\": [" + r.hues.map(SweepOutput.jsonNumber).joined(separator: ", ") + "],\n"
            s += "    \"metrics_version\": \(RampMetrics.definitionsVersion), \"started\": \(js(SweepProvenance.iso8601(p.started))), "
            s += "\"wall_seconds\": " + (p.wallSeconds.map(SweepOutput.jsonNumber) ?? "null") + "},\n"
        }
        if let sw = sweep { s += "  \"replay\": " + sw.replayJSON(settings: settings) + ",\n" }
        s += "  \"objective\": \(js(objective.text)), \"goal\": \(js(goal.rawValue)), \"per\": \(js(level.rawValue)),\n"
        s += "  \"columns\": [" + r.columns.map(js).joined(separator: ", ") + "],\n"
        s += "  \"variant_columns\": [" + (variantFileColumns ?? r.variantColumns).map(js).joined(separator: ", ") + "],\n"
        s += "  \"stats\": [" + (sweep?.stats ?? r.stats).map { js($0.rawValue) }.joined(separator: ", ") + "],\n"
        if !baselines.isEmpty {
            s += "  \"baselines\": [\n    " + baselines.map { b in
                var t = "{\"id\": \(js(b.baseline.id)), \"title\": \(js(b.baseline.title)), \"source\": \(js(b.baseline.source)), "
                t += "\"ramps\": \(b.baseline.ramps.count), \"stops\": \(b.baseline.stops), "
                t += "\"stop_names\": [" + b.baseline.stopNames.map(js).joined(separator: ", ") + "], "
                t += "\"score\": \(SweepOutput.jsonNumber(b.score(objective))), "
                t += "\"rank\": " + (b.rank(objective, among: ranked, goal: goal).map(String.init) ?? "null") + ", "
                t += "\"values\": {" + b.summaryColumns.indices.map { "\(js(b.summaryColumns[$0])): \(SweepOutput.jsonNumber(b.summary[$0]))" }.joined(separator: ", ") + "}}"
                return t
            }.joined(separator: ",\n    ") + "\n  ],\n"
        }
        if let f = pareto {
            s += "  \"pareto\": {\"axes\": [\(js(f.a.text)), \(js(f.b.text))], \"entries\": \(f.entries.count), \"front\": [" + f.front.map { e in
                "{\"kind\": \(js(e.kind)), " + (e.kind == "variant" ? "\"variant\": \(e.variant), " : "") + "\"label\": \(js(e.label)), \"a\": \(SweepOutput.jsonNumber(e.a)), \"b\": \(SweepOutput.jsonNumber(e.b))}"
            }.joined(separator: ", ") + "]},\n"
        }
        s += "  \"best\": [\n    " + best.map { SweepOutput.json($0, in: r) }.joined(separator: ",\n    ") + "\n  ],\n"
        s += "  \"worst\": [\n    " + worst.map { SweepOutput.json($0, in: r) }.joined(separator: ",\n    ") + "\n  ]\n}\n"
        return s
    }
}
