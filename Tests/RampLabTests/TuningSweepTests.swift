import Foundation
import Testing
import ColorCore
import ColorKernels
@testable import Palettes
@testable import RampLab

@Suite("Tuning sweeps")
struct TuningSweepTests {
    @Test func rangesAndAliases() throws {
        let v = try SweepValues.range(0.9, 1.0, 11).values(parameter: "margin", generator: "g")
        #expect(v.count == 11 && v.first == .number(0.9) && v.last == .number(1.0))
        #expect(v[5] == .number(0.95))
        #expect(try SweepValues.range(2, 3, 1).values(parameter: "x", generator: "g") == [.number(2)])
        #expect(throws: PalettesError.self) { try SweepValues.range(0, 1, 0).values(parameter: "x", generator: "g") }
        let g = UniformLStar.generator
        #expect(try SweptParameter.resolve("margin", generator: g) == "gamutMargin")
        #expect(try SweptParameter.resolve("chroma_scale", generator: g) == "chromaScale")
        #expect(try SweptParameter.resolve("gamutMargin", generator: g) == "gamutMargin")
        #expect(throws: PalettesError.self) { try SweptParameter.resolve("wobble", generator: g) }
    }

    @Test func shapeAndOrdering() throws {
        let hues: [Double] = [0, 90, 180, 270]
        let r = try Sweep(generator: UniformLStar.id,
                          params: ["margin": .numbers([0.9, 0.95, 1.0]), "chroma_scale": .numbers([1, 1.2])],
                          hues: hues, metrics: ["de_cv", "chroma_mean"], threads: 1).run()
        #expect(r.variantCount == 6 && r.rowCount == 24)
        #expect(r.columns == ["variant", "hue", "margin", "chroma_scale", "de_cv", "chroma_mean"])
        #expect(r.values.count == 24 * 6)
        // Last parameter fastest: variant 1 = (0.9, 1.2); row 5 = variant 1 at hue index 1 (90°).
        #expect(r.value(row: 5, "variant") == 1 && r.value(row: 5, "hue") == 90)
        #expect(r.value(row: 5, "margin") == 0.9 && r.value(row: 5, "chroma_scale") == 1.2)
        #expect(r.value(row: 23, "margin") == 1.0 && r.value(row: 23, "hue") == 270)
        // Variant summary: mean, .min, .max over the 4 hues.
        let cm = (0..<4).map { r.value(row: r.row(variant: 3, hueIndex: $0), "chroma_mean")! }
        #expect(abs(r.value(variant: 3, "chroma_mean")! - cm.reduce(0, +) / 4) < 1e-15)
        #expect(r.value(variant: 3, "chroma_mean.min") == cm.min() && r.value(variant: 3, "chroma_mean.max") == cm.max())
        #expect(r.variantColumns.prefix(3) == ["variant", "margin", "chroma_scale"])
    }

    /// The caches a sweep keeps across its blocks (solves, per-stop metric inputs) change no bit: one variant a
    /// block (every block but the first reads them) equals one block for the whole sweep, every column.
    @Test func blocksSharingCachesGiveTheSameBits() throws {
        for metrics in [[], ["all"]] {
            var sweep = Sweep(generator: UniformLStar.id, params: ["margin": .range(0.9, 1.0, 6), "chroma_scale": .range(0.8, 1.4, 5)],
                              hues: [0, 50, 120, 250], metrics: metrics, threads: 2)
            sweep.blockRamps = 1_000_000
            let whole = try sweep.run()
            sweep.blockRamps = 4
            let blocks = try sweep.run()
            #expect(whole.values.count == 30 * 4 * whole.columns.count)
            #expect(whole.values.map(\.bitPattern) == blocks.values.map(\.bitPattern), "metrics \(metrics)")
            #expect(whole.variantValues.map(\.bitPattern) == blocks.variantValues.map(\.bitPattern))
            #expect(whole.ramps.oklch == blocks.ramps.oklch && whole.ramps.linear == blocks.ramps.linear)
        }
    }

