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
    public var series: [Series]
    /// The plot area is 660 × 410 pixels; the picture grows to fit the legend.
    public var height = 560
    public var width: Int { left + 660 + right }

    public init(title: String, xLabel: String, yLabel: String, series: [Series]) {
        self.title = title; self.xLabel = xLabel; self.yLabel = yLabel; self.series = series
    }

    /// Distinct, readable series colors (Okabe–Ito, then grays).
    public static let palette: [RGB] = [
        (0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0), (86, 180, 233),
        (120, 120, 120), (0, 0, 0), (170, 60, 60), (60, 60, 170),
    ]

    // MARK: Layout

    static let fontSize = 14.0, titleSize = 19.0
    var left: Int { 110 }
    var right: Int {
        guard series.count > 1 else { return 40 }
        return 66 + Int((series.map { Scene.textWidth($0.name, size: Self.fontSize) }.max() ?? 0).rounded(.up))
    }
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
            sc.text(Self.label(v, step: f.xs), x: x, y: t + h + 24, ink, size: Self.fontSize, anchor: .middle)
        }
        sc.polyline([(x: l + 0.5, y: t + 0.5), (x: l + w + 0.5, y: t + 0.5), (x: l + w + 0.5, y: t + h + 0.5), (x: l + 0.5, y: t + h + 0.5)],
                    ink, closed: true)
        for se in series {
            let pts = se.points.filter { $0.x.isFinite && $0.y.isFinite }.map { (x: px($0.x, f), y: py($0.y, f)) }
            if se.lines, pts.count > 1 { sc.polyline(pts, se.color, width: 2.5) }
            for p in pts { sc.circle(x: p.x, y: p.y, radius: 4, se.color) }
        }
        sc.text(title, x: l, y: 32, ink, size: Self.titleSize, weight: .bold)
        sc.text(yLabel, x: 28, y: t + h / 2, ink, size: Self.fontSize + 1, anchor: .middle, rotation: -90)
        sc.text(xLabel, x: l + w / 2, y: Double(height - 22), ink, size: Self.fontSize + 1, anchor: .middle)
        if series.count > 1 {
            for (k, se) in series.enumerated() {
                let y = top + 10 + k * 26
                sc.rect(left + plotW + 20, y, 18, 12, se.color)
                sc.text(se.name, x: l + w + 46, y: Double(y + 11), ink, size: Self.fontSize)
            }
        }
        return sc
    }

    /// The plot as a standalone SVG document.
    public func svg() -> String { scene().svg() }

    /// The plot rasterized by Cairo.
    public func image() -> RGBAImage { scene().image() }

    public func png() -> [UInt8] { scene().png() }
}
