import Foundation
import Testing
import HuebenchTestSupport
import ColorCore
@testable import Palettes
@testable import RampLab

/// Ramp metrics against values computed by hand on small ramps (3 stops, known OKLab coordinates).
@Suite("Tuning metrics")
struct TuningMetricsTests {
    /// OKLCH of an OKLab point (hue NaN when achromatic).
    static func lch(_ l: Double, _ a: Double, _ b: Double) -> SIMD3<Double> {
        let c = (a * a + b * b).squareRoot()
        return SIMD3(l, c, c == 0 ? .nan : atan2(b, a) * 180 / .pi)
    }

    static func metrics(_ b: RampBatch, groups: [Range<Int>]? = nil) -> (Int, String) -> Double {
        let t = RampMetrics.compute(b, groups: groups ?? [0..<b.count], threads: 1)
        let cols = RampMetrics.layout(stops: b.stops)
        return { row, name in t[row * cols.count + cols.firstIndex(of: name)!] }
    }

    // Stops: (0.9, 0, 0), (0.6, 0.1, 0), (0.3, 0, 0.1) in OKLab.
    // ΔE₀₁ = √(0.3² + 0.1²) = √0.1 = 0.316227766016838; ΔE₁₂ = √(0.3² + 0.1² + 0.1²) = √0.11 = 0.331662479035540.
    // mean = 0.323945122526189; population sd = |ΔE₀₁ − ΔE₁₂|/2; cv = sd/mean = 0.023823036596969.
    static let three = RampBatch(oklch: [lch(0.9, 0, 0), lch(0.6, 0.1, 0), lch(0.3, 0, 0.1)], stops: 3, hues: [0],
                                 requestedChroma: [0, 0.2, 0.1])

    @Test func neighbourDeltaE() {
        let m = Self.metrics(Self.three)
        #expect(abs(m(0, "de_mean") - 0.323945122526189) < 1e-12)
        #expect(abs(m(0, "de_min") - 0.316227766016838) < 1e-12)
        #expect(abs(m(0, "de_max") - 0.331662479035540) < 1e-12)
        #expect(abs(m(0, "de_cv") - 0.023823036596969) < 1e-12)
        #expect(abs(m(0, "de_step_50") - 0.316227766016838) < 1e-12)
        #expect(abs(m(0, "de_step_100") - 0.331662479035540) < 1e-12)
    }

    @Test func monotonicityAndReversals() {
        #expect(Self.metrics(Self.three)(0, "l_monotonic") == 1)
        #expect(Self.metrics(Self.three)(0, "l_reversals") == 0)
        // L 0.5 → 0.6 → 0.4: one step rises.
        let b = RampBatch(oklch: [Self.lch(0.5, 0, 0), Self.lch(0.6, 0, 0), Self.lch(0.4, 0, 0)], stops: 3, hues: [0])
        #expect(Self.metrics(b)(0, "l_monotonic") == 0)
        #expect(Self.metrics(b)(0, "l_reversals") == 1)
    }

    @Test func chromaRetainedAndHueDrift() {
        let m = Self.metrics(Self.three)
        // Chroma 0, 0.1, 0.1; requested 0 (skipped), 0.2, 0.1 → retained 0.5 and 1.
        #expect(abs(m(0, "chroma_mean") - 0.2 / 3) < 1e-12)
        #expect(abs(m(0, "chroma_max") - 0.1) < 1e-12)
        #expect(abs(m(0, "chroma_retained_mean") - 0.75) < 1e-12)
        #expect(abs(m(0, "chroma_retained_min") - 0.5) < 1e-12)
        // Ramp hue 0°; chromatic stops at 0° and 90° → drift 0 and 90.
        #expect(abs(m(0, "hue_drift_max") - 90) < 1e-9)
        #expect(abs(m(0, "hue_drift_mean") - 45) < 1e-9)
        // Drift goes the short way round: 350° against 10° is 20°.
        let b = RampBatch(oklch: [SIMD3(0.8, 0.1, 350), SIMD3(0.6, 0.1, 10), SIMD3(0.4, 0.1, 10)], stops: 3, hues: [10])
        #expect(abs(Self.metrics(b)(0, "hue_drift_max") - 20) < 1e-9)
    }

