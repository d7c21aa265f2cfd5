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
    public init(line: Int, limit: Int, source: String) {
        self.line = line
        self.limit = limit
        self.source = source
    }
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
        // `lines` is sized ahead (up to 65,536 more at a time) and filled through a pointer; the unused end is cut
        // off on every exit.
        var count = 0
        defer { lines.removeLast(lines.count - count) }
        var lineStart = consumed, scan = consumed, readThisCall = 0
        while count < maxLines {
            if count == lines.count { lines.append(contentsOf: repeatElement(0..<0, count: Swift.min(maxLines - count, 1 << 16))) }
            let end = filled, limit = maxLineBytes, room = lines.count
            let overLimit = data.withUnsafeBufferPointer { d in
                lines.withUnsafeMutableBufferPointer { l in
                    guard let d = d.baseAddress, let l = l.baseAddress else { return false }
                    return Self.cut(d, end, l, &count, room, &lineStart, &scan, limit)
                }
            }
            if overLimit {
                if try tooLong(count) { break }
            }
            if count == maxLines { break }
            if count == room { continue }  // more lines may follow in the bytes read: make room first
            if filled - lineStart > maxLineBytes {
                if try tooLong(count) { break }
            }
            if atEOF {
                if lineStart < filled {
                    var end = filled
                    if end > lineStart && data[end - 1] == 0x0D { end -= 1 }
                    if end > lineStart && data[end - 1] == 0x0D { end -= 1 }
                    lines[count] = lineStart..<end
                    count += 1
                    lineStart = filled
                }
                break
            }
            // Enough for one batch already: hand it out before reading more.
            if count > 0 && readThisCall >= blockBytes { break }
            let n = try readBlock()
            readThisCall += n
        }
        consumed = lineStart
        nextLineNumber += count
        return count > 0
    }

    /// Cuts the lines of `d[scan..<end]` (the current line starting at `lineStart`) into `lines[count...]`, up to
    /// `maxLines` in all: a `\n` is found eight bytes at a time, and up to two `\r` before it are dropped. Leaves
    /// `scan` where the search for the next `\n` goes on; returns true when the line ending at the next `\n` is
    /// longer than `limit` (then nothing more is cut).
    @inline(__always)
    static func cut(_ d: UnsafePointer<UInt8>, _ end: Int, _ lines: UnsafeMutablePointer<Range<Int>>, _ count: inout Int,
                    _ maxLines: Int, _ lineStart: inout Int, _ scan: inout Int, _ limit: Int) -> Bool {
        let raw = UnsafeRawPointer(d)
        let ones: UInt64 = 0x0101_0101_0101_0101, low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, high: UInt64 = 0x8080_8080_8080_8080
        var i = scan
        while count < maxLines {
            var nl = -1
            while i &+ 8 <= end {
                // Exactly the bytes that are zero after xor with newlines (no carry crosses a byte).
                let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ (ones &* 0x0A)
                let zero = ~(((x & low7) &+ low7) | x) & high
                if zero != 0 { nl = i &+ zero.trailingZeroBitCount &>> 3; break }
                i &+= 8
            }
            if nl < 0 {
                while i < end && d[i] != 0x0A { i &+= 1 }
                if i == end { scan = end; return false }
                nl = i
            }
            if nl &- lineStart > limit { scan = nl; return true }
            var e = nl
            if e > lineStart && d[e &- 1] == 0x0D { e &-= 1 }
            if e > lineStart && d[e &- 1] == 0x0D { e &-= 1 }
            lines[count] = lineStart..<e
            count &+= 1
            lineStart = nl &+ 1
            i = lineStart
        }
        scan = i
        return false
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

    /// The bytes `nextBlock` has read from the descriptor so far.
    @exclusivity(unchecked) public private(set) var blockBytesRead = 0

    /// The bytes left to read from the descriptor when it is a regular file (from its position to the end), else
    /// nil (a pipe, a terminal: unknown).
    public func bytesLeftInFile() -> Int? {
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG) else { return nil }
        let at = lseek(fd, 0, SEEK_CUR)
        guard at >= 0 else { return nil }
        return Swift.max(0, Int(st.st_size) - Int(at))
    }

    /// How `nextBlock` ended.
    public enum BlockEnd: Sendable, Equatable {
        /// The block holds whole lines (every one ending in `\n`, but for the last line of the input); more may follow.
        case lines
        /// The block holds the input's last bytes (possibly none).
        case end
        /// The line after the block's bytes is longer than `maxLineBytes` (seen without its end); the block is empty.
        case lineTooLong
    }

    /// Reads the next block of whole lines as raw bytes into `buffer` (replacing its contents) for the caller to
    /// cut (`cutLines`): at least one read of up to `bytes` bytes, ended after the last `\n` read (the bytes after
    /// it are kept for the next block). Where no `\n` was read yet, reading goes on until one comes, the input
    /// ends, or the line is over `maxLineBytes` (`.lineTooLong`: memory stays bounded, as for `nextBatch`).
    ///
    /// Several threads can take turns reading blocks (one at a time, in order) while others cut and compute the
    /// blocks read before. A reader is read either by blocks or by batches (`nextBatch`), not both: blocks count
    /// no lines (`firstLineNumber` stays 1).
    /// - Throws: `LineReadError`.
    public func nextBlock(into buffer: inout [UInt8], bytes: Int) throws -> BlockEnd {
        precondition(bytes > 0, "LineBlockReader.nextBlock: bytes must be positive")
        buffer.removeAll(keepingCapacity: true)
        // The bytes kept from the last read (the start of a line, or a prefix) come first.
        let kept = filled - consumed
        if kept > 0 { buffer.append(contentsOf: data[consumed..<filled]) }
        consumed = 0; filled = 0
        var searched = 0
        while true {
            if !atEOF {
                let have = buffer.count
                buffer.append(contentsOf: repeatElement(0, count: bytes))
                var n = 0
                while true {
                    n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + have, bytes) }
                    if n >= 0 || errno != EINTR { break }
                }
                if n < 0 {
                    let reason = String(cString: strerror(errno))
                    buffer.removeAll(keepingCapacity: true)
                    throw LineReadError(source: source, reason: reason)
                }
                buffer.removeLast(bytes - n)
                blockBytesRead += n
                if n == 0 { atEOF = true }
            }
            if atEOF { return .end }
            // The last newline of the bytes not searched yet (searching backwards: it is near the end).
            let last: Int = buffer.withUnsafeBufferPointer { b in
                var i = b.count
                while i > searched {
                    i &-= 1
                    if b[i] == 0x0A { return i }
                }
                return -1
            }
            if last >= 0 {
                let rest = buffer.count - (last + 1)
                if rest > 0 {
                    if data.count < rest { data.append(contentsOf: repeatElement(0, count: rest - data.count)) }
                    buffer.withUnsafeBytes { from in
                        data.withUnsafeMutableBytes { to in _ = memcpy(to.baseAddress!, from.baseAddress! + last + 1, rest) }
                    }
                    buffer.removeLast(rest)
                }
                filled = rest
                return .lines
            }
            searched = buffer.count
            if buffer.count > maxLineBytes {
                buffer.removeAll(keepingCapacity: true)
                return .lineTooLong
            }
        }
    }

    /// Cuts a block of whole lines (`nextBlock`) into byte ranges in it, appended to `lines` (whose contents are
    /// replaced): a `\n` ends a line and is not part of it, nor are up to two `\r` before it; bytes after the last
    /// `\n` are a last line. Returns false when a line is longer than `limit` (then `lines` holds the lines before it).
    public static func cutLines(_ block: UnsafeBufferPointer<UInt8>, limit: Int, into lines: inout [Range<Int>]) -> Bool {
        lines.removeAll(keepingCapacity: true)
        guard let d = block.baseAddress, block.count > 0 else { return true }
        let end = block.count
        var count = 0, lineStart = 0, scan = 0
        // `lines` is sized ahead (a line per 16 bytes, then more as needed) and filled through a pointer; the unused
        // end is cut off on every exit.
        defer { lines.removeLast(lines.count - count) }
        while true {
            if count == lines.count {
                lines.append(contentsOf: repeatElement(0..<0, count: Swift.max(64, Swift.min((end - scan) / 16 + 64, 1 << 16))))
            }
            let room = lines.count
            let over = lines.withUnsafeMutableBufferPointer { l in
                cut(d, end, l.baseAddress!, &count, room, &lineStart, &scan, limit)
            }
            if over { return false }
            if count < room { break }  // every \n found (else: out of room, go on)
        }
        if lineStart < end {
            if end - lineStart > limit { return false }
            if count == lines.count { lines.append(0..<0) }
            var e = end
            if e > lineStart && d[e - 1] == 0x0D { e -= 1 }
            if e > lineStart && d[e - 1] == 0x0D { e -= 1 }
            lines[count] = lineStart..<e
            count += 1
        }
        return true
    }

    /// The line after the `count` lines of this batch is over the limit: with lines in this batch, keep the error for the next call and
    /// return true (end the batch here); without, throw it now.
    private func tooLong(_ count: Int) throws -> Bool {
        let e = LineTooLongError(line: nextLineNumber + count, limit: maxLineBytes, source: source)
        if count == 0 { pendingError = e; throw e }
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
