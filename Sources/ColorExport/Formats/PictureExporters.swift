import ColorIO
/// PNG pictures: `pictures/swatches.png`, `pictures/tokens.png`, `pictures/contrast-heatmap.png`.
///
/// Colors are the sRGB bytes of each stop (wide colors CSS Color 4 gamut-mapped); drawn by Cairo with
/// labels in DejaVu Sans (see `Scene`).
public enum PNGExporter {
    public static let exporter = Exporter(
        id: "png", summary: "PNG pictures: swatch sheet, token sheet, contrast heatmap",
        outputs: ["pictures/swatches.png", "pictures/tokens.png", "pictures/contrast-heatmap.png"], write: write)

    public static func write(_ doc: ExportDocument, _ options: ExportOptions, _ out: OutputFolder) throws {
        try out.write("pictures/swatches.png", bytes: Sheets.swatchSheet(doc).png())
        if let t = Sheets.tokenSheet(doc, family: options.heatmapFamily) { try out.write("pictures/tokens.png", bytes: t.png()) }
        if let h = Sheets.heatmap(doc, family: options.heatmapFamily) { try out.write("pictures/contrast-heatmap.png", bytes: h.png()) }
    }
}

/// SVG pictures, the same scenes as the PNGs: `pictures/swatches.svg`, `pictures/tokens.svg`,
/// `pictures/contrast-heatmap.svg`.
public enum SVGExporter {
    public static let exporter = Exporter(
        id: "svg", summary: "SVG pictures: swatch sheet, token sheet, contrast heatmap",
        outputs: ["pictures/swatches.svg", "pictures/tokens.svg", "pictures/contrast-heatmap.svg"], write: write)

    public static func write(_ doc: ExportDocument, _ options: ExportOptions, _ out: OutputFolder) throws {
        try out.write("pictures/swatches.svg", text: Sheets.swatchSheet(doc).svg())
        if let t = Sheets.tokenSheet(doc, family: options.heatmapFamily) { try out.write("pictures/tokens.svg", text: t.svg()) }
        if let h = Sheets.heatmap(doc, family: options.heatmapFamily) { try out.write("pictures/contrast-heatmap.svg", text: h.svg()) }
    }
}
