import Foundation
import Testing
import ColorCore
@testable import Palettes
@testable import RampLab

@Suite("RampLab: batch forms on the entry, deadlines, requested chroma")
struct RampLabModuleTests {
    /// uniform-lstar's generate closure under another id, with or without its declared batch form.
    static func copy(id: String, batch: Bool) -> RampGenerator {
        var g = RampGenerator(id: id, name: "copy", parameters: UniformLStar.generator.parameters,
                              generate: UniformLStar.generator.generate)
        g.requestedChroma = UniformLStar.generator.requestedChroma
        if batch { g.batch = UniformLStar.generator.batch }
        return g
    }

    @Test func batchFormIsReadFromTheEntryNotTheID() throws {
        let params: [String: RampParameter] = ["gamutMargin": .number(0.9), "chromaScale": .number(1.3)]
        let specs = [0.0, 33.3, 250].map { RampSpec(hue: $0, parameters: params) }
        let fast = try RampBatchGenerator.generate(specs, generator: Self.copy(id: "mine-fast", batch: true), threads: 2)
        let slow = try RampBatchGenerator.generate(specs, generator: Self.copy(id: "mine-slow", batch: false), threads: 2)
        // The declared form and the closure agree bit for bit, whatever the id.
        #expect(fast.oklch == slow.oklch)
        for r in 0..<specs.count { #expect(fast.ramp(r).map(\.srgb) == slow.ramp(r).map(\.srgb)) }
        #expect(fast.requestedChroma == slow.requestedChroma)
        #expect(UniformLStar.generator.batch != nil && OKLCHCurves.generator.batch == nil)
        // uniform-lstar's requested chroma: ColorTokensKit's table × 1.3.
        #expect(fast.requestedChroma[6] == UniformLStar.chroma[6] * 1.3)
    }

    @Test func expiredDeadlineStopsTheSweep() throws {
        let sweep = Sweep(generator: UniformLStar.id, params: ["margin": .range(0.9, 1.0, 3)], hues: [0, 120], threads: 1)
        let stop = Deadline(seconds: 60, what: "time limit of 60 s (--time-limit)")
        stop.cancel()
        let e = #expect(throws: DeadlineExceeded.self) { try sweep.run(deadline: stop) }
        #expect(e?.what == "time limit of 60 s (--time-limit)")
        // Not expired: the same sweep runs.
        #expect(try sweep.run(deadline: Deadline(seconds: 600)).rowCount == 6)
    }

    @Test func sweepBlocksGiveTheSameTableAsOneBlock() throws {
        // 7 variants × 3 hues in blocks of 2 variants (6 ramps) equals the same sweep in one block.
        let hues: [Double] = [10, 130, 250]
        var blocked = Sweep(generator: UniformLStar.id, params: ["chroma_scale": .range(0.6, 1.4, 7)], hues: hues,
                            metrics: ["de_cv", "chroma_mean", "hue_sep_min"])
        let whole = try blocked.run()
        blocked.blockRamps = 6
        let parts = try blocked.run()
        #expect(parts.rowCount == 21 && parts.ramps.count == 21)
        #expect(parts.values == whole.values)
        #expect(parts.ramps.oklch == whole.ramps.oklch)
        #expect(parts.variantValues == whole.variantValues)
    }

    @Test func chromaRetainedIsUnknownWithoutRequestedChroma() throws {
        var g = Self.copy(id: "no-request", batch: false)
        g.requestedChroma = nil
        var wb = PaletteWorkbench.standard
        try wb.generators.register(g)
        let r = try Sweep(generator: "no-request", hues: [0, 180], metrics: ["chroma_retained_mean", "chroma_mean"]).run(in: wb)
        #expect(r.value(row: 0, "chroma_retained_mean")!.isNaN)
        #expect(!r.value(row: 0, "chroma_mean")!.isNaN)
        // With requested chroma declared, retained is measured (uniform-lstar keeps ≤ 1 of what it asks).
        let u = try Sweep(generator: UniformLStar.id, hues: [0, 180], metrics: ["chroma_retained_mean"]).run()
        let kept = u.value(row: 0, "chroma_retained_mean")!
        #expect(kept > 0.5 && kept <= 1)
    }
}
