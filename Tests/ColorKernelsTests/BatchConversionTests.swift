import ColorCore
import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorKernels

/// Batch conversion against the Double reference plan, for every pair of built-in spaces.
struct BatchConversionTests {
    static let wb = Workbench.standard
    /// The spaces of the color-core issue, each with SIMD kernels. The extra spaces registered for CSS coverage
    /// (jzazbz, ictcp, PQ/HLG, ACES, Luv, HCT…) mostly run through the scalar fallback: see below.
    static let ids: [ColorSpaceID] = [
        .xyzD65, .xyzD50, .srgbLinear, .srgb, .displayP3Linear, .displayP3, .rec2020Linear, .rec2020,
        .a98RGBLinear, .a98RGB, .prophotoRGBLinear, .prophotoRGB, .lab, .lch, .labD65, .oklab, .oklch,
        .hsl, .hwb, .hsv,
    ]

    @Test func extraSpacesFallBackToScalarAndAgree() throws {
        let extra = Workbench.builtinSpaces.map(\.id).filter { !Self.ids.contains($0) }
        #expect(extra.count >= 10)
        let colors = [Color(.srgb, 0.2, 0.4, 0.6), Color(.srgb, 0.9, 0.1, 0.3), Color(.srgb, 0.5, 0.5, 0.5)]
        let buffer = try ColorBuffer(colors, space: .srgb)
        for target in extra {
            let plan = try BatchConversionPlan(from: .srgb, to: target, spaces: Self.wb.spaces)
            let out = plan.convert(buffer, threads: 1)
            for (i, c) in colors.enumerated() {
                let r = try Self.wb.convert(c, to: target).coords
                for k in 0..<3 where !r[k].isNaN {
                    #expect(abs(Double(out[i][k]) - r[k]) <= 1e-4 * max(1, abs(r[k])), "\(target) \(i) \(k)")
                }
            }
        }
    }

    /// 2 000 sRGB colors (some slightly outside 0…1) plus the named edge cases, as Colors.
    static func inputs() -> [Color] {
        var g = SplitMix64(seed: 42)
        func unit() -> Double { g.unit() }
        var out = [Color(.srgb, 0, 0, 0), Color(.srgb, 1, 1, 1), Color(.srgb, 0.5, 0.5, 0.5), Color(.srgb, 1, 0, 0)]
        for _ in 0..<2000 { out.append(Color(.srgb, unit() * 1.1 - 0.05, unit() * 1.1 - 0.05, unit() * 1.1 - 0.05)) }
        return out
    }

    @Test(arguments: ids)
    func everyTargetFromEverySource(_ source: ColorSpaceID) throws {
        let colors = Self.inputs().map { try! Self.wb.convert($0, to: source) }
        let buffer = try ColorBuffer(colors, space: source)
        for target in Self.ids {
            let plan = try BatchConversionPlan(from: source, to: target, spaces: Self.wb.spaces)
            #expect(!plan.usesScalarFallback, "\(plan)")
            let out = plan.convert(buffer, threads: 2)
            let ref = try Self.wb.spaces.plan(from: source, to: target)
            let sp = try Self.wb.spaces.space(target)
            var worst = 0.0
            for i in 0..<colors.count {
                // The reference sees the Float-rounded input the kernel sees.
                let input = SIMD3<Double>(buffer[i].x.d, buffer[i].y.d, buffer[i].z.d)
                let r = ref.apply(input)
                let k = out[i]
                for c in 0..<3 {
                    let coord = sp.coordinates[c]
                    if coord.isHue {
                        if r[c].isNaN || Self.hueUnstable(r, sp) { continue }
                        var d = abs(Double(k[c]) - r[c]).truncatingRemainder(dividingBy: 360)
                        d = min(d, 360 - d)
                        worst = max(worst, d / 360 * 10)  // hue: 1e-5·360° = 0.0036° ↔ error 1e-4 on this scale
                        continue
                    }
                    // HSL saturation is ill-conditioned at l → 0 or 1 (s = (max − l)/min(l, 1 − l)).
                    if sp.id == .hsl && c == 1 && (r.z < 1 || r.z > 99) { continue }
                    var scale = max(1, abs(r[c]), coord.range.upperBound)
                    // Pure power curves (a98 256/563) have infinite slope at 0: 1e-7 of Float noise in the linear
                    // value becomes 1e-4 encoded below 0.02.
                    if case .gamma? = sp.transfer, abs(r[c]) < 0.02 { scale *= 10 }
                    worst = max(worst, abs(Double(k[c]) - r[c]) / scale)
                }
            }
            #expect(worst <= 1e-4, "\(source) → \(target): worst scaled error \(worst)")
        }
    }