    @Test func fastPathEqualsReferenceGenerator() throws {
        let params: [String: RampParameter] = ["gamutMargin": .number(0.93), "chromaScale": .number(1.15)]
        let specs = [RampSpec(hue: 0, parameters: params), RampSpec(hue: 137.456, parameters: params), RampSpec(hue: 250)]
        let batch = try RampBatchGenerator.generate(specs, generator: UniformLStar.generator, threads: 2)
        for (r, spec) in specs.enumerated() {
            let ref = try UniformLStar.generator.generate(spec, .standard)
            let got = batch.ramp(r)
            for i in 0..<Scale.ctk.count {
                #expect(got[i].oklch == ref[i].oklch)
                #expect(got[i].srgb == ref[i].srgb)
            }
        }
        // The default variant is ColorTokensKit's palette: orange _800 = #6e3612, _200 = color(display-p3 0.978 0.79 0.6716).
        let r = try Sweep(generator: UniformLStar.id, hues: [50], threads: 1).run()
        #expect(r.ramps.ramp(0)[Scale.ctk.index(of: Stop(800))!].css == "#6e3612")
        #expect(r.ramps.ramp(0)[Scale.ctk.index(of: Stop(200))!].css == "color(display-p3 0.978 0.79 0.6716)")
    }

    @Test func genericGeneratorPath() throws {
        let r = try Sweep(generator: OKLCHCurves.id, params: ["hue": .numbers([100, 120])], hues: [100], threads: 1).run()
        let ref = try OKLCHCurves.generator.generate(RampSpec(hue: 100, parameters: ["hue": .number(120)]), .standard)
        #expect(r.ramps.ramp(1).map(\.oklch) == ref.map(\.oklch))
        // oklch-curves rotates every stop to 120° while the row's hue is 100°: drift 20°.
        #expect(abs(r.value(row: 1, "hue_drift_max")! - 20) < 1e-9)
        #expect(abs(r.value(row: 0, "hue_drift_max")!) < 1e-9)
    }

    @Test func bestKByExpressionAndClosure() throws {
        let r = try Sweep(generator: UniformLStar.id,
                          params: ["margin": .numbers([0.9, 1.0]), "chroma_scale": .numbers([0.8, 1.0, 1.2])],
                          hues: [0, 120, 240], threads: 1).run()
        // More chroma asked and allowed → more chroma: the last variant (1.0, 1.2) is the most vivid.
        let vivid = try r.best(2, by: Objective(expression: "chroma_mean"))
        #expect(vivid.first?.index == 5)
        #expect(vivid[0].score >= vivid[1].score)
        let dull = try r.best(1, by: Objective(expression: "chroma_mean"), goal: .minimize)
        #expect(dull.first?.index == 0 || dull.first?.index == 3)  // scale 0.8 asks for less than any cap
        let worst = try r.worst(1, by: Objective(expression: "chroma_mean")).first
        #expect(worst?.score == dull.first?.score && [0, 3].contains(worst?.index ?? -1))
        let closure = Objective("chroma") { $0("chroma_mean") }
        #expect(try r.best(1, by: closure).first?.index == 5)
        // Per row: the best row belongs to variant 5.
        let row = try r.best(1, by: Objective(expression: "chroma_mean"), per: .row)
        #expect(row.first.map { $0.index / 3 } == 5)
        // Ranking is a permutation; NaN scores go last.
        let all = try r.ranked(by: Objective(expression: "log(margin - 0.95)"))
        #expect(Set(all.map(\.index)) == Set(0..<6))
        #expect(all.suffix(3).allSatisfy { $0.score.isNaN })
        #expect(throws: PalettesError.self) { try r.best(1, by: Objective(expression: "vividness")) }
    }

