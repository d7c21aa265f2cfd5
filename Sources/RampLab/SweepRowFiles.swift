import ColorIO
import ColorCore
import ColorKernels
import Palettes
import Foundation

/// A sweep's row tables written while the sweep runs: `rows.csv`, `rows.npy`, `rows.json`, `stops.npy` (and
/// `stops.csv`), each through its own atomic temp file in the output folder, renamed into place together by
/// `commit()` after everything else succeeded (`abandon()` or an error removes the temp files). Memory stays at
/// one block whatever the number of rows.
public final class SweepRowFiles {
    let writers: [String: AtomicFileWriter]
    let columns: [String]
    let totalRows: Int
    let hues: [Double]
    let dtype: MatrixWriter.NPYType
    var rowsWritten = 0

    /// Opens the writers in `path` (created if needed) for a table of `rows` rows × `columns`, ramps of `stops` stops.
    public init(folder path: String, columns: [String], rows: Int, stops: Int, hues: [Double],
                dtype: MatrixWriter.NPYType, stopsCSV: Bool) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let dir = try Directory.open(path, create: true)
        var w: [String: AtomicFileWriter] = [:]
        for name in ["rows.csv", "rows.npy", "rows.json", "stops.npy"] + (stopsCSV ? ["stops.csv"] : []) {
            w[name] = try AtomicFileWriter(directory: dir, name: name, displayPath: path + "/" + name)
        }
        writers = w; self.columns = columns; totalRows = rows; self.hues = hues; self.dtype = dtype
        try w["rows.csv"]!.write(Array((columns.joined(separator: ",") + "\n").utf8))
        try w["rows.npy"]!.write(MatrixWriter.npyHeader(rows: rows, columns: columns.count, dtype: dtype))
        try w["rows.json"]!.write(Array(("{\"columns\": [" + columns.map(JSONText.string).joined(separator: ", ") + "],\n\"rows\": [\n").utf8))
        try w["stops.npy"]!.write(TuningReport.npyHeader(shape: [rows, stops, 3], dtype: dtype))
        try w["stops.csv"]?.write(Array(TuningReport.stopsCSVHeader.utf8))
    }

    /// Appends one block's rows and stops.
    public func write(_ b: SweepBlock) throws {
        let n = b.columns, rows = b.values.count / max(n, 1)
        var csv = "", json = ""
        csv.reserveCapacity(rows * n * 12)
        var npy: [UInt8] = []
        npy.reserveCapacity(b.values.count * dtype.byteCount)
        for r in 0..<rows {
            json += "["
            for c in 0..<n {
                let v = b.values[r * n + c]
                if c > 0 { csv += ","; json += ", " }
                csv += SweepOutput.number(v); json += SweepOutput.jsonNumber(v)
                Self.append(v, dtype, to: &npy)
            }
            csv += "\n"
            json += rowsWritten + r + 1 < totalRows ? "],\n" : "]\n"
        }
        try writers["rows.csv"]!.write(Array(csv.utf8))
        try writers["rows.json"]!.write(Array(json.utf8))
        try writers["rows.npy"]!.write(npy)
        var st: [UInt8] = []
        st.reserveCapacity(b.ramps.oklch.count * 3 * dtype.byteCount)
        for c in b.ramps.oklch { Self.append(c.x, dtype, to: &st); Self.append(c.y, dtype, to: &st); Self.append(c.z, dtype, to: &st) }
        try writers["stops.npy"]!.write(st)
        if let w = writers["stops.csv"] {
            try w.write(Array(TuningReport.stopsCSVLines(b.ramps, firstRow: b.firstRow, hues: hues).utf8))
        }
        rowsWritten += rows
    }

    @inline(__always)
    static func append(_ v: Double, _ dtype: MatrixWriter.NPYType, to bytes: inout [UInt8]) {
        switch dtype {
        case .f4: withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        case .f8: withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
    }

    /// The file names, sorted.
    public var names: [String] { writers.keys.sorted() }

    /// Finishes the JSON and renames every file into place.
    public func commit() throws {
        try writers["rows.json"]!.write(Array("]}\n".utf8))
        for name in names { try writers[name]!.commit() }
    }

    /// Removes the temp files.
    public func abandon() { for w in writers.values { w.abandon() } }
}
