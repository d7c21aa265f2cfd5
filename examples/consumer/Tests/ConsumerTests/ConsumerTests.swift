import BrandColors
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
}
