import ColorIO
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
        local r = hb.sweep{ params = { margin = hb.range(0.9, 1.0, 2), chroma_scale = {0.8, 1.0, 1.2} },
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
        // The script's path and SHA-256 and the seed are in the provenance; its sweep replays from the CLI.
        let summary = try Data(contentsOf: out.appendingPathComponent("res/summary.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: summary) as? [String: Any])
        let prov = try #require(json["provenance"] as? [String: Any])
        let scriptInfo = try #require(prov["script"] as? [String: Any])
        #expect(scriptInfo["path"] as? String == script.path)
        #expect(scriptInfo["sha256"] as? String == SHA256.hex([UInt8](try Data(contentsOf: script))))
        #expect(prov["seed"] as? Int == 0)
        let again = dir.appendingPathComponent("again")
        let r2 = try MatrixCommandTests.run(["tune", "--replay", out.appendingPathComponent("res/summary.json").path, "--out", again.path])
        #expect(r2.status == 0, "\(r2.err)")
        #expect(try Data(contentsOf: again.appendingPathComponent("rows.csv")) == Data(contentsOf: out.appendingPathComponent("res/rows.csv")))
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
        local r = hb.sweep{ generator = "flat-ramp", params = { chroma = hb.range(0.02, 0.1, 5) }, hues = {0, 200}, objective = "chroma_mean", top = 1 }
        local r2 = hb.sweep{ generator = "mine", params = { c = hb.range(0, 0.1, 3) }, hues = {0, 120, 240}, objective = "-chroma_mean", top = 1 }
        print(r.best[1].parameters.chroma, r.variants, r2.best[1].parameters.c, r2.variants)
        """.write(to: script, atomically: true, encoding: .utf8)
        let r3 = try CLI.run(["tune", script.path, "--plugins", Self.pluginFolder], cwd: dir.path, xdg: dir.path)
        #expect(r3.status == 0, "\(r3.stderr)")
        #expect(r3.stdout == "0.1\t5\t0.0\t3\n")
    }

    @Test func summaryRecordsProvenanceAndReplayReproducesTheRowsBitForBit() throws {
        let dir = try Self.tempDir("replay")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b")
        let r = try MatrixCommandTests.run(["tune", "--param", "margin=0.9:1.0:3", "--set", "chroma_scale=1.1",
                                            "--hues", "0,137.5,orange", "--metrics", "all", "--npy-dtype", "f8", "--stops",
                                            "--out", a.path])
        #expect(r.status == 0, "\(r.err)")
        let summary = try Data(contentsOf: a.appendingPathComponent("summary.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: summary) as? [String: Any])
        let prov = try #require(json["provenance"] as? [String: Any])
        #expect((prov["huebench"] as? String)?.isEmpty == false)
        #expect((prov["lua"] as? String)?.hasPrefix("Lua 5.4") == true)
        #expect((prov["command"] as? [String])?.contains("chroma_scale=1.1") == true)
        #expect((prov["started"] as? String)?.hasSuffix("Z") == true)
        #expect(((prov["wall_seconds"] as? NSNumber)?.doubleValue ?? -1) > 0)
        #expect(prov["hues"] as? [Double] == [0, 137.5, 50])
        #expect(json["metrics_version"] as? Int == 2)
        // Every parameter in force: swept, set (the --set value) or the generator's default.
        let inForce = try #require(json["parameters_in_force"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: inForce.map { ($0["name"] as! String, $0) })
        #expect(byName["gamutMargin"]?["source"] as? String == "swept")
        #expect(byName["chromaScale"]?["source"] as? String == "set" && byName["chromaScale"]?["value"] as? Double == 1.1)
        #expect(byName["lightnessStar"]?["source"] as? String == "default")
        // Replay into another folder: the same rows, variants and stops, byte for byte.
        let r2 = try MatrixCommandTests.run(["tune", "--replay", a.appendingPathComponent("summary.json").path, "--out", b.path])
        #expect(r2.status == 0, "\(r2.err)")
        for f in ["rows.csv", "rows.npy", "variants.csv", "stops.npy", "stops.csv"] {
            let x = try Data(contentsOf: a.appendingPathComponent(f)), y = try Data(contentsOf: b.appendingPathComponent(f))
            #expect(x == y && x.count > 100, "\(f) differs after replay")
        }
        // Replay takes the record as it is: changing it with flags is refused.
        let r3 = try MatrixCommandTests.run(["tune", "--replay", a.appendingPathComponent("summary.json").path, "--hues", "0"])
        #expect(r3.status == 2 && r3.err.contains("--hues"))
        let r4 = try MatrixCommandTests.run(["tune", "--replay", dir.appendingPathComponent("nope.json").path])
        #expect(r4.status == 2 && r4.err.contains("nope.json"))
    }

    @Test func stopColorsAreInEveryRow() throws {
        let dir = try Self.tempDir("stops")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try MatrixCommandTests.run(["tune", "--hues", "50,250", "--stops", "--npy-dtype", "f8", "--out", dir.path])
        #expect(r.status == 0, "\(r.err)")
        let npy = [UInt8](try Data(contentsOf: dir.appendingPathComponent("stops.npy")))
        let headerLength = Int(npy[8]) | Int(npy[9]) << 8
        #expect(String(decoding: npy[10..<(10 + headerLength)], as: UTF8.self).hasPrefix("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 20, 3), }"))
        #expect(npy.count == 10 + headerLength + 2 * 20 * 3 * 8)
        // ColorTokensKit's orange (hue 50) _800 is #6e3612: row 0, stop 800 in stops.csv; its L in stops.npy.
        let csv = try String(contentsOf: dir.appendingPathComponent("stops.csv"), encoding: .utf8).split(separator: "\n")
        #expect(csv[0] == "row,variant,hue,stop,l,c,h,hex,css,requested_chroma")
        #expect(csv.count == 1 + 40)
        let line = try #require(csv.first { $0.hasPrefix("0,0,50,800,") }).split(separator: ",")
        #expect(line[7] == "#6e3612")
        let lAt800 = npy.withUnsafeBytes { raw in
            Double(bitPattern: raw.loadUnaligned(fromByteOffset: 10 + headerLength + (15 * 3) * 8, as: UInt64.self).littleEndian)
        }
        #expect(String(lAt800) == String(line[4]))
        // Requested chroma: ColorTokensKit's table at _800 (0.092).
        #expect(line[9] == "0.092")
    }

    @Test func parametersAndScoresAreValidated() throws {
        // A fixed parameter outside the generator's declared range is an error before anything runs.
        let r = try MatrixCommandTests.run(["tune", "--set", "margin=-1", "--hues", "0"])
        #expect(r.status == 2 && r.err.contains("gamutMargin") && r.err.contains("-1"), "\(r.err)")
        // One hue: hue_sep_min is undefined (NaN); ranking by it names the variant.
        let r2 = try MatrixCommandTests.run(["tune", "--param", "margin=0.9,1", "--hues", "0", "--objective", "hue_sep_min"])
        #expect(r2.status == 2 && r2.err.contains("variant 0 (margin=0.9)") && r2.err.contains("--allow-nan"), "\(r2.err)")
        let r3 = try MatrixCommandTests.run(["tune", "--param", "margin=0.9,1", "--hues", "0", "--objective", "hue_sep_min", "--allow-nan"])
        #expect(r3.status == 0, "\(r3.err)")
    }

    @Test func luaRangesAreExplicitAndListsAreLists() throws {
        let dir = try Self.tempDir("range")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.lua")
        try """
        local hb = require "huebench"
        local a = hb.sweep{ params = { chroma_scale = {0, 2, 4} }, hues = {0} }
        local b = hb.sweep{ params = { chroma_scale = hb.range(0, 2, 11) }, hues = {0} }
        print(a.variants, b.variants, b:column("chroma_scale")[2], a:column("chroma_scale")[3])
        """.write(to: script, atomically: true, encoding: .utf8)
        let r = try MatrixCommandTests.run(["tune", script.path, "--no-plugins"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "3\t11\t0.2\t4.0\n", "\(r.out)")
    }

    @Test func streamedRowsEqualTheRowsKeptInMemory() throws {
        let dir = try Self.tempDir("stream")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b")
        let common = ["tune", "--param", "margin=0.9:1.0:4", "--param", "chroma_scale=0.9,1.1", "--hues", "0,90,180,270", "--stops"]
        // Ranking variants streams the rows to disk block by block; ranking rows keeps them in memory first.
        let r1 = try MatrixCommandTests.run(common + ["--out", a.path])
        let r2 = try MatrixCommandTests.run(common + ["--per", "row", "--out", b.path])
        #expect(r1.status == 0 && r2.status == 0, "\(r1.err) \(r2.err)")
        for f in ["rows.csv", "rows.npy", "rows.json", "stops.npy", "stops.csv", "variants.csv"] {
            let x = try Data(contentsOf: a.appendingPathComponent(f)), y = try Data(contentsOf: b.appendingPathComponent(f))
            #expect(x == y && x.count > 100, "\(f) differs between the streamed and the kept rows")
        }
        #expect(FileManager.default.fileExists(atPath: a.appendingPathComponent("strips-best.png").path))
        // No temp files are left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: a.path).filter { $0.contains("tmp-huebench") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func theExampleStudyRunsFromLuaAndFromTheShellScript() throws {
        let dir = try Self.tempDir("example")
        defer { try? FileManager.default.removeItem(at: dir) }
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        // Small sizes: 3 margins × 3 chroma scales × 3 hues.
        let lua = try CLI.run(["tune", examples.appendingPathComponent("ramp-study.lua").path, "--out", "lua", "--no-plugins",
                               "3", "3", "0,120,240"], cwd: dir.path, xdg: dir.path)
        #expect(lua.status == 0, "\(lua.stderr)")
        #expect(lua.stdout.contains("9 variants × 3 hues = 27 ramps in "))
        #expect(lua.stdout.contains("best: margin=1.00 chroma_scale=1.20 (chroma_mean 0.1180, mean de_cv 0.0580)"), "\(lua.stdout)")
        // The baselines beside the variants: Tailwind's mean chroma over its 17 chromatic ramps (0.1313) beats
        // every variant's, its least even hue does not; the example prints each with its rank among the 9 variants.
        #expect(lua.stdout.contains("baseline tailwind score 0.0275 (rank 10 of 10)  chroma_mean 0.1313  de_cv.max 0.4151  (17 ramps × 11 stops)"), "\(lua.stdout)")
        #expect(lua.stdout.contains("baseline leonardo score 0.0400 (rank 10 of 10)  chroma_mean 0.1120  de_cv.max 0.2879  (3 ramps × 20 stops)"))
        for f in ["baselines.csv", "pareto.csv", "pareto.svg", "strips-baselines.png", "heatmap-chroma_scale-margin.svg"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("lua/" + f).path), "lua/\(f)")
        }
        let sh = try Programs.run("/bin/sh", [examples.appendingPathComponent("ramp-study.sh").path, "cli", "3", "3", "0,120,240"],
                                  cwd: dir.path, environment: ["HUEBENCH": CLI.binary.path])
        #expect(sh.status == 0, "\(sh.stderr)")
        #expect(sh.stdout.contains("best:\n  1. margin=1 chroma_scale=1.2  score=0.0988 "), "\(sh.stdout.prefix(400))")
        for f in ["baselines.csv", "pareto.csv", "pareto.svg", "strips-baselines.png", "heatmap-margin-chroma_scale.svg"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("cli/" + f).path), "cli/\(f)")
        }
        // The same grid: the same variant table.
        let a = try String(contentsOf: dir.appendingPathComponent("lua/summary.json"), encoding: .utf8)
        let b = try String(contentsOf: dir.appendingPathComponent("cli/summary.json"), encoding: .utf8)
        #expect(a.contains("\"rows\": 27") && b.contains("\"rows\": 27"))
        #expect(try String(contentsOf: dir.appendingPathComponent("lua/baselines.csv"), encoding: .utf8)
                == String(contentsOf: dir.appendingPathComponent("cli/baselines.csv"), encoding: .utf8))
    }
}
