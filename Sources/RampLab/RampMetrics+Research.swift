import ColorCore
import ColorKernels
import Palettes
import Foundation

/// The research metrics of `RampMetrics` (docs/metrics.md): step evenness in CIEDE2000 and CAM16-UCS, lightness
/// and contrast-ladder linearity, APCA before its low-contrast clip, pairwise contrast ladders, hue drift in
/// CAM16. The CIEDE2000 and CAM16 groups convert every stop through ColorCore's Double reference and run only
/// when a selected column needs them.
extension RampMetrics {
    /// Research metrics: one column each, filled by `computeResearch`.
    public static let research: [RampMetric] = [
        ("de2000_mean", "mean CIEDE2000 (CIELAB D65) between neighbouring stops"),
        ("de2000_min", "smallest CIEDE2000 between neighbouring stops"),
        ("de2000_cv", "coefficient of variation of the neighbour CIEDE2000"),
        ("cam16_mean", "mean Euclidean CAM16-UCS distance between neighbouring stops"),
        ("cam16_min", "smallest CAM16-UCS distance between neighbouring stops"),
        ("cam16_cv", "coefficient of variation of the neighbour CAM16-UCS distance"),
        ("l_r2", "R² of a straight line through OKLab L against stop index"),
        ("lstar_r2", "R² of a straight line through CIE L* against stop index"),
        ("contrast_log_r2", "R² of ln(WCAG ratio of each stop against _50) against stop index"),
        ("apca_adj_min_unclipped", "smallest |S|·100 between neighbours, APCA before its low-contrast clip and offset"),
        ("ladder_wcag45_mean", "mean over stops of the fewest stops apart that reach WCAG 4.5:1"),
        ("ladder_wcag45_max", "largest over stops of the fewest stops apart that reach WCAG 4.5:1"),
        ("ladder_apca60_mean", "mean over stops of the fewest stops apart that reach |Lc| 60"),
        ("ladder_apca60_max", "largest over stops of the fewest stops apart that reach |Lc| 60"),
        ("ladder_apca75_mean", "mean over stops of the fewest stops apart that reach |Lc| 75"),
        ("ladder_apca75_max", "largest over stops of the fewest stops apart that reach |Lc| 75"),
        ("hue_drift_cam16_max", "largest CAM16 hue distance from the ramp's mean CAM16 hue (chromatic stops, degrees)"),
        ("hue_drift_cam16_mean", "mean CAM16 hue distance from the ramp's mean CAM16 hue (degrees)"),
    ].map { RampMetric(id: $0.0, summary: $0.1, columns: [$0.0]) }

    /// Per-stop ladder groups (`ladder_wcag45_450`: stops apart from `_450` to the nearest stop reaching 4.5:1).
    static let researchPerStop: [(id: String, summary: String)] = [
        ("ladder_wcag45", "fewest stops apart reaching WCAG 4.5:1"),
        ("ladder_apca60", "fewest stops apart reaching |Lc| 60"),
        ("ladder_apca75", "fewest stops apart reaching |Lc| 75"),
    ]

    /// Columns that need CIELAB D65 / CAM16-UCS per stop.
    static let needsLab: Set<String> = ["de2000_mean", "de2000_min", "de2000_cv"]
    static let needsCAM16: Set<String> = ["cam16_mean", "cam16_min", "cam16_cv", "hue_drift_cam16_max", "hue_drift_cam16_mean"]

    /// CAM16-UCS (Li et al. 2017): J′ = 1.7J / (1 + 0.007J), M′ = ln(1 + 0.0228M) / 0.0228, a′ = M′cos h, b′ = M′sin h.
    public static func cam16UCS(jmh: SIMD3<Double>) -> SIMD3<Double> {
        let j = jmh.x, m = jmh.y, h = jmh.z.isNaN ? 0 : jmh.z * Double.pi / 180
        let mp = log(1 + 0.0228 * m) / 0.0228
        return SIMD3(1.7 * j / (1 + 0.007 * j), mp * cos(h), mp * sin(h))
    }

