import ColorIO
import Foundation
import Testing

/// `huebench tune --scale` and `hb.sweep{scale = …}`: ramps of a scale's stops, recorded and replayed.
struct TuneScaleTests {
    @Test func scaleFlagNamesColumnsRecordsAndReplays() throws {
        let dir = try TuneCommandTests.tempDir("scale")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b")
        let r = try MatrixCommandTests.run(["tune", "--scale", "tailwind", "--param", "margin=0.9,1", "--hues", "30,250",
                                            "--metrics", "de_cv,wcag_white_stops", "--stops", "--out", a.path, "--no-plugins"])
        #expect(r.status == 0, "\(r.err)")
        let header = try String(contentsOf: a.appendingPathComponent("rows.csv"), encoding: .utf8).split(separator: "\n")[0]
        #expect(header == "variant,hue,margin,de_cv," + ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"]
            .map { "wcag_white_\($0)" }.joined(separator: ","))
        let summary = try String(contentsOf: a.appendingPathComponent("summary.json"), encoding: .utf8)
        #expect(summary.contains("\"stops\": 11,") && summary.contains("\"scale\": \"tailwind\""))
        #expect(summary.contains("\"stop_names\": [\"50\", \"100\", \"200\""))
        // stops.npy is (rows, 11, 3); stops.csv names Tailwind's stops.
        let npy = try [UInt8](Data(contentsOf: a.appendingPathComponent("stops.npy")))
        #expect(String(decoding: npy.prefix(128), as: UTF8.self).contains("'shape': (4, 11, 3)"))
        let stops = try String(contentsOf: a.appendingPathComponent("stops.csv"), encoding: .utf8).split(separator: "\n")
        #expect(stops.count == 1 + 4 * 11 && stops[11].hasPrefix("0,0,30,950,"))
        // --replay reruns it on the same scale: the rows are the same bytes.
        let r2 = try MatrixCommandTests.run(["tune", "--replay", a.appendingPathComponent("summary.json").path, "--out", b.path, "--no-plugins"])
        #expect(r2.status == 0, "\(r2.err)")
        for f in ["rows.csv", "stops.npy"] {
            #expect(try Data(contentsOf: a.appendingPathComponent(f)) == Data(contentsOf: b.appendingPathComponent(f)), "\(f) differs")
        }
        // The scale is part of the record: --replay refuses to change it.
        let r3 = try MatrixCommandTests.run(["tune", "--replay", a.appendingPathComponent("summary.json").path, "--scale", "radix"])
        #expect(r3.status == 2 && r3.err.contains("--scale"))
    }

    @Test func unknownScaleIsAnErrorWithASuggestion() throws {
        let r = try MatrixCommandTests.run(["tune", "--scale", "tailwnd", "--hues", "0", "--no-plugins"])
        #expect(r.status == 2)
        #expect(r.err.contains("--scale: scale 'tailwnd' is not a scale (did you mean 'tailwind'?)"), "\(r.err)")
        // A per-stop column of another scale is refused on this one.
        let r2 = try MatrixCommandTests.run(["tune", "--scale", "radix", "--metrics", "wcag_white_450", "--hues", "0", "--no-plugins"])
        #expect(r2.status == 2 && r2.err.contains("wcag_white_450"), "\(r2.err)")
    }

    @Test func luaSweepTakesAScale() throws {
        let dir = try TuneCommandTests.tempDir("scale-lua")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.lua")
        try """
        local hb = require "huebench"
        local r = hb.sweep{ scale = "radix", generator = "contrast-targets", hues = {0}, metrics = {"chroma_stops"}, objective = "chroma_12" }
        print(#r.columns, r.columns[3], r.columns[#r.columns])
        local ok, err = pcall(hb.sweep, { scale = "radx", hues = {0} })
        print(ok, err:find("radix", 1, true) ~= nil)
        """.write(to: script, atomically: true, encoding: .utf8)
        let r = try MatrixCommandTests.run(["run", script.path, "--no-plugins"])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.first == "14\tchroma_1\tchroma_12")
        #expect(lines.last == "false\ttrue")
    }
}
