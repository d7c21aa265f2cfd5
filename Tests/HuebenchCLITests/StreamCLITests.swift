import Foundation
import Testing

/// The streaming commands through the binary: row i is input line i in text mode, inputs that never end stop
/// at the line limit with the line's number, out-of-range results print NaN/inf with a warning.
@Suite struct StreamCLITests {
    @Test func textRowsLineUpWithInputLines() throws {
        let r = try CLI.run(["convert", "--to", "oklch"], input: "red\nnope\n\n#00b386\n")
        #expect(r.status == 1)
        #expect(r.lines.count == 4)
        #expect(r.lines[0].hasPrefix("oklch") && r.lines[1] == "error" && r.lines[2] == "" && r.lines[3].hasPrefix("oklch"))
        #expect(r.stderr.hasPrefix("huebench convert: line 2: invalid color 'nope'"), "\(r.stderr)")
        let pairs = try CLI.run(["contrast"], input: "#000\t#fff\n#000 #fff\n#777\twhite\n")
        #expect(pairs.lines.count == 3 && pairs.lines[1] == "error", "\(pairs.lines)")
        #expect(pairs.stderr.contains("line 2: expected two colors separated by one TAB (or LABEL<TAB>A<TAB>B), got 1 field"))
        #expect(pairs.lines[0] == "     21.00  #000 on #fff")
    }

    /// Pair lines may carry a label (`label<TAB>A<TAB>B`): it leads the text row and is `"label"` in JSON, after
    /// the whole line as `"input"`; the values are those of the unlabelled pair (#777 on white: WCAG 4.48; #888
    /// on #fff: APCA Lc 63.056469930209424, apca-w3's README). An empty label or a fourth field is an error
    /// naming the shapes.
    @Test func pairLinesCarryLabels() throws {
        let input = "body\t#777\twhite\n#777\twhite\n\t#777\twhite\nx\t#777\twhite\tAA\n"
        let r = try CLI.run(["contrast"], input: input)
        #expect(r.status == 1 && r.lines.count == 4, "\(r.lines)")
        #expect(r.lines[0] == "body        4.48  #777 on white" && r.lines[1] == "      4.48  #777 on white", "\(r.lines)")
        #expect(r.lines[2] == "error" && r.lines[3] == "error")
        #expect(r.stderr.contains("line 3: expected two colors separated by one TAB (or LABEL<TAB>A<TAB>B), got 3 fields"), "\(r.stderr)")
        #expect(r.stderr.contains("line 4: expected two colors separated by one TAB (or LABEL<TAB>A<TAB>B), got 4 fields"), "\(r.stderr)")
        let j = try CLI.run(["contrast", "--method", "apca", "--json"], input: "body\t#888\t#fff\n")
        let o = try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as! [String: Any]
        #expect(o["input"] as? String == "body\t#888\t#fff" && o["label"] as? String == "body")
        #expect(o["text"] as? String == "#888" && o["background"] as? String == "#fff")
        let plain = try CLI.run(["contrast", "--method", "apca", "--json"], input: "#888\t#fff\n")
        let p = try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as! [String: Any]
        #expect(o["value"] as? Double == p["value"] as? Double && abs((p["value"] as! Double) - 63.056469930209424) < 1e-9, "\(p)")
        let d = try CLI.run(["deltae", "--method", "ok"], input: "warm\tred\torange\n")
        #expect(d.lines == ["warm    0.238136  red vs orange"], "\(d.lines)")
    }

    /// `parse < /dev/zero` used to grow to 4 GB and exit 0. Now: stop at the 1 MiB line limit, name the line.
    @Test func anInputThatNeverEndsStopsAtTheLineLimit() throws {
        let err = Pipe()
        let p = try CLI.start(["parse"], stdin: FileHandle(forReadingAtPath: "/dev/zero"), stderr: err)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(message == "huebench parse: standard input: line 1 is longer than 1048576 bytes (the line limit) — is this the right input? Colors are read one per line\n", "\(message)")
    }

    @Test func aLongLineAfterGoodOnesKeepsTheirRows() throws {
        let r = try CLI.run(["parse"], input: "red\nblue\n" + String(repeating: "x", count: (1 << 20) + 10) + "\nwhite\n")
        #expect(r.status == 1)
        #expect(r.lines.count == 2 && r.lines[1].hasSuffix("rgb(0, 0, 255)"))
        #expect(r.stderr.contains("line 3 is longer than 1048576 bytes"))
    }

    @Test func nonFiniteResultsAreNotNone() throws {
        let r = try CLI.run(["convert", "--to", "oklab", "color(srgb 1e308 0 0)"])
        #expect(!r.lines[0].contains("none") && (r.lines[0].contains("NaN") || r.lines[0].contains("inf")), "\(r.lines)")
        #expect(r.stderr.contains("argument 1: warning: the result is not a finite number"))
        let c = try CLI.run(["contrast", "color(srgb 1e308 0 0)", "white"])
        #expect(!c.stdout.contains("nan") && c.stderr.contains("warning"), "\(c.stdout) \(c.stderr)")
        let j = try CLI.run(["contrast", "--json", "color(srgb 1e308 0 0)", "white"])
        #expect(j.stdout.contains("\"value\":null"))
    }

    @Test func legacyRGBIsClampedBeforeConverting() throws {
        let a = try CLI.run(["convert", "--to", "oklch", "rgb(300 0 0)"])
        let b = try CLI.run(["convert", "--to", "oklch", "red"])
        #expect(a.status == 0 && a.stdout == b.stdout)
        // A number beyond the Double range is refused rather than clamped (HostileInputCLITests).
        #expect(try CLI.run(["parse", "rgb(1e308 0 0)"]).stdout.hasSuffix("rgb(255, 0, 0)\n"))
        #expect(try CLI.run(["parse", "rgb(1e309 0 0)"]).stdout == "error\n")
    }

    /// Many lines through every core: same rows as one color at a time (arguments), in order.
    @Test func streamedRowsEqualArgumentRows() throws {
        let colors = (0..<5000).map { String(format: "#%06x", ($0 * 2_654_435_761) & 0xFFFFFF) }
        let streamed = try CLI.run(["convert", "--to", "lab"], input: colors.joined(separator: "\n") + "\n")
        let args = try CLI.run(["convert", "--to", "lab"] + Array(colors.prefix(200)))
        #expect(streamed.status == 0 && streamed.lines.count == 5000)
        #expect(Array(streamed.lines.prefix(200)) == args.lines)
    }
}
