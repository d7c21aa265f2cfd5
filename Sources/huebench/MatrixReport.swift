import ColorCore
import ColorIO
import ColorKernels
import Foundation

/// `huebench matrix … --report FILE.html`: one self-contained page (no script, no outside file) with the summary,
/// the pass rate at each level, every failing pair grouped by label prefix (the token group: `color.text` of
/// `color.text.primary`, `--brand` of `--brand-500`), and a heatmap whose axes are the text and background
/// colors sorted by luminance (dark → light) in blocks, each cell showing the share of its pairs that pass.
///
/// Built while the matrix streams (`add(rows:count:)` per row block): memory is the block counts plus the failing
/// pairs shown (at most `shownFailing`; the page says how many more there are, and `--list` writes them all).
final class MatrixReport {
    let level: Double
    let matrix: ContrastMatrix
    let method: PairMethod
    let text: MatrixCommand.Colors, background: MatrixCommand.Colors
    /// Heatmap blocks along each axis, and each color's block (by luminance rank).
    let rowBlocks: Int, columnBlocks: Int
    let rowBlock: [Int], columnBlock: [Int]
    /// The entries of each block, sorted by luminance.
    let rowMembers: [[Int]], columnMembers: [[Int]]
    private var passing: [Int], total: [Int]
    private(set) var failing: [(i: Int, j: Int, value: Double)] = []
    private(set) var failCount = 0
    private var row = 0
    static let maxBlocks = 16, shownFailing = 2000

    init(level: Double, matrix: ContrastMatrix, text: MatrixCommand.Colors, background: MatrixCommand.Colors) {
        self.level = level; self.matrix = matrix; self.method = matrix.method
        self.text = text; self.background = background
        func blocks(_ c: MatrixCommand.Colors) -> (Int, [Int], [[Int]]) {
            let n = c.colors.count
            let y = c.colors.map { MatrixReport.luminance($0) }
            let order = (0..<n).sorted { y[$0] != y[$1] ? y[$0] < y[$1] : $0 < $1 }
            let k = Swift.max(1, Swift.min(MatrixReport.maxBlocks, n))
            var block = [Int](repeating: 0, count: n), members = [[Int]](repeating: [], count: k)
            for (rank, i) in order.enumerated() {
                let b = rank * k / Swift.max(1, n)
                block[i] = b; members[b].append(i)
            }
            return (k, block, members)
        }
        (rowBlocks, rowBlock, rowMembers) = blocks(text)
        (columnBlocks, columnBlock, columnMembers) = blocks(background)
        passing = [Int](repeating: 0, count: rowBlocks * columnBlocks)
        total = passing
    }

    /// Relative luminance (CIE Y, D65) of a color as it is, for ordering the axes.
    static func luminance(_ c: Color) -> Double {
        (try? Workbench.standard.spaces.convert(c, to: .xyzD65).coords.y) ?? 0
    }

    /// Whether a pair passes: at or above the level (APCA by |Lc|; a ΔE method: at least that different).
    func passes(_ i: Int, _ j: Int, _ v: Float) -> (Bool, Double?) {
        let m = Swift.abs(v)
        if matrix.isNear(m, level) {
            let exact = matrix.reference(i, j)
            return (Swift.abs(exact) >= level, exact)
        }
        return (Double(m) >= level, nil)
    }

    func add(rows p: UnsafePointer<Float>, count n: Int) {
        let cols = matrix.columns
        for r in 0..<n {
            let i = row + r
            let rb = rowBlock[i] * columnBlocks
            for j in 0..<cols where !(matrix.isSelfMatrix && i == j) {
                let (ok, exact) = passes(i, j, p[r * cols + j])
                total[rb + columnBlock[j]] += 1
                if ok { passing[rb + columnBlock[j]] += 1; continue }
                failCount += 1
                if failing.count < Self.shownFailing { failing.append((i, j, exact ?? matrix.reference(i, j))) }
            }
        }
        row += n
    }

    // MARK: The page

    /// The token group of a label: up to its last `.` (DTCG names), else up to its last `-` (custom
    /// properties, `brand-500`); a color without a label is its own group "(unlabelled)".
    static func group(_ label: String?) -> String {
        guard let l = label, !l.isEmpty else { return "(unlabelled)" }
        if let dot = l.lastIndex(of: "."), dot != l.startIndex { return String(l[..<dot]) }
        if let dash = l.lastIndex(of: "-"), dash != l.startIndex, !l[..<dash].allSatisfy({ $0 == "-" }) { return String(l[..<dash]) }
        return l
    }

