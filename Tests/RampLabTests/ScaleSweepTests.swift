import Foundation
import Testing
import ColorCore
import HuebenchTestSupport
@testable import Palettes
@testable import RampLab

/// Sweeps on scales other than ColorTokensKit's 20 stops: generation, metrics, columns, baselines, replay.
@Suite("Sweeps on any scale")
struct ScaleSweepTests {
    static let tailwindLabels = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"]

    @Test func tailwindSweepOfUniformLStarEqualsTheGeneratorBitForBit() throws {
        var sweep = Sweep(generator: UniformLStar.id,
                          params: ["margin": .numbers([0.9, 0.98]), "chroma_scale": .numbers([1, 1.3])],
                          hues: [0, 47.123, 250], metrics: ["de_cv"], threads: 2)
        sweep.scale = .tailwind
        let r = try sweep.run()
        #expect(r.ramps.stops == 11 && r.ramps.count == 12 && r.scale == .tailwind)
        for v in 0..<r.variantCount {
            var params: [String: RampParameter] = [:]
            for (name, value) in r.parameterValues(variant: v) { params[try SweptParameter.resolve(name, generator: UniformLStar.generator)] = value }
            for (h, hue) in r.hues.enumerated() {
                let ref = try UniformLStar.generator.generate(RampSpec(hue: hue, parameters: params, scale: .tailwind), .standard)
                let got = r.ramps.ramp(r.row(variant: v, hueIndex: h))
                #expect(ref.count == 11)
                #expect(got.map(\.oklch) == ref.map(\.oklch))
                #expect(got.map(\.srgb) == ref.map(\.srgb))
            }
        }
        // The batch form's L* default is the scale's target L*: each stop sits at Tailwind's neutral L*.
        // (Luminance with the generator's own Y row; the lightness solve meets it to ~1e-15.)
        let lstar = (0..<11).map { TokenMath.lightnessStar(luminance: TokenMath.luminance(linearSRGB: r.ramps.linear[$0])) }
        for (got, want) in zip(lstar, Scale.tailwind.lightness) { #expect(abs(got - want) < 1e-9) }
    }

    @Test func genericPathTakesTheScalesStopCount() throws {
        var sweep = Sweep(generator: ContrastTargets.id, hues: [30, 200], metrics: ["de_mean"], threads: 2)
        sweep.scale = .radix
        let r = try sweep.run()
        #expect(r.ramps.stops == 12)
        for (h, hue) in r.hues.enumerated() {
            let ref = try ContrastTargets.generator.generate(RampSpec(hue: hue, scale: .radix), .standard)
            #expect(r.ramps.ramp(h).map(\.oklch) == ref.map(\.oklch))
        }
        // A generator that ignores the scale (always 20 colors) is refused with the scale's count.
        let fixed20 = RampGenerator(id: "fixed-20", name: "twenty grays") { _, _ in
            (0..<20).map { RampColor(oklch: 1 - Double($0) / 20, 0, 0) }
        }
        let specs = [RampSpec(hue: 0, scale: .tailwind)]
        #expect(throws: PalettesError.wrongStopCount(generator: "fixed-20", expected: 11, got: 20)) {
            try RampBatchGenerator.generate(specs, generator: fixed20)
        }
        // One batch never mixes scales.
        #expect(throws: PalettesError.self) {
            try RampBatchGenerator.generate([RampSpec(hue: 0), RampSpec(hue: 0, scale: .radix)], generator: UniformLStar.generator)
        }
    }

    @Test func perStopColumnsAreNamedByTheScale() throws {
        #expect(try RampMetrics.columns(for: ["wcag_white_stops"], scale: .tailwind) == Self.tailwindLabels.map { "wcag_white_\($0)" })
        #expect(try RampMetrics.columns(for: ["de_step_stops"], scale: .tailwind) == Self.tailwindLabels.dropLast().map { "de_step_\($0)" })
        #expect(try RampMetrics.columns(for: ["ladder_apca60_stops"], scale: .radix) == (1...12).map { "ladder_apca60_\($0)" })
        #expect(try RampMetrics.columns(for: ["chroma_950"], scale: .tailwind) == ["chroma_950"])
        // ColorTokensKit's _450 is not a Tailwind stop.
        #expect(throws: PalettesError.self) { try RampMetrics.columns(for: ["wcag_white_450"], scale: .tailwind) }
        #expect(RampMetrics.allColumns(scale: .ctk) == RampMetrics.allColumns)
        let all = RampMetrics.allColumns(scale: .material)
        #expect(all.count == RampMetrics.layout(stops: 13).count)
        #expect(all.contains("wcag_black_0") && all.contains("wcag_black_99") && !all.contains("wcag_black_1000"))
        // Material's tone 60 would make `apca_white_60` twice (it is the count of stops reaching Lc 60): the APCA
        // groups name their columns `_s<tone>` on that scale, every column once.
        #expect(all.contains("apca_white_s60") && all.contains("apca_black_s100") && all.filter { $0 == "apca_white_60" }.count == 1)
        #expect(Set(all).count == all.count)
    }

    /// An 11-stop OKLab gray ramp L = 1, 0.9 … 0 (C = 0) on the Tailwind scale, checked against values computed by
    /// hand: ΔEOK steps are 0.1 each; a gray's luminance is Y = L³ (Ottosson's matrices map a gray to l = m = s
    /// up to 7e-9), so WCAG against white at L = 0.5 is 1.05 / (0.125 + 0.05) = 6; 4.5:1 against white needs
    /// Y ≤ 1.05/4.5 − 0.05 = 0.18333 (L ≤ 0.568: 6 stops) and against black Y ≥ 0.175 (L ≥ 0.559: 5 stops); the
    /// nearest stop reaching 4.5:1 with L = 1 is L = 0.5, five stops away, and with L = 0.5 the same (no darker
    /// one reaches); ends 1.05 / 0.05 = 21.
    @Test func metricsOfAnElevenStopRampMatchHandValues() throws {
        let labels = Self.tailwindLabels
        let ls = (0...10).map { 1 - Double($0) / 10 }
        let b = RampBatch(oklch: ls.map { SIMD3($0, 0, Double.nan) }, stops: 11, hues: [0])
        let table = RampMetrics.compute(b, groups: [0..<1], threads: 1)
        let cols = RampMetrics.allColumns(scale: .tailwind)
        #expect(table.count == cols.count)
        func v(_ c: String) -> Double { table[cols.firstIndex(of: c)!] }
        #expect(abs(v("de_mean") - 0.1) < 1e-12 && abs(v("de_min") - 0.1) < 1e-12 && abs(v("de_max") - 0.1) < 1e-12)
        #expect(v("de_cv") < 1e-12)
        for l in labels.dropLast() { #expect(abs(v("de_step_\(l)") - 0.1) < 1e-12) }
        #expect(v("l_monotonic") == 1 && v("l_reversals") == 0)
        #expect(abs(v("l_r2") - 1) < 1e-12)
        for (i, l) in labels.enumerated() {
            let y = pow(ls[i], 3)
            #expect(abs(v("wcag_white_\(l)") - 1.05 / (y + 0.05)) < 1e-6, "wcag_white_\(l)")
            #expect(abs(v("wcag_black_\(l)") - (y + 0.05) / 0.05) < 1e-6, "wcag_black_\(l)")
            #expect(v("chroma_\(l)") == 0)
        }
        #expect(abs(v("wcag_white_500") - 6) < 1e-6)
        #expect(v("wcag_white_aa") == 6 && v("wcag_black_aa") == 5)
        #expect(abs(v("wcag_ends") - 21) < 1e-6)
        #expect(v("ladder_wcag45_50") == 5 && v("ladder_wcag45_500") == 5)
        // L 0.6 (Y 0.216) reaches L ≤ 0.2089 darker: 0.2, four stops; L 0 needs Y ≥ 0.175, L ≥ 0.5593: 0.6, six
        // stops lighter (the largest).
        #expect(v("ladder_wcag45_600") == 4 && v("ladder_wcag45_950") == 6 && v("ladder_wcag45_max") == 6)
        #expect(v("out_srgb") == 0 && v("hue_drift_max") == 0)
    }

    @Test func tailwindBaselineFillsPerStopColumnsOnItsOwnScale() throws {
        let cols = try RampMetrics.columns(for: ["de_mean", "wcag_white_stops"], scale: .tailwind)
        let tw = Baseline.tailwind.score(metricColumns: cols, scale: .tailwind)
        // Red 500, oklch(63.7% 0.237 25.331): its WCAG ratio against white computed here from its OKLCH value.
        let red = Baseline.tailwind.ramps.firstIndex { $0.name == "red" }!
        let c = Baseline.tailwind.ramps[red].oklch[5]
        let y = (ColorSpace.srgbLinearToXYZ.r1 * TokenMath.linearSRGB(oklch: c.x, c.y, c.z)).sum()
        #expect(abs(tw.value(ramp: red, "wcag_white_500")! - 1.05 / (max(y, 0) + 0.05)) < 1e-12)
        #expect(tw.value(ramp: red, "de_mean")!.isFinite)
        // Radix in the same Tailwind sweep: scored on its own 12 steps; per-stop Tailwind columns are NaN.
        let rx = Baseline.radix.score(metricColumns: cols, scale: .tailwind)
        #expect(rx.value(ramp: 0, "wcag_white_500")!.isNaN && rx.value(ramp: 0, "de_mean")!.isFinite)
        // Leonardo is made on the sweep's scale: 11 stops, each reaching its Tailwind target on white.
        let leo = try Baseline.make("leonardo", hues: [250], scale: .tailwind)
        #expect(leo.stopNames == Self.tailwindLabels)
        let targets = ContrastTargets.defaultTargets(.tailwind)
        for (i, s) in leo.ramps[0].oklch.enumerated() {
            let lin = TokenMath.linearSRGB(oklch: s.x, s.y.isNaN ? 0 : s.y, s.z.isNaN ? 0 : s.z)
            let ratio = 1.05 / (max((ColorSpace.srgbLinearToXYZ.r1 * lin).sum(), 0) + 0.05)
            #expect(ratio >= targets[i] - 1e-9 || i == 0, "stop \(Self.tailwindLabels[i])")
        }
    }

    @Test func aSweepScoresBaselinesOnTheirOwnScalesTogether() throws {
        var sweep = Sweep(generator: UniformLStar.id, params: ["margin": .numbers([0.95, 1])], hues: [20, 140, 260],
                          metrics: ["de_cv", "wcag_white_stops"], threads: 2)
        sweep.scale = .tailwind
        var report = TuningReport(objective: try Objective(expression: "-de_cv"))
        report.sweep = sweep
        var study = TuningStudy(sweep: sweep, report: report)
        study.baselines = ["tailwind", "radix", "material", "leonardo"]
        let out = try study.run(out: nil)
        #expect(out.result.columns.contains("wcag_white_950") && !out.result.columns.contains("wcag_white_1000"))
        #expect(out.text.contains("tailwind (17 ramps × 11 stops)"))
        #expect(out.text.contains("radix (25 ramps × 12 stops)"))
        #expect(out.text.contains("material (3 ramps × 13 stops)"))
        #expect(out.text.contains("leonardo (3 ramps × 11 stops)"))
    }

    @Test func scaleIsRecordedAndReplayed() throws {
        var sweep = Sweep(generator: UniformLStar.id, params: ["margin": .numbers([0.95])], hues: [10])
        sweep.scale = .tailwind
        let json = "{\"replay\": " + sweep.replayJSON(settings: StudySettings()) + "}"
        #expect(json.contains("\"scale\": \"tailwind\""))
        let back = try Sweep.replay(summaryJSON: Data(json.utf8), path: "s.json").sweep
        #expect(back.scale == .tailwind)
        // A custom scale keeps its stop names and target L* bit for bit.
        let custom = try Scale(id: "five", stops: ["a", "b", "c", "d", "e"].map { Stop(label: $0) },
                               lightness: [95.25, 80.1, 60.000000000000007, 40, 12.5])
        sweep.scale = custom
        let j2 = "{\"replay\": " + sweep.replayJSON(settings: StudySettings()) + "}"
        let back2 = try Sweep.replay(summaryJSON: Data(j2.utf8), path: "s.json").sweep
        #expect(back2.scale == custom && back2.scale.lightness == custom.lightness)
        // An unknown scale is an error suggesting the nearest one.
        let bad = j2.replacingOccurrences(of: sweep.replayJSON(settings: StudySettings()),
                                          with: "{\"generator\": \"uniform-lstar\", \"scale\": \"tailwnd\", \"hues\": [0]}")
        #expect { try Sweep.replay(summaryJSON: Data(bad.utf8), path: "s.json") } throws: { e in
            "\(e)".contains("tailwnd") && "\(e)".contains("tailwind")
        }
        // A record without a scale is ColorTokensKit's.
        let old = "{\"replay\": {\"generator\": \"uniform-lstar\", \"hues\": [0]}}"
        #expect(try Sweep.replay(summaryJSON: Data(old.utf8), path: "s.json").sweep.scale == .ctk)
    }
}

