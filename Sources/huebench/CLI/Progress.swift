import Foundation

/// One progress line on standard error for a long job, redrawn in place (`\r`, clear to end of line) at most
/// ten times a second: what is done of the total, the percentage, the rate and the time left. Nothing at all when
/// standard error is not a terminal (a pipe, a file, CI), so logs and captured output never hold it.
final class ProgressLine: @unchecked Sendable {
    private let label: String
    private var unit: String, total: Int
    private let enabled: Bool
    private var start = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0
    private var drawn = false
    private let afterNanoseconds: UInt64
    private let lock = NSLock()

    /// - Parameters: `label` starts the line (`huebench matrix`); `unit` names what is counted (`rows`);
    ///   `after`: seconds from the start before the first count is drawn, so a job that ends sooner shows nothing.
    init(_ label: String, total: Int, unit: String, after: Double = 0, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label; self.total = max(total, 0); self.unit = unit; self.enabled = enabled
        self.afterNanoseconds = after.isFinite && after > 0 ? UInt64(min(after, 86_400) * 1e9) : 0
    }

    /// The delay before a long job's line appears: `HUEBENCH_PROGRESS_AFTER` (seconds, 0 = at once), else `standard`.
    static func delay(standard: Double = 1) -> Double {
        guard let text = ProcessInfo.processInfo.environment["HUEBENCH_PROGRESS_AFTER"], let v = Double(text),
              v.isFinite, v >= 0 else { return standard }
        return v
    }

    /// Whether the line is drawn at all (standard error is a terminal).
    var isEnabled: Bool { enabled }

    /// `done` of `total` are finished (any thread); `detail` follows the counts (`exporting png`).
    func update(_ done: Int, detail: String? = nil) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        lock.lock(); defer { lock.unlock() }
        guard now - start >= afterNanoseconds else { return }
        guard now - lastDraw >= 100_000_000 || (total > 0 && done >= total) || detail != nil else { return }
        lastDraw = now
        var line = Self.text(label: label, done: done, total: total, unit: unit, seconds: Double(now - start) / 1e9)
        if let detail { line += " · " + detail }
        draw(line)
    }

    /// Shows a stage with nothing to count yet (`huebench build: generating 37 families…`), at once.
    func stage(_ text: String) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        lastDraw = DispatchTime.now().uptimeNanoseconds
        draw("\(label): \(text)")
    }

    /// Counts anew: a new total and unit, the rate measured from now (the next stage of a job).
    func restart(total: Int, unit: String) {
        lock.lock(); defer { lock.unlock() }
        self.total = max(total, 0); self.unit = unit
        start = DispatchTime.now().uptimeNanoseconds
        lastDraw = 0
    }

    private func draw(_ line: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        drawn = true
    }

    /// Clears the line (the job's own summary follows on a clean line).
    func finish() {
        lock.lock(); defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)); drawn = false }
    }

    /// `huebench matrix: 1200/20000 rows (6%) · 480 rows/s · 0:39 left`; with no total (a stream of unknown
    /// length, `total` 0): `huebench parse: 1200000 lines · 950000 lines/s`.
    static func text(label: String, done: Int, total: Int, unit: String, seconds: Double) -> String {
        let rate = seconds > 0 ? Double(done) / seconds : 0
        if total <= 0 {
            return "\(label): \(done) \(unit)" + (rate > 0 && seconds >= 0.5 ? " · \(Int(rate.rounded())) \(unit)/s" : "")
        }
        var s = "\(label): \(done)/\(total) \(unit) (\(Int(100 * Double(done) / Double(max(total, 1))))%)"
        if rate > 0 && seconds >= 0.5 {   // a rate from the first instants says nothing
            s += " · \(rate >= 100 ? String(Int(rate.rounded())) : String(format: "%.1f", rate)) \(unit)/s"
            let left = Double(total - done) / rate
            if left.isFinite && done < total {
                let t = Int(left.rounded())
                s += " · " + (t >= 3600 ? "\(t / 3600):" + String(format: "%02d:%02d", t / 60 % 60, t % 60) : "\(t / 60):" + String(format: "%02d", t % 60)) + " left"
            }
        }
        return s
    }
}
