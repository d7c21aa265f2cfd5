import ColorCore
import Foundation
@testable import ColorKernels
import HuebenchTestSupport
import Testing

/// The four-lane correctly rounded cube root gives exactly `CubeRoot.rounded` (itself checked against exact
/// integers in ColorCoreTests), and plans through OKLab give the same Doubles with it as with the reference.
@Suite struct CubeRootKernelTests {
    /// Bit for bit on seeded values: the OKLab LMS range, every magnitude the lanes take, and the lanes that go
    /// to the reference (zero, −0, below 1e-30, above 1e30, ±∞, NaN, subnormals); also the buffer form.
    @Test func fourLanesEqualTheReferenceBitForBit() {
        var g = SplitMix64(seed: 0xC0BE)
        var values: [Double] = [0, -0.0, 1, -1, 8, 27, 1e-31, -1e-31, 1e31, .infinity, -.infinity, .nan, 0x1p-1074,
                                .greatestFiniteMagnitude, 1e-30, 1e30, 0.5, 2, 3]
        for k in 0..<120_000 {
            switch k % 3 {
            case 0: values.append(g.unit() * 1.2)
            case 1: values.append(g.unit() * 0.2 - 0.05)
            default: values.append((g.unit() < 0.5 ? -1 : 1) * Foundation.exp(Foundation.log(1e-30) + g.unit() * Foundation.log(1e60)))
            }
        }
        var differences: [String] = [], unsure = 0
        var i = 0
        while i + 4 <= values.count {
            let x = Double4(values[i], values[i + 1], values[i + 2], values[i + 3])
            let r = VectorMathDouble.cbrtRounded(x)
            let sure = VectorMathDouble.cubeRootFinish(x, seed: VectorMathDouble.cubeRootSeed(x)).sure
            for q in 0..<4 {
                let want = CubeRoot.rounded(x[q])
                if !sure[q] { unsure += 1 }
                if r[q].bitPattern != want.bitPattern && !(r[q].isNaN && want.isNaN) && differences.count < 5 {
                    differences.append("∛\(x[q]) = \(r[q]), reference \(want)")
                }
            }
            i += 4
        }
        #expect(differences.isEmpty, "\(differences)")
        // The lanes handed to the reference: the ten edge values outside the lanes' domain and about one in 4,000
        // of the others (what the bound δ = 2⁻⁴⁹|c| predicts).
        #expect(unsure >= 10 && unsure < 10 + values.count / 1_000, "\(unsure) lanes unsure")

        var buffer = (0..<(values.count / 3)).map { SIMD3(values[3 * $0], values[3 * $0 + 1], values[3 * $0 + 2]) }
        let original = buffer
        buffer.withUnsafeMutableBufferPointer { VectorMathDouble.cubeRoots($0) }
        let bufferDifferences = original.indices.filter { k in
            (0..<3).contains { q in
                let want = CubeRoot.rounded(original[k][q])
                return buffer[k][q].bitPattern != want.bitPattern && !(buffer[k][q].isNaN && want.isNaN)
            }
        }
        #expect(bufferDifferences.isEmpty, "\(bufferDifferences.prefix(3).map { original[$0] })")
    }

    /// Every plan into or out of OKLab and OKLCH: the buffer form with the lanes' cube roots equals the per-color
    /// reference bit for bit (seeded coordinates, eight-bit sRGB, black, white, missing components).
    @Test func oklabPlansWithTheLanesEqualTheReference() throws {
        let spaces = Workbench.standard.spaces
        let ids = spaces.spaces.all.map(\.id)
        var g = SplitMix64(seed: 0x0C1AB)
        var inputs: [SIMD3<Double>] = [.zero, SIMD3(1, 1, 1), SIMD3(.nan, 0.5, 0.2), SIMD3(0.5, 0, 0)]
        for _ in 0..<400 {
            inputs.append(SIMD3(g.unit(), g.unit(), g.unit()))
            inputs.append(SIMD3(Double(Int(g.unit() * 256)) / 255, Double(Int(g.unit() * 256)) / 255, Double(Int(g.unit() * 256)) / 255))
        }
        var checked = 0, differences: [String] = []
        for a in ids {
            for b in ids where a != b && [a, b].contains(where: { $0 == .oklab || $0 == .oklch }) {
                guard let plan = try? spaces.plan(from: a, to: b) else { continue }
                checked += 1
                var buffer = inputs
                buffer.withUnsafeMutableBufferPointer { plan.apply($0, cubeRoots: VectorMathDouble.cubeRoots) }
                for (i, c) in inputs.enumerated() {
                    let one = plan.apply(c), many = buffer[i]
                    let same = (0..<3).allSatisfy { one[$0].bitPattern == many[$0].bitPattern || (one[$0].isNaN && many[$0].isNaN) }
                    if !same && differences.count < 5 { differences.append("\(a) → \(b), \(c): \(one) vs \(many)") }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences)")
        #expect(checked >= 2 * (ids.count - 2), "\(checked) plans")
    }
}
