import Foundation
import HuebenchTestSupport
import Testing
import ColorKernels
@testable import Palettes
@testable import RampLab

/// Kernel-vs-reference table for the ramp kernels: domain and max error (0: bit-identical).
@Suite("Tuning kernels")
struct TuningKernelTests {
    /// `RampKernels.solveLightness` vs `TokenMath.lightness`: Y ∈ [0, 1], C ∈ [0, 0.4], h ∈ [0, 360), counts 0…13
    /// (tails through the padded lanes). Max error: 0 (same arithmetic, same order).
    @Test func lightnessSolveIsBitIdentical() {
        var rng = SplitMix64(seed: 0x7E57_0001)
        for count in [0, 1, 3, 4, 5, 8, 13] {
            var y = [Double](), a = [Double](), b = [Double](), ref = [Double]()
            for _ in 0..<count {
                let yy = Double.random(in: 0...1, using: &rng), c = Double.random(in: 0...0.4, using: &rng)
                let h = Double.random(in: 0..<360, using: &rng), r = h * Double.pi / 180
                y.append(yy); a.append(cos(r) * c); b.append(sin(r) * c)
                ref.append(TokenMath.lightness(forLuminance: yy, chroma: c, hue: h))
            }
            var out = [Double](repeating: .nan, count: count)
            RampKernels.solveLightness(y: y, a: a, b: b, out: &out, count: count)
            #expect(out == ref)
            var bis = [Double](repeating: .nan, count: count)
            RampKernels.solveLightnessBisection(y: y, a: a, b: b, out: &bis, count: count)
            #expect(bis == ref)
        }
    }

    /// `RampKernels.solveLightness1` (steps decided from a Newton root where provably the same, the rest
    /// evaluated) vs `TokenMath.lightness`: 20,000 random (Y, C, h) with Y ∈ [0, 1], C ∈ [0, 0.5], h ∈ [0, 360);
    /// Y equal to the luminance at a bisection midpoint k/2ʲ (the root on a step's midpoint: that step is the
    /// close call) and one ulp either side; Y = 0, 1, tiny; C = 0; near-black colors of high chroma (a cubic
    /// that is not monotone on [0, 1]). Max error: 0.
    @Test func certifiedLightnessSolveIsBitIdentical() {
        var rng = SplitMix64(seed: 0x7E57_0003)
        var cases: [(y: Double, c: Double, h: Double)] = [(0, 0, 0), (1, 0, 0), (0.5, 0, 0), (1, 0.3, 120), (1e-300, 0.1, 30),
                                                          (1e-12, 0.1, 30), (0.999999, 0.02, 200), (0.001, 0.5, 264)]
        for _ in 0..<20_000 {
            cases.append((Double.random(in: 0...1, using: &rng), Double.random(in: 0...0.5, using: &rng), Double.random(in: 0..<360, using: &rng)))
        }
        for _ in 0..<2_000 {
            cases.append((Double.random(in: 0...0.01, using: &rng), Double.random(in: 0...0.5, using: &rng), Double.random(in: 0..<360, using: &rng)))
        }
        for _ in 0..<3_000 {
            let j = Int.random(in: 1...40, using: &rng)
            let k = 2 * Int.random(in: 0..<(1 << (j - 1)), using: &rng) + 1
            let L = Double(k) / Double(1 << j)
            let c = Double.random(in: 0...0.4, using: &rng), h = Double.random(in: 0..<360, using: &rng)
            let y = TokenMath.luminance(linearSRGB: TokenMath.linearSRGB(oklch: L, c, h))
            cases += [(y, c, h), (y.nextUp, c, h), (y.nextDown, c, h)]
        }
        var wrong: [(y: Double, c: Double, h: Double)] = []
        for (y, c, h) in cases {
            let r = h * Double.pi / 180
            let got = RampKernels.solveLightness1(y: y, a: cos(r) * c, b: sin(r) * c)
            if got.bitPattern != TokenMath.lightness(forLuminance: y, chroma: c, hue: h).bitPattern { wrong.append((y, c, h)) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(cases.count) differ, first \(wrong.prefix(3))")
    }
}

@Suite("Tuning cap solve")
struct TuningCapTests {
    /// `RampBatchGenerator.maxChroma` vs `TokenMath.maxChroma`: Y ∈ [0, 1] (with 0 and 1), h ∈ [0, 360),
    /// counts 1…9. Max error 0 (bit-identical).
    @Test func batchMaxChromaIsBitIdentical() {
        var rng = SplitMix64(seed: 0x7E57_0002)
        for count in [1, 4, 6, 9] {
            var y = (0..<count).map { _ in Double.random(in: 0...1, using: &rng) }
            if count > 2 { y[0] = 0; y[1] = 1 }
            let h = (0..<count).map { _ in Double.random(in: 0..<360, using: &rng) }
            var out = [Double](repeating: .nan, count: count)
            out.withUnsafeMutableBufferPointer { RampBatchGenerator.maxChroma(luminance: y, hue: h, out: $0.baseAddress!) }
            #expect(out == zip(y, h).map { TokenMath.maxChroma(luminance: $0, hue: $1) })
        }
    }
}
