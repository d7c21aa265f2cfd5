import ColorCore
import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorKernels

struct ContrastMatrixTests {
    static func randomSRGB(_ n: Int, seed: UInt64) -> ColorBuffer {
        var g = SplitMix64(seed: seed)
        var v: [Double] = []
        for _ in 0..<(3 * n) { v.append(g.unit()) }
        return try! ColorBuffer(interleaved: v, space: .srgb)
    }

    static func pm(_ id: String) -> PairMethod { try! Workbench.standard.pairMethod(id) }

    /// Every registered contrast and ΔE method (a new registry entry is covered automatically): the engine's
    /// matrix against `Workbench.contrast` / `Workbench.deltaE` on the same colors.
    @Test(arguments: Workbench.standard.pairMethodIDs)
    func matchesReference(_ id: String) throws {
        let method = Self.pm(id)
        let text = Self.randomSRGB(37, seed: 7), bg = Self.randomSRGB(53, seed: 8)
        let m = try ContrastMatrix(method: method, text: text, background: bg)
        var out = [Float](repeating: 0, count: 37 * 53)
        out.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 2) }
        let wb = Workbench.standard
        var worst = 0.0
        for i in 0..<37 { for j in 0..<53 {
            let t = text.color(i), b = bg.color(j)
            let ref = method.kind == .contrast ? try wb.contrast(text: t, background: b, method: id)
                : try wb.deltaE(t, b, method: String(id.dropFirst("deltae-".count)))
            worst = max(worst, abs(Double(out[i * 53 + j]) - ref) / max(1, abs(ref)))
        } }
        #expect(worst < 2e-5, "\(id): worst error \(worst)")
    }

    /// Threshold counts equal the Double path's, even for thresholds placed exactly on pair values (where the
    /// Float32 value lands on either side about half the time): every registered method.
    @Test(arguments: Workbench.standard.pairMethodIDs)
    func thresholdCountsAreExact(_ id: String) throws {
        let method = Self.pm(id)
        let text = Self.randomSRGB(61, seed: 21), bg = Self.randomSRGB(45, seed: 22)
        let m = try ContrastMatrix(method: method, text: text, background: bg)
        var refs: [Double] = []
        for i in 0..<61 { for j in 0..<45 { refs.append(abs(m.reference(i, j))) } }
        // Thresholds on the values of 12 pairs, plus their Float32 roundings and neighbours.
        var ths: [Double] = []
        for k in stride(from: 7, to: refs.count, by: refs.count / 12) {
            let v = refs[k]
            ths += [v, Double(Float(v)), v.nextUp, v.nextDown, Double(Float(v).nextUp)]
        }
        let s = try m.run(thresholds: ths, worst: 3, threads: 2, blockBytes: 45 * 4 * 5)
        #expect(s.rechecked >= 12, "\(id): the pairs on the thresholds are re-evaluated in Double")
        // Without the recheck, Float32 alone would miscount some of these thresholds.
        var floats = [Float](repeating: 0, count: 61 * 45)
        floats.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 1) }
        let naive = ths.map { th in floats.filter { abs($0) >= Float(th) }.count }
        let exactCounts = ths.map { th in refs.filter { $0 >= th }.count }
        if method.batch != nil { #expect(naive != exactCounts, "\(id): this case should need the recheck") }
        for (t, th) in ths.enumerated() {
            let exact = refs.filter { $0 >= th }.count
            #expect(s.counts[t] == exact, "\(id) threshold \(th): \(s.counts[t]) vs Double \(exact)")
        }
        var out = [Float](repeating: 0, count: 61 * 45)
        out.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 1) }
        let c = out.withUnsafeBufferPointer { m.count(atLeast: ths[0], values: $0.baseAddress!, firstRow: 0, rowCount: 61) }
        #expect(c == refs.filter { $0 >= ths[0] }.count)
    }

    /// Translucent text is composited over its background, a translucent background over the canvas, as
    /// `Workbench.contrast` does: #00000080 on white is 3.98…4.00, not 21; `.ignore` keeps the opaque value.
    @Test func translucentColorsAreComposited() throws {
        let wb = Workbench.standard
        let text = [try wb.parse("#00000080"), try wb.parse("#000")]
        let bg = [try wb.parse("white"), try wb.parse("rgb(0 0 0 / 0)")]
        let tb = try ColorBuffer(text, space: .srgb), bb = try ColorBuffer(bg, space: .srgb)
        for id in ["wcag21", "apca"] {
            let m = try ContrastMatrix(method: Self.pm(id), text: tb, background: bb, textColors: text, backgroundColors: bg)
            var out = [Float](repeating: 0, count: 4)
            out.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 1) }
            let expected = try wb.contrast(text: text[0], background: bg[0], method: id)
            #expect(abs(Double(out[0]) - expected) < 1e-4, "\(id): \(out[0]) vs \(expected)")
            // A fully transparent background is the white canvas: black text on it is black on white.
            let onWhite = try wb.contrast(text: text[1], background: Color(.srgb, 1, 1, 1), method: id)
            #expect(abs(Double(out[3]) - onWhite) < 1e-3)
        }
        let wcag = try ContrastMatrix(method: Self.pm("wcag21"), text: tb, background: bb, textColors: text, backgroundColors: bg)
        var out = [Float](repeating: 0, count: 4)
        out.withUnsafeMutableBufferPointer { wcag.compute(into: $0, threads: 1) }
        #expect(String(format: "%.2f", out[0]) == "4.00")  // as `huebench contrast` prints it
        let ignored = try ContrastMatrix(method: Self.pm("wcag21"), text: tb, background: bb, alpha: .ignore)
        out.withUnsafeMutableBufferPointer { ignored.compute(into: $0, threads: 1) }
        #expect(out[0] == 21)
    }

    @Test func knownValues() throws {
        let bw = try ColorBuffer([Color(.srgb, 0, 0, 0), Color(.srgb, 1, 1, 1)], space: .srgb)
        let m = try ContrastMatrix(method: Self.pm("wcag21"), text: bw, background: bw)
        var out = [Float](repeating: 0, count: 4)
        out.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 1) }
        #expect(out == [1, 21, 21, 1])
        // APCA reference: black text on white Lc 106.04067, white on black −107.88473 (apca-w3 0.1.9).
        let a = try ContrastMatrix(method: Self.pm("apca"), text: bw, background: bw)
        out.withUnsafeMutableBufferPointer { a.compute(into: $0, threads: 1) }
        #expect(abs(out[1] - 106.04067) < 1e-3 && abs(out[2] + 107.88473) < 1e-3 && out[0] == 0)
    }

    @Test func streamedSummaryAgreesWithWholeMatrix() throws {
        let c = Self.randomSRGB(300, seed: 9)
        let m = try ContrastMatrix(method: Self.pm("apca"), text: c)
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
        let e = #expect(throws: ColorKernelsError.self) { try ColorBuffer.parsingCSS(["red", "bogus"], source: "a.txt") }
        #expect(e.map { "\($0)" }?.hasPrefix("a.txt:2: ") == true)
    }
}
