import ColorCore
import ColorExport
import Foundation
import Palettes

/// Documents and helpers shared by the exporter tests.
enum TestDocs {
    static let build = BuildInfo(version: "test", source: "a test document", command: "huebench build (test)")

    /// A small hand-made document: two families × 3 stops (one wide Display P3 color, one gray with a
    /// powerless hue), and three tokens (opaque, with opacity, with a high-contrast variant).
    static let small: ExportDocument = {
        func color(_ css: String) -> ExportColor { try! ExportColor(try! Color(css: css)) }
        let orange = ExportFamily(name: "orange", hue: 50, stops: [
            ExportStop(name: "50", color: color("#fff3ec")),
            ExportStop(name: "200", color: color("color(display-p3 0.978 0.79 0.6716)")),
            ExportStop(name: "800", color: color("#6e3612")),
        ])
        let gray = ExportFamily(name: "gray", stops: [
            ExportStop(name: "50", color: color("white")),
            ExportStop(name: "200", color: color("#dddddd")),
            ExportStop(name: "800", color: color("#2c2c2c")),
        ])
        func v(_ f: String, _ s: String, _ a: Double = 1) -> TokenValue { TokenValue(ColorReference(family: f, stop: s), opacity: a) }
        let tokens = ExportTokenSet(family: "orange", tokens: [
            ExportToken(name: "foregroundPrimary", light: v("orange", "800"), dark: v("orange", "50")),
            ExportToken(name: "surfacePrimary", light: v("orange", "200", 0.5), dark: v("orange", "800", 0.5)),
            ExportToken(name: "backgroundPrimary", light: v("orange", "50"), dark: v("orange", "800")),
            ExportToken(name: "foregroundSecondary", light: v("orange", "200"), dark: v("orange", "200"),
                        lightHigh: v("orange", "800"), darkHigh: v("orange", "50")),
        ])
        let audit = ExportAudit(policy: "test", checks: [
            ExportAuditCheck(family: "orange", foreground: "foregroundPrimary", background: "backgroundPrimary",
                             variant: TokenVariant(.light, .standard), method: "wcag21", target: 4.5, achieved: 10.5, passed: true),
            ExportAuditCheck(family: "orange", foreground: "foregroundSecondary", background: "backgroundPrimary",
                             variant: TokenVariant(.dark, .standard), method: "wcag21", target: 4.5, achieved: 3.2, passed: false),
        ])
        return ExportDocument(name: "test", families: [orange, gray], tokenSets: [tokens], audit: audit, build: build)
    }()

    /// The real palette: orange and gray with their 20 tokens and the wcag-aa audit.
    static let palette: ExportDocument = {
        let wb = PaletteWorkbench.standard
        return try! ExportDocument.fromPalette(families: [try! wb.family(named: "orange"), try! wb.family(named: "gray")],
                                               policy: wb.policies["wcag-aa"], workbench: wb, build: build)
    }()

    /// Runs exporters into a fresh folder.
    static func export(_ ids: [String], _ doc: ExportDocument, options: ExportOptions = ExportOptions()) throws -> OutputFolder {
        let folder = OutputFolder()
        try Exporters.run(ids, document: doc, options: options, into: folder)
        return folder
    }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }
}
