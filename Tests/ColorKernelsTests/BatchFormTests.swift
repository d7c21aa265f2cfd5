import ColorCore
import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorKernels

/// The engine runs what registry entries declare: spaces, gamut mappers and pair methods, including entries
/// registered after the built-ins (a plugin's) with or without a batch form.
struct BatchFormTests {
    static func randomOKLCH(_ n: Int, seed: UInt64) -> ColorBuffer {
        var rng = SplitMix64(seed: seed), v: [Double] = []
        func next() -> Double { rng.unit() }
        for _ in 0..<n { v += [1.02 * next() - 0.01, 0.4 * next(), 360 * next()] }
        return try! ColorBuffer(interleaved: v, space: .oklch)
    }

    @Test func plansReportWhichStepsAreSIMD() throws {
        let p = try BatchConversionPlan(from: .srgb, to: .oklch)
        #expect(p.steps.allSatisfy(\.isSIMD) && !p.usesScalarFallback)
        // CAM16 declares no batch form: its step runs the Double closure, and the plan says so.
        let q = try BatchConversionPlan(from: .srgb, to: .cam16JMh)
        #expect(q.usesScalarFallback && q.steps.contains { !$0.isSIMD && $0.name.contains("cam16") })
        #expect(q.description.contains("scalar fallback"))
    }

    /// A space registered later under a new id gets the SIMD path by declaring its form (no id is known to
    /// ColorKernels), and one without a form still converts, on every core, to the same values.
    @Test func newSpacesRunWhatTheyDeclare() throws {
        var wb = Workbench.standard
        let polar = ColorSpace(id: "my-oklch", name: "Mine", base: .oklab,
                               coordinates: ColorSpace.oklch.coordinates, cssForm: .custom, kernels: .polar,
                               toBase: ColorSpace.polarToRect, fromBase: ColorSpace.rectToPolar)
        let bare = ColorSpace(id: "my-bare", name: "Bare", base: .oklab,
                              coordinates: ColorSpace.oklch.coordinates, cssForm: .custom,
                              toBase: ColorSpace.polarToRect, fromBase: ColorSpace.rectToPolar)
        try wb.spaces.register(polar); try wb.spaces.register(bare)
        let src = Self.randomOKLCH(40_000, seed: 3)
        let simd = try BatchConversionPlan(from: .oklch, to: "my-oklch", spaces: wb.spaces)
        let scalar = try BatchConversionPlan(from: .oklch, to: "my-bare", spaces: wb.spaces)
        #expect(!simd.usesScalarFallback && scalar.usesScalarFallback)
        let a = simd.convert(src, threads: 0), b = scalar.convert(src, threads: 0)
        var worst: Float = 0
        for i in 0..<src.count where src[i].y > 1e-3 {
            worst = max(worst, abs(a[i].x - b[i].x), abs(a[i].y - b[i].y))
        }
        #expect(worst < 1e-5, "SIMD vs closure: \(worst)")
    }

    /// Every registered gamut mapper, into each RGB gamut the kernels cover: the batch result agrees with the
    /// entry's own Double `map` on the same Float32 inputs (≤ 1e-4 per channel).
    @Test(arguments: Workbench.standard.gamutMappers.ids, [ColorSpaceID.srgb, .displayP3, .rec2020])
    func everyMapperAgreesWithItsClosure(_ id: String, _ target: ColorSpaceID) throws {
        let wb = Workbench.standard
        let entry = try wb.gamutMappers.lookup(id)
        let mapper = try BatchGamutMapper(entry, target: target)
        #expect(mapper.isSIMD == (entry.batch != nil))
        let src = Self.randomOKLCH(3_000, seed: 11)
        let out = try mapper.map(src, threads: 0)
        var worst = 0.0
        for i in 0..<src.count {
            let ref = try entry.map(src.color(i), target, wb.spaces)
            let r = try wb.convert(ref, to: target).coords
            for k in 0..<3 { worst = max(worst, abs(Double(out[i][k]) - r[k])) }
        }
        #expect(worst < 1e-4, "\(id) → \(target): \(worst)")
    }

