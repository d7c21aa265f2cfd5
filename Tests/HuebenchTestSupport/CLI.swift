import Foundation

/// Runs the built `huebench` binary as a subprocess: one harness for every test target.
public enum CLI {
    /// The package's root folder (two levels above this file).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `huebench` executable in the products folder next to the test bundle (or the package's .build/debug).
    public static let binary: URL = {
        var candidates: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                                 URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        for c in candidates {
            let u = c.appendingPathComponent("huebench")
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        preconditionFailure("huebench binary not found near \(Bundle.main.bundleURL.path); run `swift build` first")
    }()

    /// What one run left: exit status (or the signal that ended it) and both outputs.
    public struct Result: Sendable {
        /// The exit status; for a run ended by a signal, the signal's number (see `signal`).
        public let status: Int32
        /// The signal that ended the run (SIGSEGV, SIGABRT…), or nil when it exited.
        public let signal: Int32?
        public let stdout: String
        public let stderr: String
        /// Standard output's lines, without the final newline's empty line.
        public var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
        /// True when the process exited (was not killed by a signal).
        public var exited: Bool { signal == nil }
    }

    /// The environment a test run gets: the caller's, with XDG_CONFIG_HOME pointing at `xdg` (so the user's
    /// own plugins never leak into a test) and `extra` on top.
    static func environment(xdg: String, extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = xdg
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Runs `huebench args…` with `input` on standard input and collects both outputs, all through temp files
    /// (large outputs cannot block on a pipe). `cwd` defaults to the test process's; XDG_CONFIG_HOME points at an
    /// empty folder unless `xdg` is given.
    public static func run(_ args: [String], input: String? = nil, cwd: String? = nil, xdg: String? = nil,
                           environment extra: [String: String] = [:]) throws -> Result {
        try Programs.run(binary.path, args, input: input, cwd: cwd, xdg: xdg, environment: extra)
    }

    /// Starts `huebench args…` without waiting (a long-running command: a server, a concurrent build). Standard
    /// input, output and error are `stdin`/`stdout`/`stderr` (a FileHandle or Pipe; default: empty, discarded).
    public static func start(_ args: [String], cwd: String? = nil, xdg: String? = nil, environment extra: [String: String] = [:],
                             stdin: Any? = nil, stdout: Any? = nil, stderr: Any? = nil) throws -> Process {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        p.environment = environment(xdg: xdg ?? TempFolder.make("config").path, extra: extra)
        p.standardInput = stdin ?? FileHandle.nullDevice
        p.standardOutput = stdout ?? FileHandle.nullDevice
        p.standardError = stderr ?? FileHandle.nullDevice
        try p.run()
        return p
    }
}

/// Other programs a test runs (bash, zsh, python3, chromium…).
public enum Programs {
    /// The first executable with this name on PATH (or in `fallbacks`: folders or full paths).
    public static func which(_ name: String, fallbacks: [String] = []) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let fallbackPaths = fallbacks.map { $0.hasSuffix("/" + name) ? $0 : "\($0)/\(name)" }
        for candidate in path.split(separator: ":").map({ "\($0)/\(name)" }) + fallbackPaths {
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `exe args…` to the end and collects both outputs through temp files.
    public static func run(_ exe: String, _ args: [String], input: String? = nil, cwd: String? = nil, xdg: String? = nil,
                           environment extra: [String: String] = [:]) throws -> CLI.Result {
        let tmp = TempFolder.make("run")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let inURL = tmp.appendingPathComponent("in"), outURL = tmp.appendingPathComponent("out"),
            errURL = tmp.appendingPathComponent("err")
        try Data((input ?? "").utf8).write(to: inURL)
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        p.environment = CLI.environment(xdg: xdg ?? tmp.appendingPathComponent("config").path, extra: extra)
        p.standardInput = try FileHandle(forReadingFrom: inURL)
        p.standardOutput = try FileHandle(forWritingTo: outURL)
        p.standardError = try FileHandle(forWritingTo: errURL)
        try p.run()
        p.waitUntilExit()
        let signal: Int32? = p.terminationReason == .uncaughtSignal ? p.terminationStatus : nil
        return CLI.Result(status: p.terminationStatus, signal: signal,
                          stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                          stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}

/// Fresh temporary folders, one per call.
public enum TempFolder {
    /// A new empty folder `hb-TAG-UUID` under the system's temporary folder (short: Lua shows at most 60
    /// characters of a chunk's path in messages).
    public static func make(_ tag: String = "test") -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("hb-\(tag)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
}

extension CLI.Result {
    /// (status, stdout, stderr), for call sites that take the three apart.
    public var parts: (Int32, String, String) { (status, stdout, stderr) }
}