    static func h(_ s: String) -> String { Escape.xmlText(s) }

    /// The sRGB hex of a color for a swatch (clipped into sRGB).
    static func swatch(_ c: Color) -> String {
        let wb = Workbench.standard
        guard let rgb = try? wb.mapGamut(c, to: .srgb, method: "clip").coords else { return "#808080" }
        func b(_ v: Double) -> Int { Int((Swift.max(0, Swift.min(1, v.isNaN ? 0 : v)) * 255).rounded()) }
        return String(format: "#%02x%02x%02x", b(rgb.x), b(rgb.y), b(rgb.z))
    }

    /// Cell color for a pass rate: red (none pass) through amber to green (all pass).
    static func cellColor(_ rate: Double) -> String {
        let stops: [(Double, (Double, Double, Double))] = [(0, (222, 76, 64)), (0.5, (240, 196, 64)), (1, (30, 130, 60))]
        var k = 0
        while k < stops.count - 2 && rate > stops[k + 1].0 { k += 1 }
        let (a, ca) = stops[k], (b, cb) = stops[k + 1]
        let t = Swift.max(0, Swift.min(1, (rate - a) / (b - a)))
        func mix(_ x: Double, _ y: Double) -> Int { Int((x + (y - x) * t).rounded()) }
        return String(format: "#%02x%02x%02x", mix(ca.0, cb.0), mix(ca.1, cb.1), mix(ca.2, cb.2))
    }

    static func number(_ v: Double) -> String { String(format: "%.4g", v) }

    /// The level as a reader names it: `4.5:1` for a luminance ratio, `|Lc| 60` for APCA, the number otherwise.
    static func levelName(_ level: Double, batch: PairKernel?) -> String {
        switch batch {
        case .luminanceRatio?: return number(level) + ":1"
        case .apca?: return "|Lc| " + number(level)
        default: return number(level)
        }
    }

