import Foundation
import Testing
import ColorCore
@testable import Palettes
@testable import RampLab

/// Built-in baselines: their values against the published sources, their scores against metrics computed
/// independently (Python with Ottosson's matrices, see each test), and the variant statistics.
@Suite("Baselines and variant statistics")
struct BaselineTests {
    @Test func tailwindParsesTheThemeFile() throws {
        let b = Baseline.tailwind
        #expect(b.ramps.count == 17)
        #expect(b.stopNames == ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"])
        #expect(b.ramps.map(\.name).first == "red" && b.ramps.map(\.name).last == "rose")
        // theme.css: --color-red-500: oklch(63.7% 0.237 25.331); --color-blue-950: oklch(28.2% 0.091 267.935)
        let red = b.ramps[0].oklch[5]
        #expect(abs(red.x - 0.637) < 1e-12 && red.y == 0.237 && red.z == 25.331)
        let blue = try #require(b.ramps.first { $0.name == "blue" })
        #expect(abs(blue.oklch[10].x - 0.282) < 1e-12 && blue.oklch[10].y == 0.091 && blue.oklch[10].z == 267.935)
        // The compare hue is the hue of the most chromatic stop (blue-600: oklch(54.6% 0.245 262.881)).
        #expect(blue.hue == 262.881)
        #expect(!b.ramps.contains { ["slate", "gray", "zinc", "neutral", "stone"].contains($0.name) })
        #expect(b.source.contains("90f8ff41c8e2a4d17bc76921e23e9d672123da76"))
    }

    @Test func radixParsesTheLightScales() throws {
        let b = Baseline.radix
        #expect(b.ramps.count == 25 && b.stops == 12)
        #expect(!b.ramps.contains { ["gray", "mauve", "slate", "sage", "olive", "sand"].contains($0.name) })
        // light.ts: blue9 "#0090ff" → OKLCH (0.649294, 0.193040, 251.7799) by Ottosson's matrices (Python, float64).
        let blue = try #require(b.ramps.first { $0.name == "blue" })
        #expect(abs(blue.oklch[8].x - 0.6492939858190014) < 1e-9)
        #expect(abs(blue.oklch[8].y - 0.19304006712495725) < 1e-9)
        #expect(abs(blue.oklch[8].z - 251.77988464854894) < 1e-6)
        #expect(b.source.contains("8a03dad3bc93ea4ed48ce2b70847a3538097e02f"))
    }

