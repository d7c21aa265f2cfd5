import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation

/// A line/scatter plot with axes, "nice" ticks, tick labels, axis labels, a title and a legend, drawn the
/// same way to SVG (by hand) and to PNG (rasterized with `BitmapFont` labels at scale 2).
///
/// Labels use the bitmap font's ASCII set (A–Z, 0–9, `#._-:/()%+<>=,*`): write "dE" for ΔE, "deg" for °.
public struct LinePlot: Sendable {
    public typealias RGB = Scene.RGB
    public struct Series: Sendable {
        public var name: String
        public var color: RGB
        public var points: [(x: Double, y: Double)]
        /// Join the points with lines (false: markers only, a scatter plot).
        public var lines: Bool
        public init(name: String, color: RGB, points: [(x: Double, y: Double)], lines: Bool = true) {
            self.name = name; self.color = color; self.points = points; self.lines = lines
        }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [Series] { didSet { legendWidth = Self.legendWidth(series) } }
    static func legendWidth(_ series: [Series]) -> Int {
        series.count > 1 ? 66 + (series.map { BitmapFont.width($0.name, scale: scale) }.max() ?? 0) : 40
    }
    /// The plot area is 660 × 410 pixels; the picture grows to fit the legend.
    public var height = 560
    public var width: Int { left + 660 + right }

    public init(title: String, xLabel: String, yLabel: String, series: [Series]) {
        self.title = title; self.xLabel = xLabel; self.yLabel = yLabel; self.series = series
        legendWidth = Self.legendWidth(series)
    }

    /// Distinct, readable series colors (Okabe–Ito, then grays).
    public static let palette: [RGB] = [
        (0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0), (86, 180, 233),
        (120, 120, 120), (0, 0, 0), (170, 60, 60), (60, 60, 170),
    ]

    // MARK: Layout

    static let scale = 2
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
        let pts = series.flatMap(\.points).filter { $0.x.isFinite && $0.y.isFinite }
        let xs = Self.ticks(pts.map(\.x).min() ?? 0, pts.map(\.x).max() ?? 1, count: 6)
        let ys = Self.ticks(pts.map(\.y).min() ?? 0, pts.map(\.y).max() ?? 1, count: 5)
        return Frame(xt: xs.values, yt: ys.values, xs: xs.step, ys: ys.step,
                     x0: xs.values.first!, x1: xs.values.last!, y0: ys.values.first!, y1: ys.values.last!)
    }

    func px(_ x: Double, _ f: Frame) -> Double { Double(left) + (x - f.x0) / max(f.x1 - f.x0, 1e-300) * Double(plotW) }
    func py(_ y: Double, _ f: Frame) -> Double { Double(top + plotH) - (y - f.y0) / max(f.y1 - f.y0, 1e-300) * Double(plotH) }

    // MARK: SVG

    static func hex(_ c: RGB) -> String { Scene.hex(c) }

    /// The plot as a standalone SVG document.
    public func svg() -> String {
        let f = frame()
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\">\n"
        s += "<title>\(Escape.xmlText(title))</title>\n<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
        s += "<g font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"15\" fill=\"#222222\">\n"
        s += "<text x=\"\(left)\" y=\"30\" font-size=\"19\" font-weight=\"bold\">\(Escape.xmlText(title))</text>\n"
        s += "<text x=\"\(left)\" y=\"\(top - 14)\">\(Escape.xmlText(yLabel))</text>\n"
        s += "<text x=\"\(left + plotW / 2)\" y=\"\(height - 22)\" text-anchor=\"middle\">\(Escape.xmlText(xLabel))</text>\n"
        for v in f.yt {
            let yv = py(v, f), y = Self.r(yv)
            s += "<line x1=\"\(left)\" y1=\"\(y)\" x2=\"\(left + plotW)\" y2=\"\(y)\" stroke=\"#e4e4e4\"/>\n"
            s += "<line x1=\"\(left - 6)\" y1=\"\(y)\" x2=\"\(left)\" y2=\"\(y)\" stroke=\"#222222\"/>\n"
            s += "<text x=\"\(left - 10)\" y=\"\(Self.r(yv + 5))\" text-anchor=\"end\">\(Self.label(v, step: f.ys))</text>\n"
        }
        for v in f.xt {
            let x = Self.r(px(v, f))
            s += "<line x1=\"\(x)\" y1=\"\(top)\" x2=\"\(x)\" y2=\"\(top + plotH)\" stroke=\"#e4e4e4\"/>\n"
            s += "<line x1=\"\(x)\" y1=\"\(top + plotH)\" x2=\"\(x)\" y2=\"\(top + plotH + 6)\" stroke=\"#222222\"/>\n"
            s += "<text x=\"\(x)\" y=\"\(top + plotH + 24)\" text-anchor=\"middle\">\(Self.label(v, step: f.xs))</text>\n"
        }
        s += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(plotW)\" height=\"\(plotH)\" fill=\"none\" stroke=\"#222222\"/>\n"
        for se in series {
            let pts = se.points.filter { $0.x.isFinite && $0.y.isFinite }
            let c = Self.hex(se.color)
            if se.lines, pts.count > 1 {
                s += "<polyline fill=\"none\" stroke=\"\(c)\" stroke-width=\"2.5\" points=\""
                s += pts.map { "\(Self.r(px($0.x, f))),\(Self.r(py($0.y, f)))" }.joined(separator: " ") + "\"/>\n"
            }
            for p in pts { s += "<circle cx=\"\(Self.r(px(p.x, f)))\" cy=\"\(Self.r(py(p.y, f)))\" r=\"4\" fill=\"\(c)\"/>\n" }
        }
        if series.count > 1 {
            for (k, se) in series.enumerated() {
                let y = top + 10 + k * 26
                s += "<rect x=\"\(left + plotW + 20)\" y=\"\(y)\" width=\"18\" height=\"12\" fill=\"\(Self.hex(se.color))\"/>\n"
                s += "<text x=\"\(left + plotW + 46)\" y=\"\(y + 12)\">\(Escape.xmlText(se.name))</text>\n"
            }
        }
        s += "</g>\n</svg>\n"
        return s
    }

