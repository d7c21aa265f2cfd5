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
}
