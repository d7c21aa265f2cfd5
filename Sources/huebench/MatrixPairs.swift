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

    /// A pair: its two colors as indices into the run's color table (`PairColors.colors`), its level and line.
    struct Pair {
        var text: Int32, background: Int32
        var level: Double
        var line: Int
    }

    /// The colors the pairs name, each once, and how each side's text resolves to one of them. A side's text is
    /// looked up once per distinct text and role: a pair file of a million lines naming a few thousand labels
    /// holds two indices per pair, not two copies of each color.
    final class PairColors {
        /// The colors pairs use, in order of first use.
        private(set) var colors: [LabelledColor] = []
        /// The label entries of --text and --background (`labels[option]` maps a label to an index into
        /// `entries`, or to −1 − k for `messages[k]`: a label given to two different colors in that file).
        private var entries: [LabelledColor] = []
        private var labels: [String: [String: Int32]] = ["text": [:], "background": [:]]
        /// `table[k]`: the index in `colors` of `entries[k]` once a pair uses it, else −1.
        private var table: [Int32] = []
        private var messages: [String] = []
        /// Per role (0: a text side, looked up in --text first; 1: a background side, --background first): each
        /// distinct side text's outcome, a color index or −1 − k for `messages[k]`. Failures are kept for the
        /// first `failureCacheLimit` distinct texts only (the message is made again past that).
        private var seen: [[String: Int32]] = [[:], [:]]
        private var failuresCached = 0
        static let failureCacheLimit = 1 << 16
        let wb = Workbench.standard
        let origin: String

        init(origin: String) { self.origin = origin }

        /// Adds the labelled entries of one input (`option`: "text" or "background").
        func addLabels(_ list: [LabelledColor], option: String) {
            var map = labels[option] ?? [:]
            for e in list {
                guard let l = e.label else { continue }
                if let k = map[l] {
                    // A label given to two different colors in one file names neither.
                    if k >= 0, entries[Int(k)].color != e.color {
                        messages.append("'\(ColorCoreError.excerpt(l))' names two different colors (\(entries[Int(k)].location) and \(e.location)); rename one of them or write the color itself")
                        map[l] = Int32(-messages.count)
                    }
                    continue
                }
                map[l] = Int32(entries.count)
                entries.append(e)
                table.append(-1)
            }
            labels[option] = map
        }

        /// The color a side's text names — a label of the role's first file, else of the other, else a CSS color —
        /// as an index into `colors`, or the message saying why it names none.
        func resolve(_ f: String, role: Int, line: Int) -> Result<Int32, PairProblem> {
            if let k = seen[role][f] { return k >= 0 ? .success(k) : .failure(PairProblem(messages[Int(-1 - k)])) }
            let order = role == 0 ? ["text", "background"] : ["background", "text"]
            var outcome: Int32
            if let k = labels[order[0]]![f] ?? labels[order[1]]![f] {
                if k < 0 { outcome = k } else {
                    if table[Int(k)] < 0 { table[Int(k)] = Int32(colors.count); colors.append(entries[Int(k)]) }
                    outcome = table[Int(k)]
                }
            } else if let c = try? wb.parse(f) {
                do {
                    colors.append(LabelledColor(label: nil, text: f, color: try ColorListReader.finite(c, wb), origin: origin, line: line))
                    outcome = Int32(colors.count - 1)
                } catch {
                    messages.append("\(error)")
                    outcome = Int32(-messages.count)
                }
            } else {
                messages.append("'\(ColorCoreError.excerpt(f))' is neither a label of --text/--background nor a CSS color")
                outcome = Int32(-messages.count)
            }
            if outcome >= 0 || failuresCached < Self.failureCacheLimit {
                seen[role][f] = outcome
                if outcome < 0 { failuresCached += 1 }
                return outcome >= 0 ? .success(outcome) : .failure(PairProblem(messages[Int(-1 - outcome)]))
            }
            // Past the cache's limit a failure's message is not kept.
            return .failure(PairProblem(messages.removeLast()))
        }

        /// Maps the colors into `gamut` (or warns about those outside sRGB) and simulates `cvd` on them.
        func prepare(gamut: ColorSpaceID?, cvd: CVDSimulation?, source: String) throws -> [Color] {
            MatrixCommand.applyGamut(&colors, gamut: gamut, source: source)
            return try colors.map { try cvd?.simulate($0.color, workbench: wb) ?? $0.color }
        }
    }

    /// Bytes made once per color and appended to many rows: color k's are `bytes[ends[k − 1]..<ends[k]]`.
    struct Fragments {
        private var bytes: [UInt8] = [], ends: [Int] = []
        init(_ colors: [LabelledColor], _ fill: (LabelledColor, ByteText) -> Void) {
            let part = ByteText(capacity: 256)
            for c in colors {
                part.removeAll(); fill(c, part)
                bytes.append(contentsOf: part.buffer); ends.append(bytes.count)
            }
        }
        @inline(__always) func append(_ k: Int, to out: ByteText) {
            let start = k == 0 ? 0 : ends[k - 1]
            bytes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[start..<ends[k]])) }
        }
    }

    struct PairProblem: Error { let message: String; init(_ m: String) { message = m } }

    /// The most pairs one file may hold (24 bytes each in memory).
    static let maxPairs = 50_000_000

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
        let shown = pairsPath == "-" ? "standard input" : pairsPath
        let table = PairColors(origin: shown)
        for option in ["text", "background"] {
            guard let p = a.value(option) else { continue }
            if p == "-" && pairsPath == "-" {
                throw UsageError("--pairs and --\(option) cannot both read standard input ('-') (huebench matrix)")
            }
            // (Mapped, or counted outside sRGB, below: only the colors the pairs use.)
            table.addLabels(try MatrixCommand.readColors(p, context: context, skipInvalid: skip, mapping: false).entries, option: option)
        }
        // Every bad line is counted; the first `ColorListError.shown` are kept with their messages.
        var pairs: [Pair] = [], problems: [ColorListProblem] = [], problemCount = 0
        func problem(_ location: @autoclosure () -> String, _ message: @autoclosure () -> String) {
            problemCount += 1
            if problems.count < ColorListError.shown { problems.append(ColorListProblem(location: location(), message: message())) }
        }
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
        /// One pair line's fields (TEXT, BACKGROUND and maybe LEVEL), trimmed as `.whitespaces` trims them: on the
        /// bytes for an ASCII line, through `String` otherwise. nil for a blank or comment line.
        func fields(_ line: UnsafeBufferPointer<UInt8>) -> [String]? {
            @inline(__always) func blankOrComment(_ t: String) -> Bool {
                t.isEmpty || t == "#" || t.hasPrefix("# ") || t.hasPrefix("//")
            }
            guard line.allSatisfy({ $0 < 0x80 }) else {
                let raw = String(decoding: line, as: UTF8.self)
                if blankOrComment(raw.trimmingCharacters(in: .whitespaces)) { return nil }
                return raw.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            }
            @inline(__always) func trimmed(_ lo: Int, _ hi: Int) -> String {
                var lo = lo, hi = hi
                while lo < hi && (line[lo] == 0x20 || line[lo] == 0x09) { lo += 1 }
                while hi > lo && (line[hi - 1] == 0x20 || line[hi - 1] == 0x09) { hi -= 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: line[lo..<hi]), as: UTF8.self)
            }
            if blankOrComment(trimmed(0, line.count)) { return nil }
            var out: [String] = [], start = 0
            for i in 0..<line.count where line[i] == 0x09 { out.append(trimmed(start, i)); start = i + 1 }
            out.append(trimmed(start, line.count))
            return out
        }
        do {
            while try reader.nextBatch(maxLines: 4096) {
                try reader.data.withUnsafeBufferPointer { data in
                    for (k, r) in reader.lines.enumerated() {
                        let number = reader.firstLineNumber + k
                        guard let fields = fields(UnsafeBufferPointer(rebasing: data[r])) else { continue }
                        guard fields.count == 2 || fields.count == 3 else {
                            problem("\(shown):\(number)", "expected TEXT<TAB>BACKGROUND[<TAB>LEVEL], got \(fields.count) field\(fields.count == 1 ? "" : "s")")
                            continue
                        }
                        var sides: [Int32] = []
                        for (role, f) in fields.prefix(2).enumerated() {
                            switch table.resolve(f, role: role, line: number) {
                            case .success(let k): sides.append(k)
                            case .failure(let p): problem("\(shown):\(number)", p.message)
                            }
                        }
                        var lv = below ?? defaultLevel(method)
                        if fields.count == 3 {
                            guard let v = level(fields[2], method: method) else {
                                problem("\(shown):\(number)", "level '\(ColorCoreError.excerpt(fields[2]))' is not a number\(method.id == "wcag21" ? " or AA, AAA, AA-large, AAA-large" : "")")
                                continue
                            }
                            lv = v
                        }
                        if sides.count == 2 {
                            // 24 bytes a pair: a file of 10⁸ lines is refused before it takes gigabytes.
                            guard pairs.count < Self.maxPairs else {
                                throw UsageError("'\(ColorCoreError.excerpt(shown))' holds more than \(Self.maxPairs) pairs; split it, or stream the pairs through `huebench contrast` (huebench matrix)")
                            }
                            pairs.append(Pair(text: sides[0], background: sides[1], level: lv, line: number))
                        }
                    }
                }
            }
        } catch let e as LineTooLongError { throw UsageError("\(e) (huebench matrix)") }
        if problemCount > 0 {
            if !skip { throw ColorListError(source: shown, problems: problems, total: problemCount) }
            Output.error("huebench matrix: skipped \(problemCount) invalid pair line\(problemCount == 1 ? "" : "s") of \(shown) (--skip-invalid); the first: \(problems[0])")
        }
        guard !pairs.isEmpty else {
            throw UsageError("'\(shown)' holds no pairs; write TEXT<TAB>BACKGROUND[<TAB>LEVEL] per line (huebench matrix)")
        }
        // Gamut mapping and --cvd act on each color once (after any mapping, both colors of a pair as the
        // deficiency sees them); rows keep the colors as written.
        let simulated = try table.prepare(gamut: gamut, cvd: cvd, source: "\(shown)'s pairs")
        let colors = table.colors
        let buffer = try ColorBuffer(simulated, space: .srgb)
        let matrix = try ContrastMatrix(method: method, text: buffer, background: buffer, textColors: simulated, backgroundColors: simulated, alpha: alpha)
        let json = a.has("json")
        let listJSON = listPath?.lowercased().hasSuffix(".json") ?? false
        // The parts of a row that belong to a color, escaped once per color: the text row's `name (css)`, the
        // JSON members' string literals, the CSV fields.
        let rowName = Fragments(colors) { c, part in
            // Labels come from the input files: control characters (terminal escapes) are shown, not sent.
            part.append(Format.visible(c.name)); if c.label != nil { part.append(" ("); part.append(Format.visible(c.text)); part.append(")") }
        }
        let jsonName = Fragments(json || listJSON ? colors : []) { c, part in part.appendJSONString(c.name) }
        let jsonCSS = Fragments(json || listJSON ? colors : []) { c, part in part.appendJSONString(c.text) }
        let csvPart = Fragments(listPath != nil && !listJSON ? colors : []) { c, part in
            part.append(Escape.csvField(c.name)); part.append(","); part.append(Escape.csvField(c.text)); part.append(",")
        }
        // Rows go out in blocks as they are made; the list is written to its temp file as it grows and renamed
        // into place at the end.
        let out = ByteText(capacity: 1 << 20 + 4096)
        let list = ByteText(capacity: 1 << 16)
        let file = try listPath.map { try AtomicFileWriter(path: $0) }
        var failed = 0
        do {
            if file != nil { list.append(listJSON ? "[" : "text,text_css,background,background_css,value,misses\n") }
            for p in pairs {
                let t = Int(p.text), b = Int(p.background)
                let v = matrix.reference(t, b)
                let pass = Swift.abs(v) >= p.level
                if json {
                    out.append("{\"line\":"); out.appendInt(p.line)
                    out.append(",\"text\":"); jsonName.append(t, to: out); out.append(",\"text_css\":"); jsonCSS.append(t, to: out)
                    out.append(",\"background\":"); jsonName.append(b, to: out); out.append(",\"background_css\":"); jsonCSS.append(b, to: out)
                    out.append(",\"value\":"); out.appendJSONNumber(v); out.append(",\"level\":"); out.appendJSONNumber(p.level)
                    out.append(",\"pass\":"); out.append(pass ? "true" : "false"); out.append("}\n")
                } else {
                    let s = out.count
                    out.appendFixedText(v, decimals: 2)
                    out.alignRight(from: s, width: 8)
                    out.append(pass ? "  pass  " : "  FAIL  ")
                    rowName.append(t, to: out); out.append(" on "); rowName.append(b, to: out)
                    out.append("  level "); out.append(ByteText.trimmed(p.level, 4)); out.append("\n")
                }
                if out.count >= 1 << 20 {
                    if let e = out.write(to: 1) { throw UsageError("cannot write standard output: \(e)") }
                    out.removeAll()
                }
                guard !pass else { continue }
                failed += 1
                guard let file else { continue }
                if listJSON {
                    list.append(failed == 1 ? "\n" : ",\n")
                    list.append("{\"text\":"); jsonName.append(t, to: list); list.append(",\"text_css\":"); jsonCSS.append(t, to: list)
                    list.append(",\"background\":"); jsonName.append(b, to: list); list.append(",\"background_css\":"); jsonCSS.append(b, to: list)
                    list.append(",\"value\":"); list.appendJSONNumber(v); list.append(",\"misses\":"); list.appendJSONNumber(p.level); list.append("}")
                } else {
                    csvPart.append(t, to: list); csvPart.append(b, to: list)
                    list.appendShortest(v); list.append(","); list.appendShortest(p.level); list.append("\n")
                }
                if list.count >= 1 << 20 { try file.write(UnsafeRawBufferPointer(list.buffer)); list.removeAll() }
            }
            if let e = out.write(to: 1) { throw UsageError("cannot write standard output: \(e)") }
            if let file {
                if listJSON { list.append(failed == 0 ? "]\n" : "\n]\n") }
                try file.write(UnsafeRawBufferPointer(list.buffer))
                try file.commit()
            }
        } catch {
            file?.abandon()
            throw error
        }
        let seen = cvd.map { " as \($0.type.rawValue) vision sees them (severity \(ByteText.trimmed($0.severity, 2)), --cvd)" } ?? ""
        Output.error("huebench matrix: \(pairs.count) pair\(pairs.count == 1 ? "" : "s")\(seen), \(pairs.count - failed) pass, \(failed) below their level"
                     + (listPath.map { failed > 0 ? "; written to \($0)" : "" } ?? ""))
        return failed > 0 ? ExitStatus.someFailed : ExitStatus.ok
    }
}