    @Test func objectiveExpressions() throws {
        func eval(_ s: String, _ vars: [String: Double] = [:]) throws -> Double { try Objective(expression: s).score { vars[$0] } }
        #expect(try eval("2 + 3 * 4 ^ 2 / 8 - -1") == 9)
        #expect(try eval("-2 ^ 2") == -4)
        #expect(try eval("min(3, a, 5) + max(1, 2) * abs(-2)", ["a": 1]) == 5)
        #expect(try eval("sqrt(16) + log(exp(2))") == 6)
        #expect(try eval("de_cv.max * 10", ["de_cv.max": 0.5]) == 5)
        #expect(try eval("1e-2 * 100") == 1)
        #expect(throws: PalettesError.self) { try Objective(expression: "2 +") }
        #expect(throws: PalettesError.self) { try Objective(expression: "(1") }
        #expect(throws: PalettesError.self) { try Objective(expression: "frob(1)") }
        #expect(throws: PalettesError.self) { try Objective(expression: "1 $ 2") }
    }

    @Test func hueLists() throws {
        #expect(try Sweep.parseHues("all").count == 36)
        #expect(try Sweep.parseHues("orange, 255.5,blue") == [50, 255.5, 250])
        #expect(throws: PalettesError.self) { try Sweep.parseHues("mauve") }
    }

    @Test func csvAndNpyHeaders() throws {
        let csv = SweepOutput.csv(columns: ["variant", "hue", "de_cv"], values: [0, 10, 0.5, 1, 20, .nan])
        #expect(csv == "variant,hue,de_cv\n0,10,0.5\n1,20,nan\n")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tuning-npy-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.npy").path
        try SweepOutput.writeNPY(columns: 3, values: [1, 2, 3, 4, 5, 6], to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.prefix(8) == [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59, 1, 0])  // \x93NUMPY v1.0
        let headerLen = Int(bytes[8]) | Int(bytes[9]) << 8
        #expect((10 + headerLen) % 64 == 0)
        let header = String(decoding: bytes[10..<(10 + headerLen)], as: UTF8.self)
        #expect(header.contains("'descr': '<f4'") && header.contains("'fortran_order': False") && header.contains("'shape': (2, 3)"))
        #expect(header.hasSuffix("\n"))
        #expect(bytes.count == 10 + headerLen + 6 * 4)
        let last = bytes.suffix(4)
        #expect(Float(bitPattern: UInt32(last[last.startIndex]) | UInt32(last[last.startIndex + 1]) << 8
                      | UInt32(last[last.startIndex + 2]) << 16 | UInt32(last[last.startIndex + 3]) << 24) == 6)
        // No temp file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["t.npy"])
        #expect(SweepOutput.rowsJSON(columns: ["a"], values: [1, .nan]) == "{\"columns\": [\"a\"],\n\"rows\": [\n[1],\n[null]\n]}\n")
    }

    @Test func npyFloat64HeaderAndData() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tuning-npy8-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.npy").path
        // 0.1 is not exact in Float32: '<f8' keeps every bit.
        try SweepOutput.writeNPY(columns: 2, values: [0.1, 2, 3, -4.25], to: path, dtype: .f8)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.prefix(10) == [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59, 1, 0, 118, 0])  // header length 118: 128 in all
        let header = String(decoding: bytes[10..<128], as: UTF8.self)
        #expect(header.hasPrefix("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }"))
        #expect(header.hasSuffix(" \n") && bytes.count == 128 + 4 * 8)
        func f64(_ k: Int) -> Double {
            var bits: UInt64 = 0
            for b in 0..<8 { bits |= UInt64(bytes[128 + 8 * k + b]) << (8 * b) }
            return Double(bitPattern: bits)
        }
        #expect(f64(0) == 0.1 && f64(3) == -4.25)
        // The same table as '<f4' differs only in descr and element size.
        let f4 = MatrixWriter.npy(values: [0.1, 2, 3, -4.25], columns: 2)
        #expect(f4.count == 128 + 4 * 4 && String(decoding: f4[10..<128], as: UTF8.self).contains("'<f4'"))
    }
}
