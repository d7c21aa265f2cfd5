import ColorCore
import Foundation
import Testing
@testable import Palettes

/// Anchors: the ramp passes exactly through the anchor and stays smooth around it.
@Suite struct AnchorTests {
    static let generators = [UniformLStar.id, OKLCHCurves.id, ContrastTargets.id]

    /// The largest |second difference| of chroma at the anchor stop relative to the un-anchored ramp's largest
    /// |second difference| anywhere: a kink would show as a spike at k.
    static func kink(_ c: [Double], at k: Int) -> Double {
        guard k > 0, k < c.count - 1 else { return 0 }
        return abs(c[k + 1] - 2 * c[k] + c[k - 1])
    }

    @Test func anchorsLandExactlyFor36HuesAnd3Generators() throws {
        let wb = PaletteWorkbench.standard
        var worstKink = 0.0
        for g in Self.generators {
            for i in 0..<36 {
                let h = Double(i * 10) + 3
                // An sRGB brand color at this hue, mid lightness, moderate chroma; its 8-bit hex is the anchor.
                let hex = RampColor(oklch: 0.62, 0.11, h).hex
                let anchor = RampAnchor(color: try RampColor(hex: hex))
                // The generator's ramp once, then the anchor applied (what `PaletteWorkbench.ramp` does).
                let plain = try wb.ramp(for: Family(id: "a\(i)", hue: h, generator: g))
                let (ramp, stop) = try Anchoring.apply(anchor, to: plain)
                #expect(ramp[Scale.ctk.index(of: stop)!].hex == hex, "\(g) hue \(h): \(ramp[Scale.ctk.index(of: stop)!].hex) at \(stop.name) ≠ \(hex)")
                // Monotone lightness, lightest first.
                let L = ramp.map(\.oklch.x)
                #expect((0..<19).allSatisfy { L[$0] > L[$0 + 1] }, "\(g) hue \(h): lightness not monotone")
                // No chroma kink at the anchor: its second difference stays within the chroma steps of the ramp.
                let C = ramp.map(\.oklch.y)
                let steps = (0..<19).map { abs(C[$0 + 1] - C[$0]) }.max()!
                worstKink = max(worstKink, Self.kink(C, at: Scale.ctk.index(of: stop)!) / steps)
                #expect(Self.kink(C, at: Scale.ctk.index(of: stop)!) <= 0.5 * steps, "\(g) hue \(h): chroma kink at \(stop.name)")
            }
        }
    }

    @Test func wideGamutAnchorsAndGivenStops() throws {
        let wb = PaletteWorkbench.standard
        let core = Workbench.standard
        for css in ["color(display-p3 0 0.8 0.4)", "oklch(0.56 0.21 285)", "color(display-p3 1 0.3 0.1)"] {
            for stop in [Stop.s300, .s500, .s700] {
                let anchor = try RampAnchor(css: css, stop: stop)
                let family = Family(id: "w", hue: TokenMath.roundedHue(anchor.color.oklch.z), anchor: anchor)
                let ramp = try wb.ramp(for: family)
                let want = try Color(css: css)
                let dE = try core.deltaE(ramp[Scale.ctk.index(of: stop)!].color, want, method: "ok")
                #expect(dE < 1e-4, "\(css) at \(stop.name): ΔEOK \(dE)")
                let L = ramp.map(\.oklch.x)
                #expect((0..<19).allSatisfy { L[$0] > L[$0 + 1] }, "\(css) at \(stop.name): lightness not monotone")
            }
        }
    }

    @Test func cssFamiliesAreAnchoredAtTheNearestStop() throws {
        let wb = PaletteWorkbench.standard
        let brand = try wb.family(named: "#00B386")
        // The case: the hue-only ramp's nearest stop was _400 #00bd89; anchored, _400 is the brand color.
        #expect(try wb.anchorStop(for: brand) == .s400)
        #expect(try wb.ramp(for: brand)[Scale.ctk.index(of: .s400)!].hex == "#00b386")
        let violet = try wb.family(named: "oklch(0.56 0.21 285)")
        #expect(violet.hue == 285)
        #expect(throws: PalettesError.self) { try wb.family(named: "oklch(nope)") }
    }
}
