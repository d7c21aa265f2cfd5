import Foundation
import Testing

/// `huebench matrix` with labelled inputs: labels in the worst list, JSON and CSV; every bad line at once or
/// `--skip-invalid`; token files and Huebench's own tokens/ output with `--context`; inputs that never end.
@Suite struct MatrixLabelTests {
    static func temp() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("hb-mlabel-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    @Test func labelsReachEveryOutput() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("text.css")
        try Data(":root {\n  --text-strong: #111;\n  --text-muted: #777;\n}\n".utf8).write(to: text)
        let bg = dir.appendingPathComponent("bg.txt")
        try Data("surface\twhite\nsurface,dim\t#eee\n".utf8).write(to: bg)
        let r = try CLI.run(["matrix", "--method", "wcag21", "--text", text.path, "--background", bg.path, "--worst", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("--text-muted (#777, \(text.path):3) on surface,dim (#eee, \(bg.path):2)"), "\(r.stdout)")
        let j = try CLI.run(["matrix", "--method", "wcag21", "--text", text.path, "--background", bg.path, "--worst", "1", "--json"])
        let obj = try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as! [String: Any]
        let worst = (obj["worst"] as! [[String: Any]])[0]
        #expect(worst["text"] as? String == "--text-muted" && worst["text_css"] as? String == "#777")
        #expect(worst["background"] as? String == "surface,dim" && worst["background_line"] as? Int == 2)
        let csv = dir.appendingPathComponent("m.csv")
        let c = try CLI.run(["matrix", "--method", "wcag21", "--text", text.path, "--background", bg.path, "--out", csv.path])
        #expect(c.status == 0, "\(c.stderr)")
        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(rows.count == 3)
        #expect(rows[0] == "text \\ background,surface,\"surface,dim\"")
        #expect(rows[1].hasPrefix("--text-strong,") && rows[2].hasPrefix("--text-muted,"))
    }

    @Test func everyBadLineAtOnceOrSkipped() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = dir.appendingPathComponent("colors.txt")
        try Data(("red\n" + (1...25).map { "nope-\($0)\n" }.joined() + "blue\n").utf8).write(to: f)
        let r = try CLI.run(["matrix", "--method", "apca", "--text", f.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("25 invalid entries in \(f.path):"), "\(r.stderr)")
        #expect(r.stderr.contains("\(f.path):2: invalid color 'nope-1'") && r.stderr.contains("\(f.path):21: invalid color 'nope-20'"))
        #expect(!r.stderr.contains("nope-21'") && r.stderr.contains("… and 5 more"))
        let s = try CLI.run(["matrix", "--method", "apca", "--text", f.path, "--skip-invalid"])
        #expect(s.status == 0)
        #expect(s.stdout.contains("2 text × 2 background colors"), "\(s.stdout)")
        #expect(s.stderr.contains("skipped 25 invalid entries"))
    }

    /// `matrix --text /dev/zero` used to read 4 GB, then say "permission denied"; a device is now refused.
    @Test func aFileThatNeverEndsStopsAtTheLineLimit() throws {
        let r = try CLI.run(["matrix", "--method", "wcag21", "--text", "/dev/zero"])
        #expect(r.status == 2)
        #expect(r.stderr == "huebench matrix: cannot read '/dev/zero': it is a device, whose data does not end; give a file of colors, or '-' to read standard input (huebench matrix)\n", "\(r.stderr)")
        // /dev/urandom has short lines: they were collected (as bad entries) until memory ran out.
        let u = try CLI.run(["matrix", "--method", "wcag21", "--text", "/dev/urandom"])
        #expect(u.status == 2 && u.stderr.contains("cannot read '/dev/urandom': it is a device, whose data does not end"), "\(u.stderr)")
        // A never-ending line from a pipe still stops at the line limit.
        let p = try CLI.run(["matrix", "--method", "wcag21", "--text", "-"], input: String(repeating: "a", count: 1_100_000))
        #expect(p.status == 2 && p.stderr.contains("standard input: line 1 is longer than 1048576 bytes"), "\(p.stderr)")
    }

    /// Huebench's own tokens/ output read back: the resolver's contexts select light or dark semantic tokens.
    @Test func ownTokenOutputWithContexts() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let b = try CLI.run(["build", "--quiet", "--family", "orange,blue", "--formats", "dtcg", "--out", "web"], cwd: dir.path)
        #expect(b.status == 0, "\(b.stderr)")
        let tokens = dir.appendingPathComponent("web/tokens")
        // Count what the files hold: palette stops + one context's semantic tokens.
        func count(_ file: String) throws -> Int {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: tokens.appendingPathComponent(file)))
            func walk(_ n: Any) -> Int {
                guard let o = n as? [String: Any] else { return 0 }
                if o["$value"] != nil { return 1 }
                return o.filter { !$0.key.hasPrefix("$") }.values.map(walk).reduce(0, +)
            }
            return walk(json)
        }
        let expected = try count("palette.tokens.json") + count("dark.tokens.json")
        var results: [String: String] = [:]
        for context in ["light", "dark"] {
            let r = try CLI.run(["matrix", "--method", "wcag21", "--text", tokens.path, "--context", context, "--json", "--worst", "3"])
            #expect(r.status == 0, "\(r.stderr)")
            let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
            #expect(obj["rows"] as? Int == expected)
            let worst = obj["worst"] as! [[String: Any]]
            #expect(worst.allSatisfy { ($0["text"] as! String).contains(".") }, "dotted token names: \(worst)")
            results[context] = r.stdout
        }
        #expect(results["light"] != results["dark"], "the contexts select different semantic colors")
        let bad = try CLI.run(["matrix", "--method", "wcag21", "--text", tokens.path, "--context", "sepia"])
        #expect(bad.status == 2 && bad.stderr.contains("no context 'sepia'") && bad.stderr.contains("dark-high-contrast"))
    }
}