    @Test func contrastMatchesColorCore() throws {
        let m = Self.metrics(Self.three)
        let srgb = (0..<3).map { TokenMath.encode(Self.three.linear[$0]) }
        let wcag = WCAG21.method.evaluate, apca = APCA.method.evaluate
        #expect(abs(m(0, "wcag_ends") - wcag(srgb[0], srgb[2])) < 1e-12)
        #expect(abs(m(0, "apca_ends") - abs(apca(srgb[2], srgb[0]))) < 1e-9)
        let adj = min(wcag(srgb[0], srgb[1]), wcag(srgb[1], srgb[2]))
        #expect(abs(m(0, "wcag_adj_min") - adj) < 1e-12)
        let white = SIMD3<Double>(1, 1, 1), black = SIMD3<Double>(0, 0, 0)
        for i in 0..<3 {
            let stop = Scale.ctk.stops[i].value!
            #expect(abs(m(0, "wcag_white_\(stop)") - wcag(srgb[i], white)) < 1e-12)
            #expect(abs(m(0, "wcag_black_\(stop)") - wcag(srgb[i], black)) < 1e-12)
            #expect(abs(m(0, "apca_white_\(stop)") - apca(srgb[i], white)) < 1e-9)
            #expect(abs(m(0, "apca_black_\(stop)") - apca(srgb[i], black)) < 1e-9)
        }
        let aaWhite = (0..<3).filter { wcag(srgb[$0], white) >= 4.5 }.count
        #expect(m(0, "wcag_white_aa") == Double(aaWhite))
    }

    @Test func precomputedAPCAEqualsReference() {
        for (t, b) in [(0.0, 1.0), (1.0, 0.0), (0.18, 0.9), (0.9, 0.18), (0.02, 0.021), (0.5, 0.5003), (0.3, 0.05)] {
            let fast = RampMetrics.lc(.init(luminance: t), on: .init(luminance: b))
            #expect(abs(fast - APCA.lc(textY: t, backgroundY: b)) < 1e-12)
        }
    }

    @Test func gamutCounts() {
        // OKLCH (0.7, 0.3, 150) is a green outside sRGB and Display P3; (0.7, 0.22, 150) only outside sRGB
        // (linear R ≈ −0.045, P3 ≈ (0.058, 0.517, 0.100)); (0.7, 0.05, 150) is inside both.
        let wide = SIMD3<Double>(0.7, 0.3, 150), calm = SIMD3<Double>(0.7, 0.05, 150), p3only = SIMD3<Double>(0.7, 0.22, 150)
        let lin = TokenMath.linearSRGB(oklch: p3only.x, p3only.y, p3only.z)
        #expect(lin.min() < 0 && TokenMath.inP3(linearSRGB: lin))  // the fixture: outside sRGB, inside P3
        let b = RampBatch(oklch: [calm, p3only, wide], stops: 3, hues: [150])
        let m = Self.metrics(b)
        #expect(m(0, "out_srgb") == 2)
        #expect(m(0, "out_p3") == 1)
    }

    @Test func crossHueSeparation() {
        // Ramp B = ramp A + (0, 0.03, 0.04) in OKLab at every stop: ΔEOK 0.05 everywhere.
        let a: [SIMD3<Double>] = [SIMD3(0.9, 0.01, 0.02), SIMD3(0.6, 0.05, 0.01), SIMD3(0.3, 0.02, 0.05)]
        let lchs = a.map { Self.lch($0.x, $0.y, $0.z) } + a.map { Self.lch($0.x, $0.y + 0.03, $0.z + 0.04) }
        let b = RampBatch(oklch: lchs, stops: 3, hues: [30, 60])
        let m = Self.metrics(b, groups: [0..<2])
        for r in 0..<2 {
            #expect(abs(m(r, "hue_sep_min") - 0.05) < 1e-12)
            #expect(abs(m(r, "hue_sep_mean") - 0.05) < 1e-12)
            #expect(m(r, "hue_sep_min_deutan") >= 0)
        }
        // One hue alone: no other hue to tell apart.
        let single = Self.metrics(Self.three)
        #expect(single(0, "hue_sep_min").isNaN)
    }

