import ColorIO
import Foundation
import Testing

/// `huebench tune --baseline … --pareto … --stats …` end to end: the baselines beside the variants in every
/// output, the Pareto front checked against the variant table, the pictures read as SVG text.
struct TuneBaselineTests {
    static func csv(_ url: URL) throws -> (header: [String], rows: [[String]]) {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        return (lines[0], Array(lines.dropFirst()))
    }

    @Test func baselinesParetoAndStatsInEveryOutput() throws {
        let dir = try TuneCommandTests.tempDir("baseline")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try MatrixCommandTests.run(["tune", "--generator", "uniform-lstar", "--param", "margin=0.9:1.0:3",
                                            "--param", "chroma_scale=0.8:1.2:5", "--hues", "0,60,120,180,240,300",
                                            "--metrics", "de_mean,de_cv,chroma_mean,out_srgb",
                                            "--objective", "chroma_mean - 0.5*de_cv", "--baseline", "tailwind,leonardo",
                                            "--pareto", "chroma_mean,de_cv", "--out", dir.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("baselines (same metrics; rank = the place each would take among the 15 variants, 1 = best):"))
        #expect(r.out.contains("  tailwind (17 ramps × 11 stops)"))
        #expect(r.out.contains("pareto front of chroma_mean:max and de_cv:min"))

        // variants.csv: mean, min, max, p10, p50, p90 per metric.
        let variants = try Self.csv(dir.appendingPathComponent("variants.csv"))
        #expect(Array(variants.header.prefix(9)) == ["variant", "margin", "chroma_scale", "de_mean", "de_mean.min", "de_mean.max",
                                                    "de_mean.p10", "de_mean.p50", "de_mean.p90"])
        #expect(variants.rows.count == 15)

        // baselines.csv: the same columns after baseline, ramps, stops, score, rank; Tailwind's mean ΔEOK as an
        // independent Python computation gives (0.08072367254862567) and its 95 stops outside sRGB / 17 ramps.
        let b = try Self.csv(dir.appendingPathComponent("baselines.csv"))
        #expect(b.header == ["baseline", "ramps", "stops", "score", "rank"] + variants.header.dropFirst(3))
        #expect(b.rows.map { $0[0] } == ["tailwind", "leonardo"])
        let tw = b.rows[0]
        #expect(tw[1] == "17" && tw[2] == "11")
        #expect(abs(Double(tw[b.header.firstIndex(of: "de_mean")!])! - 0.08072367254862567) < 1e-12)
        #expect(abs(Double(tw[b.header.firstIndex(of: "out_srgb")!])! - 95.0 / 17) < 1e-12)
        // score = chroma_mean − 0.5 de_cv of the baseline's summary.
        let score = Double(tw[3])!, cm = Double(tw[b.header.firstIndex(of: "chroma_mean")!])!, cv = Double(tw[b.header.firstIndex(of: "de_cv")!])!
        #expect(abs(score - (cm - 0.5 * cv)) < 1e-12)
        let rows = try Self.csv(dir.appendingPathComponent("baseline-rows.csv"))
        #expect(rows.header.prefix(4) == ["baseline", "ramp", "hue", "stops"])
        #expect(rows.rows.count == 17 + 6)

