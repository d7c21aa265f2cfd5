import ColorCore
import ColorExport
import ColorIO
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import HuebenchTestSupport

/// Hostile names through every exporter: the output must parse in its language with exactly the structure a
/// document with plain names has, or the exporter must reject the name with a one-line message.
enum HostileNames {
    /// Pieces names are made of: the injection classics of every output language, and ordinary text.
    static let pieces: [String] = [
        "orange", "Blue", "brand blue", "x", "9", "450", "a-b", "fooBar", "_", "-", "--", "---",
        "\n", "\r\n", "\r", "\u{2028}", "\u{85}", "\t", "\0", "\u{1}", "\u{7F}", "\u{FFFE}",
        "\"", "'", "\\", "\\(", "`", "*/", "/*", "//", "///", "}", "{", "};", "<", ">", "&", "<!--", "-->", "]]>",
        "$", ".", "/", "..", "#", ";", ":", "(", ")", "@media", "!important", "=", " ", "class", "init", "self",
        "橙", "ü", "🎨", "e\u{301}", "\u{202E}", "public static let x = 1",
    ]

    static func name(_ rng: inout SplitMix64) -> String {
        let n = Int.random(in: 1...4, using: &rng)
        return (0..<n).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    /// A document shaped like `TestDocs.small` (2 families × 3 stops, 4 tokens) with the given names.
    static func document(families: [String], stops: [[String]], tokens: [String], source: String) -> ExportDocument {
        let base = TestDocs.small
        var fams = base.families
        for i in fams.indices {
            fams[i].name = families[i]
            for j in fams[i].stops.indices { fams[i].stops[j].name = stops[i][j] }
        }
        // Map the original references onto the new names.
        func map(_ v: TokenValue) -> TokenValue {
            let fi = base.families.firstIndex { $0.name == v.reference.family }!
            let si = base.families[fi].stops.firstIndex { $0.name == v.reference.stop }!
            return TokenValue(ColorReference(family: families[fi], stop: stops[fi][si]), opacity: v.opacity)
        }
        let set = base.tokenSets[0]
        let fi = base.families.firstIndex { $0.name == set.family }!
        let newTokens = set.tokens.enumerated().map { (k, t) in
            ExportToken(name: tokens[k], light: map(t.light), dark: map(t.dark), lightHigh: map(t.lightHigh), darkHigh: map(t.darkHigh))
        }
        let build = BuildInfo(version: "test", source: source, command: "huebench build " + source)
        return ExportDocument(name: families[0] + " palette", families: fams,
                              tokenSets: [ExportTokenSet(family: families[fi], tokens: newTokens)], audit: base.audit, build: build)
    }

    /// The same shape with plain names (`f0`, `s0_1`, `t2`).
    static func plainTwin() -> ExportDocument {
        document(families: ["f0", "f1"], stops: [["s0a", "s0b", "s0c"], ["s1a", "s1b", "s1c"]],
                 tokens: ["t0", "t1", "t2", "t3"], source: "plain")
    }
}

/// A CSS Syntax Level 3 tokenizer (§4), enough to check the structure of generated style sheets.
enum CSSTok: Equatable {
    case ident(String), function(String), atKeyword(String), hash(String), string(String), number, percentage, dimension
    case whitespace, colon, semicolon, comma, open(Character), close(Character), delim(Character)
    case badString, unterminatedComment

