import ColorCore
import ColorIO
import ColorKernels
import Foundation

/// `huebench matrix --pairs FILE`: only the intended pairs, each against its own level.
///
/// FILE: one pair per line, `TEXT<TAB>BACKGROUND[<TAB>LEVEL]`; each side is a label of `--text`/`--background`
/// (token names, custom properties, `label<TAB>color` labels) or a CSS color; blank lines and `#`/`//` comment
/// lines are skipped. Values are the Double reference of the method (the same compositing rules as the matrix).
enum PairCheck {
    /// The level a pair is held to when neither the line nor `--below` gives one.
    static func defaultLevel(_ m: PairMethod) -> Double {
        switch m.id {
        case "wcag21": return 4.5
        case "apca": return 60
        default: return m.thresholds.sorted().first ?? 0
        }
    }

    /// A level as written: a number, or for wcag21 AA / AAA / AA-large / AAA-large.
    static func level(_ s: String, method: PairMethod) -> Double? {
        if let v = Double(s), v.isFinite, v >= 0 { return v }
        guard method.id == "wcag21" else { return nil }
        switch s.uppercased() {
        case "AA", "AAA-LARGE": return 4.5
        case "AAA": return 7
        case "AA-LARGE": return 3
        default: return nil
        }
    }

    struct Pair {
        var text: LabelledColor, background: LabelledColor
        var level: Double
        var line: Int
    }

