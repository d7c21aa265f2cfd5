import Foundation
import Testing
import ColorCore
@testable import Palettes
@testable import RampLab

@Suite("RampLab: batch forms on the entry, deadlines, requested chroma")
struct RampLabModuleTests {
    /// uniform-lstar's generate closure under another id, with or without its declared batch form.
    static func copy(id: String, batch: Bool) -> RampGenerator {
        var g = RampGenerator(id: id, name: "copy", parameters: UniformLStar.generator.parameters,
                              generate: UniformLStar.generator.generate)
        g.requestedChroma = UniformLStar.generator.requestedChroma
        if batch { g.batch = UniformLStar.generator.batch }
        return g
    }

    @Test func batchFormIsReadFromTheEntryNotTheID() throws {
        let params: [String: RampParameter] = ["gamutMargin": .number(0.9), "chromaScale": .number(1.3)]
        let specs = [0.0, 33.3, 250].map { RampSpec(hue: $0, parameters: params) }
        let fast = try RampBatchGenerator.generate(specs, generator: Self.copy(id: "mine-fast", batch: true), threads: 2)
        let slow = try RampBatchGenerator.generate(specs, generator: Self.copy(id: "mine-slow", batch: false), threads: 2)
        // The declared form and the closure agree bit for bit, whatever the id.
        #expect(fast.oklch == slow.oklch)
        for r in 0..<specs.count { #expect(fast.ramp(r).map(\.srgb) == slow.ramp(r).map(\.srgb)) }
        #expect(fast.requestedChroma == slow.requestedChroma)
        #expect(UniformLStar.generator.batch != nil && OKLCHCurves.generator.batch == nil)
        // uniform-lstar's requested chroma: ColorTokensKit's table × 1.3.
        #expect(fast.requestedChroma[6] == UniformLStar.chroma[6] * 1.3)
    }

    /// A `GenerationCache` shared by calls (as a sweep's blocks share it) returns the solves of earlier calls:
    /// the second call's ramps are the bits of a call with a fresh cache (and the closure's OKLCH), with the
    /// cache warm, too small to hold everything, or holding nothing.
    @Test func sharedGenerationCacheKeepsEveryBit() throws {
        func specs(_ margins: [Double], _ scales: [Double]) -> [RampSpec] {
            margins.flatMap { m in scales.flatMap { c in [0.0, 33.3, 250].map {
                RampSpec(hue: $0, parameters: ["gamutMargin": .number(m), "chromaScale": .number(c)]) } } }
        }
        let first = specs([0.9, 0.95], [0.8, 1.0, 1.3]), second = specs([0.95, 1.0], [1.0, 1.3, 1.5])
        let cold = try RampBatchGenerator.generate(second, generator: UniformLStar.generator, threads: 2)
        let closure = try RampBatchGenerator.generate(second, generator: Self.copy(id: "mine-slow", batch: false), threads: 2)
        #expect(cold.oklch == closure.oklch)
        for limit in [1 << 18, 7, 0] {
            let cache = GenerationCache(limit: limit)
            _ = try RampBatchGenerator.generate(first, generator: UniformLStar.generator, threads: 2, cache: cache)
            #expect(limit == 0 ? cache.count == 0 : cache.count > 0 && cache.count <= limit)
            let warm = try RampBatchGenerator.generate(second, generator: UniformLStar.generator, threads: 2, cache: cache)
            #expect(warm.oklch.map(\.bits) == cold.oklch.map(\.bits), "limit \(limit)")
            #expect(warm.linear.map(\.bits) == cold.linear.map(\.bits), "limit \(limit)")
            #expect(warm.requestedChroma == cold.requestedChroma)
        }
    }

    @Test func expiredDeadlineStopsTheSweep() throws {
        let sweep = Sweep(generator: UniformLStar.id, params: ["margin": .range(0.9, 1.0, 3)], hues: [0, 120], threads: 1)
        let stop = Deadline(seconds: 60, what: "time limit of 60 s (--time-limit)")
        stop.cancel()
        let e = #expect(throws: DeadlineExceeded.self) { try sweep.run(deadline: stop) }
        #expect(e?.what == "time limit of 60 s (--time-limit)")
        // Not expired: the same sweep runs.
        #expect(try sweep.run(deadline: Deadline(seconds: 600)).rowCount == 6)
    }

    @Test func sweepBlocksGiveTheSameTableAsOneBlock() throws {
        // 7 variants × 3 hues in blocks of 2 variants (6 ramps) equals the same sweep in one block.
        let hues: [Double] = [10, 130, 250]
        var blocked = Sweep(generator: UniformLStar.id, params: ["chroma_scale": .range(0.6, 1.4, 7)], hues: hues,
                            metrics: ["de_cv", "chroma_mean", "hue_sep_min"])
        let whole = try blocked.run()
        blocked.blockRamps = 6
        let parts = try blocked.run()
        #expect(parts.rowCount == 21 && parts.ramps.count == 21)
        #expect(parts.values == whole.values)
        #expect(parts.ramps.oklch == whole.ramps.oklch)
        #expect(parts.variantValues == whole.variantValues)
    }

    @Test func chromaRetainedIsUnknownWithoutRequestedChroma() throws {
        var g = Self.copy(id: "no-request", batch: false)
        g.requestedChroma = nil
        var wb = PaletteWorkbench.standard
        try wb.generators.register(g)
        let r = try Sweep(generator: "no-request", hues: [0, 180], metrics: ["chroma_retained_mean", "chroma_mean"]).run(in: wb)
        #expect(r.value(row: 0, "chroma_retained_mean")!.isNaN)
        #expect(!r.value(row: 0, "chroma_mean")!.isNaN)
        // With requested chroma declared, retained is measured (uniform-lstar keeps ≤ 1 of what it asks).
        let u = try Sweep(generator: UniformLStar.id, hues: [0, 180], metrics: ["chroma_retained_mean"]).run()
        let kept = u.value(row: 0, "chroma_retained_mean")!
        #expect(kept > 0.5 && kept <= 1)
    }

    @Test func parameterNamedLikeAColumnGetsAPrefixedColumn() throws {
        // oklch-curves has a per-stop parameter `hue`: its column is `param_hue`; `hue` stays the row's hue.
        let r = try Sweep(generator: OKLCHCurves.id, params: ["hue": .numbers([100, 120])], hues: [100, 200],
                          metrics: ["hue_drift_max"], threads: 1).run()
        #expect(r.columns == ["variant", "hue", "param_hue", "hue_drift_max"])
        #expect(r.variantColumns.prefix(2) == ["variant", "param_hue"])
        #expect(r.value(row: 3, "hue") == 200 && r.value(row: 3, "param_hue") == 120)
        #expect(r.parameters[0].name == "hue" && r.parameters[0].column == "param_hue")
        // Other names are their own column; a metric name is prefixed too.
        #expect(SweptParameter.column(for: "margin") == "margin")
        #expect(SweptParameter.column(for: "de_cv") == "param_de_cv" && SweptParameter.column(for: "variant") == "param_variant")
        // An objective may read the prefixed column.
        let best = try r.best(1, by: Objective(expression: "param_hue"), per: .row)
        #expect(best.first.map { r.value(row: $0.index, "param_hue") } == 120)
    }

    @Test func rowsRankedWithoutBeingKept() throws {
        // Rows streamed past a sink and not kept: ranking rows uses the scores made while streaming; the listed
        // rows are computed again and equal the kept table's rows bit for bit.
        let sweep = Sweep(generator: UniformLStar.id, params: ["margin": .range(0.9, 1.0, 4), "chroma_scale": .numbers([0.9, 1.1])],
                          hues: [0, 90, 180, 270], metrics: ["de_cv", "chroma_mean", "hue_sep_min"], threads: 2)
        let objective = try Objective(expression: "chroma_mean - de_cv")
        let kept = try sweep.run()
        var seen = 0
        let streamed = try sweep.run(keepRows: false, rowObjective: objective, rowSink: { seen += $0.rowCount })
        #expect(seen == 32 && !streamed.rowsKept && streamed.values.isEmpty)
        #expect(streamed.variantValues == kept.variantValues)
        let a = try kept.ranked(by: objective, per: .row), b = try streamed.ranked(by: objective, per: .row)
        #expect(a == b)
        // Another objective cannot rank rows that were not kept.
        #expect(throws: RampLabError.self) { try streamed.ranked(by: Objective(expression: "de_cv"), per: .row) }
        let top = try streamed.withRows(ofVariants: [b[0].index / 4, 3], from: sweep)
        for row in [b[0].index, 12, 13, 15] {
            for c in kept.columns { #expect(top.value(row: row, c) == kept.value(row: row, c)) }
        }
        #expect(top.value(row: 0, "de_cv")?.isNaN == true || b[0].index / 4 == 0)
        #expect(streamed.column("de_cv") == nil)
    }

    @Test func rowFilesStreamTheTable() throws {
        // Row files written block by block read back as the kept table: CSV and JSON text, .npy values.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lab-rowfiles-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var sweep = Sweep(generator: UniformLStar.id, params: ["margin": .range(0.9, 1.0, 5)], hues: [30, 200],
                          metrics: ["de_cv", "wcag_white_aa", "hue_sep_min"], threads: 2)
        sweep.blockRamps = 4
        let kept = try sweep.run()
        let files = try SweepRowFiles(folder: dir, columns: kept.columns, rows: kept.rowCount, stops: 20, hues: sweep.hues,
                                      dtype: .f8, stopsCSV: false)
        _ = try sweep.run(keepRows: false, rowSink: { try files.write($0) })
        try files.commit()
        let csv = try String(contentsOfFile: dir + "/rows.csv", encoding: .utf8)
        #expect(csv == SweepOutput.csv(columns: kept.columns, values: kept.values))
        let json = try String(contentsOfFile: dir + "/rows.json", encoding: .utf8)
        #expect(json == SweepOutput.rowsJSON(columns: kept.columns, values: kept.values))
        let npy = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/rows.npy")))
        #expect(npy == TuningReport.npy(columns: kept.columns.count, values: kept.values, dtype: .f8))
        let stops = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/stops.npy")))
        #expect(stops == TuningReport.stopsNPY(kept.ramps, dtype: .f8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["rows.csv", "rows.json", "rows.npy", "stops.npy"])
    }
}

extension SIMD3 where Scalar == Double {
    /// The three bit patterns (equal bits, not just equal values: −0 and 0 differ).
    fileprivate var bits: SIMD3<UInt64> { SIMD3<UInt64>(x.bitPattern, y.bitPattern, z.bitPattern) }
}
