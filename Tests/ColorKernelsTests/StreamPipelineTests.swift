import ColorCore
import ColorIO
import Foundation
import Testing
import HuebenchTestSupport
@testable import ColorKernels
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stream on one, two and three cores: the same bytes and messages in input order, line numbers right across
/// blocks, every line a row, the line limit and odd inputs handled alike.
@Suite struct StreamPipelineTests {
    struct Result {
        var out: [UInt8] = []
        var messages: [String] = []
        var error: Error? = nil
        var rows: [String] { String(decoding: out, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// Runs `s` over `bytes` (read from a file) on `threads` cores.
    static func run(_ s: ColorStream, _ bytes: [UInt8], threads: Int, limit: Int = LineBlockReader.defaultMaxLineBytes) throws -> Result {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hb-pipeline-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var r = Result()
        do {
            _ = try s.run(LineBlockReader(fd: fd, maxLineBytes: limit), threads: threads,
                          emit: { r.out.append(contentsOf: $0) }, message: { r.messages.append($0) })
        } catch { r.error = error }
        return r
    }

    /// The line number a message names (`line N: …`).
    static func number(_ message: String) -> Int? {
        guard message.hasPrefix("line "), let colon = message.firstIndex(of: ":") else { return nil }
        return Int(message[message.index(message.startIndex, offsetBy: 5)..<colon])
    }

    /// 40,000 lines (about 20 blocks) of colors, bad lines, blank lines, labels and CRLF endings: one, two and
    /// three cores give the same bytes and messages, each bad line's message names its own line, and row i is line i.
    @Test func threadCountsGiveTheSameBytesAndLineNumbers() throws {
        var g = SplitMix64(seed: 0x5171)
        var text = "", bad: [Int] = [], lines = 0
        for i in 1...40_000 {
            let line: String
            switch i % 1_237 {
            case 0: line = "nope \(i)"; bad.append(i)
            case 1: line = ""
            case 2: line = "brand\t#00b386"
            default: line = String(format: "#%06x", Int(g.next() % 0x1000000))
            }
            text += line + (i % 11 == 0 ? "\r\n" : "\n")
            lines += 1
        }
        let bytes = Array(text.utf8)
        #expect(bytes.count > 16 * ColorStream.blockBytes)
        for json in [false, true] {
            let s = try ColorStream(.convert(to: .oklch), json: json)
            let one = try Self.run(s, bytes, threads: 1)
            #expect(one.error == nil)
            if json {
                // JSON keeps a bad line's error in its row.
                #expect(one.messages.isEmpty && String(decoding: one.out, as: UTF8.self).contains("{\"input\":\"nope 1237\",\"error\":"))
            } else {
                #expect(one.messages.compactMap(Self.number) == bad)
                #expect(one.messages.first?.hasPrefix("line 1237: invalid color 'nope 1237'") == true, "\(one.messages.prefix(1))")
                let rows = one.rows
                #expect(rows.count == lines)
                for i in bad { #expect(rows[i - 1] == "error", "row \(i)") }
                #expect(rows[1_237].isEmpty && rows[1_238].hasPrefix("brand") && rows[1_239].hasPrefix("oklch"))
            }
            for threads in [2, 3] {
                let r = try Self.run(s, bytes, threads: threads)
                #expect(r.error == nil && r.out == one.out && r.messages == one.messages, "json=\(json) threads=\(threads)")
            }
        }
        // Pairs (contrast): the same on every core count, with the count of inputs outside sRGB.
        var pairs = ""
        for i in 0..<30_000 { pairs += i % 997 == 0 ? "bad\tline\n" : String(format: "#%06x\tcolor(srgb 1.%d 0 0)\n", i, i % 3) }
        var outputs: [Result] = [], counts: [Int] = []
        for threads in [1, 2, 3] {
            let s = try ColorStream(.contrast(method: "wcag21"), json: false)
            outputs.append(try Self.run(s, Array(pairs.utf8), threads: threads))
            counts.append(s.tally.outsideSRGB)
        }
        #expect(outputs[0].rows.count == 30_000 && outputs[0].messages.count == 31)
        #expect(outputs[0].messages.compactMap(Self.number) == stride(from: 1, to: 30_001, by: 997).map { $0 })
        #expect(outputs.allSatisfy { $0.out == outputs[0].out && $0.messages == outputs[0].messages })
        // Backgrounds `color(srgb 1.1 0 0)` and `color(srgb 1.2 0 0)` lie outside sRGB; the texts and 1.0 do not.
        let outside = (0..<30_000).filter { $0 % 997 != 0 && $0 % 3 != 0 }.count
        #expect(counts == [outside, outside, outside], "\(counts)")
    }

    /// A thread count far beyond any machine (Int.max, 10⁸) runs `ColorStream.maxThreads` threads at most: the
    /// same rows as one thread, no overflow and no blocks allocated per requested thread.
    @Test func hugeThreadCountsAreCapped() throws {
        var text = ""
        for i in 0..<5_000 { text += i % 101 == 0 ? "nope\n" : String(format: "#%06x\n", i * 3_331) }
        let one = try Self.run(try ColorStream(.convert(to: .oklch), json: false), Array(text.utf8), threads: 1)
        #expect(one.rows.count == 5_000 && one.messages.count == 50)
        for threads in [Int.max, 100_000_000] {
            let many = try Self.run(try ColorStream(.convert(to: .oklch), json: false), Array(text.utf8), threads: threads)
            #expect(many.error == nil && many.out == one.out && many.messages == one.messages, "threads \(threads)")
        }
        #expect(ColorStream.maxThreads == 256)
    }

    /// Odd inputs read alike on every core count: empty, one line without a newline, only newlines, `\r\r\n`,
    /// a NUL byte, a last line ending in `\r`.
    @Test(arguments: [1, 2, 3])
    func oddInputs(threads: Int) throws {
        let s = try ColorStream(.convert(to: .srgb), json: false)
        let red = try Self.run(s, Array("red\n".utf8), threads: 1)
        #expect(red.rows.count == 1 && red.rows[0].hasPrefix("srgb") && red.messages.isEmpty)
        let cases: [(String, [String], Int)] = [  // input, rows, messages
            ("", [], 0),
            ("red", [red.rows[0]], 0),
            ("\n\n\n", ["", "", ""], 0),
            ("red\r\r\n\r\n", [red.rows[0], ""], 0),
            ("red\r", [red.rows[0]], 0),
            ("re\u{0}d\nred", ["error", red.rows[0]], 1),
        ]
        for (input, rows, messages) in cases {
            let r = try Self.run(s, Array(input.utf8), threads: threads)
            #expect(r.error == nil && r.rows == rows && r.messages.count == messages, "\(input.debugDescription): \(r.rows) \(r.messages)")
            if messages > 0 { #expect(r.messages[0].hasPrefix("line 1: ")) }
        }
        // 100,000 blank lines: as many blank rows.
        let blank = try Self.run(s, [UInt8](repeating: 0x0A, count: 100_000), threads: threads)
        #expect(blank.error == nil && blank.out == [UInt8](repeating: 0x0A, count: 100_000))
    }

    /// A line over the 1 MiB limit starting exactly at a block boundary stops the stream, naming its line, after
    /// the rows of every line before it; a line of exactly the limit is a line (a bad one).
    @Test(arguments: [1, 2, 3])
    func aLongLineAtABlockBoundary(threads: Int) throws {
        let limit = LineBlockReader.defaultMaxLineBytes
        let head = String(repeating: "#12345a\n", count: ColorStream.blockBytes / 8)  // one block of 8-byte lines
        let s = try ColorStream(.convert(to: .oklch), json: false)
        let over = try Self.run(s, Array((head + String(repeating: "0", count: limit + 1) + "\nred\n").utf8), threads: threads)
        let e = try #require(over.error as? LineTooLongError)
        #expect(e.line == ColorStream.blockBytes / 8 + 1)
        #expect(over.rows.count == ColorStream.blockBytes / 8 && over.rows.allSatisfy { $0.hasPrefix("oklch") })
        let exact = try Self.run(s, Array((head + String(repeating: "0", count: limit) + "\nred\n").utf8), threads: threads)
        #expect(exact.error == nil && exact.rows.count == ColorStream.blockBytes / 8 + 2)
        #expect(exact.rows[ColorStream.blockBytes / 8] == "error" && exact.rows.last?.hasPrefix("oklch") == true)
        #expect(exact.messages.count == 1 && exact.messages[0].hasPrefix("line \(ColorStream.blockBytes / 8 + 1): "))
        // Without a newline after it, at the end of the input, too.
        let tail = try Self.run(s, Array((head + String(repeating: "0", count: limit + 1)).utf8), threads: threads)
        #expect((tail.error as? LineTooLongError)?.line == ColorStream.blockBytes / 8 + 1 && tail.rows.count == ColorStream.blockBytes / 8)
    }

    /// An endless line (`/dev/zero`) ends with `LineTooLongError` (the reader gives up at the limit).
    @Test func anEndlessLineStops() throws {
        let fd = open("/dev/zero", O_RDONLY)
        defer { close(fd) }
        var out = 0
        do {
            _ = try ColorStream(.parse, json: false).run(LineBlockReader(fd: fd), threads: 2, emit: { out += $0.count }, message: { _ in })
            Issue.record("no error")
        } catch let e as LineTooLongError {
            #expect(e.line == 1 && out == 0)
        }
    }
}
