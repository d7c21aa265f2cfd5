import Foundation
import Testing

/// An app design system: two chromatic families and gray, app-level tokens naming their family (with states,
/// explicit high-contrast stops and a fixed role), a policy of token pairs, and a prefix — exported to every
/// format and audited on exactly the exported values.
@Suite struct AppTokenTests {
    static let script = """
    local hb = require "huebench"
    local brand = hb.register_family{ name = "brand", anchor = "#00B386" }
    local danger = hb.register_family{ name = "danger", hue = 25 }
    hb.build{
      name = "acme", prefix = "acme",
      families = { brand, danger, "gray" },
      tokens = {
        backgroundPrimary = { family = "gray", light = 50, dark = 1000, role = "background" },
        textError = { family = "danger", light = 700, dark = 300, light_high = 800, dark_high = 200, role = "text" },
        fillBrand = { family = "brand", light = 600, dark = 400, role = "fill",
                      states = { hover = 1, pressed = 2, disabled = { opacity = 0.38 } } },
        textOnFill = { family = "gray", light = 50, dark = 1000, role = "fixed" },
      },
      policy = hb.policy{ name = "app", rules = {
        { text = "textError", background = "backgroundPrimary", min = 4.5 },
        { text = "textOnFill", background = "fillBrand", min = MIN },
      } },
    }
    """

    static func write(_ dir: URL, min: String) throws {
        try script.replacingOccurrences(of: "MIN", with: min)
            .write(to: dir.appendingPathComponent("app.lua"), atomically: true, encoding: .utf8)
    }

    @Test func appTokensAreExportedToEveryFormatAndAudited() throws {
        let dir = BuildCommandTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write(dir, min: "3")
        let (s, out, err) = try BuildCommandTests.run(["build", "app.lua", "--quiet", "--strict",
                                                        "--formats", "css,swift,android,xcassets,dtcg"], cwd: dir)
        #expect(s == 0, "\(err)")
        // 3 families × 20 ColorTokensKit tokens + 4 app tokens + 3 states; 2 rules × 4 appearances.
        #expect(out.contains("3 families, 60 stops, 67 tokens"))
        #expect(out.contains("audit app: all 8 checks pass"))
        let o = dir.appendingPathComponent("huebench-out")
        func read(_ p: String) throws -> String { try String(contentsOf: o.appendingPathComponent(p), encoding: .utf8) }
        let css = try read("acme.css")
        #expect(css.contains("  --acme-text-error: light-dark(var(--acme-danger-700), var(--acme-danger-300));"))
        #expect(css.contains("  --acme-fill-brand-hover: light-dark(var(--acme-brand-650), var(--acme-brand-350));"))
        #expect(css.contains("  --acme-fill-brand-pressed: light-dark(var(--acme-brand-700), var(--acme-brand-300));"))
        // Increase Contrast: the explicit stops, and a fill two stops away from the page background.
        #expect(css.contains("    --acme-text-error: light-dark(var(--acme-danger-800), var(--acme-danger-200));"))
        #expect(css.contains("    --acme-fill-brand: light-dark(var(--acme-brand-700), var(--acme-brand-300));"))
        #expect(css.contains("--acme-fill-brand-disabled: light-dark(") && css.contains(" / 0.38)"))
        let android = try read("android/values/acme_colors.xml")
        #expect(android.contains("<color name=\"acme_text_error\">@color/acme_danger_700</color>"))
        #expect(android.contains("<color name=\"acme_text_error_hc\">@color/acme_danger_800</color>"))
        #expect(try read("android/values-night/acme_colors.xml").contains("<color name=\"acme_text_error\">@color/acme_danger_300</color>"))
        // The prefix names the Swift types, the asset catalog and its assets, and the token folder.
        let swift = try read("Swift/AcmeColorValues.swift")
        #expect(swift.contains("public static let textError = AcmeToken("))
        #expect(swift.contains("public static let fillBrandPressed = AcmeToken("))
        #expect(FileManager.default.fileExists(atPath: o.appendingPathComponent("AcmeColors.xcassets/Tokens/app/acmeTextError.colorset/Contents.json").path))
        #expect(FileManager.default.fileExists(atPath: o.appendingPathComponent("AcmeColors.xcassets/Tokens/app/acmeFillBrandHover.colorset/Contents.json").path))
        #expect(try read("tokens/acme/dark-high-contrast.tokens.json").contains("\"$value\": \"{palette.danger.200}\""))

        // The same tokens, listed.
        let (ts, tokens, _) = try BuildCommandTests.run(["tokens", "app.lua", "--family", "app", "--mode", "dark", "--contrast", "high"], cwd: dir)
        #expect(ts == 0)
        #expect(tokens.contains("app  textError          danger _200"))
        #expect(tokens.contains("app  fillBrandPressed   brand _200"))
        #expect(tokens.contains("app  textOnFill         gray _1000"))
    }

