import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation

/// A ramp metric as data: its id (what users select), a one-line summary, and the table columns it fills.
public struct RampMetric: Sendable, Equatable {
    public let id: String
    public let summary: String
    public let columns: [String]
    /// Which way is better, as declared in `RampMetrics.better` (nil: neither, e.g. the mean step size).
    public var better: SweepResult.Goal? { RampMetrics.better[id] }
}

/// Ramp metrics computed in batch over a `RampBatch`.
///
/// Definitions (stops lightest first, i = 0…19; ΔEOK = Euclidean distance in OKLab):
/// - `de_mean/min/max/cv`: ΔEOK between neighbouring stops; cv = population standard deviation / mean.
/// - `l_monotonic` = 1 when OKLab L falls at every step, `l_reversals` = steps where it does not.
/// - WCAG 2.1 ratio (Y from linear sRGB with the CSS Y row, floored at 0) and APCA 0.0.98G-4g Lc (ColorCore's
///   `APCA`, encoded extended sRGB) between neighbours (APCA: the darker stop as text on the lighter), against
///   white and black, and against the ramp's own `_50` and `_1000`. Counts use WCAG ≥ 4.5 and |Lc| ≥ 60.
/// - `chroma_retained_*`: achieved OKLCH chroma / requested chroma (stops asking for more than 1e−9); NaN
///   (unknown) when the generator does not report the chroma it asked for.
/// - `hue_drift_*`: |h − ramp hue| (degrees, shortest way round) over stops with C > 0.005.
/// - `out_srgb`/`out_p3`: stops with a linear channel outside [−1e−6, 1 + 1e−6] in sRGB / Display P3.
/// - `hue_sep_min[_protan|_deutan|_tritan]`: the smallest ΔEOK between this ramp's stop and the same stop of any
///   other hue of the same variant, over all stops; `hue_sep_mean*`: that per-stop smallest distance averaged
///   over the stops. CVD by Machado 2009 (severity 1, clamped). NaN with one hue.
public enum RampMetrics {
    /// The version of the metric definitions (docs/metrics.md); recorded in every `summary.json`. Raised whenever
    /// a metric's formula or convention changes, so numbers from different versions are never compared unknowingly.
    public static let definitionsVersion = 2

    /// One-column metrics (the default selection).
    public static let scalars: [RampMetric] = [
        ("de_mean", "mean ΔEOK between neighbouring stops"),
        ("de_min", "smallest ΔEOK between neighbouring stops"),
        ("de_max", "largest ΔEOK between neighbouring stops"),
        ("de_cv", "coefficient of variation of the neighbour ΔEOK (0 = perfectly even steps)"),
        ("l_monotonic", "1 when OKLab L falls at every step, else 0"),
        ("l_reversals", "steps where OKLab L does not fall"),
        ("wcag_adj_min", "smallest WCAG 2.1 ratio between neighbouring stops"),
        ("wcag_adj_mean", "mean WCAG 2.1 ratio between neighbouring stops"),
        ("apca_adj_min", "smallest |Lc| between neighbours (darker as text on the lighter)"),
        ("wcag_ends", "WCAG 2.1 ratio between _50 and _1000"),
        ("apca_ends", "|Lc| of _1000 text on _50"),
        ("wcag_white_aa", "stops with WCAG ≥ 4.5 against white"),
        ("wcag_black_aa", "stops with WCAG ≥ 4.5 against black"),
        ("apca_white_60", "stops with |Lc| ≥ 60 as text on white"),
        ("apca_black_60", "stops with |Lc| ≥ 60 as text on black"),
        ("wcag_lightest_aa", "stops with WCAG ≥ 4.5 against the ramp's _50"),
        ("wcag_darkest_aa", "stops with WCAG ≥ 4.5 against the ramp's _1000"),
        ("apca_lightest_60", "stops with |Lc| ≥ 60 as text on the ramp's _50"),
        ("apca_darkest_60", "stops with |Lc| ≥ 60 as text on the ramp's _1000"),
        ("chroma_mean", "mean OKLCH chroma (gamut use)"),
        ("chroma_max", "largest OKLCH chroma"),
        ("chroma_retained_mean", "mean achieved/requested chroma after the gamut cap"),
        ("chroma_retained_min", "smallest achieved/requested chroma"),
        ("hue_drift_max", "largest |h − ramp hue| over chromatic stops (degrees)"),
        ("hue_drift_mean", "mean |h − ramp hue| over chromatic stops (degrees)"),
        ("out_srgb", "stops outside sRGB"),
        ("out_p3", "stops outside Display P3"),
        ("hue_sep_min", "smallest ΔEOK to another hue's same stop"),
        ("hue_sep_min_protan", "hue_sep_min under simulated protanopia"),
        ("hue_sep_min_deutan", "hue_sep_min under simulated deuteranopia"),
        ("hue_sep_min_tritan", "hue_sep_min under simulated tritanopia"),
        ("hue_sep_mean", "mean over stops of the smallest ΔEOK to another hue's same stop"),
        ("hue_sep_mean_protan", "hue_sep_mean under simulated protanopia"),
        ("hue_sep_mean_deutan", "hue_sep_mean under simulated deuteranopia"),
        ("hue_sep_mean_tritan", "hue_sep_mean under simulated tritanopia"),
    ].map { RampMetric(id: $0.0, summary: $0.1, columns: [$0.0]) }

