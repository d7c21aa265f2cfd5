import ColorCore
import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorKernels

/// The batch CVD simulation (SIMD 3×3 in linear sRGB) against the Double `CVDSimulation.simulate`.
struct BatchCVDTests {
    @Test(arguments: CVDType.allCases)
    func matchesTheDoubleModel(_ type: CVDType) throws {
        var g = SplitMix64(seed: 5)
        var v: [Double] = []
        for _ in 0..<(3 * 1003) { v.append(g.unit()) }
        let src = try ColorBuffer(interleaved: v, space: .srgb)
        for severity in [0.35, 1.0] {
            let sim = try CVDSimulation(type, severity: severity)
            let out = try BatchCVD(sim, source: .srgb).simulate(src, threads: 2)
            #expect(out.space == .srgb && out.count == 1003)
            var worst = 0.0
            for i in 0..<1003 {
                let want = try sim.simulate(src.color(i)).coords
                let got = SIMD3(Double(out[i].x), Double(out[i].y), Double(out[i].z))
                let d = got - want
                worst = max(worst, abs(d.x), abs(d.y), abs(d.z))
            }
            #expect(worst < 2e-5, "\(type) \(severity): worst \(worst)")
            // From OKLCH into sRGB: the same colors.
            let ok = try BatchConversionPlan(from: .srgb, to: .oklch).convert(src, threads: 1)
            let viaOK = try BatchCVD(sim, source: .oklch, target: .srgb).simulate(ok, threads: 1)
            for i in stride(from: 0, to: 1003, by: 97) {
                #expect(abs(Double(viaOK[i].x - out[i].x)) < 1e-4 && abs(Double(viaOK[i].z - out[i].z)) < 1e-4)
            }
        }
    }
}
