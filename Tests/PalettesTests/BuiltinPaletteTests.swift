import Testing
import ColorCore
@testable import Palettes

/// The facts of issue 4 (ColorTokensKit 3.x documentation): expected display values, WCAG ratios, family
/// list, gray ramp. Hex must be equal, display-p3 equal at 4 decimals, ratios equal at 2 decimals.
@Suite struct BuiltinPaletteTests {
    let palette = Palette.standard
    let wb = Workbench.standard

    func css(_ f: String, _ s: Stop) -> String { palette.color(f, s)!.css }

    @Test func orangeDocumentedValues() {
        #expect(css("orange", .s800) == "#6e3612")
        #expect(css("orange", .s750) == "#7f4016")
        #expect(css("orange", .s700) == "#90491a")
        #expect(css("orange", .s600) == "#b35c24")
        #expect(css("orange", .s900) == "#4e250a")
        #expect(css("orange", .s1000) == "#301404")
        #expect(css("orange", .s200) == "color(display-p3 0.978 0.79 0.6716)")
        #expect(css("orange", .s50) == "color(display-p3 0.9936 0.9528 0.9271)")
    }

    @Test func grayDocumentedValues() {
        #expect(css("gray", .s200) == "#dddddd")
        #expect(css("gray", .s800) == "#2c2c2c")
    }

    func ratio(_ f: String, _ a: Stop, _ b: Stop) throws -> String {
        let r = try wb.contrast(text: palette.color(f, a)!.color, background: palette.color(f, b)!.color, method: "wcag21")
        return String(format2: r)
    }

    @Test func documentedWCAGRatios() throws {
        #expect(try ratio("orange", .s700, .s50) == "6.10")
        #expect(try ratio("orange", .s250, .s1000) == "10.20")
    }

    @Test func thirtySevenFamiliesInOrder() {
        #expect(palette.families.count == 37)
        #expect(palette.families[0].id == "gray" && palette.families[0].hue == nil)
        let expected = ["pink", "ruby", "red", "tomato", "coral", "orange", "brown", "amber", "gold", "mustard",
                        "yellow", "olive", "chartreuse", "lime", "grass", "green", "jade", "emerald", "mint", "teal",
                        "turquoise", "cyan", "cerulean", "sky", "azure", "blue", "cobalt", "indigo", "iris", "violet",
                        "grape", "purple", "orchid", "plum", "magenta", "rose"]
        for (i, name) in expected.enumerated() {
            let f = palette.families[i + 1]
            #expect(f.id == name && f.hue == Double(i * 10), "\(name) at \(i * 10)°")
        }
        #expect(Family.ownStop == .s450)
    }

    @Test func everyStopHasTheFamilyHueAndTableLightness() {
        for f in palette.families where f.hue != nil {
            for s in Scale.ctk.stops {
                let c = palette.color(f.id, s)!
                #expect(c.oklch.z == f.hue!)
                #expect(abs(c.lightnessStar - UniformLStar.lightnessStar[Scale.ctk.index(of: s)!]) < 1e-7, "\(f.id) \(s)")
                #expect(c.oklch.y <= UniformLStar.chroma[Scale.ctk.index(of: s)!])
                #expect(TokenMath.inP3(linearSRGB: c.linearSRGB), "\(f.id) \(s) in P3")
            }
        }
    }

    @Test func lightnessFallsMonotonicallyInAll37Families() {
        for f in palette.families {
            let ramp = palette.ramp(f.id)!
            #expect(ramp.count == 20)
            for i in 1..<ramp.count {
                #expect(ramp[i].lightnessStar < ramp[i - 1].lightnessStar, "\(f.id) \(Scale.ctk.stops[i])")
                #expect(ramp[i].oklch.x < ramp[i - 1].oklch.x, "\(f.id) OKLab L at \(Scale.ctk.stops[i])")
            }
        }
    }

    /// The same stop has the same luminance in every chromatic family, hence the same contrast.
    @Test func contrastIsHueIndependent() throws {
        let white = Color(.srgb, 1, 1, 1)
        for s in Scale.ctk.stops {
            var ratios: [Double] = []
            for f in palette.families where f.hue != nil {
                ratios.append(try wb.contrast(text: palette.color(f.id, s)!.color, background: white))
            }
            #expect(ratios.max()! - ratios.min()! < 1e-6, "stop \(s): spread \(ratios.max()! - ratios.min()!)")
        }
    }

