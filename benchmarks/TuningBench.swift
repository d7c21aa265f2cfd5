import Dispatch
import Foundation
import Palettes

/// Ramp-tuning benchmarks: sweeps of ramp variants × hues with every metric (issue 7's line: 10,000 ramps ×
/// 20 stops with all metrics, target < 1 s on 2 cores). Set-up outside the timed region; each timing is the
/// best of `repeats` runs after one warm-up; results are checked and kept alive. 1 core vs all in the same run.
///
/// Call `TuningBench.run(json:)` from benchmarks/main.swift.
enum TuningBench {
    struct Line { let name: String; let ramps: Int; let threads: Int; let seconds: Double }

    /// Time `body` (best of `repeats` after one warm-up).
    static func time<T>(_ repeats: Int, _ body: () throws -> T, check: (T) -> Bool) rethrows -> Double {
        var keep = try body()
        precondition(check(keep), "benchmark output check failed")
        var best = Double.infinity
        for _ in 0..<repeats {
            let t0 = DispatchTime.now().uptimeNanoseconds
            keep = try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
        }
        withExtendedLifetime(keep) {}
        return best
    }

    /// `variants` uniform-lstar variants (margin × chroma scale grid) × `hues` hues, all metrics.
    static func uniformSweep(margins: Int, scales: Int, hues: Int, threads: Int) -> Sweep {
        Sweep(generator: UniformLStar.id,
              params: ["margin": .range(0.90, 1.00, margins), "chroma_scale": .range(0.8, 1.2, scales)],
              hues: (0..<hues).map { Double($0) * 360 / Double(hues) }, metrics: ["all"], threads: threads)
    }

    static func run(json: Bool = false, repeats: Int = 3) {
        var lines: [Line] = []
        func sweepLine(_ name: String, _ s: Sweep) {
            let ramps = s.parameters.map { (try? $0.values.values(parameter: $0.name, generator: s.generator).count) ?? 1 }.reduce(1, *) * s.hues.count
            let t = (try? time(repeats, { try s.run() }, check: { $0.rowCount == ramps && $0.values.allSatisfy { !$0.isInfinite } })) ?? .nan
            lines.append(Line(name: name, ramps: ramps, threads: s.threads, seconds: t))
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // Issue 7's line: 250 variants × 40 hues = 10,000 ramps × 20 stops, all metrics.
        sweepLine("sweep uniform-lstar 10k ramps, all metrics", uniformSweep(margins: 25, scales: 10, hues: 40, threads: 0))
        sweepLine("sweep uniform-lstar 10k ramps, all metrics", uniformSweep(margins: 25, scales: 10, hues: 40, threads: 1))
        sweepLine("sweep uniform-lstar 1k ramps, all metrics", uniformSweep(margins: 5, scales: 5, hues: 40, threads: 0))
        sweepLine("sweep uniform-lstar 40k ramps, all metrics", uniformSweep(margins: 25, scales: 40, hues: 40, threads: 0))
        // Distinct L* tables: every (L*, hue) pair needs its own Display P3 cap solve (no sharing).
        let tables: [RampParameter] = (0..<25).map { k in .numbers(UniformLStar.lightnessStar.map { min($0 + Double(k) * 0.04, 99) }) }
        sweepLine("sweep uniform-lstar 1k ramps, 25 distinct L* tables",
                  Sweep(generator: UniformLStar.id, parameters: [("lightnessStar", .list(tables))],
                        hues: (0..<40).map { Double($0) * 9 }, metrics: ["all"]))
        // The generic path: a generator closure per ramp.
        sweepLine("sweep oklch-curves 10k ramps, all metrics",
                  Sweep(generator: OKLCHCurves.id, parameters: [("hue", .numbers((0..<250).map { Double($0) * 1.44 }))],
                        hues: (0..<40).map { Double($0) * 9 }, metrics: ["all"]))
        // Metrics alone on a generated batch.
        let specs = (0..<10_000).map { RampSpec(hue: Double($0 % 40) * 9, parameters: ["gamutMargin": .number(0.9 + Double($0 / 40) * 0.0004)]) }
        if let batch = try? RampBatchGenerator.generate(specs, generator: UniformLStar.generator) {
            let groups = (0..<250).map { $0 * 40 ..< ($0 + 1) * 40 }
            for th in [0, 1] {
                let t = time(repeats, { RampMetrics.compute(batch, groups: groups, threads: th) }, check: { $0.count == 10_000 * RampMetrics.allColumns.count })
                lines.append(Line(name: "metrics only, 10k ramps", ramps: 10_000, threads: th, seconds: t))
            }
            for th in [0, 1] {
                let t = time(repeats, { try! RampBatchGenerator.generate(specs, generator: UniformLStar.generator, threads: th) }, check: { $0.count == 10_000 })
                lines.append(Line(name: "generation only uniform-lstar, 10k ramps", ramps: 10_000, threads: th, seconds: t))
            }
        }
        for l in lines {
            let th = l.threads == 0 ? cores : l.threads
            if json {
                print("{\"area\": \"tuning\", \"name\": \"\(l.name)\", \"ramps\": \(l.ramps), \"stops\": 20, \"threads\": \(th), \"seconds\": \(l.seconds), \"ramps_per_second\": \(Double(l.ramps) / l.seconds)}")
            } else {
                print(String(format: "tuning  %-55@ %6d ramps  %d core%@  %8.3f s  %10.0f ramps/s",
                             l.name as NSString, l.ramps, th, th == 1 ? " " as NSString : "s" as NSString, l.seconds, Double(l.ramps) / l.seconds))
            }
        }
    }
}
