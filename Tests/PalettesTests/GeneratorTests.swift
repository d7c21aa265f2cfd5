import Testing
import ColorCore
@testable import Palettes

@Suite struct GeneratorTests {
    let pw = PaletteWorkbench.standard

    @Test func contrastTargetsAchieveTargetsOnWhite() throws {
        let f = Family(id: "brand", hue: 260, generator: ContrastTargets.id)
        let ramp = try pw.ramp(for: f)
        let report = try ContrastTargets.report(ramp, spec: f.spec)
        for (i, r) in report.enumerated() {
            #expect(r.achieved >= r.target, "\(Scale.ctk.stops[i]) achieved \(r.achieved) < \(r.target)")
            #expect(r.achieved - r.target < 0.01, "\(Scale.ctk.stops[i]) close to target")
        }
        for i in 1..<ramp.count { #expect(ramp[i].lightnessStar < ramp[i - 1].lightnessStar) }
    }

    @Test func contrastTargetsAPCAOnDarkBackground() throws {
        let bg = RampColor(srgb: SIMD3(0.07, 0.07, 0.08))
        let targets = (0..<20).map { 100 - Double($0) * 4.5 }  // |Lc| 100 … 14.5, lightest first
        let f = Family(id: "apca-dark", hue: 140, generator: ContrastTargets.id,
                       parameters: ["background": .color(bg), "method": .text("apca"), "targets": .numbers(targets)])
        let ramp = try pw.ramp(for: f)
        let report = try ContrastTargets.report(ramp, spec: f.spec)
        for (i, r) in report.enumerated() where r.target <= 95 {
            #expect(r.achieved >= r.target, "\(Scale.ctk.stops[i]) |Lc| \(r.achieved) < \(r.target)")
        }
        // Unreachable targets are reported, not hidden.
        let far = Family(id: "far", hue: 0, generator: ContrastTargets.id, parameters: ["targets": .number(30)])
        let rep = try ContrastTargets.report(try pw.ramp(for: far), spec: far.spec)
        #expect(rep.allSatisfy { $0.achieved < $0.target })
    }

    @Test func oklchCurves() throws {
        let f = Family(id: "curvy", hue: 300, generator: OKLCHCurves.id, parameters: [
            "lightness": .curve(.linear(from: 0.97, to: 0.25)),
            "chroma": .curve(.bell(base: 0.02, peak: 0.3, center: 0.5, width: 0.25)),
            "hue": .curve(.points([300, 320])),
        ])
        let ramp = try pw.ramp(for: f)
        for (i, c) in ramp.enumerated() {
            #expect(abs(c.oklch.x - (0.97 + (0.25 - 0.97) * Double(i) / 19)) < 1e-12)
            #expect(TokenMath.inP3(linearSRGB: c.linearSRGB))
        }
        #expect(ramp.first!.oklch.z == 300 && ramp.last!.oklch.z == 320)
        #expect(Curve.eased(from: 0, to: 1, exponent: 2).value(at: 0.5) == 0.5)
        #expect(Curve.eased(from: 0, to: 1, exponent: 2).value(at: 0.25) == 0.1)
        #expect(Curve.bell(base: 0, peak: 1, center: 0.5, width: 0.2).value(at: 0.5) == 1)
        #expect(Curve.points([0, 10, 20]).value(at: 0.75) == 15)
    }

    @Test func uniformLStarParametersOverrideTables() throws {
        let f = Family(id: "muted", hue: 50, parameters: ["chroma": .number(0.02)])
        let ramp = try pw.ramp(for: f)
        #expect(ramp.allSatisfy { $0.oklch.y <= 0.02 })
        #expect(ramp.dropFirst().allSatisfy { $0.oklch.y == 0.02 }, "only _50 is capped by P3")
        #expect(abs(ramp[9].lightnessStar - 58.2) < 1e-7)
        let bad = Family(id: "bad", hue: 50, parameters: ["chroma": .text("x")])
        #expect(throws: PalettesError.self) { try pw.ramp(for: bad) }
    }

    @Test func registryRules() throws {
        var w = PaletteWorkbench.standard
        #expect(w.generators.ids == ["uniform-lstar", "cielab-list", "oklch-curves", "contrast-targets", "hct-tonal"])
        #expect(w.policies.ids == ["wcag-aa", "wcag-aaa", "apca-body", "cvd-distinct"])
        #expect(w.families.ids.count == 37)
        #expect(throws: ColorCoreError.self) { try w.register(UniformLStar.generator) }
        #expect(throws: ColorCoreError.self) { try w.register(Family.builtins[3]) }
        #expect(throws: ColorCoreError.self) { try w.register(Policy.wcagAA) }
        let unknown = #expect(throws: (any Error).self) { try w.generators.lookup("nope") }
        #expect(unknown.map { "\($0)" }?.contains("known: uniform-lstar, cielab-list, oklch-curves, contrast-targets") == true)
        // A plugin generator registers through the same call and builds families.
        try w.register(RampGenerator(id: "flat", name: "one color") { spec, _ in
            Array(repeating: RampColor(oklch: 0.5, 0.1, spec.hue), count: 20)
        })
        try w.register(Family(id: "flatty", hue: 77, generator: "flat"))
        #expect(try w.family(named: "flatty").generator == "flat")
        #expect(try w.palette([w.families.lookup("flatty")]).ramp("flatty")!.count == 20)
        #expect(throws: ColorCoreError.self) { try w.register(Family(id: "orphan", hue: 1, generator: "missing")) }
        try w.register(RampGenerator(id: "short", name: "too short") { _, _ in [] })
        #expect(throws: PalettesError.self) { try w.ramp(for: Family(id: "s", hue: 1, generator: "short")) }
    }
}

@Suite struct GeneratorParameterTests {
    @Test func specsAreCheckedAgainstTheDeclaredParameters() throws {
        let wb = PaletteWorkbench.standard
        func error(_ f: Family) -> String? {
            do { _ = try wb.ramp(for: f); return nil } catch { return "\(error)" }
        }
        #expect(error(Family(id: "a", hue: 10, parameters: ["chromaScal": .number(1)]))
                == "ramp generator 'uniform-lstar': parameter 'chromaScal' is not one of its parameters (did you mean 'chromaScale'?); it reads lightnessStar, chroma, chromaScale, gamutMargin")
        #expect(error(Family(id: "a", hue: 10, parameters: ["chromaScale": .text("x")]))
                == "ramp generator 'uniform-lstar': parameter 'chromaScale' must be a number")
        #expect(error(Family(id: "a", hue: 10, parameters: ["lightnessStar": .numbers(Array(repeating: 50, count: 12))]))
                == "ramp generator 'uniform-lstar': parameter 'lightnessStar' has 12 values for 20 stops (scale 'ctk'); give one value per stop (20) or at most 10 evenly spaced control points")
        #expect(error(Family(id: "a", hue: 10, parameters: ["lightnessStar": .numbers([90, 90, 101])]))
                == "ramp generator 'uniform-lstar' parameter 'lightnessStar' at _1000: 101 is outside 0…100")
        #expect(error(Family(id: "a", hue: 10, parameters: ["lightnessStar": .numbers([95, 10]), "gamutMargin": .number(0.9)])) == nil)
        // Every built-in declares each parameter with a kind, a default and a meaning.
        for g in wb.generators.all {
            #expect(!g.parameters.isEmpty)
            for p in g.parameters { #expect(!p.defaultValue.isEmpty && !p.summary.isEmpty, "\(g.id).\(p.name)") }
        }
    }

    @Test func suggestionsAreTyposOrHints() {
        #expect(Suggest.closest("chroam", among: ["chroma", "hue"]) == "chroma")
        #expect(Suggest.closest("Hue", among: ["chroma", "hue"]) == "hue")
        #expect(Suggest.closest("color", among: ["name", "hue"]) == nil)
        #expect(Suggest.closest("color", among: ["name", "anchor"], hints: ["color": "anchor"]) == "anchor")
    }
}
