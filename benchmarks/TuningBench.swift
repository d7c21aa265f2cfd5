import Dispatch
import Foundation
import ColorCore
import Palettes
import RampLab

/// Ramp-tuning benchmarks: sweeps of ramp variants × hues × 20 stops with every metric; the
/// headline line is T1 (10,000 ramps, target < 1 s on 2 cores). Set-up outside the timed region; medians of 5
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
        guard selected(workload) else { return }
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
        // T1: 250 variants × 40 hues = 10,000 ramps (quick: 1,000).
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
        if selected("T5") || selected("T6") { generationAndMetrics(n) }
        streamed(quick: quick)
        // T8: contrast-targets (each stop's luminance bisected for its contrast target; the `contrastBisection`
        // batch form: bound-decided steps, colors built with the batch lightness solve, tiles on all cores):
        // margins per variant × 12 hues, all metrics; then generation alone against the reference solve.
        let ct = quick ? 4 : 32
        sweepLines("T8 sweep contrast-targets", { Sweep(generator: ContrastTargets.id,
                                                         parameters: [("gamutMargin", .numbers((0..<ct).map { 0.9 + Double($0) * 0.1 / Double(ct) }))],
                                                         hues: (0..<12).map { Double($0 * 30) }, metrics: ["all"], threads: $0) },
                   ramps: ct * 12)
        if selected("T8") { contrastTargets(ramps: quick ? 48 : 384) }
    }

    /// T8 generation alone: `RampBatchGenerator.generate` of contrast-targets ramps (20 stops, WCAG 2 on white,
    /// margins 0.90 … 1.00 × 12 hues) on 1 core and all, against `ContrastTargets.solve` at every stop (a color
    /// built at each of the 48 steps: the reference the batch equals bit for bit, checked here).
    static func contrastTargets(ramps n: Int) {
        let specs = (0..<n).map { RampSpec(hue: Double($0 % 12) * 30 + 0.5, parameters: ["gamutMargin": .number(0.9 + Double($0 / 12) * 0.1 / Double(max(n / 12, 1)))]) }
        let refCount = min(n, 24)
        var reference: [SIMD3<Double>] = []
        let tRef = median {
            reference = []
            for spec in specs.prefix(refCount) {
                guard let s = try? ContrastTargets.setup(spec, .standard) else { fail("T8: setup"); return }
                let h = TokenMath.roundedHue(spec.hue)
                for i in 0..<20 { reference.append(ContrastTargets.solve(target: s.targets[i], chroma: s.chroma[i], hue: h, s).oklch) }
            }
        }
        report("T8 generate contrast-targets", "reference solve 1T", items: refCount, seconds: tRef, unit: "ramp",
               note: String(format: "%.1f ramps/s (a color built at every bisection step)", Double(refCount) / tRef))
        var t1 = 0.0
        for threads in [1, 0] {
            var keep: RampBatch? = nil
            let t = median { keep = try? RampBatchGenerator.generate(specs, generator: ContrastTargets.generator, threads: threads) }
            guard let b = keep, b.count == n else { fail("T8: generation failed"); return }
            if Array(b.oklch.prefix(refCount * 20)) != reference { fail("T8: batch differs from ContrastTargets.solve") }
            if threads == 1 { t1 = t }
            report("T8 generate contrast-targets", "huebench tuning \(threads == 1 ? 1 : cores)T", items: n, seconds: t, unit: "ramp",
                   note: String(format: "%.0f ramps/s, %.3g ms/ramp; %.1fx the reference per core", Double(n) / t, t / Double(n) * 1e3,
                                (tRef / Double(refCount)) / (t1 / Double(n)))
                       + (threads == 0 ? String(format: "; speed-up %.2fx over 1T", t1 / t) : ""))
        }
    }

    /// T5/T6: generation alone and metrics alone on `n` ramps.
    static func generationAndMetrics(_ n: Int) {
        let specs = (0..<n).map { RampSpec(hue: Double($0 % 40) * 9, parameters: ["gamutMargin": .number(0.9 + Double($0 / 40) * 0.0004)]) }
        guard let batch = try? RampBatchGenerator.generate(specs, generator: UniformLStar.generator) else { fail("T5: generation failed"); return }
        var t1 = 0.0
        for threads in [1, 0] where selected("T5") {
            var keep: RampBatch? = nil
            let t = median { keep = try? RampBatchGenerator.generate(specs, generator: UniformLStar.generator, threads: threads) }
            if keep?.count != n || keep?.oklch != batch.oklch { fail("T5: batch differs between runs") }
            if threads == 1 { t1 = t }
            report("T5 generate uniform-lstar", "huebench tuning \(threads == 1 ? 1 : cores)T", items: n, seconds: t, unit: "ramp",
                   note: String(format: "%.0f ramps/s", Double(n) / t) + (threads == 0 ? String(format: "; speed-up %.2fx over 1T", t1 / t) : ""))
        }
        let groups = (0..<(n / 40)).map { $0 * 40 ..< ($0 + 1) * 40 }
        for threads in [1, 0] where selected("T6") {
            var keep: [Double] = []
            let t = median { keep = RampMetrics.compute(batch, groups: groups, threads: threads) }
            if keep.count != n * RampMetrics.allColumns.count { fail("T6: metrics table size \(keep.count)") }
            if threads == 1 { t1 = t }
            report("T6 metrics", "huebench tuning \(threads == 1 ? 1 : cores)T", items: n, seconds: t, unit: "ramp",
                   note: String(format: "%.0f ramps/s", Double(n) / t) + (threads == 0 ? String(format: "; speed-up %.2fx over 1T", t1 / t) : ""))
        }
    }

    /// Peak resident memory of this process since the last `resetPeakRSS()` (Linux `VmHWM`), bytes.
    static func peakRSS() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return -1 }
        return kb * 1024
    }

    /// The process's peak resident memory since it started (`getrusage` `ru_maxrss`), bytes.
    static func maxRSS() -> Int {
        var u = rusage()
        return getrusage(RUSAGE_SELF.rawValue, &u) == 0 ? u.ru_maxrss * 1024 : -1
    }

    /// Resets the peak-RSS mark (writing 5 to /proc/self/clear_refs), so T7 measures its own peak.
    static func resetPeakRSS() { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }

    /// T7: 100,000 variants × 12 hues = 1.2 M ramps (quick: 2,000 × 12 = 24,000), default metrics, run as
    /// `huebench tune --out` runs it (`TuningStudy`): rows streamed to rows.csv/.npy/.json and stops.npy, the
    /// variant tables, strips, plots and summaries written into a temp folder; wall time end to end (run once:
    /// it is long), peak RSS, ramps/s on all cores. `HUEBENCH_T7_VARIANTS` overrides the variant count.
    static func streamed(quick: Bool) {
        guard selected("T7") else { return }
        var variants = quick ? 2_000 : 100_000
        if let v = ProcessInfo.processInfo.environment["HUEBENCH_T7_VARIANTS"].flatMap(Int.init), v >= 100 { variants = v / 100 * 100 }
        let hues = 12
        let sweep = Sweep(generator: UniformLStar.id,
                          params: ["margin": .range(0.90, 1.00, variants / 100), "chroma_scale": .range(0.8, 1.2, 100)],
                          hues: (0..<hues).map { Double($0 * 30) })
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("huebench-t7-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ramps = variants * hues
        resetPeakRSS()
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let tuning = TuningReport(objective: try Objective(expression: "-de_cv"))
            let outcome = try TuningStudy(sweep: sweep, report: tuning).run(out: dir, start: start)
            let t = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let rss = peakRSS(), maxrss = maxRSS()
            let r = outcome.result
            if r.rowCount != ramps || outcome.ranked.count != variants { fail("T7: \(r.rowCount) rows, \(outcome.ranked.count) ranked") }
            let columns = r.columns.count
            let size = (try? FileManager.default.attributesOfItem(atPath: dir + "/rows.npy")[.size] as? Int) ?? 0
            if size != 128 + ramps * columns * 4 && size != 64 + ramps * columns * 4 { fail("T7: rows.npy has \(size) bytes") }
            if !outcome.files.contains("variants.csv") || !outcome.files.contains("summary.json") { fail("T7: files \(outcome.files)") }
            report(quick ? "T7 sweep 24k ramps streamed" : ramps == 1_200_000 ? "T7 sweep 1.2M ramps streamed" : "T7 sweep \(ramps) ramps streamed",
                   "huebench tuning \(cores)T", items: ramps, seconds: t, unit: "ramp",
                   note: String(format: "%.0f ramps/s wall, peak RSS %.0f MB (VmHWM since the start of T7; ru_maxrss %.0f MB); target ≥ 100k ramps/s, ≤ 300 MB",
                                Double(ramps) / t, Double(rss) / 1e6, Double(maxrss) / 1e6))
        } catch { fail("T7: \(error)") }
    }
}
