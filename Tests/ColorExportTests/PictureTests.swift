import ColorCore
import ColorExport
import Foundation
import HuebenchTestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Whether two bytes differ by at most `tolerance`.
func near(_ a: (UInt8, UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8), _ tolerance: Int = 0) -> Bool {
    abs(Int(a.0) - Int(b.0)) <= tolerance && abs(Int(a.1) - Int(b.1)) <= tolerance && abs(Int(a.2) - Int(b.2)) <= tolerance
}

func rgb(_ hex: String) -> (UInt8, UInt8, UInt8) {
    let v = UInt32(hex.dropFirst(), radix: 16)!
    return (UInt8(v >> 16), UInt8((v >> 8) & 255), UInt8(v & 255))
}

@Suite struct PNGTests {
    @Test func encodeDecodeRoundTrip() throws {
        var img = RGBAImage(width: 7, height: 5, fill: (10, 20, 30))
        img.fill(x: 2, y: 1, width: 3, height: 2, (255, 0, 128))
        let bytes = PNG.encode(img)
        #expect(Array(bytes.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        let back = try PNG.decode(bytes)
        #expect(back == img)
        #expect(PNG.encode(img) == bytes)  // deterministic
        #expect(throws: PNG.DecodeError.notPNG) { try PNG.decode([1, 2, 3]) }
    }

    @Test func swatchSheetPixelsAreTheStopsSRGB() throws {
        let d = TestDocs.palette
        let f = try TestDocs.export(["png"], d)
        let img = try PNG.decode(f.contents("pictures/swatches.png")!)
        for (fi, fam) in d.families.enumerated() {
            for (si, st) in fam.stops.enumerated() {
                let (x, y) = Sheets.swatchOrigin(family: fi, stop: si)
                #expect(near(img[x + Sheets.cellWidth / 2, y + Sheets.cellHeight / 2], st.color.srgbBytes), "\(fam.name) _\(st.name)")
            }
        }
        // Published values: orange _800 #6e3612, _1000 #301404, gray _200 #dddddd, _800 #2c2c2c.
        let (ox, oy) = Sheets.swatchOrigin(family: 0, stop: 15)
        #expect(near(img[ox + Sheets.cellWidth / 2, oy + Sheets.cellHeight / 2], rgb("#6e3612")))
        let (ox2, oy2) = Sheets.swatchOrigin(family: 0, stop: 19)
        #expect(near(img[ox2 + Sheets.cellWidth / 2, oy2 + Sheets.cellHeight / 2], rgb("#301404")))
        let (gx, gy) = Sheets.swatchOrigin(family: 1, stop: 3)
        #expect(near(img[gx + Sheets.cellWidth / 2, gy + Sheets.cellHeight / 2], rgb("#dddddd")))
        let (gx2, gy2) = Sheets.swatchOrigin(family: 1, stop: 15)
        #expect(near(img[gx2 + Sheets.cellWidth / 2, gy2 + Sheets.cellHeight / 2], rgb("#2c2c2c")))
        // Labels are drawn (anti-aliased, white on this dark stop): the swatch holds its color, the label's
        // color and the blends between them.
        var colors = Set<UInt32>()
        for yy in oy..<(oy + Sheets.cellHeight) { for xx in ox..<(ox + Sheets.cellWidth) {
            let p = img[xx, yy]; colors.insert(UInt32(p.0) << 16 | UInt32(p.1) << 8 | UInt32(p.2))
        } }
        #expect(colors.count > 2)
        #expect(colors.contains(0x6e3612))
        #expect(colors.contains { $0 >> 16 > 200 && ($0 >> 8) & 255 > 200 && $0 & 255 > 200 }, "no white label ink")
    }

    @Test func heatmapAndTokenSheet() throws {
        let d = TestDocs.palette
        let f = try TestDocs.export(["png"], d)
        let heat = try PNG.decode(f.contents("pictures/contrast-heatmap.png")!)
        // orange _700 on _50 = 6.10:1 (ColorTokensKit docs) → the AA band; _250 on _1000 = 10.20:1 → AAA.
        let (x1, y1) = Sheets.heatmapCellOrigin(row: 13, column: 0)
        #expect(near(heat[x1 + 1, y1 + 1], Sheets.band(6.10)) && Sheets.band(6.10) == Sheets.band(5))
        let (x2, y2) = Sheets.heatmapCellOrigin(row: 4, column: 19)
        #expect(near(heat[x2 + 1, y2 + 1], Sheets.band(10.2)))
        let orange = d.family("orange")!
        #expect(abs(Sheets.ratio(orange.stops[13].color, orange.stops[0].color) - 6.10) < 0.005)
        #expect(abs(Sheets.ratio(orange.stops[4].color, orange.stops[19].color) - 10.20) < 0.005)
        let tok = try PNG.decode(f.contents("pictures/tokens.png")!)
        // Light panel, foregroundPrimary = orange _1000 (#301404).
        let (tx, ty) = Sheets.tokenSwatchOrigin(variant: 0, token: 0)
        #expect(near(tok[tx + 1, ty + 1], rgb("#301404")))
    }

