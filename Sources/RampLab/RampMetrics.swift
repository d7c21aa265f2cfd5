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

    /// Per-stop metrics: one column per stop, `<id minus _stops>_<stop>` (`wcag_white_450`), for ColorTokensKit's
    /// 20 stops (`perStop(stops:)` names them for any scale).
    public static let perStop: [RampMetric] = perStop(stops: Scale.ctk.stops.map(\.label))

    /// The per-stop metrics for ramps whose stops are named `labels` (a scale's stop labels, lightest first):
    /// `wcag_white_<label>` … and `de_step_<label>` for every stop but the last. A group whose names would repeat a
    /// one-column metric's (Material's tone 60: `apca_white_60` is the count of stops reaching Lc 60) names
    /// every one of its columns `<group>_s<label>` instead (`apca_white_s60`).
    public static func perStop(stops labels: [String]) -> [RampMetric] {
        let n = labels.count
        return [
            ("wcag_white", "WCAG 2.1 ratio against white", n),
            ("wcag_black", "WCAG 2.1 ratio against black", n),
            ("apca_white", "Lc as text on white", n),
            ("apca_black", "Lc as text on black", n),
            ("chroma", "OKLCH chroma", n),
            ("de_step", "ΔEOK to the next stop (named by the lighter stop)", n - 1),
        ].map { id, s, k in RampMetric(id: id + "_stops", summary: s + " at each stop", columns: stopColumns(id, labels.prefix(k))) }
    }

    /// The one-column metrics' names (per-stop columns never take them).
    static let singleColumns: Set<String> = Set((scalars + research).flatMap(\.columns))

    /// A per-stop group's columns: `<id>_<label>`, or `<id>_s<label>` for all of them when one would repeat a
    /// one-column metric's name.
    static func stopColumns(_ id: String, _ labels: ArraySlice<String>) -> [String] {
        let plain = labels.map { "\(id)_\($0)" }
        return plain.contains(where: singleColumns.contains) ? labels.map { "\(id)_s\($0)" } : plain
    }

    /// The per-stop ladder groups (`ladder_wcag45_stops` …), one column per stop.
    static var researchPerStopMetrics: [RampMetric] { researchPerStopMetrics(stops: Scale.ctk.stops.map(\.label)) }

    static func researchPerStopMetrics(stops labels: [String]) -> [RampMetric] {
        researchPerStop.map { g in RampMetric(id: g.id + "_stops", summary: g.summary + " at each stop",
                                              columns: stopColumns(g.id, labels[...])) }
    }

    /// Every metric for ColorTokensKit's 20 stops.
    public static var all: [RampMetric] { all(stops: Scale.ctk.stops.map(\.label)) }

    /// Every metric for ramps whose stops are named `labels`: the one-column metrics, then the per-stop groups
    /// with one column per stop.
    public static func all(stops labels: [String]) -> [RampMetric] {
        scalars + research + perStop(stops: labels) + researchPerStopMetrics(stops: labels)
    }

    /// Every metric for ramps of a scale's stops.
    public static func all(scale: Scale) -> [RampMetric] { all(stops: scale.stops.map(\.label)) }

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

    /// Every column in the order `compute` fills them, for ColorTokensKit's 20 stops.
    public static let allColumns: [String] = all.flatMap(\.columns)

    /// Every column in the order `compute` fills them, for ramps of a scale's stops (per-stop columns named by
    /// its stop labels: `wcag_white_950` on `tailwind`, `chroma_12` on `radix`).
    public static func allColumns(scale: Scale) -> [String] {
        scale == .ctk ? allColumns : all(scale: scale).flatMap(\.columns)
    }

    /// The layout `compute` fills for ramps of `n` stops: `allColumns(scale:)` of any scale with `n` stops (the
    /// per-stop columns named here by ColorTokensKit's first `n` stops, `#20` … past them: only order and width
    /// matter).
    static func layout(stops n: Int) -> [String] {
        n == Scale.ctk.count ? allColumns
            : all(stops: (0..<n).map { $0 < Scale.ctk.count ? Scale.ctk.stops[$0].label : "#\($0)" }).flatMap(\.columns)
    }

    /// The name of per-stop group `id`'s first column in `layout(stops:)`.
    static func firstStopColumn(_ id: String) -> String { id + "_" + Scale.ctk.stops[0].label }

    /// The columns for a selection of metric ids: `default` (`defaults`), `all`, metric ids, or column names
    /// (`wcag_white_450`; per-stop names are the scale's stop labels). Empty = default. Duplicates are dropped;
    /// order follows `allColumns(scale:)`.
    public static func columns(for selection: [String], scale: Scale = .ctk) throws -> [String] {
        let ids = selection.isEmpty ? ["default"] : selection
        let every = all(scale: scale), everyColumn = allColumns(scale: scale)
        var wanted = Set<String>()
        for id in ids {
            if id == "default" { defaults.forEach { wanted.formUnion($0.columns) }; continue }
            if id == "all" { wanted.formUnion(everyColumn); continue }
            if let m = every.first(where: { $0.id == id }) { wanted.formUnion(m.columns); continue }
            if everyColumn.contains(id) { wanted.insert(id); continue }
            throw PalettesError.unknownMetric(id, known: every.map(\.id))
        }
        return everyColumn.filter { wanted.contains($0) }
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

    /// The per-stop inputs of every stop of a batch: OKLab, CVD-simulated OKLab (protan, deutan, tritan), WCAG Y,
    /// the APCA powers, CIE L\* of the WCAG Y and the gamut flags (bit 0: outside sRGB, bit 1: outside Display
    /// P3). Owned memory, read by the metric loops through pointers.
    final class StopData: @unchecked Sendable {
        let count: Int
        let lab, cvd0, cvd1, cvd2: UnsafeMutablePointer<SIMD3<Double>>
        let wcagY, lstar: UnsafeMutablePointer<Double>
        let apca: UnsafeMutablePointer<APCAStop>
        let gamut: UnsafeMutablePointer<UInt8>
        /// CIELAB D65 and CAM16 JMh of each stop (through ColorCore's reference), when a selected metric needs them.
        var labD65: UnsafeMutablePointer<SIMD3<Double>>? = nil, jmh: UnsafeMutablePointer<SIMD3<Double>>? = nil
        init(count n: Int) {
            count = n
            lab = .allocate(capacity: max(n, 1)); cvd0 = .allocate(capacity: max(n, 1))
            cvd1 = .allocate(capacity: max(n, 1)); cvd2 = .allocate(capacity: max(n, 1))
            wcagY = .allocate(capacity: max(n, 1)); lstar = .allocate(capacity: max(n, 1))
            apca = .allocate(capacity: max(n, 1)); gamut = .allocate(capacity: max(n, 1))
        }
        deinit {
            lab.deallocate(); cvd0.deallocate(); cvd1.deallocate(); cvd2.deallocate()
            wcagY.deallocate(); lstar.deallocate(); apca.deallocate(); gamut.deallocate()
            labD65?.deallocate(); jmh?.deallocate()
        }
        func cvd(_ k: Int) -> UnsafeMutablePointer<SIMD3<Double>> { k == 0 ? cvd0 : k == 1 ? cvd1 : cvd2 }
    }

    /// A batch's stop arrays as pointers, valid inside `RampBatch.withView`.
    struct BatchView: @unchecked Sendable {
        let oklch: UnsafePointer<SIMD3<Double>>, linear: UnsafePointer<SIMD3<Double>>
        let requestedChroma: UnsafePointer<Double>, hues: UnsafePointer<Double>
        let count: Int, stops: Int
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

    /// The per-stop inputs of every stop of `v`. A stop whose OKLCH and linear sRGB bits equal an earlier stop's
    /// in the same core's share is copied from it instead of computed again (sweeps repeat stops: a parameter
    /// that moves only some stops leaves the others bit-identical across variants), so the powers and cube roots
    /// run once per distinct stop; the values are the same bits either way.
    /// - Complexity: O(stops) hashing plus O(distinct stops) conversions (10 `pow`, 9 cube roots each), split
    ///   over `threads` cores.
    static func stopData(_ v: BatchView, threads: Int, toLab: ConversionPlan? = nil, toJMh: ConversionPlan? = nil,
                         cache: StopCache? = nil) -> StopData {
        // The sweep's cache holds the inputs every metric reads by default (not CIELAB or CAM16).
        let cache = toLab == nil && toJMh == nil ? cache : nil
        let pending = StopCache.Pending()
        let n = v.count * v.stops
        let d = StopData(count: n)
        if toLab != nil { d.labD65 = .allocate(capacity: max(n, 1)) }
        if toJMh != nil { d.jmh = .allocate(capacity: max(n, 1)) }
        let mats = CVD.allCases.map(\.matrix)
        let (m0, m1, m2) = (mats[0], mats[1], mats[2])
        let st = v.stops
        Parallel.forRanges(count: v.count, granule: 4, threads: threads) { ramps in
            let range = (ramps.lowerBound * st)..<(ramps.upperBound * st)
            let len = range.count
            // Distinct stops of this share: rep[k] = the first stop with the same bits (range-relative). A stop's
            // repeats are the same stop of other ramps of the same hue, so each (hue, stop) group is looked up
            // in a small table.
            let rep = UnsafeMutablePointer<Int32>.allocate(capacity: len)
            defer { rep.deallocate() }
            let hashes = UnsafeMutablePointer<Int>.allocate(capacity: len)
            defer { hashes.deallocate() }
            let base = range.lowerBound
            let order = ramps.sorted { v.hues[$0].bitPattern < v.hues[$1].bitPattern }
            var runs: [Range<Int>] = []
            var a = 0
            while a < order.count {
                var e = a + 1
                while e < order.count && v.hues[order[e]].bitPattern == v.hues[order[a]].bitPattern { e += 1 }
                runs.append(a..<e); a = e
            }
            let index = DistinctIndex(capacity: runs.map(\.count).max() ?? 0)
            defer { index.deallocate() }
            for run in runs {
                for i in 0..<st {
                    index.reset(count: run.count)
                    for o in run {
                        let s = order[o] * st + i, c = v.linear[s], ok = v.oklch[s]
                        let h = DistinctIndex.hash(c.x.bitPattern, c.y.bitPattern, c.z.bitPattern, ok.x.bitPattern, ok.y.bitPattern, ok.z.bitPattern)
                        hashes[s - base] = h
                        let j = index.find(hash: h, Int32(o)) { j in
                            let sj = order[Int(j)] * st + i
                            let cj = v.linear[sj], oj = v.oklch[sj]
                            return cj.x.bitPattern == c.x.bitPattern && cj.y.bitPattern == c.y.bitPattern && cj.z.bitPattern == c.z.bitPattern
                                && oj.x.bitPattern == ok.x.bitPattern && oj.y.bitPattern == ok.y.bitPattern && oj.z.bitPattern == ok.z.bitPattern
                        }
                        rep[s - base] = Int32(order[Int(j)] * st + i - base)
                    }
                }
            }
            // Distinct stops: OKLab, WCAG Y, APCA, L*, gamut; CVD OKLab 4 stops at a time (the cube root in 4 lanes:
            // relative error ≤ 4e-16, VectorMathDouble.cbrt; lanes are independent, so grouping does not matter).
            let lanes = UnsafeMutablePointer<Int>.allocate(capacity: 4)
            defer { lanes.deallocate() }
            var filled = 0
            func cvdLanes(_ m: Int) {
                var x = Double4(repeating: 0), y = x, z = x
                for k in 0..<m { let c = v.linear[lanes[k]]; x[k] = c.x; y[k] = c.y; z[k] = c.z }
                func simulate(_ t: Matrix3, into out: UnsafeMutablePointer<SIMD3<Double>>) {
                    let r = cvdClamp(t.r0.x * x + t.r0.y * y + t.r0.z * z)
                    let g = cvdClamp(t.r1.x * x + t.r1.y * y + t.r1.z * z)
                    let bl = cvdClamp(t.r2.x * x + t.r2.y * y + t.r2.z * z)
                    let lab = oklab4(r, g, bl)
                    for j in 0..<m { out[lanes[j]] = SIMD3(lab.0[j], lab.1[j], lab.2[j]) }
                }
                simulate(m0, into: d.cvd0); simulate(m1, into: d.cvd1); simulate(m2, into: d.cvd2)
            }
            // Stops the sweep's cache holds are copied from it; the others are computed and offered to it.
            var computed: [Int] = []
            for k in 0..<len where rep[k] == Int32(k) {
                let s = base + k, lin = v.linear[s]
                if let c = cache {
                    let ok = v.oklch[s]
                    let key = StopCache.Key(linear: SIMD3(lin.x.bitPattern, lin.y.bitPattern, lin.z.bitPattern),
                                            oklch: SIMD3(ok.x.bitPattern, ok.y.bitPattern, ok.z.bitPattern))
                    if let e = c.table.find(key, hash: hashes[k]) {
                        d.lab[s] = e.lab; d.cvd0[s] = e.cvd0; d.cvd1[s] = e.cvd1; d.cvd2[s] = e.cvd2
                        d.wcagY[s] = e.wcagY; d.lstar[s] = e.lstar; d.apca[s] = e.apca; d.gamut[s] = e.gamut
                        continue
                    }
                    computed.append(k)
                }
                d.lab[s] = oklab(v.oklch[s])
                let y = max((wcagRow * lin).sum(), 0)
                d.wcagY[s] = y
                d.lstar[s] = TokenMath.lightnessStar(luminance: max(y, 0))
                let enc = TokenMath.encode(lin)
                d.apca[s] = APCAStop(luminance: APCA.luminance(srgb: enc))
                d.gamut[s] = (lin.min() < -1e-6 || lin.max() > 1 + 1e-6 ? 1 : 0) | (TokenMath.inP3(linearSRGB: lin) ? 0 : 2)
                if let plan = toLab, let out = d.labD65 { out[s] = plan.apply(lin) }
                if let plan = toJMh, let out = d.jmh { out[s] = plan.apply(lin) }
                lanes[filled] = s
                filled += 1
                if filled == 4 { cvdLanes(4); filled = 0 }
            }
            if filled > 0 { cvdLanes(filled) }
            if cache != nil {
                pending.add(computed.map { k in
                    let s = base + k, lin = v.linear[s], ok = v.oklch[s]
                    return (StopCache.Key(linear: SIMD3(lin.x.bitPattern, lin.y.bitPattern, lin.z.bitPattern),
                                          oklch: SIMD3(ok.x.bitPattern, ok.y.bitPattern, ok.z.bitPattern)), hashes[k],
                            StopCache.Entry(lab: d.lab[s], cvd0: d.cvd0[s], cvd1: d.cvd1[s], cvd2: d.cvd2[s], wcagY: d.wcagY[s],
                                            lstar: d.lstar[s], apca: d.apca[s], gamut: d.gamut[s]))
                })
            }
            // Repeated stops: copies.
            for k in 0..<len where rep[k] != Int32(k) {
                let s = base + k, r = base + Int(rep[k])
                d.lab[s] = d.lab[r]; d.cvd0[s] = d.cvd0[r]; d.cvd1[s] = d.cvd1[r]; d.cvd2[s] = d.cvd2[r]
                d.wcagY[s] = d.wcagY[r]; d.lstar[s] = d.lstar[r]; d.apca[s] = d.apca[r]; d.gamut[s] = d.gamut[r]
                if let out = d.labD65 { out[s] = out[r] }
                if let out = d.jmh { out[s] = out[r] }
            }
        }
        cache?.merge(pending)
        return d
    }

    /// The per-stop inputs of stops already seen by one sweep (`Sweep` keeps one for its run and passes it to
    /// `compute` block after block): keyed by a stop's linear sRGB and OKLCH bits, the exact values
    /// `stopData` computed for it, so a stop repeated in later blocks is copied, not computed again. Bounded
    /// (`ExactTable`): past `limit` stops nothing more is kept.
    final class StopCache: @unchecked Sendable {
        struct Key: Equatable { let linear: SIMD3<UInt64>, oklch: SIMD3<UInt64> }
        struct Entry {
            let lab, cvd0, cvd1, cvd2: SIMD3<Double>
            let wcagY, lstar: Double
            let apca: APCAStop
            let gamut: UInt8
        }
        let table: ExactTable<Key, Entry>
        /// 2¹⁵ stops: about 9 MB.
        init(limit: Int = 1 << 15) { table = ExactTable(limit: limit) }

        /// One block's new stops, gathered from every core.
        final class Pending: @unchecked Sendable {
            var items: [(Key, Int, Entry)] = []
            let lock = NSLock()
            func add(_ more: [(Key, Int, Entry)]) { lock.lock(); items += more; lock.unlock() }
        }

        func merge(_ p: Pending) {
            for (k, h, e) in p.items { table.insert(k, hash: h, e) }
            p.items.removeAll()
        }
    }

    // MARK: - Compute

    /// Every metric of every ramp: a row-major table `batch.count × allColumns(scale:).count` for the batch's
    /// scale (the columns of ramps of `batch.stops` stops).
    ///
    /// `groups` are row ranges that share a variant (the hues compared by `hue_sep_min*`).
    /// - Complexity: O(ramps × stops) for per-ramp metrics (O(ramps × stops²) at most for the pairwise ladders)
    ///   plus O(Σ hues² × stops) for the cross-hue ones; split over `threads` cores (0: all).
    public static func compute(_ b: RampBatch, groups: [Range<Int>], threads: Int = 0, wanted: Set<String>? = nil) -> [Double] {
        compute(b, groups: groups, threads: threads, wanted: wanted, cache: nil)
    }

    /// `compute` with the per-stop inputs of earlier blocks of the same sweep (`StopCache`): the same values.
    static func compute(_ b: RampBatch, groups: [Range<Int>], threads: Int, wanted: Set<String>?, cache: StopCache?) -> [Double] {
        let cols = layout(stops: b.stops).count
        var out = [Double](repeating: .nan, count: b.count * cols)
        b.withView { v in
            let research = ResearchPlan(stops: v.stops, wanted: wanted)
            let d = stopData(v, threads: threads, toLab: research.toLab, toJMh: research.toJMh, cache: cache)
            out.withUnsafeMutableBufferPointer { ob in
                let O = SendablePointer(ob.baseAddress!)
                let k = Columns(stops: v.stops)
                Parallel.forRanges(count: v.count, granule: 4, threads: threads) { range in
                    let scratch = RampScratch(stops: v.stops)
                    for r in range {
                        rampMetrics(r, v, d, O.p + r * cols, k)
                        researchMetrics(r, v, d, O.p + r * cols, research, scratch)
                    }
                }
                crossHue(v, d, groups: groups, into: O, cols: cols, k, threads: threads)
            }
            withExtendedLifetime(d) {}
        }
        return out
    }

    /// Column indices of the metrics `rampMetrics` and `crossHue` fill.
    struct Columns {
        let deMean, deMin, deMax, deCV, lMono, lRev: Int
        let wAdjMin, wAdjMean, aAdjMin, wEnds, aEnds: Int
        let wW, wB, aW, aB, wL, wD, aL, aD: Int
        let cMean, cMax, crMean, crMin, hdMax, hdMean, oS, oP: Int
        let pwW, pwB, paW, paB, pC, pDE: Int
        let sep: [Int], sepMean: [Int]
        init(stops n: Int) {
            let ix = Dictionary(uniqueKeysWithValues: RampMetrics.layout(stops: n).enumerated().map { ($1, $0) })
            func c(_ name: String) -> Int { ix[name]! }
            func first(_ id: String) -> Int { ix[RampMetrics.firstStopColumn(id)]! }
            (deMean, deMin, deMax, deCV) = (c("de_mean"), c("de_min"), c("de_max"), c("de_cv"))
            (lMono, lRev) = (c("l_monotonic"), c("l_reversals"))
            (wAdjMin, wAdjMean, aAdjMin, wEnds, aEnds) = (c("wcag_adj_min"), c("wcag_adj_mean"), c("apca_adj_min"), c("wcag_ends"), c("apca_ends"))
            (wW, wB, aW, aB) = (c("wcag_white_aa"), c("wcag_black_aa"), c("apca_white_60"), c("apca_black_60"))
            (wL, wD, aL, aD) = (c("wcag_lightest_aa"), c("wcag_darkest_aa"), c("apca_lightest_60"), c("apca_darkest_60"))
            (cMean, cMax, crMean, crMin) = (c("chroma_mean"), c("chroma_max"), c("chroma_retained_mean"), c("chroma_retained_min"))
            (hdMax, hdMean, oS, oP) = (c("hue_drift_max"), c("hue_drift_mean"), c("out_srgb"), c("out_p3"))
            (pwW, pwB, paW, paB, pC, pDE) = (first("wcag_white"), first("wcag_black"), first("apca_white"), first("apca_black"), first("chroma"), first("de_step"))
            sep = [c("hue_sep_min"), c("hue_sep_min_protan"), c("hue_sep_min_deutan"), c("hue_sep_min_tritan")]
            sepMean = [c("hue_sep_mean"), c("hue_sep_mean_protan"), c("hue_sep_mean_deutan"), c("hue_sep_mean_tritan")]
        }
    }

    static let whiteAPCA = APCAStop(luminance: APCA.luminance(srgb: SIMD3(1, 1, 1)))
    static let blackAPCA = APCAStop(luminance: 0)
    static let whiteY = WCAG21.luminance(srgb: SIMD3(1, 1, 1))

    /// The per-ramp metrics of ramp `r` (neighbour steps, order, contrast, chroma, drift, gamut) into `o`.
    @inline(__always)
    static func rampMetrics(_ r: Int, _ b: BatchView, _ d: StopData, _ o: UnsafeMutablePointer<Double>, _ k: Columns) {
        let n = b.stops, s0 = r * n
        let lab = d.lab + s0, wy = d.wcagY + s0, ap = d.apca + s0
        // ΔEOK between neighbours.
        var sum = 0.0, lo = Double.infinity, hi = -Double.infinity
        for i in 0..<(n - 1) {
            let v = lab[i + 1] - lab[i]
            let e = (v * v).sum().squareRoot()
            sum += e; lo = min(lo, e); hi = max(hi, e)
            o[k.pDE + i] = e
        }
        let mean = sum / Double(n - 1)
        var varSum = 0.0
        for i in 0..<(n - 1) { let e = o[k.pDE + i]; varSum += (e - mean) * (e - mean) }
        o[k.deMean] = mean; o[k.deMin] = lo; o[k.deMax] = hi
        o[k.deCV] = mean > 0 ? (varSum / Double(n - 1)).squareRoot() / mean : .nan
        // Lightness order.
        var rev = 0
        for i in 0..<(n - 1) where !(lab[i + 1].x < lab[i].x) { rev += 1 }
        o[k.lRev] = Double(rev); o[k.lMono] = rev == 0 ? 1 : 0
        // Contrast between neighbours.
        var wMin = Double.infinity, wSum = 0.0, aMin = Double.infinity
        for i in 0..<(n - 1) {
            let w = WCAG21.ratio(wy[i], wy[i + 1])
            wMin = min(wMin, w); wSum += w
            let p = ap[i], q = ap[i + 1]
            let a = p.y >= q.y ? lc(q, on: p) : lc(p, on: q)
            aMin = min(aMin, abs(a))
        }
        o[k.wAdjMin] = wMin; o[k.wAdjMean] = wSum / Double(n - 1); o[k.aAdjMin] = aMin
        let first = 0, last = n - 1
        o[k.wEnds] = WCAG21.ratio(wy[first], wy[last])
        o[k.aEnds] = abs(lc(ap[last], on: ap[first]))
        // Against white, black and the ramp's ends; chroma; gamut; drift.
        var cW = 0, cB = 0, cAW = 0, cAB = 0, cL = 0, cD = 0, cAL = 0, cAD = 0
        var chSum = 0.0, chMax = 0.0, retSum = 0.0, retMin = Double.infinity, retN = 0
        var drMax = 0.0, drSum = 0.0, drN = 0, outS = 0, outP = 0, retUnknown = false
        let target = TokenMath.roundedHue(b.hues[r])
        let white = whiteAPCA, black = blackAPCA, yWhite = whiteY
        let apFirst = ap[first], apLast = ap[last], yFirst = wy[first], yLast = wy[last]
        for i in 0..<n {
            let s = s0 + i, y = wy[i], a = ap[i]
            let ww = WCAG21.ratio(y, yWhite), wb = WCAG21.ratio(y, 0)
            let lw = lc(a, on: white), lb = lc(a, on: black)
            o[k.pwW + i] = ww; o[k.pwB + i] = wb; o[k.paW + i] = lw; o[k.paB + i] = lb
            if ww >= 4.5 { cW += 1 }
            if wb >= 4.5 { cB += 1 }
            if abs(lw) >= 60 { cAW += 1 }
            if abs(lb) >= 60 { cAB += 1 }
            if WCAG21.ratio(y, yFirst) >= 4.5 { cL += 1 }
            if WCAG21.ratio(y, yLast) >= 4.5 { cD += 1 }
            if abs(lc(a, on: apFirst)) >= 60 { cAL += 1 }
            if abs(lc(a, on: apLast)) >= 60 { cAD += 1 }
            let lch = b.oklch[s]
            let ch = lch.y.isNaN ? 0 : lch.y
            o[k.pC + i] = ch; chSum += ch; chMax = max(chMax, ch)
            let req = b.requestedChroma[s]
            if req.isNaN { retUnknown = true } else if req > 1e-9 { let f = ch / req; retSum += f; retMin = min(retMin, f); retN += 1 }
            if ch > 0.005, lch.z.isFinite {
                // remainder(d, 360) is d itself for |d| ≤ 180 (exact either way); the call only for wider gaps.
                let d = lch.z - target
                let dh = abs(d) <= 180 ? abs(d) : abs(remainder(d, 360))
                drMax = max(drMax, dh); drSum += dh; drN += 1
            }
            let g = d.gamut[s]
            outS &+= Int(g & 1); outP &+= Int(g >> 1)
        }
        o[k.wW] = Double(cW); o[k.wB] = Double(cB); o[k.aW] = Double(cAW); o[k.aB] = Double(cAB)
        o[k.wL] = Double(cL); o[k.wD] = Double(cD); o[k.aL] = Double(cAL); o[k.aD] = Double(cAD)
        o[k.cMean] = chSum / Double(n); o[k.cMax] = chMax
        o[k.crMean] = retUnknown ? .nan : retN > 0 ? retSum / Double(retN) : 1
        o[k.crMin] = retUnknown ? .nan : retN > 0 ? retMin : 1
        o[k.hdMax] = drMax; o[k.hdMean] = drN > 0 ? drSum / Double(drN) : 0
        o[k.oS] = Double(outS); o[k.oP] = Double(outP)
    }

    /// Cross-hue separation per variant group (`hue_sep_*`): for each stop, the smallest squared ΔEOK (and under
    /// each CVD) to the same stop of any other ramp of the group.
    ///
    /// The four spaces (OKLab, protan, deutan, tritan) run as the 4 lanes of `SIMD4<Double>`: per stop the
    /// group's colors are packed as x, y, z lanes, each pair's squared distances are (dx² + dy²) + dz² per lane
    /// (the order of `(v * v).sum()`), minima by `e < best ? e : best` (Swift's `min`). The same bits as one
    /// space at a time.
    static func crossHue(_ b: BatchView, _ d: StopData, groups: [Range<Int>], into O: SendablePointer<Double>, cols: Int,
                         _ k: Columns, threads: Int) {
        typealias D4 = SIMD4<Double>
        let n = b.stops
        let widest = groups.map(\.count).max() ?? 0
        guard widest > 1 else { return }
        Parallel.forRanges(count: groups.count, granule: 1, threads: threads) { range in
            // Per core: the group's colors at one stop (lanes: OKLab, protan, deutan, tritan), each ramp's best
            // squared distance at that stop, its smallest distance over stops and their sum.
            let px = UnsafeMutablePointer<D4>.allocate(capacity: 6 * widest)
            defer { px.deallocate() }
            let py = px + widest, pz = py + widest, best = pz + widest, overall = best + widest, sums = overall + widest
            let spaces = (d.lab, d.cvd0, d.cvd1, d.cvd2)
            for g in range {
                let rows = groups[g], m = rows.count
                guard m > 1 else { continue }
                for j in 0..<m { overall[j] = D4(repeating: .infinity); sums[j] = D4(repeating: 0) }
                for i in 0..<n {
                    for j in 0..<m {
                        let s = (rows.lowerBound + j) * n + i
                        let c0 = spaces.0[s], c1 = spaces.1[s], c2 = spaces.2[s], c3 = spaces.3[s]
                        px[j] = D4(c0.x, c1.x, c2.x, c3.x); py[j] = D4(c0.y, c1.y, c2.y, c3.y); pz[j] = D4(c0.z, c1.z, c2.z, c3.z)
                        best[j] = D4(repeating: .infinity)
                    }
                    for ja in 0..<m {
                        let ax = px[ja], ay = py[ja], az = pz[ja]
                        var ba = best[ja]
                        for jb in (ja + 1)..<m {
                            let dx = ax - px[jb], dy = ay - py[jb], dz = az - pz[jb]
                            let e = (dx * dx + dy * dy) + dz * dz
                            ba.replace(with: e, where: e .< ba)
                            var bb = best[jb]
                            bb.replace(with: e, where: e .< bb)
                            best[jb] = bb
                        }
                        best[ja] = ba
                    }
                    for j in 0..<m {
                        let e = best[j].squareRoot()
                        var ov = overall[j]
                        ov.replace(with: e, where: e .< ov)
                        overall[j] = ov
                        sums[j] += e
                    }
                }
                for (j, r) in rows.enumerated() {
                    let ov = overall[j], sm = sums[j]
                    for q in 0..<4 {
                        O.p[r * cols + k.sep[q]] = ov[q]
                        O.p[r * cols + k.sepMean[q]] = sm[q] / Double(n)
                    }
                }
            }
        }
    }
}

extension RampBatch {
    /// Calls `body` with pointers to this batch's stop arrays.
    func withView<R>(_ body: (RampMetrics.BatchView) throws -> R) rethrows -> R {
        try oklch.withUnsafeBufferPointer { ok in
            try linear.withUnsafeBufferPointer { ln in
                try requestedChroma.withUnsafeBufferPointer { rq in
                    try hues.withUnsafeBufferPointer { h in
                        let one = UnsafeMutablePointer<Double>.allocate(capacity: 1)
                        defer { one.deallocate() }
                        let any3 = UnsafeMutablePointer<SIMD3<Double>>.allocate(capacity: 1)
                        defer { any3.deallocate() }
                        return try body(RampMetrics.BatchView(oklch: ok.baseAddress ?? UnsafePointer(any3), linear: ln.baseAddress ?? UnsafePointer(any3),
                                                              requestedChroma: rq.baseAddress ?? UnsafePointer(one), hues: h.baseAddress ?? UnsafePointer(one),
                                                              count: count, stops: stops))
                    }
                }
            }
        }
    }
}
