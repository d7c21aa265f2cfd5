import ColorCore
import ColorIO

/// The report's design-review parts: families on their own scale, each token previewed on the background it is
/// meant for, interaction states side by side, and WCAG 2.1 and APCA heatmaps of every family.
extension ReportExporter {
    typealias RGB = Scene.RGB

    static let designCSS = """
    .pv { display: inline-block; min-width: 34px; text-align: center; padding: 2px 4px; margin-right: 6px; border-radius: 3px; font-weight: 600; box-shadow: inset 0 0 0 1px rgba(127,127,127,.35); }
    .on { display: block; font-size: 10px; opacity: .8; }
    .btn { display: inline-block; padding: 3px 7px; margin: 2px 3px 2px 0; border-radius: 4px; font-size: 11px; font-weight: 600; }
    .hms { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
    table.hm { border-collapse: collapse; font-size: 9px; font-variant-numeric: tabular-nums; }
    table.hm td, table.hm th { padding: 0; width: 26px; height: 17px; text-align: center; border: 0; }
    table.hm caption { text-align: left; font-size: 12px; font-weight: 600; padding: 4px 0; }
    .b3 { background: #1a7f37; color: #fff; } .b2 { background: #6cc070; color: #000; }
    .b1 { background: #f2c744; color: #000; } .b0 { background: #e5534b; color: #fff; }
    .legend span { display: inline-block; padding: 1px 6px; margin-right: 6px; font-size: 11px; }
    """

    // MARK: Families on their own scale

    /// Every family as a row of swatches, as many columns as its scale has stops (Tailwind 11, Radix 12, Material
    /// 13, ColorTokensKit 20); a row of stop names precedes each family whose stops differ from the row above.
    static func familyGrid(_ doc: ExportDocument) -> String {
        var s = "<h2 id=\"families\">Families</h2>\n"
        var lastStops: [String]? = nil
        for f in doc.families {
            let names = f.stops.map(\.name)
            let columns = "grid-template-columns: 96px repeat(\(max(1, names.count)), 44px)"
            if names != lastStops {
                s += "<div class=\"stops\" style=\"\(columns)\"><span></span>" + names.map { "<span>\(Escape.xmlText($0))</span>" }.joined() + "</div>\n"
                lastStops = names
            }
            s += "<div class=\"fam\" style=\"\(columns)\"><span class=\"name\">\(Escape.xmlText(f.name))</span>"
            for st in f.stops {
                s += "<div class=\"sw\" style=\"background:\(st.color.hex)\" title=\"\(Escape.xmlText(f.name)) _\(Escape.xmlText(st.name)): \(Escape.xmlText(st.color.display))\"></div>"
            }
            s += "</div>\n"
        }
        return s
    }

    // MARK: Token previews

    static let surfaceRoles: Set<String> = ["background", "invertedBackground", "surface", "invertedSurface", "fill"]

    /// A token value's sRGB bytes composited over `bg`.
    static func color(_ doc: ExportDocument, _ v: TokenValue, over bg: RGB) -> RGB {
        Sheets.over(doc.color(v.reference)!.srgbBytes, alpha: v.opacity, bg)
    }

    /// What a set's translucent tokens are painted on: `backgroundPrimary`, else its first background, else white
    /// (light) or near-black (dark).
    static func page(_ doc: ExportDocument, _ set: ExportTokenSet, _ v: TokenVariant) -> RGB {
        let white: RGB = (255, 255, 255), dark: RGB = (18, 18, 18)
        let base = v.mode == .light ? white : dark
        if let t = set.tokens.first(where: { $0.name == "backgroundPrimary" }) ?? set.tokens.first(where: { $0.role == "background" }) {
            return color(doc, t.value(v), over: base)
        }
        return base
    }

