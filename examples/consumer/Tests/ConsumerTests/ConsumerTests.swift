import BrandColors
import Huebench
import Testing

@Suite struct ConsumerTests {
    /// #00b386 in OKLCH: oklch(0.6804 0.1395 166.99) by Ottosson's published sRGB → OKLab matrices
    /// (https://bottosson.github.io/posts/oklab/); L and C within 1e-3, h within 0.1°.
    @Test func convertsTheBrandColor() throws {
        let c = try BrandColors.brandOKLCH()
        #expect(abs(c.coords.x - 0.6804) < 1e-3 && abs(c.coords.y - 0.1395) < 1e-3 && abs(c.coords.z - 166.99) < 0.1)
    }

    /// Black on white is 21:1 and white on white 1:1 (WCAG 2.1 definition); 1e-4 relative.
    @Test func contrastMatrix() throws {
        let m = try BrandColors.contrastMatrix(texts: ["black", "white"], backgrounds: ["white"])
        #expect(m.count == 2 && abs(m[0] - 21) < 21e-4 && abs(m[1] - 1) < 1e-4)
    }

    /// 20 stops from light to dark.
    @Test func ramp() throws {
        let r = try BrandColors.brandRamp()
        #expect(r.count == 20)
        #expect(r.first!.oklch.x > r.last!.oklch.x)
    }

    /// The color HuebenchPlugin generated from palette.lua (brand _500) is the Display P3 value the library
    /// computes for the same family (uniform-lstar at hue 167), to the 4 decimals the Swift exporter writes.
    @Test func pluginGeneratedColor() throws {
        let generated = HuebenchPalette.brand500
        let ramp = try PaletteWorkbench.standard.ramp(for: Family(id: "brand", hue: 167))
        let p3 = try ExportColor(ramp[Scale.ctk.index(of: Stop(500))!]).displayP3
        #expect(abs(generated.red - p3.x) <= 5.1e-5 && abs(generated.green - p3.y) <= 5.1e-5 && abs(generated.blue - p3.z) <= 5.1e-5,
                "generated \(generated), library \(p3)")
        #expect(generated.alpha == 1)
        // The house gray and the semantic tokens come with it.
        let gray = HuebenchPalette.gray500
        let libraryGray = try ExportColor(try PaletteWorkbench.standard.ramp(for: Family.gray)[Scale.ctk.index(of: Stop(500))!]).displayP3
        #expect(abs(gray.red - libraryGray.x) <= 5.1e-5 && abs(gray.blue - libraryGray.z) <= 5.1e-5, "\(gray)")
        #expect(HuebenchTokens.all.count > 0)
    }
}
