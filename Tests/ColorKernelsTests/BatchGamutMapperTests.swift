import ColorCore
import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorKernels

/// Batch gamut mapping against `GamutCSS4.map` / `GamutClip.clip` on 10⁴ random OKLCH colors per target
/// (the benchmark's self-check covers 10⁶).
struct BatchGamutMapperTests {
    static func randomOKLCH(_ n: Int, seed: UInt64) -> ColorBuffer {
        var g = SplitMix64(seed: seed)
        func unit() -> Double { g.unit() }
        var v: [Double] = [1.0, 0.1, 30, 0, 0.1, 30, 0.5, 0, 0, 0.7, 0.05, 120, 1.2, 0.3, 200, -0.1, 0.2, 10]
        for _ in 0..<n { v += [unit() * 1.02 - 0.01, 0.4 * unit(), 360 * unit()] }
        return try! ColorBuffer(interleaved: v, space: .oklch)
    }

    @Test(arguments: [ColorSpaceID.srgb, .displayP3, .rec2020])
    func css4AgreesWithReference(_ target: ColorSpaceID) throws {
        let src = Self.randomOKLCH(10_000, seed: 11)
        let out = try BatchGamutMapper(method: "css4", target: target).map(src, threads: 2)
        var worst = 0.0
        for i in 0..<src.count {
            let ref = try GamutCSS4.map(src.color(i), to: target, spaces: Workbench.standard.spaces)
            for c in 0..<3 { worst = max(worst, abs(Double(out[i][c]) - ref.coords[c])) }
        }
        #expect(worst <= 1e-4, "css4 → \(target): worst channel difference \(worst)")
    }

    @Test(arguments: [ColorSpaceID.srgb, .displayP3, .rec2020])
    func clipAgreesWithReference(_ target: ColorSpaceID) throws {
        let src = Self.randomOKLCH(10_000, seed: 12)
        let out = try BatchGamutMapper(method: "clip", target: target).map(src, threads: 2)
        var worst = 0.0
        for i in 0..<src.count {
            let ref = try GamutClip.clip(src.color(i), to: target, spaces: Workbench.standard.spaces)
            for c in 0..<3 { worst = max(worst, abs(Double(out[i][c]) - ref.coords[c])) }
        }
        #expect(worst <= 1e-4, "clip → \(target): worst channel difference \(worst)")
    }

    /// mapRamps equals building the stops and mapping them with map(_:into:).
    @Test func rampsEqualMappedStops() throws {
        let base = Self.randomOKLCH(203, seed: 13)
        let lightness = (0..<19).map { Float(0.05 + 0.9 * Double($0) / 18) }
        let mapper = try BatchGamutMapper(method: "css4", target: .srgb)
        let out = ColorBuffer(space: .srgb, count: 0)
        try mapper.mapRamps(base, lightness: lightness, into: out, threads: 2)
        var stops: [Float] = []
        for r in 0..<base.count { for l in lightness { stops += [l, base[r].y, base[r].z] } }
        let ref = try mapper.map(try ColorBuffer(interleaved: stops, space: .oklch), threads: 1)
        #expect(out.count == base.count * lightness.count)
        for i in 0..<out.count { for k in 0..<3 { #expect(out[i][k] == ref[i][k], "stop \(i) channel \(k)") } }
    }

    @Test func unboundedTargetIsRefused() {
        #expect(throws: ColorCoreError.self) { try BatchGamutMapper(method: "css4", target: .oklab) }
    }
}
