#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line longer than the reader's limit: reading stops there (an input such as `/dev/zero` or a binary file
/// would otherwise be buffered without end).
public struct LineTooLongError: Error, CustomStringConvertible, Sendable {
    public let line: Int
    public let limit: Int
    public let source: String
    public var description: String {
        "\(source): line \(line) is longer than \(limit) bytes (the line limit) — is this the right input? Colors are read one per line"
    }
}

/// A read failure of the underlying file descriptor.
public struct LineReadError: Error, CustomStringConvertible, Sendable {
    public let source: String
    public let reason: String
    public var description: String { "cannot read \(source): \(reason)" }
}

/// Reads a file descriptor in blocks and hands out batches of whole lines, in order, without copying them one
/// by one. A line ends at `\n`; the `\n` and up to two `\r` before it are not part of the line (CRLF files
/// read as LF files). A last line without `\n` is still a line.
///
/// Blocks are read straight into `data`, and a batch's lines are byte ranges in it; `handOff` gives the bytes of
/// a batch to a caller that keeps them (a pipeline computing one batch while the next is read) without copying
/// them.
///
/// Memory stays bounded: a batch holds at most `maxLines` lines and whatever one block read brought in, and a
/// line may be at most `maxLineBytes` long (default 1 MiB, `defaultMaxLineBytes`); a longer one throws
/// `LineTooLongError` naming its 1-based number — after the lines before it were handed out (the batch that
/// reaches it ends just before it; the next call throws).
public final class LineBlockReader {
    public static let defaultMaxLineBytes = 1 << 20
    public let maxLineBytes: Int
    public let blockBytes: Int
    public let source: String
    private let fd: Int32
    // One owner reads a reader at a time; the run-time exclusivity checks of a class's stored properties would
    // cost more per line than finding the line.
    /// The bytes the current batch's lines index into. Only the ranges in `lines` are this batch's input: bytes
    /// before them were handed out already, bytes after them were read ahead for the next batch (or are unused).
    @exclusivity(unchecked) public private(set) var data: [UInt8] = []
    /// The lines of the current batch: byte ranges in `data`.
    @exclusivity(unchecked) public private(set) var lines: [Range<Int>] = []
    /// The 1-based number of `lines[0]`.
    @exclusivity(unchecked) public private(set) var firstLineNumber = 1
    /// `data[consumed..<filled]`: bytes read and not handed out yet.
    @exclusivity(unchecked) private var consumed = 0
    @exclusivity(unchecked) private var filled = 0
    @exclusivity(unchecked) private var atEOF = false
    @exclusivity(unchecked) private var nextLineNumber = 1
    /// A line over the limit found after the lines of the batch handed out last: thrown by the next call.
    @exclusivity(unchecked) private var pendingError: LineTooLongError? = nil

    /// - Parameters:
    ///   - fd: an open, readable descriptor (not closed by the reader).
    ///   - source: what to call the input in errors (`standard input`, a file name).
    ///   - prefix: bytes already read from `fd` (a caller that looked at the start of the input), read first.
    public init(fd: Int32, source: String = "standard input", maxLineBytes: Int = LineBlockReader.defaultMaxLineBytes,
                blockBytes: Int = 1 << 20, prefix: [UInt8] = []) {
        precondition(maxLineBytes > 0 && blockBytes > 0, "LineBlockReader: limits must be positive")
        self.fd = fd
        self.data = prefix
        self.filled = prefix.count
        self.source = source
        self.maxLineBytes = maxLineBytes
        self.blockBytes = blockBytes
    }

    /// Reads the next batch of up to `maxLines` lines into `lines`; false at the end of the input.
    /// - Throws: `LineTooLongError`, `LineReadError`.
    public func nextBatch(maxLines: Int) throws -> Bool {
        // The bytes not handed out yet move to the front when the next block would not fit after them.
        if consumed > 0 && data.count - filled < blockBytes {
            let rest = filled - consumed
            if rest > 0 {
                data.withUnsafeMutableBytes { d in
                    let base = d.baseAddress!
                    _ = memmove(base, base + consumed, rest)
                }
            }
            filled = rest; consumed = 0
        }
        lines.removeAll(keepingCapacity: true)
        firstLineNumber = nextLineNumber
        if let e = pendingError { throw e }
        var lineStart = consumed, scan = consumed, readThisCall = 0
        while lines.count < maxLines {
            let end = filled
            let found: Int? = data.withUnsafeBufferPointer { p -> Int? in
                guard scan < end, let base = p.baseAddress,
                      let hit = memchr(base + scan, 0x0A, end - scan) else { return nil }
                return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            if let nl = found {
                if nl - lineStart > maxLineBytes {
                    if try tooLong() { break }
                }
                var end = nl
                if end > lineStart && data[end - 1] == 0x0D { end -= 1 }
                if end > lineStart && data[end - 1] == 0x0D { end -= 1 }
                lines.append(lineStart..<end)
                lineStart = nl + 1; scan = lineStart
                continue
            }
            scan = filled
            if filled - lineStart > maxLineBytes {
                if try tooLong() { break }
            }
            if atEOF {
                if lineStart < filled {
                    var end = filled
                    if end > lineStart && data[end - 1] == 0x0D { end -= 1 }
                    if end > lineStart && data[end - 1] == 0x0D { end -= 1 }
                    lines.append(lineStart..<end)
                    lineStart = filled
                }
                break
            }
            // Enough for one batch already: hand it out before reading more.
            if !lines.isEmpty && readThisCall >= blockBytes { break }
            let n = try readBlock()
            readThisCall += n
        }
        consumed = lineStart
        nextLineNumber += lines.count
        return !lines.isEmpty
    }

    /// Gives the current batch to the caller without copying it: `buffer` receives `data` and `ranges` receives
    /// `lines` (the ranges index into the buffer), and the reader continues in the storage the two held before,
    /// into which it copies the bytes it read past the batch. Call between `nextBatch` calls.
    public func handOff(data buffer: inout [UInt8], lines ranges: inout [Range<Int>]) {
        swap(&buffer, &data)
        swap(&ranges, &lines)
        let rest = filled - consumed
        if data.count < rest + blockBytes {
            data.removeAll(keepingCapacity: true)
            data.append(contentsOf: repeatElement(0, count: rest + blockBytes))
        }
        if rest > 0 {
            buffer.withUnsafeBytes { from in
                data.withUnsafeMutableBytes { to in _ = memcpy(to.baseAddress!, from.baseAddress! + consumed, rest) }
            }
        }
        filled = rest; consumed = 0
    }

    /// The line after `lines` is over the limit: with lines in this batch, keep the error for the next call and
    /// return true (end the batch here); without, throw it now.
    private func tooLong() throws -> Bool {
        let e = LineTooLongError(line: nextLineNumber + lines.count, limit: maxLineBytes, source: source)
        if lines.isEmpty { pendingError = e; throw e }
        pendingError = e
        return true
    }

    /// Reads up to one block into `data` after the bytes read so far (growing it when there is no room).
    private func readBlock() throws -> Int {
        if data.count - filled < blockBytes {
            data.append(contentsOf: repeatElement(0, count: filled + blockBytes - data.count))
        }
        while true {
            let at = filled, want = blockBytes
            let n = data.withUnsafeMutableBytes { read(fd, $0.baseAddress! + at, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw LineReadError(source: source, reason: String(cString: strerror(errno)))
            }
            if n == 0 { atEOF = true; return 0 }
            filled += n
            return n
        }
    }
}
