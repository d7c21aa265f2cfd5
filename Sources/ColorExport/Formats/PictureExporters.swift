import ColorIO
/// PNG pictures: `pictures/swatches.png`, `pictures/tokens.png`, `pictures/contrast-heatmap.png`, and the swatch
/// and token sheets as protan, deutan, tritan and achroma vision sees them (`pictures/cvd/`, `CVDSheets`).
///
/// Colors are the sRGB bytes of each stop (wide colors CSS Color 4 gamut-mapped); drawn by Cairo with
/// labels in DejaVu Sans (see `Scene`).
public enum PNGExporter {
    public static let exporter = Exporter(
        id: "png", summary: "PNG pictures: swatch sheet, token sheet, contrast heatmap, the sheets under color-vision deficiencies",
        outputs: ["pictures/swatches.png", "pictures/tokens.png", "pictures/contrast-heatmap.png"]
            + CVDSheets.types.flatMap { [CVDSheets.path("swatches", $0, "png"), CVDSheets.path("tokens", $0, "png")] },
        write: write)

    public static func write(_ doc: ExportDocument, _ options: ExportOptions, _ out: OutputFolder) throws {
        try out.write("pictures/swatches.png", bytes: Sheets.swatchSheet(doc).png())
        if let t = Sheets.tokenSheet(doc, family: options.heatmapFamily) { try out.write("pictures/tokens.png", bytes: t.png()) }
        if let h = Sheets.heatmap(doc, family: options.heatmapFamily) { try out.write("pictures/contrast-heatmap.png", bytes: h.png()) }
        for type in CVDSheets.types {
            try out.write(CVDSheets.path("swatches", type, "png"), bytes: CVDSheets.swatchSheet(doc, type).png())
            if let t = CVDSheets.tokenSheet(doc, type, family: options.heatmapFamily) {
                try out.write(CVDSheets.path("tokens", type, "png"), bytes: t.png())
            }
        }
    }
}

/// SVG pictures, the same scenes as the PNGs: `pictures/swatches.svg`, `pictures/tokens.svg`,
/// `pictures/contrast-heatmap.svg`.
public enum SVGExporter {
    public static let exporter = Exporter(
        id: "svg", summary: "SVG pictures: swatch sheet, token sheet, contrast heatmap, the sheets under color-vision deficiencies",
        outputs: ["pictures/swatches.svg", "pictures/tokens.svg", "pictures/contrast-heatmap.svg"]
            + CVDSheets.types.flatMap { [CVDSheets.path("swatches", $0, "svg"), CVDSheets.path("tokens", $0, "svg")] },
        write: write)

    public static func write(_ doc: ExportDocument, _ options: ExportOptions, _ out: OutputFolder) throws {
        try out.write("pictures/swatches.svg", text: Sheets.swatchSheet(doc).svg())
        if let t = Sheets.tokenSheet(doc, family: options.heatmapFamily) { try out.write("pictures/tokens.svg", text: t.svg()) }
        if let h = Sheets.heatmap(doc, family: options.heatmapFamily) { try out.write("pictures/contrast-heatmap.svg", text: h.svg()) }
        for type in CVDSheets.types {
            try out.write(CVDSheets.path("swatches", type, "svg"), text: CVDSheets.swatchSheet(doc, type).svg())
            if let t = CVDSheets.tokenSheet(doc, type, family: options.heatmapFamily) {
                try out.write(CVDSheets.path("tokens", type, "svg"), text: t.svg())
            }
        }
    }
}
