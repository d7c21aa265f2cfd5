import ColorCore
import ColorIO
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes an N×M Float32 matrix row-block by row-block to a file, atomically (ColorIO's `AtomicFileWriter`):
/// the data goes to a temp file in the same folder, renamed over `path` by `finish()`; `abandon()` (or an error)
/// removes it. The target is never a folder, link, device, pipe or socket.
///
/// Formats by extension: `.npy` (NumPy format 1.0, `'<f4'`, C order, shape (N, M)), `.csv` (one row per line,
/// shortest round-trip Float text, comma separated), `.f32` (raw little-endian Float32, row-major, no header).
public final class MatrixWriter {
    public enum Format: String, Sendable, CaseIterable { case npy, csv, f32 }

    public let path: String
    public let format: Format
    public let rows: Int, columns: Int
    private let file: AtomicFileWriter
    private var rowsWritten = 0
    private var text: [UInt8] = []
    private var rowLabels: [String]? = nil

    /// The format for a path's extension, or nil.
    public static func format(for path: String) -> Format? {
        Format(rawValue: PathText.fileExtension(path))
    }

    public init(path: String, rows: Int, columns: Int, format: Format? = nil) throws {
        guard let f = format ?? Self.format(for: path) else {
            throw ColorKernelsError.unsupported("output '\(path)': unknown extension; use .npy, .csv or .f32")
        }
        self.path = path; self.format = f; self.rows = rows; self.columns = columns
        do { file = try AtomicFileWriter(path: path) } catch {
            throw ColorKernelsError.io(path: path, message: Self.reason(error))
        }
        if f == .npy { try writeAll(Self.npyHeader(rows: rows, columns: columns)) }
    }

    /// The reason part of an output-layer error (the path is in the caller's message already).
    static func reason(_ error: Error) -> String {
        guard let e = error as? IOError else { return "\(error)" }
        switch e {
        case let .invalidPath(_, r), let .unsafePath(_, r), let .failed(_, r): return r
        case .locked: return "\(e)"
        }
    }

    /// The element type of a `.npy` file: `'<f4'` (Float32, the default) or `'<f8'` (Float64).
    public enum NPYType: String, Sendable, CaseIterable {
        case f4, f8
        /// The NumPy `descr` string (little-endian).
        public var descr: String { "<" + rawValue }
        public var byteCount: Int { self == .f4 ? 4 : 8 }
    }

    /// The NumPy v1.0 header: magic, version, little-endian UInt16 length, the dict padded with spaces to a
    /// multiple of 64 bytes in total, ending in a newline.
    public static func npyHeader(rows: Int, columns: Int, dtype: NPYType = .f4) -> [UInt8] {
        var dict = "{'descr': '\(dtype.descr)', 'fortran_order': False, 'shape': (\(rows), \(columns)), }"
        let fixed = 10
        let total = (fixed + dict.utf8.count + 1 + 63) / 64 * 64
        dict += String(repeating: " ", count: total - fixed - dict.utf8.count - 1) + "\n"
        let len = UInt16(dict.utf8.count)
        return [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(len & 0xFF), UInt8(len >> 8)] + Array(dict.utf8)
    }

    /// A whole `.npy` file in memory: the header, then `values` (row-major, rows × columns) as little-endian
    /// Float32 (`.f4`, rounded to nearest) or Float64 (`.f8`, exact).
    /// - Complexity: O(values).
    public static func npy(values: [Double], columns: Int, dtype: NPYType = .f4) -> [UInt8] {
        let rows = columns > 0 ? values.count / columns : 0
        var bytes = npyHeader(rows: rows, columns: columns, dtype: dtype)
        bytes.reserveCapacity(bytes.count + rows * columns * dtype.byteCount)
        for v in values.prefix(rows * columns) {
            switch dtype {
            case .f4: withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            case .f8: withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            }
        }
        return bytes
    }

    /// CSV only (ignored otherwise): a header row — `text \ background`, then each column's label — and each
    /// row's label as its first field (RFC 4180 quoting). Call before the first `write`.
    public func setLabels(rows: [String], columns: [String]) throws {
        precondition(rowsWritten == 0 && rows.count == self.rows && columns.count == self.columns,
                     "MatrixWriter.setLabels: one label per row and column, before any row")
        guard format == .csv else { return }
        rowLabels = rows
        var header = Self.csvField("text \\ background")
        for c in columns { header += "," + Self.csvField(c) }
        try writeAll(Array((header + "\n").utf8))
    }

    /// A CSV text field (`Escape.csvField`: quoted where needed, never read as a spreadsheet formula).
    public static func csvField(_ s: String) -> String { Escape.csvField(s) }

    /// Appends `count` whole rows (row-major, `columns` floats each).
    public func write(rows data: UnsafePointer<Float>, count: Int) throws {
        precondition(rowsWritten + count <= rows, "MatrixWriter: more rows than declared")
        switch format {
        case .npy, .f32:
            // Little-endian hosts only (x86-64, arm64): the bytes are the file's bytes.
            try writeAll(UnsafeRawBufferPointer(start: data, count: count * columns * 4))
        case .csv:
            let first = rowsWritten
            let labels = rowLabels.map { l in (0..<count).map { Self.csvField(l[first + $0]) } }
            let block = Swift.max(1, (1 << 20) / Swift.max(1, columns * 10))
            var r = 0
            while r < count {
                let n = Swift.min(block, count - r)
                let bytes = try Self.csvText(data + r * columns, rows: n, columns: columns,
                                             labels: labels.map { Array($0[r..<(r + n)]) }, threads: 0)
                try bytes.withUnsafeBytes { try writeAll($0) }
                r += n
            }
        }
        rowsWritten += count
    }

    /// Flushes, closes and renames the temp file over `path`.
    public func finish() throws {
        precondition(rowsWritten == rows, "MatrixWriter: \(rowsWritten) of \(rows) rows written")
        do { try file.commit() } catch {
            throw ColorKernelsError.io(path: path, message: "cannot finish writing (\(Self.reason(error)))")
        }
    }

    /// CSV text of `rows` rows (each value the shortest text that reads back to the same Float32, `nan` for
    /// NaN; a row starts with its label field when `labels` is given), formatted on every core in row chunks
    /// (no String per value) and joined in order.
    /// - Parameter deadline: polled once per chunk of ~65,536 values (and while joining); an expired deadline
    ///   throws `DeadlineExceeded`.
    /// - Complexity: O(rows × columns) over `threads` cores (0 = all); the chunks' text is freed as it is joined.
    public static func csvText(_ data: UnsafePointer<Float>, rows: Int, columns: Int, labels: [String]? = nil,
                               threads: Int = 0, deadline: Deadline? = nil) throws(DeadlineExceeded) -> [UInt8] {
        let chunk = Swift.max(1, 65_536 / Swift.max(1, columns))
        let parts = (rows + chunk - 1) / chunk
        var texts = (0..<parts).map { _ in ByteText(capacity: Swift.min(chunk, rows) * columns * 12 + 64) }
        let src = UncheckedBox(data)
        try Parallel.forChunks(count: parts, chunk: 1, threads: threads, deadline: deadline) { range in
            for k in range {
                let t = texts[k]
                for r in (k * chunk)..<Swift.min(rows, (k + 1) * chunk) {
                    if let labels { t.append(labels[r]); t.append(44) }
                    t.appendShortest(src.value + r * columns, count: columns, separator: 44)
                    t.append(10)
                }
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(texts.reduce(0) { $0 + $1.count })
        for k in texts.indices {
            if k & 63 == 63 { try deadline?.check() }
            out.append(contentsOf: texts[k].buffer)
            texts[k] = ByteText(capacity: 0)
        }
        return out
    }

    /// Removes the temp file; `path` is left untouched.
    public func abandon() { file.abandon() }

    private func writeAll(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try writeAll($0) }
    }

    private func writeAll(_ buf: UnsafeRawBufferPointer) throws {
        do { try file.write(buf) } catch {
            throw ColorKernelsError.io(path: path, message: "write failed (\(Self.reason(error)))")
        }
    }
}
