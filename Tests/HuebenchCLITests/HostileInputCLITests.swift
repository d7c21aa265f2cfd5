import Foundation
import Testing

/// The labelled-input paths of `huebench matrix` and `huebench simulate` tried as an attacker and an exacting
/// accessibility engineer would: many long bad lines, mistyped options, labels that repeat or hold terminal
/// escapes, levels below 0, output paths that are folders or inputs.
@Suite struct HostileInputCLITests {
    static func temp() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("hb-hostile-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    static func write(_ text: String, _ name: String, in dir: URL) -> String {
        let p = dir.appendingPathComponent(name).path
        try! Data(text.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    /// 25 bad lines with long names: the list used to be one message cut in the middle past 2,000 bytes (lines
    /// 5–19 lost, the rest joined by a literal `\n`); now every listed entry is a line of its own.
    @Test func everyListedBadEntryIsItsOwnLine() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let long = String(repeating: "x", count: 40)
        let f = Self.write((1...25).map { "label\($0)\tnot-a-color-\($0)-\(long)\n" }.joined(), "bad.txt", in: dir)
        let r = try CLI.run(["matrix", "--method", "wcag21", "--text", f])
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "huebench matrix: 25 invalid entries in \(f):", "\(r.stderr)")
        for k in 1...20 {
            #expect(lines[k].hasPrefix("  \(f):\(k): invalid color 'not-a-color-\(k)-"), "\(lines[k])")
        }
        #expect(lines[21] == "  … and 5 more")
        #expect(lines[22] == "huebench matrix: fix them, or pass --skip-invalid to compute with the valid ones")
        #expect(!r.stderr.contains("cut)") && !r.stderr.contains("\\n"))
    }

