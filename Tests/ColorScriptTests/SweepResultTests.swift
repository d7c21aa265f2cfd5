import ColorScript
import Foundation
import Testing

/// The object `hb.sweep` returns: plain fields plus `:rows()`, `:row(i)`, `:column(name)`, `:best(k [, objective])`
/// and `:save(path)`, post-processing the kept table without re-running the sweep.
@Suite struct SweepResultTests {
    static let sweep = """
    local r = hb.sweep{ generator = "uniform-lstar", params = { margin = hb.range(0.9, 1.0, 3), chroma_scale = {0.8, 1.2} },
      hues = {0, 120, 240}, objective = "chroma_mean - de_cv", top = 2 }
    """

    @Test func rowsColumnsAndBest() throws {
        let (s, _) = try makeState(time: 120)
        let r = try s.eval(Self.sweep + """
        local row = r:row(4)   -- variant 1 (chroma_scale 0.8, margin 0.95; last name fastest), hue 0
        local cv = r:column("de_cv")
        local same = true
        for i, t in ipairs(r:rows()) do same = same and t.de_cv == cv[i] and t.variant == (i - 1) // 3 end
        local b = r:best(1)
        local byChroma = r:best(2, "-chroma_mean")
        local byFn = r:best(1, function(v) return v.chroma_mean end, "min")
        return r.row_count, r.variants, #r:rows(), row.variant, row.hue, row.chroma_scale, row.margin, tostring(same),
          #r:column("de_cv.max"), #r.best, b[1].score == r.best[1].score, byChroma[1].parameters.chroma_scale,
          byFn[1].parameters.chroma_scale, byFn[1].parameters.margin, getmetatable(r)
        """)
        #expect(r == ["18", "6", "18", "1.0", "0.0", "0.8", "0.95", "true", "6", "2", "true", "0.8", "0.8", "0.9", "huebench.sweep"])
    }

    @Test func saveWritesThroughTheHostWriterAndErrorsNameTheMethod() throws {
        let out = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (s, _) = try makeState(time: 120, output: out)  // several sweeps in one state: a generous budget, so load never trips it
        try s.run(source: Self.sweep + """
        r:save("t/rows.csv"); r:save("t/v.npy", {table = "variants", dtype = "f8"}); r:save("t/rows.json")
        """, name: "save")
        try s.commitOutputs()
        let csv = try String(contentsOfFile: out + "/t/rows.csv", encoding: .utf8).split(separator: "\n")
        #expect(csv.count == 19 && csv[0].hasPrefix("variant,hue,chroma_scale,margin,de_mean,"))
        let npy = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/t/v.npy")))
        #expect(String(decoding: npy[10..<70], as: UTF8.self).hasPrefix("{'descr': '<f8', 'fortran_order': False, 'shape': (6, "))
        #expect(FileManager.default.fileExists(atPath: out + "/t/rows.json"))
        #expect(errorOf(s, Self.sweep + "r:row(99)")?.description.contains("sweep:row: argument 1 (i) must be a whole number in 1…18, got number 99") == true)
        #expect(errorOf(s, Self.sweep + "r:save('x.txt')")?.description.contains("sweep:save: argument 1 (path): 'x.txt' must end in .csv, .npy or .json") == true)
        #expect(errorOf(s, Self.sweep + "r:column('nope')")?.description.contains("sweep:column: argument 1 (name): no column 'nope'") == true)
        #expect(errorOf(s, Self.sweep + "r:save('../x.csv')") != nil)
        #expect(errorOf(s, Self.sweep + "setmetatable(r, nil)") != nil)
    }

    @Test func baselinesParetoAndStatsFromLua() throws {
        let out = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (s, _) = try makeState(time: 120, output: out)
        let r = try s.eval("""
        local r = hb.sweep{ params = { chroma_scale = {0.8, 1.0, 1.2} }, hues = {0, 120, 240}, metrics = {"de_mean", "de_cv", "chroma_mean"},
          stats = {"min", "p90"}, baselines = {"tailwind"}, pareto = "chroma_mean,de_cv", objective = "chroma_mean", out = "b" }
        local b = r.baselines[1]
        return #r.variant_columns, r.variant_columns[4], b.id, b.stops, b.ramps, string.format("%.12f", b.metrics.de_mean),
          tostring(b.metrics["de_mean.max"]), b.rank
        """)
        // Tailwind's mean neighbour ΔEOK over its 17 chromatic ramps: 0.08072367254862567 (Python, float64).
        #expect(r == ["11", "de_mean.min", "tailwind", "11", "17", "0.080723672549", "nil", "1"])
        try s.commitOutputs()
        for f in ["baselines.csv", "baseline-rows.csv", "pareto.csv", "pareto.svg", "strips-baselines.svg"] {
            #expect(FileManager.default.fileExists(atPath: out + "/b/" + f), "\(f)")
        }
        #expect(errorOf(s, "hb.sweep{ params = { margin = {0.9, 1} }, hues = {0}, baselines = {'tailwnd'} }")?.description.contains("baseline 'tailwnd' is not known") == true)
        #expect(errorOf(s, "hb.sweep{ params = { margin = {0.9, 1} }, hues = {0}, pareto = 'de_mean,de_cv' }")?.description.contains("de_mean has no declared better direction") == true)
    }