    /// The token a preview pairs `t` with, and whether `t` is the foreground of that pair: the pair the audit
    /// checked in this appearance, else by name (`textOnFill` → the first fill token named `fill…`), else by role
    /// (inverted text on the first inverted background, a surface with the set's primary text).
    static func partner(_ doc: ExportDocument, _ set: ExportTokenSet, _ t: ExportToken, _ v: TokenVariant) -> (ExportToken, Bool)? {
        func token(_ name: String) -> ExportToken? { set.tokens.first { $0.name == name } }
        let checks = (doc.audit?.checks ?? []).filter { $0.family == set.family && $0.variant == v && $0.method != "check" }
        if let c = checks.first(where: { $0.foreground == t.name }), let b = token(c.background) { return (b, true) }
        if let c = checks.first(where: { $0.background == t.name }), let f = token(c.foreground) { return (f, false) }
        let isSurface = surfaceRoles.contains(t.role ?? "")
        if !isSurface, let r = t.name.range(of: "On", options: .backwards), r.upperBound < t.name.endIndex {
            let target = t.name[r.upperBound...].prefix(1).lowercased() + t.name[r.upperBound...].dropFirst()
            if let b = set.tokens.first(where: { $0.name.hasPrefix(target) && surfaceRoles.contains($0.role ?? "") && $0.stateOf == nil }) {
                return (b, true)
            }
        }
        // A state without a pair of its own is previewed with its token's pair (fillBrandDisabled with textOnFill).
        if let base = t.stateOf.flatMap(token) { return partner(doc, set, base, v) }
        switch t.role {
        case "invertedText"?:
            return set.tokens.first { $0.role == "invertedBackground" }.map { ($0, true) }
        case "invertedBackground"?, "invertedSurface"?:
            return set.tokens.first { $0.role == "invertedText" }.map { ($0, false) }
        case let r? where surfaceRoles.contains(r):
            return (token("foregroundPrimary") ?? set.tokens.first { $0.role == "text" }).map { ($0, false) }
        default:
            return nil
        }
    }

    /// The colors of a token's preview in one appearance: the background and the text drawn on it, and which
    /// token the other side is.
    static func preview(_ doc: ExportDocument, _ set: ExportTokenSet, _ t: ExportToken, _ v: TokenVariant) -> (bg: RGB, fg: RGB, with: String?) {
        let page = page(doc, set, v)
        let pair = partner(doc, set, t, v)
        if surfaceRoles.contains(t.role ?? "") || pair?.1 == false {
            let bg = color(doc, t.value(v), over: page)
            guard let (other, _) = pair else { return (bg, Sheets.label(on: bg), nil) }
            return (bg, color(doc, other.value(v), over: bg), other.name)
        }
        if let (other, _) = pair {
            let bg = color(doc, other.value(v), over: page)
            return (bg, color(doc, t.value(v), over: bg), other.name)
        }
        if t.role == "invertedText" {
            let bg: RGB = Sheets.label(on: page) == (0, 0, 0) ? (18, 18, 18) : (255, 255, 255)
            return (bg, color(doc, t.value(v), over: bg), nil)
        }
        return (page, color(doc, t.value(v), over: page), nil)
    }

    static func tokenTable(_ doc: ExportDocument, _ set: ExportTokenSet) -> String {
        var s = "<table><tr><th>token</th><th>role</th>" + TokenVariant.all.map { "<th>\($0.id)</th>" }.joined() + "</tr>\n"
        for t in set.tokens {
            s += "<tr><td><code>\(Escape.xmlText(t.name))</code></td><td>\(Escape.xmlText(t.role ?? ""))</td>"
            for v in TokenVariant.all {
                let page = page(doc, set, v)
                let p = preview(doc, set, t, v)
                let value = t.value(v)
                let alpha = value.opacity == 1 ? "" : " · \(Fmt.trimmed(value.opacity, 2))"
                let on = p.with.map { "<span class=\"on\">\(surfaceRoles.contains(t.role ?? "") ? "with" : "on") \(Escape.xmlText($0))</span>" } ?? ""
                s += "<td style=\"background:\(bg(page))\"><span class=\"tok\" style=\"color:\(bg(Sheets.label(on: page)))\">"
                s += "<span class=\"pv\" style=\"background:\(bg(p.bg));color:\(bg(p.fg))\">Aa</span>"
                s += "\(Escape.xmlText(value.reference.family)) _\(Escape.xmlText(value.reference.stop))\(alpha)\(on)</span></td>"
            }
            s += "</tr>\n"
        }
        return s + "</table>\n"
    }

    // MARK: States

    /// Tokens with interaction states (`fillBrand`, `fillBrandHover`, …) drawn as buttons side by side in each
    /// appearance, each with the text the audit pairs with it.
    static func states(_ doc: ExportDocument) -> String {
        var s = ""
        for set in doc.tokenSets {
            let bases = set.tokens.filter { b in set.tokens.contains { $0.stateOf == b.name } }
            guard !bases.isEmpty else { continue }
            s += "<h3>\(Escape.xmlText(set.family))</h3>\n<table><tr><th>token</th>" + TokenVariant.all.map { "<th>\($0.id)</th>" }.joined() + "</tr>\n"
            for b in bases {
                let family = [b] + set.tokens.filter { $0.stateOf == b.name }
                s += "<tr><td><code>\(Escape.xmlText(b.name))</code></td>"
                for v in TokenVariant.all {
                    s += "<td style=\"background:\(bg(page(doc, set, v)))\">"
                    for t in family {
                        let p = preview(doc, set, t, v)
                        let value = t.value(v)
                        s += "<span class=\"btn\" style=\"background:\(bg(p.bg));color:\(bg(p.fg))\" title=\"\(Escape.xmlText(t.name)): \(Escape.xmlText(value.reference.family)) _\(Escape.xmlText(value.reference.stop))\(value.opacity == 1 ? "" : " · \(Fmt.trimmed(value.opacity, 2))")\">\(Escape.xmlText(t.state ?? "default"))</span>"
                    }
                    s += "</td>"
                }
                s += "</tr>\n"
            }
            s += "</table>\n"
        }
        return s.isEmpty ? "" : "<h2 id=\"states\">Interaction states</h2>\n" + s
    }

