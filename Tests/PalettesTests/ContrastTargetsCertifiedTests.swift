import Foundation
import Testing
import ColorCore
import HuebenchTestSupport
@testable import Palettes

/// `contrast-targets` decides most bisection steps by a luminance bound: every stop must equal `solve`'s bit for bit.
@Suite("Contrast targets: certified bisection")
struct ContrastTargetsCertifiedTests {
    /// Reference ramp: every stop through `ContrastTargets.solve` (a color built at every step).
    static func reference(_ spec: RampSpec) throws -> [RampColor] {
        let s = try ContrastTargets.setup(spec, .standard)
        let h = TokenMath.roundedHue(spec.hue)
        return (0..<spec.scale.count).map { ContrastTargets.solve(target: s.targets[$0], chroma: s.chroma[$0], hue: h, s) }
    }

    static func same(_ a: [RampColor], _ b: [RampColor]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.srgb.x.bitPattern == y.srgb.x.bitPattern && x.srgb.y.bitPattern == y.srgb.y.bitPattern && x.srgb.z.bitPattern == y.srgb.z.bitPattern
                && x.oklch.x.bitPattern == y.oklch.x.bitPattern && x.oklch.y.bitPattern == y.oklch.y.bitPattern
                && (x.oklch.z.bitPattern == y.oklch.z.bitPattern || (x.oklch.z.isNaN && y.oklch.z.isNaN))
        }
    }

    @Test func defaultRampsEqualTheReferenceAtEveryHueAndScale() throws {
        for scale in Scale.builtins {
            for hue in stride(from: 0.0, to: 360, by: 15) {
                let spec = RampSpec(hue: hue + 0.37, scale: scale)
                #expect(Self.same(try ContrastTargets.generator.generate(spec, .standard), try Self.reference(spec)), "\(scale.id) \(hue)")
            }
        }
    }

    @Test func randomSpecsEqualTheReference() throws {
        var rng = SplitMix64(seed: 0xC0A7)
        func u() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        for k in 0..<120 {
            let dark = k % 3 == 0
            let bg = dark ? RampColor(oklch: 0.1 + 0.2 * u(), 0.05 * u(), 360 * u()) : RampColor(oklch: 0.85 + 0.15 * u(), 0.04 * u(), 360 * u())
            let n = Scale.ctk.count
            var params: [String: RampParameter] = [
                "background": .color(bg),
                "chroma": .numbers((0..<n).map { _ in 0.4 * u() }),
                "gamutMargin": .number(k % 5 == 0 ? 1 : 0.5 + 0.5 * u()),
            ]
            if k % 4 == 1 { params["targets"] = .numbers((0..<n).map { _ in 1 + 20 * u() }) }  // some unreachable
            if k % 7 == 2 { params["method"] = .text("apca"); params["targets"] = .numbers((0..<n).map { _ in 100 * u() }) }
            let spec = RampSpec(hue: 360 * u(), parameters: params)
            #expect(Self.same(try ContrastTargets.generator.generate(spec, .standard), try Self.reference(spec)), "case \(k)")
        }
    }
}
