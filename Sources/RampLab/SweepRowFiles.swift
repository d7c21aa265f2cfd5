import ColorIO
import ColorCore
import ColorKernels
import Palettes
import Foundation

/// A sweep's row tables written while the sweep runs: `rows.csv`, `rows.npy`, `rows.json`, `stops.npy` (and
/// `stops.csv`), each through its own atomic temp file, renamed into place together by `commit()` after
/// everything else succeeded (`abandon()` or an error removes the temp files). Memory stays at one block
/// whatever the number of rows.
public final class SweepRowFiles {
    let writers: [String: AtomicFileWriter]
    let table: TableFiles
    let hues: [Double]
    let stopNames: [String]
    let dtype: MatrixWriter.NPYType
    /// Cores that format the text (0: all).
    public var threads = 0 { didSet { table.threads = threads } }

    /// The files a row stream writes (`stops.csv` only on request).
    public static func fileNames(stopsCSV: Bool) -> [String] {
        ["rows.csv", "rows.npy", "rows.json", "stops.npy"] + (stopsCSV ? ["stops.csv"] : [])
    }

    /// Opens the writers in `path` (created if needed) for a table of `rows` rows × `columns`, ramps of `stops` stops
    /// named `stopNames` in `stops.csv` (default ColorTokensKit's).
    public convenience init(folder path: String, columns: [String], rows: Int, stops: Int, stopNames: [String]? = nil,
                            hues: [Double], dtype: MatrixWriter.NPYType, stopsCSV: Bool) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let dir = try Directory.open(path, create: true)
        var w: [String: AtomicFileWriter] = [:]
        for name in Self.fileNames(stopsCSV: stopsCSV) {
            w[name] = try AtomicFileWriter(directory: dir, name: name, displayPath: path + "/" + name)
        }
        try self.init(writers: w, columns: columns, rows: rows, stops: stops, stopNames: stopNames, hues: hues, dtype: dtype)
    }

    /// Opens one writer per file at the given paths (file name → path; every name of `fileNames`), e.g. the
    /// hidden files a script's output stage adopts at its commit.
    public convenience init(paths: [String: String], columns: [String], rows: Int, stops: Int, stopNames: [String]? = nil,
                            hues: [Double], dtype: MatrixWriter.NPYType) throws {
        var w: [String: AtomicFileWriter] = [:]
        do {
            for (name, path) in paths.sorted(by: { $0.key < $1.key }) { w[name] = try AtomicFileWriter(path: path) }
        } catch { w.values.forEach { $0.abandon() }; throw error }
        try self.init(writers: w, columns: columns, rows: rows, stops: stops, stopNames: stopNames, hues: hues, dtype: dtype)
    }

    init(writers w: [String: AtomicFileWriter], columns: [String], rows: Int, stops: Int, stopNames: [String]?, hues: [Double],
         dtype: MatrixWriter.NPYType) throws {
        writers = w; self.hues = hues; self.dtype = dtype
        self.stopNames = stopNames ?? Scale.ctk.stops.prefix(stops).map(\.label)
        precondition(self.stopNames.count == stops, "SweepRowFiles: \(self.stopNames.count) stop names for \(stops) stops")
        table = TableFiles(csv: w["rows.csv"], npy: w["rows.npy"], json: w["rows.json"], columns: columns, rows: rows, dtype: dtype)
        do {
            try table.writeHeaders()
            try w["stops.npy"]?.write(TuningReport.npyHeader(shape: [rows, stops, 3], dtype: dtype))
            try w["stops.csv"]?.write(Array(TuningReport.stopsCSVHeader.utf8))
        } catch { abandon(); throw error }
    }

    /// Appends one block's rows and stops.
    public func write(_ b: SweepBlock) throws {
        do {
            try b.values.withUnsafeBufferPointer { try table.append($0) }
            if let w = writers["stops.npy"] {
                let width = dtype.byteCount, f8 = dtype == .f8
                var st = [UInt8](repeating: 0, count: b.ramps.oklch.count * 3 * width)
                st.withUnsafeMutableBytes { sb in
                    b.ramps.oklch.withUnsafeBufferPointer { ob in
                        let sp = Shared(sb.baseAddress!), colors = Shared(ob.baseAddress!)
                        Parallel.forRanges(count: ob.count, granule: 1024, threads: threads) { range in
                            for s in range {
                                let o = colors.p[s], base = sp.p + s * 3 * width
                                TableFiles.store(o.x, f8, at: base); TableFiles.store(o.y, f8, at: base + width)
                                TableFiles.store(o.z, f8, at: base + 2 * width)
                            }
                        }
                    }
                }
                try w.write(st)
            }
            if let w = writers["stops.csv"] {
                try w.write(Array(TuningReport.stopsCSVLines(b.ramps, firstRow: b.firstRow, hues: hues, stopNames: stopNames).utf8))
            }
        } catch { abandon(); throw error }
    }

    /// The file names, sorted.
    public var names: [String] { writers.keys.sorted() }

    /// Finishes the JSON and renames every file into place.
    public func commit() throws {
        do { try table.finish() } catch { abandon(); throw error }
        for name in names { try writers[name]!.commit() }
    }

    /// Removes the temp files.
    public func abandon() { for w in writers.values { w.abandon() } }
}