    /// R² of the least-squares line through (i, yᵢ), i = 0…n−1 (1 when every y is equal; NaN with a NaN y).
    public static func linearR2(_ y: UnsafeBufferPointer<Double>) -> Double {
        let n = Double(y.count)
        guard y.count >= 2 else { return .nan }
        let mx = (n - 1) / 2
        var my = 0.0
        for v in y { my += v }
        my /= n
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for (i, v) in y.enumerated() {
            let dx = Double(i) - mx, dy = v - my
            sxy += dx * dy; sxx += dx * dx; syy += dy * dy
        }
        if syy == 0 { return 1 }
        return sxy * sxy / (sxx * syy)
    }

    /// APCA's signed S·100 of `t` as text on `b` before the low-contrast clip and offset (the soft clamp and
    /// exponents as APCA 0.0.98G-4g).
    @inline(__always)
    static func lcUnclipped(_ t: APCAStop, on b: APCAStop) -> Double {
        b.y > t.y ? (b.bg56 - t.txt57) * APCA.scaleBoW * 100 : (b.bg65 - t.txt62) * APCA.scaleWoB * 100
    }

    /// Fills the research columns of `out` (row-major, `cols` wide) for every ramp of `b`.
    static func computeResearch(_ b: RampBatch, _ d: StopData, into O: SendablePointer<Double>, cols: Int,
                                wanted: Set<String>?, threads: Int) {
        let n = b.stops
        let ix = Dictionary(uniqueKeysWithValues: allColumns.enumerated().map { ($1, $0) })
        func c(_ name: String) -> Int { ix[name]! }
        func want(_ set: Set<String>) -> Bool { wanted.map { !$0.isDisjoint(with: set) } ?? true }
        let doLab = want(needsLab), doCAM = want(needsCAM16)
        let core = Workbench.standard
        let toLab = try? core.spaces.plan(from: .srgbLinear, to: .labD65)
        let toJMh = try? core.spaces.plan(from: .srgbLinear, to: .cam16JMh)
        let ladderCols = researchPerStop.map { g in Scale.ctk.stops.prefix(n).map { c("\(g.id)_\($0.label)") } }
        let (d2Mean, d2Min, d2CV) = (c("de2000_mean"), c("de2000_min"), c("de2000_cv"))
        let (cMean, cMin, cCV) = (c("cam16_mean"), c("cam16_min"), c("cam16_cv"))
        let (lR2, lsR2, cR2, aRaw) = (c("l_r2"), c("lstar_r2"), c("contrast_log_r2"), c("apca_adj_min_unclipped"))
        let ladderSummary = [(c("ladder_wcag45_mean"), c("ladder_wcag45_max")), (c("ladder_apca60_mean"), c("ladder_apca60_max")),
                             (c("ladder_apca75_mean"), c("ladder_apca75_max"))]
        let (hdMax, hdMean) = (c("hue_drift_cam16_max"), c("hue_drift_cam16_mean"))
        Parallel.forRanges(count: b.count, granule: 4, threads: threads) { range in
            var lab = [SIMD3<Double>](repeating: .zero, count: n), ucs = lab, jmh = lab
            var ys = [Double](repeating: 0, count: n), steps = [Double](repeating: 0, count: max(n - 1, 1))
            for r in range {
                let o = O.p + r * cols, s0 = r * n
                // Linearity of lightness and of the contrast ladder.
                for i in 0..<n { ys[i] = d.lab[s0 + i].x }
                o[lR2] = ys.withUnsafeBufferPointer { linearR2($0) }
                for i in 0..<n { ys[i] = TokenMath.lightnessStar(luminance: max(d.wcagY[s0 + i], 0)) }
                o[lsR2] = ys.withUnsafeBufferPointer { linearR2($0) }
                for i in 0..<n { ys[i] = log(WCAG21.ratio(d.wcagY[s0 + i], d.wcagY[s0])) }
                o[cR2] = ys.withUnsafeBufferPointer { linearR2($0) }
                // APCA between neighbours before the clip.
                var raw = Double.infinity
                for i in 0..<(n - 1) {
                    let p = d.apca[s0 + i], q = d.apca[s0 + i + 1]
                    raw = min(raw, abs(p.y >= q.y ? lcUnclipped(q, on: p) : lcUnclipped(p, on: q)))
                }
                o[aRaw] = raw
                // Pairwise ladders: for each stop, the fewest stops apart (either side) reaching the threshold.
                // One walk outwards per stop serves the three ladders (a pair's WCAG ratio and |Lc| are
                // computed once; both are symmetric in the pair: the lighter stop is the background).
                var sums = (0.0, 0.0, 0.0), highs = (0.0, 0.0, 0.0), reached = (0, 0, 0)
                for i in 0..<n {
                    var b0 = Double.nan, b1 = Double.nan, b2 = Double.nan
                    var k = 1
                    while k < n && (b0.isNaN || b1.isNaN || b2.isNaN) {
                        for side in 0..<2 {
                            let j = side == 0 ? i - k : i + k
                            guard j >= 0 && j < n else { continue }
                            let p = s0 + i, q = s0 + j
                            if b0.isNaN && WCAG21.ratio(d.wcagY[p], d.wcagY[q]) >= 4.5 { b0 = Double(k) }
                            if b1.isNaN || b2.isNaN {
                                let a = d.apca[p], bb = d.apca[q]
                                let v = abs(a.y >= bb.y ? lc(bb, on: a) : lc(a, on: bb))
                                if b1.isNaN && v >= 60 { b1 = Double(k) }
                                if b2.isNaN && v >= 75 { b2 = Double(k) }
                            }
                        }
                        k += 1
                    }
                    o[ladderCols[0][i]] = b0; o[ladderCols[1][i]] = b1; o[ladderCols[2][i]] = b2
                    if !b0.isNaN { sums.0 += b0; highs.0 = max(highs.0, b0); reached.0 += 1 }
                    if !b1.isNaN { sums.1 += b1; highs.1 = max(highs.1, b1); reached.1 += 1 }
                    if !b2.isNaN { sums.2 += b2; highs.2 = max(highs.2, b2); reached.2 += 1 }
                }
                for (g, (meanCol, maxCol)) in ladderSummary.enumerated() {
                    let (sum, hi, got) = g == 0 ? (sums.0, highs.0, reached.0) : g == 1 ? (sums.1, highs.1, reached.1) : (sums.2, highs.2, reached.2)
                    o[meanCol] = got > 0 ? sum / Double(got) : .nan
                    o[maxCol] = got == n ? hi : .nan
                }
                // CIEDE2000 and CAM16-UCS steps; CAM16 hue drift.
                func evenness(_ meanCol: Int, _ minCol: Int, _ cvCol: Int, _ dist: (Int) -> Double) {
                    var sum = 0.0, lo = Double.infinity
                    for i in 0..<(n - 1) { steps[i] = dist(i); sum += steps[i]; lo = min(lo, steps[i]) }
                    let mean = sum / Double(n - 1)
                    var v = 0.0
                    for i in 0..<(n - 1) { v += (steps[i] - mean) * (steps[i] - mean) }
                    o[meanCol] = mean; o[minCol] = lo
                    o[cvCol] = mean > 0 ? (v / Double(n - 1)).squareRoot() / mean : .nan
                }
                if doLab, let plan = toLab {
                    for i in 0..<n { lab[i] = plan.apply(b.linear[s0 + i]) }
                    evenness(d2Mean, d2Min, d2CV) { DeltaE2000.distance(lab[$0], lab[$0 + 1]) }
                }
                if doCAM, let plan = toJMh {
                    for i in 0..<n { jmh[i] = plan.apply(b.linear[s0 + i]); ucs[i] = cam16UCS(jmh: jmh[i]) }
                    evenness(cMean, cMin, cCV) { let v = ucs[$0 + 1] - ucs[$0]; return (v * v).sum().squareRoot() }
                    // Circular mean hue over stops with M > 1 (chromatic), then |h − mean| the shortest way round.
                    var sx = 0.0, sy = 0.0, cnt = 0
                    for i in 0..<n where jmh[i].y > 1 && jmh[i].z.isFinite {
                        let h = jmh[i].z * Double.pi / 180; sx += cos(h); sy += sin(h); cnt += 1
                    }
                    if cnt > 0 {
                        let mean = atan2(sy, sx) * 180 / Double.pi
                        var mx = 0.0, s = 0.0
                        for i in 0..<n where jmh[i].y > 1 && jmh[i].z.isFinite {
                            let dh = abs(remainder(jmh[i].z - mean, 360)); mx = max(mx, dh); s += dh
                        }
                        o[hdMax] = mx; o[hdMean] = s / Double(cnt)
                    } else { o[hdMax] = 0; o[hdMean] = 0 }
                }
            }
        }
    }
}
