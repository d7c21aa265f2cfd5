import ColorCore
import ColorExport
import Foundation
import Testing

/// The swatch and token sheets under color-vision deficiencies (`pictures/cvd/`) and the report's CVD tab.
@Suite struct CVDSheetTests {
    /// Pure red under deuteranopia (Machado 2009, severity 1): linear (0.367322, 0.280085, −0.011820 → 0), the
    /// first column of the published matrix, encoded: (163, 144, 0). Achroma gives the gray of Y = 0.2126.
    @Test func simulatedBytesFollowThePublishedMatrix() throws {
        let d = CVDSheets.simulated((255, 0, 0), try CVDSimulation(.deutan, severity: 1))
        #expect(abs(Int(d.0) - 163) <= 1 && abs(Int(d.1) - 144) <= 1 && d.2 == 0, "\(d)")
        let a = CVDSheets.simulated((255, 0, 0), try CVDSimulation(.achroma, severity: 1))
        #expect(a.0 == a.1 && a.1 == a.2 && abs(Int(a.0) - 127) <= 1, "\(a)")  // 0.2126 linear → 127
        #expect(CVDSheets.simulated((255, 255, 255), try CVDSimulation(.tritan, severity: 1)) == (255, 255, 255))
    }

    @Test func sheetsShowEveryStopAsTheDeficiencySeesIt() throws {
        let doc = TestDocs.palette
        let f = try TestDocs.export(["png", "svg"], doc)
        for type in CVDSheets.types {
            let sim = try CVDSimulation(type, severity: 1)
            let img = try PNG.decode(try #require(f.contents(CVDSheets.path("swatches", type, "png"))))
            var distinct = Set<UInt32>()
            for (fi, fam) in doc.families.enumerated() {
                for (si, st) in fam.stops.enumerated() {
                    let (x, y) = Sheets.swatchOrigin(family: fi, stop: si)
                    let want = CVDSheets.simulated(st.color.srgbBytes, sim)
                    #expect(near(img[x + 4, y + 4], want), "\(type) \(fam.name) _\(st.name)")
                    if type == .achroma { #expect(want.0 == want.1 && want.1 == want.2) }
                    distinct.insert(UInt32(want.0) << 16 | UInt32(want.1) << 8 | UInt32(want.2))
                }
            }
            #expect(distinct.count > 20, "\(type): the stops stay distinguishable in lightness")
            let tokens = try PNG.decode(try #require(f.contents(CVDSheets.path("tokens", type, "png"))))
            // Light panel, foregroundPrimary = orange _1000 (#301404), simulated.
            let (tx, ty) = Sheets.tokenSwatchOrigin(variant: 0, token: 0)
            #expect(near(tokens[tx + 1, ty + 1], CVDSheets.simulated((0x30, 0x14, 0x04), sim)), "\(type)")
            let svg = try #require(f.text(CVDSheets.path("swatches", type, "svg")))
            #expect(svg.contains("as \(type.rawValue) vision sees"))
        }
        // The orange family changes under deuteranopia: its _800 swatch is not the original color.
        let deutan = try PNG.decode(f.contents(CVDSheets.path("swatches", .deutan, "png"))!)
        let (ox, oy) = Sheets.swatchOrigin(family: 0, stop: 15)
        #expect(!near(deutan[ox + 4, oy + 4], rgb("#6e3612"), 3))
    }

    @Test func reportHasACVDTabPerType() throws {
        let f = try TestDocs.export(["report"], TestDocs.palette)
        let html = try #require(f.text("report.html"))
        #expect(html.contains("<h2 id=\"cvd\">Color-vision deficiency</h2>") && html.contains("href=\"#cvd\""))
        let orange800 = TestDocs.palette.family("orange")!.stops[15].color.srgbBytes
        for type in CVDSheets.types {
            #expect(html.contains("id=\"cvd-\(type.rawValue)\"") && html.contains("data-cvd=\"\(type.rawValue)\""))
            let hex = Scene.hex(CVDSheets.simulated(orange800, try CVDSimulation(type, severity: 1)))
            #expect(html.contains("background:\(hex)"), "\(type) shows orange _800 as \(hex)")
        }
        #expect(!html.contains("<script"))
    }
}
