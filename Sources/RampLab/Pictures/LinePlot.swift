import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation

/// A line/scatter plot with axes, "nice" ticks, tick labels, axis titles (the y title rotated), a title and a
/// legend: one `Scene`, written as SVG text and as a PNG drawn by Cairo (any Unicode label: ΔE, °, L*).
public struct LinePlot: Sendable {
    public typealias RGB = Scene.RGB
    public enum Marker: String, Sendable { case circle, diamond, none }

    public struct Series: Sendable {
        public var name: String
        public var color: RGB
        public var points: [(x: Double, y: Double)]
        /// Join the points with lines (false: markers only, a scatter plot).
        public var lines: Bool
        public var marker: Marker = .circle
        public var radius = 4.0
        public var width = 2.5
        public var dash: [Double] = []
        /// A shaded band under the line (e.g. the min–max over hues at each x), drawn at 15 % opacity.
        public var band: [(x: Double, lo: Double, hi: Double)] = []
        /// Listed in the legend (false for the grey context lines of a crowded plot).
        public var inLegend = true
        /// Text written beside the last point (a baseline's name in a scatter plot).
        public var pointLabel: String?
        public init(name: String, color: RGB, points: [(x: Double, y: Double)], lines: Bool = true) {
            self.name = name; self.color = color; self.points = points; self.lines = lines
        }
    }

    /// A horizontal reference line across the plot (a baseline's value), dashed, named at its right end.
    public struct Reference: Sendable {
        public var y: Double
        public var name: String
        public var color: RGB
        public init(y: Double, name: String, color: RGB) { self.y = y; self.name = name; self.color = color }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [Series] { didSet { relayout() } }
    public var references: [Reference] = [] { didSet { relayout() } }
    /// Lines written under the legend in grey (e.g. "+ 980 more lines (grey)", "band: min–max over hues").
    public var legendNotes: [String] = [] { didSet { relayout() } }
    /// Text lines in a side table right of the plot (monospaced): what categorical x labels stand for.
    public var sideTable: [String] = [] { didSet { relayout() } }
    /// Labels of a categorical x axis: tick k (at x = k) shows `xCategories[k]`.
    public var xCategories: [String]?

    var legendEntries: [Series] { series.filter { $0.inLegend } }
    var showsLegend: Bool { legendEntries.count > 1 || !references.isEmpty || !legendNotes.isEmpty }

    mutating func relayout() {
        var w = 40.0
        if showsLegend {
            let names = legendEntries.map { Scene.textWidth($0.name, size: Self.fontSize) }
                + references.map { Scene.textWidth($0.name + " ↑ -0.0000 (off scale)", size: Self.fontSize) }
            w = max(w, 66 + (names.max() ?? 0))
            w = max(w, 30 + (legendNotes.map { Scene.textWidth($0, size: Self.fontSize - 2) }.max() ?? 0))
        }
        if !sideTable.isEmpty { w = max(w, 30 + (sideTable.map { Scene.textWidth($0, size: 12, font: .mono) }.max() ?? 0)) }
        legendWidth = Int(w.rounded(.up))
        let rows = (showsLegend ? legendEntries.count + references.count + legendNotes.count : 0) + (sideTable.isEmpty ? 0 : sideTable.count + 1)
        height = max(560, 70 + 20 + rows * 24 + 40)
    }
    /// The plot area is 660 × 410 pixels; the picture grows to fit the legend.
    public var height = 560
    public var width: Int { left + 660 + right }

    public init(title: String, xLabel: String, yLabel: String, series: [Series]) {
        self.title = title; self.xLabel = xLabel; self.yLabel = yLabel; self.series = series
        relayout()
    }

    /// Distinct, readable series colors (Okabe–Ito, then grays).
    public static let palette: [RGB] = [
        (0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0), (86, 180, 233),
        (120, 120, 120), (0, 0, 0), (170, 60, 60), (60, 60, 170),
    ]

    // MARK: Layout

    static let fontSize = 14.0, titleSize = 19.0
    var left: Int { 110 }
    var right: Int { legendWidth }
    /// Width right of the plot area: the legend's widest name (set when the series are).
    private var legendWidth = 40
    var top: Int { 70 }
    var bottom: Int { 80 }
    var plotW: Int { width - left - right }
    var plotH: Int { height - top - bottom }

