import ColorCore
import Foundation
import Testing
@testable import ColorKernels

/// Token and color files as an attacker (or an unlucky editor) writes them: alias chains and cycles of 10⁵
/// tokens, byte order marks, `$value`s of the wrong JSON type.
@Suite struct HostileTokenFileTests {
    static func write(_ bytes: [UInt8], _ name: String) -> (dir: URL, path: String) {
        let dir = ColorListTests.temp()
        let p = dir.appendingPathComponent(name).path
        try! Data(bytes).write(to: URL(fileURLWithPath: p))
        return (dir, p)
    }

    /// A chain of 100,000 aliases used to be walked 64 steps per token with array copies (26 s in a debug
    /// build); each token is now followed once. The last 65 tokens (64 aliases and the color) resolve, every
    /// other one is refused as too long, naming itself.
    @Test func aChainOf100000AliasesResolvesItsLast65Tokens() throws {
        let n = 100_000
        var s = "{\"c\": {\"$type\": \"color\""
        for k in 0..<n { s += ", \"t\(k)\": {\"$value\": \"{c.t\(k + 1)}\"}" }
        s += ", \"t\(n)\": {\"$value\": \"#336699\"}}}"
        let (dir, path) = Self.write(Array(s.utf8), "chain.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ColorListReader.read(path: path)
        #expect(r.colors.count == 65)
        #expect(Set(r.colors.map(\.name)) == Set((n - 64...n).map { "c.t\($0)" }))
        #expect(r.colors.allSatisfy { $0.color == (try? Workbench.standard.parse("#336699")) })
        #expect(r.problems.count == n - 64)
        #expect(r.problems.contains { $0.description == "\(path): c.t0: alias chain of more than 64 aliases from {c.t0}; point the alias closer to its color" })
        #expect(r.problems.contains { $0.description == "\(path): c.t\(n - 65): alias chain of more than 64 aliases from {c.t\(n - 65)}; point the alias closer to its color" })
    }

    /// A cycle through 100,000 tokens is refused per token as too long (not listed 10⁵ names long); a short
    /// cycle is listed from each member, and a token leading into it names the cycle.
    @Test func cyclesLongAndShort() throws {
        let n = 100_000
        var s = "{\"big\": {\"$type\": \"color\""
        for k in 0..<n { s += ", \"t\(k)\": {\"$value\": \"{big.t\((k + 1) % n)}\"}" }
        s += "}, \"small\": {\"$type\": \"color\", \"a\": {\"$value\": \"{small.b}\"}, \"b\": {\"$value\": \"{small.c}\"},"
            + " \"c\": {\"$value\": \"{small.a}\"}, \"into\": {\"$value\": \"{small.b}\"}, \"self\": {\"$value\": \"{small.self}\"}}}"
        let (dir, path) = Self.write(Array(s.utf8), "cycle.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ColorListReader.read(path: path)
        #expect(r.colors.isEmpty)
        #expect(r.problems.count == n + 5)
        let byName = Dictionary(r.problems.map { ($0.location, $0.message) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["\(path): big.t7"] == "alias chain of more than 64 aliases from {big.t7}; point the alias closer to its color")
        #expect(byName["\(path): small.a"] == "alias cycle: {small.a} → {small.b} → {small.c} → {small.a}")
        #expect(byName["\(path): small.c"] == "alias cycle: {small.c} → {small.a} → {small.b} → {small.c}")
        #expect(byName["\(path): small.into"] == "alias cycle: {small.b} → {small.c} → {small.a} → {small.b}")
        #expect(byName["\(path): small.self"] == "alias cycle: {small.self} → {small.self}")
    }

    /// A UTF-8 byte order mark before a token file's `{` made it read as a line file (one bad line holding the
    /// whole JSON); before a color list it made the first color unknown.
    @Test func aByteOrderMarkIsIgnored() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let (dir, json) = Self.write(bom + Array("{\"a\": {\"$type\": \"color\", \"$value\": \"#ffffff\"}}".utf8), "bom.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let t = try ColorListReader.read(path: json)
        #expect(t.problems.isEmpty, "\(t.problems)")
        #expect(t.colors.map(\.name) == ["a"] && t.colors.first?.color == Color(.srgb, 1, 1, 1))
        let lines = ColorListTests.write("", "x", in: dir)
        try Data(bom + Array("red\nblue\n".utf8)).write(to: URL(fileURLWithPath: lines))
        let l = try ColorListReader.read(path: lines)
        #expect(l.problems.isEmpty, "\(l.problems)")
        #expect(l.colors.map(\.text) == ["red", "blue"])
        #expect(try TokenJSONParser.parse(bom + Array("[1]".utf8)) as? [Int] == [1])
    }

    /// A `$value` of the wrong JSON type names the type as JSON does, not as Foundation's classes.
    @Test func wrongValueTypesAreNamedInJSONTerms() throws {
        let s = "{\"c\": {\"$type\": \"color\", \"t\": {\"$value\": true}, \"n\": {\"$value\": 42}, \"z\": {\"$value\": null}, \"l\": {\"$value\": [1, 2]}}}"
        let (dir, path) = Self.write(Array(s.utf8), "types.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ColorListReader.read(path: path)
        let messages = Dictionary(r.problems.map { ($0.location, $0.message) }, uniquingKeysWith: { a, _ in a })
        let head = "a color token's $value must be a color object or a string, got "
        #expect(messages["\(path): c.t"] == head + "a boolean (true)")
        #expect(messages["\(path): c.n"] == head + "a number (42)")
        #expect(messages["\(path): c.z"] == head + "null")
        #expect(messages["\(path): c.l"] == head + "an array")
    }

    /// A `$type` that is not a string (a number, a boolean, an object) is reported where it stands; the tokens
    /// under it keep the type they inherit, so a color group with a stray `"$type": 7` still reads its colors.
    @Test func aTypeThatIsNotAStringIsReported() throws {
        let s = ##"{"a": {"$type": "color", "b": {"$type": 7, "c": {"$value": "#102030"}}}, "d": {"$type": true, "$value": "#405060"}}"##
        let (dir, path) = Self.write(Array(s.utf8), "types.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ColorListReader.read(path: path)
        #expect(r.colors.map(\.name) == ["a.b.c"])
        #expect(r.problems.map(\.description).sorted() == [
            "\(path): a.b: $type is a number (7), not a string; write a type name such as \"color\"",
            "\(path): d: $type is a boolean (true), not a string; write a type name such as \"color\"",
        ])
    }

    /// `{"dot": {"ted": …}}` and `{"dot.ted": …}` flatten to the same name: the second silently replaced the
    /// first. A color token whose name holds '.', '{' or '}' is now reported and left out; the other is kept.
    @Test func namesWithDotsOrBracesAreReportedNotMerged() throws {
        let s = "{\"dot\": {\"ted\": {\"$type\": \"color\", \"$value\": \"#111111\"}}, \"dot.ted\": {\"$type\": \"color\", \"$value\": \"#222222\"},"
            + " \"g\": {\"$type\": \"color\", \"br{ace}\": {\"$value\": \"#888888\"}}, \"size.sm\": {\"$type\": \"dimension\", \"$value\": \"4px\"}}"
        let (dir, path) = Self.write(Array(s.utf8), "names.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ColorListReader.read(path: path)
        #expect(r.colors.map(\.name) == ["dot.ted"])
        #expect(r.colors.first?.color == (try Workbench.standard.parse("#111111")))
        #expect(r.problems.map(\.description) == [
            "\(path): dot.ted: the name 'dot.ted' contains '.', '{' or '}', which token names may not (DTCG 2025.10 §5.1.1: its dotted path and aliases to it are ambiguous); rename it",
            "\(path): g.br{ace}: the name 'br{ace}' contains '.', '{' or '}', which token names may not (DTCG 2025.10 §5.1.1: its dotted path and aliases to it are ambiguous); rename it",
        ])
    }

    /// A color token aliasing a token of another type used to vanish from the list without a word.
    @Test func anAliasToANonColorTokenIsReported() throws {
        let s = "{\"size\": {\"$type\": \"dimension\", \"sm\": {\"$value\": \"4px\"}}, \"c\": {\"$type\": \"color\", \"bad\": {\"$value\": \"{size.sm}\"}, \"ok\": {\"$value\": \"#fff\"}}}"
        let (dir, path) = Self.write(Array(s.utf8), "types.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ColorListReader.read(path: path)
        #expect(r.colors.map(\.name) == ["c.ok"])
        #expect(r.problems.map(\.description) == ["\(path): c.bad: alias '{size.sm}' leads to a token whose $type is not color; point it at a color token"])
    }

    /// A resolver's source that is a symbolic link (to a file outside its folder) is refused, as `..` is.
    @Test func resolverSourcesAreNotReadThroughLinks() throws {
        let outside = ColorListTests.temp(), dir = ColorListTests.temp()
        defer { try? FileManager.default.removeItem(at: outside); try? FileManager.default.removeItem(at: dir) }
        let secret = ColorListTests.write("{\"s\": {\"$type\": \"color\", \"$value\": \"#123456\"}}", "secret.tokens.json", in: outside)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.tokens.json").path, withDestinationPath: secret)
        let resolver = ColorListTests.write("{\"resolutionOrder\": [{\"$ref\": \"#/sets/base\"}], \"sets\": {\"base\": {\"sources\": [{\"$ref\": \"link.tokens.json\"}]}}}",
                                            "huebench.resolver.json", in: dir)
        #expect {
            _ = try ColorListReader.read(path: resolver)
        } throws: { e in
            "\(e)".contains("source 'link.tokens.json' is or passes through a symbolic link (")
                && "\(e)".hasSuffix("); resolver sources are read only as files inside the resolver's folder — copy the file there")
        }
    }

    /// A mistyped context (`drak`) on a color list or token file used to read both appearances silently; it is
    /// refused. In a resolver, a context's appearance also picks the side of `light-dark()` source values.
    @Test func contextsPickAnAppearanceOrAreRefused() throws {
        let dir = ColorListTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let css = ColorListTests.write("--a: light-dark(#000000, #ffffff);\n", "ld.css", in: dir)
        #expect(try ColorListReader.read(path: css).colors.map(\.name) == ["--a@light", "--a@dark"])
        #expect(try ColorListReader.read(path: css, context: "dark-high-contrast").colors.map(\.color) == [Color(.srgb, 1, 1, 1)])
        #expect {
            _ = try ColorListReader.read(path: css, context: "drak")
        } throws: { e in
            "\(e)" == "cannot read '\(ColorCoreError.excerpt(css))': context 'drak' picks no appearance; in a color list or token file a context is light… or dark… (other contexts belong to a token resolver)"
        }
        _ = ColorListTests.write("{\"a\": {\"$type\": \"color\", \"$value\": \"light-dark(#000000, #ffffff)\"}}", "base.tokens.json", in: dir)
        let resolver = ColorListTests.write("""
            {"resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}], "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
             "modifiers": {"theme": {"default": "light", "contexts": {"light": [], "dark": []}}}}
            """, "huebench.resolver.json", in: dir)
        let dark = try ColorListReader.read(path: resolver, context: "dark")
        #expect(dark.colors.map(\.name) == ["a"] && dark.colors.first?.color == Color(.srgb, 1, 1, 1), "\(dark.colors.map(\.name))")
    }

    /// A key given twice in one object (two `$value`s, two tokens of one name after a merge) silently kept the
    /// last; the file is now refused at the second key's line and column.
    @Test func duplicateKeysAreRefusedWhereTheyAre() throws {
        let s = "{\"a\": {\"$type\": \"color\",\n  \"$value\": \"#111111\", \"$value\": \"#222222\"}}"
        let (dir, path) = Self.write(Array(s.utf8), "dup.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect {
            _ = try ColorListReader.read(path: path)
        } throws: { e in
            "\(e)" == "cannot read '\(ColorCoreError.excerpt(path))': not valid JSON (line 2, column 24: the key \"$value\" appears twice in one object; keep one of them)"
        }
    }

    /// DTCG 2025.10 names a group's `$root` token `{group.$root}` in aliases; such an alias was "not a token".
    @Test func aliasesToRootTokens() throws {
        let s = "{\"accent\": {\"$type\": \"color\", \"$root\": {\"$value\": \"#dd0000\"}, \"light\": {\"$value\": \"#ff2222\"}},"
            + " \"link\": {\"$type\": \"color\", \"$value\": \"{accent.$root}\"}}"
        let (dir, path) = Self.write(Array(s.utf8), "root.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ColorListReader.read(path: path)
        #expect(r.problems.isEmpty, "\(r.problems)")
        let byName = Dictionary(uniqueKeysWithValues: r.colors.map { ($0.name, $0.color) })
        #expect(Set(byName.keys) == ["accent", "accent.light", "link"])
        #expect(byName["link"] == (try Workbench.standard.parse("#dd0000")) && byName["link"] == byName["accent"])
    }

    /// `$extends` (DTCG 2025.10 group extension) was skipped like any `$` key, so a group's inherited tokens were
    /// silently missing from the audit. The extended group is deep-merged under the group's own tokens (which
    /// win); cycles and missing targets are reported; extensions that expand past 2¹⁸ tokens stop the read.
    @Test func groupExtensionsAreAppliedOrReported() throws {
        let s = "{\"base\": {\"$type\": \"color\", \"fg\": {\"$value\": \"#000000\"}, \"bg\": {\"$value\": \"#ffffff\"}, \"sub\": {\"a\": {\"$value\": \"#111111\"}, \"b\": {\"$value\": \"#222222\"}}},"
            + " \"brand\": {\"$extends\": \"{base}\", \"fg\": {\"$value\": \"#123456\"}, \"sub\": {\"b\": {\"$value\": \"#333333\"}}},"
            + " \"x\": {\"$type\": \"color\", \"$extends\": \"{y}\", \"p\": {\"$value\": \"#444444\"}}, \"y\": {\"$type\": \"color\", \"$extends\": \"{x}\"},"
            + " \"lost\": {\"$type\": \"color\", \"$extends\": \"{nope}\", \"q\": {\"$value\": \"#555555\"}}}"
        let (dir, path) = Self.write(Array(s.utf8), "extends.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ColorListReader.read(path: path)
        let byName = Dictionary(uniqueKeysWithValues: r.colors.map { ($0.name, $0.text) })
        #expect(byName["brand.fg"] == "#123456" && byName["brand.bg"] == "#ffffff", "\(byName)")
        #expect(byName["brand.sub.a"] == "#111111" && byName["brand.sub.b"] == "#333333")
        #expect(byName["base.sub.b"] == "#222222" && byName["lost.q"] == "#555555" && byName["x.p"] == "#444444")
        #expect(r.problems.map(\.description).sorted() == [
            "\(path): lost: $extends '{nope}', which is not a group in the files read",
            "\(path): x: $extends cycle: {x} → {y} → {x}",
            "\(path): y: $extends cycle: {y} → {x} → {y}",
        ])
        var big = "{\"base\": {\"$type\": \"color\""
        for k in 0..<1000 { big += ", \"t\(k)\": {\"$value\": \"#336699\"}" }
        big += "}"
        for k in 0..<300 { big += ", \"g\(k)\": {\"$extends\": \"{base}\"}" }
        big += "}"
        let (dir2, bomb) = Self.write(Array(big.utf8), "bomb.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir2) }
        #expect {
            _ = try ColorListReader.read(path: bomb)
        } throws: { e in
            "\(e)".hasSuffix("': $extends groups expand to more than 262144 tokens; extend fewer or smaller groups")
        }
    }

    /// Color object components were not range-checked (`oklch` lightness 1.5, chroma −0.1, hue 400 read as
    /// written; alpha 2 silently clamped). Each number is now checked against the DTCG 2025.10 Color Module's
    /// range for its space and reported on one line with the token's dotted path, the component, the value and
    /// the range; in-range values, `"none"`, hue 360 and unbounded a/b and XYZ still read.
    @Test func colorObjectComponentsOutsideTheirRangesAreReported() throws {
        func object(_ space: String, _ components: String, alpha: String? = nil) -> String {
            "{\"$value\": {\"colorSpace\": \"\(space)\", \"components\": [\(components)]\(alpha.map { ", \"alpha\": \($0)" } ?? "")}}"
        }
        let good: [(String, String)] = [
            ("srgb", "0, 0.5, 1"), ("display-p3", "1, 1, 1"), ("hsl", "360, 100, 0"), ("hwb", "0, 0, 100"),
            ("lab", "100, -500, 500"), ("lch", "0, 1000, 359.5"), ("oklab", "1, -2, 2"), ("oklch", "0.5, 0, \"none\""),
            ("xyz-d65", "0.9505, 1, 1.089"), ("xyz-d50", "-0.1, 2, 3"),
        ]
        let bad: [(String, String, String?, String)] = [
            ("oklch", "1.5, 0.1, 30", nil, "oklch component 1 (lightness) is 1.5, outside 0…1; give a number in 0…1"),
            ("oklch", "0.5, -0.1, 30", nil, "oklch component 2 (chroma) is -0.1, below 0; give a number of 0 or more"),
            ("oklch", "0.5, 0.1, 400", nil, "oklch component 3 (hue) is 400, outside 0…360; give a number in 0…360"),
            ("lch", "101, 10, 30", nil, "lch component 1 (lightness) is 101, outside 0…100; give a number in 0…100"),
            ("lab", "-1, 0, 0", nil, "lab component 1 (lightness) is -1, outside 0…100; give a number in 0…100"),
            ("hsl", "-30, 50, 50", nil, "hsl component 1 (hue) is -30, outside 0…360; give a number in 0…360"),
            ("hwb", "30, 150, 0", nil, "hwb component 2 (whiteness) is 150, outside 0…100; give a number in 0…100"),
            ("srgb", "0.5, 1.2, 0", nil, "srgb component 2 (green) is 1.2, outside 0…1; give a number in 0…1"),
            ("rec2020", "0, 0, -0.01", nil, "rec2020 component 3 (blue) is -0.01, outside 0…1; give a number in 0…1"),
            ("srgb", "0.5, 0.5, 0.5", "2", "alpha is 2, outside 0…1; give a number in 0…1"),
            ("srgb", "0.5, 0.5, 0.5", "\"half\"", "alpha is a string (\"half\"), not a number; give a number in 0…1"),
            ("srgb", "\"red\", 0, 0", nil, "srgb component 1 (red) is a string (\"red\"), not a number or \"none\"; give a number in 0…1"),
            ("oklab", "0.5, true, 0", nil, "oklab component 2 (a) is a boolean (true), not a number or \"none\"; give a finite number"),
            ("oklch", "0.5, null, 0", nil, "oklch component 2 (chroma) is null, not a number or \"none\"; give a number of 0 or more"),
            ("display-p3", "1e400, 0, 0", nil, "display-p3 component 1 (red) is too large for a number (beyond ±1.8e308); give a number in 0…1"),
        ]
        var s = "{\"ok\": {\"$type\": \"color\""
        for (k, g) in good.enumerated() { s += ", \"g\(k)\": " + object(g.0, g.1) }
        s += "}, \"bad\": {\"$type\": \"color\""
        for (k, b) in bad.enumerated() { s += ", \"b\(k)\": " + object(b.0, b.1, alpha: b.2) }
        s += ", \"alias\": {\"$value\": \"{bad.b0}\"}}}"
        let (dir, path) = Self.write(Array(s.utf8), "ranges.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ColorListReader.read(path: path)
        #expect(Set(r.colors.map(\.name)) == Set(good.indices.map { "ok.g\($0)" }), "\(r.problems)")
        let byName = Dictionary(r.problems.map { ($0.location, $0.message) }, uniquingKeysWith: { a, _ in a })
        #expect(r.problems.count == bad.count + 1)
        for (k, b) in bad.enumerated() {
            #expect(byName["\(path): bad.b\(k)"] == b.3, "bad.b\(k): \(byName["\(path): bad.b\(k)"] ?? "not reported")")
        }
        #expect(byName["\(path): bad.alias"] == bad[0].3, "an alias to a bad token reports its problem")
        #expect(r.problems.allSatisfy { !$0.description.contains("\n") })
        let hue360 = try #require(r.colors.first { $0.name == "ok.g2" })
        #expect(hue360.color.coords == SIMD3(360, 100, 0))
    }
}
