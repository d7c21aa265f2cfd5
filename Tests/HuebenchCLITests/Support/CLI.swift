import Foundation

/// Runs the built `huebench` binary as a subprocess for every CLI test suite (one harness, not one per file).
enum CLI {
    /// The `huebench` executable in the products directory next to the test bundle.
    static let binary: URL = {
        var candidates: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                                 URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        // Fallback: walk up from this file to the package root's .build/debug.
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

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// Runs `huebench args…` with `input` on standard input and collects both outputs, all through temp files
    /// (large outputs cannot block on a pipe). `cwd` defaults to the test process's; XDG_CONFIG_HOME points at an
    /// empty folder unless `xdg` is given, so the user's own plugins never leak into a test.
    static func run(_ args: [String], input: String? = nil, cwd: String? = nil, xdg: String? = nil) throws -> Result {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("huebench-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let inURL = tmp.appendingPathComponent("in"), outURL = tmp.appendingPathComponent("out"),
            errURL = tmp.appendingPathComponent("err")
        try Data((input ?? "").utf8).write(to: inURL)
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = xdg ?? tmp.appendingPathComponent("config").path
        p.environment = env
        p.standardInput = try FileHandle(forReadingFrom: inURL)
        p.standardOutput = try FileHandle(forWritingTo: outURL)
        p.standardError = try FileHandle(forWritingTo: errURL)
        try p.run()
        p.waitUntilExit()
        return Result(status: p.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
