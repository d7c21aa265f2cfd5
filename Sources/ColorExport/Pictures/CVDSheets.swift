import ColorCore

/// The swatch and token sheets as a color-vision deficiency sees them: every color the sheets show (the sRGB
/// bytes a screen displays, wide colors gamut-mapped) goes through `CVDSimulation` — Machado, Oliveira &
/// Fernandes (2009) at severity 1 for protan, deutan and tritan; luminance for achroma — and the sheets are
/// drawn from the simulated palette with the same layout (`Sheets.swatchOrigin`, `Sheets.tokenSwatchOrigin`).
public enum CVDSheets {
    /// The four simulations a build shows, in order.
    public static let types: [CVDType] = [.protan, .deutan, .tritan, .achroma]

    /// The model behind `type` at severity 1, as one line for titles and the report.
    public static func model(_ type: CVDType) -> String {
        type == .achroma ? "luminance only (achromatopsia)" : "Machado et al. 2009, severity 1"
    }

    /// The displayed sRGB bytes of `c` as `sim` sees them.
    public static func simulated(_ c: Scene.RGB, _ sim: CVDSimulation) -> Scene.RGB {
        let tf = TransferFunction.srgb
        let lin = SIMD3(tf.toLinear(Double(c.0) / 255), tf.toLinear(Double(c.1) / 255), tf.toLinear(Double(c.2) / 255))
        let s = sim.simulate(linearSRGB: lin)
        func b(_ v: Double) -> UInt8 { UInt8(Swift.max(0, Swift.min(255, (tf.toEncoded(v) * 255).rounded()))) }
        return (b(s.x), b(s.y), b(s.z))
    }

    /// An sRGB color holding exactly these bytes (its hex, fallback and display are those bytes).
    static func color(_ c: Scene.RGB) -> ExportColor {
        let s = SIMD3(Double(c.0), Double(c.1), Double(c.2)) / 255
        return ExportColor(srgb: s, displayP3: s, oklch: .zero, srgbFallback: s, display: Scene.hex(c))
    }

    /// The document with every stop replaced by its simulated displayed color (tokens keep their references).
    public static func simulated(_ doc: ExportDocument, _ type: CVDType) -> ExportDocument {
        guard let sim = try? CVDSimulation(type, severity: 1) else { return doc }
        var d = doc
        for f in d.families.indices {
            for s in d.families[f].stops.indices {
                d.families[f].stops[s].color = color(simulated(d.families[f].stops[s].color.srgbBytes, sim))
            }
        }
        return d
    }

    /// The swatch sheet of the simulated palette.
    public static func swatchSheet(_ doc: ExportDocument, _ type: CVDType) -> Scene {
        var sc = Sheets.swatchSheet(simulated(doc, type))
        subtitle(&sc, after: "\(doc.name) palette", type)
        return sc
    }

    /// The token sheet of the simulated palette (nil when the document has no tokens).
    public static func tokenSheet(_ doc: ExportDocument, _ type: CVDType, family: String? = nil) -> Scene? {
        let d = simulated(doc, type)
        guard var sc = Sheets.tokenSheet(d, family: family), let set = Sheets.featuredSet(d, family) else { return nil }
        subtitle(&sc, after: "\(set.family) tokens", type)
        return sc
    }

    /// Names the simulation in the title and beside the sheet's heading (drawn as the heading: bold 18 at y 32).
    static func subtitle(_ sc: inout Scene, after heading: String, _ type: CVDType) {
        sc.title += " as \(type.rawValue) vision sees them (\(model(type)))"
        let x = Double(Sheets.margin) + Scene.textWidth(heading, size: 18, weight: .bold) + 12
        sc.text("as \(type.rawValue) vision sees it (\(model(type)))", x: x, y: 32, Sheets.muted, size: 12)
    }

    /// Output paths: `pictures/cvd/swatches-protan.png`, `pictures/cvd/tokens-protan.svg`, …
    public static func path(_ sheet: String, _ type: CVDType, _ ext: String) -> String {
        "pictures/cvd/\(sheet)-\(type.rawValue).\(ext)"
    }
}
