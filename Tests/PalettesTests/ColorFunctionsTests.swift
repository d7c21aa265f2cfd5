import Testing
import ColorCore
@testable import Palettes

@Suite struct ColorFunctionsTests {
    let fn = ColorFunctions()

    func s(_ f: String, _ stop: Stop) throws -> Swatch { try fn.swatch(f, stop) }

    @Test func stopMovesAndClamping() throws {
        #expect(try fn.lighten(s("orange", .s500), by: 2).stop == .s400)
        #expect(try fn.darken(s("orange", .s500), by: 3).stop == .s650)
        #expect(try fn.lighten(s("orange", .s100), by: 5).stop == .s50)
        #expect(try fn.darken(s("orange", .s950), by: 4).stop == .s1000)
        #expect(try fn.darken(s("orange", .s700), by: 1).color.css == "#7f4016")
        #expect(try fn.soften(s("blue", .s500), by: 1, mode: .light).stop == .s450)
        #expect(try fn.soften(s("blue", .s500), by: 1, mode: .dark).stop == .s550)
        #expect(try fn.strengthen(s("blue", .s500), by: 1, mode: .light).stop == .s550)
        #expect(try fn.strengthen(s("blue", .s500), by: 1, mode: .dark).stop == .s450)
    }

    @Test func invert() throws {
        let a = try fn.invert(s("orange", .s200))
        #expect(a.stop == .s850 && a.color == Palette.standard.color("orange", .s850)!)
        #expect(try fn.invert(s("orange", .s850)).stop == .s200)
        #expect(try fn.invert(s("gray", .s50)).stop == .s1000)
        // Off-palette: a color at _200's L* inverts to _850's L*.
        let off = Swatch(color: RampColor(oklch: 0.87, 0.05, 50))
        let p = ColorFunctions.position(ofLightnessStar: off.color.lightnessStar, ladder: UniformLStar.lightnessStar)
        let inv = try fn.invert(off)
        let q = ColorFunctions.position(ofLightnessStar: inv.color.lightnessStar, ladder: UniformLStar.lightnessStar)
        #expect(abs(p + q - 19) < 1e-6)
    }

    @Test func offPaletteMovesAlongLadder() throws {
        // A color exactly at _450's L* moves to _350's L*, keeping hue.
        let c = UniformLStar.color(lightnessStar: 62.8, chroma: 0.05, hue: 123)
        let moved = try fn.lighten(Swatch(color: c), by: 2)
        #expect(moved.stop == nil)
        #expect(abs(moved.color.lightnessStar - 72.0) < 1e-6)
        #expect(moved.color.oklch.z == 123 && abs(moved.color.oklch.y - 0.05) < 1e-12)
        // Halfway between stops stays halfway.
        let half = UniformLStar.color(lightnessStar: (62.8 + 58.2) / 2, chroma: 0.05, hue: 123)
        #expect(abs(try fn.darken(Swatch(color: half), by: 1).color.lightnessStar - (58.2 + 53.5) / 2) < 1e-6)
        // Past the ends the ladder extends at the end spacing, clamped to 0…100.
        #expect(ColorFunctions.lightnessStar(atPosition: -100, ladder: UniformLStar.lightnessStar) == 100)
        #expect(ColorFunctions.lightnessStar(atPosition: 19, ladder: UniformLStar.lightnessStar) == 10.2)
    }

    @Test func saturateDesaturate() throws {
        let base = try s("teal", .s300)
        let more = fn.saturate(base, by: 0.5), less = fn.desaturate(base, by: 0.5)
        #expect(more.color.oklch.y >= base.color.oklch.y - 1e-12 && TokenMath.inP3(linearSRGB: more.color.linearSRGB))
        #expect(abs(less.color.oklch.y - base.color.oklch.y * 0.5) < 1e-12)
        #expect(abs(less.color.lightnessStar - base.color.lightnessStar) < 1e-6)
        #expect(fn.desaturate(base, by: 2).color.oklch.y == 0)
    }

    @Test func rotateHueKeepsStop() throws {
        let r = try fn.rotateHue(s("orange", .s600), by: 10)
        #expect(r.family?.id == "brown" && r.stop == .s600)
        #expect(r.color == Palette.standard.color("brown", .s600)!)
        #expect(try fn.rotateHue(s("rose", .s100), by: 20).family?.id == "ruby")
        let odd = try fn.rotateHue(s("orange", .s600), by: 3.5)
        #expect(odd.family?.hue == 53.5 && odd.stop == .s600)
        #expect(try fn.rotateHue(s("gray", .s300), by: 90).family?.id == "gray")
    }

    @Test func harmonies() throws {
        let o = try s("orange", .s500)
        #expect(try fn.harmony(o, .complement).map { $0.family!.id } == ["orange", "sky"])
        #expect(try fn.harmony(o, .triad).map { $0.family!.id } == ["orange", "emerald", "violet"])
        #expect(try fn.harmony(o, .square).map { $0.family!.hue! } == [50, 140, 230, 320])
        #expect(try fn.harmony(o, .tetrad).map { $0.family!.hue! } == [50, 110, 230, 290])
        #expect(try fn.harmony(o, .splitComplement).map { $0.family!.hue! } == [50, 200, 260])
        #expect(try fn.harmony(o, .analogous).map { $0.family!.hue! } == [50, 20, 80])
        #expect(try fn.harmony(o, .tints).map { $0.stop!.value } == [500, 400, 300, 200, 100])
        #expect(try fn.harmony(o, .shades).map { $0.stop!.value } == [500, 600, 700, 800, 900])
        #expect(try fn.harmony(o, .monochromatic).map { $0.stop!.value } == [500, 200, 350, 650, 800])
        #expect(try fn.harmony(o, .triad).allSatisfy { $0.stop == .s500 })
    }

    @Test func blendInOKLab() throws {
        let white = RampColor(srgb: SIMD3(1, 1, 1)), black = RampColor(srgb: SIMD3(0, 0, 0))
        let mid = try fn.blend(white, black, 0.5)
        let lab = try Workbench.standard.convert(mid.color, to: .oklab).coords
        #expect(abs(lab.x - 0.5) < 1e-6 && abs(lab.y) < 1e-6)
        let o = Palette.standard.color("orange", .s500)!
        #expect(try fn.blend(o, o, 0.3).hex == o.hex)
        // Mixing two P3 colors stays within P3.
        let out = try fn.blend(Palette.standard.color("green", .s350)!, Palette.standard.color("magenta", .s350)!, 0.5)
        #expect(try Workbench.standard.inGamut(out.color, of: .displayP3, epsilon: 1e-4))
    }

    @Test func gradientHuePaths() throws {
        #expect(HuePath.shorter.fixup(350, 10) == (350, 370))
        #expect(HuePath.longer.fixup(10, 50) == (370, 50))
        #expect(HuePath.increasing.fixup(50, 10) == (50, 370))
        #expect(HuePath.decreasing.fixup(10, 50) == (370, 50))
        let a = Palette.standard.color("red", .s500)!, b = Palette.standard.color("blue", .s500)!
        let g = try fn.gradient(from: a, to: b, steps: 5, hue: .shorter)
        #expect(g.count == 5 && g.first!.hex == a.hex && g.last!.hex == b.hex)
        let hues = g.map { $0.oklch.z }
        // red 20° → blue 250°: shorter path goes down through 315°… (decreasing, wraps).
        #expect(hues[2] > 250 || hues[2] < 20)
        let longer = try fn.gradient(from: a, to: b, steps: 5, hue: .longer)
        #expect(longer[2].oklch.z > 100 && longer[2].oklch.z < 170)
    }
}
