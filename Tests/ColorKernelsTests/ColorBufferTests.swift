import ColorCore
import Testing
@testable import ColorKernels

struct ColorBufferTests {
    @Test func planesAreAlignedAndPadded() {
        let b = ColorBuffer(space: .srgb, count: 5)
        #expect(b.capacity == 16)
        for p in 0..<4 { #expect(Int(bitPattern: b.plane(p)) % ColorBuffer.alignment == 0) }
        #expect(b[4] == SIMD3<Float>(0, 0, 0))
    }

    @Test func resizeKeepsAllocationWhenItFits() {
        let b = ColorBuffer(space: .srgb, count: 40)
        b[39] = SIMD3(1, 2, 3)
        let before = b.c0
        b.resize(count: 10)
        #expect(b.c0 == before && b.count == 10)
        b.resize(count: 40)
        #expect(b.c0 == before)
        #expect(b[39] == SIMD3<Float>(0, 0, 0), "shrinking clears the dropped colors")
        b.resize(count: 1000)
        #expect(b.capacity >= 1000 && b.count == 1000)
    }

    @Test func fromInterleavedFloatAndDouble() throws {
        let f = try ColorBuffer(interleaved: [Float(0.1), 0.2, 0.3, 0.4, 0.5, 0.6], space: .srgb)
        #expect(f.count == 2 && f[1] == SIMD3<Float>(0.4, 0.5, 0.6))
        let d = try ColorBuffer(interleaved: [0.1, 0.2, 0.3, 0.5], space: .srgb, channels: 4)
        #expect(d.count == 1 && d.hasAlpha && d.alpha(0) == 0.5 && d[0] == SIMD3<Float>(0.1, 0.2, 0.3))
        #expect(throws: ColorKernelsError.badInterleavedLength(count: 4, channels: 3)) {
            try ColorBuffer(interleaved: [0.1, 0.2, 0.3, 0.4], space: .srgb)
        }
        #expect(f.interleaved() == [0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
    }

    @Test func fromColorsConvertsOtherSpaces() throws {
        let b = try ColorBuffer([Color(.srgb, 1, 0, 0), Color(.oklab, 1, 0, 0, alpha: 0.5)], space: .srgb)
        #expect(b.hasAlpha && b.alpha(0) == 1 && b.alpha(1) == 0.5)
        #expect(abs(b[1].x - 1) < 1e-5 && abs(b[1].y - 1) < 1e-5 && abs(b[1].z - 1) < 1e-5)
        #expect(b.color(0) == Color(.srgb, 1, 0, 0))
        let empty = try ColorBuffer([], space: .oklch)
        #expect(empty.count == 0 && empty.space == .oklch)
    }

    /// An overflow in Float32 math (∞, or inf − inf = NaN) is found, with the color's index; a powerless hue (NaN at
    /// the hue index) and a `none` carried through from the source are not overflows.
    @Test func overflowsAreFoundButPowerlessHuesAndNoneAreNot() throws {
        // OKLCH chroma 1e30 → sRGB: the LMS cubes overflow Float32 (1e90), giving NaN channels.
        let src = try ColorBuffer(interleaved: [Float(0.5), 0.1, 30] + Array(repeating: [Float(0.7), 0.05, 200], count: 2_000).flatMap { $0 }
                                  + [0.5, 1e30, 30], space: .oklch)
        let srgb = try BatchConversionPlan(from: .oklch, to: .srgb).convert(src, threads: 1)
        #expect(srgb.firstOverflow(from: src, hueIndex: -1) == 2_001)
        #expect(srgb[2_001].x.isNaN || srgb[2_001].x.isInfinite)

        // Grays to OKLCH and HSL: a NaN hue (powerless), never an overflow.
        let grays = try ColorBuffer(interleaved: [Float(0), 0, 0, 1, 1, 1, 0.5, 0.5, 0.5], space: .srgb)
        for target in [ColorSpaceID.oklch, .hsl, .lch] {
            let out = try BatchConversionPlan(from: .srgb, to: target).convert(grays, threads: 1)
            let hue = try Workbench.standard.spaces.plan(from: .srgb, to: target).targetHueIndex
            #expect(hue >= 0 && (0..<3).contains { out[$0][hue].isNaN }, "\(target)")
            #expect(out.firstOverflow(from: grays, hueIndex: hue) == nil, "\(target)")
        }

        // A `none` passed through unchanged is not an overflow; an infinite channel always is.
        let withNone = try ColorBuffer(interleaved: [Float(0.5), .nan, 30, 0.5, 0.1, .infinity], space: .oklch)
        #expect(withNone.firstOverflow(from: withNone, hueIndex: 2) == 1)
        withNone[1] = SIMD3(0.5, 0.1, 30)
        #expect(withNone.firstOverflow(from: withNone, hueIndex: 2) == nil)
    }
}
