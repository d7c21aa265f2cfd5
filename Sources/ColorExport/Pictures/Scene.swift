import ColorIO

/// A picture as a list of shapes and labels, drawn the same way to PNG (through Cairo, text in DejaVu Sans) and
/// to SVG (generated text). Coordinates are pixels from the top-left corner, y pointing down.
///
/// Shapes: filled rectangles (`rect`), stroked polylines with a width and an optional dash (`polyline`), filled
/// polygons with an opacity (`polygon`, e.g. a min–max band), filled circles (`circle`, plot markers) and text
/// with a point size, weight, anchor and rotation (`text(_:x:y:_:size:weight:anchor:rotation:font:)`).
/// Items are drawn in the order they were added. A 1-pixel line is sharp on half-pixel coordinates (x.5).
public struct Scene: Sendable {
    public typealias RGB = (UInt8, UInt8, UInt8)
    public typealias Point = (x: Double, y: Double)

    public enum FontWeight: String, Sendable { case regular, bold }
    /// Where a label's x lies: its start, middle or end (SVG `text-anchor`).
    public enum TextAnchor: String, Sendable { case start, middle, end }
    /// The typeface: proportional (DejaVu Sans) or monospaced (DejaVu Sans Mono).
    public enum FontFamily: String, Sendable {
        case sans, mono
        /// The fontconfig family the PNG renderer asks for.
        public var cairoFamily: String { self == .sans ? "DejaVu Sans" : "DejaVu Sans Mono" }
        /// The SVG font-family list (DejaVu first, so a browser that has it shows the PNG's type).
        public var svgFamily: String {
            self == .sans ? "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif" : "DejaVu Sans Mono, Menlo, Consolas, monospace"
        }
    }

    /// A label: `y` is its baseline; `rotation` in degrees clockwise about (x, y) (−90 reads bottom to top).
    public struct Label: Sendable {
        public var text: String
        public var x: Double, y: Double
        public var color: RGB
        public var size: Double
        public var weight: FontWeight
        public var anchor: TextAnchor
        public var rotation: Double
        public var font: FontFamily
    }

    /// A stroked line through `points` (`closed` joins the last point to the first). `dash` alternates on/off
    /// lengths in pixels (empty: solid). Joins are round.
    public struct Polyline: Sendable {
        public var points: [Point]
        public var color: RGB
        public var width: Double
        public var dash: [Double]
        public var closed: Bool
        public var opacity: Double
    }

    public enum Item: Sendable {
        case rect(x: Int, y: Int, width: Int, height: Int, color: RGB)
        case polyline(Polyline)
        /// A filled polygon (nonzero winding), `opacity` 0…1 over what is below.
        case polygon(points: [Point], color: RGB, opacity: Double)
        case circle(x: Double, y: Double, radius: Double, color: RGB)
        case text(Label)
    }

    public let width: Int
    public let height: Int
    public let background: RGB
    public var title: String
    public private(set) var items: [Item] = []

    public init(width: Int, height: Int, background: RGB = (255, 255, 255), title: String) {
        precondition(width > 0 && height > 0, "a picture needs at least one pixel")
        self.width = width; self.height = height; self.background = background; self.title = title
    }

    // MARK: Adding items

