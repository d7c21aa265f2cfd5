import ColorCore
import Foundation
import HuebenchTestSupport
import Testing

/// `huebench simulate` (CVD), `huebench matrix --cvd`, and plugin contrast / ΔE methods in `huebench matrix`.
struct SimulateAndPluginMethodTests {
    static func tempDir(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hb-sim-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Deuteranopia of pure red: Machado 2009 severity 1.0 row sums of the red column (0.367322, 0.280085,
    /// −0.011820 → clamped 0) in linear sRGB, encoded by the sRGB curve.
    @Test func simulatesMachadoDeuteranopia() throws {
        let r = try CLI.run(["simulate", "--cvd", "deutan", "--json", "red"])
        #expect(r.status == 0, "\(r.stderr)")
        let enc = { (v: Double) in v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055 }
        let want = [enc(0.367322), enc(0.280085), 0]
        let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let coords = obj["coords"] as! [Double]
        for k in 0..<3 { #expect(abs(coords[k] - want[k]) < 1e-6, "\(coords) vs \(want)") }
        #expect(obj["cvd"] as? String == "deutan" && obj["severity"] as? Double == 1)
        // Text mode, standard input, a bad line gets its message and exit 1; bad flags exit 2.
        let s = try CLI.run(["simulate", "--cvd", "achroma"], input: "#00ff00\nnot-a-color\n")
        #expect(s.status == 1 && s.stdout.hasPrefix("srgb ") && s.stderr.contains("line 2: invalid color 'not-a-color'"))
        let g = try CLI.run(["simulate", "--cvd", "green", "red"])
        #expect(g.status == 2 && g.stderr.contains("not one of protan, deutan, tritan, achroma"))
        let sev = try CLI.run(["simulate", "--cvd", "protan", "--severity", "1.5", "red"])
        #expect(sev.status == 2 && sev.stderr.contains("outside 0…1"))
        let h = try CLI.run(["simulate", "--help"])
        #expect(h.status == 0 && h.stdout.contains("Machado, Oliveira & Fernandes (2009)"))
    }

    static let plugin = "local hb = require \"huebench\"\n" + LuaScripts.pluginMethods

    /// A plugin in ./huebench-plugins registers a contrast and a ΔE method; `huebench matrix` runs both by name.
    @Test func pluginMethodsRunInTheMatrixCommand() throws {
        let dir = try Self.tempDir("plugin")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("huebench-plugins"), withIntermediateDirectories: true)
        try Self.plugin.write(to: dir.appendingPathComponent("huebench-plugins/methods.lua"), atomically: true, encoding: .utf8)
        try "#000\n#fff\n#808080\n".write(to: dir.appendingPathComponent("t.txt"), atomically: true, encoding: .utf8)
        try "white\nblack\n".write(to: dir.appendingPathComponent("b.txt"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["matrix", "--method", "luma-gap", "--text", "t.txt", "--background", "b.txt", "--json"], cwd: dir.path, xdg: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"counts\": [{\"threshold\": 0.5, \"pairs\": 3}]") && r.stdout.contains("\"max\": 1"), "\(r.stdout)")
        let d = try CLI.run(["matrix", "--method", "l-only", "--text", "t.txt", "--background", "b.txt", "--out", "m.csv"], cwd: dir.path, xdg: dir.path)
        #expect(d.status == 0 && d.stdout.contains("≥ 0.25: 4 pairs"), "\(d.stdout) \(d.stderr)")
        let csv = try String(contentsOf: dir.appendingPathComponent("m.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("text \\ background,white,black\n#000,1.0,0.0\n"), "\(csv)")
        let none = try CLI.run(["matrix", "--no-plugins", "--method", "luma-gap", "--text", "t.txt"], cwd: dir.path, xdg: dir.path)
        #expect(none.status == 2 && none.stderr.contains("'luma-gap' is not one of"))
    }

    /// `matrix --cvd achroma`: red becomes the gray of its luminance, so its ΔEOK to that gray is 0 (was 0.26).
    @Test func matrixAfterSimulation() throws {
        let dir = try Self.tempDir("cvd")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "red\n".write(to: dir.appendingPathComponent("t.txt"), atomically: true, encoding: .utf8)
        try "color(srgb-linear 0.2126390058715 0.2126390058715 0.2126390058715)\n".write(to: dir.appendingPathComponent("b.txt"), atomically: true, encoding: .utf8)
        func value(_ extra: [String]) throws -> Double {
            let r = try CLI.run(["matrix", "--no-plugins", "--method", "deltae-ok", "--text", "t.txt", "--background", "b.txt", "--json"] + extra,
                                cwd: dir.path, xdg: dir.path)
            #expect(r.status == 0, "\(r.stderr)")
            let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
            return obj["max"] as! Double
        }
        #expect(try value([]) > 0.2)
        #expect(try value(["--cvd", "achroma"]) < 1e-4)
        #expect(try value(["--cvd", "achroma", "--severity", "0"]) > 0.2)
        let bad = try CLI.run(["matrix", "--method", "wcag21", "--text", "t.txt", "--severity", "0.5"], cwd: dir.path, xdg: dir.path)
        #expect(bad.status == 2 && bad.stderr.contains("--severity needs --cvd"))
    }

    /// `matrix --pairs --cvd`: both colors of each pair are simulated, then compared; rows keep the colors as
    /// written. Values equal the library's simulation followed by the method.
    @Test func pairsAfterSimulation() throws {
        let dir = try Self.tempDir("cvd-pairs")
        defer { try? FileManager.default.removeItem(at: dir) }
        let gray = "color(srgb-linear 0.2126390058715 0.2126390058715 0.2126390058715)"
        try "red\t\(gray)\n#00b386\twhite\nrebeccapurple\t#ffd700\t4.5\n".write(to: dir.appendingPathComponent("p.tsv"), atomically: true, encoding: .utf8)
        func rows(_ method: String, _ extra: [String]) throws -> [[String: Any]] {
            let r = try CLI.run(["matrix", "--no-plugins", "--method", method, "--pairs", "p.tsv", "--json"] + extra, cwd: dir.path, xdg: dir.path)
            #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
            return try r.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        }
        // Achromatic vision: red and the gray of its luminance are the same color.
        #expect((try rows("deltae-ok", [])[0]["value"] as! Double) > 0.2)
        let achroma = try rows("deltae-ok", ["--cvd", "achroma"])
        #expect((achroma[0]["value"] as! Double) < 1e-4 && achroma[0]["text_css"] as? String == "red")
        // Deuteranopia at full and half severity: the same numbers as simulating, then measuring.
        let wb = Workbench.standard
        for severity in [1.0, 0.5] {
            let sim = try CVDSimulation(.deutan, severity: severity)
            let got = try rows("wcag21", ["--cvd", "deutan", "--severity", "\(severity)"])
            #expect(got.count == 3)
            for (k, (t, b)) in [("red", gray), ("#00b386", "white"), ("rebeccapurple", "#ffd700")].enumerated() {
                let want = try wb.contrast(text: try sim.simulate(try wb.parse(t), workbench: wb),
                                           background: try sim.simulate(try wb.parse(b), workbench: wb), method: "wcag21")
                let plain = try wb.contrast(text: try wb.parse(t), background: try wb.parse(b), method: "wcag21")
                #expect(abs((got[k]["value"] as! Double) - want) < 1e-9, "\(t) on \(b) at \(severity)")
                if k == 0 { #expect(abs(want - plain) > 0.1, "the simulation changes the red pair") }
            }
        }
        let r = try CLI.run(["matrix", "--no-plugins", "--method", "wcag21", "--pairs", "p.tsv", "--cvd", "protan"], cwd: dir.path, xdg: dir.path)
        #expect(r.stderr.contains("3 pairs as protan vision sees them (severity 1, --cvd)"), "\(r.stderr)")
    }
}
