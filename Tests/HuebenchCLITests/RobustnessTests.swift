import Foundation
import Testing

/// The robustness contract: bad input gets a one-line message that names the input (exit 2 for usage, 1 for
/// a failed item), never a crash, a hang, raw control characters on the terminal, or a half-written file.
@Suite struct RobustnessTests {
    /// A fresh temp folder for files a test reads or writes.
    static func folder() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("huebench-robust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// Exactly one non-empty line on stderr, no crash report, and it mentions `mentions`.
    static func expectOneLine(_ r: CLI.Result, status: Int32, mentions: String, _ what: String = "") {
        let lines = r.stderr.split(separator: "\n")
        #expect(r.status == status, "\(what): status \(r.status), stderr \(r.stderr.prefix(300))")
        #expect(lines.count == 1, "\(what): \(lines.count) stderr lines: \(r.stderr.prefix(300))")
        #expect(r.stderr.contains(mentions), "\(what): \(r.stderr.prefix(300))")
        #expect(!r.stderr.contains("Fatal error"), "\(what)")
    }

    /// Names in `dir` that look like leftover temp files of an atomic write.
    static func tempFiles(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
    }

    static let commands = ["help", "parse", "convert", "gamut", "contrast", "deltae", "palette", "tokens", "audit", "matrix", "build"]

    @Test func everyCommandHasHelpWithUsageOptionsAndExample() throws {
        for cmd in Self.commands {
            let r = try CLI.run([cmd, "--help"])
            #expect(r.status == 0, "\(cmd)")
            #expect(r.stdout.hasPrefix("usage: huebench \(cmd)"), "\(cmd)")
            #expect(r.stdout.contains("options:") && r.stdout.contains("example:"), "\(cmd)")
        }
    }

    @Test func unknownOptionIsOneLineUsageErrorEverywhere() throws {
        for cmd in Self.commands where cmd != "help" {
            Self.expectOneLine(try CLI.run([cmd, "--bogus"]), status: 2, mentions: "'--bogus'", cmd)
        }
        Self.expectOneLine(try CLI.run(["help", "parse", "convert"]), status: 2, mentions: "'convert'", "help")
    }

    @Test func convertHelpExampleMatchesOutput() throws {
        let r = try CLI.run(["convert", "--to", "oklch", "white"])
        #expect(r.status == 0)
        #expect(try CLI.run(["convert", "--help"]).stdout.contains(r.lines[0]), "\(r.stdout)")
    }

    @Test func buildLimitsAreCheckedNotCrashed() throws {
        // 1e300 MiB used to overflow the Int conversion (signal 4).
        Self.expectOneLine(try CLI.run(["build", "--memory-limit", "1e300"]), status: 2, mentions: "'1e300'")
        Self.expectOneLine(try CLI.run(["build", "--time-limit", "0"]), status: 2, mentions: "got '0'")
        Self.expectOneLine(try CLI.run(["build", "--time-limit", "nan"]), status: 2, mentions: "'nan'")
    }

    @Test func buildRejectsEmptyOutFileOutAndEmptyFamily() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // --out '' used to build into the current folder.
        Self.expectOneLine(try CLI.run(["build", "--out", "", "--formats", "css"], cwd: dir.path), status: 2, mentions: "--out is empty")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let file = dir.appendingPathComponent("notes.txt")
        try Data("keep me\n".utf8).write(to: file)
        Self.expectOneLine(try CLI.run(["build", "--out", file.path, "--formats", "css"]), status: 2, mentions: "not a folder")
        Self.expectOneLine(try CLI.run(["build", "--out", file.path + "/sub", "--formats", "css"]), status: 2, mentions: "not a folder")
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep me\n")
        // --family '' used to build all 37 families.
        Self.expectOneLine(try CLI.run(["build", "--family", "", "--out", dir.appendingPathComponent("o").path]),
                           status: 2, mentions: "--family is empty")
    }