    @Test func grayRampFromListedCIELab() {
        let gray = palette.ramp("gray")!
        for (i, c) in gray.enumerated() {
            // ColorTokensKit's Lab → XYZ constants shift L* by < 0.02.
            #expect(abs(c.lightnessStar - CIELabList.grayLightnessStar[i]) < 0.05, "gray \(Scale.ctk.stops[i])")
            #expect(c.oklch.y < 0.006)
        }
    }

    @Test func familiesFromHexAndHue() throws {
        let pw = PaletteWorkbench.standard
        let brand = try pw.family(named: "#00B386")
        let h = TokenMath.oklch(linearSRGB: TokenMath.decode(SIMD3(0, 0xB3 / 255.0, 0x86 / 255.0))).z
        #expect(brand.hue == TokenMath.roundedHue(h))
        #expect(brand.hue == 166.99)
        var plain = brand
        plain.anchor = nil
        #expect(try pw.ramp(for: plain).allSatisfy { $0.oklch.z == 166.99 })
        #expect(brand.seed?.hex == "#00b386")
        #expect(try pw.ramp(for: brand).contains { $0.hex == "#00b386" })  // anchored (AnchorTests)
        #expect(try pw.family(named: "#808080").id == "gray")
        #expect(try pw.family(named: "#FFFFFF").id == "gray")
        #expect(try pw.family(named: "hue:50").hue == 50)
        #expect(try pw.ramp(for: pw.family(named: "hue:50")) == palette.ramp("orange")!)
        #expect(try pw.family(named: "Orange").id == "orange")
        #expect(throws: (any Error).self) { try pw.family(named: "not-a-family") }
    }

    @Test func hueRoundsHalfAwayFromZero() {
        #expect(TokenMath.roundedHue(12.345) == 12.35 || TokenMath.roundedHue(12.345) == 12.34)  // binary 12.345 < 12.345
        #expect(TokenMath.roundedHue(0.125) == 0.13)   // exactly representable: away from zero
        #expect(TokenMath.roundedHue(-10) == 350)
        #expect(TokenMath.roundedHue(359.999) == 0)
    }

    @Test func displayForm() {
        #expect(TokenMath.displayForm(srgb: SIMD3(1, 1, 1)) == "#ffffff")
        #expect(TokenMath.displayForm(srgb: SIMD3(1.0019, 0, 0)) == "#ff0000")  // rounds to 255
        #expect(TokenMath.displayForm(srgb: SIMD3(1.003, 0, 0)).hasPrefix("color(display-p3 "))
        #expect(TokenMath.fixed4(0.97800001) == "0.978")
        #expect(TokenMath.fixed4(1) == "1")
        #expect(TokenMath.fixed4(-0.00004) == "0")
    }

    @Test func stops() throws {
        #expect(Scale.ctk.stops.count == 20 && Scale.ctk.stops.first == .s50 && Scale.ctk.stops.last == .s1000)
        #expect(try Stop(parsing: "_450") == .s450 && (try Stop(parsing: "450")) == .s450)
        #expect(throws: PalettesError.self) { try Stop(parsing: "_4 75") }
        #expect(throws: PalettesError.stopNotInScale(stop: "475", scale: "ctk", stops: "50, 100, 150, 200, …, 950, 1000", context: "")) {
            try Scale.ctk.index(try Stop(parsing: "_475"))
        }
        #expect(Scale.ctk.inverted(.s200) == .s850 && Scale.ctk.inverted(.s850) == .s200)
        #expect(Scale.ctk.offset(.s950, by: 3) == .s1000 && Scale.ctk.offset(.s100, by: -5) == .s50)
    }
}

extension String {
    /// Two decimals, half away from zero.
    init(format2 v: Double) {
        let n = Int((v * 100).rounded(.toNearestOrAwayFromZero))
        let frac = n % 100
        self = "\(n / 100)." + (frac < 10 ? "0" : "") + "\(frac)"
    }
}
