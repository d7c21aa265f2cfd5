import Foundation
import ColorCore
import ColorExport
import Testing

/// Runs the built `huebench` binary (next to the test bundle) on small inputs.
struct MatrixCommandTests {
    static func run(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        let r = try CLI.run(args)
        return (r.status, r.stdout, r.stderr)
    }

    @Test func writesNpyCheckedByteForByte() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hb-matrix-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("text.txt"), bg = dir.appendingPathComponent("bg.txt")
        try "#000000\n#ffffff\nrgb(119 119 119)\n".write(to: text, atomically: true, encoding: .utf8)
        try "white\nblack\n".write(to: bg, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("m.npy")
        let r = try Self.run(["matrix", "--method", "wcag21", "--text", text.path, "--background", bg.path, "--out", out.path, "--json"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("\"rows\": 3, \"columns\": 2"))
        let data = try [UInt8](Data(contentsOf: out))
        let dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 2), }"
        let prefix: [UInt8] = [0x93] + Array("NUMPY".utf8) + [1, 0, 0x76, 0] + Array(dict.utf8)
        #expect(Array(data.prefix(prefix.count)) == prefix)
        #expect(data[127] == 0x0A && data.count == 128 + 6 * 4)
        func f(_ k: Int) -> Float { Float(bitPattern: UInt32(data[128 + 4 * k]) | UInt32(data[129 + 4 * k]) << 8 | UInt32(data[130 + 4 * k]) << 16 | UInt32(data[131 + 4 * k]) << 24) }
        #expect(f(0) == 21 && f(1) == 1 && f(2) == 1 && f(3) == 21)
        // #777 on white: 4.4780 (WCAG 2 reference value for #777777 on #ffffff: 4.48)
        #expect(abs(f(4) - 4.478) < 1e-3)
        // Extra check when numpy is installed: numpy.load reads the same shape and values.
        let py = Process()
        py.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        py.arguments = ["python3", "-c", "import numpy, sys; m = numpy.load(sys.argv[1]); assert m.shape == (3, 2) and m.dtype == numpy.float32 and m[0, 0] == 21 and abs(m[2, 0] - 4.478) < 1e-3; print('ok')", out.path]
        let po = Pipe(); py.standardOutput = po; py.standardError = Pipe()
        if (try? py.run()) != nil {
            py.waitUntilExit()
            let said = String(decoding: po.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if py.terminationStatus == 0 { #expect(said.contains("ok")) }  // nonzero: numpy absent, skipped
        }
    }

    @Test func badLineNamesFileAndLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hb-matrix-bad-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("t.txt")
        try "red\n\nnot-a-color\n".write(to: text, atomically: true, encoding: .utf8)
        let r = try Self.run(["matrix", "--method", "apca", "--text", text.path, "--out", dir.appendingPathComponent("x.npy").path])
        #expect(r.status == 1)
        #expect(r.err.contains("t.txt:3:"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.npy").path))
        let u = try Self.run(["matrix", "--method", "nope", "--text", text.path])
        #expect(u.status == 2 && u.err.contains("wcag21, apca, lstar") && u.err.contains("deltae-ok"))
    }
}

/// `huebench matrix … --out heatmap.png|svg`: the heatmap picture of a matrix, checked pixel by pixel.
struct MatrixHeatmapCommandTests {
    @Test func pngHeatmapCellsCarryTheirBands() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hb-heat-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("c.txt")
        // black on white 21:1 (≥ 7), #777 on white 4.48:1 (≥ 3), white on white 1:1 (< 3)
        try "#000\n#777\n#fff\n".write(to: text, atomically: true, encoding: .utf8)
        let png = dir.appendingPathComponent("heat.png")
        let r = try MatrixCommandTests.run(["matrix", "--method", "wcag21", "--text", text.path, "--out", png.path])
        #expect(r.status == 0, "\(r.err)")
        let image = try PNG.decode([UInt8](Data(contentsOf: png)))
        // Layout of MatrixHeatmap.scene: margin 16, top 56, swatch axis = cell + 4; 3 cells → cell 24.
        func pixel(row: Int, column: Int) -> [UInt8] {
            let x = 16 + 28 + column * 24 + 12, y = 56 + 28 + row * 24 + 12
            let i = (y * image.width + x) * 4
            return Array(image.pixels[i..<i + 3])
        }
        #expect(pixel(row: 0, column: 2) == [30, 130, 60], "black text on white: ≥ 7 band")
        #expect(pixel(row: 1, column: 2) == [240, 196, 64], "#777 on white: ≥ 3 band")
        #expect(pixel(row: 0, column: 0) == [222, 76, 64], "black on black 1:1: < 3 band")
        // the text swatch of row 1 is #777
        let sx = 16 + 12, sy = 56 + 28 + 24 + 12, si = (sy * image.width + sx) * 4
        #expect(Array(image.pixels[si..<si + 3]) == [0x77, 0x77, 0x77])

