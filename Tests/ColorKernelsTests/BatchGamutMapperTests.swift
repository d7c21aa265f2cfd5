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

    /// Chroma 1e300 stored in a Float32 buffer is +∞, from which the four-lane bisection never halved (a chunk
    /// does not poll its deadline: `hb.map_gamut` of such a buffer never returned). ±∞ now reads as the largest
    /// Double, and the result is a color in [0, 1].
    @Test func infiniteChromaInAFloatBufferEnds() throws {
        let src = try ColorBuffer(interleaved: [0.5, 1e300, 30, 0.5, -.infinity, 30, 0.5, 0.1, 30, 0.7, .infinity, 200] as [Double], space: .oklch)
        #expect(src[0].y == .infinity)
        let out = try BatchGamutMapper(method: "css4", target: .srgb).map(src, threads: 1)
        for i in 0..<out.count {
            #expect((0..<3).allSatisfy { out[i][$0] >= 0 && out[i][$0] <= 1 }, "color \(i): \(out[i])")
        }
        let ref = try GamutCSS4.map(src.color(2), to: .srgb, spaces: Workbench.standard.spaces)
        #expect((0..<3).allSatisfy { abs(Double(out[2][$0]) - ref.coords[$0]) <= 1e-4 }, "an ordinary color beside them")
    }

    @Test func unboundedTargetIsRefused() {
        #expect(throws: ColorCoreError.self) { try BatchGamutMapper(method: "css4", target: .oklab) }
    }

    /// The certified four-lane search (what `gamut` streams run): where it is sure, the reference's own plans
    /// finishing from its chroma give exactly `GamutCSS4.map`'s bits; it is sure for nearly every color.
    @Test(arguments: ["srgb", "display-p3", "rec2020"])
    func certifiedDecisionsReproduceTheReferenceBitForBit(target: String) throws {
        let wb = Workbench.standard
        let t = try wb.spaces.canonicalID(target)
        let mapper = try BatchGamutMapper(method: "css4", target: t)
        let toTarget = try wb.spaces.plan(from: .oklch, to: t)
        // The coarse ΔEOK's bound (`ChromaLine4.deltaE`) holds for LMS values of the unit RGB cube in [0, 1.01].
        let toLMS = mapper.rgbToLMS
        for corner in 0..<8 {
            let v = SIMD3<Double>(Double(corner & 1), Double(corner >> 1 & 1), Double(corner >> 2))
            for row in [toLMS.r0, toLMS.r1, toLMS.r2] {
                let lms = (row * v).sum()
                #expect(lms >= 0 && lms <= 1.01, "\(target): LMS \(lms) at RGB corner \(v)")
            }
        }
        var g = SplitMix64(seed: 0xC554)
        var colors: [SIMD3<Double>] = []
        for k in 0..<20_000 {
            // L over 0…1 with the ends themselves, chroma up to 0.5, hues also outside 0…360.
            let l = k % 97 == 0 ? Double(k % 2) : g.unit()
            colors.append(SIMD3(l, 0.5 * g.unit(), 720 * g.unit() - 180))
        }
        // One call over every color (lanes are refilled as they finish), and four colors by the four-lane form.
        var status = [UInt8](repeating: 9, count: colors.count), chroma = [Double](repeating: .nan, count: colors.count)
        colors.withUnsafeBufferPointer { c in
            status.withUnsafeMutableBufferPointer { s in
                chroma.withUnsafeMutableBufferPointer { mapper.css4Decisions(c, status: s.baseAddress!, chroma: $0.baseAddress!) }
            }
        }
        let a = colors[0], b = colors[1], c = colors[2], d = colors[3]
        let four = mapper.css4Decisions(Double4(a.x, b.x, c.x, d.x), Double4(a.y, b.y, c.y, d.y), Double4(a.z, b.z, c.z, d.z))
        for q in 0..<4 {
            #expect(four.status[q] == Int64(status[q]) && (status[q] != 2 || four.chroma[q].bitPattern == chroma[q].bitPattern))
        }
        var sure = 0
        for (i, v) in colors.enumerated() {
            let want = try GamutCSS4.map(Color(.oklch, coords: v), to: t, spaces: wb.spaces)
            let got: SIMD3<Double>
            switch status[i] {
            case 0: continue
            case 1: got = toTarget.apply(v)
            case 2:
                got = toTarget.apply(SIMD3(v.x, chroma[i], v.z)).clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
            default: Issue.record("status \(status[i]) for oklch\(v)"); continue
            }
            sure += 1
            #expect(got.x.bitPattern == want.coords.x.bitPattern && got.y.bitPattern == want.coords.y.bitPattern
                    && got.z.bitPattern == want.coords.z.bitPattern, "oklch\(v) → \(target): \(got) ≠ \(want.coords)")
        }
        // White and black (L = 0 or 1, about 1 in 97 colors here) always go to the reference.
        #expect(sure >= colors.count * 97 / 100, "certified \(sure) of \(colors.count)")
    }

    /// The Float ΔEOK screen of the certified search against the Double ΔEOK (full cube root), along chroma
    /// lines of random L and h at chroma up to 1 (its domain), clipped as the search clips: within its
    /// documented bound of 4.4e-6, which `screenError` exceeds. The bound's premises, an RGB → LMS matrix without
    /// negative entries and with rows summing to at most 1.01, hold for the three targets.
    @Test(arguments: ["srgb", "display-p3", "rec2020"])
    func floatScreenWithinItsBound(target: String) throws {
        let mapper = try BatchGamutMapper(method: "css4", target: try Workbench.standard.spaces.canonicalID(target))
        let m = mapper.rgbToLMS
        #expect([m.r0, m.r1, m.r2].allSatisfy { $0.min() >= 0 && $0.sum() <= 1.01 }, "\(target): RGB → LMS has a negative entry or a row over 1.01")
        let matrices = ChromaLine4.Matrices(mapper)
        var g = SplitMix64(seed: 0x5C4E)
        var worst = 0.0
        for k in 0..<25_000 {
            var L = Double4(), H = Double4(), C = Double4()
            for l in 0..<4 {
                L[l] = k % 50 == 0 ? [1e-6, 0.999999, 0.5, 0.02][l] : g.unit()
                H[l] = 720 * g.unit() - 180; C[l] = k % 7 == 0 ? g.unit() : 0.45 * g.unit()
            }
            let line = ChromaLine4(matrices, light: L, hue: H)
            let clipped = ChromaLine4.clip(line.rgb(C))
            let f = line.deltaESquaredScreen(clipped: clipped, chroma: C)
            let e = line.deltaE(lms: line.lms(clipped), chroma: C)
            for l in 0..<4 { worst = max(worst, abs(Double(f[l].squareRoot()) - e[l])) }
        }
        #expect(worst <= 4.4e-6 && worst > 1e-8, "\(target): Float ΔEOK screen max error \(worst)")
        #expect(ChromaLine4.screenError >= 1.8 * 4.4e-6)
    }

    /// Status 1 is given exactly to the colors whose origin the reference finds in gamut (its plain conversion
    /// within 0…1), including ends, missing-as-zero chroma, huge hues and colors on the gamut edge; no certified
    /// color is left without a status.
    @Test(arguments: ["srgb", "display-p3"])
    func statusOneIsTheReferencesInGamutOrigin(target: String) throws {
        let wb = Workbench.standard
        let t = try wb.spaces.canonicalID(target)
        let mapper = try BatchGamutMapper(method: "css4", target: t)
        let toTarget = try wb.spaces.plan(from: .oklch, to: t)
        var g = SplitMix64(seed: 0x0819)
        var colors: [SIMD3<Double>] = [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0.5, 0, 1e7), SIMD3(1.2, 0.1, 30)]
        for k in 0..<20_000 {
            let l = k % 101 == 0 ? Double(k % 2) : g.unit()
            // Low chroma (mostly in gamut) and high (mostly not), hues also outside 0…360.
            colors.append(SIMD3(l, (k % 3 == 0 ? 0.05 : 0.4) * g.unit(), 720 * g.unit() - 180))
        }
        var status = [UInt8](repeating: 9, count: colors.count), chroma = [Double](repeating: 0, count: colors.count)
        colors.withUnsafeBufferPointer { c in
            status.withUnsafeMutableBufferPointer { s in
                chroma.withUnsafeMutableBufferPointer { mapper.css4Decisions(c, status: s.baseAddress!, chroma: $0.baseAddress!) }
            }
        }
        #expect(status[0] == 0 && status[1] == 0 && status[2] == 0 && status[3] == 0, "ends and huge hues go to the reference")
        var inside = 0, unsure = 0
        for (i, v) in colors.enumerated() {
            #expect(status[i] <= 2, "oklch\(v): status \(status[i])")
            if status[i] == 0 { unsure += 1; continue }
            let o = toTarget.apply(v)
            let originIn = o.min() >= 0 && o.max() <= 1
            #expect(originIn == (status[i] == 1), "oklch\(v) → \(target): origin \(o), status \(status[i])")
            if status[i] == 1 { inside += 1 }
        }
        #expect(inside > colors.count / 10 && inside < colors.count * 9 / 10, "\(inside) of \(colors.count) in gamut")
        #expect(unsure < colors.count / 50, "\(unsure) of \(colors.count) left to the reference")
    }

    /// The three-vector x^(5/12) (written stage by stage across the vectors) gives each vector's bits of
    /// ∛x · ⁴√∛x from `VectorMathDouble.cbrt` and `sqrt`, on 0, tiny values, the sRGB knee, 1 and random values of
    /// [0, 1].
    @Test func threeVectorPowerMatchesOneVectorPower() {
        var g = SplitMix64(seed: 0x5_12)
        var values: [Double] = [0, 1, 1e-300, 1e-30, 1e-12, 0.0031308, 0.04045, 0.5, 0.99999999]
        for _ in 0..<30_000 { values.append(g.unit()); values.append(pow(g.unit(), 8)) }
        while values.count % 12 != 0 { values.append(0.25) }
        var differ = 0
        for i in stride(from: 0, to: values.count, by: 12) {
            let x = (0..<3).map { k in Double4(values[i + 4 * k], values[i + 4 * k + 1], values[i + 4 * k + 2], values[i + 4 * k + 3]) }
            let (p0, p1, p2) = BatchGamutMapper.power5over12(x[0], x[1], x[2])
            for (p, v) in [(p0, x[0]), (p1, x[1]), (p2, x[2])] {
                let c = VectorMathDouble.cbrt(v), one = c * VectorMathDouble.sqrt(VectorMathDouble.sqrt(c))
                for l in 0..<4 where p[l].bitPattern != one[l].bitPattern { differ += 1 }
            }
            // And both near x^(5/12) itself (the documented 1.2e-15 relative).
            #expect(abs(p0[0] - pow(x[0][0], 5.0 / 12)) <= 2e-15 * max(pow(x[0][0], 5.0 / 12), 1e-300))
        }
        #expect(differ == 0, "\(differ) lanes differ")
    }

    /// The lane results of status 1 and 2 colors are within `resultTolerance` of `GamutCSS4.map` (measured: far
    /// inside it), for every transfer curve with a lane form; nearly every decided color is certain; ProPhoto
    /// (a D50 space: no css4 kernel) has none.
    @Test(arguments: ["srgb", "display-p3", "rec2020", "a98-rgb"])
    func laneResultsAreWithinTheTolerance(target: String) throws {
        let wb = Workbench.standard
        let t = try wb.spaces.canonicalID(target)
        let mapper = try BatchGamutMapper(method: "css4", target: t)
        var g = SplitMix64(seed: 0xF1A1)
        let colors = (0..<20_000).map { _ in SIMD3(g.unit(), 0.45 * g.unit(), 400 * g.unit() - 20) }
        let n = colors.count
        var status = [UInt8](repeating: 0, count: n), chroma = [Double](repeating: 0, count: n)
        var out = [SIMD3<Double>](repeating: .zero, count: n), certain = [Bool](repeating: false, count: n)
        var laned = false
        colors.withUnsafeBufferPointer { c in
            status.withUnsafeMutableBufferPointer { s in
                chroma.withUnsafeMutableBufferPointer { h in
                    mapper.css4Decisions(c, status: s.baseAddress!, chroma: h.baseAddress!)
                    out.withUnsafeMutableBufferPointer { o in
                        certain.withUnsafeMutableBufferPointer {
                            laned = mapper.css4Results(c, status: UnsafePointer(s.baseAddress!), chroma: UnsafePointer(h.baseAddress!),
                                                       into: o.baseAddress!, certain: $0.baseAddress!)
                        }
                    }
                }
            }
        }
        #expect(laned)
        // With the search's (cos h, sin h) handed on, the same statuses, chromas and results, bit for bit.
        var status2 = status, chroma2 = chroma, hues = [SIMD2<Double>](repeating: .zero, count: n)
        var out2 = out, certain2 = certain
        colors.withUnsafeBufferPointer { c in
            status2.withUnsafeMutableBufferPointer { s in
                chroma2.withUnsafeMutableBufferPointer { h in
                    hues.withUnsafeMutableBufferPointer { cs in
                        mapper.css4Decisions(c, status: s.baseAddress!, chroma: h.baseAddress!, hues: cs.baseAddress!)
                        out2.withUnsafeMutableBufferPointer { o in
                            certain2.withUnsafeMutableBufferPointer {
                                _ = mapper.css4Results(c, status: UnsafePointer(s.baseAddress!), chroma: UnsafePointer(h.baseAddress!),
                                                       hues: UnsafePointer(cs.baseAddress!), into: o.baseAddress!, certain: $0.baseAddress!)
                            }
                        }
                    }
                }
            }
        }
        #expect(status2 == status && chroma2 == chroma && certain2 == certain)
        #expect((0..<n).allSatisfy { !certain[$0] || out2[$0] == out[$0] })
        #expect((0..<n).contains { certain[$0] && status[$0] == 1 } && (0..<n).contains { certain[$0] && status[$0] == 2 })
        var worst = 0.0, decided = 0, sure = 0
        for i in 0..<n where status[i] != 0 {
            decided += 1
            #expect(status[i] == 1 || status[i] == 2)
            guard certain[i] else { continue }
            sure += 1
            let want = try GamutCSS4.map(Color(.oklch, coords: colors[i]), to: t, spaces: wb.spaces).coords
            worst = max(worst, (out[i] - want).replacing(with: -(out[i] - want), where: out[i] .< want).max())
        }
        #expect(worst <= BatchGamutMapper.resultTolerance / 100, "largest difference \(worst)")
        // A pure power's slope is steep near 0: linear values below 10⁻⁴ (about 4 % here) are left uncertain.
        let share = target == "rec2020" || target == "a98-rgb" ? 95 : 99
        #expect(sure >= decided * share / 100, "\(sure) of \(decided) certain")
        let pro = try BatchGamutMapper(method: "css4", target: .prophotoRGB)
        var one = [SIMD3<Double>](repeating: .zero, count: 1), flag = [false]
        let proLaned = [SIMD3<Double>(0.5, 0.1, 30)].withUnsafeBufferPointer { c in
            one.withUnsafeMutableBufferPointer { o in
                flag.withUnsafeMutableBufferPointer {
                    pro.css4Results(c, status: [UInt8(1)], chroma: [0.1], into: o.baseAddress!, certain: $0.baseAddress!)
                }
            }
        }
        #expect(!proLaned)
    }
}