        // pareto.csv: no front entry is dominated by any variant or baseline, and every variant not on the front is.
        let p = try Self.csv(dir.appendingPathComponent("pareto.csv"))
        #expect(p.header == ["kind", "variant", "label", "chroma_mean", "de_cv", "on_front"])
        let ci = variants.header.firstIndex(of: "chroma_mean")!, di = variants.header.firstIndex(of: "de_cv")!
        var points = variants.rows.map { (Double($0[ci])!, Double($0[di])!) }
        points += b.rows.map { (Double($0[b.header.firstIndex(of: "chroma_mean")!])!, Double($0[b.header.firstIndex(of: "de_cv")!])!) }
        func dominated(_ q: (Double, Double)) -> Bool {
            points.contains { $0.0 >= q.0 && $0.1 <= q.1 && ($0.0 > q.0 || $0.1 < q.1) }
        }
        let front = p.rows.filter { $0[5] == "1" }
        #expect(!front.isEmpty)
        for e in front { #expect(!dominated((Double(e[3])!, Double(e[4])!)), "\(e)") }
        let frontVariants = Set(front.filter { $0[0] == "variant" }.map { Int($0[1])! })
        for (v, row) in variants.rows.enumerated() where !frontVariants.contains(v) {
            #expect(dominated((Double(row[ci])!, Double(row[di])!)), "variant \(v) should be on the front")
        }

        // summary.json records the baselines with their sources, the statistics and the front.
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("summary.json"))) as! [String: Any]
        let bl = json["baselines"] as! [[String: Any]]
        #expect(bl.map { $0["id"] as! String } == ["tailwind", "leonardo"])
        #expect((bl[0]["source"] as! String).contains("tailwindlabs/tailwindcss/blob/90f8ff41"))
        #expect((bl[1]["source"] as! String).contains("adobe/leonardo"))
        #expect(json["stats"] as! [String] == ["mean", "min", "max", "p10", "p50", "p90"])
        let replay = json["replay"] as! [String: Any]
        #expect(replay["baselines"] as! [String] == ["tailwind", "leonardo"])
        #expect(replay["pareto"] as! [String] == ["chroma_mean:max", "de_cv:min"])

        // Pictures, read as SVG text: the baselines in the plots' legends, the front highlighted, every stop named.
        let plot = try String(contentsOf: dir.appendingPathComponent("plot-chroma_mean-vs-margin.svg"), encoding: .utf8)
        #expect(plot.contains(">tailwind (baseline)") && plot.contains(">leonardo (baseline)"))
        #expect(plot.contains(">margin</text>") && plot.contains(">chroma_mean (mean over hues)</text>"))
        #expect(plot.contains(">chroma_mean vs margin (uniform-lstar, 6 hues)</text>"))
        let pareto = try String(contentsOf: dir.appendingPathComponent("pareto.svg"), encoding: .utf8)
        #expect(pareto.contains(">Pareto front (\(front.count))</text>"))
        #expect(pareto.contains(">chroma_mean (higher is better →)</text>") && pareto.contains(">de_cv (lower is better ↓)</text>"))
        let strips = try String(contentsOf: dir.appendingPathComponent("strips-baselines.svg"), encoding: .utf8)
        for stop in ["50", "100", "500", "900", "950"] { #expect(strips.contains(">\(stop)</text>")) }
        #expect(strips.contains(">rose</text>") && strips.contains(">baseline leonardo: "))
        let heat = try String(contentsOf: dir.appendingPathComponent("heatmap-margin-chroma_scale.svg"), encoding: .utf8)
        #expect(heat.contains(">chroma_mean - 0.5*de_cv over margin × chroma_scale (uniform-lstar)</text>"))
        for v in ["0.8", "0.9", "1", "1.1", "1.2", "0.95"] { #expect(heat.contains(">\(v)</text>"), "heatmap label \(v)") }
        let best = try String(contentsOf: dir.appendingPathComponent("strips-best.svg"), encoding: .utf8)
        for stop in ["50", "450", "950", "1000"] { #expect(best.contains(">\(stop)</text>")) }

        // --replay reproduces the rows bit for bit and keeps the baselines and the front.
        let dir2 = dir.appendingPathComponent("again")
        let r2 = try MatrixCommandTests.run(["tune", "--replay", dir.appendingPathComponent("summary.json").path, "--out", dir2.path])
        #expect(r2.status == 0, "\(r2.err)")
        #expect(try Data(contentsOf: dir2.appendingPathComponent("rows.npy")) == Data(contentsOf: dir.appendingPathComponent("rows.npy")))
        #expect(try Data(contentsOf: dir2.appendingPathComponent("baselines.csv")) == Data(contentsOf: dir.appendingPathComponent("baselines.csv")))
        #expect(try Data(contentsOf: dir2.appendingPathComponent("pareto.csv")) == Data(contentsOf: dir.appendingPathComponent("pareto.csv")))
    }

    @Test func badBaselineParetoAndStatsAreUsageErrors() throws {
        let a = try MatrixCommandTests.run(["tune", "--param", "margin=0.9,1", "--hues", "0", "--baseline", "tailwnd"])
        #expect(a.status == 2 && a.err.contains("tailwnd") && a.err.contains("tailwind"))
        let b = try MatrixCommandTests.run(["tune", "--param", "margin=0.9,1", "--hues", "0", "--pareto", "de_mean,de_cv"])
        #expect(b.status == 2 && b.err.contains("de_mean has no declared better direction; write de_mean:max or de_mean:min"))
        let c = try MatrixCommandTests.run(["tune", "--param", "margin=0.9,1", "--hues", "0", "--pareto", "chroma_mean"])
        #expect(c.status == 2 && c.err.contains("give two objectives"))
        let d = try MatrixCommandTests.run(["tune", "--param", "margin=0.9,1", "--hues", "0", "--stats", "p95"])
        #expect(d.status == 2 && d.err.contains("'p95' is not a statistic"))
        let e = try MatrixCommandTests.run(["tune", "--param", "margin=0.9,1", "--hues", "0,120", "--stats", "max",
                                            "--pareto", "de_cv.max,de_mean:max", "--metrics", "de_cv,de_mean"])
        #expect(e.status == 0, "\(e.err)")
    }
}