    /// A mapper registered without a kernel (a plugin's) runs its closure over chunks on every core.
    @Test func mapperWithoutKernelRunsItsClosure() throws {
        let halve = GamutMapper(id: "halve", name: "test") { c, t, spaces in
            var s = try spaces.convert(c, to: t); s.coords = s.coordsForConversion * 0.5; return s
        }
        let mapper = try BatchGamutMapper(halve, target: .srgb)
        #expect(!mapper.isSIMD)
        let src = try ColorBuffer([Color(.srgb, 1, 0.5, 0.25, alpha: 0.5), Color(.srgb, 0.2, 0.4, 0.6)], space: .srgb)
        let out = try mapper.map(src, threads: 2)
        #expect(out[0] == SIMD3(0.5, 0.25, 0.125) && out.alpha(0) == 0.5 && out[1] == SIMD3(0.1, 0.2, 0.3))
        // A target outside the kernels' set (prophoto-rgb, D50) runs the css4 closure too.
        #expect(try !BatchGamutMapper(method: "css4", target: .prophotoRGB).isSIMD)
    }

    /// The raytrace kernel on the published Color.js cases (display-p3 primaries and whites into srgb-linear),
    /// abs tolerance 1e-3 as the source checks them (Fixtures/raytrace-vectors.json).
    @Test func raytraceKernelMatchesPublishedCases() throws {
        let url = Fixtures().url("raytrace-vectors.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let cases = json["cases"] as! [[String: Any]]
        #expect(cases.count == 11)
        let wb = Workbench.standard
        for c in cases {
            let input = try wb.parse(c["input"] as! String)
            let to = ColorSpaceID(c["to"] as! String)
            let mapper = try BatchGamutMapper(method: "raytrace", target: to)
            #expect(mapper.isSIMD)
            let out = try mapper.map(try ColorBuffer([input], space: .oklch), threads: 1)
            let expected = (c["expected"] as! [NSNumber]).map(\.doubleValue)
            for k in 0..<3 {
                #expect(abs(Double(out[0][k]) - expected[k]) <= 1e-3, "\(c["id"]!) channel \(k): \(out[0][k]) vs \(expected[k])")
            }
        }
    }

    /// The raytrace kernel's single-precision error against its own Double reference (`GamutRaytrace`): on the
    /// published cases' inputs into every RGB target ≤ 5e-6 (measured ≤ 1.6e-6); on colors far outside every
    /// gamut (chroma up to 1) into rec2020 ≤ 1e-4, the bound the Lua guide states — the largest errors (measured
    /// 4.8e-5 on 20,000 colors) sit on a channel near 0 that is not on the face the ray leaves through, where
    /// rec2020's transfer curve is steepest.
    @Test func raytraceFloatErrorIsBounded() throws {
        let wb = Workbench.standard
        let entry = try wb.gamutMappers.lookup("raytrace")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures().url("raytrace-vectors.json"))) as! [String: Any]
        let inputs = try (json["cases"] as! [[String: Any]]).map { try wb.parse($0["input"] as! String) }
        for target in [ColorSpaceID.srgbLinear, .srgb, .displayP3, .rec2020, .rec2020Linear] {
            let out = try BatchGamutMapper(entry, target: target).map(try ColorBuffer(inputs, space: .oklch), threads: 1)
            var worst = 0.0
            for (i, c) in inputs.enumerated() {
                let r = try wb.convert(try entry.map(c, target, wb.spaces), to: target).coords
                for k in 0..<3 { worst = max(worst, abs(Double(out[i][k]) - r[k])) }
            }
            #expect(worst <= 5e-6, "\(target): \(worst)")
        }
        var rng = SplitMix64(seed: 5), v: [Double] = []
        for _ in 0..<4_000 { v += [1.02 * rng.unit() - 0.01, rng.unit(), 360 * rng.unit()] }
        let src = try ColorBuffer(interleaved: v, space: .oklch)
        let out = try BatchGamutMapper(entry, target: .rec2020).map(src, threads: 0)
        var worst = 0.0
        for i in 0..<src.count {
            let r = try wb.convert(try entry.map(src.color(i), .rec2020, wb.spaces), to: .rec2020).coords
            for k in 0..<3 { worst = max(worst, abs(Double(out[i][k]) - r[k])) }
        }
        #expect(worst <= 1e-4 && worst > 1e-6, "rec2020: \(worst)")
    }

    /// Every ΔE and contrast method resolves by one name in both registries; unknown names list them all.
    @Test func pairMethodNames() throws {
        let wb = Workbench.standard
        #expect(try wb.pairMethod("deltae-ok").batch == .euclidean)
        #expect(try wb.pairMethod("deltae-2000").batch == nil)
        #expect(try wb.pairMethod("lstar").kind == .contrast)
        #expect(try wb.pairMethod("2000").id == "deltae-2000")
        let e = #expect(throws: ColorCoreError.self) { try wb.pairMethod("nope") }
        #expect("\(e!)".contains("deltae-itp") && "\(e!)".contains("michelson"))
    }
}
