import ColorCore
@testable import ColorKernels
import HuebenchTestSupport
import Testing

/// The fast paths on every core: a job split over threads (`threads: 0` = every core, `threads: 2` forced even
/// on one core) gives bit for bit the 1-thread result, and an output of at least `streamingThreshold` colors
/// (written with non-temporal stores) agrees with the Double reference and with the in-place (cached-store) run.
@Suite struct AllCoresTests {
    static func srgb(_ n: Int, seed: UInt64) throws -> ColorBuffer {
        var g = SplitMix64(seed: seed)
        var v = [Double](); v.reserveCapacity(3 * n)
        for _ in 0..<(3 * n) { v.append(g.unit() * 1.1 - 0.05) }
        return try ColorBuffer(interleaved: v, space: .srgb)
    }

    static func same(_ a: ColorBuffer, _ b: ColorBuffer) -> Bool {
        guard a.count == b.count, a.space == b.space else { return false }
        for p in 0..<3 {
            for i in 0..<a.count where a.plane(p)[i].bitPattern != b.plane(p)[i].bitPattern { return false }
        }
        return true
    }

    /// 600,000 colors (> 2¹⁹, the streaming threshold, and 37 parallel chunks) sRGB → OKLCH by the fused loop.
    @Test func streamingConversionOnEveryCore() throws {
        let n = BatchConversionPlan.streamingThreshold + 75_712
        let src = try Self.srgb(n, seed: 0x5EED_0001)
        let plan = try BatchConversionPlan(from: .srgb, to: .oklch)
        #expect(plan.fusedLoop != nil)
        let one = plan.convert(src, threads: 1)
        let all = plan.convert(src, threads: 0)
        let two = plan.convert(src, threads: 2)
        #expect(Self.same(one, all) && Self.same(one, two))
        // In place: the same loop with ordinary stores.
        let inPlace = ColorBuffer(space: .srgb, count: 0)
        inPlace.assign(src)
        plan.convert(inPlace, into: inPlace, threads: 0)
        #expect(Self.same(one, inPlace))
        // Against the Double reference on every 97th color (L, C within 1e-4; hue within 0.01° where C > 1e-3).
        let ref = try Workbench.standard.spaces.plan(from: .srgb, to: .oklch)
        var worstL = 0.0, worstC = 0.0, worstH = 0.0
        for i in stride(from: 0, to: n, by: 97) {
            let r = ref.apply(SIMD3(Double(src[i].x), Double(src[i].y), Double(src[i].z))), k = all[i]
            worstL = max(worstL, abs(Double(k.x) - r.x)); worstC = max(worstC, abs(Double(k.y) - r.y))
            if r.y > 1e-3 { let d = abs(Double(k.z) - r.z).truncatingRemainder(dividingBy: 360); worstH = max(worstH, min(d, 360 - d)) }
        }
        #expect(worstL <= 1e-4 && worstC <= 1e-4 && worstH <= 0.01, "L \(worstL), C \(worstC), h \(worstH)°")
        // The padding lanes stay 0.
        for p in 0..<3 { for i in n..<ColorBuffer.padded(n) { #expect(all.plane(p)[i] == 0) } }
    }

    /// The step interpreter (no fused loop) on 40,000 colors: 3 chunks, same bits on 1, 2 and every core.
    @Test func stepInterpreterOnEveryCore() throws {
        let src = try Self.srgb(40_000, seed: 0x5EED_0002)
        for target: ColorSpaceID in [.oklab, .hsl, .lab, .displayP3] {
            let plan = try BatchConversionPlan(from: .srgb, to: target, fuse: false)
            let one = plan.convert(src, threads: 1)
            #expect(Self.same(one, plan.convert(src, threads: 0)), "\(target)")
            #expect(Self.same(one, plan.convert(src, threads: 2)), "\(target)")
        }
    }

    /// Contrast matrices (400 × 400, many row chunks) and gamut mapping (6,000 colors): same bits on every core.
    @Test func matrixAndGamutOnEveryCore() throws {
        let colors = try Self.srgb(400, seed: 0x5EED_0003)
        for name in ["wcag21", "apca", "deltae-ok"] {
            let m = try ContrastMatrix(method: try Workbench.standard.pairMethod(name), text: colors)
            var a = [Float](repeating: 0, count: 400 * 400), b = a, c = a
            a.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 1) }
            b.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 0) }
            c.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 2) }
            #expect(a.map(\.bitPattern) == b.map(\.bitPattern) && a.map(\.bitPattern) == c.map(\.bitPattern), "\(name)")
        }
        let lch = try BatchConversionPlan(from: .srgb, to: .oklch).convert(try Self.srgb(6_000, seed: 0x5EED_0004), threads: 1)
        for method in ["css4", "clip"] {
            let mapper = try BatchGamutMapper(method: method, target: .srgb)
            let one = try mapper.map(lch, threads: 1)
            #expect(Self.same(one, try mapper.map(lch, threads: 0)), "\(method)")
            #expect(Self.same(one, try mapper.map(lch, threads: 2)), "\(method)")
        }
    }
}
