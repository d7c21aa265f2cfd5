import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ColorIO

/// `LineBlockReader.nextBlock` + `cutLines`: blocks of whole lines read in turn and cut by whoever computes
/// them give exactly the lines of the input (as the batch reader defines them), in order, at any block size.
@Suite struct LineBlockReaderBlockTests {
    /// The lines of `bytes` written out plainly: split at `\n`, a last piece without `\n` is a line when not
    /// empty, up to two `\r` dropped from the end of each line.
    static func reference(_ bytes: [UInt8]) -> [[UInt8]] {
        var pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        return pieces.map { p in
            var p = p
            for _ in 0..<2 where p.last == 0x0D { p.removeLast() }
            return p
        }
    }

    /// A pipe holding `bytes`, closed after them: written at once when they fit in the pipe's buffer (so a test
    /// may stop reading early), else by a thread (and then read to the end).
    static func pipeReading(_ bytes: [UInt8]) -> Int32 {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let w = fds[1]
        if bytes.count <= 32 << 10 {
            let n = bytes.withUnsafeBytes { write(w, $0.baseAddress, $0.count) }
            #expect(n == bytes.count)
            close(w)
            return fds[0]
        }
        Thread.detachNewThread {
            bytes.withUnsafeBytes { b in
                var at = 0
                while at < b.count {
                    let n = write(w, b.baseAddress! + at, b.count - at)
                    if n <= 0 { break }
                    at += n
                }
            }
            close(w)
        }
        return fds[0]
    }

