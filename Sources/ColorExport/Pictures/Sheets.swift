import ColorCore

/// The three pictures: a swatch sheet of every family × stop, a token sheet (four appearances, text on
/// background) and a WCAG 2.1 contrast heatmap of one family's stops.
public enum Sheets {
    public typealias RGB = Scene.RGB
    static let black: RGB = (0, 0, 0), white: RGB = (255, 255, 255), ink: RGB = (34, 34, 34), muted: RGB = (110, 110, 110)

    /// Black or white, whichever contrasts more with `c` (WCAG 2.1).
    static func label(on c: RGB) -> RGB {
        let y = luminance(c)
        return (1.05 / (y + 0.05)) >= ((y + 0.05) / 0.05) ? white : black
    }

    static func luminance(_ c: RGB) -> Double {
        WCAG21.luminance(srgb: SIMD3(Double(c.0), Double(c.1), Double(c.2)) / 255)
    }

    /// `c` at `alpha` over `bg`, blended on gamma-encoded sRGB bytes as browsers do.
    static func over(_ c: RGB, alpha: Double, _ bg: RGB) -> RGB {
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * alpha + Double(b) * (1 - alpha)).rounded()) }
        return (m(c.0, bg.0), m(c.1, bg.1), m(c.2, bg.2))
    }

    /// `s` shortened with an ellipsis to fit `width` pixels at `size`.
    static func fit(_ s: String, width: Double, size: Double, weight: Scene.FontWeight = .regular) -> String {
        if Scene.textWidth(s, size: size, weight: weight) <= width { return s }
        var t = Array(s)
        while !t.isEmpty && Scene.textWidth(String(t) + "…", size: size, weight: weight) > width { t.removeLast() }
        return String(t) + "…"
    }

    // MARK: Swatch sheet

    public static let margin = 16, familyColumn = 88, cellWidth = 60, cellHeight = 44, headerHeight = 56

    /// The top-left corner of a family's stop in the swatch sheet.
    public static func swatchOrigin(family f: Int, stop s: Int) -> (x: Int, y: Int) {
        (margin + familyColumn + s * cellWidth, headerHeight + f * cellHeight)
    }

    public static func swatchSheet(_ doc: ExportDocument) -> Scene {
        let maxStops = doc.families.map(\.stops.count).max() ?? 0
        let w = margin * 2 + familyColumn + max(1, maxStops) * cellWidth
        let h = headerHeight + max(1, doc.families.count) * cellHeight + margin
        var sc = Scene(width: w, height: h, title: "\(doc.name) palette: \(doc.families.count) families")
        sc.text("\(doc.name) palette", x: Double(margin), y: 32, ink, size: 18, weight: .bold)
        if let first = doc.families.first(where: { $0.stops.count == maxStops }) {
            for (i, st) in first.stops.enumerated() {
                sc.text(st.name, x: Double(margin + familyColumn + i * cellWidth + cellWidth / 2), y: Double(headerHeight - 6), muted,
                        size: 11, anchor: .middle)
            }
        }
        for (fi, f) in doc.families.enumerated() {
            let (_, y) = swatchOrigin(family: fi, stop: 0)
            sc.text(fit(f.name, width: Double(familyColumn - 8), size: 13, weight: .bold), x: Double(margin), y: Double(y + cellHeight / 2 + 5), ink,
                    size: 13, weight: .bold)
            for (si, st) in f.stops.enumerated() {
                let (x, y) = swatchOrigin(family: fi, stop: si)
                let c = st.color.srgbBytes
                sc.rect(x, y, cellWidth, cellHeight, c)
                sc.text(st.color.hex, x: Double(x + cellWidth / 2), y: Double(y + cellHeight - 6), label(on: c), size: 10, anchor: .middle, font: .mono)
            }
        }
        return sc
    }

    // MARK: Token sheet

    public static let panelWidth = 300, tokenRow = 26, tokenSheetTop = 56

    /// The token set a picture shows: the one for `family`, else the first.
    public static func featuredSet(_ doc: ExportDocument, _ family: String?) -> ExportTokenSet? {
        if let f = family, let s = doc.tokenSets.first(where: { $0.family == f }) { return s }
        return doc.tokenSets.first
    }

    /// The background a token sheet panel uses: the set's `backgroundPrimary` if it has one, else white/black.
    static func panelBackground(_ doc: ExportDocument, _ set: ExportTokenSet, _ v: TokenVariant) -> RGB {
        if let t = set.tokens.first(where: { $0.name == "backgroundPrimary" }), let c = doc.color(t.value(v).reference) {
            return c.srgbBytes
        }
        return v.mode == .light ? white : (18, 18, 18)
    }

    /// The panel's text color: the set's `foregroundPrimary` if it has one, else black or white.
    static func panelInk(_ doc: ExportDocument, _ set: ExportTokenSet, _ v: TokenVariant, on bg: RGB) -> RGB {
        if let t = set.tokens.first(where: { $0.name == "foregroundPrimary" }), let c = doc.color(t.value(v).reference) {
            return c.srgbBytes
        }
        return label(on: bg)
    }

    /// A token's color as seen on a panel background (opacity composited).
    public static func tokenColor(_ doc: ExportDocument, _ t: ExportToken, _ v: TokenVariant, on bg: RGB) -> RGB {
        let value = t.value(v)
        return over(doc.color(value.reference)!.srgbBytes, alpha: value.opacity, bg)
    }

    /// The top-left corner of a token's swatch in the token sheet.
    public static func tokenSwatchOrigin(variant vi: Int, token ti: Int) -> (x: Int, y: Int) {
        (margin + vi * panelWidth + 10, tokenSheetTop + 10 + ti * tokenRow)
    }

    public static func tokenSheet(_ doc: ExportDocument, family: String? = nil) -> Scene? {
        guard let set = featuredSet(doc, family) else { return nil }
        let w = margin * 2 + TokenVariant.all.count * panelWidth
        let h = tokenSheetTop + 20 + set.tokens.count * tokenRow + margin
        var sc = Scene(width: w, height: h, title: "\(set.family) tokens: light, dark, high contrast")
        sc.text("\(set.family) tokens", x: Double(margin), y: 32, ink, size: 18, weight: .bold)
        for (vi, v) in TokenVariant.all.enumerated() {
            let bg = panelBackground(doc, set, v)
            let x0 = margin + vi * panelWidth
            sc.text(v.id, x: Double(x0 + 4), y: Double(tokenSheetTop - 6), muted, size: 12)
            sc.rect(x0, tokenSheetTop, panelWidth, 20 + set.tokens.count * tokenRow, bg)
            let ink = panelInk(doc, set, v, on: bg)
            for (ti, t) in set.tokens.enumerated() {
                let (x, y) = tokenSwatchOrigin(variant: vi, token: ti)
                let c = tokenColor(doc, t, v, on: bg)
                // The token as a background with the primary text on it, its name, and text in the token's color.
                sc.rect(x, y, 36, 20, c)
                sc.text("Aa", x: Double(x + 18), y: Double(y + 15), ink, size: 12, anchor: .middle)
                sc.text(fit(t.name, width: Double(panelWidth - 44 - 44), size: 12), x: Double(x + 44), y: Double(y + 15), ink, size: 12)
                sc.text("Aa", x: Double(x + panelWidth - 20), y: Double(y + 15), c, size: 13, weight: .bold, anchor: .end)
            }
        }
        return sc
    }

    // MARK: Contrast heatmap

    public static let heatCell = 40, heatRow = 26, heatLeft = 72, heatTop = 72
    static let heatLegend = [("≥ 7 (AAA)", 7.0), ("≥ 4.5 (AA)", 4.5), ("≥ 3 (large text)", 3.0), ("< 3", 1.0)]

    /// WCAG 2.1 bands: ≥ 7 (AAA), ≥ 4.5 (AA text), ≥ 3 (large text, UI), below.
    public static func band(_ ratio: Double) -> RGB {
        if ratio >= 7 { return (26, 127, 55) }
        if ratio >= 4.5 { return (108, 192, 112) }
        if ratio >= 3 { return (242, 199, 68) }
        return (229, 83, 75)
    }

    /// The WCAG 2.1 ratio of two stops (extended sRGB, as ColorTokensKit prints it).
    public static func ratio(_ a: ExportColor, _ b: ExportColor) -> Double {
        WCAG21.ratio(WCAG21.luminance(srgb: a.srgb), WCAG21.luminance(srgb: b.srgb))
    }

    public static func heatmapFamily(_ doc: ExportDocument, _ name: String?) -> ExportFamily? {
        if let n = name, let f = doc.family(n) { return f }
        return doc.families.first
    }

    /// The top-left corner of the cell (text stop row `r`, background stop column `c`).
    public static func heatmapCellOrigin(row r: Int, column c: Int) -> (x: Int, y: Int) {
        (margin + heatLeft + c * heatCell, heatTop + r * heatRow)
    }

    public static func heatmap(_ doc: ExportDocument, family: String? = nil) -> Scene? {
        guard let f = heatmapFamily(doc, family) else { return nil }
        let n = f.stops.count
        let legend = heatLegend.reduce(0) { $0 + 20 + Int(Scene.textWidth($1.0, size: 12).rounded(.up)) + 18 }
        let w = max(margin * 2 + heatLeft + n * heatCell, margin * 2 + legend)
        let h = heatTop + n * heatRow + 40
        var sc = Scene(width: w, height: h, title: "\(f.name): WCAG 2.1 contrast of every stop on every stop")
        sc.text("\(f.name) contrast (WCAG 2.1)", x: Double(margin), y: 26, ink, size: 17, weight: .bold)
        sc.text("Rows: text stop · columns: background stop", x: Double(margin), y: 43, muted, size: 12)
        for (i, st) in f.stops.enumerated() {
            let (x, _) = heatmapCellOrigin(row: 0, column: i)
            sc.rect(x, heatTop - 22, heatCell, 18, st.color.srgbBytes)
            sc.text(st.name, x: Double(x + heatCell / 2), y: Double(heatTop - 9), label(on: st.color.srgbBytes), size: 10, anchor: .middle)
            let (_, y) = heatmapCellOrigin(row: i, column: 0)
            sc.rect(margin, y, heatLeft - 6, heatRow, st.color.srgbBytes)
            sc.text(st.name, x: Double(margin + 6), y: Double(y + heatRow / 2 + 4), label(on: st.color.srgbBytes), size: 11)
        }
        for (r, text) in f.stops.enumerated() {
            for (c, bg) in f.stops.enumerated() {
                let (x, y) = heatmapCellOrigin(row: r, column: c)
                let q = ratio(text.color, bg.color)
                let fill = band(q)
                sc.rect(x, y, heatCell, heatRow, fill)
                sc.text(Fmt.fixed(q, 1), x: Double(x + heatCell / 2), y: Double(y + heatRow / 2 + 4), label(on: fill), size: 11, anchor: .middle)
            }
        }
        let ly = heatTop + n * heatRow + 14
        var lx = margin
        for (name, q) in heatLegend {
            sc.rect(lx, ly, 14, 14, band(q))
            sc.text(name, x: Double(lx + 20), y: Double(ly + 12), ink, size: 12)
            lx += 20 + Int(Scene.textWidth(name, size: 12).rounded(.up)) + 18
        }
        return sc
    }
}
