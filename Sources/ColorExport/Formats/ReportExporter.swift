import ColorIO
/// `report.html`: one self-contained page (inline CSS and SVG, no network) for a person to review a build: the
/// families (each on its own scale), every token per appearance previewed on the background it is meant for (the
/// pair the audit checks; inverted text on the inverted background, text on a fill on that fill), interaction states
/// side by side, the audit (target vs achieved, failures first), WCAG 2.1 and APCA heatmaps of every family, the
/// palette and tokens under color-vision deficiencies (a tab per type), and how the build was made (command,
/// source, files written before the report, with sizes).
public enum ReportExporter {
    public static let file = "report.html"

    public static let exporter = Exporter(
        id: "report", summary: "report.html: families, tokens on their backgrounds, states, audit, WCAG/APCA heatmaps, how it was built",
        outputs: [file], write: write)

    static let css = """
    :root { color-scheme: light; }
    body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; margin: 24px; color: #222; background: #fff; }
    h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; }
    .summary { color: #555; margin: 0 0 12px; }
    .fam { display: grid; grid-template-columns: 96px repeat(20, 44px); align-items: center; }
    .fam .name { font-weight: 600; font-size: 12px; }
    .sw { width: 44px; height: 30px; }
    .stops { display: grid; grid-template-columns: 96px repeat(20, 44px); font-size: 10px; color: #777; }
    table { border-collapse: collapse; font-size: 12px; }
    th, td { padding: 3px 8px; text-align: left; border-bottom: 1px solid #eee; }
    td.num { text-align: right; font-variant-numeric: tabular-nums; }
    .fail { color: #b3261e; font-weight: 600; } .pass { color: #1a7f37; }
    .tok { display: inline-block; width: 150px; padding: 4px 6px; }
    .chip { display: inline-block; width: 16px; height: 12px; vertical-align: middle; margin-right: 6px; border: 1px solid rgba(0,0,0,.15); }
    details { margin: 6px 0; } summary { cursor: pointer; }
    code { font-family: ui-monospace, Menlo, "DejaVu Sans Mono", monospace; font-size: 12px; }
    .tabs > input { position: absolute; opacity: 0; }
    .tabs > label { display: inline-block; padding: 4px 12px; border: 1px solid #ccc; border-bottom: none; cursor: pointer; color: #555; }
    .tabs > input:checked + label { background: #f2f2f2; color: #000; font-weight: 600; }
    .tabs > .panel { display: none; border-top: 1px solid #ccc; padding-top: 8px; }
    """

    static func bg(_ c: Scene.RGB) -> String { Scene.hex(c) }

    static func tokens(_ doc: ExportDocument, featured: String?) -> String {
        guard !doc.tokenSets.isEmpty else { return "" }
        var s = "<h2 id=\"tokens\">Tokens per mode</h2>\n"
        // The featured family's set, else the app-level set (what a designer reviews first), else the first.
        let first = featured.flatMap { f in doc.tokenSets.first { $0.family == f } } ?? doc.tokenSets.first(where: \.isApp) ?? doc.tokenSets[0]
        s += "<h3>\(Escape.xmlText(first.family))</h3>\n" + tokenTable(doc, first)
        for set in doc.tokenSets where set.family != first.family {
            s += "<details><summary>\(Escape.xmlText(set.family))</summary>\n" + tokenTable(doc, set) + "</details>\n"
        }
        return s
    }

    /// The CVD tab: one panel per `CVDSheets.types` (a radio per tab, no script), each with the families and the
    /// featured token set as that vision sees them.
    static func cvd(_ doc: ExportDocument, featured: String?) -> String {
        var s = "<h2 id=\"cvd\">Color-vision deficiency</h2>\n<p class=\"summary\">The palette and tokens as people with "
        s += "each deficiency see them: protan, deutan and tritan by Machado, Oliveira &amp; Fernandes (2009) at severity 1, "
        s += "achroma by luminance only. <code>huebench simulate</code> and <code>huebench matrix --cvd</code> give the numbers.</p>\n"
        s += "<div class=\"tabs\">\n"
        var css = ""
        for (k, type) in CVDSheets.types.enumerated() {
            let id = "cvd-\(type.rawValue)"
            s += "<input type=\"radio\" name=\"cvd\" id=\"\(id)\"\(k == 0 ? " checked" : "")><label for=\"\(id)\">\(type.rawValue)</label>\n"
            css += "#\(id):checked ~ .\(id)"
            css += k == CVDSheets.types.count - 1 ? " { display: block; }" : ", "
        }
        s += "<style>\(css)</style>\n"
        for type in CVDSheets.types {
            let d = CVDSheets.simulated(doc, type)
            s += "<div class=\"panel cvd-\(type.rawValue)\" data-cvd=\"\(type.rawValue)\">\n"
            s += "<p class=\"summary\">As \(type.rawValue) vision sees it (\(CVDSheets.model(type))).</p>\n"
            s += familyGrid(d).replacingOccurrences(of: "<h2 id=\"families\">Families</h2>\n", with: "")
            if !d.tokenSets.isEmpty, let set = Sheets.featuredSet(d, featured) {
                s += "<h3>\(Escape.xmlText(set.family)) tokens</h3>\n" + tokenTable(d, set)
            }
            s += "</div>\n"
        }
        return s + "</div>\n"
    }

