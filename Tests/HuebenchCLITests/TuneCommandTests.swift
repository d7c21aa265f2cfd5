import Foundation
import Testing

/// `huebench tune` end to end on small sweeps (flag mode and a Lua script).
struct TuneCommandTests {
    static func tempDir(_ tag: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hb-tune-\(tag)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func flagModeWritesTablesAndPictures() throws {
        let dir = try Self.tempDir("flags")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try MatrixCommandTests.run(["tune", "--generator", "uniform-lstar", "--param", "margin=0.9:1.0:3",
                                            "--param", "chroma_scale=0.8,1.2", "--hues", "0,120,240",
                                            "--objective", "chroma_mean - de_cv", "--top", "2", "--out", dir.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("6 variants × 3 hues = 18 ramps"))
        #expect(r.out.contains("best:\n  1. margin="))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        for f in ["rows.csv", "rows.npy", "rows.json", "variants.csv", "variants.npy", "summary.json", "summary.txt",
                  "strips-best.png", "strips-worst.svg", "plot-de_cv-vs-margin.png", "plot-chroma_mean-vs-chroma_scale.svg"] {
            #expect(files.contains(f), "missing \(f)")
        }
        let csv = try String(contentsOf: dir.appendingPathComponent("rows.csv"), encoding: .utf8).split(separator: "\n")
        #expect(csv.count == 19)
        #expect(csv[0].hasPrefix("variant,hue,margin,chroma_scale,de_mean,"))
        let png = try [UInt8](Data(contentsOf: dir.appendingPathComponent("strips-best.png")))
        #expect(png.prefix(8) == [137, 80, 78, 71, 13, 10, 26, 10])
    }

    @Test func badUsageNamesTheInput() throws {
        let r = try MatrixCommandTests.run(["tune", "--param", "wobble=1:2:3", "--hues", "0"])
        #expect(r.status != 0)
        #expect(r.err.contains("wobble"))
        let r2 = try MatrixCommandTests.run(["tune", "--param", "margin=1:2"])
        #expect(r2.status == 2 && r2.err.contains("margin=1:2"))
        let r3 = try MatrixCommandTests.run(["tune", "--objective", "de_cv +", "--hues", "0"])
        #expect(r3.status == 2 && r3.err.contains("objective"))
    }

    @Test func luaScriptSweep() throws {
        let dir = try Self.tempDir("lua")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.lua")
        try """
        local hb = require "huebench"
        local r = hb.sweep{ params = { margin = {0.9, 1.0, 2}, chroma_scale = {values = {0.8, 1.0, 1.2}} },
                            hues = {0, "blue"}, metrics = {"de_cv", "chroma_mean"},
                            objective = function(v) return v.chroma_mean end, top = 1, out = "res" }
        print(r.variants, r.row_count, #r.columns, r.best[1].parameters.chroma_scale, r.best[1].parameters.margin)
        """.write(to: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let r = try MatrixCommandTests.run(["tune", script.path, "--out", out.path, "--no-plugins"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.trimmingCharacters(in: .whitespacesAndNewlines) == "6\t12\t6\t1.2\t1.0" ||
                r.out.trimmingCharacters(in: .whitespacesAndNewlines) == "6\t12\t6\t1.2\t1")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("res/rows.npy").path))
    }

    static let pluginFolder = Fixtures().path("plugins")

    @Test func sweepsAPluginGeneratorFromTheFlagsAndFromHbSweep() throws {
        let dir = try Self.tempDir("plugin")
        defer { try? FileManager.default.removeItem(at: dir) }
        // brand-kit.lua registers flat-ramp: OKLCH L 0.97 → 0.248, constant chroma `chroma`.
        let r = try CLI.run(["tune", "--plugins", Self.pluginFolder, "--generator", "flat-ramp", "--param", "chroma=0.02:0.1:5",
                             "--hues", "0,200", "--objective", "chroma_mean", "--top", "1", "--npy-dtype", "f8", "--out", dir.path],
                            cwd: dir.path, xdg: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("sweep: flat-ramp, chroma (5 values) → 5 variants × 2 hues = 10 ramps"))
        #expect(r.stdout.contains("best:\n  1. chroma=0.1  score=0.1 "))
        let npy = [UInt8](try Data(contentsOf: dir.appendingPathComponent("rows.npy")))
        #expect(String(decoding: npy[10..<74], as: UTF8.self).hasPrefix("{'descr': '<f8', 'fortran_order': False, 'shape': (10, "))
        // Without the plugin the generator is unknown (exit 2, names it and the known ones).
        let r2 = try CLI.run(["tune", "--no-plugins", "--generator", "flat-ramp", "--param", "chroma=0.02:0.1:5"], cwd: dir.path, xdg: dir.path)
        #expect(r2.status == 2 && r2.stderr.contains("unknown ramp generator 'flat-ramp'; known: uniform-lstar"))
        // From a script: a plugin generator and one the script registers itself.
        let script = dir.appendingPathComponent("s.lua")
        try """
        local hb = require "huebench"
        hb.register_generator{ name = "mine", parameters = {"c"}, generate = function(spec)
          local out = {} for i = 1, 20 do out[i] = hb.oklch(0.97 - (i - 1) * 0.038, spec.c, spec.hue) end return out end }
        local r = hb.sweep{ generator = "flat-ramp", params = { chroma = {0.02, 0.1, 5} }, hues = {0, 200}, objective = "chroma_mean", top = 1 }
        local r2 = hb.sweep{ generator = "mine", params = { c = {0, 0.1, 3} }, hues = {0, 120, 240}, objective = "-chroma_mean", top = 1 }
        print(r.best[1].parameters.chroma, r.variants, r2.best[1].parameters.c, r2.variants)
        """.write(to: script, atomically: true, encoding: .utf8)
        let r3 = try CLI.run(["tune", script.path, "--plugins", Self.pluginFolder], cwd: dir.path, xdg: dir.path)
        #expect(r3.status == 0, "\(r3.stderr)")
        #expect(r3.stdout == "0.1\t5\t0.0\t3\n")
    }
}