    /// A mistyped option names the option it resembles.
    @Test func unknownOptionsSuggestTheClosest() throws {
        let r = try CLI.run(["matrix", "--method", "wcag21", "--text", "x.txt", "--belwo", "3"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("huebench matrix: unknown option '--belwo' for 'huebench matrix' (did you mean '--below'?); known: --alpha,"), "\(r.stderr)")
        let s = try CLI.run(["simulate", "--cvd", "protan", "--sevrity", "1", "red"])
        #expect(s.stderr == "huebench simulate: unknown option '--sevrity' for 'huebench simulate' (did you mean '--severity'?); known: --cvd, --json, --severity\n")
        let far = try CLI.run(["convert", "--to", "srgb", "--zzzzzzzz", "red"])
        #expect(far.stderr == "huebench convert: unknown option '--zzzzzzzz' for 'huebench convert'; known: --json, --to\n")
    }

    /// A mistyped value of an option with a fixed set of values (a CVD type, a space, a method, a gamut) names
    /// the value it resembles; a value far from every name, or over 64 characters, gets the list alone.
    @Test func mistypedValuesSuggestTheClosest() throws {
        let cvd = try CLI.run(["simulate", "--cvd", "protn", "red"])
        #expect(cvd.status == 2 && cvd.stderr == "huebench simulate: --cvd 'protn' is not one of protan, deutan, tritan, achroma (did you mean 'protan'?) (huebench simulate)\n", "\(cvd.stderr)")
        let space = try CLI.run(["gamut", "--to", "srgbb", "red"])
        #expect(space.status == 2 && space.stderr.hasPrefix("huebench gamut: unknown space 'srgbb' for --to; known: srgb-linear, srgb,") && space.stderr.hasSuffix(" (did you mean 'srgb'?)\n"), "\(space.stderr)")
        let method = try CLI.run(["contrast", "--method", "apc", "red", "blue"])
        #expect(method.stderr == "huebench contrast: unknown contrast method 'apc' for --method; known: wcag21, apca, lstar, weber, michelson (did you mean 'apca'?)\n", "\(method.stderr)")
        let gamut = try CLI.run(["matrix", "--method", "wcag21", "--text", "x.txt", "--gamut", "srbg"])
        #expect(gamut.stderr == "huebench matrix: --gamut 'srbg' is not one of none, srgb, display-p3 (did you mean 'srgb'?) (huebench matrix)\n", "\(gamut.stderr)")
        let far = try CLI.run(["simulate", "--cvd", "zzzzzzzz", "red"])
        #expect(far.stderr == "huebench simulate: --cvd 'zzzzzzzz' is not one of protan, deutan, tritan, achroma (huebench simulate)\n")
        let long = try CLI.run(["simulate", "--cvd", String(repeating: "protan", count: 20), "red"])
        #expect(long.status == 2 && !long.stderr.contains("did you mean"))
    }

    /// `--pairs`: a background label is looked up in --background first (it used to take --text's color of the
    /// same name); a label given to two different colors is refused, naming both places.
    @Test func pairLabelsResolveOnTheirOwnSide() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let t = Self.write("fg\t#000\nsurface\t#000\ndup\t#111\ndup\t#eee\nsame\t#777\nsame\t#777\n", "text.txt", in: dir)
        let b = Self.write("surface\t#fff\n", "bg.txt", in: dir)
        let p = Self.write("fg\tsurface\nsame\tsurface\n", "pairs.tsv", in: dir)
        let r = try CLI.run(["matrix", "--method", "wcag21", "--pairs", p, "--text", t, "--background", b])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "   21.00  pass  fg (#000) on surface (#fff)  level 4.5\n    4.48  FAIL  same (#777) on surface (#fff)  level 4.5\n")
        let q = Self.write("dup\tsurface\n", "dup.tsv", in: dir)
        let d = try CLI.run(["matrix", "--method", "wcag21", "--pairs", q, "--text", t, "--background", b])
        #expect(d.status == 1)
        #expect(d.stderr.contains("  \(q):1: 'dup' names two different colors (\(t):3 and \(t):4); rename one of them or write the color itself"), "\(d.stderr)")
    }

    /// Levels below 0 are refused; a huge level is reported as written (it printed `inf` through Float).
    @Test func levelsAreCheckedAndShownAsGiven() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let t = Self.write("#000\n#fff\n#777\n", "c.txt", in: dir)
        let list = dir.appendingPathComponent("l.csv").path
        let neg = try CLI.run(["matrix", "--method", "wcag21", "--text", t, "--below", "-5", "--list", list])
        #expect(neg.status == 2)
        #expect(neg.stderr == "huebench matrix: --below '-5' is negative; give a level of 0 or more (a pair fails when its value, for APCA |Lc|, is under it) (huebench matrix)\n")
        #expect(!FileManager.default.fileExists(atPath: list))
        let huge = try CLI.run(["matrix", "--method", "wcag21", "--text", t, "--below", "1e308", "--list", list])
        #expect(huge.status == 0)
        #expect(huge.stderr.contains("6 pairs below 1e+308 written to \(list)"), "\(huge.stderr)")
        let p = Self.write("#000\t#fff\n", "p.tsv", in: dir)
        let pn = try CLI.run(["matrix", "--method", "wcag21", "--pairs", p, "--below", "-1"])
        #expect(pn.status == 2 && pn.stderr.contains("--below '-1' is negative"))
    }

    /// Output paths: a folder gets an example with the option's own extension; `--pairs … --list` may not write
    /// over the --text input (it used to replace it); `--pairs` naming a folder says so.
    @Test func outputPathsThatAreFoldersOrInputs() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let t = Self.write("fg\t#000\nbg\t#fff\n", "colors.csv", in: dir)
        let folder = dir.appendingPathComponent("d.csv").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let r = try CLI.run(["matrix", "--method", "wcag21", "--text", t, "--below", "3", "--list", folder])
        #expect(r.stderr.hasPrefix("huebench matrix: --list '") && r.stderr.hasSuffix("/list.csv (huebench matrix)\n") && r.stderr.contains("' is a folder; give a file path, e.g. "), "\(r.stderr)")
        let p = Self.write("fg\tbg\n", "p.tsv", in: dir)
        let over = try CLI.run(["matrix", "--method", "wcag21", "--pairs", p, "--text", t, "--list", t])
        #expect(over.status == 2)
        #expect(over.stderr.hasPrefix("huebench matrix: --list '") && over.stderr.hasSuffix("' is the --text input file; write the output to another path (huebench matrix)\n"), "\(over.stderr)")
        #expect(try String(contentsOfFile: t, encoding: .utf8) == "fg\t#000\nbg\t#fff\n")
        let u = try CLI.run(["matrix", "--method", "wcag21", "--pairs", "/dev/urandom"])
        #expect(u.stderr == "huebench matrix: --pairs '/dev/urandom' is a device, whose data does not end; give a file of TEXT<TAB>BACKGROUND[<TAB>LEVEL] lines (huebench matrix)\n")
        let null = try CLI.run(["matrix", "--method", "wcag21", "--pairs", "/dev/null"])
        #expect(null.status == 2 && null.stderr.contains("'/dev/null' holds no pairs"), "\(null.stderr)")
        let f = try CLI.run(["matrix", "--method", "wcag21", "--pairs", dir.path])
        #expect(f.stderr.hasPrefix("huebench matrix: --pairs '") && f.stderr.hasSuffix("' is a folder; give a file of TEXT<TAB>BACKGROUND[<TAB>LEVEL] lines (huebench matrix)\n"), "\(f.stderr)")
    }

    /// Labels with terminal escapes and NUL are shown, not sent, in the human-readable matrix and pair rows
    /// (JSON and CSV carry them escaped by their own rules).
    @Test func terminalEscapesInLabelsAreShownNotSent() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let t = Self.write("\u{1B}]52;c;cHdu\u{07}\t#000\nnul\u{0}x\t#fff\n", "t.txt", in: dir)
        let r = try CLI.run(["matrix", "--method", "wcag21", "--text", t, "--worst", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("  21  \\u{1B}]52;c;cHdu\\u{7} (#000, \(t):1) on nul\\u{0}x (#fff, \(t):2)\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("\u{1B}") && !r.stdout.contains("\u{0}"))
        let bidi = Self.write("\u{202E}txet\t#000\nbg\t#fff\n", "bidi.txt", in: dir)
        let b = try CLI.run(["matrix", "--method", "wcag21", "--text", bidi, "--worst", "1"])
        #expect(b.stdout.contains("  21  \\u{202E}txet (#000, \(bidi):1) on bg (#fff, \(bidi):2)\n"), "\(b.stdout)")
        let p = Self.write("\u{1B}]52;c;cHdu\u{07}\tnul\u{0}x\n", "p.tsv", in: dir)
        let q = try CLI.run(["matrix", "--method", "wcag21", "--pairs", p, "--text", t])
        #expect(q.stdout == "   21.00  pass  \\u{1B}]52;c;cHdu\\u{7} (#000) on nul\\u{0}x (#fff)  level 4.5\n", "\(q.stdout)")
    }

    /// `simulate` reads labels as the streams do, and a bad or blank line keeps its row (text row i is input
    /// line i); it used to print nothing for either and to refuse `label<TAB>color`.
    @Test func simulateKeepsRowsAndLabels() throws {
        let r = try CLI.run(["simulate", "--cvd", "deutan"], input: "brand\tred\nnope\n\n--x: #00b386;\n")
        #expect(r.status == 1)
        #expect(r.stdout == "brand  srgb          0.6400596   0.5658069   0.0000000  #a39000  color(srgb 0.64006 0.565807 0)\nerror\n\n"
                + "--x  srgb          0.6127401   0.5964829   0.5374298  #9c9889  color(srgb 0.61274 0.596483 0.53743)\n", "\(r.stdout)")
        #expect(r.stderr == "huebench simulate: line 2: invalid color 'nope': unknown color name 'nope' at 0\n")
        let j = try CLI.run(["simulate", "--cvd", "deutan", "--json"], input: "brand\tred\n\nnope\n")
        let rows = j.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 2)
        #expect(rows[0].hasPrefix("{\"input\":\"brand\\tred\",\"label\":\"brand\",\"cvd\":\"deutan\""), "\(rows[0])")
        #expect(rows[1] == "{\"input\":\"nope\",\"error\":\"invalid color 'nope': unknown color name 'nope' at 0\"}")
        let a = try CLI.run(["simulate", "--cvd", "achroma", "nope", "red"])
        #expect(a.stdout == "error\nsrgb          0.4984822   0.4984822   0.4984822  #7f7f7f  color(srgb 0.498482 0.498482 0.498482)\n")
    }

    /// An output that cannot be written used to fail only after the others were renamed into place (`--list`
    /// written, then `--report` refused: exit 1 with a list on disk). A name longer than NAME_MAX and a
    /// symbolic link are now refused before anything is computed, and nothing is left behind.
    @Test func outputsThatCannotBeWrittenAreRefusedFirst() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let t = Self.write("#000\n#fff\n#777\n", "c.txt", in: dir)
        let list = dir.appendingPathComponent("l.csv").path
        let long = dir.appendingPathComponent(String(repeating: "r", count: 300) + ".html").path
        let r = try CLI.run(["matrix", "--method", "wcag21", "--text", t, "--below", "4.5", "--list", list, "--report", long])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("huebench matrix: --report '") && r.stderr.hasSuffix("': the file name is 305 bytes; a name holds at most 255 — give a shorter one (huebench matrix)\n"), "\(r.stderr)")
        let link = dir.appendingPathComponent("r.html").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dir.appendingPathComponent("elsewhere.html").path)
        let s = try CLI.run(["matrix", "--method", "wcag21", "--text", t, "--below", "4.5", "--list", list, "--report", link])
        #expect(s.status == 2)
        #expect(s.stderr.hasPrefix("huebench matrix: --report '") && s.stderr.hasSuffix("' is a symbolic link; output never writes through links — remove the link or choose another path (huebench matrix)\n"), "\(s.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["c.txt", "r.html"], "\(left)")
        // All three outputs together, written: the list, the report and the matrix.
        let out = dir.appendingPathComponent("m.npy").path, report = dir.appendingPathComponent("ok.html").path
        let ok = try CLI.run(["matrix", "--method", "wcag21", "--text", t, "--below", "4.5", "--list", list, "--report", report, "--out", out])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stderr == "huebench matrix: 2 pairs below 4.5 written to \(list)\nhuebench matrix: report written to \(report) (2 pairs below 4.5)\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files == ["c.txt", "l.csv", "m.npy", "ok.html", "r.html"], "\(files)")
    }

    /// `HUEBENCH_THREADS=99999999` used to start that many stream threads (23 GiB resident before it ended) and
    /// 2⁶³−1 crashed on an overflow; a value that is not 0…4096 is a usage error, and more than the machine's
    /// cores runs on its cores, with the same bytes as one thread.
    @Test func streamThreadCountsAreChecked() throws {
        let input = "red\nnope\nlabel\t#00b386\n"
        for bad in ["abc", "-1", "99999999", "9223372036854775807"] {
            let r = try CLI.run(["convert", "--to", "oklch"], input: input, environment: ["HUEBENCH_THREADS": bad])
            #expect(r.status == 2 && r.signal == nil)
            #expect(r.stderr == "huebench convert: HUEBENCH_THREADS='\(bad)' is not a whole number 0…4096; give the cores to use (0: all) or unset it\n")
            #expect(r.stdout.isEmpty)
        }
        let one = try CLI.run(["convert", "--to", "oklch"], input: input, environment: ["HUEBENCH_THREADS": "1"])
        let many = try CLI.run(["convert", "--to", "oklch"], input: input, environment: ["HUEBENCH_THREADS": "4096"])
        #expect(one.status == 1 && many.status == 1)
        #expect(one.stdout == many.stdout && one.stderr == many.stderr)
        #expect(one.stdout.split(separator: "\n").count == 3)
    }

    /// `simulate < /dev/zero` read one endless line through readLine (5.8 GB resident after 8 s); it now stops at
    /// the streams' 1 MiB line limit, naming the line.
    @Test func simulateStopsAtTheLineLimit() throws {
        let err = Pipe()
        let p = try CLI.start(["simulate", "--cvd", "protan"], stdin: FileHandle(forReadingAtPath: "/dev/zero"), stderr: err)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(message == "huebench simulate: standard input: line 1 is longer than 1048576 bytes (the line limit) — is this the right input? Colors are read one per line\n", "\(message)")
        let r = try CLI.run(["simulate", "--cvd", "protan"], input: "red\r\n\r\nlbl\tblue\r\n")
        #expect(r.stdout == "srgb          0.4266085   0.3726543   0.0000000  #6d5f00  color(srgb 0.426608 0.372654 0)\n\n"
                + "lbl  srgb          0.0000000   0.3478668   1.0000000  #0059ff  color(srgb 0 0.347867 1)\n", "\(r.stdout)")
    }

    /// Stream text rows echoed labels (`label<TAB>color`, CSS custom property names) and a pair's colors raw, so a
    /// label holding ESC `[31m` or CSI U+009B wrote escape sequences to the terminal. They are shown as `\u{1B}`
    /// (as the matrix rows and stderr show them); JSON escapes them; stderr quoting a bad line escapes them too.
    @Test func streamLabelsWithTerminalEscapesAreShownNotSent() throws {
        let input = "red\u{1B}[31m\tred\n--x\u{9B}2J: blue;\nok\t#00b386\n"
        for command in [["convert", "--to", "srgb"], ["gamut", "--to", "srgb"], ["parse"], ["simulate", "--cvd", "protan"]] {
            let r = try CLI.run(command, input: input)
            #expect(r.status == 0, "\(command): \(r.stderr)")
            #expect(r.lines.count == 3, "\(command): \(r.lines)")
            #expect(r.lines[0].hasPrefix("red\\u{1B}[31m  srgb "), "\(command): \(r.lines[0])")
            #expect(r.lines[1].hasPrefix("--x\\u{9B}2J  srgb "), "\(command): \(r.lines[1])")
            #expect(r.lines[2].hasPrefix("ok  "), "\(command): \(r.lines[2])")
            #expect(!r.stdout.contains("\u{1B}") && !r.stdout.contains("\u{9B}"), "\(command)")
            let j = try CLI.run(command + ["--json"], input: input)
            #expect(j.lines[0].contains("\"label\":\"red\\u001b[31m\""), "\(command): \(j.lines[0])")
            #expect(j.lines[1].contains("\"label\":\"--x\\u009b2J\""), "\(command): \(j.lines[1])")
            #expect(!j.stdout.contains("\u{1B}") && !j.stdout.contains("\u{9B}"), "\(command)")
        }
        // A bad line's message on stderr quotes it with the same escapes; its row stays `error`.
        let bad = try CLI.run(["convert", "--to", "srgb"], input: "x\u{1B}[31m\tno\u{9B}pe\n")
        #expect(bad.status == 1 && bad.stdout == "error\n")
        #expect(bad.stderr == "huebench convert: line 1: invalid color 'no\\u{9B}pe': unknown color name 'no\\u{9B}pe' at 0\n", "\(bad.stderr)")
        // Pairs echo their colors; a CSS comment is whitespace, so `#000/*ESC…*/` is a color.
        let pair = try CLI.run(["contrast"], input: "#000/*\u{1B}[2J*/\twhite\n")
        #expect(pair.stdout == "     21.00  #000/*\\u{1B}[2J*/ on white\n", "\(pair.stdout)")
    }

    /// `gamut 'oklch(0.5 1e300 30)'` printed NaN coordinates (text) and `null` coords with
    /// `color(srgb none none none)` (JSON): the reference overflowed. The row is now the one of chroma
    /// 1e300·2⁻⁹⁹⁰ (≈ 95.6, far outside, nothing overflows), which the bisection from 1e300 reaches exactly after
    /// 990 halvings (see EdgeCaseTests.hugeChromaMapsToAFiniteInGamutColor); `deltae`/`contrast --gamut` likewise.
    @Test func hugeChromaMapsLikeAFarChroma() throws {
        let far = "oklch(0.5 \(1e300 * 0x1p-990) 30)"
        for args in [["gamut", "--to", "srgb"], ["gamut", "--to", "srgb", "--json"]] {
            let huge = try CLI.run(args + ["oklch(0.5 1e300 30)"])
            let streamed = try CLI.run(args, input: "oklch(0.5 1e300 30)\n")
            let reference = try CLI.run(args + [far])
            #expect(huge.status == 0 && huge.stderr.isEmpty, "\(huge.stderr)")
            #expect(!huge.stdout.contains("NaN") && !huge.stdout.contains("null") && !huge.stdout.contains("none"), "\(huge.stdout)")
            #expect(huge.stdout == streamed.stdout)
            #expect(huge.stdout == reference.stdout.replacingOccurrences(of: far, with: "oklch(0.5 1e300 30)"), "\(huge.stdout) vs \(reference.stdout)")
        }
        // CSS's infinity as chroma is the largest Double (the bisection could not halve +∞: the command hung).
        let inf = try CLI.run(["gamut", "--to", "srgb", "oklch(0.5 calc(infinity) 30)"])
        #expect(inf.status == 0 && inf.stdout.hasPrefix("srgb          0.76592"), "\(inf.stdout) \(inf.stderr)")
        let j = try CLI.json(try CLI.run(["gamut", "--to", "srgb", "--json", "oklch(0.5 1e300 30)"]).lines[0])
        let coords = CLI.coords(j)
        #expect(coords.allSatisfy { $0 != nil && $0! >= 0 && $0! <= 1 }, "\(coords)")
        for command in ["deltae", "contrast"] {
            let a = try CLI.run([command, "--gamut", "srgb", "--json", "oklch(0.5 1e300 30)", "white"])
            let b = try CLI.run([command, "--gamut", "srgb", "--json", far, "white"])
            let va = try CLI.json(a.lines[0])["value"] as? Double, vb = try CLI.json(b.lines[0])["value"] as? Double
            #expect(va != nil && va == vb, "\(command): \(a.stdout) vs \(b.stdout)")
        }
    }

    /// Overflowing conversions: `gamut` refuses them on the color's row (it printed black), `deltae` and
    /// `contrast` print NaN (or +∞) with the warning (they printed 100 and 21), as an argument and streamed;
    /// huge coordinates print as `1e+16`, never as hundreds of digits, and a column never runs into the one
    /// before.
    @Test func overflowsAreErrorsOrNaNAndHugeNumbersKeepTheirColumns() throws {
        let g = try CLI.run(["gamut", "--to", "srgb"], input: "color(srgb 1e300 0 0)\n#fff\n")
        #expect(g.status == 1 && g.stdout.hasPrefix("error\nsrgb "), "\(g.stdout)")
        #expect(g.stderr == "huebench gamut: line 1: cannot gamut-map a color whose conversion to OKLCH overflows (a coordinate too large for srgb); use coordinates of a displayable size\n", "\(g.stderr)")
        let pairs = "color(srgb 1e300 0 0)\twhite\noklch(0.5 1e300 30)\twhite\n"
        for (command, method) in [("deltae", "2000"), ("deltae", "ok"), ("contrast", "wcag21")] {
            let s = try CLI.run([command, "--method", method], input: pairs)
            let a = try CLI.run([command, "--method", method, "oklch(0.5 1e300 30)", "white"])
            // (OKLab of chroma 1e300 is finite, so ΔEOK from it is +∞; through XYZ it overflows to NaN.)
            let want = method == "ok" ? "inf" : "NaN"
            #expect(s.lines.count == 2 && s.lines[1].hasPrefix("       \(want)  oklch(0.5 1e300 30) "), "\(command) \(method): \(s.stdout)")
            #expect(s.stderr.contains("line 2: warning: the value is \(want == "inf" ? "infinite" : "NaN") (out-of-range input)"), "\(s.stderr)")
            #expect(a.stdout == s.lines[1] + "\n", "\(a.stdout)")
        }
        let x = try CLI.run(["convert", "--to", "xyz"], input: "color(xyz 1234.5 -1234.5 1e16)\n")
        #expect(x.stdout == "xyz-d65     1234.5000000 -1234.5000000       1e+16  color(xyz-d65 1234.5 -1234.5 10000000000000000)\n", "\(x.stdout)")
        let o = try CLI.run(["convert", "--to", "oklch", "oklch(0.5 1e300 30)"])
        #expect(o.stdout == "oklch         0.5000000      1e+300  30.0000000  oklch(0.5 1e300 30)\n", "\(o.stdout)")
        // A color list's overflowing entry is a bad line (it was black, or an ∞ ratio that passed every level).
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let t = Self.write("big\tcolor(srgb 1e300 0 0)\nred\tred\n", "t.txt", in: dir)
        let m = try CLI.run(["matrix", "--method", "wcag21", "--text", t])
        #expect(m.status == 1 && m.stderr.contains("\(t):1: 'color(srgb 1e300 0 0)' has coordinates too large for srgb (its conversion to XYZ overflows); use coordinates of a displayable size\n"), "\(m.stderr)")
        let p = Self.write("oklch(0.5 1e300 30)\twhite\nred\twhite\n", "p.tsv", in: dir)
        let q = try CLI.run(["matrix", "--method", "wcag21", "--pairs", p])
        #expect(q.stderr.contains("\(p):1: 'oklch(0.5 1e300 30)' has coordinates too large for oklch"), "\(q.stderr)")
        // The bad-entry list names its file on one line each: a newline or ESC in the file name is shown, not sent.
        let odd = Self.write("color(srgb 1e300 0 0)\n", "a\nb\u{1B}[31m.txt", in: dir)
        let o2 = try CLI.run(["matrix", "--method", "wcag21", "--text", odd])
        let shown = odd.replacingOccurrences(of: "\n", with: "\\u{A}").replacingOccurrences(of: "\u{1B}", with: "\\u{1B}")
        #expect(o2.status == 1 && !o2.stderr.contains("\u{1B}"), "\(o2.stderr)")
        #expect(o2.stderr.contains("  \(shown):1: 'color(srgb 1e300 0 0)' has coordinates too large"), "\(o2.stderr)")
    }

    /// A number literal beyond the Double range became an infinite coordinate (JSON `null`); it is refused on one
    /// line naming the input, as an argument and streamed (the quick reader hands it to the full parser).
    @Test func numbersBeyondTheDoubleRangeAreRefused() throws {
        let r = try CLI.run(["convert", "--to", "oklch", "--json", "color(srgb 1e309 0 0)"])
        #expect(r.status == 1)
        #expect(r.stdout == "{\"input\":\"color(srgb 1e309 0 0)\",\"error\":\"invalid color 'color(srgb 1e309 0 0)': number '1e309' is out of range (beyond ±1.8e308); use a finite number at 11\"}\n", "\(r.stdout)")
        let s = try CLI.run(["gamut", "--to", "srgb"], input: "oklch(0.5 0.1 1e400)\n#fff\n")
        #expect(s.status == 1)
        #expect(s.stdout.hasPrefix("error\nsrgb "), "\(s.stdout)")
        #expect(s.stderr == "huebench gamut: line 1: invalid color 'oklch(0.5 0.1 1e400)': number '1e400' is out of range (beyond ±1.8e308); use a finite number at 14\n", "\(s.stderr)")
        let c = try CLI.run(["parse", "color(srgb calc(1e308 * 10) 0 0)"])
        #expect(c.stderr == "huebench parse: argument 1: invalid color 'color(srgb calc(1e308 * 10) 0 0)': '*' in calc() overflows (its result is beyond ±1.8e308); use smaller numbers at 22\n", "\(c.stderr)")
    }

    /// Labels a spreadsheet would run as formulas (OWASP "CSV Injection") are written with a leading `'` in the
    /// matrix CSV (header row and first column) and the `--list` CSV; CSS custom property names stay as written.
    @Test func csvLabelsAreNeverFormulas() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let t = Self.write("=cmd|' /C calc'!A0\t#777\n--brand-500: #00b386;\n@SUM(1+1)\t#ccc\n", "t.txt", in: dir)
        let b = Self.write("-2+3+cmd|x\t#fff\n", "b.txt", in: dir)
        let m = dir.appendingPathComponent("m.csv").path, list = dir.appendingPathComponent("l.csv").path
        let r = try CLI.run(["matrix", "--method", "wcag21", "--text", t, "--background", b, "--out", m,
                             "--below", "4.5", "--list", list])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try String(contentsOfFile: m, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(rows.count == 4 && rows[0] == "text \\ background,'-2+3+cmd|x", "\(rows)")
        #expect(rows[1].hasPrefix("'=cmd|' /C calc'!A0,4.4") && rows[2].hasPrefix("--brand-500,2.") && rows[3].hasPrefix("'@SUM(1+1),1.6"), "\(rows)")
        let l = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(l.count == 4 && l[1].hasPrefix("'=cmd|' /C calc'!A0,#777,'-2+3+cmd|x,#fff,4.47"), "\(l)")
        #expect(l[2].hasPrefix("--brand-500,#00b386,'-2+3+cmd|x,#fff,2.") && l[3].hasPrefix("'@SUM(1+1),#ccc,'-2+3+cmd|x,#fff,1.6"), "\(l)")
    }
}