    @Test func aTokenPairRuleThatFailsFailsTheBuild() throws {
        let dir = BuildCommandTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        // White text on the brand fill does not reach 7:1 in every appearance.
        try Self.write(dir, min: "7")
        let (s, out, _) = try BuildCommandTests.run(["build", "app.lua", "--quiet", "--strict", "--formats", "css"], cwd: dir)
        #expect(s == 1 && out.contains("checks fail"))
        let (a, report, _) = try BuildCommandTests.run(["audit", "app.lua"], cwd: dir)
        #expect(a == 1 && report.contains("FAIL app light/standard rule-2: textOnFill _50 on fillBrand _600 wcag21"))
    }
}

/// `--family` narrows a script's build without dropping app-level tokens: the families they use stay.
@Suite struct FamilyNarrowingTests {
    @Test func narrowingKeepsAppTokens() throws {
        let dir = BuildCommandTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        try AppTokenTests.write(dir, min: "3")
        let (s, out, err) = try BuildCommandTests.run(["build", "app.lua", "--family", "brand", "--quiet", "--formats", "css"], cwd: dir)
        #expect(s == 0, "\(err)")
        // brand, then danger and gray for textError, backgroundPrimary and textOnFill: 3 × 20 + 7 app tokens.
        #expect(out.contains("3 families, 60 stops, 67 tokens"), "\(out)")
        let css = try String(contentsOf: dir.appendingPathComponent("huebench-out/acme.css"), encoding: .utf8)
        #expect(css.contains("  --acme-text-error: light-dark(var(--acme-danger-700), var(--acme-danger-300));"))
        #expect(css.contains("  --acme-text-on-fill: "))
    }
}

/// A family removed from a build leaves no folders behind in the asset catalog (Xcode reports empty colorsets
/// as broken assets).
@Suite struct RemovedFamilyTests {
    @Test func noStaleColorsetFolders() throws {
        let dir = BuildCommandTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (s1, _, e1) = try BuildCommandTests.run(["build", "--family", "orange,blue", "--formats", "xcassets", "--quiet", "--out", "o"], cwd: dir)
        #expect(s1 == 0, "\(e1)")
        let palette = dir.appendingPathComponent("o/Colors.xcassets/Palette/blue/blue450.colorset/Contents.json").path
        #expect(FileManager.default.fileExists(atPath: palette))
        let (s2, _, e2) = try BuildCommandTests.run(["build", "--family", "orange", "--formats", "xcassets", "--quiet", "--out", "o"], cwd: dir)
        #expect(s2 == 0, "\(e2)")
        let all = FileManager.default.enumerator(atPath: dir.appendingPathComponent("o").path)!.compactMap { $0 as? String }
        #expect(!all.contains { $0.contains("blue") }, "\(all.filter { $0.contains("blue") }.prefix(5))")
        #expect(all.contains("Colors.xcassets/Palette/orange/orange450.colorset/Contents.json"))
    }
}
