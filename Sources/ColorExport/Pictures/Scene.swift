import ColorIO
/// A picture as a list of rectangles and labels, drawn the same way to PNG (with `BitmapFont`) and to SVG.
public struct Scene: Sendable {
    public typealias RGB = (UInt8, UInt8, UInt8)
    public enum Item: Sendable {
        case rect(x: Int, y: Int, width: Int, height: Int, color: RGB)
        /// A label whose top-left corner is (x, y); `scale` multiplies the 5×7 font (SVG: font size 9 × scale).
        case text(x: Int, y: Int, String, color: RGB, scale: Int)
    }

    public let width: Int
    public let height: Int
    public let background: RGB
    public var title: String
    public private(set) var items: [Item] = []

    public init(width: Int, height: Int, background: RGB = (255, 255, 255), title: String) {
        self.width = width; self.height = height; self.background = background; self.title = title
    }

    public mutating func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ c: RGB) { items.append(.rect(x: x, y: y, width: w, height: h, color: c)) }
    public mutating func text(_ s: String, _ x: Int, _ y: Int, _ c: RGB, scale: Int = 1) { items.append(.text(x: x, y: y, s, color: c, scale: scale)) }

    /// Rasterizes the scene.
    public func image() -> RGBAImage {
        var img = RGBAImage(width: width, height: height, fill: background)
        for item in items {
            switch item {
            case let .rect(x, y, w, h, c): img.fill(x: x, y: y, width: w, height: h, c)
            case let .text(x, y, s, c, scale): BitmapFont.draw(s, x: x, y: y, scale: scale, color: c, into: &img)
            }
        }
        return img
    }

    public func png() -> [UInt8] { PNG.encode(image()) }

    public static func hex(_ c: RGB) -> String { "#" + Fmt.hex2(c.0) + Fmt.hex2(c.1) + Fmt.hex2(c.2) }

    /// The scene as an SVG element (`standalone` adds the XML declaration for a file of its own).
    public func svg(standalone: Bool = true) -> String {
        var s = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\">\n"
        s += "<title>\(Escape.xmlText(title))</title>\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"\(Self.hex(background))\"/>\n"
        s += "<g font-family=\"ui-monospace, Menlo, DejaVu Sans Mono, monospace\">\n"
        for item in items {
            switch item {
            case let .rect(x, y, w, h, c):
                s += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" fill=\"\(Self.hex(c))\"/>\n"
            case let .text(x, y, str, c, scale):
                s += "<text x=\"\(x)\" y=\"\(y + 7 * scale)\" font-size=\"\(9 * scale)\" fill=\"\(Self.hex(c))\">\(Escape.xmlText(str))</text>\n"
            }
        }
        s += "</g>\n</svg>\n"
        return s
    }
}
