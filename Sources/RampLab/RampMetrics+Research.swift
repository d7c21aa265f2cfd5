import ColorCore
import ColorKernels
import Palettes
import Foundation

/// The research metrics of `RampMetrics` (docs/metrics.md): step evenness in CIEDE2000 and CAM16-UCS, lightness
/// and contrast-ladder linearity, APCA before its low-contrast clip, pairwise contrast ladders, hue drift in
/// CAM16. The CIEDE2000 and CAM16 groups convert every distinct stop through ColorCore's Double reference (in
/// `stopData`) and run only when a selected column needs them.
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

    /// What `researchMetrics` fills: column indices, and whether the CIELAB / CAM16 groups are wanted.
    struct ResearchPlan: @unchecked Sendable {
        let ladderCols: [[Int]]
        let d2Mean, d2Min, d2CV, cMean, cMin, cCV, lR2, lsR2, cR2, aRaw, hdMax, hdMean: Int
        let ladderSummary: [(Int, Int)]
        let toLab: ConversionPlan?, toJMh: ConversionPlan?
        init(stops n: Int, wanted: Set<String>?) {
            let layout = RampMetrics.layout(stops: n)
            let ix = Dictionary(uniqueKeysWithValues: layout.enumerated().map { ($1, $0) })
            func c(_ name: String) -> Int { ix[name]! }
            func want(_ set: Set<String>) -> Bool { wanted.map { !$0.isDisjoint(with: set) } ?? true }
            let core = Workbench.standard
            toLab = want(needsLab) ? try? core.spaces.plan(from: .srgbLinear, to: .labD65) : nil
            toJMh = want(needsCAM16) ? try? core.spaces.plan(from: .srgbLinear, to: .cam16JMh) : nil
            ladderCols = researchPerStop.map { g in let f = c(RampMetrics.firstStopColumn(g.id)); return Array(f..<(f + n)) }
            (d2Mean, d2Min, d2CV) = (c("de2000_mean"), c("de2000_min"), c("de2000_cv"))
            (cMean, cMin, cCV) = (c("cam16_mean"), c("cam16_min"), c("cam16_cv"))
            (lR2, lsR2, cR2, aRaw) = (c("l_r2"), c("lstar_r2"), c("contrast_log_r2"), c("apca_adj_min_unclipped"))
            ladderSummary = [(c("ladder_wcag45_mean"), c("ladder_wcag45_max")), (c("ladder_apca60_mean"), c("ladder_apca60_max")),
                             (c("ladder_apca75_mean"), c("ladder_apca75_max"))]
            (hdMax, hdMean) = (c("hue_drift_cam16_max"), c("hue_drift_cam16_mean"))
        }
    }

    /// One core's scratch buffers for `researchMetrics` (a ramp's worth).
    final class RampScratch {
        let n: Int
        let ys, steps, ladder: UnsafeMutablePointer<Double>
        let lab, ucs, jmh: UnsafeMutablePointer<SIMD3<Double>>
        init(stops n: Int) {
            self.n = n
            ys = .allocate(capacity: n); steps = .allocate(capacity: max(n - 1, 1)); ladder = .allocate(capacity: 3 * n)
            lab = .allocate(capacity: n); ucs = .allocate(capacity: n); jmh = .allocate(capacity: n)
        }
        deinit { ys.deallocate(); steps.deallocate(); ladder.deallocate(); lab.deallocate(); ucs.deallocate(); jmh.deallocate() }
    }

    /// The research columns of ramp `r` into `o`.
    ///
    /// Pairwise ladders: for each stop, the fewest stops apart (either side) at which a pair reaches WCAG 4.5:1,
    /// |Lc| 60 and |Lc| 75. Both measures are symmetric in the pair (the lighter stop is the background), so
    /// pairs are visited once, by distance 1, 2, … until every stop has all three (or every pair was seen).
    @inline(__always)
    static func researchMetrics(_ r: Int, _ b: BatchView, _ d: StopData, _ o: UnsafeMutablePointer<Double>,
                                _ p: ResearchPlan, _ sc: RampScratch) {
        let n = b.stops, s0 = r * n
        let ys = sc.ys, wy = d.wcagY + s0, ap = d.apca + s0
        // Linearity of lightness and of the contrast ladder.
        for i in 0..<n { ys[i] = d.lab[s0 + i].x }
        o[p.lR2] = linearR2(UnsafeBufferPointer(start: ys, count: n))
        for i in 0..<n { ys[i] = d.lstar[s0 + i] }
        o[p.lsR2] = linearR2(UnsafeBufferPointer(start: ys, count: n))
        for i in 0..<n { ys[i] = log(WCAG21.ratio(wy[i], wy[0])) }
        o[p.cR2] = linearR2(UnsafeBufferPointer(start: ys, count: n))
        // APCA between neighbours before the clip.
        var raw = Double.infinity
        for i in 0..<(n - 1) {
            let p = ap[i], q = ap[i + 1]
            raw = min(raw, abs(p.y >= q.y ? lcUnclipped(q, on: p) : lcUnclipped(p, on: q)))
        }
        o[p.aRaw] = raw
        // Pairwise ladders.
        let lad = sc.ladder
        for q in 0..<(3 * n) { lad[q] = .nan }
        // A ramp whose WCAG Y, APCA Y and APCA powers never rise from the lightest stop has every pair measure
        // growing with distance on either side (each step of the arithmetic is monotone), so two pointers per
        // side find each stop's nearest reaching stop; any other ramp visits the pairs.
        var monotone = true
        for i in 0..<(n - 1) where !(wy[i + 1] <= wy[i] && ap[i + 1].y <= ap[i].y && ap[i + 1].bg56 <= ap[i].bg56
                                     && ap[i + 1].txt57 <= ap[i].txt57) {
            monotone = false; break
        }
        if monotone {
            // Whether the pair i < j reaches ladder g (i, the lighter, is the background).
            @inline(__always) func reaches(_ g: Int, _ i: Int, _ j: Int) -> Bool {
                if g == 0 { return WCAG21.ratio(wy[i], wy[j]) >= 4.5 }
                let v = abs(lc(ap[j], on: ap[i]))
                return g == 1 ? v >= 60 : v >= 75
            }
            for g in 0..<3 {
                let out = lad + g * n
                // Darker side: the nearest j > i reaching; never nearer for a darker i.
                var j = 1
                for i in 0..<n {
                    j = max(j, i + 1)
                    while j < n && !reaches(g, i, j) { j += 1 }
                    if j < n { out[i] = Double(j - i) }
                }
                // Lighter side: the nearest j < i reaching (a prefix of 0..<i); never farther for a darker i.
                var l = -1
                for i in 0..<n {
                    while l + 1 < i && reaches(g, l + 1, i) { l += 1 }
                    if l >= 0 { let k = Double(i - l); if out[i].isNaN || k < out[i] { out[i] = k } }
                }
            }
        } else {
            var missing = 3 * n
            var dist = 1
            while dist < n && missing > 0 {
                let k = Double(dist)
                for i in 0..<(n - dist) {
                    let j = i + dist
                    let i0 = lad[i].isNaN, j0 = lad[j].isNaN, i1 = lad[n + i].isNaN, j1 = lad[n + j].isNaN
                    let i2 = lad[2 * n + i].isNaN, j2 = lad[2 * n + j].isNaN
                    if (i0 || j0) && WCAG21.ratio(wy[i], wy[j]) >= 4.5 {
                        if i0 { lad[i] = k; missing -= 1 }
                        if j0 { lad[j] = k; missing -= 1 }
                    }
                    if i1 || j1 || i2 || j2 {
                        let a = ap[i], c = ap[j]
                        let v = abs(a.y >= c.y ? lc(c, on: a) : lc(a, on: c))
                        if v >= 60 {
                            if i1 { lad[n + i] = k; missing -= 1 }
                            if j1 { lad[n + j] = k; missing -= 1 }
                        }
                        if v >= 75 {
                            if i2 { lad[2 * n + i] = k; missing -= 1 }
                            if j2 { lad[2 * n + j] = k; missing -= 1 }
                        }
                    }
                }
                dist += 1
            }
        }
        for g in 0..<3 {
            var sum = 0.0, hi = 0.0, got = 0
            let cols = p.ladderCols[g]
            for i in 0..<n {
                let v = lad[g * n + i]
                o[cols[i]] = v
                if !v.isNaN { sum += v; hi = max(hi, v); got += 1 }
            }
            let (meanCol, maxCol) = p.ladderSummary[g]
            o[meanCol] = got > 0 ? sum / Double(got) : .nan
            o[maxCol] = got == n ? hi : .nan
        }
        // CIEDE2000 and CAM16-UCS steps; CAM16 hue drift.
        let steps = sc.steps
        func evenness(_ meanCol: Int, _ minCol: Int, _ cvCol: Int, _ dist: (Int) -> Double) {
            var sum = 0.0, lo = Double.infinity
            for i in 0..<(n - 1) { steps[i] = dist(i); sum += steps[i]; lo = min(lo, steps[i]) }
            let mean = sum / Double(n - 1)
            var v = 0.0
            for i in 0..<(n - 1) { v += (steps[i] - mean) * (steps[i] - mean) }
            o[meanCol] = mean; o[minCol] = lo
            o[cvCol] = mean > 0 ? (v / Double(n - 1)).squareRoot() / mean : .nan
        }
        if p.toLab != nil, let stopLab = d.labD65 {
            let lab = sc.lab
            for i in 0..<n { lab[i] = stopLab[s0 + i] }
            evenness(p.d2Mean, p.d2Min, p.d2CV) { DeltaE2000.distance(lab[$0], lab[$0 + 1]) }
        }
        if p.toJMh != nil, let stopJMh = d.jmh {
            let jmh = sc.jmh, ucs = sc.ucs
            for i in 0..<n { jmh[i] = stopJMh[s0 + i]; ucs[i] = cam16UCS(jmh: jmh[i]) }
            evenness(p.cMean, p.cMin, p.cCV) { let v = ucs[$0 + 1] - ucs[$0]; return (v * v).sum().squareRoot() }
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
                o[p.hdMax] = mx; o[p.hdMean] = s / Double(cnt)
            } else { o[p.hdMax] = 0; o[p.hdMean] = 0 }
        }
    }
}