    func html(summary s: MatrixSummary) -> String {
        let isDifference = method.kind == .difference
        let what = isDifference ? "difference" : "contrast"
        let cmp = method.batch == .apca ? "|Lc| ≥ " : "≥ "
        let passCount = s.pairs - failCount
        let pct = { (n: Int) -> String in s.pairs > 0 ? String(format: "%.1f%%", 100 * Double(n) / Double(s.pairs)) : "–" }
        var o = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>huebench matrix report: \(Self.h(method.id)) \(what)</title>
        <style>
        body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;background:#fff}
        h1{font-size:20px;margin:0 0 8px}h2{font-size:16px;margin:24px 0 8px}
        table{border-collapse:collapse}td,th{padding:3px 8px;text-align:left;border-bottom:1px solid #eee}
        .num{text-align:right;font-variant-numeric:tabular-nums}
        .sw{display:inline-block;width:14px;height:14px;border:1px solid #999;vertical-align:middle;margin-right:4px}
        .heat td{width:44px;height:30px;padding:0;text-align:center;color:#fff;font-size:11px;border:1px solid #fff}
        .heat th{font-weight:normal;font-size:11px;white-space:nowrap;border:0}
        .heat th.col{writing-mode:vertical-rl;transform:rotate(180deg);max-height:180px;overflow:hidden;text-overflow:ellipsis;text-align:left;vertical-align:bottom;width:44px;padding:4px 0}
        .heat th.col .sw{margin:0 0 4px 0}
        details{margin:6px 0}summary{cursor:pointer}
        </style></head><body>
        <h1>\(Self.h(method.id)) \(what) matrix: \(s.rows) text × \(s.columns) background colors</h1>
        <p id="summary">\(s.pairs) pairs · level \(cmp)\(Self.number(level)): <b>\(passCount) pass</b> (\(pct(passCount))), <b>\(failCount) below</b> (\(pct(failCount))) · range \(Self.number(Double(s.minimum))) … \(Self.number(Double(s.maximum))) · method: \(Self.h(method.name))</p>
        <h2>Pass rates</h2><table id="rates"><tr><th>level</th><th class="num">pairs</th><th class="num">share</th></tr>

        """
        for (t, c) in zip(s.thresholds, s.counts) {
            o += "<tr><td>\(cmp)\(Self.number(t))</td><td class=\"num\">\(c)</td><td class=\"num\">\(pct(c))</td></tr>\n"
        }
        o += "</table>\n"
        // Heatmap: rows = text blocks, columns = background blocks, dark → light.
        o += "<h2>\(isDifference ? "Difference" : "Contrast") heatmap: share of pairs \(cmp)\(Self.number(level)) per block</h2>\n"
        o += "<p>Rows: text colors, columns: background colors, each sorted by luminance (dark → light) into blocks"
            + " of about \(max(1, s.rows / rowBlocks)) × \(max(1, s.columns / columnBlocks)) colors; a cell shows the share of its pairs that "
            + (isDifference ? "differ by at least the level" : "reach the level") + ".</p>\n<table class=\"heat\" id=\"heatmap\"><tr><th></th>"
        func axisLabel(_ c: MatrixCommand.Colors, _ members: [Int]) -> String {
            guard let a = members.first, let b = members.last else { return "" }
            let first = c.entries[a].name, last = c.entries[b].name
            return members.count == 1 ? first : "\(first) … \(last) (\(members.count))"
        }
        for cb in 0..<columnBlocks {
            let m = columnMembers[cb]
            let sw = m.isEmpty ? "" : "<span class=\"sw\" style=\"background:\(Self.swatch(background.colors[m[m.count / 2]]))\"></span>"
            o += "<th class=\"col\" title=\"\(Self.h(axisLabel(background, m)))\">\(sw)\(Self.h(m.first.map { background.entries[$0].name } ?? ""))</th>"
        }
        o += "</tr>\n"
        for rb in 0..<rowBlocks {
            let m = rowMembers[rb]
            let sw = m.isEmpty ? "" : "<span class=\"sw\" style=\"background:\(Self.swatch(text.colors[m[m.count / 2]]))\"></span>"
            o += "<tr><th title=\"\(Self.h(axisLabel(text, m)))\">\(sw)\(Self.h(axisLabel(text, m)))</th>"
            for cb in 0..<columnBlocks {
                let k = rb * columnBlocks + cb
                if total[k] == 0 { o += "<td style=\"background:#ddd;color:#666\">–</td>"; continue }
                let rate = Double(passing[k]) / Double(total[k])
                o += "<td style=\"background:\(Self.cellColor(rate))\" title=\"\(passing[k]) of \(total[k])\">\(Int((rate * 100).rounded(.down)))%</td>"
            }
            o += "</tr>\n"
        }
        o += "</table>\n"
        // Failing pairs by group.
        o += "<h2>Pairs below \(Self.levelName(level, batch: method.batch)) (\(failCount))</h2>\n"
        if failCount > failing.count {
            o += "<p>The first \(failing.count) are listed; --below \(Self.number(level)) --list FILE.csv writes all \(failCount).</p>\n"
        }
        var groups: [String: [(i: Int, j: Int, value: Double)]] = [:], order: [String] = []
        for f in failing {
            let g = Self.group(text.entries[f.i].label) + " on " + Self.group(background.entries[f.j].label)
            if groups[g] == nil { order.append(g) }
            groups[g, default: []].append(f)
        }
        o += "<div id=\"failing\">\n"
        for g in order.sorted(by: { groups[$0]!.count != groups[$1]!.count ? groups[$0]!.count > groups[$1]!.count : $0 < $1 }) {
            let list = groups[g]!.sorted { Swift.abs($0.value) < Swift.abs($1.value) }
            o += "<details open><summary><b>\(Self.h(g))</b>: \(list.count) pair\(list.count == 1 ? "" : "s")</summary>\n"
                + "<table><tr><th>text</th><th>background</th><th class=\"num\">value</th><th>misses</th></tr>\n"
            for f in list {
                let t = text.entries[f.i], b = background.entries[f.j]
                o += "<tr><td><span class=\"sw\" style=\"background:\(Self.swatch(t.color))\"></span>\(Self.h(t.name))"
                    + (t.label == nil ? "" : " <small>\(Self.h(t.text))</small>") + "</td>"
                    + "<td><span class=\"sw\" style=\"background:\(Self.swatch(b.color))\"></span>\(Self.h(b.name))"
                    + (b.label == nil ? "" : " <small>\(Self.h(b.text))</small>") + "</td>"
                    + "<td class=\"num\">\(Self.number(f.value))</td><td>\(cmp)\(Self.number(level))</td></tr>\n"
            }
            o += "</table></details>\n"
        }
        o += "</div>\n<p><small>huebench matrix --report</small></p>\n</body></html>\n"
        return o
    }
}
