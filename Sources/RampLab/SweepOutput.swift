import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// CSV, `.npy` and JSON forms of a sweep result.
///
/// - CSV: a header line of column names, then one line per row; numbers in Swift's shortest round-trip
///   form, NaN as `nan`.
/// - `.npy`: NumPy format 1.0, `'<f4'` (or `'<f8'`), shape (rows, columns), written by ColorKernels' `MatrixWriter`; the
///   column names are in the JSON file beside it.
/// - JSON: the sweep's description, the column names and, on request, the rows (NaN as null).
public enum SweepOutput {
    /// A number as CSV/JSON text: integers without a fraction, others shortest round-trip.
    public static func number(_ v: Double, nan: String = "nan") -> String { ByteText.shortest(v, nan: nan) }

    /// A text CSV field (`Escape.csvField`: quoted where needed, never read as a spreadsheet formula).
    public static func csvField(_ s: String) -> String { Escape.csvField(s) }

    /// The table as CSV text.
    public static func csv(columns: [String], values: [Double]) -> String {
        var s = columns.joined(separator: ",") + "\n"
        let n = columns.count
        guard n > 0 else { return s }
        for r in 0..<(values.count / n) {
            for c in 0..<n {
                if c > 0 { s += "," }
                s += number(values[r * n + c])
            }
            s += "\n"
        }
        return s
    }

    /// Writes the table as `.npy` (`'<f4'` or `'<f8'`, rows × columns; ColorKernels' `MatrixWriter.npy`),
    /// atomically.
    public static func writeNPY(columns: Int, values: [Double], to path: String, dtype: MatrixWriter.NPYType = .f4) throws {
        try AtomicFile.write(MatrixWriter.npy(values: values, columns: columns, dtype: dtype), to: path)
    }

    /// A JSON string literal.
    public static func jsonString(_ s: String) -> String { JSONText.string(s) }

    /// A JSON number (NaN and infinities as null).
    public static func jsonNumber(_ v: Double) -> String { v.isFinite ? number(v) : "null" }

    /// A generator parameter value as JSON.
    public static func json(_ p: RampParameter) -> String {
        switch p {
        case .number(let v): return jsonNumber(v)
        case .numbers(let v): return "[" + v.map(jsonNumber).joined(separator: ", ") + "]"
        case .text(let t): return jsonString(t)
        case .curve(let c): return "[" + c.stopValues.map(jsonNumber).joined(separator: ", ") + "]"
        case .color(let c): return jsonString(c.css)
        }
    }

    /// One ranked entry as a JSON object: index, score, parameters, hue (rows), metric values.
    public static func json(_ r: SweepResult.Ranked, in result: SweepResult) -> String {
        let variant = r.level == .variant ? r.index : r.index / result.hues.count
        var parts = ["\"variant\": \(variant)", "\"score\": \(jsonNumber(r.score))"]
        if r.level == .row { parts.append("\"hue\": \(jsonNumber(result.hues[r.index % result.hues.count]))") }
        let params = result.parameterValues(variant: variant).map { "\(jsonString($0.name)): \(json($0.value))" }
        parts.append("\"parameters\": {" + params.joined(separator: ", ") + "}")
        let metrics = result.metricColumns.map { m -> String in
            let v = r.level == .variant ? result.value(variant: variant, m) : result.value(row: r.index, m)
            return "\(jsonString(m)): \(jsonNumber(v ?? .nan))"
        }
        parts.append("\"metrics\": {" + metrics.joined(separator: ", ") + "}")
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// The rows as JSON: `{"columns": [...], "rows": [[...], ...]}`.
    public static func rowsJSON(columns: [String], values: [Double]) -> String {
        var s = "{\"columns\": [" + columns.map(jsonString).joined(separator: ", ") + "],\n\"rows\": [\n"
        let n = columns.count
        let rows = n > 0 ? values.count / n : 0
        for r in 0..<rows {
            s += "[" + (0..<n).map { jsonNumber(values[r * n + $0]) }.joined(separator: ", ") + "]"
            s += r + 1 < rows ? ",\n" : "\n"
        }
        return s + "]}\n"
    }
}
