import ColorIO
import ColorCore
import Palettes
import ColorExport
import Foundation

/// The Pareto front of two objectives over a sweep's variants and any baselines scored beside them.
///
/// Each axis is a variant-table column (`chroma_mean`, `de_cv.p90`) with the direction that is better: the
/// metric's declaration (`RampMetrics.better`) or written after a colon (`de_mean:max`). An entry is on the front
/// when no other entry is at least as good on both axes and better on one. Entries with a NaN value on either
/// axis are left out. - Complexity: O(n log n) for n variants.
public struct ParetoFront: Sendable {
    public struct Axis: Sendable, Equatable {
        public let column: String
        public let goal: SweepResult.Goal
        public var text: String { "\(column):\(goal == .maximize ? "max" : "min")" }
    }

    public struct Entry: Sendable {
        /// `variant` or `baseline`.
        public let kind: String
        /// The variant index, or -1 for a baseline.
        public let variant: Int
        /// The variant's parameters (`margin=0.95 chroma_scale=1.1`) or the baseline id.
        public let label: String
        public let a: Double, b: Double
        public let onFront: Bool
    }

    public let a: Axis, b: Axis
    /// Every entry with finite values on both axes: variants in table order, then baselines.
    public let entries: [Entry]
    /// The entries on the front, ordered by the first axis (best first).
    public var front: [Entry] {
        entries.filter(\.onFront).sorted { a.goal == .maximize ? $0.a > $1.a : $0.a < $1.a }
    }

    /// Parses `A,B` where each is `column` or `column:max|min`, checked against `columns` (the variant table's).
    public static func axes(_ text: String, columns: [String]) throws -> (Axis, Axis) {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { throw RampLabError.invalid("pareto \(text): give two objectives, e.g. --pareto chroma_mean,de_cv") }
        let metricColumns = columns.filter { $0 != "variant" }
        let axes = try parts.map { p -> Axis in
            let bits = p.split(separator: ":").map(String.init)
            let column = bits[0]
            guard metricColumns.contains(column) else {
                throw RampLabError.invalid("pareto: '\(column)' is not a column of the variant table\(Suggest.phrase(column, among: metricColumns)); use a metric from --metrics, optionally ending in \(VariantStat.suffixes.joined(separator: ", "))")
            }
            if bits.count == 2 {
                guard bits[1] == "max" || bits[1] == "min" else { throw RampLabError.invalid("pareto: '\(p)': the direction after ':' is max or min") }
                return Axis(column: column, goal: bits[1] == "max" ? .maximize : .minimize)
            }
            guard bits.count == 1, let goal = RampMetrics.better(column: column) else {
                throw RampLabError.invalid("pareto: \(column) has no declared better direction; write \(column):max or \(column):min")
            }
            return Axis(column: column, goal: goal)
        }
        guard axes[0].column != axes[1].column else { throw RampLabError.invalid("pareto \(text): give two different objectives") }
        return (axes[0], axes[1])
    }

    /// Which points are on the front (both axes turned into "larger is better").
    public static func onFront(_ a: [Double], _ b: [Double]) -> [Bool] {
        let order = a.indices.sorted { a[$0] != a[$1] ? a[$0] > a[$1] : b[$0] > b[$1] }
        var out = [Bool](repeating: false, count: a.count)
        var maxB = -Double.infinity, last: Int? = nil
        for i in order {
            if b[i] > maxB { out[i] = true; maxB = b[i]; last = i }
            else if let l = last, b[i] == b[l], a[i] == a[l] { out[i] = true }
        }
        return out
    }

    public init(_ r: SweepResult, a: Axis, b: Axis, baselines: [BaselineScores] = []) {
        self.a = a; self.b = b
        var kinds: [(String, Int, String)] = [], av: [Double] = [], bv: [Double] = []
        for v in 0..<r.variantCount {
            let x = r.value(variant: v, a.column) ?? .nan, y = r.value(variant: v, b.column) ?? .nan
            guard x.isFinite, y.isFinite else { continue }
            kinds.append(("variant", v, TuningPictures.label(r, variant: v))); av.append(x); bv.append(y)
        }
        for s in baselines {
            let x = s.value(a.column) ?? .nan, y = s.value(b.column) ?? .nan
            guard x.isFinite, y.isFinite else { continue }
            kinds.append(("baseline", -1, s.baseline.id)); av.append(x); bv.append(y)
        }
        let sa = a.goal == .maximize ? 1.0 : -1.0, sb = b.goal == .maximize ? 1.0 : -1.0
        let front = Self.onFront(av.map { $0 * sa }, bv.map { $0 * sb })
        entries = kinds.indices.map { Entry(kind: kinds[$0].0, variant: kinds[$0].1, label: kinds[$0].2, a: av[$0], b: bv[$0], onFront: front[$0]) }
    }

    /// `pareto.csv`: the entries on the front (best first by the first axis), then every baseline not on it:
    /// `kind,variant,label,<a>,<b>,on_front`.
    public func csv() -> String {
        var s = "kind,variant,label,\(a.column),\(b.column),on_front\n"
        let rows = front + entries.filter { $0.kind == "baseline" && !$0.onFront }
        for e in rows {
            s += "\(e.kind),\(e.kind == "variant" ? String(e.variant) : ""),\(SweepOutput.csvField(e.label)),"
            s += "\(SweepOutput.number(e.a)),\(SweepOutput.number(e.b)),\(e.onFront ? 1 : 0)\n"
        }
        return s
    }

    /// The most variants drawn as grey dots (evenly chosen; the front and baselines are always drawn).
    public static let maxDots = 5000

    /// A scatter plot: every variant a grey dot (at most `maxDots`), the front as a colored line with markers,
    /// baselines as labelled diamonds; axis titles say which way is better.
    public func plot(title: String) -> LinePlot {
        let variants = entries.filter { $0.kind == "variant" }
        let step = max(1, (variants.count + Self.maxDots - 1) / Self.maxDots)
        var dots = LinePlot.Series(name: "variants", color: (185, 185, 185),
                                   points: stride(from: 0, to: variants.count, by: step).map { (x: variants[$0].a, y: variants[$0].b) }, lines: false)
        dots.radius = 2.5
        var frontLine = LinePlot.Series(name: "Pareto front (\(front.count))", color: (213, 94, 0), points: front.map { (x: $0.a, y: $0.b) })
        frontLine.radius = 4.5; frontLine.width = 2
        var series = [dots, frontLine]
        for (k, e) in entries.filter({ $0.kind == "baseline" }).enumerated() {
            var se = LinePlot.Series(name: "\(e.label) (baseline\(e.onFront ? ", on the front" : ""))",
                                     color: TuningPictures.baselineColors[k % TuningPictures.baselineColors.count], points: [(x: e.a, y: e.b)], lines: false)
            se.marker = .diamond; se.radius = 5.5; se.pointLabel = e.label
            series.append(se)
        }
        func axis(_ x: Axis) -> String { x.column + (x.goal == .maximize ? " (higher is better →)" : " (lower is better ←)") }
        var p = LinePlot(title: title, xLabel: axis(a), yLabel: axis(b).replacingOccurrences(of: "→", with: "↑").replacingOccurrences(of: "←", with: "↓"), series: series)
        if step > 1 { p.legendNotes = ["every \(step)th of \(variants.count) variants shown"] }
        return p
    }
}