    static func auditRow(_ c: ExportAuditCheck) -> String {
        let cls = c.passed ? "pass" : "fail"
        return "<tr><td class=\"\(cls)\">\(c.passed ? "pass" : "FAIL")</td><td>\(Escape.xmlText(c.family))</td>"
            + "<td><code>\(Escape.xmlText(c.foreground))</code></td><td><code>\(Escape.xmlText(c.background))</code></td>"
            + "<td>\(c.variant.id)</td><td>\(Escape.xmlText(c.method))</td><td class=\"num\">\(Fmt.fixed(c.target, 2))</td>"
            + "<td class=\"num\">\(Fmt.fixed(c.achieved, 2))</td><td class=\"num\">\(Fmt.fixed(c.margin, 2))</td></tr>\n"
    }

    static func audit(_ doc: ExportDocument) -> String {
        var s = "<h2 id=\"audit\">Audit</h2>\n"
        guard let a = doc.audit else { return s + "<p class=\"summary\">No audit was run for this build.</p>\n" }
        let failures = a.failures, passes = a.checks.filter(\.passed)
        s += "<p class=\"summary\">Policy <code>\(Escape.xmlText(a.policy))</code>: \(a.checks.count) checks, "
        s += failures.isEmpty ? "<span class=\"pass\">all pass</span>.</p>\n" : "<span class=\"fail\">\(failures.count) fail</span>.</p>\n"
        let head = "<table><tr><th>result</th><th>family</th><th>foreground</th><th>background</th><th>mode</th><th>method</th><th>target</th><th>achieved</th><th>margin</th></tr>\n"
        if !failures.isEmpty {
            s += head + failures.map(auditRow).joined() + "</table>\n"
        }
        if !passes.isEmpty {
            s += "<details><summary>\(passes.count) passing checks</summary>\n" + head + passes.map(auditRow).joined() + "</table></details>\n"
        }
        return s
    }

    static func built(_ doc: ExportDocument, files: [(String, Int)]) -> String {
        var s = "<h2 id=\"build\">How it was built</h2>\n<table>"
        s += "<tr><th>command</th><td><code>\(Escape.xmlText(doc.build.command))</code></td></tr>"
        s += "<tr><th>source</th><td>\(Escape.xmlText(doc.build.source))</td></tr>"
        s += "<tr><th>generator</th><td>\(Escape.xmlText(doc.build.generator)) \(Escape.xmlText(doc.build.version))</td></tr>"
        s += "<tr><th>contents</th><td>\(doc.families.count) families, \(doc.families.reduce(0) { $0 + $1.stops.count }) stops, "
        s += "\(doc.tokenSets.reduce(0) { $0 + $1.tokens.count }) tokens × 4 appearances</td></tr></table>\n"
        if !files.isEmpty {
            let groups = Dictionary(grouping: files) { $0.0.split(separator: "/").first.map(String.init) ?? $0.0 }
            s += "<details><summary>\(files.count) other files of this build</summary><table><tr><th>path</th><th>files</th><th>bytes</th></tr>\n"
            for key in groups.keys.sorted() {
                let g = groups[key]!
                s += "<tr><td><code>\(Escape.xmlText(key))</code></td><td class=\"num\">\(g.count)</td><td class=\"num\">\(g.reduce(0) { $0 + $1.1 })</td></tr>\n"
            }
            s += "</table></details>\n"
        }
        return s
    }

    public static func render(_ doc: ExportDocument, options: ExportOptions = ExportOptions(), files: [(String, Int)] = []) -> String {
        var s = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        s += "<title>\(Escape.xmlText(doc.name)) report</title>\n<style>\n\(css)\n\(designCSS)\n</style>\n</head>\n<body>\n"
        s += "<h1>\(Escape.xmlText(doc.name))</h1>\n<p class=\"summary\">\(doc.families.count) families · "
        s += "\(doc.tokenSets.reduce(0) { $0 + $1.tokens.count }) tokens · "
        if let a = doc.audit { s += a.passed ? "audit: all \(a.checks.count) checks pass" : "audit: \(a.failures.count) of \(a.checks.count) checks fail" }
        else { s += "no audit" }
        s += " · <a href=\"#families\">families</a> · <a href=\"#tokens\">tokens</a> · <a href=\"#states\">states</a> · <a href=\"#audit\">audit</a> · <a href=\"#heatmap\">heatmaps</a> · <a href=\"#cvd\">color vision</a> · <a href=\"#build\">build</a></p>\n"
        s += familyGrid(doc)
        s += tokens(doc, featured: options.heatmapFamily)
        s += states(doc)
        s += audit(doc)
        s += heatmaps(doc, featured: options.heatmapFamily)
        s += cvd(doc, featured: options.heatmapFamily)
        s += built(doc, files: files)
        s += "</body>\n</html>\n"
        return s
    }

    public static func write(_ doc: ExportDocument, _ options: ExportOptions, _ out: OutputFolder) throws {
        let files = out.paths.filter { $0 != file }.map { ($0, out.contents($0)?.count ?? 0) }
        try out.write(file, text: render(doc, options: options, files: files))
    }
}
