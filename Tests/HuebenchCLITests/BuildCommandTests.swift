import Foundation
import Testing

@Suite struct BuildCommandTests {
    static func run(_ args: [String], cwd: URL) throws -> (Int32, String, String) {
        let r = try CLI.run(args, cwd: cwd.path)
        return (r.status, r.stdout, r.stderr)
    }

    static func snapshot(_ dir: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: dir.path)!
        while let p = e.nextObject() as? String {
            var isDir: ObjCBool = false
            let full = dir.appendingPathComponent(p).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue {
                files[p] = FileManager.default.contents(atPath: full)
            }
        }
        return files
    }

    static func temp() -> URL {
        TempFolder.make("cli")
    }

    @Test
    func defaultBuildWritesEverythingDeterministically() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (s1, out1, _) = try Self.run(["build", "--quiet"], cwd: dir)
        #expect(s1 == 0)
        #expect(out1.contains("37 families, 740 stops, 740 tokens"))
        #expect(out1.contains("audit wcag-aa:"))
        let first = Self.snapshot(dir.appendingPathComponent("huebench-out"))
        for p in ["Colors.xcassets/Contents.json", "Swift/HuebenchColorValues.swift", "huebench.css", "tokens/palette.tokens.json",
                  "tokens/huebench.resolver.json", "android/values/colors.xml", "android/values-night/colors.xml",
                  "pictures/swatches.png", "pictures/swatches.svg", "pictures/contrast-heatmap.png", "pictures/tokens.png",
                  "report.html", "Colors.xcassets/Palette/orange/orange800.colorset/Contents.json",
                  "Colors.xcassets/Tokens/rose/roseOutlineTertiary.colorset/Contents.json"] {
            #expect(first[p] != nil, "missing \(p)")
        }
        let (s2, out2, _) = try Self.run(["build", "--quiet"], cwd: dir)
        #expect(s2 == 0 && out2.contains("0 changed"))
        #expect(Self.snapshot(dir.appendingPathComponent("huebench-out")) == first)
    }

    /// `--input FILE`: a file outside the script's folder the script may read; without --input it may not.
    @Test
    func inputFilesAreReadableByTheScript() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("s"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("data"), withIntermediateDirectories: true)
        try "brand\t#b30086\n".write(to: dir.appendingPathComponent("data/c.txt"), atomically: true, encoding: .utf8)
        try """
            local hb = require "huebench"
            local c = hb.load_colors("data/c.txt"):get(1):hex()
            hb.build{ name = "input", families = { hb.family{ name = "brand", hue = 160, anchor = c } } }

            """.write(to: dir.appendingPathComponent("s/p.lua"), atomically: true, encoding: .utf8)
        let ok = try CLI.run(["build", "s/p.lua", "--input", "data/c.txt", "--formats", "report", "--no-plugins", "--quiet"], cwd: dir.path)
        #expect(ok.status == 0, "\(ok.stderr)")
        let report = try String(contentsOf: dir.appendingPathComponent("huebench-out/report.html"), encoding: .utf8)
        #expect(report.contains("#b30086"), "the anchor read from the input is a stop of the palette")
        let refused = try CLI.run(["build", "s/p.lua", "--formats", "css", "--no-plugins", "--quiet", "--out", "o2"], cwd: dir.path)
        #expect(refused.status == 1 && refused.stderr.contains("data/c.txt"), "\(refused.stderr)")
        let noScript = try CLI.run(["build", "--input", "data/c.txt"], cwd: dir.path)
        #expect(noScript.status == 2 && noScript.stderr == "huebench build: --input needs a SCRIPT.lua that reads it (huebench build)\n", "\(noScript.stderr)")
    }

    @Test
    func optionsAndErrors() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (s, out, _) = try Self.run(["build", "--quiet", "--family", "orange,blue", "--formats", "css,android", "--out", "web"], cwd: dir)
        #expect(s == 0 && out.contains("2 families, 40 stops"))
        let files = Self.snapshot(dir.appendingPathComponent("web")).keys.sorted()
        #expect(files == [".huebench-manifest", "android/values-night/colors.xml", "android/values/colors.xml", "huebench.css"])
        let (s2, _, e2) = try Self.run(["build", "--formats", "css,pdf"], cwd: dir)
        #expect(s2 == 2 && e2.contains("unknown format 'pdf'") && e2.contains("xcassets, swift, css, dtcg, android, svg, png, report"))
        try "print(1)".write(to: dir.appendingPathComponent("p.lua"), atomically: true, encoding: .utf8)
        let (s3, _, e3) = try Self.run(["build", "p.lua"], cwd: dir)
        // A build script that defines no families: a script error (exit 1), naming the script.
        #expect(s3 == 1 && e3.contains("p.lua: the script defines no families to build"))
        let (s4, _, e4) = try Self.run(["build", "--family", "nosuchcolor"], cwd: dir)
        #expect(s4 == 2 && e4.contains("nosuchcolor"))
        let (s5, help, _) = try Self.run(["build", "--help"], cwd: dir)
        #expect(s5 == 0 && help.hasPrefix("usage: huebench build"))
    }

    /// The false pass: a script overrides foregroundSecondary with dark = 900. The build's audit and
    /// `huebench audit SCRIPT.lua` (the command the build suggests) both fail on exactly the exported pair.
    @Test
    func anOverriddenTokenIsAuditedAsExported() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        local hb = require "huebench"
        local sea = hb.register_family{ name = "sea", generator = "oklch-curves", hue = 235 }
        local tokens = {}
        for _, t in ipairs(hb.theme{ family = sea }.token_list) do
          if t.name == "foregroundSecondary" then
            tokens[#tokens + 1] = { name = "foregroundSecondary", light = 800, dark = 900, role = "text" }
          else tokens[#tokens + 1] = t.name end
        end
        print("building sea")
        hb.build{ name = "fp", families = { sea }, tokens = tokens, policy = "wcag-aa" }
        """.write(to: dir.appendingPathComponent("fp.lua"), atomically: true, encoding: .utf8)
        let (s, out, _) = try Self.run(["build", "fp.lua", "--quiet", "--strict", "--formats", "css"], cwd: dir)
        #expect(s == 1)
        #expect(out.contains("checks fail (run 'huebench audit fp.lua --policy wcag-aa')"))
        let css = try String(contentsOf: dir.appendingPathComponent("huebench-out/huebench.css"), encoding: .utf8)
        #expect(css.contains("--hb-sea-foreground-secondary: light-dark(var(--hb-sea-800), var(--hb-sea-900));"))
        let (s2, out2, err2) = try Self.run(["audit", "fp.lua"], cwd: dir)
        #expect(s2 == 1)
        #expect(out2.contains("FAIL sea dark/standard body-text: foregroundSecondary _900 on backgroundPrimary _1000 wcag21"))
        #expect(!out2.contains("foregroundSecondary _200"))
        // The script's print goes to stderr: stdout of --json is JSON lines only.
        #expect(err2.contains("building sea"))
        let (_, json, _) = try Self.run(["audit", "fp.lua", "--json"], cwd: dir)
        #expect(!json.isEmpty && json.split(separator: "\n").allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
        let (s3, _, e3) = try Self.run(["audit", "nosuch"], cwd: dir)
        #expect(s3 == 2 && e3.contains("unexpected argument 'nosuch'; give a build script (SCRIPT.lua) or name families with --family"))
    }
}
