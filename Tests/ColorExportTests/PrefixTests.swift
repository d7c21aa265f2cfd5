import ColorCore
import ColorExport
import Foundation
import Palettes
import Testing

/// Two design systems in one app: builds with `prefix = "acme"` and `prefix = "beta"` share family names (`gray`)
/// and app token names (`textError`), yet no file, CSS custom property, Swift type, initializer label, Android
/// resource or asset name of one equals a name of the other.
@Suite struct PrefixTests {
    static let formats = ["xcassets", "swift", "css", "dtcg", "android"]

    /// A two-family app system: app tokens (one with states) on `gray` and `danger`.
    static func request(prefix: String, dangerHue: Double) throws -> BuildRequest {
        let wb = PaletteWorkbench.standard
        let danger = Family(id: "danger", hue: dangerHue)
        let app = [
            SemanticToken("backgroundPrimary", light: Stop(50), dark: Stop(1000), role: .background, family: "gray"),
            SemanticToken("textError", light: Stop(700), dark: Stop(300), lightHigh: Stop(800), darkHigh: Stop(200), role: .text, family: "danger"),
            SemanticToken("textOnFill", light: Stop(50), dark: Stop(1000), role: .fixed, family: "gray"),
        ] + SemanticToken("fillDanger", light: Stop(700), dark: Stop(400), role: .fill, family: "danger")
            .withStates([TokenState("hover", steps: 1), TokenState("pressed", steps: 2), TokenState("disabled", opacity: 0.38)])
        var r = BuildRequest(name: prefix, families: [BuildRequest.Item(try wb.family(named: "gray")), BuildRequest.Item(danger)],
                             appTokens: app, policy: Policy(id: "\(prefix)-app", name: "app", rules: [
                                 PolicyRule("error-text", foregrounds: ["textError"], backgrounds: ["backgroundPrimary"], minimum: 4.5),
                             ]), formats: formats)
        r.options.prefix = prefix
        return r
    }

    static func export(_ r: BuildRequest) throws -> (ExportDocument, OutputFolder) {
        let doc = try r.document()
        let folder = OutputFolder()
        _ = try r.write(doc, into: folder)
        return (doc, folder)
    }

