import Testing
@testable import ColorCore

/// Hand-checked anchors from CSS Color 4 and Ottosson's OKLab post; the vector suites cover the rest.
@Suite struct ConversionBasicsTests {
    let wb = Workbench.standard

    @Test func srgbWhiteIsD65White() throws {
        let xyz = try wb.convert(Color(.srgb, 1, 1, 1), to: .xyzD65).coords
        let d65 = WhitePoint.d65.xyz
        #expect(abs(xyz.x - d65.x) < 1e-12 && abs(xyz.y - 1) < 1e-12 && abs(xyz.z - d65.z) < 1e-12)
    }

    @Test func whiteInOKLabHasNoChroma() throws {
        let lab = try wb.convert(Color(.srgb, 1, 1, 1), to: .oklab).coords
        #expect(abs(lab.x - 1) < 1e-7 && abs(lab.y) < 1e-7 && abs(lab.z) < 1e-7)
        let lch = try wb.convert(Color(.srgb, 1, 1, 1), to: .oklch)
        #expect(lch.coords.z.isNaN, "white's OKLCH hue is powerless (missing)")
    }

    /// Ottosson's table: XYZ (0.950, 1.000, 1.089) → OKLab (1.000, 0.000, 0.000) and
    /// XYZ (1, 0, 0) → (0.450, 1.236, −0.019), 3 decimals.
    @Test func ottossonXYZTable() throws {
        let r = try wb.convert(Color(.xyzD65, 1, 0, 0), to: .oklab).coords
        #expect(abs(r.x - 0.450) < 5e-4 && abs(r.y - 1.236) < 5e-4 && abs(r.z + 0.019) < 5e-4)
        let g = try wb.convert(Color(.xyzD65, 0, 1, 0), to: .oklab).coords
        #expect(abs(g.x - 0.922) < 5e-4 && abs(g.y + 0.671) < 5e-4 && abs(g.z - 0.263) < 5e-4)
    }

    @Test func roundTripsKeepExtendedValues() throws {
        let c = Color(.srgb, -0.2, 0.5, 1.3)
        for s in Workbench.builtinSpaces.map(\.id) where s != .hsl && s != .hsv && s != .hwb {
            let back = try wb.convert(try wb.convert(c, to: s), to: .srgb).coords
            #expect(abs(back.x + 0.2) < 1e-9 && abs(back.y - 0.5) < 1e-9 && abs(back.z - 1.3) < 1e-9, "via \(s)")
        }
    }

    @Test func unknownSpaceListsKnown() {
        let e = #expect(throws: ColorCoreError.self) { try wb.convert(Color(.srgb, 0, 0, 0), to: "nope") }
        #expect(e.map { "\($0)" }?.contains("known: xyz-d65, xyz-d50") == true)
    }
}