    @Test func fontCoversLabels() {
        for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#._-:/()%+<>=," {
            #expect(BitmapFont.glyph(c).count == 7)
            #expect(BitmapFont.glyph(c) != BitmapFont.glyph("\u{1}") || c == " ", "glyph \(c) missing")
        }
    }
}

@Suite struct SVGTests {
    @Test func sheetsAreWellFormedSVG() throws {
        let f = try TestDocs.export(["svg"], TestDocs.palette)
        for p in SVGExporter.exporter.outputs {
            let text = try #require(f.text(p))
            let parser = XMLParser(data: Data(text.utf8))
            #expect(parser.parse(), "\(p) is not well-formed: \(String(describing: parser.parserError))")
            #expect(text.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        }
        #expect(f.text("pictures/swatches.svg")!.contains("fill=\"#6e3612\""))
    }
}

@Suite struct ReportTests {
    static let chromium = Programs.which("chromium") ?? Programs.which("chromium-browser")

    @Test func selfContained() throws {
        let f = try TestDocs.export(["report"], TestDocs.small)
        let html = f.text("report.html")!
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for external in ["http://", "https://", "<script src", "<link "] {
            // The only URL allowed is the SVG namespace of the inline heatmap.
            let hits = html.components(separatedBy: external).count - 1
            let allowed = external == "http://" ? html.components(separatedBy: "http://www.w3.org/2000/svg").count - 1 : 0
            #expect(hits == allowed, "report.html refers outside itself with \(external)")
        }
        // Failures first: the failing check precedes the passing one.
        let fail = html.range(of: "FAIL")!, pass = html.range(of: ">pass<")!
        #expect(fail.lowerBound < pass.lowerBound)
        #expect(html.contains("<svg") && html.contains("huebench build (test)"))
    }

    /// In CI (CI=true) the browser test never skips: a missing Chromium is a failure there.
    static let inCI = ["true", "1"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")

    @Test(.enabled(if: ReportTests.chromium != nil || ReportTests.inCI, "chromium is not installed (apt-get install -y chromium); skipping the browser test"))
    func rendersInHeadlessChromium() throws {
        guard ReportTests.chromium != nil else {
            Issue.record("CI=true but chromium is not installed: the browser test cannot run (scripts/test installs it as root)")
            return
        }
        let dir = TempFolder.make("export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let d = TestDocs.palette
        _ = try TestDocs.export(["report"], d).commit(to: dir)
        let shot = dir.appendingPathComponent("shot.png")
        let (status, _, err) = try Programs.run(ReportTests.chromium!, [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
            "--user-data-dir=\(dir.appendingPathComponent("profile").path)",
            "--screenshot=\(shot.path)", "--window-size=1100,700", dir.appendingPathComponent("report.html").absoluteString,
        ]).parts
        #expect(status == 0, "chromium failed: \(err.suffix(400))")
        let img = try PNG.decode([UInt8](try Data(contentsOf: shot)))
        #expect(img.width == 1100 && img.height == 700)
        func count(_ c: (UInt8, UInt8, UInt8)) -> Int {
            var n = 0
            for y in 0..<img.height { for x in 0..<img.width where near(img[x, y], c, 1) { n += 1 } }
            return n
        }
        // Each swatch is 44 × 30 CSS pixels; known stops must show their exact sRGB bytes (±1).
        let orange = d.family("orange")!, gray = d.family("gray")!
        for (name, c) in [("orange _800 #6e3612", rgb("#6e3612")), ("orange _450", orange.stops[8].color.srgbBytes),
                          ("orange _200 (P3, sRGB fallback)", orange.stops[3].color.srgbBytes),
                          ("gray _800 #2c2c2c", rgb("#2c2c2c")), ("gray _600", gray.stops[11].color.srgbBytes)] {
            #expect(count(c) >= 44 * 30 * 9 / 10, "\(name): too few pixels of \(c) in the screenshot")
        }
    }
}