/// `--below X --list FILE`: every pair under X, labels and CSS, exact values (Double), CSV or JSON.
@Suite struct FailingPairListTests {
    @Test func listsEveryPairUnderTheLevel() throws {
        let dir = MatrixLabelTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("text.txt"), bg = dir.appendingPathComponent("bg.txt")
        try Data("strong\t#111\nmuted\t#777\nfaint\t#ccc\n".utf8).write(to: text)
        try Data("page\twhite\ncard\t#f5f5f5\n".utf8).write(to: bg)
        let csv = dir.appendingPathComponent("fail.csv")
        let r = try CLI.run(["matrix", "--method", "wcag21", "--text", text.path, "--background", bg.path,
                             "--below", "4.5", "--list", csv.path])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(rows[0] == "text,text_css,background,background_css,value,misses")
        // Expected from `huebench contrast` (the Double path), one pair at a time.
        var expected: [(String, Double)] = []
        for (tl, tc) in [("strong", "#111"), ("muted", "#777"), ("faint", "#ccc")] {
            for (bl, bc) in [("page", "white"), ("card", "#f5f5f5")] {
                let c = try CLI.run(["contrast", "--json", tc, bc])
                let v = (try JSONSerialization.jsonObject(with: Data(c.stdout.utf8)) as! [String: Any])["value"] as! Double
                if v < 4.5 { expected.append((tl + "," + tc + "," + bl + "," + bc, v)) }
            }
        }
        // Same pairs in the same order; values equal the Double path to 1e-12 (evaluation order may differ
        // in the last bit).
        let got = rows.dropFirst().map { row -> (String, Double, String) in
            let f = row.split(separator: ",").map(String.init)
            return (f[0...3].joined(separator: ","), Double(f[4])!, f[5])
        }
        #expect(got.map(\.0) == expected.map(\.0))
        #expect(zip(got, expected).allSatisfy { abs($0.1 - $1.1) <= 1e-12 * $1.1 && $0.2 == "4.5" })
        #expect(expected.count == 4, "#777 (4.48 on white) and #ccc fail on both backgrounds; #111 passes")
        #expect(r.stderr.contains("4 pairs below 4.5 written to"))
        let json = dir.appendingPathComponent("fail.json")
        let j = try CLI.run(["matrix", "--method", "apca", "--text", text.path, "--background", bg.path,
                             "--below", "60", "--list", json.path])
        #expect(j.status == 0, "\(j.stderr)")
        let list = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as! [[String: Any]]
        #expect(!list.isEmpty && list.allSatisfy { abs($0["value"] as! Double) < 60 && $0["misses"] as? Int == 60 })
        #expect(list.contains { $0["text"] as? String == "faint" && $0["background_css"] as? String == "white" })
        #expect(try CLI.run(["matrix", "--method", "apca", "--text", text.path, "--below", "60"]).status == 2)
        #expect(try CLI.run(["matrix", "--method", "apca", "--text", text.path, "--below", "60", "--list", dir.appendingPathComponent("x.txt").path]).status == 2)
    }

    /// A list long enough to be formatted in several tasks and waves (1,000 × 300 pairs: five tasks of 218 rows,
    /// two waves on two cores) whose first tasks find nothing: the same bytes on one core and on two, rows in
    /// matrix order, and the JSON array well formed (no comma before its first object). #000 on white (21)
    /// passes, #777 (4.48) and #ccc (1.61) fail; rows 0…599 are black.
    @Test func longListsAreTheSameOnEveryCore() throws {
        let dir = MatrixLabelTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("t.txt"), bg = dir.appendingPathComponent("b.txt")
        try Data((0..<1000).map { i in "t\(i)\t\(i < 600 ? "#000" : (i % 2 == 0 ? "#777" : "#ccc"))\n" }.joined().utf8).write(to: text)
        try Data((0..<300).map { "b\($0)\twhite\n" }.joined().utf8).write(to: bg)
        var outputs: [String: Data] = [:]
        for (name, threads) in [("one", "1"), ("all", "2")] {
            for ext in ["csv", "json"] {
                let path = dir.appendingPathComponent("\(name).\(ext)").path
                let r = try CLI.run(["matrix", "--method", "wcag21", "--text", text.path, "--background", bg.path,
                                     "--below", "4.5", "--list", path, "--threads", threads])
                #expect(r.status == 0 && r.stderr.contains("120000 pairs below 4.5 written to"), "\(r.stderr)")
                outputs[name + ext] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        #expect(outputs["onecsv"] == outputs["allcsv"] && outputs["onejson"] == outputs["alljson"])
        let rows = String(decoding: outputs["allcsv"]!, as: UTF8.self).split(separator: "\n")
        #expect(rows.count == 120_001 && rows[1].hasPrefix("t600,#777,b0,white,4.47") && rows.last!.hasPrefix("t999,#ccc,b299,white,1.6"))
        let list = try JSONSerialization.jsonObject(with: outputs["alljson"]!) as! [[String: Any]]
        #expect(list.count == 120_000 && list[0]["text"] as? String == "t600" && list[299]["background"] as? String == "b299")
        #expect(String(decoding: outputs["alljson"]!.prefix(3), as: UTF8.self) == "[\n{")
    }
}