    /// Per-stop metrics: one column per stop, `<id minus _stops>_<stop>` (`wcag_white_450`).
    public static let perStop: [RampMetric] = [
        ("wcag_white", "WCAG 2.1 ratio against white", 20),
        ("wcag_black", "WCAG 2.1 ratio against black", 20),
        ("apca_white", "Lc as text on white", 20),
        ("apca_black", "Lc as text on black", 20),
        ("chroma", "OKLCH chroma", 20),
        ("de_step", "ΔEOK to the next stop (named by the lighter stop)", 19),
    ].map { id, s, n in RampMetric(id: id + "_stops", summary: s + " at each stop",
                                   columns: Scale.ctk.stops.prefix(n).map { "\(id)_\($0.label)" }) }

    /// The per-stop ladder groups (`ladder_wcag45_stops` …), one column per stop.
    static var researchPerStopMetrics: [RampMetric] {
        researchPerStop.map { g in RampMetric(id: g.id + "_stops", summary: g.summary + " at each stop",
                                              columns: Scale.ctk.stops.map { "\(g.id)_\($0.label)" }) }
    }

    public static var all: [RampMetric] { scalars + research + perStop + researchPerStopMetrics }

    /// The direction each one-column metric improves in (docs/metrics.md): what `--pareto` reads. Metrics not
    /// listed (`de_mean`, `de2000_mean`, `cam16_mean`, per-stop columns) have no better direction.
    public static let better: [String: SweepResult.Goal] = {
        var d: [String: SweepResult.Goal] = [:]
        for m in ["de_min", "l_monotonic", "wcag_adj_min", "wcag_adj_mean", "apca_adj_min", "wcag_ends", "apca_ends",
                  "wcag_white_aa", "wcag_black_aa", "apca_white_60", "apca_black_60", "wcag_lightest_aa", "wcag_darkest_aa",
                  "apca_lightest_60", "apca_darkest_60", "chroma_mean", "chroma_max", "chroma_retained_mean", "chroma_retained_min",
                  "hue_sep_min", "hue_sep_min_protan", "hue_sep_min_deutan", "hue_sep_min_tritan", "hue_sep_mean",
                  "hue_sep_mean_protan", "hue_sep_mean_deutan", "hue_sep_mean_tritan", "de2000_min", "cam16_min",
                  "l_r2", "lstar_r2", "contrast_log_r2", "apca_adj_min_unclipped"] { d[m] = .maximize }
        for m in ["de_max", "de_cv", "l_reversals", "hue_drift_max", "hue_drift_mean", "out_srgb", "out_p3", "de2000_cv", "cam16_cv",
                  "ladder_wcag45_mean", "ladder_wcag45_max", "ladder_apca60_mean", "ladder_apca60_max", "ladder_apca75_mean",
                  "ladder_apca75_max", "hue_drift_cam16_max", "hue_drift_cam16_mean"] { d[m] = .minimize }
        return d
    }()

    /// The better direction of a variant-table column (`de_cv.p90` reads `de_cv`'s), or nil.
    public static func better(column: String) -> SweepResult.Goal? {
        var base = column
        for s in VariantStat.suffixes where base.hasSuffix(s) { base = String(base.dropLast(s.count)) }
        return better[base]
    }