    // MARK: Heatmaps

    /// WCAG 2.1 ratio of text on background (extended sRGB, as the audit reads stops).
    static func wcag(_ text: ExportColor, _ bg: ExportColor) -> Double {
        WCAG21.ratio(WCAG21.luminance(srgb: text.srgb), WCAG21.luminance(srgb: bg.srgb))
    }

    /// APCA Lc of text on background (0.0.98G-4g).
    static func apca(_ text: ExportColor, _ bg: ExportColor) -> Double {
        APCA.lc(textY: APCA.luminance(srgb: text.srgb), backgroundY: APCA.luminance(srgb: bg.srgb))
    }

    /// The band of a value: 3 (best) … 0, at the thresholds given (descending).
    static func band(_ v: Double, _ thresholds: [Double]) -> Int {
        for (i, t) in thresholds.enumerated() where v >= t { return thresholds.count - i }
        return 0
    }

    static let wcagBands = [7.0, 4.5, 3.0], apcaBands = [75.0, 60.0, 45.0]

    /// One family's heatmap table: rows are text stops, columns background stops.
    static func heatmapTable(_ f: ExportFamily, method: String) -> String {
        let isAPCA = method == "apca"
        var s = "<table class=\"hm\"><caption>\(Escape.xmlText(f.name)) · \(isAPCA ? "APCA |Lc|" : "WCAG 2.1 ratio")</caption>\n<tr><th></th>"
        for st in f.stops { s += "<th style=\"background:\(st.color.hex);color:\(bg(Sheets.label(on: st.color.srgbBytes)))\">\(Escape.xmlText(st.name))</th>" }
        s += "</tr>\n"
        for text in f.stops {
            s += "<tr><th style=\"background:\(text.color.hex);color:\(bg(Sheets.label(on: text.color.srgbBytes)))\">\(Escape.xmlText(text.name))</th>"
            for bg in f.stops {
                let v = isAPCA ? abs(apca(text.color, bg.color)) : wcag(text.color, bg.color)
                let shown = isAPCA ? Fmt.fixed(v, 0) : Fmt.fixed(v, 1)
                s += "<td class=\"b\(band(v, isAPCA ? apcaBands : wcagBands))\" title=\"_\(Escape.xmlText(text.name)) on _\(Escape.xmlText(bg.name)): \(isAPCA ? Fmt.fixed(v, 1) : Fmt.fixed(v, 2))\">\(shown)</td>"
            }
            s += "</tr>\n"
        }
        return s + "</table>\n"
    }

    /// WCAG 2.1 and APCA heatmaps of every family (text stop on background stop); the featured family open.
    static func heatmaps(_ doc: ExportDocument, featured: String?) -> String {
        guard !doc.families.isEmpty else { return "" }
        let open = Sheets.heatmapFamily(doc, featured)?.name
        var s = "<h2 id=\"heatmap\">Contrast heatmaps</h2>\n<p class=\"legend\">Rows: text stop, columns: background stop. "
        s += "WCAG 2.1: <span class=\"b3\">≥ 7</span><span class=\"b2\">≥ 4.5</span><span class=\"b1\">≥ 3</span><span class=\"b0\">&lt; 3</span> "
        s += "APCA |Lc|: <span class=\"b3\">≥ 75</span><span class=\"b2\">≥ 60</span><span class=\"b1\">≥ 45</span><span class=\"b0\">&lt; 45</span></p>\n"
        for f in doc.families {
            s += "<details\(f.name == open ? " open" : "")><summary>\(Escape.xmlText(f.name)) (\(f.stops.count) stops)</summary>\n<div class=\"hms\">\n"
            s += heatmapTable(f, method: "wcag21") + heatmapTable(f, method: "apca") + "</div></details>\n"
        }
        return s
    }
}
