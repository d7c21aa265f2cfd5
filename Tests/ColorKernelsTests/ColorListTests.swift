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
}
