import Testing
@testable import ColorCore

/// The eight-bit decode table gives exactly the Doubles `TransferFunction.toLinear` computes.
@Suite struct EightBitDecoderTests {
    @Test(arguments: [TransferFunction.srgb, .gamma(2.4), .gamma(563.0 / 256), .prophoto])
    func tableEqualsTheCurveBitForBit(_ t: TransferFunction) {
        let d = EightBitDecoder(t)
        for k in 0...255 {
            let v = Double(k) / 255
            #expect(d(v).bitPattern == t.toLinear(v).bitPattern, "\(k)/255")
        }
        // Values that are not eight-bit fractions, outside 0…1, −0, NaN: computed by the curve.
        for v in [0.5, 1e-9, 0.3, -0.2, 1.5, -0.0, 2.0 / 255 + 1e-12] {
            #expect(d(v).bitPattern == t.toLinear(v).bitPattern, "\(v)")
        }
        #expect(d(.nan).isNaN)
    }

    /// Published: sRGB 128/255 is 0.2158605 linear (IEC 61966-2-1), through the table.
    @Test func srgbMidGray() {
        #expect(abs(EightBitDecoder(.srgb)(128.0 / 255) - 0.2158605) < 1e-7)
    }
}

/// `ConversionPlan.apply` on a buffer (steps with a closure-free form run as plain loops of their function) gives
/// the same Doubles as the per-color `apply` (every step through its closure), for every pair of registered spaces,
/// on seeded coordinates, eight-bit sRGB values, zeros and missing components.
@Suite struct DirectStepTests {
    @Test func bufferPlansEqualTheClosuresBitForBit() throws {
        let spaces = Workbench.standard.spaces
        let ids = spaces.spaces.all.map(\.id)
        var state: UInt64 = 0x0D1E
        func unit() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9; z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) * 0x1p-53
        }
        var inputs: [SIMD3<Double>] = [.zero, SIMD3(1, 1, 1), SIMD3(.nan, 0.5, 0.2), SIMD3(0.5, 0, 0)]
        for _ in 0..<50 {
            inputs.append(SIMD3(unit(), unit(), unit()))
            inputs.append(SIMD3(Double(Int(unit() * 256)) / 255, Double(Int(unit() * 256)) / 255, Double(Int(unit() * 256)) / 255))
            inputs.append(SIMD3(100 * unit(), 150 * unit() - 75, 360 * unit()))
        }
        var direct = 0, differences: [String] = []
        for a in ids {
            for b in ids where a != b {
                guard let plan = try? spaces.plan(from: a, to: b) else { continue }
                if plan.direct.contains(where: { $0 != nil }) { direct += 1 }
                // Also with the OKLab step's cube roots taken for the whole buffer at once (here by the reference's).
                var buffer = inputs, staged = inputs
                buffer.withUnsafeMutableBufferPointer { plan.apply($0) }
                staged.withUnsafeMutableBufferPointer {
                    plan.apply($0, cubeRoots: { v in
                        for i in v.indices { v[i] = SIMD3(CubeRoot.rounded(v[i].x), CubeRoot.rounded(v[i].y), CubeRoot.rounded(v[i].z)) }
                    })
                }
                for (i, c) in inputs.enumerated() {
                    let one = plan.apply(c)
                    for many in [buffer[i], staged[i]] {
                        let same = (0..<3).allSatisfy { one[$0].bitPattern == many[$0].bitPattern || (one[$0].isNaN && many[$0].isNaN) }
                        if !same && differences.count < 5 { differences.append("\(a) → \(b), \(c): \(one) vs \(many)") }
                    }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences)")
        // sRGB, the linear RGB spaces, OKLab, OKLCH and CIE LCH have closure-free steps: most plans use one.
        #expect(direct > ids.count * 2, "\(direct) plans with a closure-free step")
    }
}