    /// Every name a build declares that an app sees, by kind.
    static func names(_ f: OutputFolder) -> [String: Set<String>] {
        var out: [String: Set<String>] = ["file": Set(f.paths)]
        func matches(_ pattern: String, in text: String) -> [String] {
            let re = try! NSRegularExpression(pattern: pattern)
            return re.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                String(text[Range($0.range(at: 1), in: text)!])
            }
        }
        for p in f.paths {
            let text = f.text(p) ?? ""
            if p.hasSuffix(".css") { out["css", default: []].formUnion(matches(#"^\s*(--[A-Za-z0-9_-]+):"#.replacingOccurrences(of: "^", with: "(?m)^"), in: text)) }
            if p.hasSuffix(".swift") {
                out["swift type", default: []].formUnion(matches(#"(?m)^(?:public )?(?:struct|enum|class) (\w+)"#, in: text))
                out["swift namespace", default: []].formUnion(matches(#"(?m)^    public enum (\w+) \{"#, in: text))
                out["swift label", default: []].formUnion(matches(#"init\((\w+) (?:value|token):"#, in: text))
                out["swift label", default: []].formUnion(matches(#"public static func (\w+)\(_ token"#, in: text))
            }
            if p.hasSuffix(".xml") { out["android", default: []].formUnion(matches(#"<color name="([^"]+)""#, in: text)) }
            if p.hasSuffix(".colorset/Contents.json") {
                let name = p.split(separator: "/").dropLast().last!.replacingOccurrences(of: ".colorset", with: "")
                out["asset", default: []].insert(name.lowercased())
            }
        }
        return out
    }

    @Test func twoPrefixedBuildsShareNoName() throws {
        let (acmeDoc, acme) = try Self.export(try Self.request(prefix: "acme", dangerHue: 25))
        let (betaDoc, beta) = try Self.export(try Self.request(prefix: "beta", dangerHue: 10))
        #expect(acmeDoc.audit?.passed == true && betaDoc.audit?.passed == true)
        let a = Self.names(acme), b = Self.names(beta)
        for kind in ["file", "css", "swift type", "swift namespace", "swift label", "android", "asset"] {
            let x = a[kind] ?? [], y = b[kind] ?? []
            #expect(!x.isEmpty && !y.isEmpty, "\(kind): no names found")
            #expect(x.isDisjoint(with: y), "\(kind) names in both builds: \(x.intersection(y).sorted().prefix(5))")
        }
        // The names carry the prefix in each language's spelling.
        #expect(acme.text("acme.css")!.contains("  --acme-text-error: light-dark(var(--acme-danger-700), var(--acme-danger-300));"))
        let values = try #require(acme.text("Swift/AcmeColorValues.swift"))
        #expect(values.contains("public struct AcmeRGBA") && values.contains("public enum AcmeTokens {"))
        #expect(values.contains("public enum AcmeThemePreference: String") && values.contains("\"acme.themePreference\""))
        #expect(values.contains("    public static let textError = AcmeToken(\n        name: \"textError\",\n        light: AcmePalette.danger700,"))
        #expect(acme.text("Swift/AcmeColors+UIKit.swift")!.contains("        public static var fillDangerPressed: UIColor { UIColor(acme: AcmeTokens.fillDangerPressed) }"))
        #expect(acme.text("Swift/AcmeColors+AppKit.swift")!.contains("public static func acme(_ token: AcmeToken) -> NSColor"))
        #expect(acme.text("android/values/acme_colors.xml")!.contains("<color name=\"acme_text_error\">@color/acme_danger_700</color>"))
        #expect(acme.text("android/values-night/acme_colors.xml")!.contains("<color name=\"acme_text_error\">@color/acme_danger_300</color>"))
        #expect(acme.paths.contains("AcmeColors.xcassets/Tokens/app/acmeTextError.colorset/Contents.json"))
        #expect(acme.paths.contains("AcmeColors.xcassets/Palette/gray/acmeGray500.colorset/Contents.json"))
        #expect(acme.text("tokens/acme/dark-high-contrast.tokens.json")!.contains("\"$value\": \"{palette.danger.200}\""))
        #expect(acme.paths.contains("tokens/acme/acme.resolver.json"))
        // Nothing is written under the default names.
        #expect(!acme.paths.contains { $0.hasPrefix("Colors.xcassets/") || $0 == "huebench.css" || $0.contains("Huebench") })
    }

    @Test func theDefaultPrefixKeepsThePlainNames() throws {
        var r = try Self.request(prefix: "hb", dangerHue: 25)
        r.options = ExportOptions()
        let (_, f) = try Self.export(r)
        for p in ["huebench.css", "Swift/HuebenchColorValues.swift", "android/values/colors.xml", "tokens/huebench.resolver.json",
                  "Colors.xcassets/Tokens/app/textError.colorset/Contents.json"] {
            #expect(f.paths.contains(p), "\(p)")
        }
        #expect(f.text("Swift/HuebenchColorValues.swift")!.contains("public enum ThemePreference: String"))
    }

    @Test func aPrefixMustBeAnIdentifier() {
        #expect(ExportOptions.checkPrefix("acme") == nil && ExportOptions.checkPrefix("my-brand2") == nil)
        for bad in ["", "2x", "-a", "a-", "a--b", "a_b", "a b", "é"] {
            #expect(ExportOptions.checkPrefix(bad) != nil, "\(bad)")
        }
        var o = ExportOptions()
        o.prefix = "my-brand"
        #expect(o.swiftTypePrefix == "MyBrand" && o.swiftLabel == "myBrand")
    }
}