    /// Hue is ill-conditioned near the achromatic axis; skip it below 1 % chroma.
    static func hueUnstable(_ r: SIMD3<Double>, _ sp: ColorSpace) -> Bool {
        switch sp.id {
        case .oklch: return r.y < 0.004
        case .lch: return r.y < 1.5
        case .hsl, .hsv: return r.y < 1 || r.z < 1 || r.z > 99
        case .hwb: return r.y + r.z > 99
        default: return false
        }
    }

    @Test func planDescriptionAndFusion() throws {
        let p = try BatchConversionPlan(from: .srgb, to: .oklch)
        #expect(p.description == "srgb → oklch: zero-missing, decode(srgb), matrix, cbrt, matrix, rect→polar, powerless-hue")
        let q = try BatchConversionPlan(from: .displayP3, to: .srgb)
        #expect(q.description == "display-p3 → srgb: zero-missing, decode(srgb), matrix, encode(srgb)")
    }

    /// The fused loops against the step interpreter (same kernels, same order): equal to Float rounding, on
    /// the shapes that have a fused loop, including NaN (missing) inputs and extended-range values.
    @Test func fusedLoopsAgreeWithInterpreter() throws {
        var colors = Self.inputs()
        colors += [Color(.srgb, .nan, 0.5, 0.2), Color(.srgb, 1.5, -0.2, 3), Color(.srgb, 0, 0, 0)]
        let shapes: [(ColorSpaceID, ColorSpaceID)] = [(.srgb, .oklch), (.srgb, .lch), (.displayP3, .oklch), (.rec2020, .lch),
                                                      (.srgbLinear, .oklch), (.a98RGB, .oklch), (.prophotoRGB, .lch)]
        for (s, t) in shapes {
            let buffer = try ColorBuffer(colors.map { $0.space == s || $0.coords.x.isNaN ? Color(s, coords: $0.coords) : try! Self.wb.convert($0, to: s) }, space: s)
            let fused = try BatchConversionPlan(from: s, to: t)
            let steps = try BatchConversionPlan(from: s, to: t, fuse: false)
            #expect(fused.fusedLoop != nil, "\(s) → \(t) has no fused loop")
            #expect(steps.fusedLoop == nil)
            let a = fused.convert(buffer, threads: 2), b = steps.convert(buffer, threads: 1)
            for i in 0..<buffer.count {
                for k in 0..<3 {
                    let x = a[i][k], y = b[i][k]
                    #expect(x == y || (x.isNaN && y.isNaN) || Swift.abs(x - y) <= 1e-6 * Swift.max(1, Swift.abs(y)),
                            "\(s) → \(t) color \(i) channel \(k): fused \(x), steps \(y)")
                }
            }
        }
    }

    @Test func unknownSpaceFallsBackToScalar() throws {
        var wb = Workbench.standard
        let doubled = ColorSpace(id: "--doubled", name: "Doubled sRGB", base: .srgb, coordinates: ["r", "g", "b"].map { Coordinate($0, 0...2) },
                                 cssForm: .custom, toBase: { $0 / 2 }, fromBase: { $0 * 2 })
        try wb.spaces.register(doubled)
        let p = try BatchConversionPlan(from: "--doubled", to: .oklab, spaces: wb.spaces)
        #expect(p.usesScalarFallback)
        #expect(p.description.contains("SCALAR(--doubled→base)"))
        let buf = try ColorBuffer(interleaved: [2.0, 2, 2, 0, 0, 0], space: "--doubled")
        let out = p.convert(buf, threads: 1)
        #expect(abs(out[0].x - 1) < 1e-5 && abs(out[0].y) < 1e-5 && out[1].x == 0)
    }

    @Test func missingComponentsAndPowerlessHue() throws {
        let buf = try ColorBuffer([Color(.oklch, 0.5, 0, .nan), Color(.oklch, .nan, 0.1, 30)], space: .oklch)
        let out = try BatchConversionPlan(from: .oklch, to: .lch).convert(buf, threads: 1)
        #expect(out[0].z.isNaN, "gray: hue powerless")
        let ref = try Workbench.standard.convert(Color(.oklch, .nan, 0.1, 30), to: .lch)
        #expect(abs(Double(out[1].x) - ref.coords.x) < 1e-3 && abs(Double(out[1].z) - ref.coords.z) < 1e-2)
    }

    @Test func inPlaceAndReuse() throws {
        let buf = try ColorBuffer(interleaved: [Float](repeating: 0.5, count: 3 * 3000), space: .srgb)
        let plan = try BatchConversionPlan(from: .srgb, to: .oklab)
        let dst = ColorBuffer(space: .oklab, count: 5000)
        let before = dst.c0
        plan.convert(buf, into: dst, threads: 0)
        #expect(dst.c0 == before && dst.count == 3000)
        plan.convert(buf, into: buf, threads: 1)
        #expect(buf.space == .oklab && abs(buf[2999].x - dst[2999].x) == 0)
    }
}

extension Float { var d: Double { Double(self) } }