    /// Ticks covering [lo, hi] at a 1-2-5 step aiming for about `count` intervals.
    public static func ticks(_ lo: Double, _ hi: Double, count: Int = 5) -> (values: [Double], step: Double) {
        guard lo.isFinite, hi.isFinite else { return ([0, 1], 1) }
        var a = lo, b = hi
        if a == b { a -= abs(a) > 0 ? abs(a) * 0.1 : 1; b += abs(b) > 0 ? abs(b) * 0.1 : 1 }
        let raw = (b - a) / Double(max(count, 1))
        let mag = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * mag }.first { $0 >= raw } ?? 10 * mag
        let start = floor(a / step + 1e-9) * step, end = ceil(b / step - 1e-9) * step
        var v: [Double] = []
        var k = 0
        while start + Double(k) * step <= end + step * 1e-9 { v.append(start + Double(k) * step); k += 1 }
        return (v, step)
    }

    /// A tick label with just enough decimals for the step.
    public static func label(_ v: Double, step: Double) -> String {
        var d = 0
        while d < 6 {
            let m = step * pow(10, Double(d))
            if abs(m - m.rounded()) < 1e-6 * max(m, 1) { break }
            d += 1
        }
        return String(format: "%.\(d)f", abs(v) < step * 1e-9 ? 0 : v)
    }

    struct Frame {
        let xt: [Double], yt: [Double], xs: Double, ys: Double
        let x0: Double, x1: Double, y0: Double, y1: Double
    }

    func frame() -> Frame {
        var pts = series.flatMap(\.points).filter { $0.x.isFinite && $0.y.isFinite }
        for se in series { for b in se.band where b.x.isFinite { pts += [(b.x, b.lo), (b.x, b.hi)].filter { $0.1.isFinite } } }
        // References widen the y range only when nothing else is plotted, or when they lie within half the data's
        // span of it; farther ones are drawn at the edge with their value (so they never flatten the lines).
        let ysData = pts.map(\.y)
        if let lo = ysData.min(), let hi = ysData.max() {
            let reach = max(hi - lo, abs(hi) * 0.05, 1e-12) * 0.5
            pts += references.filter { $0.y.isFinite && $0.y >= lo - reach && $0.y <= hi + reach }.map { (x: pts[0].x, y: $0.y) }
        } else {
            pts += references.filter { $0.y.isFinite }.map { (x: 0, y: $0.y) }
        }
        var xs = Self.ticks(pts.map(\.x).min() ?? 0, pts.map(\.x).max() ?? 1, count: 6)
        if let cats = xCategories, !cats.isEmpty {
            // A categorical axis: one tick per category, half a step of room on each side.
            xs = ((0..<cats.count).map(Double.init), 1)
            let ys = Self.ticks(pts.map(\.y).min() ?? 0, pts.map(\.y).max() ?? 1, count: 5)
            return Frame(xt: xs.values, yt: ys.values, xs: 1, ys: ys.step, x0: -0.5, x1: Double(cats.count) - 0.5,
                         y0: ys.values.first!, y1: ys.values.last!)
        }
        let ys = Self.ticks(pts.map(\.y).min() ?? 0, pts.map(\.y).max() ?? 1, count: 5)
        return Frame(xt: xs.values, yt: ys.values, xs: xs.step, ys: ys.step,
                     x0: xs.values.first!, x1: xs.values.last!, y0: ys.values.first!, y1: ys.values.last!)
    }

    func px(_ x: Double, _ f: Frame) -> Double { Double(left) + (x - f.x0) / max(f.x1 - f.x0, 1e-300) * Double(plotW) }
    func py(_ y: Double, _ f: Frame) -> Double { Double(top + plotH) - (y - f.y0) / max(f.y1 - f.y0, 1e-300) * Double(plotH) }

    // MARK: Drawing

    static func hex(_ c: RGB) -> String { Scene.hex(c) }

