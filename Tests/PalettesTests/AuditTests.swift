import Testing
import ColorCore
@testable import Palettes

@Suite struct AuditTests {
    @Test func wcagAAOnOrange() throws {
        let orange = try PaletteWorkbench.standard.family(named: "orange")
        let r = try Audit.run(.wcagAA, families: [orange])
        // 5 rules: 2×3 + 1×3 + 2×3 + 1×3 + 1×2 pairs = 20, × 2 modes × 2 levels.
        #expect(r.checks.count == 80)
        for c in r.checks {
            #expect(c.margin == c.achieved - c.target)
            #expect(c.passed == (c.achieved >= c.target))
        }
        // Documented pairs inside the audit: foregroundTertiary _700 on backgroundPrimary _50 = 6.10.
        let fg3 = r.checks.first { $0.mode == .light && $0.contrast == .standard && $0.foreground.token.id == "foregroundTertiary"
            && $0.background.token.id == "backgroundPrimary" }!
        #expect(String(format2: fg3.achieved) == "6.10")
        // The one pair below 4.5 in ColorTokensKit's tokens: dark foregroundSecondary _200 on backgroundTertiary _700
        // (4.48); Increase Contrast (_100) lifts it over.
        let failures = r.failures
        #expect(failures.count == 2)
        #expect(failures.allSatisfy { $0.contrast == .standard })
        let f = failures.first { $0.mode == .dark }!
        #expect(f.foreground.stop == .s200 && f.background.stop == .s700 && String(format2: f.achieved) == "4.48")
        let high = r.checks.filter { $0.contrast == .high }
        #expect(high.allSatisfy { $0.passed })
    }

    @Test func apcaUsesAbsoluteLc() throws {
        let r = try Audit.run(.apcaBody, families: [Family.builtins[25]])
        #expect(r.checks.allSatisfy { $0.achieved >= 0 })
        let dark = r.checks.first { $0.mode == .dark && $0.foreground.token.id == "foregroundPrimary" && $0.background.token.id == "backgroundPrimary" }!
        #expect(dark.achieved > 90 && dark.passed)
    }

    @Test func cvdSimulation() throws {
        // Machado 2009 protanopia sends pure red to a dark olive; gray stays gray.
        let red = CVD.protan.simulate(RampColor(srgb: SIMD3(1, 0, 0)))
        let lin = red.linearSRGB
        #expect(abs(lin.x - 0.152286) < 1e-9 && abs(lin.y - 0.114503) < 1e-9 && lin.z == 0)
        for d in CVD.allCases {
            let g = d.simulate(RampColor(srgb: SIMD3(0.5, 0.5, 0.5)))
            #expect(abs(g.srgb.x - 0.5) < 2e-3 && abs(g.srgb.y - 0.5) < 2e-3 && abs(g.srgb.z - 0.5) < 2e-3, "\(d)")
        }
        let r = try Audit.run(.cvdDistinct, families: [Family.builtins[1]])
        #expect(r.checks.count == (2 + 3) * 4 * 4)  // (pairs) × (normal + 3 simulations) × modes × levels
        #expect(Set(r.checks.compactMap(\.simulation)) == Set(CVD.allCases))
    }

    @Test func allFamiliesAudit() throws {
        let r = try Audit.run(.wcagAA, families: Palette.standard.families)
        #expect(r.checks.count == 37 * 80)
        // Same failures in every chromatic family: contrast is hue-independent.
        let failingFamilies = Set(r.failures.map(\.family))
        #expect(failingFamilies.count >= 36)
        #expect(!r.passed)
    }

    @Test func badPolicyIsReported() {
        let p = Policy(id: "x", name: "x", rules: [PolicyRule("r", foregrounds: ["nope"], backgrounds: ["backgroundPrimary"], minimum: 1)])
        #expect(throws: PalettesError.self) { try Audit.run(p, families: [Family.gray]) }
        let q = Policy(id: "y", name: "y", rules: [PolicyRule("r", foregrounds: ["foregroundPrimary"], backgrounds: ["backgroundPrimary"], method: "zz", minimum: 1)])
        #expect(throws: ColorCoreError.self) { try Audit.run(q, families: [Family.gray]) }
    }
}
