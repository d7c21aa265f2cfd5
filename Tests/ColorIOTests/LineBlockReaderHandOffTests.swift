import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ColorIO

/// `LineBlockReader.handOff` gives a batch's bytes away without copying them: the ranges index into the handed
/// buffer, and the reader goes on from the bytes it read past the batch.
@Suite struct LineBlockReaderHandOffTests {
    /// Lines of 0…20 bytes, some blank, every fifth ending in CR (CRLF in the input).
    static func lines(_ n: Int) -> [String] {
        (0..<n).map { k in k % 7 == 3 ? "" : "line \(k) " + String(repeating: "x", count: k % 13) }
    }

    @Test func handedOffBatchesHoldEveryLineInOrder() throws {
        let want = Self.lines(500)
        var bytes: [UInt8] = []
        for (k, line) in want.enumerated() {
            if k > 0 { bytes += k % 5 == 0 ? [0x0D, 0x0A] : [0x0A] }
            bytes += Array(line.utf8)
        }
        for (block, batch) in [(7, 3), (64, 10), (4096, 1000), (1 << 20, 50)] {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
            close(fds[1])
            defer { close(fds[0]) }
            let r = LineBlockReader(fd: fds[0], blockBytes: block)
            var got: [String] = [], numbers: [Int] = []  // numbers: lines per batch
            // Two buffers taking turns, as the stream pipeline's slots do: each keeps its batch while the next is read.
            var buffers: [[UInt8]] = [[], []], ranges: [[Range<Int>]] = [[], []]
            var k = 0
            while try r.nextBatch(maxLines: batch) {
                #expect(r.firstLineNumber == got.count + 1, "block \(block), batch \(batch)")
                numbers.append(r.lines.count)
                r.handOff(data: &buffers[k % 2], lines: &ranges[k % 2])
                for range in ranges[k % 2] { got.append(String(decoding: buffers[k % 2][range], as: UTF8.self)) }
                k += 1
            }
            #expect(got == want, "block \(block), batch \(batch)")
            #expect(numbers.allSatisfy { $0 >= 1 && $0 <= batch }, "block \(block), batch \(batch)")
            if block == 1 << 20 { #expect(numbers.count == (want.count + batch - 1) / batch) }
        }
    }
}