    /// The default selection: the scalars and the research scalars that need no CIELAB or CAM16 conversion.
    public static var defaults: [RampMetric] {
        scalars + research.filter { needsLab.isDisjoint(with: $0.columns) && needsCAM16.isDisjoint(with: $0.columns) }
    }

    /// Every column in the order `compute` fills them.
    public static let allColumns: [String] = all.flatMap(\.columns)

    /// The columns for a selection of metric ids: `default` (`defaults`), `all`, metric ids, or column names
    /// (`wcag_white_450`). Empty = default. Duplicates are dropped; order follows `allColumns`.
    public static func columns(for selection: [String]) throws -> [String] {
        let ids = selection.isEmpty ? ["default"] : selection
        var wanted = Set<String>()
        for id in ids {
            if id == "default" { defaults.forEach { wanted.formUnion($0.columns) }; continue }
            if id == "all" { wanted.formUnion(allColumns); continue }
            if let m = all.first(where: { $0.id == id }) { wanted.formUnion(m.columns); continue }
            if allColumns.contains(id) { wanted.insert(id); continue }
            throw PalettesError.unknownMetric(id, known: all.map(\.id))
        }
        return allColumns.filter { wanted.contains($0) }
    }

    // MARK: - Per-stop inputs

    /// APCA inputs of one color: the soft-clamped luminance and its four exponent powers, so each pair costs
    /// no `pow` (the same formula as `APCA.lc`, regrouped).
    struct APCAStop {
        let y: Double, bg56: Double, txt57: Double, txt62: Double, bg65: Double
        init(luminance raw: Double) {
            y = APCA.softClamp(raw)
            bg56 = pow(y, APCA.normBG); txt57 = pow(y, APCA.normTXT)
            txt62 = pow(y, APCA.revTXT); bg65 = pow(y, APCA.revBG)
        }
    }

    /// APCA Lc of `t` as text on `b` (same result as `APCA.lc(textY:backgroundY:)`).
    @inline(__always)
    static func lc(_ t: APCAStop, on b: APCAStop) -> Double {
        if abs(b.y - t.y) < APCA.deltaYmin { return 0 }
        if b.y > t.y {
            let s = (b.bg56 - t.txt57) * APCA.scaleBoW
            return s < APCA.loClip ? 0 : (s - APCA.loBoWoffset) * 100
        }
        let s = (b.bg65 - t.txt62) * APCA.scaleWoB
        return s > -APCA.loClip ? 0 : (s + APCA.loWoBoffset) * 100
    }

    static let wcagRow = ColorSpace.srgbLinearToXYZ.r1

    struct StopData {
        var lab: [SIMD3<Double>]
        var cvd: [[SIMD3<Double>]]   // protan, deutan, tritan
        var wcagY: [Double]
        var apca: [APCAStop]
    }

    static func oklab(_ lch: SIMD3<Double>) -> SIMD3<Double> {
        let h = lch.z, c = lch.y.isNaN ? 0 : lch.y
        if h.isNaN { return SIMD3(lch.x, 0, 0) }
        let r = h * Double.pi / 180
        return SIMD3(lch.x, c * cos(r), c * sin(r))
    }

    /// Clamps 4 lanes to [0, 1] (the CVD simulation's output clamp).
    @inline(__always)
    static func cvdClamp(_ v: Double4) -> Double4 {
        VectorMathDouble.min(VectorMathDouble.max(v, Double4(repeating: 0)), Double4(repeating: 1))
    }

