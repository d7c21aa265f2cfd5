import ColorIO
import ColorCore
import ColorKernels
import ColorExport
import Foundation

/// `huebench matrix`: an N×M contrast or difference matrix between two lists of CSS colors.
enum MatrixCommand: Command {
    static let name = "matrix"
    static let summary = "contrast or ΔE matrix (any registered method) of text × background colors, to .npy/.csv/.f32"
    static let help = """
    usage: huebench matrix --method M --text FILE [--background FILE] [--out PATH] [--threshold X] [--context NAME]
                           [--alpha composite|ignore] [--canvas COLOR] [--gamut none|srgb|display-p3] [--threads N]
                           [--worst K] [--skip-invalid] [--json] [--below X --list FILE.csv|FILE.json] [--report FILE.html]
           huebench matrix --method M --pairs FILE [--text FILE] [--background FILE] [--below X] [--list FILE] [--json]
                           [--cvd TYPE [--severity S]]

    Reads colors from FILE ('-': standard input): one CSS color per line, LABEL<TAB>COLOR, CSS custom
    properties (--brand-500: #00b386;), a DTCG 2025.10 token file (.tokens.json: color tokens by dotted name,
    aliases resolved) or a token resolver (huebench's tokens/ folder or its huebench.resolver.json; --context
    picks light, dark, light-high-contrast or dark-high-contrast). Blank and comment lines (#, //, /* */) are
    skipped; labels name the pairs in every output. All invalid entries are listed at once. Then it computes
    M[i, j] for text color i (row) on background color j (column) by any registered contrast method (WCAG 2
    ratio, APCA Lc, L*, Weber, Michelson…) or ΔE method (deltae-ok, deltae-2000, deltae-76…). Without
    --background the text colors are compared with themselves (the diagonal is left out of the summary).
    Work runs on every core (--threads N to limit) and streams to disk in row blocks, so matrices larger than
    memory (20,000 × 20,000) are fine. Counts at thresholds are exact (equal to the Double computation).

    Colors outside sRGB: by default (--gamut none) colors are taken as they are, unclamped (extended sRGB):
    WCAG ratios of colors outside sRGB can exceed 21, and APCA floors a screen luminance below 0 at 0 before
    its soft black clamp (APCA-W3 0.1.9; Color.js does not floor it and can differ by up to 8.5 Lc there), as
    `huebench contrast` does. A warning gives the count of inputs outside sRGB. --gamut srgb or display-p3
    maps every input into that gamut first (CSS Color 4 mapping), so values are those of displayable colors.

    --pairs FILE checks only the intended pairs: one pair per line, TEXT<TAB>BACKGROUND[<TAB>LEVEL], each side a
    label from --text/--background or a CSS color; LEVEL a number (|Lc| for APCA) or, for wcag21, AA (4.5),
    AAA (7), AA-large (3), AAA-large (4.5); default --below X, else 4.5 (wcag21), 60 (apca) or the method's
    first threshold. Prints one row per pair (value, pass/FAIL, level) and a count; exit status 1 when some pair
    is below its level. With --cvd both colors of each pair are simulated first, then compared (rows show the
    colors as written).

    On a terminal, a matrix still running after a second shows one progress line on stderr (rows done, rate,
    time left; HUEBENCH_PROGRESS_AFTER=SECONDS changes the delay); nothing when stderr is not a terminal.

    outputs:
      (stdout)         a summary: range, pairs at each threshold, the K lowest pairs with labels; --json: one
                       JSON object (method, rows, columns, pairs, min, max, counts, worst, out, seconds)
      --out PATH       the matrix: .npy (NumPy float32, shape (N, M)), .csv (header row and first column of
                       labels), .f32 (raw little-endian float32), or a heatmap picture .png / .svg (titled
                       "contrast matrix" or, for ΔE methods, "difference matrix")
      --list FILE      with --below X: every pair under X, no cap — .csv (text, text_css, background,
                       background_css, value, misses) or .json (an array of objects with those members).
                       In CSV files a label a spreadsheet would run as a formula (starting with =, +, @, or
                       - followed by more than a name's characters) is written with a leading '
      --report FILE.html  a self-contained page: summary, pass rates, failing pairs grouped by label prefix
                       (token group), a heatmap of pass rates per block with both axes sorted by luminance
      --pairs FILE     rows for the intended pairs only (text or --json lines), see above

    options:
      --method M       a contrast method (wcag21, apca, lstar, weber, michelson) or a ΔE method as
                       deltae-<id> or the bare ΔE id (deltae-ok or ok, deltae-2000 or 2000, deltae-76, deltae-itp…);
                       `huebench help methods`
      --text FILE      text colors (a color list or token file, as above)
      --background FILE  background colors (default: the text colors)
      --threshold X    also count pairs at or above X (repeatable; by magnitude: APCA |Lc| ≥ X) besides the
                       method's defaults (WCAG 3, 4.5, 7; APCA 45, 60, 75, 90; ΔEOK 0.02; ΔE76 2.3)
      --alpha MODE     composite (default): translucent text over its background, a translucent background
                       over the canvas, as `huebench contrast` does; ignore: every color taken as opaque
      --canvas COLOR   what translucent backgrounds sit on (default white)
      --gamut G        none (default: unclamped), srgb or display-p3: map the inputs into that gamut first
      --threads N      cores to use (default: all)
      --worst K        how many lowest-contrast pairs to list (default 5)
      --below X        the level for --list, --report and --pairs (APCA: |Lc| < X fails)
      --context NAME   the resolver context of a token resolver (default: the resolver's default)
      --skip-invalid   compute with the valid entries and say how many were skipped (default: stop and list them)
      --json           print the summary (or the --pairs rows) as JSON
      --cvd TYPE       compute on the colors as a color-vision deficiency sees them (protan, deutan, tritan:
                       Machado et al. 2009; achroma: luminance; see `huebench simulate --help`)
      --severity S     with --cvd: 0 … 1 (default 1, full deficiency)
    \(PluginContext.optionHelp)
                       (a plugin's hb.register_contrast / hb.register_deltae methods are --method names too;
                       their Lua functions run on one core)

    example:
      huebench matrix --method apca --text text.txt --background bg.txt --out lc.npy
      huebench matrix --method wcag21 --text tokens/ --context dark --below 4.5 --report audit.html
      huebench matrix --method wcag21 --text tokens/ --pairs intended.tsv
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: Set(["json", "skip-invalid"]).union(PluginContext.flags),
                              options: (["method", "text", "background", "out", "threshold", "threads", "worst", "alpha", "canvas", "context",
                                         "below", "list", "gamut", "pairs", "report", "cvd", "severity"] as Set<String>).union(PluginContext.options))
        // Plugin contrast and ΔE methods (hb.register_contrast / hb.register_deltae) are registry entries like
        // the built-ins; their Lua functions run on this thread, pair by pair.
        let plugins = try PluginContext.load(a, command: name)
        let workbench = plugins.state?.workbench ?? Workbench.standard
        guard let methodName = a.value("method") else {
            throw UsageError("--method is required: one of \(workbench.pairMethodIDs.joined(separator: ", ")) (huebench matrix)")
        }
        let method: PairMethod
        do { method = try workbench.pairMethod(methodName) } catch {
            throw UsageError("--method '\(ColorCoreError.excerpt(methodName))' is not one of \(workbench.pairMethodIDs.joined(separator: ", "))\(Suggest.phrase(methodName, among: workbench.pairMethodIDs)) (huebench matrix)")
        }
        let alpha: MatrixAlpha
        switch a.value("alpha") ?? "composite" {
        case "composite":
            let canvasText = a.value("canvas") ?? "white"
            do { alpha = .composite(canvas: try workbench.parse(canvasText)) } catch {
                throw UsageError("--canvas '\(ColorCoreError.excerpt(canvasText))': \(error); give a CSS color, e.g. white or #f5f5f5 (huebench matrix)")
            }
        case "ignore":
            if a.value("canvas") != nil { throw UsageError("--canvas has no effect with --alpha ignore; drop one of them (huebench matrix)") }
            alpha = .ignore
        case let other:
            throw UsageError("--alpha '\(ColorCoreError.excerpt(other))' is not one of composite, ignore\(Suggest.phrase(other, among: ["composite", "ignore"])) (huebench matrix)")
        }
        let gamut: ColorSpaceID?
        switch a.value("gamut") ?? "none" {
        case "none": gamut = nil
        case "srgb": gamut = .srgb
        case "display-p3": gamut = .displayP3
        case let other:
            throw UsageError("--gamut '\(ColorCoreError.excerpt(other))' is not one of none, srgb, display-p3\(Suggest.phrase(other, among: ["none", "srgb", "display-p3"])) (huebench matrix)")
        }
        if let pairsPath = a.value("pairs") {
            return try PairCheck.run(a, method: method, alpha: alpha, gamut: gamut, cvd: try Self.cvd(a), pairsPath: pairsPath)
        }
        guard let textPath = a.value("text") else { throw UsageError("--text FILE is required (one CSS color per line)") }
        if !a.positionals.isEmpty { throw UsageError("unexpected argument '\(a.positionals[0])'; pass files with --text/--background") }
        let threads = try a.int("threads", command: name, range: 1...4096) ?? 0
        let k = try a.int("worst", command: name, range: 0...10_000) ?? 5
        var thresholds = method.thresholds
        for x in try a.doubles("threshold", command: name) where !thresholds.contains(x) { thresholds.append(x) }
        let outPath = a.value("out")
        let picture = outPath.flatMap { o in ["png", "svg"].first { o.lowercased().hasSuffix("." + $0) } }
        if let o = outPath, picture == nil, MatrixWriter.format(for: o) == nil {
            throw UsageError("--out '\(o)': unknown extension; use .npy, .csv, .f32, or .png/.svg for a heatmap")
        }
        if let o = outPath {
            try OutputPath.checkFile(o, command: name,
                                     inputs: [("text", textPath)] + (a.value("background").map { [("background", $0)] } ?? []))
        }

        let below = try Self.below(a)
        let listPath = a.value("list")
        if (listPath != nil && below == nil) || (below != nil && listPath == nil && a.value("report") == nil) {
            throw UsageError("--below X goes with --list FILE (every pair under X) or --report FILE.html (the level it shows) (huebench matrix)")
        }
        if let l = listPath {
            guard l.lowercased().hasSuffix(".csv") || l.lowercased().hasSuffix(".json") else {
                throw UsageError("--list '\(ColorCoreError.excerpt(l))': use a .csv or .json file (huebench matrix)")
            }
            try OutputPath.checkFile(l, option: "list", command: name,
                                     inputs: [("text", textPath)] + (a.value("background").map { [("background", $0)] } ?? []))
            if l == outPath { throw UsageError("--list and --out name the same file; give two paths (huebench matrix)") }
        }
        if textPath == "-" && a.value("background") == "-" {
            throw UsageError("--text and --background cannot both read standard input ('-'); give one of them a file (huebench matrix)")
        }
        let reportPath = a.value("report")
        if let r = reportPath {
            guard r.lowercased().hasSuffix(".html") else {
                throw UsageError("--report '\(ColorCoreError.excerpt(r))': use a .html file (huebench matrix)")
            }
            try OutputPath.checkFile(r, option: "report", command: name,
                                     inputs: [("text", textPath)] + (a.value("background").map { [("background", $0)] } ?? []))
            if r == outPath || r == listPath { throw UsageError("--report names the same file as another output; give separate paths (huebench matrix)") }
        }
        let context = a.value("context"), skip = a.has("skip-invalid")
        let cvd = try Self.cvd(a)
        let text = try simulated(try readColors(textPath, context: context, skipInvalid: skip, gamut: gamut), cvd, workbench)
        let background = try a.value("background").map { try simulated(try readColors($0, context: context, skipInvalid: skip, gamut: gamut), cvd, workbench) }
        let matrix = try ContrastMatrix(method: method, text: text.buffer, background: background?.buffer,
                                        textColors: text.colors, backgroundColors: background?.colors, alpha: alpha)
        let rows = matrix.rows, cols = matrix.columns

        let writer = try (picture == nil ? outPath : nil).map { try MatrixWriter(path: $0, rows: rows, columns: cols) }
        let columnColors = background ?? text
        try writer?.setLabels(rows: (0..<rows).map { label(text, $0) }, columns: (0..<cols).map { label(columnColors, $0) })
        var heatmap = picture == nil ? nil : Self.heatmap(method, rows: rows, columns: cols)
        // A matrix still running after a second shows one progress line on a terminal.
        let progress: ProgressLine? = ProgressLine("huebench matrix", total: rows, unit: "rows", after: ProgressLine.delay())
        let start = Date()
        let summary: MatrixSummary
        let list = try listPath.map { try FailingPairList(path: $0, below: below!, matrix: matrix, text: text, background: background ?? text, threads: threads) }
        let htmlReport = reportPath.map { _ in
            MatrixReport(level: below ?? PairCheck.defaultLevel(method), matrix: matrix, text: text, background: background ?? text)
        }
        var pending: [AtomicFileWriter] = []
        do {
            var sink: ((UnsafePointer<Float>, Int) throws -> Void)?
            if let w = writer { sink = { p, n in try w.write(rows: p, count: n) } }
            else if heatmap != nil { sink = { p, n in heatmap!.add(rows: p, rowCount: n) } }
            else { sink = nil }
            if let list {
                let inner = sink
                sink = { p, n in try list.add(rows: p, count: n); try inner?(p, n) }
            }
            if let htmlReport {
                let inner = sink
                sink = { p, n in htmlReport.add(rows: p, count: n); try inner?(p, n) }
            }
            summary = try matrix.run(thresholds: thresholds, worst: k, threads: threads, sink: sink, progress: progress.map { p in { done in p.update(done) } })
            progress?.finish()
            // Every output is written to its temp file first; only when all are written are they renamed into
            // place, so a run that fails on one output (a full disk, a bad name) leaves none of them.
            try list?.flush()
            if let htmlReport, let path = reportPath {
                let f = try AtomicFileWriter(path: path)
                pending.append(f)
                try f.write(Array(htmlReport.html(summary: summary).utf8))
            }
            if let h = heatmap, let kind = picture, let path = outPath {
                let f = try AtomicFileWriter(path: path)
                pending.append(f)
                try f.write(heatmapBytes(h, kind: kind, method: method, text: text, background: background ?? text))
            }
            try writer?.finish()
            try list?.finish()
            for f in pending { try f.commit() }
            if let l = list, let path = listPath {
                Output.error("huebench matrix: \(l.count) pair\(l.count == 1 ? "" : "s") below \(fmt(below!)) written to \(path)")
            }
            if let htmlReport, let path = reportPath {
                Output.error("huebench matrix: report written to \(path) (\(htmlReport.failCount) pair\(htmlReport.failCount == 1 ? "" : "s") below \(fmt(htmlReport.level)))")
            }
        } catch {
            writer?.abandon()
            list?.abandon()
            for f in pending { f.abandon() }
            throw error
        }
        let seconds = Date().timeIntervalSince(start)
        let bgLines = background ?? text
        if a.has("json") {
            Output.line(json(summary, text: text, background: bgLines, out: outPath, seconds: seconds))
        } else {
            report(summary, text: text, background: bgLines, out: outPath, seconds: seconds)
        }
        return ExitStatus.ok
    }

    /// A color list as read: the buffer for the kernels, the parsed colors, and each entry's label and place.
    typealias Colors = (buffer: ColorBuffer, colors: [Color], entries: [LabelledColor])

    /// The heatmap bands of a method, from its thresholds (WCAG 3 / 4.5 / 7, APCA |Lc| 45 / 60 / 75 / 90…):
    /// below the first red, then yellow, light green, green, deep green.
    static func heatmap(_ method: PairMethod, rows: Int, columns: Int) -> MatrixHeatmap {
        let red: Scene.RGB = (222, 76, 64), yellow: Scene.RGB = (240, 196, 64)
        let light: Scene.RGB = (110, 190, 110), green: Scene.RGB = (30, 130, 60), deep: Scene.RGB = (10, 80, 40)
        var ths = method.thresholds.sorted()
        if ths.isEmpty { ths = [0] }
        let palette: [Scene.RGB] = ths.count == 1 ? [yellow] : ths.count == 2 ? [yellow, green] : ths.count == 3 ? [yellow, light, green]
            : [yellow, light, green] + Array(repeating: deep, count: ths.count - 3)
        let name = method.id.uppercased()
        let unit = method.kind == .contrast && method.id == "apca" ? "|Lc| " : ""
        let bands = ths.enumerated().map { k, t in
            MatrixHeatmap.Band(Float(t), palette[k], (k == 0 ? "\(name) \(unit)≥ " : "≥ ") + fmt(Float(t)))
        }
        return MatrixHeatmap(rows: rows, columns: columns, bands: bands, lowColor: red,
                             lowLabel: "\(name) \(unit)< " + fmt(Float(ths[0])))
    }

    /// The heatmap picture's bytes (PNG or SVG); small matrices get their input colors as axis swatches.
    static func heatmapBytes(_ h: MatrixHeatmap, kind: String, method: PairMethod,
                             text: Colors, background: Colors) -> [UInt8] {
        func swatches(_ c: Colors, _ n: Int) -> [Scene.RGB] {
            guard n <= 400 else { return [] }
            return (0..<n).map { i in
                guard let rgb = try? Workbench.standard.mapGamut(c.colors[i], to: .srgb, method: "clip").coords else { return (128, 128, 128) }
                func b(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
                return (b(rgb.x), b(rgb.y), b(rgb.z))
            }
        }
        let pooled = h.rowsPerCell > 1 || h.columnsPerCell > 1
        let subtitle = "Rows: text (\(h.rows)) · columns: background (\(h.columns))"
            + (pooled ? " · each cell: the worst of \(h.rowsPerCell) × \(h.columnsPerCell)" : "")
        let scene = h.scene(title: "\(method.id) \(method.kind == .contrast ? "contrast" : "difference") matrix", subtitle: subtitle,
                            textSwatches: swatches(text, h.rows), backgroundSwatches: swatches(background, h.columns))
        return kind == "png" ? scene.png() : Array(scene.svg().utf8)
    }

    /// Reads a color list (`ColorListReader`: lines with optional labels, CSS custom properties, DTCG token or
    /// resolver files). Every invalid entry is reported at once; `--skip-invalid` computes with the rest.
    /// `mapping`: map the colors into `gamut` (or warn about those outside sRGB) here; false when the caller maps the
    /// colors it uses itself (`--pairs`).
    static func readColors(_ path: String, context: String?, skipInvalid: Bool, gamut: ColorSpaceID? = nil,
                           mapping: Bool = true) throws -> Colors {
        let read: (colors: [LabelledColor], problems: [ColorListProblem])
        do { read = try ColorListReader.read(path: path, context: context) }
        catch let e as ColorListReadError { throw UsageError("\(e) (huebench matrix)") }
        catch let e as LineTooLongError { throw UsageError("\(e) (huebench matrix)") }
        let shown = path == "-" ? "standard input" : path
        if !read.problems.isEmpty {
            if !skipInvalid { throw ColorListError(source: shown, problems: read.problems) }
            Output.error("huebench matrix: skipped \(read.problems.count) invalid \(read.problems.count == 1 ? "entry" : "entries") of \(shown) (--skip-invalid); the first: \(read.problems[0])")
        }
        if read.colors.isEmpty {
            throw UsageError("'\(shown)' holds no colors; write one CSS color per line (or LABEL<TAB>COLOR, --name: COLOR;, a DTCG token file) (huebench matrix)")
        }
        var entries = read.colors
        if mapping { Self.applyGamut(&entries, gamut: gamut, source: shown) }
        let colors = entries.map(\.color)
        return (try ColorBuffer(colors, space: .srgb), colors, entries)
    }

    /// Counts the colors outside sRGB (a warning on stderr) and, with --gamut, maps every color into that gamut
    /// (CSS Color 4 mapping) before anything is computed.
    static func applyGamut(_ entries: inout [LabelledColor], gamut: ColorSpaceID?, source: String) {
        let wb = Workbench.standard
        let outside = entries.filter { !((try? wb.inGamut($0.color, of: .srgb)) ?? true) }.count
        if let g = gamut {
            var mapped = 0
            for k in entries.indices where !((try? wb.inGamut(entries[k].color, of: g)) ?? true) {
                if let m = try? wb.mapGamut(entries[k].color, to: g, method: "css4") { entries[k].color = m; mapped += 1 }
            }
            if outside > 0 || mapped > 0 {
                Output.error("huebench matrix: \(source): \(outside) of \(entries.count) color\(entries.count == 1 ? "" : "s") outside sRGB; \(mapped) mapped into \(g.rawValue) (--gamut \(g.rawValue))")
            }
        } else if outside > 0 {
            Output.error("huebench matrix: warning: \(source): \(outside) of \(entries.count) color\(entries.count == 1 ? "" : "s") outside sRGB, taken unclamped (WCAG ratios can exceed 21); --gamut srgb maps them first")
        }
    }

    /// `--cvd TYPE [--severity S]`: the simulation every color goes through before the matrix (nil without --cvd).
    static func cvd(_ a: Arguments) throws -> CVDSimulation? {
        let known = CVDType.allCases.map(\.rawValue).joined(separator: ", ")
        guard let typeName = a.value("cvd") else {
            if a.value("severity") != nil { throw UsageError("--severity needs --cvd TYPE (one of \(known)) (huebench matrix)") }
            return nil
        }
        let type: CVDType
        do { type = try CVDSimulation.type(named: typeName) } catch {
            throw UsageError("--cvd '\(ColorCoreError.excerpt(typeName))' is not one of \(known)\(Suggest.phrase(typeName, among: CVDType.allCases.map(\.rawValue))) (huebench matrix)")
        }
        let severity = try a.double("severity", command: name) ?? 1
        do { return try CVDSimulation(type, severity: severity) } catch {
            throw UsageError("--severity \(severity) is outside 0…1; give a number from 0 (normal vision) to 1 (full) (huebench matrix)")
        }
    }

    /// The colors as the deficiency sees them (sRGB, alpha and labels kept); unchanged without a simulation.
    static func simulated(_ c: Colors, _ sim: CVDSimulation?, _ wb: Workbench) throws -> Colors {
        guard let sim else { return c }
        let colors = try c.colors.map { try sim.simulate($0, workbench: wb) }
        return (try ColorBuffer(colors, space: .srgb), colors, c.entries)
    }

    /// The name of entry i: its label, or the color as written.
    static func label(_ c: Colors, _ i: Int) -> String { c.entries[i].name }
    /// "#777, file:3" or "file:3" when the label is the color itself.
    static func place(_ c: Colors, _ i: Int) -> String {
        let e = c.entries[i]
        return e.label == nil ? e.location : e.text + ", " + e.location
    }

    static func fmt(_ v: Float) -> String { String(format: "%.4g", Double(v)) }
    static func fmt(_ v: Double) -> String { String(format: "%.4g", v) }

    /// `--below X`: a level, at least 0 (a pair fails when its value — APCA's |Lc| — is under it).
    static func below(_ a: Arguments) throws -> Double? {
        guard let x = try a.double("below", command: name) else { return nil }
        guard x >= 0 else {
            throw UsageError("--below '\(ColorCoreError.excerpt(a.value("below") ?? ""))' is negative; give a level of 0 or more (a pair fails when its value, for APCA |Lc|, is under it) (huebench matrix)")
        }
        return x == 0 ? 0 : x
    }

    static func report(_ s: MatrixSummary, text: Colors, background: Colors, out: String?, seconds: Double) {
        Output.line("\(s.method.id) matrix: \(s.rows) text × \(s.columns) background colors, \(s.pairs) pairs"
                    + String(format: " in %.3f s", seconds) + (out.map { ", written to \($0)" } ?? ""))
        Output.line(s.pairs == 0 ? "range: none (no pairs: one color compared with itself)"
                    : "range: \(fmt(s.minimum)) … \(fmt(s.maximum))")
        let what = s.method.batch == .apca ? "|Lc| ≥" : "≥"
        for (t, c) in zip(s.thresholds, s.counts) {
            let pct = s.pairs > 0 ? 100 * Double(c) / Double(s.pairs) : 0
            Output.line("  \(what) \(fmt(Float(t))): \(c) \(c == 1 ? "pair" : "pairs") (\(String(format: "%.1f", pct))%)")
        }
        if !s.worst.isEmpty {
            Output.line("lowest \(s.method.kind == .difference ? "difference" : "contrast") pairs (text on background):")
            for w in s.worst {
                // Labels come from the input files: control characters (terminal escapes) are shown, not sent.
                Output.line(Format.visible("  \(fmt(w.value))  \(label(text, w.row)) (\(place(text, w.row))) on \(label(background, w.column)) (\(place(background, w.column)))"))
            }
        }
    }

    static func json(_ s: MatrixSummary, text: Colors, background: Colors, out: String?, seconds: Double) -> String {
        let counts = zip(s.thresholds, s.counts).map { "{\"threshold\": \(jsonNumber(Double($0))), \"pairs\": \($1)}" }
        let worst = s.worst.map {
            "{\"text\": \(jsonString(label(text, $0.row))), \"text_css\": \(jsonString(text.entries[$0.row].text)), \"text_line\": \(text.entries[$0.row].line), "
                + "\"background\": \(jsonString(label(background, $0.column))), \"background_css\": \(jsonString(background.entries[$0.column].text)), \"background_line\": \(background.entries[$0.column].line), "
                + "\"value\": \(jsonNumber(Double($0.value)))}"
        }
        return "{\"method\": \(jsonString(s.method.id)), \"rows\": \(s.rows), \"columns\": \(s.columns), \"pairs\": \(s.pairs), "
            + "\"min\": \(jsonNumber(Double(s.minimum))), \"max\": \(jsonNumber(Double(s.maximum))), "
            + "\"counts\": [\(counts.joined(separator: ", "))], \"worst\": [\(worst.joined(separator: ", "))], "
            + "\"out\": \(out.map(jsonString) ?? "null"), \"seconds\": \(jsonNumber((seconds * 1000).rounded() / 1000))}"
    }
}

/// `--below X --list FILE`: every pair whose value is under X (by magnitude for APCA: |Lc| < X), exact against
/// the Double computation (values near X are re-evaluated), streamed to a .csv or .json file written atomically.
/// Each row: text label and CSS, background label and CSS, the Double value, and the level it misses (X).
final class FailingPairList {
    let below: Double
    let matrix: ContrastMatrix
    let text: MatrixCommand.Colors, background: MatrixCommand.Colors
    let json: Bool
    let file: AtomicFileWriter
    private var row = 0
    private(set) var count = 0
    private let buffer = ByteText(capacity: 1 << 16)

    /// The parts of a row that do not change from pair to pair, escaped once per color (not once per pair): per
    /// text color its label and CSS (`label,css,` or `{"text":…,"text_css":…,"background":`), per background
    /// color its own (`label,css,` or `…,"background_css":…,"value":`), and the row's end (`X\n` or
    /// `,"misses":X}`). `ends[k]` is the end of color k's bytes (color k starts where k − 1 ends).
    private var textBytes: [UInt8] = [], textEnds: [Int] = [], backgroundBytes: [UInt8] = [], backgroundEnds: [Int] = []
    private var rowEnd: [UInt8] = []

    /// Cores that format the rows (0: all).
    let threads: Int

    init(path: String, below: Double, matrix: ContrastMatrix, text: MatrixCommand.Colors, background: MatrixCommand.Colors,
         threads: Int = 0) throws {
        self.below = below; self.matrix = matrix; self.text = text; self.background = background; self.threads = threads
        json = path.lowercased().hasSuffix(".json")
        file = try AtomicFileWriter(path: path)
        buffer.append(json ? "[" : "text,text_css,background,background_css,value,misses\n")
        let part = ByteText(capacity: 256)
        func bytes(_ fill: () -> Void) -> [UInt8] { part.removeAll(); fill(); return Array(part.buffer) }
        for t in text.entries {
            textBytes += bytes {
                if json {
                    part.append("{\"text\":"); part.appendJSONString(t.name)
                    part.append(",\"text_css\":"); part.appendJSONString(t.text); part.append(",\"background\":")
                } else {
                    part.append(Escape.csvField(t.name)); part.append(","); part.append(Escape.csvField(t.text)); part.append(",")
                }
            }
            textEnds.append(textBytes.count)
        }
        for b in background.entries {
            backgroundBytes += bytes {
                if json {
                    part.appendJSONString(b.name); part.append(",\"background_css\":"); part.appendJSONString(b.text)
                    part.append(",\"value\":")
                } else {
                    part.append(Escape.csvField(b.name)); part.append(","); part.append(Escape.csvField(b.text)); part.append(",")
                }
            }
            backgroundEnds.append(backgroundBytes.count)
        }
        rowEnd = bytes {
            if json { part.append(",\"misses\":"); part.appendJSONNumber(below); part.append("}") }
            else { part.append(","); part.appendShortest(below); part.append("\n") }
        }
    }

    /// Per task of a wave: the rows it formatted and how many pairs they hold (reused from wave to wave).
    private var parts: [ByteText] = []
    /// Pairs a task formats at most (about 64K): a wave holds two tasks per thread, so memory stays bounded.
    static let taskPairs = 1 << 16

    func add(rows p: UnsafePointer<Float>, count n: Int) throws {
        // The header (or the opening bracket) first.
        if buffer.count > 0 { try flush(final: false) }
        // Tasks of whole rows, formatted on every core a wave at a time, then written in row order.
        let matrix = self.matrix, below = self.below, json = self.json, first = row
        let cols = matrix.columns, textEnds = self.textEnds, backgroundEnds = self.backgroundEnds
        let threads = matrix.method.serial ? 1 : Parallel.resolve(self.threads)
        let rowsPerTask = Swift.max(1, Self.taskPairs / Swift.max(1, cols))
        let tasks = (n + rowsPerTask - 1) / rowsPerTask
        let wave = Swift.max(1, 2 * threads)
        while parts.count < Swift.min(wave, tasks) { parts.append(ByteText(capacity: 1 << 16)) }
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: wave)
        defer { counts.deallocate() }
        let parts = self.parts
        try textBytes.withUnsafeBufferPointer { tb in
            try backgroundBytes.withUnsafeBufferPointer { bb in
                try rowEnd.withUnsafeBufferPointer { end in
                    var t0 = 0
                    while t0 < tasks {
                        let m = Swift.min(wave, tasks - t0)
                        Parallel.forChunks(count: m, chunk: 1, threads: threads) { range in
                            for k in range {
                                let out = parts[k]
                                var found = 0
                                let r1 = Swift.min(n, (t0 + k + 1) * rowsPerTask)
                                for r in (t0 + k) * rowsPerTask..<r1 {
                                    let i = first + r
                                    let t = UnsafeBufferPointer(rebasing: tb[(i == 0 ? 0 : textEnds[i - 1])..<textEnds[i]])
                                    for j in 0..<cols where !(matrix.isSelfMatrix && i == j) {
                                        let v = Swift.abs(p[r * cols + j])
                                        // A pair near the level is decided by its Double value, computed once.
                                        let near = matrix.isNear(v, below)
                                        let exact = near ? matrix.reference(i, j) : 0
                                        guard near ? Swift.abs(exact) < below : Double(v) < below else { continue }
                                        // One row: the text color's part, the background's, the Double value, the end
                                        // (in JSON each object after ",\n": the writer drops the first comma).
                                        if json { out.append(",\n") }
                                        out.append(t)
                                        out.append(UnsafeBufferPointer(rebasing: bb[(j == 0 ? 0 : backgroundEnds[j - 1])..<backgroundEnds[j]]))
                                        let value = near ? exact : matrix.reference(i, j)
                                        if json { out.appendJSONNumber(value) } else { out.appendShortest(value) }
                                        out.append(end)
                                        found += 1
                                    }
                                }
                                counts[k] = found
                            }
                        }
                        for k in 0..<m {
                            let bytes = UnsafeRawBufferPointer(parts[k].buffer)
                            try file.write(json && count == 0 && counts[k] > 0 ? UnsafeRawBufferPointer(rebasing: bytes.dropFirst()) : bytes)
                            count += counts[k]
                            parts[k].removeAll()
                        }
                        t0 += m
                    }
                }
            }
        }
        row += n
    }

    private var closed = false

    /// Writes what is buffered to the temp file (at the end: the closing bracket too).
    func flush(final: Bool = true) throws {
        if final && !closed {
            closed = true
            if json { buffer.append(count == 0 ? "]\n" : "\n]\n") }
        }
        try file.write(UnsafeRawBufferPointer(buffer.buffer))
        buffer.removeAll()
    }

    /// Writes the rest and renames the temp file into place.
    func finish() throws {
        try flush()
        try file.commit()
    }

    func abandon() { file.abandon() }
}