    static func r(_ v: Double) -> String { String(format: "%.1f", v) }

    // MARK: PNG

    /// The plot rasterized (white background, 2-pixel lines, 7-pixel markers, scale-2 bitmap labels).
    public func image() -> RGBAImage {
        let f = frame()
        var img = RGBAImage(width: width, height: height)
        let ink: RGB = (34, 34, 34), grid: RGB = (228, 228, 228)
        let sc = Self.scale, gh = BitmapFont.glyphHeight * sc
        for v in f.yt {
            let y = Int(py(v, f).rounded())
            img.fill(x: left, y: y, width: plotW, height: 1, grid)
            img.fill(x: left - 6, y: y, width: 6, height: 1, ink)
            let t = Self.label(v, step: f.ys)
            BitmapFont.draw(t, x: left - 10 - BitmapFont.width(t, scale: sc), y: y - gh / 2, scale: sc, color: ink, into: &img)
        }
        for v in f.xt {
            let x = Int(px(v, f).rounded())
            img.fill(x: x, y: top, width: 1, height: plotH, grid)
            img.fill(x: x, y: top + plotH, width: 1, height: 6, ink)
            let t = Self.label(v, step: f.xs)
            BitmapFont.draw(t, x: x - BitmapFont.width(t, scale: sc) / 2, y: top + plotH + 12, scale: sc, color: ink, into: &img)
        }
        // Frame.
        img.fill(x: left, y: top, width: plotW, height: 1, ink); img.fill(x: left, y: top + plotH, width: plotW + 1, height: 1, ink)
        img.fill(x: left, y: top, width: 1, height: plotH, ink); img.fill(x: left + plotW, y: top, width: 1, height: plotH, ink)
        BitmapFont.draw(title, x: left, y: 16, scale: sc, color: ink, into: &img)
        BitmapFont.draw(yLabel, x: left, y: top - 14 - gh, scale: sc, color: ink, into: &img)
        BitmapFont.draw(xLabel, x: left + plotW / 2 - BitmapFont.width(xLabel, scale: sc) / 2, y: height - 22 - gh, scale: sc, color: ink, into: &img)
        for se in series {
            let pts = se.points.filter { $0.x.isFinite && $0.y.isFinite }.map { (px($0.x, f), py($0.y, f)) }
            if se.lines, pts.count > 1 {
                for k in 1..<pts.count { Self.line(pts[k - 1], pts[k], se.color, into: &img) }
            }
            for p in pts { img.fill(x: Int(p.0.rounded()) - 3, y: Int(p.1.rounded()) - 3, width: 7, height: 7, se.color) }
        }
        if series.count > 1 {
            for (k, se) in series.enumerated() {
                let y = top + 10 + k * 26
                img.fill(x: left + plotW + 20, y: y, width: 18, height: 12, se.color)
                BitmapFont.draw(se.name, x: left + plotW + 46, y: y - 1, scale: sc, color: ink, into: &img)
            }
        }
        return img
    }

    /// A 2-pixel line from a to b (half-pixel steps).
    static func line(_ a: (Double, Double), _ b: (Double, Double), _ c: RGB, into img: inout RGBAImage) {
        let n = Int(max(abs(b.0 - a.0), abs(b.1 - a.1)) * 2) + 1
        for k in 0...n {
            let t = Double(k) / Double(n)
            img.fill(x: Int((a.0 + (b.0 - a.0) * t).rounded()) - 1, y: Int((a.1 + (b.1 - a.1) * t).rounded()) - 1, width: 2, height: 2, c)
        }
    }

    public func png() -> [UInt8] { PNG.encode(image()) }
}
