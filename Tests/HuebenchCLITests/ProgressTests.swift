import Foundation
import Testing

/// Progress of long jobs: one line on a terminal, redrawn in place with the rate and the time left; nothing when
/// standard error is not a terminal. The terminal is a pseudo-terminal from util-linux `script`.
@Suite struct ProgressTests {
    /// A sweep of 5,000 ramps: long enough to show progress.
    static let args = ["tune", "--generator", "uniform-lstar", "--param", "margin=0.9:1.0:5000", "--hues", "0", "--metrics", "de_cv", "--top", "1"]

    @Test func aTerminalGetsOneLineRedrawnInPlace() throws {
        guard let script = Programs.which("script") else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("util-linux script is missing: no pseudo-terminal for the progress test") }
            return
        }
        let command = ([CLI.binary.path] + Self.args).map { "'\($0)'" }.joined(separator: " ")
        let r = try Programs.run(script, ["-qec", command, "/dev/null"])
        #expect(r.status == 0, "\(r.stderr)")
        let draws = r.stdout.components(separatedBy: "\r\u{1B}[K").dropFirst()
        #expect(!draws.isEmpty, "no progress line on a terminal: \(r.stdout.prefix(300))")
        // Every redraw is one line (no newline inside), counting up to the total; the last one is cleared.
        let progress = draws.filter { $0.hasPrefix("huebench tune: ") }
        #expect(progress.allSatisfy { !$0.contains("\n") })
        #expect(progress.contains { $0.hasPrefix("huebench tune: 5000/5000 ramps (100%)") }, "\(progress.suffix(2))")
        let done = progress.compactMap { Int($0.dropFirst("huebench tune: ".count).prefix { $0.isNumber }) }
        #expect(done == done.sorted())
        // After half a second a line carries the rate and, before the end, the time left.
        if progress.count > 1 {
            #expect(progress.contains { $0.contains(" ramps/s") }, "\(progress)")
        }
    }

    /// A stream of more than 10⁶ lines into a file, with standard error on a terminal: a count and a rate.
    @Test func aLongStreamCountsItsLines() throws {
        guard let script = Programs.which("script") else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("util-linux script is missing: no pseudo-terminal for the progress test") }
            return
        }
        let dir = TempFolder.make("progress")
        defer { try? FileManager.default.removeItem(at: dir) }
        try String(repeating: "#336699\n", count: 1_200_000).write(to: dir.appendingPathComponent("in.txt"), atomically: true, encoding: .utf8)
        let r = try Programs.run(script, ["-qec", "'\(CLI.binary.path)' parse < in.txt > out.txt", "/dev/null"], cwd: dir.path)
        #expect(r.status == 0, "\(r.stdout)")
        let draws = r.stdout.components(separatedBy: "\r\u{1B}[K").dropFirst().filter { $0.hasPrefix("huebench parse: ") }
        #expect(!draws.isEmpty && draws.allSatisfy { !$0.contains("\n") && $0.contains(" lines") }, "\(r.stdout.prefix(300))")
        let counts = draws.compactMap { Int($0.dropFirst("huebench parse: ".count).prefix { $0.isNumber }) }
        #expect(counts.allSatisfy { $0 >= 1_000_000 && $0 <= 1_200_000 }, "\(counts)")
        let out = try String(contentsOf: dir.appendingPathComponent("out.txt"), encoding: .utf8)
        #expect(out.utf8.count > 0 && !out.contains("huebench parse:"))
        #expect(out.split(separator: "\n").count == 1_200_000)
    }

    @Test func notATerminalGetsNothing() throws {
        let r = try CLI.run(Self.args)
        #expect(r.status == 0)
        #expect(!r.stderr.contains("huebench tune:") && !r.stderr.contains("\r") && !r.stdout.contains("\r"), "\(r.stderr)")
    }

    /// `huebench build` on a terminal: its stages, the formats and the files counted on one line; the summary on
    /// stdout after the line is cleared. Not on a terminal: nothing on stderr.
    @Test func buildShowsStagesFormatsAndFiles() throws {
        guard let script = Programs.which("script") else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("util-linux script is missing: no pseudo-terminal for the progress test") }
            return
        }
        let dir = TempFolder.make("progress")
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = ["build", "--family", "orange", "--formats", "css,svg", "--policy", "none"]
        let command = ([CLI.binary.path] + args + ["--out", "out"]).map { "'\($0)'" }.joined(separator: " ")
        let r = try Programs.run(script, ["-qec", command, "/dev/null"], cwd: dir.path)
        #expect(r.status == 0, "\(r.stdout)")
        let draws = r.stdout.components(separatedBy: "\r\u{1B}[K").dropFirst().map { $0 }
        #expect(draws.first == "huebench build: generating 1 family and its tokens…", "\(draws.prefix(2))")
        #expect(draws.contains("huebench build: 0/2 formats (0%) · exporting css"), "\(draws)")
        #expect(draws.contains { $0.hasPrefix("huebench build: 1/2 formats (50%) ") && $0.hasSuffix(" · exporting svg") }, "\(draws)")
        // css: 1 file; svg: 3 sheets + 2 color-vision sheets × 4 types → 12 files committed.
        #expect(draws.contains { $0.hasPrefix("huebench build: 12/12 files (100%)") }, "\(draws)")
        let progress = draws.dropLast()
        #expect(progress.allSatisfy { !$0.contains("\n") }, "\(draws)")
        // The last redraw clears the line, then the summary follows on stdout.
        #expect(draws.last?.hasPrefix("huebench build: 1 family, 20 stops, 20 tokens") == true, "\(draws.last ?? "")")

        let plain = try CLI.run(args + ["--out", "out2"], cwd: dir.path)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        #expect(plain.stdout.hasPrefix("huebench build: 1 family, 20 stops, 20 tokens") && !plain.stdout.contains("\r"))
    }

    /// `huebench matrix` to disk on a terminal: a line with the rows done once the job has run past the delay
    /// (`HUEBENCH_PROGRESS_AFTER=0`: at once), cleared before the summary; with the default one-second delay a
    /// matrix that ends sooner draws nothing, and stderr that is not a terminal gets nothing.
    @Test func matrixShowsRowsDoneAfterItsDelay() throws {
        guard let script = Programs.which("script") else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("util-linux script is missing: no pseudo-terminal for the progress test") }
            return
        }
        let dir = TempFolder.make("matrix-progress")
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SplitMix64(seed: 41)
        let colors = (0..<600).map { _ in String(format: "#%06x", Int(rng.next() % 0x1000000)) }
        try (colors.joined(separator: "\n") + "\n").write(to: dir.appendingPathComponent("c.txt"), atomically: true, encoding: .utf8)
        let args = ["matrix", "--method", "wcag21", "--text", "c.txt", "--out", "m.npy"]
        let command = ([CLI.binary.path] + args).map { "'\($0)'" }.joined(separator: " ")

        let r = try Programs.run(script, ["-qec", command, "/dev/null"], cwd: dir.path, environment: ["HUEBENCH_PROGRESS_AFTER": "0"])
        #expect(r.status == 0, "\(r.stdout)")
        let draws = r.stdout.components(separatedBy: "\r\u{1B}[K").dropFirst().map { $0 }
        #expect(draws.contains { $0.hasPrefix("huebench matrix: 600/600 rows (100%)") }, "\(draws)")
        #expect(draws.dropLast().allSatisfy { !$0.contains("\n") }, "\(draws)")
        // The last redraw clears the line, then the summary follows on stdout.
        #expect(draws.last?.hasPrefix("wcag21 matrix: 600 text × 600 background colors") == true, "\(draws.last ?? "")")

        try "#000\n#fff\n#777\n".write(to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let quick = try Programs.run(script, ["-qec", command.replacingOccurrences(of: "c.txt", with: "s.txt"), "/dev/null"], cwd: dir.path)
        #expect(quick.status == 0 && !quick.stdout.contains("huebench matrix: 3/3 rows"), "\(quick.stdout)")

        let plain = try CLI.run(args, cwd: dir.path, environment: ["HUEBENCH_PROGRESS_AFTER": "0"])
        #expect(plain.status == 0 && !plain.stderr.contains("\r") && !plain.stderr.contains("rows ("), "\(plain.stderr)")
    }
}
