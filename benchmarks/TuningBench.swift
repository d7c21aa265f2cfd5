import Dispatch
import Foundation
import Palettes
import RampLab

/// Ramp-tuning benchmarks (issue 7): sweeps of ramp variants × hues × 20 stops with every metric; the
/// issue's line is T1 (10,000 ramps, target < 1 s on 2 cores). Set-up outside the timed region; medians of 5
/// after a warm-up (main.swift's `median`); outputs checked (`fail`) and kept alive; 1 core vs all cores in
/// the same run; sizes swept; lines printed through main.swift's `report` (RESULT JSON) and `say`.
///
/// Called from benchmarks/main.swift: `TuningBench.run(quick: quick)`.
enum TuningBench {
    /// A uniform-lstar sweep: margin × chroma-scale grid × `hues` evenly spaced hues, all metrics.
    static func uniformSweep(margins: Int, scales: Int, hues: Int, threads: Int) -> Sweep {
        Sweep(generator: UniformLStar.id,
              params: ["margin": .range(0.90, 1.00, margins), "chroma_scale": .range(0.8, 1.2, scales)],
              hues: (0..<hues).map { Double($0) * 360 / Double(hues) }, metrics: ["all"], threads: threads)
    }

    /// Times `sweep` with `threads` = 1 and 0 (all cores) and reports both.
    static func sweepLines(_ workload: String, _ make: (Int) -> Sweep, ramps: Int) {
        var t1 = 0.0
        for threads in [1, 0] {
            let s = make(threads)
            var keep: SweepResult? = nil
            let t = median {
                do { keep = try s.run() } catch { fail("\(workload): \(error)") }
            }
            guard let r = keep else { return }
            if r.rowCount != ramps { fail("\(workload): \(r.rowCount) rows, expected \(ramps)") }
            if r.values.contains(where: { $0.isInfinite }) { fail("\(workload): infinite metric values") }
            if let cv = r.column("de_cv"), cv.contains(where: { !($0 > 0 && $0 < 1) }) { fail("\(workload): de_cv out of (0, 1)") }
            let n = threads == 1 ? 1 : cores
            if threads == 1 { t1 = t }
            let note = String(format: "%.0f ramps/s, %.3g µs/ramp", Double(ramps) / t, t / Double(ramps) * 1e6)
                + (threads == 0 ? String(format: "; speed-up %.2fx over 1T", t1 / t) : "")
            report(workload, "huebench tuning \(n)T", items: ramps, seconds: t, unit: "ramp", note: note)
            withExtendedLifetime(keep) {}
        }
        say(String(format: "# %@: %d ramps × 20 stops, all metrics", workload, ramps))
    }

    static func run(quick: Bool = false) {
        // T1, issue 7's line: 250 variants × 40 hues = 10,000 ramps (quick: 1,000).
        let scales = quick ? 1 : 10
        sweepLines(quick ? "T1 sweep 1k ramps" : "T1 sweep 10k ramps", { uniformSweep(margins: 25, scales: scales, hues: 40, threads: $0) },
                   ramps: 25 * scales * 40)
        if !quick {
            sweepLines("T2 sweep 40k ramps", { uniformSweep(margins: 25, scales: 40, hues: 40, threads: $0) }, ramps: 40_000)
        }
        // T3: distinct L* tables, so every (L*, hue) pair needs its own Display P3 cap solve (no sharing).
        let tables: [RampParameter] = (0..<(quick ? 5 : 25)).map { k in .numbers(UniformLStar.lightnessStar.map { min($0 + Double(k) * 0.04, 99) }) }
        sweepLines("T3 sweep distinct L* tables", { Sweep(generator: UniformLStar.id, parameters: [("lightnessStar", .list(tables))],
                                                           hues: (0..<40).map { Double($0) * 9 }, metrics: ["all"], threads: $0) },
                   ramps: tables.count * 40)
        // T4: the generic path (a generator closure per ramp).
        let v = quick ? 25 : 250
        sweepLines("T4 sweep oklch-curves", { Sweep(generator: OKLCHCurves.id, parameters: [("hue", .numbers((0..<v).map { Double($0) * 1.44 }))],
                                                     hues: (0..<40).map { Double($0) * 9 }, metrics: ["all"], threads: $0) },
                   ramps: v * 40)
        // T5/T6: generation alone and metrics alone on 10,000 ramps.
        let n = quick ? 1_000 : 10_000
        let specs = (0..<n).map { RampSpec(hue: Double($0 % 40) * 9, parameters: ["gamutMargin": .number(0.9 + Double($0 / 40) * 0.0004)]) }
        guard let batch = try? RampBatchGenerator.generate(specs, generator: UniformLStar.generator) else { fail("T5: generation failed"); return }
        var t1 = 0.0
        for threads in [1, 0] {
            var keep: RampBatch? = nil
            let t = median { keep = try? RampBatchGenerator.generate(specs, generator: UniformLStar.generator, threads: threads) }
            if keep?.count != n || keep?.oklch != batch.oklch { fail("T5: batch differs between runs") }
            if threads == 1 { t1 = t }
            report("T5 generate uniform-lstar", "huebench tuning \(threads == 1 ? 1 : cores)T", items: n, seconds: t, unit: "ramp",
                   note: String(format: "%.0f ramps/s", Double(n) / t) + (threads == 0 ? String(format: "; speed-up %.2fx over 1T", t1 / t) : ""))
        }
        let groups = (0..<(n / 40)).map { $0 * 40 ..< ($0 + 1) * 40 }
        for threads in [1, 0] {
            var keep: [Double] = []
            let t = median { keep = RampMetrics.compute(batch, groups: groups, threads: threads) }
            if keep.count != n * RampMetrics.allColumns.count { fail("T6: metrics table size \(keep.count)") }
            if threads == 1 { t1 = t }
            report("T6 metrics", "huebench tuning \(threads == 1 ? 1 : cores)T", items: n, seconds: t, unit: "ramp",
                   note: String(format: "%.0f ramps/s", Double(n) / t) + (threads == 0 ? String(format: "; speed-up %.2fx over 1T", t1 / t) : ""))
        }
    }
}