    static func tokenize(_ text: String) -> [CSSTok] {
        let s = Array(text.unicodeScalars)
        var i = 0, out: [CSSTok] = []
        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        func isNameStart(_ u: Unicode.Scalar?) -> Bool {
            guard let u else { return false }
            return (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || u == "_" || u.value >= 0x80
        }
        func isName(_ u: Unicode.Scalar?) -> Bool { isNameStart(u) || u == "-" || (u.map { $0 >= "0" && $0 <= "9" } ?? false) }
        func isHex(_ u: Unicode.Scalar) -> Bool { ("0"..."9").contains(u) || ("a"..."f").contains(u) || ("A"..."F").contains(u) }
        func validEscape(_ k: Int) -> Bool { at(k) == "\\" && at(k + 1) != nil && at(k + 1) != "\n" }
        func startsIdent(_ k: Int) -> Bool {
            if at(k) == "-" { return isNameStart(at(k + 1)) || at(k + 1) == "-" || validEscape(k + 1) }
            return isNameStart(at(k)) || validEscape(k)
        }
        func consumeEscape() -> Unicode.Scalar {  // i is after the backslash
            var hex = ""
            while hex.count < 6, let u = at(i), isHex(u) { hex.unicodeScalars.append(u); i += 1 }
            if hex.isEmpty { let u = s[i]; i += 1; return u }
            if let u = at(i), u == " " || u == "\n" || u == "\t" { i += 1 }
            let v = UInt32(hex, radix: 16)!
            return v == 0 || v > 0x10FFFF || (0xD800...0xDFFF).contains(v) ? "\u{FFFD}" : Unicode.Scalar(v)!
        }
        func consumeName() -> String {
            var name = ""
            while true {
                if isName(at(i)) { name.unicodeScalars.append(s[i]); i += 1 }
                else if validEscape(i) { i += 1; name.unicodeScalars.append(consumeEscape()) }
                else { return name }
            }
        }
        while i < s.count {
            let u = s[i]
            if u == "/" && at(i + 1) == "*" {
                var j = i + 2
                while j + 1 < s.count && !(s[j] == "*" && s[j + 1] == "/") { j += 1 }
                if j + 1 >= s.count { out.append(.unterminatedComment); return out }
                i = j + 2; continue
            }
            if u == " " || u == "\n" || u == "\t" || u == "\r" || u == "\u{C}" {
                while let w = at(i), w == " " || w == "\n" || w == "\t" || w == "\r" || w == "\u{C}" { i += 1 }
                out.append(.whitespace); continue
            }
            if u == "\"" || u == "'" {
                i += 1; var str = ""; var bad = false
                while let c = at(i), c != u {
                    if c == "\n" { bad = true; break }
                    if c == "\\" {
                        if at(i + 1) == "\n" { i += 2; continue }
                        i += 1; if at(i) != nil { str.unicodeScalars.append(consumeEscape()) }; continue
                    }
                    str.unicodeScalars.append(c); i += 1
                }
                if bad { out.append(.badString); continue }
                i += 1; out.append(.string(str)); continue
            }
            if (u >= "0" && u <= "9") || ((u == "+" || u == "-" || u == ".") && (at(i + 1).map { $0 >= "0" && $0 <= "9" } ?? false)) {
                i += 1
                while let d = at(i), (d >= "0" && d <= "9") || d == "." { i += 1 }
                if at(i) == "%" { i += 1; out.append(.percentage) }
                else if startsIdent(i) { _ = consumeName(); out.append(.dimension) }
                else { out.append(.number) }
                continue
            }
            if startsIdent(i) {
                let name = consumeName()
                if at(i) == "(" { i += 1; out.append(.function(name)) } else { out.append(.ident(name)) }
                continue
            }
            if u == "@" && startsIdent(i + 1) { i += 1; out.append(.atKeyword(consumeName())); continue }
            if u == "#" && (isName(at(i + 1)) || validEscape(i + 1)) { i += 1; out.append(.hash(consumeName())); continue }
            i += 1
            switch u {
            case ":": out.append(.colon)
            case ";": out.append(.semicolon)
            case ",": out.append(.comma)
            case "{", "(", "[": out.append(.open(Character(u)))
            case "}", ")", "]": out.append(.close(Character(u)))
            default: out.append(.delim(Character(u)))
            }
        }
        return out
    }

    /// The custom properties declared in the style sheet (decoded names, in order), checking the structure on
    /// the way: blocks balance, top-level preludes are `:root`, `[data-theme=…]` or `@media`, `@media` holds
    /// only `:root` blocks, every declaration is `--name: value;`, and `var()` names a declared property.
    static func declarations(_ css: String) throws -> [String] {
        struct Bad: Error, CustomStringConvertible { let description: String }
        let toks = tokenize(css).filter { $0 != .whitespace }
        if toks.contains(.badString) || toks.contains(.unterminatedComment) { throw Bad(description: "bad string or comment") }
        var i = 0, names: [String] = []
        func block(depth: Int) throws {
            // at a prelude start
            while i < toks.count {
                if toks[i] == .close("}") { if depth == 0 { throw Bad(description: "stray }") }; i += 1; return }
                var prelude: [CSSTok] = []
                while i < toks.count, toks[i] != .open("{") {
                    if toks[i] == .close("}") || toks[i] == .semicolon { throw Bad(description: "unexpected \(toks[i]) in a prelude") }
                    prelude.append(toks[i]); i += 1
                }
                guard i < toks.count else { throw Bad(description: "prelude without a block") }
                i += 1
                if case .atKeyword("media") = prelude.first {
                    guard depth == 0 else { throw Bad(description: "nested @media") }
                    try block(depth: 1)
                } else if prelude == [.colon, .ident("root")] || (depth == 0 && prelude.first == .open("[")) {
                    try declarationsBlock()
                } else { throw Bad(description: "unexpected rule \(prelude)") }
            }
            if depth > 0 { throw Bad(description: "unclosed @media") }
        }
        func declarationsBlock() throws {
            while i < toks.count {
                if toks[i] == .close("}") { i += 1; return }
                guard case .ident(let name) = toks[i], i + 1 < toks.count, toks[i + 1] == .colon else {
                    throw Bad(description: "not a declaration at \(toks[i])")
                }
                i += 2
                var parens = 0
                while i < toks.count {
                    let t = toks[i]
                    if case .function("var") = t {
                        guard i + 1 < toks.count, case .ident(let ref) = toks[i + 1], names.contains(ref) else {
                            throw Bad(description: "var() of an undeclared name")
                        }
                    }
                    if case .function = t { parens += 1 }
                    if t == .open("(") { parens += 1 }
                    if t == .close(")") { parens -= 1 }
                    if t == .semicolon && parens == 0 { break }
                    if t == .open("{") || t == .close("}") || t == .open("[") { throw Bad(description: "brace in a value") }
                    i += 1
                }
                guard i < toks.count else { throw Bad(description: "declaration without ;") }
                i += 1
                if name.hasPrefix("--") { names.append(name) } else if name != "color-scheme" {
                    throw Bad(description: "unexpected property \(name)")
                }
            }
            throw Bad(description: "unclosed block")
        }
        try block(depth: 0)
        return names
    }
}

@Suite struct HostileNameTests {
    /// The documented Swift identifier, CSS identifier, XML and Android rules on fixed inputs.
    @Test func escapingFunctionsOnKnownInputs() throws {
        #expect(Escape.swiftIdentifier("brand blue-2") == "brandBlue2")
        #expect(Escape.swiftIdentifier("9lives") == "_9lives")
        #expect(Escape.swiftIdentifier("class") == "class_")
        #expect(Escape.swiftIdentifier("橙") == "u6A59")
        #expect(Escape.swiftIdentifier("") == "__")
        #expect(Escape.swiftComment("a\nb\u{2028}") == "a\\u{A}b\\u{2028}")
        #expect(Escape.swiftString("a\"\\(x)\n\0") == #""a\"\\(x)\n\0""#)
        // CSSOM serialize an identifier: leading digit and "-digit" escaped as code points.
        #expect(Escape.cssIdentifier("9a") == "\\39 a")
        #expect(Escape.cssIdentifier("-9") == "-\\39 ")
        #expect(Escape.cssIdentifier("-") == "\\-")
        #expect(Escape.cssIdentifier("a b}") == "a\\ b\\}")
        #expect(Escape.cssIdentifier("a\nb\0") == "a\\a b\u{FFFD}")
        #expect(Escape.cssComment("x*/y") == "x* /y")
        #expect(Escape.cssString("a\"b\n") == "\"a\\\"b\\a \"")
        #expect(Escape.xmlText("<a & 'b'>\u{1}") == "&lt;a &amp; &apos;b&apos;&gt;\u{FFFD}")
        #expect(Escape.xmlAttribute("a\nb") == "a&#10;b")
        #expect(Escape.xmlComment("a--b-") == "a- -b- ")
        #expect(Escape.androidResourceName(["hb", "brandBlue", "450"]) == "hb_brand_blue_450")
        #expect(Escape.androidResourceName(["9", "x"]) == "c_9_x")
        #expect(Escape.androidResourceName(["hb", "橙"]) == "hb_u6a59")
        #expect(throws: NameError.self) { try Escape.designTokenName("a.b") }
        #expect(throws: NameError.self) { try Escape.designTokenName("$type") }
        #expect(throws: NameError.self) { try Escape.fileName("../x", in: "Colors.xcassets") }
        #expect(throws: NameError.self) { try Escape.fileName("a\nb", in: "Colors.xcassets") }
        #expect(try Escape.fileName("brand blue", in: "Colors.xcassets") == "brand blue")
    }