    @Test func rowsStreamToTheOutputFilesWithOut() throws {
        let out = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (s, _) = try makeState(time: 120, output: out)
        let r = try s.eval("""
        local r = hb.sweep{ params = { margin = hb.range(0.9, 1.0, 3), chroma_scale = {0.8, 1.2} }, hues = {0, 120, 240},
          objective = "chroma_mean - de_cv", per = "row", top = 2, out = "st" }
        local ok, err = pcall(function() return r:rows() end)
        local k = hb.sweep{ params = { margin = hb.range(0.9, 1.0, 3) }, hues = {0, 120}, out = "kept", keep_rows = true }
        return r.row_count, #r.files, tostring(ok), tostring(err):match("streamed to the output files") ~= nil,
          r.best[1].metrics.chroma_mean ~= nil, #r:column("de_cv.max"), #k:rows()
        """)
        #expect(r == ["18", "42", "false", "true", "true", "6", "6"])  // 42 files: 4 streamed, 2 variant tables, summaries, strips, 2 × 7 plots × 2 formats, a heatmap × 2 formats
        try s.commitOutputs()
        let csv = try String(contentsOfFile: out + "/st/rows.csv", encoding: .utf8).split(separator: "\n")
        #expect(csv.count == 19 && csv[0].hasPrefix("variant,hue,chroma_scale,margin,de_mean,"))
        let npy = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/st/stops.npy")))
        #expect(String(decoding: npy[10..<80], as: UTF8.self).hasPrefix("{'descr': '<f4', 'fortran_order': False, 'shape': (18, 20, 3)"))
        let files = try FileManager.default.contentsOfDirectory(atPath: out + "/st").sorted()
        #expect(files.contains("rows.json") && files.contains("variants.csv") && files.contains("summary.json"))
        #expect(!files.contains { $0.hasPrefix(".") }, "temp files left: \(files)")
        #expect(FileManager.default.fileExists(atPath: out + "/kept/rows.csv"))
    }

    @Test func streamedRowsAreNotWrittenWhenTheScriptFails() throws {
        let out = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        do {
            let (s, _) = try makeState(time: 120, output: out)
            #expect(throws: (any Error).self) {
                try s.run(source: "hb.sweep{ params = { margin = hb.range(0.9, 1.0, 3) }, hues = {0, 120}, out = 'st' }; error('stop')", name: "fail")
            }
        }  // the interpreter is gone: its streamed temp files with it
        let left = (try? FileManager.default.contentsOfDirectory(atPath: out + "/st")) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    @Test func luaGeneratorsMayReturnTheChromaTheyAskedFor() throws {
        // A second result of generate (one chroma per stop, before any gamut fitting) makes chroma_retained a
        // measurement: 0.05 built of 0.1 asked is 0.5; a generator that returns none gives NaN (unknown).
        let (s, _) = try makeState(time: 120)
        let r = try s.eval("""
        local function ramp(spec)
          local out, want = {}, {}
          for i = 1, #spec.scale.stops do out[i] = string.format("oklch(%.3f 0.05 %g)", 0.97 - i * 0.04, spec.hue); want[i] = 0.1 end
          return out, want
        end
        hb.register_generator{ name = "asks", generate = ramp }
        hb.register_generator{ name = "silent", generate = function(spec) local c = ramp(spec); return c end }
        hb.register_generator{ name = "bad", generate = function(spec) local c = ramp(spec); return c, {1} end }
        local a = hb.sweep{ generator = "asks", hues = {0, 120}, metrics = {"chroma_retained_mean", "chroma_retained_min"}, objective = "chroma_retained_mean" }
        local b = hb.sweep{ generator = "silent", hues = {0, 120}, metrics = {"chroma_retained_mean"}, objective = "0", allow_nan = true }
        local ok, err = pcall(hb.sweep, { generator = "bad", hues = {0}, metrics = {"chroma_mean"}, objective = "chroma_mean" })
        return string.format("%.12f", a.best[1].metrics.chroma_retained_mean), string.format("%.12f", a.best[1].metrics.chroma_retained_min),
          tostring(b.best[1].metrics.chroma_retained_mean), tostring(ok), tostring(err):match("must be a list of 20 numbers") ~= nil
        """)
        #expect(r == ["0.500000000000", "0.500000000000", "nil", "false", "true"])
    }
}
