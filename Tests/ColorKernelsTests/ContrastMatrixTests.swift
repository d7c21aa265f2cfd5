import ColorCore
import Foundation
import Testing
@testable import ColorKernels

struct ContrastMatrixTests {
    static func randomSRGB(_ n: Int, seed: UInt64) -> ColorBuffer {
        var state = seed
        var v: [Double] = []
        for _ in 0..<(3 * n) {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            v.append(Double((z ^ (z >> 31)) >> 11) * 0x1p-53)
        }
        return try! ColorBuffer(interleaved: v, space: .srgb)
    }

    @Test(arguments: MatrixMethod.allCases)
    func matchesReference(_ method: MatrixMethod) throws {
        let text = Self.randomSRGB(37, seed: 7), bg = Self.randomSRGB(53, seed: 8)
        let m = try ContrastMatrix(method: method, text: text, background: bg)
        var out = [Float](repeating: 0, count: 37 * 53)
        out.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 2) }
        let wb = Workbench.standard
        var worst = 0.0
        for i in 0..<37 { for j in 0..<53 {
            let t = text.color(i), b = bg.color(j)
            let ref: Double
            switch method {
            case .wcag21: ref = try wb.contrast(text: t, background: b, method: "wcag21")
            case .apca: ref = try wb.contrast(text: t, background: b, method: "apca")
            case .deltaEOK: ref = try wb.deltaE(t, b, method: "ok")
            }
            worst = max(worst, abs(Double(out[i * 53 + j]) - ref) / max(1, abs(ref)))
        } }
        #expect(worst < 2e-5, "\(method): worst error \(worst)")
    }

    @Test func knownValues() throws {
        let bw = try ColorBuffer([Color(.srgb, 0, 0, 0), Color(.srgb, 1, 1, 1)], space: .srgb)
        let m = try ContrastMatrix(method: .wcag21, text: bw, background: bw)
        var out = [Float](repeating: 0, count: 4)
        out.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 1) }
        #expect(out == [1, 21, 21, 1])
        // APCA reference: black text on white Lc 106.04067, white on black −107.88473 (apca-w3 0.1.9).
        let a = try ContrastMatrix(method: .apca, text: bw, background: bw)
        out.withUnsafeMutableBufferPointer { a.compute(into: $0, threads: 1) }
        #expect(abs(out[1] - 106.04067) < 1e-3 && abs(out[2] + 107.88473) < 1e-3 && out[0] == 0)
    }

    @Test func streamedSummaryAgreesWithWholeMatrix() throws {
        let c = Self.randomSRGB(300, seed: 9)
        let m = try ContrastMatrix(method: .apca, text: c)
        var whole = [Float](repeating: 0, count: 300 * 300)
        whole.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 2) }
        var streamed: [Float] = []
        let s = try m.run(worst: 5, threads: 2, blockBytes: 300 * 4 * 7) { p, n in
            streamed += UnsafeBufferPointer(start: p, count: n * 300)
        }
        #expect(streamed == whole)
        #expect(s.pairs == 300 * 299)
        var count60 = 0, lowest: [(Float, Int, Int)] = []
        for i in 0..<300 { for j in 0..<300 where i != j {
            let v = whole[i * 300 + j]
            if abs(v) >= 60 { count60 += 1 }
            lowest.append((abs(v), i, j))
        } }
        #expect(s.counts[1] == count60)
        lowest.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
        #expect(s.worst.map { [$0.row, $0.column] } == lowest.prefix(5).map { [$0.1, $0.2] })
        let row7 = (0..<300).filter { $0 != 7 }.map { whole[7 * 300 + $0] }
        #expect(s.rowMin[7] == row7.min()! && s.rowMax[7] == row7.max()!)
    }

    @Test func npyFileHeaderAndValuesByteForByte() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hb-npy-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("m.npy").path
        let w = try MatrixWriter(path: path, rows: 2, columns: 3)
        let vals: [Float] = [1, 2.5, -3, 21, 0, 4.5]
        try vals.withUnsafeBufferPointer { try w.write(rows: $0.baseAddress!, count: 2) }
        #expect(!FileManager.default.fileExists(atPath: path), "nothing at the path until finish()")
        try w.finish()
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"
        var header: [UInt8] = [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59, 0x01, 0x00, 0x76, 0x00] + Array(dict.utf8)
        header += [UInt8](repeating: 0x20, count: 128 - 1 - header.count) + [0x0A]
        #expect(Array(data.prefix(128)) == header)
        #expect(data.count == 128 + 24)
        // 2.5 = 0x40200000 little-endian; 21 = 0x41A80000
        #expect(Array(data[132..<136]) == [0x00, 0x00, 0x20, 0x40])
        #expect(Array(data[140..<144]) == [0x00, 0x00, 0xA8, 0x41])
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(left == ["m.npy"], "no temp file left behind")
    }

    @Test func csvAndAbandon() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hb-csv-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("m.csv").path
        let w = try MatrixWriter(path: path, rows: 1, columns: 2)
        try [Float(1.5), 21].withUnsafeBufferPointer { try w.write(rows: $0.baseAddress!, count: 1) }
        try w.finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "1.5,21.0\n")
        let w2 = try MatrixWriter(path: dir.appendingPathComponent("x.f32").path, rows: 1, columns: 1)
        w2.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["m.csv"])
        #expect(throws: ColorKernelsError.self) { try MatrixWriter(path: dir.appendingPathComponent("x.txt").path, rows: 1, columns: 1) }
    }

    @Test func cssLinesWithErrorsNameTheLine() throws {
        let r = try ColorBuffer.parsingCSS(["#fff", "", "oklch(0.5 0.1 200)"], source: "a.txt")
        #expect(r.buffer.count == 2 && r.lineNumbers == [1, 3] && r.buffer.space == .srgb)
        #expect(throws: ColorKernelsError.self) { try ColorBuffer.parsingCSS(["red", "bogus"], source: "a.txt") }
        do { _ = try ColorBuffer.parsingCSS(["red", "bogus"], source: "a.txt") } catch {
            #expect("\(error)".hasPrefix("a.txt:2: "))
        }
    }
}
