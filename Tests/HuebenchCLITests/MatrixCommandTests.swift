import Foundation
import Testing

/// Runs the built `huebench` binary (next to the test bundle) on small inputs.
struct MatrixCommandTests {
    static var binary: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("huebench").path) && dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("huebench")
    }

    static func run(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        let o = Pipe(), e = Pipe()
        p.standardOutput = o; p.standardError = e
        try p.run()
        let out = o.fileHandleForReading.readDataToEndOfFile(), err = e.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
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
        #expect(u.status == 2 && u.err.contains("wcag21, apca, deltae-ok"))
    }
}