    /// Reads every block and cuts it; returns the lines, the block count and how the last call ended.
    static func readAll(_ r: LineBlockReader, bytes: Int) throws -> (lines: [[UInt8]], blocks: Int, end: LineBlockReader.BlockEnd, whole: Bool) {
        var buffer: [UInt8] = [], ranges: [Range<Int>] = [], lines: [[UInt8]] = []
        var blocks = 0
        while true {
            let end = try r.nextBlock(into: &buffer, bytes: bytes)
            blocks += 1
            let whole = buffer.withUnsafeBufferPointer { LineBlockReader.cutLines($0, limit: r.maxLineBytes, into: &ranges) }
            for range in ranges { lines.append(Array(buffer[range])) }
            if end == .lines { #expect(buffer.last == 0x0A, "a block of lines ends after a newline") }
            if end != .lines || !whole { return (lines, blocks, end, whole) }
        }
    }

    static let edgeCases: [String] = [
        "", "\n", "\n\n\n", "red", "red\n", "red\r\r\n", "a\r\r\r\nb", "\r\n", "\r", "a\r", "a\r\r", "x\u{0}y\nz",
        "#fff\r\n\nred\noklch(0.5 0.1 200)\r\nlast", "é\u{8A}\n\u{0B}\n", String(repeating: "ab\n", count: 5000),
    ]

    @Test func blocksHoldEveryLineInOrder() throws {
        for text in Self.edgeCases {
            let bytes = Array(text.utf8)
            for size in [1, 2, 3, 7, 64, 4096, 1 << 16] {
                let fd = Self.pipeReading(bytes)
                defer { close(fd) }
                let got = try Self.readAll(LineBlockReader(fd: fd), bytes: size)
                #expect(got.end == .end && got.whole, "\(text.debugDescription) size \(size)")
                #expect(got.lines == Self.reference(bytes), "\(text.debugDescription) size \(size)")
            }
        }
    }

    /// Many lines of every length 0…40 (CRLF on some), read in small and large blocks: the lines equal the
    /// batch reader's, and a block of 16 KiB holds whole lines only.
    @Test func blocksAgreeWithTheBatchReader() throws {
        var bytes: [UInt8] = []
        for k in 0..<30_000 {
            bytes += Array(String(repeating: "x", count: k % 41).utf8)
            bytes += k % 9 == 4 ? [0x0D, 0x0A] : [0x0A]
        }
        let fd0 = Self.pipeReading(bytes)
        defer { close(fd0) }
        let batches = LineBlockReader(fd: fd0)
        var want: [[UInt8]] = []
        while try batches.nextBatch(maxLines: 1000) { want += batches.lines.map { Array(batches.data[$0]) } }
        #expect(want == Self.reference(bytes))
        for size in [100, 16 << 10] {
            let fd = Self.pipeReading(bytes)
            defer { close(fd) }
            let got = try Self.readAll(LineBlockReader(fd: fd), bytes: size)
            #expect(got.lines == want, "size \(size)")
            #expect(got.blocks > 1, "size \(size)")
        }
    }

    /// Bytes the caller read before (a prefix) come first.
    @Test func aPrefixIsReadFirst() throws {
        let fd = Self.pipeReading(Array("c\nd".utf8))
        defer { close(fd) }
        let got = try Self.readAll(LineBlockReader(fd: fd, prefix: Array("a\nb".utf8)), bytes: 3)
        #expect(got.lines.map { String(decoding: $0, as: UTF8.self) } == ["a", "bc", "d"])
    }

    /// A line over the limit: inside a block, `cutLines` stops before it; without its newline in sight,
    /// `nextBlock` says so once the bytes seen pass the limit (memory bounded); exactly the limit is a line.
    @Test func theLineLimit() throws {
        let limit = 64
        for size in [5, 64, 4096] {
            for (text, lines, ok) in [
                ("a\nb\n" + String(repeating: "x", count: 65) + "\nc\n", 2, false),
                ("a\nb\n" + String(repeating: "x", count: 65), 2, false),
                ("a\nb\n" + String(repeating: "x", count: 64) + "\r\n", 2, false),  // the \r counts until dropped
                ("a\nb\n" + String(repeating: "x", count: 64) + "\nc", 4, true),
                ("a\nb\n" + String(repeating: "x", count: 64), 3, true),
                ("a\nb\n" + String(repeating: "x", count: 300) + "\nc\n", 2, false),
            ] {
                let fd = Self.pipeReading(Array(text.utf8))
                defer { close(fd) }
                let got = try Self.readAll(LineBlockReader(fd: fd, maxLineBytes: limit), bytes: size)
                let stopped = got.end == .lineTooLong || !got.whole
                #expect(stopped == !ok && got.lines.count == lines, "size \(size): \(got.lines.count) lines, end \(got.end) whole \(got.whole)")
                #expect(got.lines.prefix(2).map { String(decoding: $0, as: UTF8.self) } == ["a", "b"])
            }
        }
        // An endless line (`/dev/zero`): the reader gives up past the limit, its buffer bounded.
        let fd = open("/dev/zero", O_RDONLY)
        defer { close(fd) }
        let r = LineBlockReader(fd: fd, maxLineBytes: 1 << 20)
        var buffer: [UInt8] = []
        #expect(try r.nextBlock(into: &buffer, bytes: 16 << 10) == .lineTooLong)
        #expect(buffer.isEmpty && buffer.capacity <= 3 << 20, "\(buffer.capacity)")
    }

    /// The bytes left in a regular file (so the last blocks can be read smaller); unknown for a pipe.
    @Test func bytesLeftInAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hb-left-\(UUID().uuidString)").path
        try Data(String(repeating: "#123456\n", count: 1000).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let r = LineBlockReader(fd: fd)
        #expect(r.bytesLeftInFile() == 8000)
        var buffer: [UInt8] = []
        #expect(try r.nextBlock(into: &buffer, bytes: 1000) == .lines)
        #expect(r.blockBytesRead == 1000 && buffer.count == 1000 && r.bytesLeftInFile() == 7000)
        let p = Self.pipeReading(Array("a\n".utf8))
        defer { close(p) }
        #expect(LineBlockReader(fd: p).bytesLeftInFile() == nil)
    }

    @Test func aReadErrorIsThrown() throws {
        let fd = open("/", O_RDONLY)  // a folder: read(2) fails
        defer { close(fd) }
        var buffer: [UInt8] = []
        do {
            _ = try LineBlockReader(fd: fd, source: "the folder").nextBlock(into: &buffer, bytes: 16)
            Issue.record("no error reading a folder")
        } catch let e as LineReadError {
            #expect(e.description.hasPrefix("cannot read the folder: "))
        }
    }
}
