import ColorCore
import ColorExport
import Foundation
import HuebenchTestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct XcassetsTests {
    static let componentPattern = try! NSRegularExpression(pattern: "^-?[0-9]+\\.[0-9]{3}$")

    func components(_ entry: [String: Any]) -> (space: String, c: [String: String]) {
        let color = entry["color"] as! [String: Any]
        return (color["color-space"] as! String, color["components"] as! [String: String])
    }

    @Test func catalogStructure() throws {
        let f = try TestDocs.export(["xcassets"], TestDocs.palette)
        let root = try TestDocs.json(f.text("Colors.xcassets/Contents.json")!) as! [String: Any]
        let info = root["info"] as! [String: Any]
        #expect(info["author"] as? String == "huebench" && info["version"] as? Int == 1)
        let colorsets = f.paths.filter { $0.hasSuffix(".colorset/Contents.json") }
        #expect(colorsets.count == 2 * 20 + 2 * 20)  // stops + tokens of orange and gray
        // Every folder on the way has its own Contents.json.
        for p in colorsets {
            var dir = (p as NSString).deletingLastPathComponent
            while dir.contains("/") {
                dir = (dir as NSString).deletingLastPathComponent
                #expect(f.contents(dir + "/Contents.json") != nil, "missing \(dir)/Contents.json")
            }
        }
        for p in colorsets {
            let j = try TestDocs.json(f.text(p)!) as! [String: Any]
            let colors = j["colors"] as! [[String: Any]]
            for e in colors {
                #expect(e["idiom"] as? String == "universal")
                let (space, c) = components(e)
                #expect(space == "display-p3")
                #expect(Set(c.keys) == ["red", "green", "blue", "alpha"])
                for v in c.values {
                    #expect(Self.componentPattern.firstMatch(in: v, range: NSRange(v.startIndex..., in: v)) != nil, "\(v) in \(p)")
                    #expect(Double(v)! >= 0 && Double(v)! <= 1)
                }
            }
        }
    }

    @Test func tokenHasFourAppearancesAndOpacityInAlpha() throws {
        let f = try TestDocs.export(["xcassets"], TestDocs.palette)
        let j = try TestDocs.json(f.text("Colors.xcassets/Tokens/orange/orangeSurfacePrimary.colorset/Contents.json")!) as! [String: Any]
        let colors = j["colors"] as! [[String: Any]]
        #expect(colors.count == 4)
        let appearances = colors.map { e -> [String] in
            ((e["appearances"] as? [[String: String]]) ?? []).map { "\($0["appearance"]!)=\($0["value"]!)" }
        }
        #expect(appearances == [[], ["luminosity=dark"], ["contrast=high"], ["luminosity=dark", "contrast=high"]])
        #expect(colors.allSatisfy { components($0).c["alpha"] == "0.500" })
        // orange _200 in Display P3 stays wide: color(display-p3 0.978 0.79 0.6716) (light, surfacePrimary _200).
        let any = components(colors[0]).c
        #expect(any["red"] == "0.978" && any["green"] == "0.790" && any["blue"] == "0.672")
        // foregroundSecondary: light _800 #6e3612; high contrast light _900.
        let fs = try TestDocs.json(f.text("Colors.xcassets/Tokens/orange/orangeForegroundSecondary.colorset/Contents.json")!) as! [String: Any]
        let fsColors = (fs["colors"] as! [[String: Any]]).map { components($0).c }
        #expect(fsColors[0] != fsColors[2])
    }

    @Test func colorSpaceOptions() throws {
        var o = ExportOptions()
        o.xcassetsColorSpace = "srgb"
        let f = try TestDocs.export(["xcassets"], TestDocs.palette, options: o)
        let j = try TestDocs.json(f.text("Colors.xcassets/Palette/orange/orange800.colorset/Contents.json")!) as! [String: Any]
        let (space, c) = components((j["colors"] as! [[String: Any]])[0])
        // #6e3612 = (110, 54, 18) / 255.
        #expect(space == "srgb")
        for (k, want) in [("red", 110.0), ("green", 54), ("blue", 18)] { #expect(abs(Double(c[k]!)! * 255 - want) < 0.5 + 0.13) }
        o.xcassetsColorSpace = "extended-srgb"
        let g = try TestDocs.export(["xcassets"], TestDocs.palette, options: o)
        let k = try TestDocs.json(g.text("Colors.xcassets/Palette/orange/orange200.colorset/Contents.json")!) as! [String: Any]
        let red = Double(components((k["colors"] as! [[String: Any]])[0]).c["red"]!)!
        #expect(red > 1)  // a wide color leaves 0…1 in extended sRGB
        o.xcassetsColorSpace = "adobe-rgb"
        #expect(throws: ColorExportError.self) { try TestDocs.export(["xcassets"], TestDocs.small, options: o) }
    }
}

@Suite struct SwiftSourceTests {
    static let swiftc = Programs.which("swiftc", fallbacks: ["/opt/swift/usr/bin"])

    func write(_ f: OutputFolder) throws -> URL {
        let dir = TempFolder.make("export")
        for p in f.paths {
            let u = dir.appendingPathComponent(p)
            try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(f.contents(p)!).write(to: u)
        }
        return dir
    }

    @Test func everyGeneratedFileParses() throws {
        let swiftc = try #require(Self.swiftc, "swiftc is not on PATH")
        let f = try TestDocs.export(["swift"], TestDocs.palette)
        let dir = try write(f)
        defer { try? FileManager.default.removeItem(at: dir) }
        for p in SwiftExporter.exporter.outputs {
            let (status, _, err) = try Programs.run(swiftc, ["-parse", dir.appendingPathComponent(p).path]).parts
            #expect(status == 0, "swiftc -parse \(p): \(err)")
        }
    }

    @Test func platformIndependentPartsTypecheckOnLinux() throws {
        let swiftc = try #require(Self.swiftc, "swiftc is not on PATH")
        let f = try TestDocs.export(["swift"], TestDocs.palette)
        let dir = try write(f)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The value table + ThemePreference, and the platform files (their #if bodies are skipped on Linux),
        // plus a use site checking the API shape.
        let use = dir.appendingPathComponent("Use.swift")
        try """
        import Foundation
        let t: HuebenchToken = HuebenchTokens.orangeForegroundSecondary
        let c: HuebenchRGBA = t.resolve(dark: true, highContrast: true)
        let p: ThemePreference = ThemePreference.stored(in: UserDefaults.standard)
        let dark: Bool = p.isDark(systemIsDark: false)
        let n: Int = HuebenchTokens.all.count
        let w: Double = HuebenchPalette.orange200.red
        """.write(to: use, atomically: true, encoding: .utf8)
        let files = SwiftExporter.exporter.outputs.map { dir.appendingPathComponent($0).path } + [use.path]
        let (status, _, err) = try Programs.run(swiftc, ["-typecheck", "-swift-version", "6", "-module-name", "Colors"] + files).parts
        #expect(status == 0, "swiftc -typecheck: \(err)")
    }

    @Test func valuesAreDisplayP3AndTokensHaveFourAppearances() throws {
        let f = try TestDocs.export(["swift"], TestDocs.palette)
        let values = f.text(SwiftExporter.valuesFile)!
        // orange _200 stays wide: color(display-p3 0.978 0.79 0.6716).
        #expect(values.contains("public static let orange200 = HuebenchRGBA(0.9780, 0.7900, 0.6716)"))
        #expect(values.contains("lightHighContrast: HuebenchPalette.orange900,"))
        #expect(values.contains("light: HuebenchPalette.orange200.opacity(0.5),"))
        let uikit = f.text(SwiftExporter.uikitFile)!
        #expect(uikit.contains("#if canImport(UIKit) && (os(iOS) || os(tvOS) || os(visionOS))"))
        #expect(uikit.contains("displayP3Red:") && uikit.contains("accessibilityContrast") && uikit.contains("userInterfaceStyle"))
        let appkit = f.text(SwiftExporter.appkitFile)!
        #expect(appkit.contains("NSColor(name:") && appkit.contains("bestMatch(from:"))
        #expect(appkit.contains(".accessibilityHighContrastAqua") && appkit.contains(".accessibilityHighContrastDarkAqua"))
        #expect(f.text(SwiftExporter.swiftUIFile)!.contains("public var colorScheme: ColorScheme?"))
    }
}

@Suite struct CSSTests {
    /// Every color literal in a declaration value: `oklch(…)`, `rgb(…)` (nested `var()` are aliases).
    static func literals(_ value: String) -> [String] {
        let re = try! NSRegularExpression(pattern: "(oklch|rgb)\\([^()]*\\)")
        return re.matches(in: value, range: NSRange(value.startIndex..., in: value)).map { String(value[Range($0.range, in: value)!]) }
    }

    static func declarations(_ css: String) -> [(String, String)] {
        css.split(separator: "\n").compactMap { line in
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("--"), let colon = t.firstIndex(of: ":") else { return nil }
            return (String(t[..<colon]), String(t[t.index(after: colon)...].dropLast()).trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func everyColorParsesBackWithHuebenchsParser() throws {
        let css = try TestDocs.export(["css"], TestDocs.palette).text(CSSExporter.file)!
        let decls = Self.declarations(css)
        let names = Set(decls.map(\.0))
        var parsed = 0
        for (name, value) in decls {
            for lit in Self.literals(value) {
                let c = try Workbench.standard.parse(lit)
                #expect(c.space == .oklch || c.space == .srgb, "\(name): \(lit)")
                parsed += 1
            }
            // Aliases point at declared properties.
            let re = try NSRegularExpression(pattern: "var\\((--[a-z0-9-]+)\\)")
            for m in re.matches(in: value, range: NSRange(value.startIndex..., in: value)) {
                #expect(names.contains(String(value[Range(m.range(at: 1), in: value)!])), "\(name) refers to an undeclared property")
            }
        }
        #expect(parsed >= 40)
    }

    @Test func structureAndValues() throws {
        let css = try TestDocs.export(["css"], TestDocs.palette).text(CSSExporter.file)!
        #expect(css.contains("color-scheme: light dark;"))
        #expect(css.contains("@media (prefers-contrast: more)") && css.contains("@media (color-gamut: p3)"))
        // orange _800 (#6e3612) is inside sRGB: oklch() with percent lightness, within 1/255 of the hex.
        let decls = Dictionary(Self.declarations(css), uniquingKeysWith: { a, _ in a })
        let v800 = try #require(decls["--hb-orange-800"])
        #expect(v800.hasPrefix("oklch(") && v800.contains("%"))
        let srgb = try Workbench.standard.convert(try Workbench.standard.parse(v800), to: .srgb).coords
        for (got, want) in zip([srgb.x, srgb.y, srgb.z], [110.0, 54, 18]) { #expect(abs(got * 255 - want) < 0.6) }
        // orange _200 is wide: an sRGB fallback in the base rule, oklch() under color-gamut: p3.
        #expect(decls["--hb-orange-200"]!.hasPrefix("rgb("))
        let p3Block = String(css[css.range(of: "@media (color-gamut: p3)")!.lowerBound...])
        #expect(p3Block.contains("--hb-orange-200: oklch("))
        let fallback = try Workbench.standard.parse(decls["--hb-orange-200"]!)
        #expect(try Workbench.standard.inGamut(fallback, of: .srgb))
        // Tokens: light-dark() aliases; Increase Contrast overrides foregroundSecondary with _900/_100.
        #expect(decls["--hb-orange-foreground-primary"] == "light-dark(var(--hb-orange-1000), var(--hb-orange-50))")
        let high = String(css[css.range(of: "@media (prefers-contrast: more)")!.lowerBound...])
        #expect(high.contains("--hb-orange-foreground-secondary: light-dark(var(--hb-orange-900), var(--hb-orange-100));"))
        // Opacity tokens carry alpha.
        #expect(decls["--hb-orange-surface-primary"]!.contains("/ 0.5)"))
    }
}

@Suite struct DTCGTests {
    static let spaces: Set<String> = ["srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "display-p3",
                                      "a98-rgb", "prophoto-rgb", "rec2020", "xyz-d65", "xyz-d50"]
    static let hexPattern = try! NSRegularExpression(pattern: "^#[0-9a-f]{6}$")

    /// Walks a token file: groups and tokens by the format's rules; returns token paths → token objects.
    static func tokens(_ json: Any, path: [String] = [], inheritedType: String? = nil, into out: inout [String: [String: Any]]) {
        guard let obj = json as? [String: Any] else { Issue.record("\(path) is not an object"); return }
        let type = obj["$type"] as? String ?? inheritedType
        if obj["$value"] != nil {
            #expect(type == "color", "\(path) has no color $type")
            out[path.joined(separator: ".")] = obj
            return
        }
        for (k, v) in obj where !k.hasPrefix("$") {
            #expect(!k.contains(".") && !k.contains("{") && !k.contains("}"), "bad name \(k)")
            tokens(v, path: path + [k], inheritedType: type, into: &out)
        }
    }

    static func checkColor(_ v: Any, _ where_: String) {
        guard let c = v as? [String: Any] else { Issue.record("\(where_): $value is not a color object"); return }
        #expect(spaces.contains(c["colorSpace"] as? String ?? ""), "\(where_) colorSpace")
        let comps = c["components"] as? [Any] ?? []
        #expect(comps.count == 3, "\(where_) components")
        for x in comps { #expect(x is NSNumber || (x as? String) == "none", "\(where_) component \(x)") }
        if let a = c["alpha"] { #expect((a as? NSNumber).map { (0...1).contains($0.doubleValue) } == true) }
        if let h = c["hex"] as? String {
            #expect(hexPattern.firstMatch(in: h, range: NSRange(h.startIndex..., in: h)) != nil, "\(where_) hex \(h)")
        }
    }

    @Test func filesFollowTheFormatRules() throws {
        let f = try TestDocs.export(["dtcg"], TestDocs.palette)
        var palette: [String: [String: Any]] = [:]
        Self.tokens(try TestDocs.json(f.text("tokens/palette.tokens.json")!), into: &palette)
        #expect(palette.count == 40)
        for (p, t) in palette { Self.checkColor(t["$value"]!, p) }
        let o800 = palette["palette.orange.800"]!["$value"] as! [String: Any]
        #expect(o800["hex"] as? String == "#6e3612" && o800["colorSpace"] as? String == "oklch")
        for v in TokenVariant.all {
            var mode: [String: [String: Any]] = [:]
            Self.tokens(try TestDocs.json(f.text("tokens/\(DTCGExporter.modeFile(v))")!), into: &mode)
            #expect(mode.count == 40)
            for (p, t) in mode {
                if let alias = t["$value"] as? String {
                    // An alias is a whole-value reference to an existing color token.
                    #expect(alias.hasPrefix("{") && alias.hasSuffix("}"))
                    #expect(palette[String(alias.dropFirst().dropLast())] != nil, "\(p) → \(alias)")
                } else {
                    Self.checkColor(t["$value"]!, p)
                }
            }
        }
        var light: [String: [String: Any]] = [:]
        Self.tokens(try TestDocs.json(f.text("tokens/light.tokens.json")!), into: &light)
        #expect(light["color.orange.foregroundSecondary"]!["$value"] as? String == "{palette.orange.800}")
        let surface = light["color.orange.surfacePrimary"]!["$value"] as! [String: Any]
        #expect((surface["alpha"] as! NSNumber).doubleValue == 0.5)
        var lightHigh: [String: [String: Any]] = [:]
        Self.tokens(try TestDocs.json(f.text("tokens/light-high-contrast.tokens.json")!), into: &lightHigh)
        #expect(lightHigh["color.orange.foregroundSecondary"]!["$value"] as? String == "{palette.orange.900}")
    }

    @Test func powerlessHueIsNone() throws {
        let f = try TestDocs.export(["dtcg"], TestDocs.small)
        var palette: [String: [String: Any]] = [:]
        Self.tokens(try TestDocs.json(f.text("tokens/palette.tokens.json")!), into: &palette)
        let white = palette["palette.gray.50"]!["$value"] as! [String: Any]
        #expect((white["components"] as! [Any])[2] as? String == "none")
    }

    @Test func resolverReferencesExistingFiles() throws {
        let f = try TestDocs.export(["dtcg"], TestDocs.palette)
        let r = try TestDocs.json(f.text("tokens/huebench.resolver.json")!) as! [String: Any]
        #expect(r["version"] as? String == "2025.10")
        let sets = r["sets"] as! [String: Any], modifiers = r["modifiers"] as! [String: Any]
        var refs: [String] = []
        for case let s as [String: Any] in sets.values { refs += (s["sources"] as! [[String: String]]).map { $0["$ref"]! } }
        let theme = modifiers["theme"] as! [String: Any]
        let contexts = theme["contexts"] as! [String: [[String: String]]]
        #expect(Set(contexts.keys) == Set(TokenVariant.all.map(\.id)))
        #expect(contexts.keys.contains(theme["default"] as! String))
        for c in contexts.values { refs += c.map { $0["$ref"]! } }
        for ref in refs { #expect(f.contents("tokens/" + ref) != nil, "resolver refers to missing \(ref)") }
        for item in r["resolutionOrder"] as! [[String: String]] {
            let parts = item["$ref"]!.split(separator: "/")  // "#/sets/palette"
            #expect(parts.count == 3 && parts[0] == "#")
            let table = parts[1] == "sets" ? sets : modifiers
            #expect(table[String(parts[2])] != nil)
        }
    }

    @Test func legacyStringValues() throws {
        let f = try TestDocs.export(["dtcg"], TestDocs.palette)
        var palette: [String: [String: Any]] = [:]
        Self.tokens(try TestDocs.json(f.text("tokens/legacy/palette.tokens.json")!), into: &palette)
        #expect(palette["palette.orange.800"]!["$value"] as? String == "#6e3612")
        var light: [String: [String: Any]] = [:]
        Self.tokens(try TestDocs.json(f.text("tokens/legacy/light.tokens.json")!), into: &light)
        #expect((light["color.orange.surfacePrimary"]!["$value"] as! String).hasSuffix("80"))  // alpha 0.5 → 0x80
        var o = ExportOptions(); o.dtcgLegacy = false
        #expect(try TestDocs.export(["dtcg"], TestDocs.palette, options: o).paths.allSatisfy { !$0.contains("legacy") })
    }
}

/// Collects `<color name="…">value</color>` pairs and checks the XML is well formed.
final class ColorsXML: NSObject, XMLParserDelegate {
    var colors: [(String, String)] = []
    private var name: String?
    private var text = ""
    func parser(_ parser: XMLParser, didStartElement e: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if e == "color" { name = attributes["name"]; text = "" }
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    func parser(_ parser: XMLParser, didEndElement e: String, namespaceURI: String?, qualifiedName: String?) {
        if e == "color", let n = name { colors.append((n, text)); name = nil }
    }
    static func parse(_ s: String) -> ColorsXML? {
        let d = ColorsXML()
        let p = XMLParser(data: Data(s.utf8))
        p.delegate = d
        return p.parse() ? d : nil
    }
}

@Suite struct AndroidTests {
    @Test func wellFormedWithValues() throws {
        let f = try TestDocs.export(["android"], TestDocs.palette)
        let day = try #require(ColorsXML.parse(f.text(AndroidExporter.dayFile)!), "values/colors.xml is not well-formed")
        let night = try #require(ColorsXML.parse(f.text(AndroidExporter.nightFile)!), "values-night/colors.xml is not well-formed")
        let d = Dictionary(day.colors, uniquingKeysWith: { a, _ in a })
        let n = Dictionary(night.colors, uniquingKeysWith: { a, _ in a })
        #expect(day.colors.count == d.count)  // names are unique
        #expect(d["hb_orange_800"] == "#FF6E3612")
        let argb = try NSRegularExpression(pattern: "^#[0-9A-F]{8}$")
        for (k, v) in d where !v.hasPrefix("@color/") {
            #expect(argb.firstMatch(in: v, range: NSRange(v.startIndex..., in: v)) != nil, "\(k) = \(v)")
        }
        for (k, v) in d.merging(n, uniquingKeysWith: { a, _ in a }) where v.hasPrefix("@color/") {
            #expect(d[String(v.dropFirst(7))] != nil, "\(k) aliases a missing color")
        }
        #expect(d["hb_orange_foreground_secondary"] == "@color/hb_orange_800")
        #expect(n["hb_orange_foreground_secondary"] == "@color/hb_orange_200")
        #expect(d["hb_orange_foreground_secondary_hc"] == "@color/hb_orange_900")
        #expect(n["hb_orange_foreground_secondary_hc"] == "@color/hb_orange_100")
        #expect(d["hb_orange_surface_primary"]!.hasPrefix("#80"))
        #expect(f.text(AndroidExporter.dayFile)!.contains("High contrast"))
    }
}