    /// OKLab of 4 linear sRGB colors (Ottosson's matrices, as `TokenMath.oklab(linearSRGB:)`; the cube root
    /// in 4 lanes).
    @inline(__always)
    static func oklab4(_ r: Double4, _ g: Double4, _ b: Double4) -> (Double4, Double4, Double4) {
        let l = VectorMathDouble.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = VectorMathDouble.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = VectorMathDouble.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    static func stopData(_ b: RampBatch, threads: Int) -> StopData {
        let n = b.count * b.stops
        var lab = [SIMD3<Double>](repeating: .zero, count: n)
        var cp = [SIMD3<Double>](repeating: .zero, count: n), cd = cp, ct = cp
        var wy = [Double](repeating: 0, count: n)
        var ap = [APCAStop](repeating: APCAStop(luminance: 0), count: n)
        let mats = CVD.allCases.map(\.matrix)
        lab.withUnsafeMutableBufferPointer { lb in
        cp.withUnsafeMutableBufferPointer { c0 in
        cd.withUnsafeMutableBufferPointer { c1 in
        ct.withUnsafeMutableBufferPointer { c2 in
        wy.withUnsafeMutableBufferPointer { wb in
        ap.withUnsafeMutableBufferPointer { abp in
            let L = SendablePointer(lb.baseAddress!), W = SendablePointer(wb.baseAddress!), A = SendablePointer(abp.baseAddress!)
            let C = [SendablePointer(c0.baseAddress!), SendablePointer(c1.baseAddress!), SendablePointer(c2.baseAddress!)]
            Parallel.forRanges(count: n, granule: 64, threads: threads) { range in
                for s in range {
                    let lin = b.linear[s]
                    L.p[s] = oklab(b.oklch[s])
                    W.p[s] = max((wcagRow * lin).sum(), 0)
                    let enc = TokenMath.encode(lin)
                    A.p[s] = APCAStop(luminance: APCA.luminance(srgb: enc))
                }
                // Simulated CVD colors in OKLab, 4 stops at a time (the cube root in 4 lanes: relative error
                // ≤ 4e-16, VectorMathDouble.cbrt).
                var s = range.lowerBound
                while s < range.upperBound {
                    let m = min(4, range.upperBound - s)
                    var x = Double4(repeating: 0), y = x, z = x
                    for k in 0..<m { let v = b.linear[s + k]; x[k] = v.x; y[k] = v.y; z[k] = v.z }
                    for k in 0..<3 {
                        let t = mats[k]
                        let r = cvdClamp(t.r0.x * x + t.r0.y * y + t.r0.z * z)
                        let g = cvdClamp(t.r1.x * x + t.r1.y * y + t.r1.z * z)
                        let bl = cvdClamp(t.r2.x * x + t.r2.y * y + t.r2.z * z)
                        let lab = oklab4(r, g, bl)
                        for j in 0..<m { C[k].p[s + j] = SIMD3(lab.0[j], lab.1[j], lab.2[j]) }
                    }
                    s += m
                }
            }
        }}}}}}
        return StopData(lab: lab, cvd: [cp, cd, ct], wcagY: wy, apca: ap)
    }

    // MARK: - Compute

    /// Every metric of every ramp: a row-major table `batch.count × allColumns.count`.
    ///
    /// `groups` are row ranges that share a variant (the hues compared by `hue_sep_min*`).
    /// - Complexity: O(ramps × stops) for per-ramp metrics plus O(Σ hues² × stops) for the cross-hue ones;
    ///   split over `threads` cores (0: all).
    public static func compute(_ b: RampBatch, groups: [Range<Int>], threads: Int = 0, wanted: Set<String>? = nil) -> [Double] {
        let cols = allColumns.count
        let ix = Dictionary(uniqueKeysWithValues: allColumns.enumerated().map { ($1, $0) })
        let d = stopData(b, threads: threads)
        var out = [Double](repeating: .nan, count: b.count * cols)
        let white = APCAStop(luminance: APCA.luminance(srgb: SIMD3(1, 1, 1)))
        let black = APCAStop(luminance: 0)
        let yWhite = WCAG21.luminance(srgb: SIMD3(1, 1, 1))
        let n = b.stops
        func c(_ name: String) -> Int { ix[name]! }
        let (deMean, deMin, deMax, deCV) = (c("de_mean"), c("de_min"), c("de_max"), c("de_cv"))
        let (lMono, lRev) = (c("l_monotonic"), c("l_reversals"))
        let (wAdjMin, wAdjMean, aAdjMin, wEnds, aEnds) = (c("wcag_adj_min"), c("wcag_adj_mean"), c("apca_adj_min"), c("wcag_ends"), c("apca_ends"))
        let (wW, wB, aW, aB) = (c("wcag_white_aa"), c("wcag_black_aa"), c("apca_white_60"), c("apca_black_60"))
        let (wL, wD, aL, aD) = (c("wcag_lightest_aa"), c("wcag_darkest_aa"), c("apca_lightest_60"), c("apca_darkest_60"))
        let (cMean, cMax, crMean, crMin) = (c("chroma_mean"), c("chroma_max"), c("chroma_retained_mean"), c("chroma_retained_min"))
        let (hdMax, hdMean, oS, oP) = (c("hue_drift_max"), c("hue_drift_mean"), c("out_srgb"), c("out_p3"))
        let (pwW, pwB, paW, paB, pC, pDE) = (c("wcag_white_50"), c("wcag_black_50"), c("apca_white_50"), c("apca_black_50"), c("chroma_50"), c("de_step_50"))
        let sep = [c("hue_sep_min"), c("hue_sep_min_protan"), c("hue_sep_min_deutan"), c("hue_sep_min_tritan")]
        let sepMean = [c("hue_sep_mean"), c("hue_sep_mean_protan"), c("hue_sep_mean_deutan"), c("hue_sep_mean_tritan")]

        out.withUnsafeMutableBufferPointer { ob in
            let O = SendablePointer(ob.baseAddress!)
            Parallel.forRanges(count: b.count, granule: 4, threads: threads) { range in
                var de = [Double](repeating: 0, count: n - 1)
                for r in range {
                    let o = O.p + r * cols, s0 = r * n
                    // ΔEOK between neighbours.
                    var sum = 0.0, lo = Double.infinity, hi = -Double.infinity
                    for i in 0..<(n - 1) {
                        let v = d.lab[s0 + i + 1] - d.lab[s0 + i]
                        let e = (v * v).sum().squareRoot()
                        de[i] = e; sum += e; lo = min(lo, e); hi = max(hi, e)
                        o[pDE + i] = e
                    }
                    let mean = sum / Double(n - 1)
                    var varSum = 0.0
                    for e in de { varSum += (e - mean) * (e - mean) }
                    o[deMean] = mean; o[deMin] = lo; o[deMax] = hi
                    o[deCV] = mean > 0 ? (varSum / Double(n - 1)).squareRoot() / mean : .nan
                    // Lightness order.
                    var rev = 0
                    for i in 0..<(n - 1) where !(d.lab[s0 + i + 1].x < d.lab[s0 + i].x) { rev += 1 }
                    o[lRev] = Double(rev); o[lMono] = rev == 0 ? 1 : 0
                    // Contrast between neighbours.
                    var wMin = Double.infinity, wSum = 0.0, aMin = Double.infinity
                    for i in 0..<(n - 1) {
                        let w = WCAG21.ratio(d.wcagY[s0 + i], d.wcagY[s0 + i + 1])
                        wMin = min(wMin, w); wSum += w
                        let p = d.apca[s0 + i], q = d.apca[s0 + i + 1]
                        let a = p.y >= q.y ? lc(q, on: p) : lc(p, on: q)
                        aMin = min(aMin, abs(a))
                    }
                    o[wAdjMin] = wMin; o[wAdjMean] = wSum / Double(n - 1); o[aAdjMin] = aMin
                    let first = s0, last = s0 + n - 1
                    o[wEnds] = WCAG21.ratio(d.wcagY[first], d.wcagY[last])
                    o[aEnds] = abs(lc(d.apca[last], on: d.apca[first]))
                    // Against white, black and the ramp's ends; chroma; gamut; drift.
                    var cW = 0, cB = 0, cAW = 0, cAB = 0, cL = 0, cD = 0, cAL = 0, cAD = 0
                    var chSum = 0.0, chMax = 0.0, retSum = 0.0, retMin = Double.infinity, retN = 0
                    var drMax = 0.0, drSum = 0.0, drN = 0, outS = 0, outP = 0, retUnknown = false
                    let target = TokenMath.roundedHue(b.hues[r])
                    for i in 0..<n {
                        let s = s0 + i, y = d.wcagY[s], ap = d.apca[s]
                        let ww = WCAG21.ratio(y, yWhite), wb = WCAG21.ratio(y, 0)
                        let lw = lc(ap, on: white), lb = lc(ap, on: black)
                        o[pwW + i] = ww; o[pwB + i] = wb; o[paW + i] = lw; o[paB + i] = lb
                        if ww >= 4.5 { cW += 1 }
                        if wb >= 4.5 { cB += 1 }
                        if abs(lw) >= 60 { cAW += 1 }
                        if abs(lb) >= 60 { cAB += 1 }
                        if WCAG21.ratio(y, d.wcagY[first]) >= 4.5 { cL += 1 }
                        if WCAG21.ratio(y, d.wcagY[last]) >= 4.5 { cD += 1 }
                        if abs(lc(ap, on: d.apca[first])) >= 60 { cAL += 1 }
                        if abs(lc(ap, on: d.apca[last])) >= 60 { cAD += 1 }
                        let lch = b.oklch[s]
                        let ch = lch.y.isNaN ? 0 : lch.y
                        o[pC + i] = ch; chSum += ch; chMax = max(chMax, ch)
                        let req = b.requestedChroma[s]
                        if req.isNaN { retUnknown = true } else if req > 1e-9 { let f = ch / req; retSum += f; retMin = min(retMin, f); retN += 1 }
                        if ch > 0.005, lch.z.isFinite {
                            let dh = abs(remainder(lch.z - target, 360))
                            drMax = max(drMax, dh); drSum += dh; drN += 1
                        }
                        let lin = b.linear[s]
                        if lin.min() < -1e-6 || lin.max() > 1 + 1e-6 { outS += 1 }
                        if !TokenMath.inP3(linearSRGB: lin) { outP += 1 }
                    }
                    o[wW] = Double(cW); o[wB] = Double(cB); o[aW] = Double(cAW); o[aB] = Double(cAB)
                    o[wL] = Double(cL); o[wD] = Double(cD); o[aL] = Double(cAL); o[aD] = Double(cAD)
                    o[cMean] = chSum / Double(n); o[cMax] = chMax
                    o[crMean] = retUnknown ? .nan : retN > 0 ? retSum / Double(retN) : 1
                    o[crMin] = retUnknown ? .nan : retN > 0 ? retMin : 1
                    o[hdMax] = drMax; o[hdMean] = drN > 0 ? drSum / Double(drN) : 0
                    o[oS] = Double(outS); o[oP] = Double(outP)
                }
            }
            computeResearch(b, d, into: O, cols: cols, wanted: wanted, threads: threads)
            // Cross-hue separation per variant group.
            let groupList = groups
            Parallel.forRanges(count: groupList.count, granule: 1, threads: threads) { range in
                for g in range {
                    let rows = groupList[g]
                    guard rows.count > 1 else { continue }
                    var overall = [Double](repeating: .infinity, count: rows.count * 4)
                    var sums = [Double](repeating: 0, count: rows.count * 4)
                    var best = overall
                    for i in 0..<n {
                        for k in best.indices { best[k] = .infinity }
                        for (ja, ra) in rows.enumerated() {
                            let sa = ra * n + i
                            let a0 = d.lab[sa], a1 = d.cvd[0][sa], a2 = d.cvd[1][sa], a3 = d.cvd[2][sa]
                            for jb in (ja + 1)..<rows.count {
                                let sb = (rows.lowerBound + jb) * n + i
                                var v = a0 - d.lab[sb]
                                let e0 = (v * v).sum()
                                v = a1 - d.cvd[0][sb]; let e1 = (v * v).sum()
                                v = a2 - d.cvd[1][sb]; let e2 = (v * v).sum()
                                v = a3 - d.cvd[2][sb]; let e3 = (v * v).sum()
                                let pa = ja * 4, pb = jb * 4
                                best[pa] = min(best[pa], e0); best[pb] = min(best[pb], e0)
                                best[pa + 1] = min(best[pa + 1], e1); best[pb + 1] = min(best[pb + 1], e1)
                                best[pa + 2] = min(best[pa + 2], e2); best[pb + 2] = min(best[pb + 2], e2)
                                best[pa + 3] = min(best[pa + 3], e3); best[pb + 3] = min(best[pb + 3], e3)
                            }
                        }
                        for k in best.indices {
                            let e = best[k].squareRoot()
                            overall[k] = min(overall[k], e); sums[k] += e
                        }
                    }
                    for (j, r) in rows.enumerated() {
                        for k in 0..<4 {
                            O.p[r * cols + sep[k]] = overall[j * 4 + k]
                            O.p[r * cols + sepMean[k]] = sums[j * 4 + k] / Double(n)
                        }
                    }
                }
            }
        }
        return out
    }
}