    static func run(_ a: Arguments, method: PairMethod, alpha: MatrixAlpha, gamut: ColorSpaceID?, cvd: CVDSimulation?,
                    pairsPath: String) throws -> Int32 {
        let name = MatrixCommand.name
        for o in ["out", "report", "worst", "threshold"] where a.value(o) != nil {
            throw UsageError("--\(o) works on the full matrix; --pairs prints one row per listed pair (drop one of them) (huebench matrix)")
        }
        let below = try MatrixCommand.below(a)
        let listPath = a.value("list")
        if let l = listPath {
            guard l.lowercased().hasSuffix(".csv") || l.lowercased().hasSuffix(".json") else {
                throw UsageError("--list '\(ColorCoreError.excerpt(l))': use a .csv or .json file (huebench matrix)")
            }
            try OutputPath.checkFile(l, option: "list", command: name,
                                     inputs: [("pairs", pairsPath)] + ["text", "background"].compactMap { o in a.value(o).map { (o, $0) } })
        }
        let context = a.value("context"), skip = a.has("skip-invalid")
        // Labels from --text and --background: a pair's text side looks in --text first, its background side in
        // --background first (the same label may name a text color and a different background color).
        var named: [String: [String: [LabelledColor]]] = ["text": [:], "background": [:]]
        for option in ["text", "background"] {
            guard let p = a.value(option) else { continue }
            if p == "-" && pairsPath == "-" {
                throw UsageError("--pairs and --\(option) cannot both read standard input ('-') (huebench matrix)")
            }
            for e in try MatrixCommand.readColors(p, context: context, skipInvalid: skip).entries {
                if let l = e.label { named[option]![l, default: []].append(e) }
            }
        }
        let wb = Workbench.standard
        let shown = pairsPath == "-" ? "standard input" : pairsPath
        var pairs: [Pair] = [], problems: [ColorListProblem] = []
        let fd = pairsPath == "-" ? 0 : open(pairsPath, O_RDONLY)
        guard fd >= 0 else {
            throw UsageError("--pairs '\(ColorCoreError.excerpt(pairsPath))': \(String(cString: strerror(errno))); check the path (huebench matrix)")
        }
        defer { if fd != 0 { close(fd) } }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            throw UsageError("--pairs '\(ColorCoreError.excerpt(pairsPath))' is a folder; give a file of TEXT<TAB>BACKGROUND[<TAB>LEVEL] lines (huebench matrix)")
        }
        // A device (/dev/urandom) never ends: its bad lines would be collected until memory runs out.
        var null = stat()
        let isNull = stat("/dev/null", &null) == 0 && null.st_rdev == st.st_rdev
        if fd != 0, (st.st_mode & S_IFMT) == S_IFCHR || (st.st_mode & S_IFMT) == S_IFBLK, isatty(fd) == 0, !isNull {
            throw UsageError("--pairs '\(ColorCoreError.excerpt(pairsPath))' is a device, whose data does not end; give a file of TEXT<TAB>BACKGROUND[<TAB>LEVEL] lines (huebench matrix)")
        }
        let reader = LineBlockReader(fd: fd, source: shown)
        do {
            while try reader.nextBatch(maxLines: 4096) {
                for (k, r) in reader.lines.enumerated() {
                    let number = reader.firstLineNumber + k
                    let raw = String(decoding: reader.data[r], as: UTF8.self)
                    let line = raw.trimmingCharacters(in: .whitespaces)
                    if line.isEmpty || line == "#" || line.hasPrefix("# ") || line.hasPrefix("//") { continue }
                    let location = "\(shown):\(number)"
                    let fields = raw.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard fields.count == 2 || fields.count == 3 else {
                        problems.append(ColorListProblem(location: location, message: "expected TEXT<TAB>BACKGROUND[<TAB>LEVEL], got \(fields.count) field\(fields.count == 1 ? "" : "s")"))
                        continue
                    }
                    func side(_ f: String, _ first: String, _ second: String) -> LabelledColor? {
                        if let entries = named[first]![f] ?? named[second]![f] {
                            // A label given to two different colors in one file names neither.
                            if let other = entries.dropFirst().first(where: { $0.color != entries[0].color }) {
                                problems.append(ColorListProblem(location: location, message: "'\(ColorCoreError.excerpt(f))' names two different colors (\(entries[0].location) and \(other.location)); rename one of them or write the color itself"))
                                return nil
                            }
                            return entries[0]
                        }
                        if let c = try? wb.parse(f) {
                            do { return LabelledColor(label: nil, text: f, color: try ColorListReader.finite(c, wb), origin: shown, line: number) } catch {
                                problems.append(ColorListProblem(location: location, message: "\(error)"))
                                return nil
                            }
                        }
                        problems.append(ColorListProblem(location: location, message: "'\(ColorCoreError.excerpt(f))' is neither a label of --text/--background nor a CSS color"))
                        return nil
                    }
                    let t = side(fields[0], "text", "background"), b = side(fields[1], "background", "text")
                    var lv = below ?? defaultLevel(method)
                    if fields.count == 3 {
                        guard let v = level(fields[2], method: method) else {
                            problems.append(ColorListProblem(location: location, message: "level '\(ColorCoreError.excerpt(fields[2]))' is not a number\(method.id == "wcag21" ? " or AA, AAA, AA-large, AAA-large" : "")"))
                            continue
                        }
                        lv = v
                    }
                    if let t, let b { pairs.append(Pair(text: t, background: b, level: lv, line: number)) }
                }
            }
        } catch let e as LineTooLongError { throw UsageError("\(e) (huebench matrix)") }
        if !problems.isEmpty {
            if !skip { throw ColorListError(source: shown, problems: problems) }
            Output.error("huebench matrix: skipped \(problems.count) invalid pair line\(problems.count == 1 ? "" : "s") of \(shown) (--skip-invalid); the first: \(problems[0])")
        }
        guard !pairs.isEmpty else {
            throw UsageError("'\(shown)' holds no pairs; write TEXT<TAB>BACKGROUND[<TAB>LEVEL] per line (huebench matrix)")
        }
        var texts = pairs.map(\.text), backgrounds = pairs.map(\.background)
        MatrixCommand.applyGamut(&texts, gamut: gamut, source: "\(shown) (text)")
        MatrixCommand.applyGamut(&backgrounds, gamut: gamut, source: "\(shown) (background)")
        // --cvd: both colors of every pair as the deficiency sees them (after any gamut mapping), then compared;
        // rows keep the colors as written.
        let tc = try texts.map { try cvd?.simulate($0.color, workbench: wb) ?? $0.color }
        let bc = try backgrounds.map { try cvd?.simulate($0.color, workbench: wb) ?? $0.color }
        let matrix = try ContrastMatrix(method: method, text: try ColorBuffer(tc, space: .srgb), background: try ColorBuffer(bc, space: .srgb),
                                        textColors: tc, backgroundColors: bc, alpha: alpha)
        let json = a.has("json")
        let out = ByteText(capacity: 1 << 16)
        let list = ByteText(capacity: 1 << 12)
        let listJSON = listPath?.lowercased().hasSuffix(".json") ?? false
        if listPath != nil { list.append(listJSON ? "[" : "text,text_css,background,background_css,value,misses\n") }
        var failed = 0
        for (k, p) in pairs.enumerated() {
            let v = matrix.reference(k, k)
            let pass = Swift.abs(v) >= p.level
            let t = p.text, b = p.background
            if json {
                out.append("{\"line\":"); out.appendInt(p.line)
                out.append(",\"text\":"); out.appendJSONString(t.name); out.append(",\"text_css\":"); out.appendJSONString(t.text)
                out.append(",\"background\":"); out.appendJSONString(b.name); out.append(",\"background_css\":"); out.appendJSONString(b.text)
                out.append(",\"value\":"); out.appendJSONNumber(v); out.append(",\"level\":"); out.appendJSONNumber(p.level)
                out.append(",\"pass\":"); out.append(pass ? "true" : "false"); out.append("}\n")
            } else {
                let s = out.count
                out.appendFixedText(v, decimals: 2)
                out.alignRight(from: s, width: 8)
                out.append(pass ? "  pass  " : "  FAIL  ")
                // Labels come from the input files: control characters (terminal escapes) are shown, not sent.
                out.append(Format.visible(t.name)); if t.label != nil { out.append(" ("); out.append(Format.visible(t.text)); out.append(")") }
                out.append(" on ")
                out.append(Format.visible(b.name)); if b.label != nil { out.append(" ("); out.append(Format.visible(b.text)); out.append(")") }
                out.append("  level "); out.append(ByteText.trimmed(p.level, 4)); out.append("\n")
            }
            if !pass {
                failed += 1
                if listPath != nil {
                    if listJSON {
                        list.append(failed == 1 ? "\n" : ",\n")
                        list.append("{\"text\":"); list.appendJSONString(t.name); list.append(",\"text_css\":"); list.appendJSONString(t.text)
                        list.append(",\"background\":"); list.appendJSONString(b.name); list.append(",\"background_css\":"); list.appendJSONString(b.text)
                        list.append(",\"value\":"); list.appendJSONNumber(v); list.append(",\"misses\":"); list.appendJSONNumber(p.level); list.append("}")
                    } else {
                        list.append(MatrixWriter.csvField(t.name)); list.append(","); list.append(MatrixWriter.csvField(t.text)); list.append(",")
                        list.append(MatrixWriter.csvField(b.name)); list.append(","); list.append(MatrixWriter.csvField(b.text)); list.append(",")
                        list.appendShortest(v); list.append(","); list.appendShortest(p.level); list.append("\n")
                    }
                }
            }
        }
        if let l = listPath {
            if listJSON { list.append(failed == 0 ? "]\n" : "\n]\n") }
            try AtomicFile.write(Array(list.buffer), to: l)
        }
        if let e = out.write(to: 1) { throw UsageError("cannot write standard output: \(e)") }
        let seen = cvd.map { " as \($0.type.rawValue) vision sees them (severity \(ByteText.trimmed($0.severity, 2)), --cvd)" } ?? ""
        Output.error("huebench matrix: \(pairs.count) pair\(pairs.count == 1 ? "" : "s")\(seen), \(pairs.count - failed) pass, \(failed) below their level"
                     + (listPath.map { failed > 0 ? "; written to \($0)" : "" } ?? ""))
        return failed > 0 ? ExitStatus.someFailed : ExitStatus.ok
    }
}
