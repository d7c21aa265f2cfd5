import ColorCore
import ColorIO
import Foundation
import Testing
@testable import ColorKernels

/// Color lists: labelled lines, CSS custom properties, DTCG 2025.10 token files (both color forms, groups,
/// `$type` inheritance, aliases, cycles) and resolvers; every bad entry reported at once.
@Suite struct ColorListTests {
    static func temp() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("hb-list-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    static func write(_ text: String, _ name: String, in dir: URL) -> String {
        let p = dir.appendingPathComponent(name).path
        try! Data(text.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    @Test func linesWithLabelsAndCustomProperties() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = Self.write("""
        /* brand */
        :root {
          --brand-500: #00b386;
          --brand-600: oklch(0.55 0.12 170) !important;
        }
        text-primary\t#1a1a1a
        #ffffff

        // done
        """, "colors.css", in: dir)
        let (colors, problems) = try ColorListReader.read(path: path)
        #expect(problems.isEmpty, "\(problems)")
        #expect(colors.map(\.label) == ["--brand-500", "--brand-600", "text-primary", nil])
        #expect(colors.map(\.text) == ["#00b386", "oklch(0.55 0.12 170)", "#1a1a1a", "#ffffff"])
        #expect(colors.map(\.line) == [3, 4, 6, 7])
        #expect(colors[0].location == path + ":3")
        #expect(colors[3].name == "#ffffff")
        #expect(colors[0].color == (try Workbench.standard.parse("#00b386")))
    }

    /// Custom properties that reference earlier ones (`var()`) and hold two appearances (`light-dark()`), in
    /// the shape Huebench's CSS export writes them.
    @Test func varReferencesAndLightDarkPairs() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = Self.write("""
        :root {
          --hb-sea-800: #123456;
          --hb-sea-100: #abcdef;
          --hb-sea-foreground: light-dark(var(--hb-sea-800), var(--hb-sea-100));
          --hb-alias: var(--hb-sea-100);
          --hb-fallback: var(--hb-unset, rgb(255 0 0));
          --hb-missing: var(--hb-unset);
          --hb-open: var(--hb-sea-800;
        }
        """, "tokens.css", in: dir)
        let wb = Workbench.standard
        let (both, problems) = try ColorListReader.read(path: path)
        #expect(both.map(\.label) == ["--hb-sea-800", "--hb-sea-100", "--hb-sea-foreground@light",
                                       "--hb-sea-foreground@dark", "--hb-alias", "--hb-fallback"])
        #expect(try both.map { try wb.hex($0.color) } == ["#123456", "#abcdef", "#123456", "#abcdef", "#abcdef", "#ff0000"])
        #expect(both[2].text == "light-dark(var(--hb-sea-800), var(--hb-sea-100))")
        #expect(problems.map(\.description) == [
            "\(path):7: var(--hb-unset) names no custom property declared earlier in this file",
            "\(path):8: missing ')' to close 'var('",
        ])
        let (dark, _) = try ColorListReader.read(path: path, context: "dark")
        #expect(dark.map(\.label).contains("--hb-sea-foreground"))
        #expect(try dark.first { $0.label == "--hb-sea-foreground" }.map { try wb.hex($0.color) } == "#abcdef")
        let (light, _) = try ColorListReader.read(path: path, context: "light-high-contrast")
        #expect(try light.first { $0.label == "--hb-sea-foreground" }.map { try wb.hex($0.color) } == "#123456")
    }

    @Test func lightDarkInTokenFiles() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = Self.write("""
        {"text": {"$type": "color", "primary": {"$value": "light-dark(#111111, #eeeeee)"},
                  "link": {"$value": "{text.primary}"}}}
        """, "tokens.json", in: dir)
        let wb = Workbench.standard
        let (colors, problems) = try ColorListReader.read(path: path)
        #expect(problems.isEmpty, "\(problems)")
        #expect(colors.map(\.label) == ["text.link@light", "text.link@dark", "text.primary@light", "text.primary@dark"])
        #expect(try colors.map { try wb.hex($0.color) } == ["#111111", "#eeeeee", "#111111", "#eeeeee"])
    }

    @Test func everyBadLineIsReportedAtOnce() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = "red\n"
        for i in 0..<25 { text += "bad-\(i)\n" }
        text += "a\tb\tc\n#000\n"
        let path = Self.write(text, "bad.txt", in: dir)
        let (colors, problems) = try ColorListReader.read(path: path)
        #expect(colors.count == 2)
        #expect(problems.count == 26)
        #expect(problems[0].description.hasPrefix(path + ":2: invalid color 'bad-0'"))
        #expect(problems[25].description.contains(":27: expected a color or LABEL<TAB>COLOR"))
        let message = ColorListError(source: path, problems: problems).description
        #expect(message.hasPrefix("26 invalid entries in \(path):"))
        #expect(message.components(separatedBy: "\n").count == 1 + 20 + 1 + 1)
        #expect(message.contains("… and 6 more") && message.contains("--skip-invalid"))
    }

    static let tokens = """
    {
      "base": {
        "$type": "color",
        "green": { "$value": { "colorSpace": "oklch", "components": [0.7, 0.15, 165], "alpha": 1, "hex": "#00b386" } },
        "gray":  { "$value": { "colorSpace": "srgb", "components": [0.5, 0.5, 0.5] } },
        "hue-none": { "$value": { "colorSpace": "oklch", "components": [0.5, 0, "none"], "alpha": 0.5 } },
        "legacy": { "$value": "#336699" }
      },
      "semantic": {
        "$type": "color",
        "$description": "aliases",
        "accent": { "$value": "{base.green}" },
        "accent-strong": { "$value": "{semantic.accent}" },
        "text": { "$root": { "$value": "{base.gray}" }, "muted": { "$value": "{base.legacy}" } }
      },
      "size": { "$type": "dimension", "small": { "$value": { "value": 4, "unit": "px" } } },
      "broken": {
        "$type": "color",
        "missing": { "$value": "{base.nope}" },
        "loop-a": { "$value": "{broken.loop-b}" },
        "loop-b": { "$value": "{broken.loop-a}" },
        "space": { "$value": { "colorSpace": "cmyk", "components": [0, 0, 0] } }
      }
    }
    """

    @Test func dtcgTokensFlattenResolveAndReport() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = Self.write(Self.tokens, "brand.tokens.json", in: dir)
        let (colors, problems) = try ColorListReader.read(path: path)
        let byName = Dictionary(uniqueKeysWithValues: colors.map { ($0.name, $0) })
        #expect(Set(byName.keys) == ["base.green", "base.gray", "base.hue-none", "base.legacy", "semantic.accent",
                                     "semantic.accent-strong", "semantic.text", "semantic.text.muted"])
        let green = try #require(byName["base.green"]).color
        #expect(green.space == .oklch && green.coords == SIMD3(0.7, 0.15, 165) && green.alpha == 1)
        #expect(byName["semantic.accent-strong"]?.color == green, "alias chains resolve")
        #expect(byName["semantic.text"]?.color == Color(.srgb, 0.5, 0.5, 0.5), "$root names its group")
        #expect(byName["semantic.text.muted"]?.color == (try Workbench.standard.parse("#336699")))
        let none = try #require(byName["base.hue-none"]).color
        #expect(none.coords.z.isNaN && none.alpha == 0.5)
        #expect(byName["base.green"]?.location == path + ": base.green")
        let messages = problems.map(\.description).sorted()
        #expect(problems.count == 4, "\(messages)")
        #expect(messages.contains { $0.contains("broken.missing: alias to '{base.nope}'") })
        #expect(messages.contains { $0.contains("broken.loop-a: alias cycle: {broken.loop-a} → {broken.loop-b} → {broken.loop-a}") })
        #expect(messages.contains { $0.contains("broken.space: unknown colorSpace 'cmyk'") })
    }

    @Test func resolverContextsSelectFiles() throws {
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = Self.write(##"{"palette": {"$type": "color", "blue": {"100": {"$value": "#eef"}, "900": {"$value": "#003"}}}}"##, "palette.tokens.json", in: dir)
        _ = Self.write(##"{"color": {"$type": "color", "bg": {"$value": "{palette.blue.100}"}}}"##, "light.tokens.json", in: dir)
        _ = Self.write(##"{"color": {"$type": "color", "bg": {"$value": "{palette.blue.900}"}}}"##, "dark.tokens.json", in: dir)
        _ = Self.write("""
        {"version": "2025.10", "sets": {"palette": {"sources": [{"$ref": "palette.tokens.json"}]}},
         "modifiers": {"theme": {"contexts": {"light": [{"$ref": "light.tokens.json"}], "dark": [{"$ref": "dark.tokens.json"}]},
                                 "default": "light"}},
         "resolutionOrder": [{"$ref": "#/sets/palette"}, {"$ref": "#/modifiers/theme"}]}
        """, "huebench.resolver.json", in: dir)
        let light = try ColorListReader.read(path: dir.path)
        let dark = try ColorListReader.read(path: dir.path, context: "dark")
        func bg(_ r: (colors: [LabelledColor], problems: [ColorListProblem])) -> Color? { r.colors.first { $0.name == "color.bg" }?.color }
        #expect(bg(light) == (try Workbench.standard.parse("#eef")))
        #expect(bg(dark) == (try Workbench.standard.parse("#003")))
        #expect(light.colors.count == 3 && light.problems.isEmpty)
        #expect(throws: ColorListReadError.self) { _ = try ColorListReader.read(path: dir.path, context: "sepia") }
    }

    @Test func unreadableInputsAreOneLineErrors() throws {
        #expect(throws: ColorListReadError.self) { _ = try ColorListReader.read(path: "/nonexistent/colors.txt") }
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: ColorListReadError.self) { _ = try ColorListReader.read(path: dir.path) }
        let bad = Self.write("{ not json", "x.tokens.json", in: dir)
        #expect(throws: ColorListReadError.self) { _ = try ColorListReader.read(path: bad) }
        // A line that never ends stops at the line limit, with its number.
        let fd = open("/dev/zero", O_RDONLY)
        defer { close(fd) }
        #expect(throws: LineTooLongError.self) { _ = try ColorListReader.readDescriptor(fd, source: "/dev/zero") }
    }

    /// The byte-level reader of plain lines (`QuickLines`) gives exactly the entries and problems the general line
    /// reader (`ColorListReader.readLine`) gives, line for line: labels, texts, coordinates bit for bit (`none`
    /// too), syntax, locations, and the custom properties later lines reference.
    @Test func quickLinesGiveTheGeneralReadersEntries() throws {
        let lines = [
            "#00b386", "  #00B386  ", "label\t#1a1a1a", " label with spaces \t oklch(0.55 0.12 170) ", "\t#abc",
            "#abc\t", "--brand-500: #00b386;", "--brand-600: oklch(0.55 0.12 170) !important;", "--brand-700:#123 ;",
            "--no-colon #fff", "--ref: var(--brand-500);", "--ref2: var(--brand-700)", "/* x */\t#fff", "/* c */ #fff",
            "#fff /* trailing */", "// comment\t#fff", "a # b\t#fff", "#fff # comment", "#fff #", "# comment", "#",
            "}", ":root {", "a\tb\t#fff", "lab(50% 20 -30 / 0.5)", "oklch(none 0.1 30)", "color(srgb 1e300 0 0)",
            "oklch(0.5 1e300 30)", "t\toklch(0.5 1e300 30)", "--big: oklch(0.5 1e300 30);", "rgb(1 2 3)", "#ggg",
            "label\t", "ünïcode\t#fff", "--x\t#fff", "oklch(0.5 0.1 30 / 50%)", "tok.1\t#0000001",
            "a/b\t#fff", "x#\t#fff", "--sp: #fff ;", "--brace: #fff }", "lab(50 20 -30)", "  ", "",
            "hsl(120 50% 50%)", "--dup: #000;", "--dup: #fff;", "use\tvar(--dup)",
        ]
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = Self.write(lines.joined(separator: "\n") + "\n", "mixed.txt", in: dir)
        let colors = try Self.expectTheGeneralReadersEntries(lines, path: path)
        // Spot values: the quick lines were read as the general reader reads them.
        #expect(colors.first { $0.label == "--ref" }?.color.coords == (try Workbench.standard.parse("#00b386")).coords)
        #expect(colors.first { $0.label == "use" }?.color.coords == SIMD3(1, 1, 1))
        #expect(colors.first { $0.label == "--sp" }?.text == "#fff")

        // Which lines take the byte-level path (the rest go to the general reader).
        let quick = QuickLines(workbench: .standard)
        func taken(_ line: String) -> Bool {
            var v: [String: String] = [:], out: [LabelledColor] = []
            let bytes = Array(line.utf8)
            return bytes.withUnsafeBufferPointer { quick.read($0, 0..<bytes.count, number: 1, source: "t", vars: &v, into: &out) }
        }
        for line in ["#00b386", "label\t#1a1a1a", "--brand-500: #00b386;", "lab(50% 20 -30 / 0.5)", "x#\t#fff"] {
            #expect(taken(line), "\(line)")
        }
        for line in ["/* x */\t#fff", "a # b\t#fff", "#fff #", "rgb(1 2 3)", "ünïcode\t#fff", "oklch(0.5 1e300 30)",
                     "a\tb\t#fff", "--x\t#fff", "use\tvar(--dup)", "--brace: #fff }"] {
            #expect(!taken(line), "\(line)")
        }
    }

    /// The same comparison on lines put together at random from the pieces the two readers treat differently
    /// (labels, TABs, spaces, `#`, `--`, `:`, `;`, comment markers, quick and general colors): every line gives
    /// the same entries and problems either way.
    @Test func quickLinesAgreeOnRandomLines() throws {
        let pieces = ["#fff", "#00b386", "#ABCDEF80", "oklch(0.5 0.1 30)", "lab(50% 20 -30 / 0.5)", "rgb(1 2 3)",
                      "oklch(none 0.1 30)", "red", "var(--a)", "light-dark(#000, #fff)", "tok.1", "--a", "--b", ":", ";",
                      " ", "  ", "\t", "#", "# ", " # ", "/*", "*/", "//", "}", "{", "!important", "x", "é", "1e300",
                      "oklch(0.5 1e300 30)", "color(srgb 1 0 0)", ":root"]
        var rng = SplitMix(seed: 0x51_1CE5)
        // (A first line that is a color: a file whose first non-blank byte is `{` is read as a token file.)
        var lines: [String] = ["#000"]
        for _ in 0..<1_500 {
            let k = 1 + Int(rng.next() % 5)
            lines.append((0..<k).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined())
        }
        let dir = Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = Self.write(lines.joined(separator: "\n") + "\n", "random.txt", in: dir)
        let colors = try Self.expectTheGeneralReadersEntries(lines, path: path)
        #expect(colors.count > 100, "the random lines hold colors")
    }

    /// Reads the file at `path` (holding `lines`) and expects the entries and problems `ColorListReader.readLine`
    /// gives line by line: labels, texts, locations, spaces, syntax, and coordinates and alpha bit for bit
    /// (`none` too). Returns the entries read.
    static func expectTheGeneralReadersEntries(_ lines: [String], path: String) throws -> [LabelledColor] {
        let (colors, problems) = try ColorListReader.read(path: path)
        var expected: [LabelledColor] = [], expectedProblems: [ColorListProblem] = []
        var vars: [String: String] = [:]
        for (i, line) in lines.enumerated() {
            ColorListReader.readLine(line, number: i + 1, source: path, workbench: .standard, vars: &vars,
                                     into: &expected, problems: &expectedProblems)
        }
        #expect(colors.count == expected.count)
        for (a, b) in zip(colors, expected) {
            let (x, y) = (a.color, b.color)
            let same = a.label == b.label && a.text == b.text && a.location == b.location && a.line == b.line
                && x.space == y.space && x.cssSyntax == y.cssSyntax
                && x.coords.x.bitPattern == y.coords.x.bitPattern && x.coords.y.bitPattern == y.coords.y.bitPattern
                && x.coords.z.bitPattern == y.coords.z.bitPattern && x.alpha.bitPattern == y.alpha.bitPattern
            #expect(same, "\(a.location): \(a.label ?? "-") \(a.text) \(x.coords) vs \(b.label ?? "-") \(b.text) \(y.coords)")
            if !same { break }
        }
        #expect(problems.map(\.description) == expectedProblems.map(\.description))
        return colors
    }

    /// SplitMix64 (the benchmark workloads' generator).
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