    @Test func materialIsToneBound() throws {
        let b = try Baseline.material(hues: [0, 120, 250])
        #expect(b.ramps.count == 3 && b.stops == 13)
        for r in b.ramps {
            let colors = r.oklch.map { RampColor(oklch: $0.x, $0.y, $0.z) }
            #expect(colors.first!.hex == "#ffffff" && colors.last!.hex == "#000000")
            // HCT tone is CIELab L*: each stop within 8-bit rounding of its tone.
            for (c, tone) in zip(colors, Scale.material.lightness) { #expect(abs(c.lightnessStar - tone) < 0.6) }
        }
    }

    @Test func srgbCuspIsThePrimary() {
        // sRGB red #ff0000 is oklch(0.627955 0.257683 29.2339) and green #00ff00 oklch(0.866440 0.294827 142.4953)
        // (Ottosson's matrices, Python float64): the most chromatic sRGB colors at those hues (L to 0.0005).
        let red = Baseline.srgbCusp(hue: 29.233885192342633)
        #expect(abs(red.x - 0.6279553606145516) < 0.0021 && abs(red.y - 0.2576833077361567) < 0.001)
        let green = Baseline.srgbCusp(hue: 142.49533888780996)
        #expect(abs(green.x - 0.8664396115356694) < 0.0021 && abs(green.y - 0.2948272403370166) < 0.001)
    }

    @Test func leonardoStopsReachTheirTargets() throws {
        let b = try Baseline.leonardo(hues: [30, 250])
        #expect(b.stops == 20)
        for r in b.ramps {
            for (c, target) in zip(r.oklch, ContrastTargets.defaultTargets) {
                let srgb = RampColor(oklch: c.x, c.y, c.z).srgb
                let ratio = WCAG21.ratio(WCAG21.luminance(srgb: srgb), 1)
                #expect(ratio >= target - 1e-9)
                #expect(ratio < target * 1.06, "8-bit steps near white are ~1-3 % of the ratio")
            }
        }
    }

    @Test func tailwindScoresMatchAnIndependentComputation() throws {
        let s = Baseline.tailwind.score(metricColumns: try RampMetrics.columns(for: ["de_mean", "out_srgb", "wcag_white_stops"]))
        // Python (float64, Ottosson's matrices): mean over the 17 ramps of the mean neighbour ΔEOK = 0.08072367254862567;
        // 95 of the 187 stops have a linear sRGB channel outside [−1e−6, 1 + 1e−6].
        #expect(abs(try #require(s.value("de_mean")) - 0.08072367254862567) < 1e-12)
        let out = (0..<17).map { s.value(ramp: $0, "out_srgb")! }.reduce(0, +)
        #expect(out == 95)
        // Per-stop columns are named by ColorTokensKit's 20 stops: NaN on an 11-stop scale.
        #expect(s.value(ramp: 0, "wcag_white_50")!.isNaN)
        #expect(s.value("de_mean.p50") != nil && s.value("de_mean.max")! >= s.value("de_mean.p90")!)
    }

    @Test func baselineListParsing() throws {
        #expect(try Baseline.parseList("tailwind, radix") == ["tailwind", "radix"])
        #expect(try Baseline.parseList("all") == Baseline.known)
        #expect(throws: RampLabError.self) { try Baseline.parseList("tailwnd") }
        do { _ = try Baseline.parseList("tailwnd") } catch { #expect("\(error)".contains("did you mean 'tailwind'") || "\(error)".contains("tailwind")) }
    }

    @Test func statisticsMatchNumPy() throws {
        // numpy: np.mean/min/max and np.percentile([1, 2, 3, 4], [10, 50, 90]) = 1.3, 2.5, 3.7 (NaN dropped first).
        let s = VariantStat.of([4, .nan, 2, 1, 3])
        #expect(s[0] == 2.5 && s[1] == 1 && s[2] == 4)
        #expect(abs(s[3] - 1.3) < 1e-12 && s[4] == 2.5 && abs(s[5] - 3.7) < 1e-12)
        #expect(VariantStat.of([.nan]).allSatisfy { $0.isNaN })
        #expect(VariantStat.of([5]) == [5, 5, 5, 5, 5, 5])
        #expect(try VariantStat.parse("p90,min") == [.mean, .min, .p90])
        #expect(throws: RampLabError.self) { try VariantStat.parse("p95") }
    }

    @Test func sweepVariantTableHasQuantiles() throws {
        var sweep = Sweep(generator: "uniform-lstar", params: ["margin": .range(0.9, 1.0, 2)], hues: [0, 60, 120, 180, 240],
                          metrics: ["de_cv"])
        let r = try sweep.run()
        #expect(r.variantColumns == ["variant", "margin", "de_cv", "de_cv.min", "de_cv.max", "de_cv.p10", "de_cv.p50", "de_cv.p90"])
        for v in 0..<2 {
            let hues = (0..<5).map { r.value(row: r.row(variant: v, hueIndex: $0), "de_cv")! }.sorted()
            // Five hues: p10 = x0 + 0.4 (x1 − x0), p50 = x2, p90 = x3 + 0.6 (x4 − x3).
            #expect(abs(r.value(variant: v, "de_cv.p10")! - (hues[0] + 0.4 * (hues[1] - hues[0]))) < 1e-15)
            #expect(r.value(variant: v, "de_cv.p50")! == hues[2])
            #expect(abs(r.value(variant: v, "de_cv.p90")! - (hues[3] + 0.6 * (hues[4] - hues[3]))) < 1e-15)
        }
        sweep.stats = [.mean, .max]
        #expect(try sweep.run().variantColumns == ["variant", "margin", "de_cv", "de_cv.max"])
    }
}

/// A study streams every statistic to variants.csv while keeping only what its ranking, plots and summary read.
@Suite("Study variant table")
struct StudyVariantTableTests {
    @Test func fileHasEveryStatisticMemoryKeepsWhatIsRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hb-study-stats-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let sweep = Sweep(generator: "uniform-lstar", params: ["margin": .range(0.9, 1.0, 3), "chroma_scale": .numbers([0.9, 1.1])],
                          hues: [0, 90, 180, 270], metrics: ["de_cv", "chroma_mean"])
        let report = TuningReport(objective: try Objective(expression: "chroma_mean - de_cv.p90"), plotMetrics: ["de_cv"])
        let outcome = try TuningStudy(sweep: sweep, report: report).run(out: dir.path)
        #expect(outcome.result.stats == [.mean, .min, .max, .p90])
        let lines = try String(contentsOf: dir.appendingPathComponent("variants.csv"), encoding: .utf8).split(separator: "\n")
        let header = lines[0].split(separator: ",").map(String.init)
        #expect(header == ["variant", "margin", "chroma_scale"] + VariantStat.columns(["de_cv", "chroma_mean"], VariantStat.standard))
        #expect(lines.count == 7)
        // The file's values equal a kept run's (every statistic in memory), to the shortest round-trip text.
        let full = try sweep.run()
        for (v, line) in lines.dropFirst().enumerated() {
            let cells = line.split(separator: ",").map { Double($0)! }
            for (c, name) in header.enumerated() { #expect(cells[c] == full.value(variant: v, name)!, "\(name)") }
            #expect(outcome.result.value(variant: v, "de_cv.p90") == full.value(variant: v, "de_cv.p90"))
            #expect(outcome.result.value(variant: v, "de_cv.p10") == nil)
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("summary.json"))) as! [String: Any]
        #expect((json["variant_columns"] as! [String]) == header)
    }
}
