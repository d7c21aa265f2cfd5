import Foundation
import Testing
import ColorCore
import HuebenchTestSupport
@testable import Palettes
@testable import RampLab

/// The research metrics against independently published or hand-computed values (docs/metrics.md).
@Suite("Research metrics")
struct ResearchMetricsTests {
    static func fixture(_ path: String) throws -> [[String: Any]] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(path)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        return json["cases"] as! [[String: Any]]
    }

    /// Metrics of 2- or 3-stop ramps given as linear sRGB (one ramp per element).
    static func metrics(_ ramps: [[SIMD3<Double>]], _ columns: [String]) throws -> [[String: Double]] {
        let n = ramps[0].count
        let batch = RampBatch(linear: ramps.flatMap { $0 }, stops: n, hues: ramps.map { _ in 0 })
        let all = RampMetrics.compute(batch, groups: ramps.indices.map { $0..<($0 + 1) })
        let cols = RampMetrics.layout(stops: n)
        return ramps.indices.map { r in
            Dictionary(uniqueKeysWithValues: columns.map { c in (c, all[r * cols.count + cols.firstIndex(of: c)!]) })
        }
    }

    @Test func ciede2000StepsMatchSharmaPairs() throws {
        // Pairs whose hues lie exactly 180° apart sit on CIEDE2000's mean-hue discontinuity: a 1e-15 round-trip
        // change flips the branch, so they are checked on exact Lab input in ColorCore's tests, not here.
        let pairs = try Self.fixture("ColorCoreTests/Fixtures/delta-e.json").filter {
            ($0["source"] as? String) == "sharma2005" && !(($0["notes"] as? String) ?? "").contains("exactly 180")
        }
        #expect(pairs.count == 32)
        let toLinear = try Workbench.standard.spaces.plan(from: .labD65, to: .srgbLinear)
        let ramps = pairs.map { p -> [SIMD3<Double>] in
            let a = p["lab1"] as! [Double], b = p["lab2"] as! [Double]
            return [toLinear.apply(SIMD3(a[0], a[1], a[2])), toLinear.apply(SIMD3(b[0], b[1], b[2]))]
        }
        let got = try Self.metrics(ramps, ["de2000_mean", "de2000_min", "de2000_cv"])
        for (p, m) in zip(pairs, got) {
            // Published to 4 decimals (±5e-5); the Lab → sRGB → Lab round trip adds < 1e-9.
            let want = p["expected"] as! Double
            #expect(abs(m["de2000_mean"]! - want) <= 5e-5 + 1e-9, "\(p["id"]!): \(m["de2000_mean"]!) vs \(want)")
            #expect(m["de2000_min"] == m["de2000_mean"] && m["de2000_cv"] == 0)
        }
    }

    @Test func cam16UCSStepMatchesColorAideJMh() throws {
        let table = try Self.fixture("ColorCoreTests/Fixtures/cam16-jmh.json")
        func jmh(_ name: String) -> SIMD3<Double> {
            let v = table.first { ($0["color"] as? String) == name }!["jmh"] as! [Double]
            return SIMD3(v[0], v[1], v[2])
        }
        // CAM16-UCS written out here from Li et al. 2017 (c1 = 0.007, c2 = 0.0228), independent of RampLab.
        func ucs(_ c: SIMD3<Double>) -> SIMD3<Double> {
            let mp = log(1 + 0.0228 * c.y) / 0.0228, h = c.z * Double.pi / 180
            return SIMD3(1.7 * c.x / (1 + 0.007 * c.x), mp * cos(h), mp * sin(h))
        }
        let d = ucs(jmh("red")) - ucs(jmh("orange"))
        let want = (d * d).sum().squareRoot()
        // red = sRGB (1, 0, 0), orange = #ffa500.
        let orange = TokenMath.decode(SIMD3(1, 165.0 / 255, 0))
        let m = try Self.metrics([[SIMD3(1, 0, 0), orange]], ["cam16_mean", "hue_drift_cam16_max"])[0]
        // The table prints 5 significant digits: J, M within 5e-3, h within 5e-3°.
        #expect(abs(m["cam16_mean"]! - want) < 0.02, "\(m["cam16_mean"]!) vs \(want)")
        // Two chromatic stops: each lies half their CAM16 hue difference from the circular mean.
        let dh = abs(jmh("orange").z - jmh("red").z) / 2
        #expect(abs(m["hue_drift_cam16_max"]! - dh) < 0.01)
    }

    @Test func linearityAndLadders() throws {
        // OKLab L 0.9, 0.5, 0.4 (grays): the line through (0, .9), (1, .5), (2, .4) leaves SSres 0.015 of SStot 0.14.
        let grays = [0.9, 0.5, 0.4].map { l in TokenMath.linearSRGB(oklab: l, 0, 0) }
        let m = try Self.metrics([grays], ["l_r2"])[0]
        #expect(abs(m["l_r2"]! - (1 - 0.015 / 0.14)) < 1e-12)
        // White (Y 1), a gray of Y 0.2, black (Y 0): WCAG 4.2, 5 and 21 between them.
        let ladder = try Self.metrics([[SIMD3(1, 1, 1), SIMD3(0.2, 0.2, 0.2), SIMD3(0, 0, 0)]],
                                      ["ladder_wcag45_mean", "ladder_wcag45_max", "ladder_wcag45_50", "ladder_wcag45_100", "contrast_log_r2"])[0]
        #expect(ladder["ladder_wcag45_50"] == 2 && ladder["ladder_wcag45_100"] == 1)
        #expect(abs(ladder["ladder_wcag45_mean"]! - 4.0 / 3) < 1e-15 && ladder["ladder_wcag45_max"] == 2)
        // ln 1, ln 4.2, ln 21 against 0, 1, 2.
        let ys = [0.0, log(1.05 / 0.25), log(21.0)], my = ys.reduce(0, +) / 3
        let sxy = -1 * (ys[0] - my) + 1 * (ys[2] - my), syy = ys.map { ($0 - my) * ($0 - my) }.reduce(0, +)
        #expect(abs(ladder["contrast_log_r2"]! - sxy * sxy / (2 * syy)) < 1e-12)
    }

    @Test func apcaBeforeTheLowContrastClip() throws {
        // Encoded grays 0.5 and 0.45: APCA clips their Lc to 0; before the clip S·100 = (Yb^0.56 − Yt^0.57)·114.
        let m = try Self.metrics([[TokenMath.decode(SIMD3(repeating: 0.5)), TokenMath.decode(SIMD3(repeating: 0.45))]],
                                 ["apca_adj_min", "apca_adj_min_unclipped"])[0]
        let k = 0.2126729 + 0.7151522 + 0.0721750
        let yb = k * pow(0.5, 2.4), yt = k * pow(0.45, 2.4)
        #expect(m["apca_adj_min"] == 0)
        #expect(abs(m["apca_adj_min_unclipped"]! - (pow(yb, 0.56) - pow(yt, 0.57)) * 114) < 1e-9)
    }

    /// The pairwise ladders against a brute-force reading of their definition (for each stop, the fewest stops
    /// apart on either side whose pair reaches WCAG 4.5:1 / |Lc| 60 / |Lc| 75 with ColorCore's WCAG21 and APCA,
    /// the lighter stop as background; NaN when none), on 200 random 20-stop ramps (Y = u^1, u², u³ or u⁵): gray ramps falling in
    /// lightness (the monotone path; some with mid stops reaching on both sides), near-gray ones with two stops swapped (the pair path), gray ones fully
    /// shuffled, near-gray ones with repeated stops.
    @Test func laddersMatchBruteForce() throws {
        var rng = SplitMix64(seed: 0x1ADD_E125)
        var ramps: [[SIMD3<Double>]] = []
        for k in 0..<200 {
            let power = [1.0, 2, 3, 5][k / 4 % 4]
            var ys = (0..<20).map { _ in pow(Double.random(in: 0...1, using: &rng), power) }.sorted(by: >)
            if k % 8 == 4 {
                // Mid stops that reach on both sides, nearer on the lighter one.
                ys = [1, 0.99, 0.98, 0.97] + (0..<15).map { _ in Double.random(in: 0.02...0.2, using: &rng) }.sorted(by: >) + [0]
            }
            if k % 4 == 1 { ys.swapAt(3, 11) }
            if k % 4 == 2 { ys.shuffle(using: &rng) }
            if k % 4 == 3 { ys[5] = ys[4]; ys[6] = ys[4] }
            ramps.append(ys.map { y in
                let t = k % 2 == 0 ? 1 : Double.random(in: 0.9...1.1, using: &rng)
                return SIMD3(y, min(y * t, 1), y)
            })
        }
        let cols = ["wcag45", "apca60", "apca75"].flatMap { g in Scale.ctk.stops.map { "ladder_\(g)_\($0.label)" } }
        let got = try Self.metrics(ramps, cols)
        var wrong = 0
        for (r, ramp) in ramps.enumerated() {
            let y = ramp.map { max((ColorSpace.srgbLinearToXYZ.r1 * $0).sum(), 0) }
            let ay = ramp.map { APCA.luminance(srgb: TokenMath.encode($0)) }
            for (g, name) in ["wcag45", "apca60", "apca75"].enumerated() {
                for i in 0..<20 {
                    var best = Double.nan
                    for j in 0..<20 where j != i {
                        let reach: Bool
                        if g == 0 { reach = WCAG21.ratio(y[i], y[j]) >= 4.5 } else {
                            let lighter = APCA.softClamp(ay[i]) >= APCA.softClamp(ay[j]) ? i : j, darker = lighter == i ? j : i
                            let v = abs(APCA.lc(textY: ay[darker], backgroundY: ay[lighter]))
                            reach = v >= (g == 1 ? 60 : 75)
                        }
                        if reach, best.isNaN || Double(abs(i - j)) < best { best = Double(abs(i - j)) }
                    }
                    let v = got[r]["ladder_\(name)_\(Scale.ctk.stops[i].label)"]!
                    if !(v == best || (v.isNaN && best.isNaN)) { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
    }
}
