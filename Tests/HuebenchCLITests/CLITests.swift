import Foundation
import Testing

/// Checks the CLI contract of issue 2: outputs, JSON shape, exit statuses 0/1/2, stdin mode, `--version`,
/// `help`, and streaming 10⁵ lines.
extension CLI {
    static func json(_ line: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    }

    static func coords(_ obj: [String: Any]) -> [Double?] {
        (obj["coords"] as! [Any]).map { ($0 as? NSNumber)?.doubleValue }
    }
}

@Suite struct CLITests {
    @Test func versionPrintsLuaFromTheInterpreter() throws {
        let r = try CLI.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("huebench "))
        #expect(r.stdout.contains("Lua 5.4"), "got \(r.stdout)")
    }

    @Test func helpListsEveryColorCommand() throws {
        let r = try CLI.run(["help"])
        #expect(r.status == 0)
        for cmd in ["parse", "convert", "gamut", "contrast", "deltae"] { #expect(r.stdout.contains("  \(cmd) "), "\(cmd)") }
        for cmd in ["parse", "convert", "gamut", "contrast", "deltae"] {
            let h = try CLI.run([cmd, "--help"])
            #expect(h.status == 0 && h.stdout.hasPrefix("usage: huebench \(cmd)") && h.stdout.contains("example:"), "\(cmd)")
            #expect(try CLI.run(["help", cmd]).stdout == h.stdout)
        }
        #expect(try CLI.run(["help", "nope"]).status == 2)
    }

    @Test func parseJSONShape() throws {
        let r = try CLI.run(["parse", "--json", "oklch(62.8% 0.258 29.23)", "hsl(none 0% 50% / 0.5)"])
        #expect(r.status == 0)
        #expect(r.lines.count == 2)
        let a = try CLI.json(r.lines[0])
        #expect(Set(a.keys) == ["input", "space", "coords", "alpha", "css"])
        #expect(a["input"] as? String == "oklch(62.8% 0.258 29.23)" && a["space"] as? String == "oklch")
        let c = CLI.coords(a)
        #expect(abs(c[0]! - 0.628) < 1e-12 && abs(c[1]! - 0.258) < 1e-12 && abs(c[2]! - 29.23) < 1e-12)
        #expect((a["alpha"] as? NSNumber)?.doubleValue == 1)
        let b = try CLI.json(r.lines[1])
        #expect(CLI.coords(b)[0] == nil, "a none hue is JSON null")
        #expect((b["alpha"] as? NSNumber)?.doubleValue == 0.5)
    }

    @Test func parseTextIsAligned() throws {
        let r = try CLI.run(["parse", "red", "oklch(0.5 0.1 200)"])
        #expect(r.status == 0)
        let rows = r.lines
        #expect(rows.count == 2)
        // Coordinates are right-aligned in fixed columns: the last coordinate ends at the same offset.
        let ends = rows.map { $0.range(of: "  ", options: .backwards, range: $0.startIndex..<$0.endIndex)!.lowerBound }
        #expect(rows[0].distance(from: rows[0].startIndex, to: ends[0]) == rows[1].distance(from: rows[1].startIndex, to: ends[1]))
    }

    @Test func convertToOKLCH() throws {
        let r = try CLI.run(["convert", "--to", "oklch", "--json", "red"])
        #expect(r.status == 0)
        let o = try CLI.json(r.lines[0])
        let c = CLI.coords(o)
        // CSS Color 4: sRGB red is oklch(0.627955 0.257683 29.2339).
        #expect(abs(c[0]! - 0.6279554) < 1e-6 && abs(c[1]! - 0.2576833) < 1e-6 && abs(c[2]! - 29.2338851) < 1e-4)
        let t = try CLI.run(["convert", "--to", "oklch", "red"])
        #expect(t.stdout.hasPrefix("oklch") && t.stdout.contains("0.6279554") && t.stdout.contains("0.2576833"))
    }

    @Test func convertMissingHueIsNull() throws {
        let r = try CLI.run(["convert", "--to", "lch", "--json", "white"])
        #expect(CLI.coords(try CLI.json(r.lines[0]))[2] == nil)
    }

    @Test func unknownSpaceMethodOrFlagIsUsage() throws {
        let s = try CLI.run(["convert", "--to", "nope", "red"])
        #expect(s.status == 2 && s.stderr.contains("known:") && s.stderr.contains("oklch"))
        let m = try CLI.run(["deltae", "--method", "nope", "red", "blue"])
        #expect(m.status == 2 && m.stderr.contains("2000") && m.stderr.contains("ok"))
        let g = try CLI.run(["gamut", "--to", "srgb", "--method", "nope", "red"])
        #expect(g.status == 2 && g.stderr.contains("css4") && g.stderr.contains("clip"))
        #expect(try CLI.run(["gamut", "--to", "lab", "red"]).status == 2)
        #expect(try CLI.run(["convert", "red"]).status == 2, "--to is required")
        #expect(try CLI.run(["parse", "--frobnicate", "red"]).status == 2)
        #expect(try CLI.run(["contrast", "red"]).status == 2, "one color is not a pair")
        #expect(try CLI.run(["nonsense"]).status == 2)
    }

    @Test func badArgumentExitsOneAndReportsIt() throws {
        let r = try CLI.run(["parse", "red", "rgb(1 2", "blue"])
        #expect(r.status == 1)
        #expect(r.lines.count == 3 && r.lines[1] == "error", "row i is argument i")
        #expect(r.stderr.contains("argument 2") && r.stderr.contains("rgb(1 2"))
    }

    @Test func stdinWithABadLineInTheMiddle() throws {
        let r = try CLI.run(["convert", "--to", "srgb", "--json"], input: "#ff0000\nnot-a-color\n\noklch(0.5 0.1 200)\n")
        #expect(r.status == 1)
        #expect(r.lines.count == 3, "the blank line is skipped; the bad one reports and the loop goes on")
        let bad = try CLI.json(r.lines[1])
        #expect(Set(bad.keys) == ["input", "error"] && bad["input"] as? String == "not-a-color")
        #expect(try CLI.json(r.lines[2])["space"] as? String == "srgb")
    }

    @Test func gamutCSS4AndClip() throws {
        let r = try CLI.run(["gamut", "--to", "srgb", "--json", "color(display-p3 0 1 0)"])
        #expect(r.status == 0)
        let c = CLI.coords(try CLI.json(r.lines[0]))
        // Color.js test/gamut.js: P3 green → sRGB by the CSS algorithm = (0, 0.98576, 0.15974).
        #expect(abs(c[0]!) < 1e-3 && abs(c[1]! - 0.98576) < 1e-3 && abs(c[2]! - 0.15974) < 1e-3)
        let k = try CLI.run(["gamut", "--to", "srgb", "--method", "clip", "--json", "color(display-p3 0 1 0)"])
        #expect(CLI.coords(try CLI.json(k.lines[0])).map { $0! } == [0, 1, 0])
    }

    @Test func contrastWCAGAndAPCA() throws {
        // WCAG 2.1: #777 on white ≈ 4.48; APCA (apca-w3): #888 on #fff = 63.056469930209424.
        let w = try CLI.run(["contrast", "--json", "#777", "white"])
        #expect(w.status == 0)
        let o = try CLI.json(w.lines[0])
        #expect(Set(o.keys) == ["input", "text", "background", "value"])
        #expect(o["text"] as? String == "#777" && o["background"] as? String == "white")
        #expect(abs((o["value"] as! NSNumber).doubleValue - 4.478) < 1e-3)
        let a = try CLI.run(["contrast", "--method", "apca", "--json", "#888", "#fff"])
        #expect(abs((try CLI.json(a.lines[0])["value"] as! NSNumber).doubleValue - 63.056469930209424) < 1e-9)
        let t = try CLI.run(["contrast", "#777", "white"])
        #expect(t.stdout.contains("4.48") && t.stdout.contains("#777") && t.stdout.contains("white"))
    }

    @Test func pairsFromStdin() throws {
        let r = try CLI.run(["deltae", "--method", "76", "--json"], input: "white\tblack\nred\nred\tred\n")
        #expect(r.status == 1)
        #expect(r.lines.count == 3)
        #expect(abs((try CLI.json(r.lines[0])["value"] as! NSNumber).doubleValue - 100) < 1e-4)
        #expect(try CLI.json(r.lines[1])["error"] is String)
        #expect((try CLI.json(r.lines[2])["value"] as! NSNumber).doubleValue == 0)
    }

    @Test func deltaE2000OnSharmaPair() throws {
        // Sharma, Wu, Dalal (2005) pair 1: ΔE00 = 2.0425.
        let r = try CLI.run(["deltae", "--json", "lab(50 2.6772 -79.7751)", "lab(50 0 -82.7485)"])
        #expect(abs((try CLI.json(r.lines[0])["value"] as! NSNumber).doubleValue - 2.0425) < 5e-5)
    }

    @Test func streamsHundredThousandLines() throws {
        var input = ""
        input.reserveCapacity(2_000_000)
        for i in 0..<100_000 {
            input += i % 2 == 0 ? "oklch(0.\(i % 97 + 1) 0.1\(i % 9) \(i % 360))\n" : String(format: "#%06x\n", i * 167 % 0xffffff)
        }
        let r = try CLI.run(["convert", "--to", "display-p3", "--json"], input: input)
        #expect(r.status == 0, "stderr: \(r.stderr.prefix(300))")
        let lines = r.lines
        #expect(lines.count == 100_000)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"input\":") && $0.hasSuffix("}") })
        #expect(try CLI.json(lines[99_999])["space"] as? String == "display-p3")
    }
}