/// One numeric table streamed to CSV, `.npy` and/or JSON writers, block by block: the text is formatted on
/// `threads` cores in chunks of rows without a String per value (each number once: a finite value is the same
/// text in CSV and JSON), then written in order.
///
/// Numbers as `SweepOutput`: integers below 10¹⁵ without a fraction, others Swift's shortest round trip; NaN
/// `nan` and infinities `inf`/`-inf` in CSV, `null` in JSON. `.npy`: NumPy 1.0, `'<f4'` or `'<f8'`,
/// (rows, columns).
final class TableFiles {
    let csv: AtomicFileWriter?, npy: AtomicFileWriter?, json: AtomicFileWriter?
    let columns: [String]
    let totalRows: Int
    let dtype: MatrixWriter.NPYType
    var threads = 0
    private(set) var rowsWritten = 0

    init(csv: AtomicFileWriter?, npy: AtomicFileWriter?, json: AtomicFileWriter?, columns: [String], rows: Int,
         dtype: MatrixWriter.NPYType) {
        self.csv = csv; self.npy = npy; self.json = json
        self.columns = columns; totalRows = rows; self.dtype = dtype
    }

    func writeHeaders() throws {
        try csv?.write(Array((columns.joined(separator: ",") + "\n").utf8))
        try npy?.write(MatrixWriter.npyHeader(rows: totalRows, columns: columns.count, dtype: dtype))
        try json?.write(Array(("{\"columns\": [" + columns.map(JSONText.string).joined(separator: ", ") + "],\n\"rows\": [\n").utf8))
    }

    /// Appends whole rows (row-major, `columns.count` values each).
    func append(_ values: UnsafeBufferPointer<Double>) throws {
        let n = columns.count, rows = values.count / max(n, 1)
        guard rows > 0 else { return }
        precondition(rowsWritten + rows <= totalRows, "TableFiles: more rows than declared")
        let chunk = max(16, 16_384 / max(n, 1)), chunks = (rows + chunk - 1) / chunk
        let wantCSV = csv != nil, wantJSON = json != nil
        let csvParts = (0..<chunks).map { _ in ByteText(capacity: wantCSV ? chunk * n * 12 : 64) }
        let jsonParts = (0..<chunks).map { _ in ByteText(capacity: wantJSON ? chunk * n * 13 : 64) }
        let width = dtype.byteCount, f8 = dtype == .f8
        var bin = [UInt8](repeating: 0, count: npy == nil ? 0 : rows * n * width)
        let first = rowsWritten, total = totalRows
        bin.withUnsafeMutableBytes { nb in
            let vp = Shared(values.baseAddress!), np = Shared(nb.baseAddress)
            Parallel.forChunks(count: chunks, chunk: 1, threads: threads) { ks in
                for k in ks {
                    let c = csvParts[k], j = jsonParts[k]
                    for r in (k * chunk)..<min(rows, (k + 1) * chunk) {
                        if wantJSON { j.append(0x5B) }  // [
                        for col in 0..<n {
                            let v = vp.p[r * n + col]
                            if let p = np.p { Self.store(v, f8, at: p + (r * n + col) * width) }
                            guard wantCSV || wantJSON else { continue }
                            if col > 0 { c.append(0x2C); if wantJSON { j.append(0x2C); j.append(0x20) } }
                            if v.isFinite {
                                let start = c.count
                                if v == v.rounded(), Swift.abs(v) < 1e15 { c.appendInt(v == 0 ? 0 : Int(Int64(v))) } else { c.appendShortest(v) }
                                if wantJSON { j.append(UnsafeBufferPointer(rebasing: c.buffer[start...])) }
                            } else {
                                let t: StaticString = v.isNaN ? "nan" : v > 0 ? "inf" : "-inf"
                                c.append(t)
                                if wantJSON { j.append("null" as StaticString) }
                            }
                        }
                        c.append(0x0A)
                        if wantJSON { j.append(first + r + 1 < total ? "],\n" as StaticString : "]\n" as StaticString) }
                    }
                }
            }
        }
        if let w = csv { for c in csvParts { try w.write(UnsafeRawBufferPointer(c.buffer)) } }
        if let w = json { for j in jsonParts { try w.write(UnsafeRawBufferPointer(j.buffer)) } }
        try npy?.write(bin)
        rowsWritten += rows
    }

    /// Ends the JSON document (after every declared row).
    func finish() throws {
        precondition(rowsWritten == totalRows, "TableFiles: \(rowsWritten) of \(totalRows) rows written")
        try json?.write(Array("]}\n".utf8))
    }

    /// Stores `v` little-endian as Float32 (`f8` false) or Float64 at `p`.
    @inline(__always)
    static func store(_ v: Double, _ f8: Bool, at p: UnsafeMutableRawPointer) {
        if f8 { p.storeBytes(of: v.bitPattern.littleEndian, as: UInt64.self) }
        else { p.storeBytes(of: Float(v).bitPattern.littleEndian, as: UInt32.self) }
    }
}

/// A pointer shared by workers that touch disjoint parts of what it points to.
struct Shared<P>: @unchecked Sendable {
    let p: P
    init(_ p: P) { self.p = p }
}
