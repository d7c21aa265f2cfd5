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