    /// The plot as a scene: grid, ticks and tick labels, frame, series (2.5 px lines, 4 px markers), title,
    /// axis titles (y rotated, reading upwards) and, for more than one series, a legend.
    public func scene() -> Scene {
        let f = frame()
        var sc = Scene(width: width, height: height, title: title)
        let ink: RGB = (34, 34, 34), grid: RGB = (228, 228, 228)
        let l = Double(left), t = Double(top), w = Double(plotW), h = Double(plotH)
        for v in f.yt {
            // Hairlines on half pixels are sharp.
            let y = (py(v, f) - 0.5).rounded() + 0.5
            sc.line((x: l, y: y), (x: l + w, y: y), grid)
            sc.line((x: l - 6, y: y), (x: l, y: y), ink)
            sc.text(Self.label(v, step: f.ys), x: l - 10, y: y + 5, ink, size: Self.fontSize, anchor: .end)
        }
        for v in f.xt {
            let x = (px(v, f) - 0.5).rounded() + 0.5
            sc.line((x: x, y: t), (x: x, y: t + h), grid)
            sc.line((x: x, y: t + h), (x: x, y: t + h + 6), ink)
            let text = xCategories.map { cats in cats[min(max(Int(v.rounded()), 0), cats.count - 1)] } ?? Self.label(v, step: f.xs)
            sc.text(text, x: x, y: t + h + 24, ink, size: Self.fontSize, anchor: .middle)
        }
        sc.polyline([(x: l + 0.5, y: t + 0.5), (x: l + w + 0.5, y: t + 0.5), (x: l + w + 0.5, y: t + h + 0.5), (x: l + 0.5, y: t + h + 0.5)],
                    ink, closed: true)
        for se in series where !se.band.isEmpty {
            let b = se.band.filter { $0.x.isFinite && $0.lo.isFinite && $0.hi.isFinite }.sorted { $0.x < $1.x }
            if b.count > 1 {
                let poly = b.map { (x: px($0.x, f), y: py($0.hi, f)) } + b.reversed().map { (x: px($0.x, f), y: py($0.lo, f)) }
                sc.polygon(poly, se.color, opacity: 0.15)
            }
        }
        for r in references where r.y.isFinite {
            // Off the scale: only the legend names it, with its value.
            if r.y > f.y1 || r.y < f.y0 { continue }
            let y = py(r.y, f)
            sc.line((x: l, y: y), (x: l + w, y: y), r.color, width: 1.5, dash: [6, 4])
            sc.text(r.name, x: l + w - 4, y: y - 5, r.color, size: Self.fontSize - 2, anchor: .end)
        }
        for se in series {
            let pts = se.points.filter { $0.x.isFinite && $0.y.isFinite }.map { (x: px($0.x, f), y: py($0.y, f)) }
            if se.lines, pts.count > 1 { sc.polyline(pts, se.color, width: se.width, dash: se.dash) }
            for p in pts {
                switch se.marker {
                case .circle: sc.circle(x: p.x, y: p.y, radius: se.radius, se.color)
                case .diamond:
                    let r = se.radius * 1.4
                    sc.polygon([(x: p.x, y: p.y - r), (x: p.x + r, y: p.y), (x: p.x, y: p.y + r), (x: p.x - r, y: p.y)], se.color)
                case .none: break
                }
            }
            if let label = se.pointLabel, let last = pts.last {
                sc.text(label, x: last.x + se.radius * 1.6 + 3, y: last.y - 4, se.color, size: Self.fontSize - 1, weight: .bold)
            }
        }
        sc.text(title, x: l, y: 32, ink, size: Self.titleSize, weight: .bold)
        sc.text(yLabel, x: 28, y: t + h / 2, ink, size: Self.fontSize + 1, anchor: .middle, rotation: -90)
        sc.text(xLabel, x: l + w / 2, y: Double(height - 22), ink, size: Self.fontSize + 1, anchor: .middle)
        var row = 0
        if showsLegend {
            for se in legendEntries {
                let y = top + 10 + row * 24
                if se.marker == .diamond && !se.lines {
                    let cx = Double(left + plotW + 29), cy = Double(y + 6)
                    sc.polygon([(x: cx, y: cy - 7), (x: cx + 7, y: cy), (x: cx, y: cy + 7), (x: cx - 7, y: cy)], se.color)
                } else {
                    sc.rect(left + plotW + 20, y, 18, 12, se.color)
                }
                sc.text(se.name, x: l + w + 46, y: Double(y + 11), ink, size: Self.fontSize)
                row += 1
            }
            for r in references {
                let y = Double(top + 10 + row * 24) + 6.5
                sc.line((x: l + w + 20, y: y), (x: l + w + 38, y: y), r.color, width: 1.5, dash: [6, 4])
                sc.text(r.name + Self.offScale(r, f), x: l + w + 46, y: y + 4.5, ink, size: Self.fontSize)
                row += 1
            }
            for note in legendNotes {
                sc.text(note, x: l + w + 20, y: Double(top + 10 + row * 24 + 11), (110, 110, 110), size: Self.fontSize - 2)
                row += 1
            }
        }
        if !sideTable.isEmpty {
            row += 1
            for line in sideTable {
                sc.text(line, x: l + w + 20, y: Double(top + 10 + row * 24 + 11), ink, size: 12, font: .mono)
                row += 1
            }
        }
        return sc
    }

    /// " ↑ 0.928" for a reference above the plotted range (↓ below), else "".
    static func offScale(_ r: Reference, _ f: Frame) -> String {
        guard r.y.isFinite, r.y > f.y1 || r.y < f.y0 else { return "" }
        return (r.y > f.y1 ? " ↑ " : " ↓ ") + SweepOutput.number((r.y * 1e4).rounded() / 1e4) + " (off scale)"
    }

    /// The plot as a standalone SVG document.
    public func svg() -> String { scene().svg() }

    /// The plot rasterized by Cairo.
    public func image() -> RGBAImage { scene().image() }

    public func png() -> [UInt8] { scene().png() }
}
