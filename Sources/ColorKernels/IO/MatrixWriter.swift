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

    /// A CSV field: quoted (quotes doubled) when it holds a comma, quote, CR or LF.
    public static func csvField(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Appends `count` whole rows (row-major, `columns` floats each).
    public func write(rows data: UnsafePointer<Float>, count: Int) throws {
        precondition(rowsWritten + count <= rows, "MatrixWriter: more rows than declared")
        switch format {
        case .npy, .f32:
            // Little-endian hosts only (x86-64, arm64): the bytes are the file's bytes.
            try writeAll(UnsafeRawBufferPointer(start: data, count: count * columns * 4))
        case .csv:
            text.removeAll(keepingCapacity: true)
            for r in 0..<count {
                if let labels = rowLabels { text.append(contentsOf: Self.csvField(labels[rowsWritten + r]).utf8); text.append(44) }
                for c in 0..<columns {
                    if c > 0 { text.append(44) }
                    let v = data[r * columns + c]
                    text.append(contentsOf: (v.isNaN ? "nan" : "\(v)").utf8)
                }
                text.append(10)
                if text.count > 1 << 20 { try writeAll(text); text.removeAll(keepingCapacity: true) }
            }
            try writeAll(text)
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