    @Test func matrixOutPathsAreCheckedBeforeWork() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let colors = dir.appendingPathComponent("colors.csv")
        try Data("red\nblue\n".utf8).write(to: colors)
        let sub = dir.appendingPathComponent("sub.npy")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let device = dir.appendingPathComponent("null.csv")
        try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: "/dev/null")
        let base = ["matrix", "--method", "wcag21", "--text", colors.path, "--out"]
        Self.expectOneLine(try CLI.run(base + [sub.path]), status: 2, mentions: "is a folder")
        Self.expectOneLine(try CLI.run(base + [dir.appendingPathComponent("missing/x.npy").path]), status: 2, mentions: "does not exist")
        Self.expectOneLine(try CLI.run(base + [colors.path + "/x.npy"]), status: 2, mentions: "not a folder")
        // Renaming over a device link would have replaced it with a regular file.
        Self.expectOneLine(try CLI.run(base + [device.path]), status: 2, mentions: "not a regular file")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: device.path) == "/dev/null")
        // The output must not overwrite its own input.
        Self.expectOneLine(try CLI.run(base + [colors.path]), status: 2, mentions: "--text input")
        #expect(try String(contentsOf: colors, encoding: .utf8) == "red\nblue\n")
        #expect(try Self.tempFiles(dir).isEmpty)
        // And a good path still works.
        let ok = try CLI.run(base + [dir.appendingPathComponent("m.csv").path])
        #expect(ok.status == 0, "\(ok.stderr)")
        // A header row (background labels) and one row per text color.
        let csv = try String(contentsOf: dir.appendingPathComponent("m.csv"), encoding: .utf8).split(separator: "\n")
        #expect(csv.count == 3 && csv[0] == "text \\ background,red,blue" && csv[1].hasPrefix("red,1.0,") && csv[2].hasPrefix("blue,"), "\(csv)")
    }

    @Test func matrixEdgeInputs() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent("one.txt"), two = dir.appendingPathComponent("two.txt")
        try Data("red\n".utf8).write(to: one)
        try Data("red\r\n\r\nblue\r\n".utf8).write(to: two)
        // --worst 0 used to crash (index -1).
        for m in ["wcag21", "apca", "deltae-ok"] {
            let r = try CLI.run(["matrix", "--method", m, "--text", two.path, "--worst", "0"])
            #expect(r.status == 0 && !r.stdout.contains("lowest"), "\(m): \(r.stderr)")
        }
        // A CRLF file used to be read as one line ("\r\n" is one Character).
        let crlf = try CLI.run(["matrix", "--method", "wcag21", "--text", two.path, "--json"])
        #expect(crlf.status == 0, "\(crlf.stderr)")
        #expect(crlf.stdout.contains("\"rows\": 2"), "\(crlf.stdout)")
        let single = try CLI.run(["matrix", "--method", "apca", "--text", one.path])
        #expect(single.status == 0)
        #expect(single.stdout.contains("range: none") && !single.stdout.contains("nan"), "\(single.stdout)")
        Self.expectOneLine(try CLI.run(["matrix", "--method", "apca", "--text", "-", "--background", "-"], input: "red\n"),
                           status: 2, mentions: "standard input")
        Self.expectOneLine(try CLI.run(["matrix", "--method", "apca", "--text", dir.path]), status: 2, mentions: "is a folder")
        Self.expectOneLine(try CLI.run(["matrix", "--method", "apca", "--text", "/dev/null"]), status: 2, mentions: "holds no colors")
    }

    @Test func hugeAndBinaryInputGivesShortSafeMessages() throws {
        // A 1 MB line used to be echoed twice into a 2 MB message.
        let big = String(repeating: "a", count: 1 << 20) + "\n"
        let r = try CLI.run(["parse"], input: big)
        Self.expectOneLine(r, status: 1, mentions: "line 1: invalid color")
        #expect(r.stderr.utf8.count < 400, "\(r.stderr.utf8.count) bytes")
        // NUL, ESC and C1 controls never reach the terminal raw.
        let g = try CLI.run(["parse"], input: "re\u{0}d\n\u{1B}[31mx\n\u{FF}\n#fff\n")
        #expect(g.status == 1)
        #expect(!g.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(g.stderr)")
        #expect(g.stderr.contains("\\u{1B}") && g.stderr.contains("\\u{0}"), "\(g.stderr)")
        // Text mode: one row per line, `error` for the bad ones.
        #expect(g.lines == ["error", "error", "error", g.lines[3]] && g.lines[3].hasSuffix("rgb(255, 255, 255)"), "\(g.lines)")
        // JSON mode: every line is valid JSON, errors included.
        let j = try CLI.run(["parse", "--json"], input: "re\u{0}d\n\u{1B}x\nred\n")
        #expect(j.lines.count == 3)
        for line in j.lines { #expect((try? CLI.json(line)) != nil, "\(line)") }
        // A newline inside an argument stays on one message line.
        Self.expectOneLine(try CLI.run(["parse", "red\nblue"]), status: 1, mentions: "red\\u{A}blue")
    }

    @Test func stdinEdgeCases() throws {
        let empty = try CLI.run(["parse"], input: "")
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.isEmpty)
        let crlf = try CLI.run(["convert", "--to", "srgb", "--json"], input: "red\r\n\r\n  \r\n\tblue\r\n")
        #expect(crlf.status == 0, "\(crlf.stderr)")
        #expect(crlf.lines.count == 2)
        let pairs = try CLI.run(["contrast"], input: "#000\t#fff\r\n\r\nred\n")
        #expect(pairs.status == 1)
        // Text mode: row i is line i (a blank row for the blank line, `error` for the bad one).
        #expect(pairs.lines.count == 3 && pairs.lines[1] == "" && pairs.lines[2] == "error" && pairs.stderr.contains("line 3"), "\(pairs.stderr)")
    }

    @Test func familyNamesAreCheckedAndDeduplicated() throws {
        Self.expectOneLine(try CLI.run(["palette", "hue:abc"]), status: 2, mentions: "hue:DEGREES needs a finite number")
        Self.expectOneLine(try CLI.run(["palette", ""]), status: 2, mentions: "empty family name")
        Self.expectOneLine(try CLI.run(["tokens", "--family", ""]), status: 2, mentions: "empty family name")
        Self.expectOneLine(try CLI.run(["audit", "--family", "orange,"]), status: 2, mentions: "empty family name")
        let hex = try CLI.run(["palette", "#00B386", "--format", "hex"])
        #expect(hex.status == 0 && hex.lines.count == 20)
        let hue = try CLI.run(["palette", "hue:123.4", "--format", "oklch"])
        #expect(hue.status == 0 && hue.lines.count == 20 && hue.lines[0].hasSuffix(" 123.4)"), "\(hue.lines.first ?? "")")
        // Named twice (or comma-separated), a family is audited once.
        let twice = try CLI.run(["audit", "--family", "orange", "--family", "orange,blue"])
        #expect(twice.stdout.contains("over 2 families"), "\(twice.stdout.suffix(400))")
    }

    @Test func buildNamesWhatIsInTheWayInTheOutputFolder() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out/huebench.css"), withIntermediateDirectories: true)
        Self.expectOneLine(try CLI.run(["build", "--quiet", "--family", "orange", "--formats", "css", "--out", dir.appendingPathComponent("out").path]),
                           status: 1, mentions: "'huebench.css': it is a folder where a file goes; move or delete it")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out2"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: dir.appendingPathComponent("out2/pictures"))
        Self.expectOneLine(try CLI.run(["build", "--quiet", "--family", "orange", "--formats", "png", "--out", dir.appendingPathComponent("out2").path]),
                           status: 1, mentions: "'pictures': it is a file where a folder must go; move or delete it")
        #expect(try Self.tempFiles(dir.appendingPathComponent("out")).isEmpty)
    }
}

/// Text-mode `parse` keeps its columns aligned when an argument is in a long-named space.
@Suite struct ParseAlignmentTests {
    @Test func spaceColumnFitsTheLongestArgumentSpace() throws {
        let r = try CLI.run(["parse", "red", "color(prophoto-rgb-linear 0.1 0.2 0.3)"])
        #expect(r.status == 0)
        let lines = r.lines
        #expect(lines.count == 2)
        // The first coordinate's decimal point stands in the same column on both rows.
        let ends = lines.map { $0.firstIndex(of: ".")?.utf16Offset(in: $0) }
        #expect(ends[0] != nil && ends[0] == ends[1], "\(lines)")
        #expect(lines[1].hasPrefix("prophoto-rgb-linear  "))
    }
}
