import Foundation
import HuebenchTestSupport

/// How much the fuzz tests try: a small default so `swift test` stays fast, more with
/// `HUEBENCH_FUZZ_COUNT=N` (every count below is scaled by N / 100), another sequence with `HUEBENCH_FUZZ_SEED=S`.
enum FuzzSize {
    static let scale: Double = {
        guard let s = ProcessInfo.processInfo.environment["HUEBENCH_FUZZ_COUNT"], let n = Double(s), n > 0 else { return 1 }
        return n / 100
    }()
    static let seed: UInt64 = {
        guard let s = ProcessInfo.processInfo.environment["HUEBENCH_FUZZ_SEED"], let n = UInt64(s) else { return 0x4855_4542_454E_4348 }
        return n
    }()
    /// `base` scaled by `HUEBENCH_FUZZ_COUNT / 100` (at least 1).
    static func count(_ base: Int) -> Int { max(1, Int((Double(base) * scale).rounded())) }
}

/// Runs the built `huebench` binary: standard input from a file (or `/dev/zero`), outputs through temp files,
/// killed after `timeout` seconds (a hang is a failure, reported as such, never waited out).
enum Binary {
    static let url: URL = {
        var candidates: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                                 URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent(".build/debug"))
            dir.deleteLastPathComponent()
        }
        for c in candidates {
            let u = c.appendingPathComponent("huebench")
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        preconditionFailure("huebench binary not found near \(Bundle.main.bundleURL.path); run `swift build` first")
    }()

    struct Outcome {
        let status: Int32
        /// Ended by a signal (a trap, a segfault, the timeout's kill) rather than by `exit`.
        let signalled: Bool
        let timedOut: Bool
        let stdout: String
        let stderr: String
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    /// Runs `huebench args…` in `cwd` with `stdin` (text, or `devZero` for an input that never ends).
    static func run(_ args: [String], cwd: URL, stdin: String = "", devZero: Bool = false, timeout: Double = 120) throws -> Outcome {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("huebench-fuzz-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let inURL = tmp.appendingPathComponent("in"), outURL = tmp.appendingPathComponent("out"),
            errURL = tmp.appendingPathComponent("err")
        try Data(stdin.utf8).write(to: inURL)
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let p = Process()
        p.executableURL = url
        p.arguments = args
        p.currentDirectoryURL = cwd
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = tmp.appendingPathComponent("config").path
        p.environment = env
        p.standardInput = devZero ? FileHandle(forReadingAtPath: "/dev/zero")! : try FileHandle(forReadingFrom: inURL)
        p.standardOutput = try FileHandle(forWritingTo: outURL)
        p.standardError = try FileHandle(forWritingTo: errURL)
        let done = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in done.signal() }
        try p.run()
        var timedOut = false
        if done.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(p.processIdentifier, SIGKILL)
            done.wait()
        }
        func text(_ u: URL) -> String {
            // Outputs can be big (a stream of colors): the first 16 MiB say enough.
            guard let h = try? FileHandle(forReadingFrom: u) else { return "" }
            defer { try? h.close() }
            return String(decoding: (try? h.read(upToCount: 16 << 20)) ?? Data(), as: UTF8.self)
        }
        return Outcome(status: p.terminationStatus, signalled: p.terminationReason == .uncaughtSignal,
                       timedOut: timedOut, stdout: text(outURL), stderr: text(errURL))
    }

    /// A fresh empty folder (each invocation runs in its own, so nothing a run writes can reach another's files).
    static func folder(_ tag: String) throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("huebench-fuzz-\(tag)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
}

/// What a clean failure looks like: exit 1, 2 or 3 (or 0: hostile input may still be valid), no signal, no hang,
/// standard error one line per failed item (`maxLines`), never a Swift runtime report.
enum Clean {
    /// `allowsReportOnly`: exit 1 with only a report on standard output is a result (an audit whose checks fail).
    static func problems(_ o: Binary.Outcome, maxLines: Int = 1, json: Bool = false, allowsReportOnly: Bool = false) -> String? {
        if o.timedOut { return "did not finish (killed after the fuzz timeout)" }
        if o.signalled { return "ended by signal \(o.status)" }
        guard [0, 1, 2, 3].contains(o.status) else { return "exit status \(o.status)" }
        for bad in ["Fatal error", "Stack dump", "Current stack trace", "Illegal instruction", "Segmentation fault"]
        where o.stderr.contains(bad) { return "runtime crash report (\(bad))" }
        // Progress lines (`huebench build: running x.lua…`) are not errors.
        var lines = o.stderrLines.filter { l in
            !["huebench build: running ", "huebench build: generating ", "huebench build: writing "].contains { l.hasPrefix($0) }
        }
        // --verbose adds a traceback after the message.
        if let t = lines.firstIndex(of: "stack traceback:") { lines = Array(lines[..<t]) }
        if let long = lines.first(where: { $0.utf8.count > 2000 }) {
            return "a standard error line of \(long.utf8.count) bytes"
        }
        if o.status != 0 {
            // With --json a failed item is reported on standard output as {"input": …, "error": …}.
            let jsonErrors = json && o.stdout.contains("\"error\":")
            if lines.isEmpty && !jsonErrors && !(o.status == 1 && allowsReportOnly && !o.stdout.isEmpty) { return "exit \(o.status) with nothing on standard error" }
            if lines.count > maxLines { return "exit \(o.status) with \(lines.count) lines on standard error" }
        }
        return nil
    }
}