        let svg = dir.appendingPathComponent("heat.svg")
        #expect(try MatrixCommandTests.run(["matrix", "--method", "apca", "--text", text.path, "--out", svg.path]).status == 0)
        let svgText = try String(contentsOf: svg, encoding: .utf8)
        #expect(svgText.contains("<svg"))
        // Real type: a mixed-case title and subtitle, the legend with ≥.
        #expect(svgText.contains(">apca contrast matrix</text>") && svgText.contains(">Rows: text ("), "\(svgText.prefix(1200))")
        #expect(svgText.contains(">APCA |Lc| &lt; 45</text>") && svgText.contains(">APCA |Lc| ≥ 45</text>") && svgText.contains(">≥ 60</text>"))
    }
}

/// `huebench matrix` takes every registered contrast and ΔE method (the same set as `hb.matrix`), composites
/// translucent colors, and counts thresholds exactly.
struct MatrixMethodCommandTests {
    static func files(_ name: String, text: String, background: String) throws -> (URL, URL, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hb-mm-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let t = dir.appendingPathComponent("t.txt"), b = dir.appendingPathComponent("b.txt")
        try text.write(to: t, atomically: true, encoding: .utf8)
        try background.write(to: b, atomically: true, encoding: .utf8)
        return (dir, t, b)
    }

    /// Every name the registry gives a matrix method (contrast ids, deltae-<id>, bare ΔE ids): the same set
    /// `hb.matrix` takes (ColorScriptTests' `everyMatrixMethodRuns` runs the same list through Lua).
    @Test(arguments: Workbench.standard.pairMethodNames)
    func everyRegisteredMethodRuns(_ name: String) throws {
        let id = try Workbench.standard.pairMethod(name).id
        let (dir, t, b) = try Self.files(name, text: "#000\n#777\nrebeccapurple\n", background: "white\n#336699\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try MatrixCommandTests.run(["matrix", "--method", name, "--text", t.path, "--background", b.path, "--json"])
        #expect(r.status == 0, "\(name): \(r.err)")
        #expect(r.out.contains("\"method\": \"\(id)\"") && r.out.contains("\"pairs\": 6"))
    }

    @Test func translucentTextIsComposited() throws {
        let (dir, t, b) = try Self.files("alpha", text: "#00000080\n", background: "white\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try MatrixCommandTests.run(["matrix", "--method", "wcag21", "--text", t.path, "--background", b.path])
        let c = try MatrixCommandTests.run(["contrast", "#00000080", "white"])
        #expect(r.status == 0 && c.status == 0, "\(r.err) \(c.err)")
        #expect(r.out.contains("range: 4.004 … 4.004"), "\(r.out)")
        #expect(c.out.contains("4.00  #00000080 on white"), "\(c.out)")
        let i = try MatrixCommandTests.run(["matrix", "--method", "wcag21", "--text", t.path, "--background", b.path, "--alpha", "ignore"])
        #expect(i.out.contains("range: 21 … 21"), "\(i.out)")
        let bad = try MatrixCommandTests.run(["matrix", "--method", "wcag21", "--text", t.path, "--alpha", "over"])
        #expect(bad.status == 2 && bad.err.contains("composite, ignore"))
    }

    /// `--threshold` is repeatable; a value already among the method's defaults is counted once. #777 on white
    /// is 4.478:1 (WCAG 2.1), so it passes 4.4 and 3 but not 4.5.
    @Test func thresholdsRepeatAndAreNotDuplicated() throws {
        let (dir, t, b) = try Self.files("thresholds", text: "#000\n#777\n", background: "white\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try MatrixCommandTests.run(["matrix", "--method", "wcag21", "--text", t.path, "--background", b.path,
                                            "--threshold", "4.5", "--threshold", "4.4", "--json"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains(#""counts": [{"threshold": 3, "pairs": 2}, {"threshold": 4.5, "pairs": 1}, {"threshold": 7, "pairs": 1}, {"threshold": 4.4, "pairs": 2}]"#), "\(r.out)")
        let bad = try MatrixCommandTests.run(["matrix", "--method", "wcag21", "--text", t.path, "--threshold", "4.4", "--threshold", "nan"])
        #expect(bad.status == 2 && bad.err.contains("--threshold needs a number, got 'nan'"), "\(bad.err)")
    }
}
