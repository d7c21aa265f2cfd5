import ColorCore
import ColorExport
import Foundation
import Palettes
import Testing

/// The audit reads the tokens the exporters write: an override that fails must fail the audit, and the files
/// written hold exactly the colors the audit measured (read back from CSS, Swift and the asset catalog).
@Suite struct AuditWhatShipsTests {
    /// ColorTokensKit's tokens with `foregroundSecondary` overridden to `_900` in dark mode (the case:
    /// `_900 on _1000`, about 1.2:1, while the built-in `_200` passes with 12:1).
    static let overridden: [SemanticToken] = SemanticToken.all.map {
        $0.id == "foregroundSecondary" ? SemanticToken("foregroundSecondary", light: .s800, dark: .s900, role: .text) : $0
    }

    static func request() throws -> BuildRequest {
        BuildRequest(name: "fp", families: [BuildRequest.Item(try PaletteWorkbench.standard.family(named: "orange"))],
                     tokens: overridden, policy: .wcagAA, formats: ["css", "swift", "xcassets"])
    }

    static func check(_ doc: ExportDocument, _ fg: String, _ bg: String, _ v: TokenVariant) -> ExportAuditCheck {
        doc.audit!.checks.first { $0.foreground == fg && $0.background == bg && $0.variant == v }!
    }

    @Test func anOverrideThatFailsFailsTheAudit() throws {
        let doc = try Self.request().document()
        let audit = try #require(doc.audit)
        #expect(!audit.passed)
        let dark = TokenVariant(.dark, .standard)
        let c = Self.check(doc, "foregroundSecondary", "backgroundPrimary", dark)
        // The audited pair is the exported one: _900 on _1000, far below 4.5.
        #expect(c.foregroundValue?.reference == ColorReference(family: "orange", stop: "900"))
        #expect(c.backgroundValue?.reference == ColorReference(family: "orange", stop: "1000"))
        // _900 on _1000 of orange: 1.2945 (hb.families.orange:stop(900):contrast(…stop(1000))).
        #expect(!c.passed && abs(c.achieved - 1.2945) < 0.0005)
        // Light mode keeps the built-in _800 on _50, which passes (ColorTokensKit: 9.6:1).
        let light = Self.check(doc, "foregroundSecondary", "backgroundPrimary", TokenVariant(.light, .standard))
        #expect(light.passed && light.foregroundValue?.reference.stop == "800")
        // The same tokens without the override pass this pair (`huebench audit --family orange`: 11.48).
        var plain = try Self.request()
        plain.tokens = SemanticToken.all
        let builtin = Self.check(try plain.document(), "foregroundSecondary", "backgroundPrimary", dark)
        #expect(builtin.passed && builtin.foregroundValue?.reference.stop == "200" && abs(builtin.achieved - 11.48) < 0.005)
    }

    @Test func aDocumentWhoseAuditDisagreesWithItsTokensIsRefused() throws {
        var doc = try Self.request().document()
        var audit = doc.audit!
        let i = audit.checks.firstIndex { $0.foreground == "foregroundSecondary" && $0.variant == TokenVariant(.dark, .standard) }!
        audit.checks[i].foregroundValue = TokenValue(ColorReference(family: "orange", stop: "200"))
        doc.audit = audit
        #expect(throws: ColorExportError.self) { try doc.validate() }
    }

    @Test func theFilesHoldTheAuditedColors() throws {
        let request = try Self.request()
        let doc = try request.document()
        let folder = OutputFolder()
        _ = try request.write(doc, into: folder)
        let core = Workbench.standard
        let dark = TokenVariant(.dark, .standard)
        let c = Self.check(doc, "foregroundSecondary", "backgroundPrimary", dark)

        // CSS: the token's dark value is var(--hb-orange-900), whose sRGB bytes are the 900 stop's.
        let css = try #require(folder.text("huebench.css"))
        let tokenLine = try #require(css.split(separator: "\n").first { $0.contains("--hb-orange-foreground-secondary:") })
        #expect(tokenLine.contains("light-dark(var(--hb-orange-800), var(--hb-orange-900))"))
        func cssColor(_ stop: String) throws -> Color {
            let line = try #require(css.split(separator: "\n").first { $0.contains("--hb-orange-\(stop): ") })
            let value = line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: CharacterSet(charactersIn: " ;"))
            return try Color(css: value)
        }
        let cssContrast = try core.contrast(text: cssColor("900"), background: cssColor("1000"))
        #expect(abs(cssContrast - c.achieved) < 0.02, "CSS \(cssContrast) vs audit \(c.achieved) (8-bit rounding)")

        // Swift: the token's dark value is HuebenchPalette.orange900, whose Display P3 components are the stop's.
        let swift = try #require(folder.text("Swift/HuebenchColorValues.swift"))
        let block = try #require(swift.components(separatedBy: "public static let orangeForegroundSecondary = HuebenchToken(").dropFirst().first)
        let tokenBlock = block.components(separatedBy: ")\n")[0]
        #expect(tokenBlock.contains("dark: HuebenchPalette.orange900,"))
        func swiftColor(_ name: String) throws -> Color {
            let rest = try #require(swift.components(separatedBy: "public static let \(name) = HuebenchRGBA(").dropFirst().first)
            let v = rest.prefix { $0 != ")" }.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            return Color(.displayP3, coords: SIMD3(v[0], v[1], v[2]))
        }
        let swiftContrast = try core.contrast(text: swiftColor("orange900"), background: swiftColor("orange1000"))
        #expect(abs(swiftContrast - c.achieved) < 0.005, "Swift \(swiftContrast) vs audit \(c.achieved) (4 decimals)")

        // xcassets: the dark entry of the token's colorset has the 900 stop's Display P3 components.
        let json = try #require(folder.contents("Colors.xcassets/Tokens/orange/orangeForegroundSecondary.colorset/Contents.json"))
        let root = try JSONSerialization.jsonObject(with: Data(json)) as! [String: Any]
        let entries = root["colors"] as! [[String: Any]]
        let darkEntry = try #require(entries.first { e in
            let a = e["appearances"] as? [[String: String]] ?? []
            return a.count == 1 && a[0]["value"] == "dark"
        })
        let comps = (darkEntry["color"] as! [String: Any])["components"] as! [String: String]
        let p3 = doc.family("orange")!.stops.first { $0.name == "900" }!.color.displayP3
        for (key, want) in [("red", p3.x), ("green", p3.y), ("blue", p3.z)] {
            #expect(abs(Double(comps[key]!)! - want) <= 0.0005 + 1e-12, "\(key) \(comps[key]!) vs \(want)")
        }
    }
}