/// The `contrastBisection` batch form (contrast-targets) against the entry's `generate` and `ContrastTargets.solve`.
@Suite("Contrast-targets batch kernel")
struct ContrastBisectionKernelTests {
    @Test func batchEqualsGenerateAndSolveBitForBit() throws {
        var rng = SplitMix64(seed: 0xBA7C4)
        func u() -> Double { rng.unit() }
        var specs: [RampSpec] = []
        for k in 0..<40 {
            let scale = [Scale.ctk, .tailwind, .radix, .material][k % 4]
            let n = scale.count
            var params: [String: RampParameter] = ["gamutMargin": .number(k % 6 == 0 ? 1 : 0.6 + 0.4 * u()),
                                                   "chroma": .numbers((0..<n).map { _ in 0.35 * u() })]
            if k % 3 == 0 { params["background"] = .color(RampColor(oklch: 0.15 + 0.1 * u(), 0.03, 360 * u())) }
            if k % 5 == 1 { params["method"] = .text("apca"); params["targets"] = .numbers((0..<n).map { _ in 90 * u() }) }
            specs.append(RampSpec(hue: 360 * u(), parameters: params, scale: scale))
        }
        #expect(ContrastTargets.generator.batch == .contrastBisection)
        // One batch per scale (a batch holds one scale's stop count).
        for scale in Scale.builtins {
            let some = specs.filter { $0.scale == scale }
            let batch = try RampBatchGenerator.generate(some, generator: ContrastTargets.generator, threads: 2)
            for (r, spec) in some.enumerated() {
                let s = try ContrastTargets.setup(spec, .standard)
                let h = TokenMath.roundedHue(spec.hue)
                let ref = (0..<scale.count).map { ContrastTargets.solve(target: s.targets[$0], chroma: s.chroma[$0], hue: h, s) }
                // (The batch keeps linear sRGB, as every generator's batch does: compare that and OKLCH.)
                for i in 0..<scale.count {
                    let k = r * scale.count + i
                    #expect(batch.oklch[k] == ref[i].oklch && batch.linear[k] == ref[i].linearSRGB, "\(scale.id) ramp \(r) stop \(i)")
                    #expect(batch.requestedChroma[r * scale.count + i] == s.chroma[i])
                }
            }
        }
    }
}