    public mutating func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ c: RGB) { items.append(.rect(x: x, y: y, width: w, height: h, color: c)) }

    /// A label whose top-left corner is near (x, y): the size of the former 5×7 pixel font at `scale`
    /// (10 px type per scale step, baseline at y + 7·scale).
    public mutating func text(_ s: String, _ x: Int, _ y: Int, _ c: RGB, scale: Int = 1) {
        text(s, x: Double(x), y: Double(y + 7 * scale), c, size: Double(10 * scale))
    }

    /// A label with its baseline at `y`; `anchor` says whether x is its start, middle or end.
    public mutating func text(_ s: String, x: Double, y: Double, _ c: RGB, size: Double = 12, weight: FontWeight = .regular,
                              anchor: TextAnchor = .start, rotation: Double = 0, font: FontFamily = .sans) {
        guard x.isFinite, y.isFinite, size.isFinite, size > 0, rotation.isFinite, !s.isEmpty else { return }
        items.append(.text(Label(text: s, x: x, y: y, color: c, size: size, weight: weight, anchor: anchor, rotation: rotation, font: font)))
    }

    /// A stroked polyline (`dash`: on/off lengths in pixels; empty for a solid line). A non-finite point is a
    /// gap: the line is split there.
    public mutating func polyline(_ points: [Point], _ c: RGB, width: Double = 1, dash: [Double] = [], closed: Bool = false, opacity: Double = 1) {
        let dash = dash.allSatisfy({ $0.isFinite && $0 >= 0 }) && dash.contains(where: { $0 > 0 }) ? dash : []
        let width = width.isFinite ? max(width, 0) : 1, opacity = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        var run: [Point] = []
        func flush(_ closed: Bool) {
            if run.count > 1 { items.append(.polyline(Polyline(points: run, color: c, width: width, dash: dash, closed: closed, opacity: opacity))) }
            run = []
        }
        let finite = points.allSatisfy { $0.x.isFinite && $0.y.isFinite }
        for p in points {
            if p.x.isFinite && p.y.isFinite { run.append(p) } else { flush(false) }
        }
        flush(closed && finite)
    }

    /// A straight line from a to b.
    public mutating func line(_ a: Point, _ b: Point, _ c: RGB, width: Double = 1, dash: [Double] = []) {
        polyline([a, b], c, width: width, dash: dash)
    }

    /// A filled polygon (a min–max band: the upper points left to right, then the lower ones right to left).
    public mutating func polygon(_ points: [Point], _ c: RGB, opacity: Double = 1) {
        let pts = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard pts.count > 2 else { return }
        items.append(.polygon(points: pts, color: c, opacity: opacity.isFinite ? min(max(opacity, 0), 1) : 1))
    }

    /// A filled circle (plot markers).
    public mutating func circle(x: Double, y: Double, radius: Double, _ c: RGB) {
        guard x.isFinite, y.isFinite, radius.isFinite, radius > 0 else { return }
        items.append(.circle(x: x, y: y, radius: radius, color: c))
    }

    /// Appends every item of `other` (drawn after this scene's items).
    public mutating func append(contentsOf other: Scene) { items += other.items }

    // MARK: Measuring

    /// The advance width in pixels of `s` set at `size` (what the PNG renderer uses to place anchored text; a
    /// browser with DejaVu installed lays the SVG out the same).
    public static func textWidth(_ s: String, size: Double = 12, weight: FontWeight = .regular, font: FontFamily = .sans) -> Double {
        CairoRenderer.textWidth(s, size: size, weight: weight, font: font)
    }

    // MARK: Output

    /// The scene as PNG bytes (8-bit RGB, drawn by Cairo; the same scene gives the same bytes on one machine). A
    /// scene over 16,384 pixels on a side or 2²⁶ pixels in all is drawn scaled down to fit.
    public func png() -> [UInt8] { CairoRenderer.png(self) }

    /// The scene rasterized (what `png()` encodes).
    public func image() -> RGBAImage { CairoRenderer.image(self) }

    public static func hex(_ c: RGB) -> String { "#" + Fmt.hex2(c.0) + Fmt.hex2(c.1) + Fmt.hex2(c.2) }

    /// A coordinate in SVG text: at most two decimals, no trailing zeros.
    static func n(_ v: Double) -> String { ByteText.trimmed(v, 2) }

    /// The scene as an SVG element (`standalone` adds the XML declaration for a file of its own).
    public func svg(standalone: Bool = true) -> String {
        var s = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\">\n"
        s += "<title>\(Escape.xmlText(title))</title>\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"\(Self.hex(background))\"/>\n"
        s += "<g font-family=\"\(FontFamily.sans.svgFamily)\">\n"
        for item in items {
            switch item {
            case let .rect(x, y, w, h, c):
                s += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" fill=\"\(Self.hex(c))\"/>\n"
            case let .polyline(p):
                guard p.points.count > 1 else { continue }
                s += p.closed ? "<polygon" : "<polyline"
                s += " points=\"" + Self.points(p.points) + "\" fill=\"none\" stroke=\"\(Self.hex(p.color))\""
                s += " stroke-width=\"\(Self.n(p.width))\" stroke-linejoin=\"round\""
                if !p.dash.isEmpty { s += " stroke-dasharray=\"" + p.dash.map(Self.n).joined(separator: " ") + "\"" }
                if p.opacity < 1 { s += " stroke-opacity=\"\(Self.n(p.opacity))\"" }
                s += "/>\n"
            case let .polygon(pts, c, opacity):
                guard pts.count > 2 else { continue }
                s += "<polygon points=\"" + Self.points(pts) + "\" fill=\"\(Self.hex(c))\""
                if opacity < 1 { s += " fill-opacity=\"\(Self.n(opacity))\"" }
                s += "/>\n"
            case let .circle(x, y, r, c):
                s += "<circle cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(r))\" fill=\"\(Self.hex(c))\"/>\n"
            case let .text(t):
                s += "<text x=\"\(Self.n(t.x))\" y=\"\(Self.n(t.y))\" font-size=\"\(Self.n(t.size))\" fill=\"\(Self.hex(t.color))\""
                if t.font != .sans { s += " font-family=\"\(t.font.svgFamily)\"" }
                if t.weight == .bold { s += " font-weight=\"bold\"" }
                if t.anchor != .start { s += " text-anchor=\"\(t.anchor.rawValue)\"" }
                if t.rotation != 0 { s += " transform=\"rotate(\(Self.n(t.rotation)) \(Self.n(t.x)) \(Self.n(t.y)))\"" }
                s += ">\(Escape.xmlText(t.text))</text>\n"
            }
        }
        s += "</g>\n</svg>\n"
        return s
    }

    static func points(_ pts: [Point]) -> String {
        pts.map { n($0.x) + "," + n($0.y) }.joined(separator: " ")
    }
}
