import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A ramp study end to end, as `huebench tune` runs it: the sweep with its rows streamed to the output folder
/// block by block (row tables, `stops.npy`), ranked, the variant tables streamed too, then the pictures and
/// summaries staged and committed. Memory stays at one block plus the variant table whatever the number of rows
/// (ranking rows keeps one score per row, not the rows).
public struct TuningStudy {
    public var sweep: Sweep
    public var report: TuningReport
    public var palettes: PaletteWorkbench
    public var deadline: Deadline?
    /// Ramps done and total, on the caller's thread, block by block.
    public var progress: ((Int, Int) -> Void)?
    /// Called with a short description of each phase after the sweep (ranking, pictures, summary).
    public var phase: ((String) -> Void)?
    /// Baselines (`Baseline.known` ids) scored with the sweep's metrics and listed beside the variants.
    public var baselines: [String] = []

    public init(sweep: Sweep, report: TuningReport, palettes: PaletteWorkbench = .standard) {
        self.sweep = sweep; self.report = report; self.palettes = palettes
    }

    /// Every block allocates the same large buffers again (ramps, per-stop inputs, metrics, row text). With
    /// glibc's defaults each is a fresh `mmap` the kernel zero-fills page by page (seconds of system time over a
    /// million ramps); up to 32 MiB they come from the heap instead and freed memory up to 1 GiB is kept for the
    /// next block (the Lua host sets the same). Set once per process.
    static let reuseFreedPages: Void = {
        #if canImport(Glibc)
        // glibc's mallopt (malloc.h is not in the Glibc module): M_TRIM_THRESHOLD = −1, M_MMAP_THRESHOLD = −3.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        if let f = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {  // RTLD_DEFAULT
            let mallopt = unsafeBitCast(f, to: Mallopt.self)
            _ = mallopt(-3, 32 << 20)
            _ = mallopt(-1, 1 << 30)
        }
        #endif
    }()

    public struct Outcome {
        public let result: SweepResult
        public let ranked: [SweepResult.Ranked]
        /// The text summary (also `summary.txt`).
        public let text: String
        /// Files written, relative to the output folder, sorted (empty without one).
        public let files: [String]
        /// Wall time from `start` until every file was in place, seconds.
        public let wallSeconds: Double
    }

    /// Runs the study; with `out`, writes every file into that folder (created if needed). `start` is the
    /// monotonic time (`DispatchTime` nanoseconds) the wall time counts from (default: now).
    public func run(out: String?, start: UInt64 = DispatchTime.now().uptimeNanoseconds) throws -> Outcome {
        _ = Self.reuseFreedPages
        var report = self.report
        let g = try palettes.generators.lookup(sweep.generator)
        let names = try sweep.resolvedParameters(g).map(\.column)
        let columns = ["variant", "hue"] + names + (try RampMetrics.columns(for: sweep.metrics, scale: sweep.scale))
        let rowCount = try sweep.estimatedBytes() / Sweep.bytesPerRow
        var files: SweepRowFiles? = nil
        if let dir = out {
            files = try SweepRowFiles(folder: dir, columns: columns, rows: rowCount, stops: sweep.scale.count,
                                      stopNames: sweep.scale.stops.map(\.label), hues: sweep.hues,
                                      dtype: report.npyType, stopsCSV: report.stops)
        }
        var variantFiles: (SweepRowFiles?, [AtomicFileWriter]) = (nil, [])
        do {
            // The variant table is streamed to variants.csv/.npy block by block with every statistic; memory keeps
            // mean, min and max (plots and summaries) and any other statistic the objective, plots or front read.
            var variantTable: TableFiles? = nil
            if let dir = out {
                let d = try Directory.open(dir, create: true)
                let csv = try AtomicFileWriter(directory: d, name: "variants.csv", displayPath: dir + "/variants.csv")
                let npy = try AtomicFileWriter(directory: d, name: "variants.npy", displayPath: dir + "/variants.npy")
                variantFiles.1 = [csv, npy]
                let variantColumns = try sweep.tableColumns(in: palettes).variants
                report.variantFileColumns = variantColumns
                let t = TableFiles(csv: csv, npy: npy, json: nil, columns: variantColumns,
                                   rows: rowCount / max(sweep.hues.count, 1), dtype: report.npyType)
                t.threads = sweep.threads
                try t.writeHeaders()
                variantTable = t
            }
            let read = [report.objective.text] + report.plotMetrics + (report.pareto.map { [$0.0.column, $0.1.column] } ?? [])
            let kept = sweep.stats.filter { st in st == .mean || st == .min || st == .max || read.contains { $0.contains("." + st.rawValue) } }
            // Rows are never kept: ranking variants reads the variant table, ranking rows one score per row.
            let rowObjective = report.level == .row ? report.objective : nil
            var result = try sweep.run(in: palettes, deadline: deadline, keepRows: false, rowObjective: rowObjective,
                                       progress: progress, rowSink: files.map { f in { try f.write($0) } },
                                       keptStats: kept, variantSink: variantTable.map { t in { block in
                                           try block.withUnsafeBufferPointer { try t.append($0) } } })
            let sweep = self.sweep, palettes = self.palettes
            report.rampsOf = { try sweep.ramps(variants: $0, in: palettes) }
            if !baselines.isEmpty {
                phase?("scoring baselines: \(baselines.joined(separator: ", "))")
                report.baselines = try baselines.map {
                    try Baseline.make($0, hues: sweep.hues, scale: sweep.scale)
                        .score(metricColumns: result.metricColumns, scale: sweep.scale, stats: sweep.stats, threads: sweep.threads)
                }
            }
            phase?("ranking, pictures and summary")
            report.sweep = sweep
            report.parametersInForce = try sweep.parametersInForce(g)
            let ranked = try report.objectiveRanking(result)
            if report.level == .row {
                // The listed rows are made again (their variants, every hue) for the summary's metric values.
                let listed = Array(ranked.prefix(report.top)) + Array(ranked.reversed().prefix(report.top))
                result = try result.withRows(ofVariants: listed.map { $0.index / sweep.hues.count }, from: sweep, in: palettes)
            }
            report.startNanos = start
            let folder = OutputFolder()
            var written: [String] = []
            if let t = variantTable {
                try t.finish()
                report.variantTablesWritten = true
            }
            let text = try report.write(result, ranked: ranked, into: folder)
            if let dir = out {
                let c = try folder.commit(to: dir)
                try files?.commit()
                for w in variantFiles.1 { try w.commit() }
                written = c.files.map(\.path) + (files?.names ?? []) + ["variants.csv", "variants.npy"]
            }
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return Outcome(result: result, ranked: ranked, text: text, files: written.sorted(), wallSeconds: wall)
        } catch {
            files?.abandon()
            for w in variantFiles.1 { w.abandon() }
            throw error
        }
    }
}
