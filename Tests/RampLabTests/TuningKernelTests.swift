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
        }
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
