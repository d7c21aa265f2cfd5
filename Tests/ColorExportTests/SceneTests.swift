import ColorExport
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The bounding box of pixels that differ from white in a rectangle of the image.
func inkBox(_ img: RGBAImage, _ x0: Int = 0, _ y0: Int = 0, _ x1: Int? = nil, _ y1: Int? = nil) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    var box: (Int, Int, Int, Int)?
    for y in y0..<(y1 ?? img.height) {
        for x in x0..<(x1 ?? img.width) where !near(img[x, y], (255, 255, 255), 8) {
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        }
    }
    return box.map { (x0: $0.0, y0: $0.1, x1: $0.2, y1: $0.3) }
}

@Suite struct SceneTests {
    @Test func polylineWidthAndDash() throws {
        var s = Scene(width: 200, height: 100, title: "lines")
        s.polyline([(x: 0, y: 50), (x: 200, y: 50)], (220, 0, 0), width: 6)
        s.polyline([(x: 0, y: 20), (x: 200, y: 20)], (0, 0, 200), width: 4, dash: [10, 10])
        let img = try PNG.decode(s.png())
        #expect(img.width == 200 && img.height == 100)
        // A 6-pixel line covers y 47…52 fully; 5 pixels away from its edge is background.
        for y in 47...52 { #expect(near(img[100, y], (220, 0, 0), 1), "row \(y)") }
        #expect(near(img[100, 45], (255, 255, 255), 1) && near(img[100, 54], (255, 255, 255), 1))
        // Dash 10 on, 10 off from x = 0: x = 5 is ink, x = 15 is a gap.
        #expect(near(img[5, 20], (0, 0, 200), 1) && near(img[45, 20], (0, 0, 200), 1))
        #expect(near(img[15, 20], (255, 255, 255), 1) && near(img[55, 20], (255, 255, 255), 1))
        let svg = s.svg()
        #expect(svg.contains("<polyline points=\"0,50 200,50\" fill=\"none\" stroke=\"#dc0000\" stroke-width=\"6\""))
        #expect(svg.contains("stroke-dasharray=\"10 10\""))
    }

    @Test func nonFiniteSplitsALine() {
        var s = Scene(width: 10, height: 10, title: "gap")
        s.polyline([(x: 0, y: 1), (x: 2, y: 2), (x: .nan, y: 3), (x: 4, y: 4), (x: 5, y: 5)], (0, 0, 0))
        s.polyline([(x: 0, y: 1), (x: .infinity, y: 3)], (0, 0, 0))  // one point left: nothing drawn
        #expect(s.items.count == 2)
        #expect(!s.svg().contains("nan") && !s.svg().contains("inf"))
    }

    @Test func translucentPolygonBlends() throws {
        var s = Scene(width: 40, height: 40, title: "band")
        s.polygon([(x: 0, y: 0), (x: 40, y: 0), (x: 40, y: 40), (x: 0, y: 40)], (0, 0, 255), opacity: 0.5)
        let img = try PNG.decode(s.png())
        // 0.5 · 255 + 0.5 · white: 127.5 per channel (Cairo rounds to 127 or 128).
        #expect(near(img[20, 20], (128, 128, 255), 1))
        #expect(s.svg().contains("fill=\"#0000ff\" fill-opacity=\"0.5\""))
    }

    @Test func textSizeWeightAnchorRotation() throws {
        // Widths come from the font: twice the size is twice the width (unhinted metrics); bold is wider.
        let w12 = Scene.textWidth("Contrast ratio", size: 12), w24 = Scene.textWidth("Contrast ratio", size: 24)
        #expect(w12 > 50 && w12 < 120)
        #expect(abs(w24 - 2 * w12) < 1e-9)
        #expect(Scene.textWidth("Contrast ratio", size: 12, weight: .bold) > w12)
        #expect(Scene.textWidth("iiii", size: 12) < Scene.textWidth("WWWW", size: 12))   // proportional
        #expect(abs(Scene.textWidth("iiii", size: 12, font: .mono) - Scene.textWidth("WWWW", size: 12, font: .mono)) < 1e-9)

        var mid = Scene(width: 300, height: 60, title: "anchor")
        mid.text("Hue Shift", x: 150, y: 40, (0, 0, 0), size: 20, anchor: .middle)
        let box = try #require(inkBox(try PNG.decode(mid.png())))
        #expect(abs(Double(box.x0 + box.x1) / 2 - 150) <= 3, "centre \(box)")
        #expect(box.y1 <= 41 && box.y1 >= 36)   // sits on the baseline (no descenders in "Hue Shift")

        var end = Scene(width: 300, height: 60, title: "end")
        end.text("Lightness", x: 250, y: 40, (0, 0, 0), size: 20, anchor: .end)
        let eb = try #require(inkBox(try PNG.decode(end.png())))
        #expect(eb.x1 <= 251 && eb.x1 >= 244)

        var rot = Scene(width: 80, height: 300, title: "rotated")
        rot.text("Contrast ratio", x: 40, y: 150, (0, 0, 0), size: 18, anchor: .middle, rotation: -90)
        let rb = try #require(inkBox(try PNG.decode(rot.png())))
        #expect(rb.y1 - rb.y0 > 3 * (rb.x1 - rb.x0), "a rotated label is tall: \(rb)")
        #expect(abs(Double(rb.y0 + rb.y1) / 2 - 150) <= 3)

        var bold = Scene(width: 300, height: 60, title: "bold")
        bold.text("Lightness", x: 10, y: 40, (0, 0, 0), size: 20, weight: .bold)
        var regular = Scene(width: 300, height: 60, title: "regular")
        regular.text("Lightness", x: 10, y: 40, (0, 0, 0), size: 20)
        func ink(_ s: Scene) throws -> Int {
            let img = try PNG.decode(s.png())
            var n = 0
            for y in 0..<img.height { for x in 0..<img.width { n += 255 - Int(img[x, y].0) } }
            return n
        }
        #expect(try ink(bold) > ink(regular) * 5 / 4)

        let svg = rot.svg() + bold.svg() + mid.svg()
        #expect(svg.contains("text-anchor=\"middle\" transform=\"rotate(-90 40 150)\">Contrast ratio</text>"))
        #expect(svg.contains("font-size=\"20\" fill=\"#000000\" font-weight=\"bold\">Lightness</text>"))
    }

    @Test func sameBytesEveryTimeAndWellFormedSVG() throws {
        var s = Scene(width: 320, height: 200, title: "All <items> & \"quotes\"")
        s.rect(10, 10, 50, 30, (10, 120, 200))
        s.polygon([(x: 20, y: 150), (x: 120, y: 100), (x: 220, y: 140), (x: 220, y: 180), (x: 20, y: 190)], (200, 120, 0), opacity: 0.3)
        s.polyline([(x: 20, y: 160), (x: 120, y: 120), (x: 220, y: 160)], (200, 120, 0), width: 2.5, dash: [6, 3])
        s.circle(x: 120, y: 120, radius: 4, (0, 0, 0))
        s.text("Mixed-case ΔE label <&>", x: 160, y: 30, (34, 34, 34), size: 14, weight: .bold, anchor: .middle)
        s.text("y axis", x: 12, y: 120, (34, 34, 34), size: 12, anchor: .middle, rotation: -90)
        s.text("#6e3612", x: 70, y: 30, (34, 34, 34), size: 11, font: .mono)
        s.text("Old style", 10, 60, (0, 0, 0), scale: 2)
        let a = s.png(), b = s.png()
        #expect(a == b)
        #expect(Array(a.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        let img = try PNG.decode(a)
        #expect(near(img[35, 25], (10, 120, 200)))
        #expect(img == s.image())
        let parser = XMLParser(data: Data(s.svg().utf8))
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        #expect(s.svg().contains("&lt;&amp;&gt;"))
    }

    @Test func hugeScenesAreScaledToFit() throws {
        var s = Scene(width: 40_000, height: 100, title: "wide")
        s.rect(0, 0, 40_000, 100, (0, 0, 0))
        let img = s.image()
        #expect(img.width == 16_384 && img.height == 40)
        #expect(near(img[100, 20], (0, 0, 0)))
    }
}