    /// `hue_sep_*` (four spaces as SIMD lanes) equals, bit for bit, the plain definition computed one space and
    /// one pair at a time from the same per-stop inputs: groups of 1…7 random ramps, one with a repeated ramp.
    @Test func crossHueIsBitIdenticalToPlainLoops() {
        var rng = SplitMix64(seed: 0x7E57_0C05)
        let stops = 5
        var lchs: [SIMD3<Double>] = [], hues: [Double] = [], groups: [Range<Int>] = []
        for size in 1...7 {
            let start = hues.count
            for r in 0..<size {
                let h = Double.random(in: 0..<360, using: &rng)
                for i in 0..<stops {
                    let l = 0.95 - Double(i) * 0.18 + Double.random(in: -0.02...0.02, using: &rng)
                    lchs.append(r == 2 ? lchs[(start + 1) * stops + i] : SIMD3(l, Double.random(in: 0...0.3, using: &rng), h))
                }
                hues.append(h)
            }
            groups.append(start..<(start + size))
        }
        let b = RampBatch(oklch: lchs, stops: stops, hues: hues)
        let all = RampMetrics.compute(b, groups: groups, threads: 2)
        let layout = RampMetrics.layout(stops: stops)
        let cols = layout.count
        let names = ["hue_sep_min", "hue_sep_min_protan", "hue_sep_min_deutan", "hue_sep_min_tritan",
                     "hue_sep_mean", "hue_sep_mean_protan", "hue_sep_mean_deutan", "hue_sep_mean_tritan"]
        let ix = names.map { layout.firstIndex(of: $0)! }
        b.withView { v in
            let d = RampMetrics.stopData(v, threads: 1)
            for g in groups {
                for r in g {
                    for q in 0..<4 {
                        let space = [d.lab, d.cvd0, d.cvd1, d.cvd2][q]
                        var overall = Double.infinity, sum = 0.0
                        for i in 0..<stops {
                            var best = Double.infinity
                            for o in g where o != r {
                                let e = space[r * stops + i] - space[o * stops + i]
                                best = min(best, (e * e).sum())
                            }
                            let e = best.squareRoot()
                            overall = min(overall, e); sum += e
                        }
                        let gotMin = all[r * cols + ix[q]], gotMean = all[r * cols + ix[4 + q]]
                        if g.count == 1 {
                            #expect(gotMin.isNaN && gotMean.isNaN)
                        } else {
                            #expect(gotMin.bitPattern == overall.bitPattern, "row \(r) space \(q): \(gotMin) vs \(overall)")
                            #expect(gotMean.bitPattern == (sum / Double(stops)).bitPattern, "row \(r) space \(q)")
                        }
                    }
                }
            }
        }
    }

    /// Hue drift the shortest way round: stops at 350°, 100° and 190° on a 10° ramp drift 20°, 90° and 180°
    /// (mean 96.6…), and the same stops on a 190° ramp drift 160°, 90° and 0°.
    @Test func hueDriftWrapsAround() {
        let stops: [SIMD3<Double>] = [SIMD3(0.8, 0.1, 350), SIMD3(0.6, 0.1, 100), SIMD3(0.4, 0.1, 190)]
        let m = Self.metrics(RampBatch(oklch: stops + stops, stops: 3, hues: [10, 190]), groups: [0..<1, 1..<2])
        #expect(abs(m(0, "hue_drift_max") - 180) < 1e-9 && abs(m(0, "hue_drift_mean") - 290.0 / 3) < 1e-9)
        #expect(abs(m(1, "hue_drift_max") - 160) < 1e-9 && abs(m(1, "hue_drift_mean") - 250.0 / 3) < 1e-9)
    }

    @Test func metricSelection() throws {
        #expect(try RampMetrics.columns(for: []).count == RampMetrics.defaults.count)
        #expect(try RampMetrics.columns(for: ["wcag_white_stops"]) == Scale.ctk.stops.map { "wcag_white_\($0.label)" })
        #expect(try RampMetrics.columns(for: ["de_cv", "de_mean", "de_cv"]) == ["de_mean", "de_cv"])
        #expect(try RampMetrics.columns(for: ["all"]) == RampMetrics.allColumns)
        #expect(throws: PalettesError.self) { try RampMetrics.columns(for: ["uniformity"]) }
    }
}