    /// Rejections name the name and the rule on one line.
    @Test func rejectedNamesSayWhy() throws {
        let doc = HostileNames.document(families: ["a.b", "c"], stops: [["1", "2", "3"], ["1", "2", "3"]],
                                        tokens: ["t0", "t1", "t2", "t3"], source: "s")
        let e = try #require(throws: ColorExportError.self) { try TestDocs.export(["dtcg"], doc) }
        #expect(e.description == "name 'a.b' cannot be a design token name: it may not contain '.', '{' or '}' (DTCG 2025.10 §5.1.1); rename it")
        let clash = HostileNames.document(families: ["brand blue", "brand-blue"], stops: [["1", "2", "3"], ["1", "2", "3"]],
                                          tokens: ["t0", "t1", "t2", "t3"], source: "s")
        let e2 = try #require(throws: ColorExportError.self) { try TestDocs.export(["swift"], clash) }
        #expect(e2.description.contains("family 'brand blue' stop '1' and family 'brand-blue' stop '1' both become the Swift name brandBlue1"))
    }

    /// Random Unicode names through every exporter: Swift parses (one batched `swiftc -parse`), CSS tokenizes
    /// into exactly the declared properties, XML and JSON parse, and every text file has the line structure of
    /// the same document with plain names (no name adds a line or leaves a comment).
    @Test func randomNamesThroughEveryExporter() throws {
        var rng = SplitMix64(seed: 0x4855_4542_454E_4348)
        let ids = Exporters.standard.ids
        let twin = try TestDocs.export(ids, HostileNames.plainTwin())
        let dir = TempFolder.make("export")
        defer { try? FileManager.default.removeItem(at: dir) }
        var swiftFiles: [String] = []
        var accepted: [String: Int] = [:], rejected: [String: Int] = [:]
        for round in 0..<30 {
            let families = [HostileNames.name(&rng), HostileNames.name(&rng)]
            guard families[0] != families[1] else { continue }
            let stops = (0..<2).map { _ in (0..<3).map { k in rng.next() % 3 == 0 ? HostileNames.name(&rng) : ["50", "200", "800"][k] } }
            guard Set(stops[0]).count == 3, Set(stops[1]).count == 3 else { continue }
            let tokens = (0..<4).map { k in rng.next() % 2 == 0 ? HostileNames.name(&rng) + "\(k)" : "token\(k)" }
            guard Set(tokens).count == 4 else { continue }
            let doc = HostileNames.document(families: families, stops: stops, tokens: tokens, source: HostileNames.name(&rng))
            for id in ids {
                let folder: OutputFolder
                do { folder = try TestDocs.export([id], doc) } catch let e as ColorExportError {
                    let text = e.description
                    #expect(!text.contains("\n") && text.contains("rename"), "round \(round) \(id): \(text)")
                    rejected[id, default: 0] += 1
                    continue
                }
                accepted[id, default: 0] += 1
                for path in folder.paths {
                    let bytes = folder.contents(path)!
                    let text = String(decoding: bytes, as: UTF8.self)
                    // Fixed-path text files keep the twin's line structure.
                    if let plain = twin.text(path), [".swift", ".css", ".xml", ".json"].contains(where: path.hasSuffix) {
                        let a = text.split(separator: "\n", omittingEmptySubsequences: false)
                        let b = plain.split(separator: "\n", omittingEmptySubsequences: false)
                        #expect(a.count == b.count, "round \(round) \(path): \(a.count) lines, plain names give \(b.count)")
                        if a.count != b.count, ProcessInfo.processInfo.environment["HB_DUMP"] != nil {
                            try? Data(text.utf8).write(to: URL(fileURLWithPath: "/tmp/hb-dump-a-" + path.replacingOccurrences(of: "/", with: "-")))
                            try? Data(plain.utf8).write(to: URL(fileURLWithPath: "/tmp/hb-dump-b-" + path.replacingOccurrences(of: "/", with: "-")))
                        }
                        if a.count == b.count {
                            for (x, y) in zip(a, b) where y.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                                #expect(x.trimmingCharacters(in: .whitespaces).hasPrefix("//"), "round \(round) \(path): comment line became code: \(x)")
                            }
                        }
                    }
                    // The UIKit and SwiftUI files repeat the AppKit file's member lines: parse two of the four.
                    if path == SwiftExporter.valuesFile || path == SwiftExporter.appkitFile {
                        let file = dir.appendingPathComponent("r\(round)-\(path.replacingOccurrences(of: "/", with: "-"))")
                        try Data(bytes).write(to: file)
                        swiftFiles.append(file.path)
                    } else if path.hasSuffix(".swift") {
                    } else if path.hasSuffix(".css") {
                        let names = try CSSTok.declarations(text)
                        var expected: [String] = []
                        for f in doc.families { for st in f.stops { expected.append("--hb-\(Fmt.kebab(f.name))-\(st.name)") } }
                        for t in doc.tokenSets[0].tokens { expected.append("--hb-\(Fmt.kebab(doc.tokenSets[0].family))-\(Fmt.kebab(t.name))") }
                        expected = expected.map { String(String.UnicodeScalarView($0.unicodeScalars.map { $0.value == 0 ? "\u{FFFD}" : $0 })) }
                        #expect(Array(names.prefix(expected.count)) == expected, "round \(round): CSS declares \(names.prefix(expected.count))")
                    } else if path.hasSuffix(".xml") || path.hasSuffix(".svg") {
                        let parser = XMLParser(data: Data(bytes))
                        #expect(parser.parse(), "round \(round) \(path): \(parser.parserError.map { "\($0)" } ?? "")")
                    } else if path.hasSuffix(".json") {
                        #expect((try? JSONSerialization.jsonObject(with: Data(bytes))) != nil, "round \(round) \(path) is not JSON")
                    }
                }
            }
        }
        // Most random names hold a character no file name may have, so few reach the asset catalog.
        for id in ids { #expect(accepted[id, default: 0] >= (id == "xcassets" ? 1 : 5), "\(id): only \(accepted[id, default: 0]) accepted, \(rejected[id, default: 0]) rejected") }
        let swiftc = try #require(Programs.which("swiftc", fallbacks: ["/opt/swift/usr/bin/swiftc"]))
        let (status, _, err) = try Programs.run(swiftc, ["-parse"] + swiftFiles).parts
        #expect(status == 0, "swiftc -parse: \(err.prefix(2000))")
    }
}
