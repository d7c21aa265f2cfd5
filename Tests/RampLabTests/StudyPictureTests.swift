import Foundation
import Testing
import ColorCore
@testable import Palettes
@testable import RampLab

/// Study pictures read as SVG text and elements: bands, crowded legends, table-valued parameters, heatmaps.
@Suite("Study pictures")
struct StudyPictureTests {
    static func texts(_ svg: String) -> [String] {
        svg.components(separatedBy: "</text>").dropLast().map { $0.components(separatedBy: ">").last ?? "" }
    }
    static func count(_ svg: String, _ s: String) -> Int { svg.components(separatedBy: s).count - 1 }

    @Test func fewLinesGetBandsAndLegend() throws {
        let r = try Sweep(generator: "uniform-lstar", params: ["margin": .range(0.9, 1.0, 3), "chroma_scale": .numbers([0.8, 1.2])],
                          hues: [0, 120, 240], metrics: ["de_cv"]).run()
        let p = try TuningPictures.plot(r, metric: "de_cv", x: "margin")
        #expect(p.series.count == 2)
        // Each line's band runs from de_cv.min to de_cv.max at each margin.
        for (k, se) in p.series.enumerated() {
            #expect(se.band.count == 3)
            for (j, b) in se.band.enumerated() {
                let v = (0..<r.variantCount).first { r.choices[$0] == [j, k] }!
                #expect(b.lo == r.value(variant: v, "de_cv.min")! && b.hi == r.value(variant: v, "de_cv.max")!)
            }
        }
        let svg = p.svg()
        #expect(Self.count(svg, "fill-opacity=\"0.15\"") == 2)
        let t = Self.texts(svg)
        #expect(t.contains("chroma_scale=0.8") && t.contains("chroma_scale=1.2") && t.contains("band: min–max over hues"))
        #expect(t.contains("de_cv (mean over hues)") && t.contains("margin"))
    }

    @Test func crowdedPlotsHighlightTheTopLines() throws {
        // 14 lines (chroma_scale values) over margin: the 6 best by score in color, 8 grey without legend entries.
        let r = try Sweep(generator: "uniform-lstar", params: ["margin": .range(0.9, 1.0, 2), "chroma_scale": .range(0.6, 1.25, 14)],
                          hues: [0, 180], metrics: ["chroma_mean"]).run()
        let scores = (0..<r.variantCount).map { r.value(variant: $0, "chroma_mean")! }
        let p = try TuningPictures.plot(r, metric: "chroma_mean", x: "margin", scores: scores, goal: .maximize)
        #expect(p.series.filter(\.inLegend).count == 6)
        #expect(p.series.filter { !$0.inLegend }.count == 8)
        let t = Self.texts(p.svg())
        #expect(t.contains("top 6 of 14 lines by score") && t.contains("+ 8 more lines (grey)"))
        // The best line (largest chroma_mean) is the largest chroma_scale.
        #expect(t.contains("1. chroma_scale=1.25"))
        #expect(t.filter { $0.hasPrefix("chroma_scale=") || $0.range(of: #"^\d\. "#, options: .regularExpression) != nil }.count == 6)
    }

    @Test func tableValuedParametersArePlottedByIndex() throws {
        let a = UniformLStar.lightnessStar, b = UniformLStar.lightnessStar.map { $0 * 0.98 }
        let r = try Sweep(generator: "uniform-lstar", params: ["lightnessStar": .list([.numbers(a), .numbers(b)])],
                          hues: [30, 200], metrics: ["de_cv"]).run()
        let p = try TuningPictures.plot(r, metric: "de_cv", x: "lightnessStar")
        #expect(p.xCategories == ["#0", "#1"])
        let t = Self.texts(p.svg())
        #expect(t.contains("#0") && t.contains("#1") && t.contains("lightnessStar values:"))
        #expect(t.contains { $0.hasPrefix("#0: \(SweepOutput.number((a[0] * 1e4).rounded() / 1e4)), ") && $0.hasSuffix("(20)") })
        #expect(t.contains("lightnessStar (value index)"))
    }

    @Test func heatmapHasOneCellPerPairAndMarksTheBest() throws {
        let r = try Sweep(generator: "uniform-lstar", params: ["margin": .range(0.9, 1.0, 3), "chroma_scale": .range(0.8, 1.2, 4)],
                          hues: [0, 120], metrics: ["chroma_mean"]).run()
        let scores = (0..<r.variantCount).map { r.value(variant: $0, "chroma_mean")! }
        let grid = ObjectiveHeatmap.grid(r, x: 0, y: 1, scores: scores, goal: .maximize)
        #expect(grid.count == 12)
        #expect(grid[3 * 3 + 2] == scores.max()!)   // margin 1.0, chroma_scale 1.2
        let svg = ObjectiveHeatmap.scene(r, x: 0, y: 1, scores: scores, goal: .maximize, scoreName: "chroma_mean").svg()
        let t = Self.texts(svg)
        for v in ["0.9", "0.95", "1", "0.8", "0.9333", "1.0667", "1.2", "margin", "chroma_scale", "red outline: best (largest)"] {
            #expect(t.contains(v), "\(v)")
        }
        // 12 cells with their values written (3 × 4 grid, cells ≥ 40 px).
        #expect(t.filter { $0.hasPrefix("0.0") || $0.hasPrefix("0.1") }.count >= 12)
    }

    @Test func baselinesAreReferenceLinesUnlessUndefined() throws {
        let r = try Sweep(generator: "uniform-lstar", params: ["margin": .range(0.9, 1.0, 3)], hues: [0, 120, 240],
                          metrics: ["de_cv", "chroma_retained_mean"]).run()
        let tw = Baseline.tailwind.score(metricColumns: r.metricColumns, stats: r.stats)
        let p = try TuningPictures.plot(r, metric: "de_cv", x: "margin", baselines: [tw])
        #expect(p.references.count == 1 && p.references[0].y == tw.value("de_cv")! && p.references[0].name == "tailwind (baseline)")
        // Tailwind's de_cv (0.34) is far above the variants' (~0.06): named in the legend with its value, off scale.
        let t = StudyPictureTests.texts(p.svg())
        #expect(t.contains("tailwind (baseline) ↑ " + SweepOutput.number((tw.value("de_cv")! * 1e4).rounded() / 1e4) + " (off scale)"))
        // Requested chroma is unknown for a published palette: no reference line.
        #expect(try TuningPictures.plot(r, metric: "chroma_retained_mean", x: "margin", baselines: [tw]).references.isEmpty)
    }

    @Test func paretoFrontOfKnownPoints() {
        // (a, b) both maximized: (3,1), (2,2), (1,3) on the front; (1,1), (2,1) dominated; a duplicate of (2,2) kept.
        let on = ParetoFront.onFront([3, 2, 1, 1, 2, 2], [1, 2, 3, 1, 1, 2])
        #expect(on == [true, true, true, false, false, true])
    }
}
