#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ColorCore
import ColorIO
import Foundation

/// One color read from a list, with its name when the input gives one.
public struct LabelledColor: Sendable {
    /// The name: the label before a TAB, a CSS custom property (`--brand-500`), or a token's dotted path
    /// (`color.text.primary`); nil for a bare color line.
    public var label: String?
    /// The color as written (CSS text, or the token's value as CSS).
    public var text: String
    public var color: Color
    /// The file of a text list (one string shared by all its lines), or `file: token.path` for a token.
    public var origin: String
    /// The 1-based line in a text file (0 for token files).
    public var line: Int

    /// Where it came from: `file:line` for text files, `file: token.path` for token files (made when asked for,
    /// not stored per line).
    public var location: String { line > 0 ? "\(origin):\(line)" : origin }

    /// The label, or the color text when there is none.
    public var name: String { label ?? text }

    public init(label: String?, text: String, color: Color, origin: String, line: Int) {
        self.label = label; self.text = text; self.color = color; self.origin = origin; self.line = line
    }
}

/// One entry of a color list that could not be read.
public struct ColorListProblem: Sendable, CustomStringConvertible {
    public var location: String
    public var message: String
    /// One line: a file name with a newline or a terminal escape is shown as `\u{A}`, `\u{1B}` (`Escape.terminal`).
    public var description: String { "\(Escape.terminal(location)): \(message)" }
    public init(location: String, message: String) { self.location = location; self.message = message }
}

/// Every bad entry of a color list at once (the first 20 shown, then a count of the rest).
public struct ColorListError: Error, CustomStringConvertible, Sendable {
    public var source: String
    /// The problems kept (a reader that meets millions keeps the first `shown` and counts the rest in `total`).
    public var problems: [ColorListProblem]
    /// How many entries were bad in all (at least `problems.count`).
    public var total: Int
    public static let shown = 20
    public init(source: String, problems: [ColorListProblem], total: Int? = nil) {
        self.source = source; self.problems = problems; self.total = Swift.max(total ?? problems.count, problems.count)
    }
    public var description: String {
        var s = "\(total) invalid \(total == 1 ? "entry" : "entries") in \(Escape.terminal(source)):"
        for p in problems.prefix(Self.shown) { s += "\n  " + p.description }
        if total > Self.shown { s += "\n  … and \(total - Swift.min(Self.shown, problems.count)) more" }
        return s + "\nfix them, or pass --skip-invalid to compute with the valid ones"
    }
}

/// Reads lists of (optionally named) colors: the inputs of `huebench matrix`, the streaming commands and
/// `hb.load_colors`.
///
/// Formats, detected from the content:
/// - **Lines** (`.txt`, `.css`, standard input): one entry per line — a CSS color; `label<TAB>color`; or a CSS
///   custom property declaration `--brand-500: #00b386;` (label `--brand-500`). Blank lines, comment lines
///   (`/* … */`, `//`), and CSS structure lines (`:root {`, `}`, `@media … {`) are skipped. Lines longer than
///   1 MiB stop the read (`LineTooLongError`).
/// - **DTCG 2025.10 token files** (JSON): every token whose `$type` (its own or inherited from a group) is
///   `color`, named by its dotted path; `$value` a color object (`colorSpace`, `components` with `"none"`,
///   `alpha`; each number checked against the Color Module's range for its space, `DTCGTree.componentRanges`,
///   and reported with the token's path when outside it) or a string (legacy `#hex` or any CSS color); aliases `{group.token}` resolved (chains too,
///   cycles reported); `$root` tokens named by their group. https://www.designtokens.org/tr/2025.10/format/
/// - **DTCG resolver files** (`*.resolver.json`, e.g. Huebench's `tokens/huebench.resolver.json`, or a folder
///   holding one): the sources of `resolutionOrder` merged in order, a modifier's context chosen by `context`
///   (`dark`, `light-high-contrast`…; default: the modifier's `default`).
///
/// Values may use `light-dark(<light>, <dark>)` (CSS Color 5) and, in custom-property lists, `var(--name)` /
/// `var(--name, fallback)` naming a property declared earlier in the same file (Huebench's own CSS output reads
/// back this way). A `light-dark()` value gives the color of `context`'s appearance (`light…` or `dark…`), or
/// without a context two entries, labelled `name@light` and `name@dark`.
///
/// All bad entries are collected (`problems`); callers either fail with `ColorListError` or skip them.
public enum ColorListReader {
    /// Largest token or resolver file read (JSON is read whole). Real token files are far smaller (a design
    /// system with thousands of tokens is a few MiB); a larger input is refused before it is parsed.
    public static let maxJSONBytes = 16 << 20

    /// A hook for memory budgets: called with the bytes a read has come to hold since the last call (the file's
    /// text, the parsed token tree, the colors read — estimates), at least once per 64 KiB of input; it throws to
    /// stop the read (e.g. a script's memory limit).
    public typealias Charge = (Int) throws -> Void

    /// Reads `path` (`-`: standard input). `context` selects a resolver modifier's context.
    /// - Throws: `ColorListReadError` for a missing, unreadable, malformed or too large file (one line naming
    ///   it), `LineTooLongError`, `DeadlineExceeded`, or what `charge` throws.
    /// - Parameter source: how messages name the file (default: `path`).
    /// - Parameter deadline: polled once per batch of 4,096 lines, per 64 KiB of JSON and per 4,096 tokens; an
    ///   expired deadline throws `DeadlineExceeded`.
    public static func read(path: String, context: String? = nil, workbench: Workbench = .standard,
                            source: String? = nil, deadline: Deadline? = nil,
                            charge: Charge? = nil) throws -> (colors: [LabelledColor], problems: [ColorListProblem]) {
        let limits = Limits(deadline: deadline, charge: charge)
        if path == "-" { return try readDescriptor(0, source: "standard input", context: context, workbench: workbench, limits: limits) }
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw ColorListReadError(path: path, reason: errno == ENOENT ? "no such file; check the path" : String(cString: strerror(errno)))
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            let resolver = PathText.join(path, DTCGResolver.defaultName)
            guard access(resolver, F_OK) == 0 else {
                throw ColorListReadError(path: path, reason: "it is a folder without \(DTCGResolver.defaultName); give a file of colors or a token file")
            }
            return try readResolver(resolver, context: context, workbench: workbench, limits: limits)
        }
        // A device (/dev/urandom, /dev/zero) never ends: its lines would be collected until memory runs out.
        // Pipes, terminals and /dev/null are read as standard input is.
        let kind = st.st_mode & S_IFMT
        var null = stat()
        let isNull = kind == S_IFCHR && stat("/dev/null", &null) == 0 && null.st_rdev == st.st_rdev
        if (kind == S_IFBLK || kind == S_IFCHR) && !isNull {
            let tty = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
            let isTerminal = tty >= 0 && isatty(tty) == 1
            if tty >= 0 { close(tty) }
            guard isTerminal else {
                throw ColorListReadError(path: path, reason: "it is a device, whose data does not end; give a file of colors, or '-' to read standard input")
            }
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ColorListReadError(path: path, reason: String(cString: strerror(errno)) + "; check the permissions") }
        defer { close(fd) }
        return try readDescriptor(fd, source: source ?? path, context: context, workbench: workbench, limits: limits)
    }

    /// Reads an open descriptor: JSON when its first non-blank byte is `{`, lines otherwise.
    public static func readDescriptor(_ fd: Int32, source: String, context: String? = nil,
                                      workbench: Workbench = .standard, deadline: Deadline? = nil,
                                      charge: Charge? = nil) throws -> (colors: [LabelledColor], problems: [ColorListProblem]) {
        try readDescriptor(fd, source: source, context: context, workbench: workbench, limits: Limits(deadline: deadline, charge: charge))
    }

    /// The deadline and memory hook of one read, and what it has charged.
    final class Limits {
        let deadline: Deadline?
        let charge: Charge?
        init(deadline: Deadline?, charge: Charge?) { self.deadline = deadline; self.charge = charge }
        func check() throws { try deadline?.check() }
        func add(_ bytes: Int) throws { if bytes > 0, let charge { try charge(bytes) } }
        /// Rough bytes one read color holds (the entry, and its strings when they do not fit inline; a text
        /// list's lines share their file name).
        static func cost(_ c: LabelledColor) -> Int {
            func heap(_ s: String?) -> Int { guard let n = s?.utf8.count, n > 15 else { return 0 }; return n + 32 }
            return MemoryLayout<LabelledColor>.stride + heap(c.label) + heap(c.text) + (c.line > 0 ? 0 : heap(c.origin))
        }
    }

    static func readDescriptor(_ fd: Int32, source: String, context: String?, workbench: Workbench, limits: Limits) throws
        -> (colors: [LabelledColor], problems: [ColorListProblem]) {
        // Look at the start of the input: JSON when its first non-blank byte is `{`.
        var head: [UInt8] = []
        var firstByte: UInt8? = nil, bomChecked = false
        while firstByte == nil && head.count < LineBlockReader.defaultMaxLineBytes {
            let chunk = try readChunk(fd, source: source, max: 1 << 16)
            if chunk.isEmpty { break }
            head += chunk
            // A UTF-8 byte order mark (editors on Windows write one) is not part of the text.
            if !bomChecked && head.count >= 3 {
                bomChecked = true
                if head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF { head.removeFirst(3) }
            }
            firstByte = head.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        }
        if firstByte == 0x7B { return try readJSON(fd, head: head, source: source, context: context, workbench: workbench, limits: limits) }

        let reader = LineBlockReader(fd: fd, source: source, prefix: head)
        var colors: [LabelledColor] = [], problems: [ColorListProblem] = []
        var vars: [String: String] = [:]
        let scheme = try Self.appearance(context, source: source)
        let quick = QuickLines(workbench: workbench)
        while try reader.nextBatch(maxLines: 4096) {
            try limits.check()
            let before = colors.count
            let first = reader.firstLineNumber
            reader.data.withUnsafeBufferPointer { data in
                for (i, r) in reader.lines.enumerated() {
                    let n = first + i
                    if quick.read(data, r, number: n, source: source, vars: &vars, into: &colors) { continue }
                    let line = String(decoding: UnsafeBufferPointer(rebasing: data[r]), as: UTF8.self)
                    readLine(line, number: n, source: source, workbench: workbench, scheme: scheme, vars: &vars,
                             into: &colors, problems: &problems, finite: quick.finite)
                }
            }
            if limits.charge != nil { try limits.add(colors[before...].reduce(0) { $0 + Limits.cost($1) }) }
        }
        return (colors, problems)
    }

    /// One `read(2)` of at most `max` bytes ([] at the end of the input).
    static func readChunk(_ fd: Int32, source: String, max: Int) throws -> [UInt8] {
        var buf = [UInt8](repeating: 0, count: max)
        while true {
            let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, max) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ColorListReadError(path: source, reason: String(cString: strerror(errno)))
            }
            buf.removeLast(max - n)
            return buf
        }
    }

    /// The error for a token file over `maxJSONBytes` (`size`: its size when known).
    static func tooLarge(_ source: String, size: Int?) -> ColorListReadError {
        let limit = maxJSONBytes >> 20
        let what = size.map { String(format: "%.1f MiB", Double($0) / 1048576) } ?? "more than \(limit) MiB"
        return ColorListReadError(path: source, reason: "the token file is \(what); token files are read up to \(limit) MiB — split it into several files and list them in a resolver (huebench.resolver.json)")
    }

    /// Reads the rest of a JSON input (after `head`), up to `maxJSONBytes`, then parses it with the limits.
    static func readJSON(_ fd: Int32, head: [UInt8], source: String, context: String?, workbench: Workbench, limits: Limits) throws
        -> (colors: [LabelledColor], problems: [ColorListProblem]) {
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) > maxJSONBytes {
            throw tooLarge(source, size: Int(st.st_size))
        }
        var bytes = head
        try limits.add(head.count)
        while true {
            try limits.check()
            let chunk = try readChunk(fd, source: source, max: 1 << 20)
            if chunk.isEmpty { break }
            guard bytes.count + chunk.count <= maxJSONBytes else { throw tooLarge(source, size: nil) }
            bytes += chunk
            try limits.add(chunk.count)
        }
        var json = try parseJSON(bytes, source: source, limits: limits)
        bytes = []
        if let obj = json as? [String: Any], obj["resolutionOrder"] != nil {
            json = NSNull()
            let folder = source == "standard input" ? "." : PathText.parent(source)
            return try DTCGResolver.resolve(obj, folder: folder, source: source, context: context, workbench: workbench, limits: limits)
        }
        var tree = DTCGTree(limits: limits)
        tree.scheme = try appearance(context, source: source)
        // The tree is freed in the background, whether the read finished or stopped at its limits.
        defer {
            TokenJSONParser.discard(&json, replacingWith: NSNull())
            TokenJSONParser.discard(&tree, replacingWith: DTCGTree())
        }
        try tree.merge(json, file: source)
        return try tree.colors(workbench: workbench)
    }

    /// Parses token-file JSON, polling the deadline and charging the tree as it is built.
    static func parseJSON(_ bytes: [UInt8], source: String, limits: Limits) throws -> Any {
        do {
            return try TokenJSONParser.parse(bytes) { built in
                try limits.check()
                try limits.add(built)
            }
        } catch let e as TokenJSONParser.Failure {
            throw ColorListReadError(path: source, reason: "not valid JSON (\(e.message))")
        }
    }

    static func readResolver(_ path: String, context: String?, workbench: Workbench, limits: Limits) throws
        -> (colors: [LabelledColor], problems: [ColorListProblem]) {
        let fd = try openRegular(path, what: "this resolver")
        defer { close(fd) }
        return try readDescriptor(fd, source: path, context: context, workbench: workbench, limits: limits)
    }

    /// Opens a file a resolver (or a folder) names: without blocking (a pipe would block `open` itself), and only
    /// a regular file (a device never ends).
    static func openRegular(_ path: String, what: String) throws -> Int32 {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw ColorListReadError(path: path, reason: "cannot read \(what) (\(String(cString: strerror(errno))))")
        }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw ColorListReadError(path: path, reason: "\(what) is not a regular file (a pipe, device or socket)")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// Splits one text line into label and color text; nil for a line to skip.
    public static func split(_ raw: String) -> (label: String?, color: String)? {
        split(Substring(raw)).map { ($0.label.map(String.init), String($0.color)) }
    }

    /// `split` on a slice (no copies until the caller keeps the parts): `#`, `//` and `/* */` comments and CSS
    /// structure lines skipped, `--name: value;` declarations, `LABEL<TAB>COLOR` lines, or the color alone.
    static func split(_ raw: Substring) -> (label: Substring?, color: Substring)? {
        let line = LineText.trimmed(raw)
        if line.isEmpty || line.hasPrefix("/*") || line.hasPrefix("//") || line == "}" || line.hasSuffix("{") { return nil }
        // A trailing `/* … */` comment after a declaration or color.
        if line.hasSuffix("*/"), let r = LineText.find("/*", in: line) {
            let before = LineText.trimmed(line[..<r])
            return before.isEmpty ? nil : split(before)
        }
        // `#` comments: a line `# …` (or just `#`), or ` # …` after the color (a `#` followed by a space, a TAB
        // or the end of the line; `#1a1a1a` is a color).
        if line == "#" || line.hasPrefix("# ") || line.hasPrefix("#\t") { return nil }
        if let r = LineText.find(" # ", in: line) ?? LineText.find(" #\t", in: line)
            ?? (line.hasSuffix(" #") ? line.utf8.index(line.endIndex, offsetBy: -2) : nil) {
            let before = LineText.trimmed(line[..<r])
            return before.isEmpty ? nil : split(before)
        }
        if line.hasPrefix("--"), let colon = line.utf8.firstIndex(of: 0x3A) {
            let name = LineText.trimmed(line[..<colon])
            var value = LineText.trimmed(line[line.index(after: colon)...])
            if value.hasSuffix(";") { value.removeLast() }
            if value.hasSuffix("}") { value.removeLast(); value = LineText.trimmed(value); if value.hasSuffix(";") { value.removeLast() } }
            if LineText.hasSuffixIgnoringASCIICase(value, "!important") { value.removeLast(10) }
            return (name, LineText.trimmed(value))
        }
        if let tab = raw.utf8.firstIndex(of: 0x09) {
            let rest = raw[raw.utf8.index(after: tab)...]
            if !rest.utf8.contains(0x09) {
                let label = LineText.trimmed(raw[..<tab])
                return (label.isEmpty ? nil : label, LineText.trimmed(rest))
            }
        }
        return (nil, line)
    }

    /// The appearance a context selects for `light-dark()` values (`dark`, `dark-high-contrast` → dark;
    /// `light…` → light); nil reads both.
    static func scheme(_ context: String?) -> CSSColorScheme? {
        guard let c = context?.lowercased() else { return nil }
        if c.hasPrefix("dark") { return .dark }
        if c.hasPrefix("light") { return .light }
        return nil
    }

    /// `scheme(context)` for a color list or token file, where a context can only pick an appearance: any other
    /// context (a typo such as `drak`) is refused rather than read as both appearances.
    static func appearance(_ context: String?, source: String) throws -> CSSColorScheme? {
        guard let context else { return nil }
        if let s = scheme(context) { return s }
        throw ColorListReadError(path: source, reason: "context '\(ColorCoreError.excerpt(context))' picks no appearance; in a color list or token file a context is light… or dark… (other contexts belong to a token resolver)")
    }

    /// The entries one color value gives: itself, or for a `light-dark()` value without a chosen scheme its two
    /// colors labelled `name@light` and `name@dark`.
    static func entries(_ text: String, label: String?, scheme: CSSColorScheme?, workbench: Workbench,
                        finite check: FiniteCheck? = nil) throws -> [(label: String?, color: Color)] {
        let check = check ?? FiniteCheck(workbench)
        if let scheme { return [(label, try check(workbench.parse(text, colorScheme: scheme)))] }
        guard LineText.containsIgnoringASCIICase(text, "light-dark") else { return [(label, try check(workbench.parse(text)))] }
        let both = try workbench.parseSchemes(text)
        let name = label ?? text
        return [(name + "@light", try check(both.light)), (name + "@dark", try check(both.dark))]
    }

    /// The color, if its conversion to XYZ is finite. A list's colors go on to contrast and ΔE in other spaces,
    /// where an overflow (sRGB 1e300 is ∞ in linear light; OKLCH chroma 1e300 gives inf − inf) would be a NaN
    /// read as a missing component, i.e. black, or an infinite ratio that passes every level: such an entry is a
    /// bad line like any other.
    public static func finite(_ c: Color, _ workbench: Workbench) throws -> Color {
        let xyz = try workbench.convert(Color(c.space, coords: c.coordsForConversion), to: .xyzD65).coords
        guard xyz.x.isFinite && xyz.y.isFinite && xyz.z.isFinite else {
            throw ColorListValueError(message: "'\(ColorCoreError.excerpt(workbench.serialize(c)))' has coordinates too large for \(c.space.rawValue) (its conversion to XYZ overflows); use coordinates of a displayable size")
        }
        return c
    }

    /// `text` with every `var(--name[, fallback])` replaced by the value `vars` holds (nested references too,
    /// at most 16 levels), or the fallback.
    static func substitute(_ text: String, vars: [String: String], depth: Int = 0) throws -> String {
        guard LineText.find("var(", in: Substring(text)) != nil else { return text }
        guard depth < 16 else { throw VarError(message: "var() references nested more than 16 levels deep (a cycle?)") }
        var out = "", rest = Substring(text)
        while let start = rest.range(of: "var(") {
            out += rest[..<start.lowerBound]
            var level = 1, i = start.upperBound, comma: String.Index? = nil
            while i < rest.endIndex && level > 0 {
                switch rest[i] {
                case "(": level += 1
                case ")": level -= 1
                case "," where level == 1 && comma == nil: comma = i
                default: break
                }
                if level > 0 { i = rest.index(after: i) }
            }
            guard level == 0 else { throw VarError(message: "missing ')' to close 'var('") }
            let name = rest[start.upperBound..<(comma ?? i)].trimmingCharacters(in: .whitespaces)
            if let value = vars[name] {
                out += try substitute(value, vars: vars, depth: depth + 1)
            } else if let comma {
                out += try substitute(rest[rest.index(after: comma)..<i].trimmingCharacters(in: .whitespaces), vars: vars, depth: depth + 1)
            } else {
                throw VarError(message: "var(\(name)) names no custom property declared earlier in this file")
            }
            rest = rest[rest.index(after: i)...]
        }
        return out + rest
    }

    struct VarError: Error, CustomStringConvertible { let message: String; var description: String { message } }

    static func readLine(_ raw: String, number: Int, source: String, workbench: Workbench,
                         scheme: CSSColorScheme? = nil, vars: inout [String: String],
                         into colors: inout [LabelledColor], problems: inout [ColorListProblem],
                         finite check: FiniteCheck? = nil) {
        guard let (labelPart, textPart) = split(Substring(raw)) else { return }
        let label = labelPart.map(String.init), text = String(textPart)
        let location = "\(source):\(number)"
        if LineText.count(0x09, in: Substring(raw)) > 1 {
            problems.append(ColorListProblem(location: location, message: "expected a color or LABEL<TAB>COLOR, got more than one TAB"))
            return
        }
        if let label, label.hasPrefix("--") { vars[label] = text }
        do {
            let value = try substitute(text, vars: vars)
            for e in try entries(value, label: label, scheme: scheme, workbench: workbench, finite: check) {
                colors.append(LabelledColor(label: e.label, text: text, color: e.color, origin: source, line: number))
            }
        } catch {
            problems.append(ColorListProblem(location: location, message: "\(error)"))
        }
    }
}

/// A file that cannot be read as a color list at all.
public struct ColorListReadError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "cannot read '\(ColorCoreError.excerpt(path))': \(reason)" }
}

/// DTCG token trees: merged from one or more files, flattened to dotted names, `$type` inherited, aliases
/// resolved.
struct DTCGTree {
    struct Token {
        var path: [String]
        var type: String?
        var value: Any
        var file: String
    }
    /// Tokens by dotted name, in first-seen order (a later file replaces a token's value, keeping its place).
    var tokens: [String: Token] = [:]
    var order: [String] = []
    /// The appearance `light-dark()` string values resolve to; nil gives both (`name@light`, `name@dark`).
    var scheme: CSSColorScheme?
    /// The read's deadline (polled per 4,096 groups and tokens) and memory hook (charged per token).
    let limits: ColorListReader.Limits
    private var visited = 0
    /// Color tokens whose names DTCG does not allow (left out of `tokens`).
    private var nameProblems: [ColorListProblem] = []
    /// Where each followed token's alias chain ends and in how many steps (so a chain is followed once, not once
    /// per token that reaches it).
    private var ends: [String: (end: End, steps: Int)] = [:]

    /// Longest alias chain followed (`{a}` → `{b}` → …).
    static let maxAliasDepth = 64

    init(limits: ColorListReader.Limits = .init(deadline: nil, charge: nil)) { self.limits = limits }

    mutating func merge(_ json: Any, file: String) throws {
        roots.append(json)
        try walk(json, path: [], inheritedType: nil, file: file)
    }

    /// The JSON of every file merged so far (where `$extends` targets are looked up; the latest wins).
    private var roots: [Any] = []
    /// Tokens read through `$extends` (each extension copies a group: chains of them could multiply a file).
    private var extendedTokens = 0
    static let maxExtendedTokens = 1 << 18

    /// The group `{a.b}` names in the files merged so far.
    func group(named target: String) -> [String: Any]? {
        for root in roots.reversed() {
            var node: Any? = root
            for part in target.split(separator: ".", omittingEmptySubsequences: false) { node = (node as? [String: Any])?[String(part)] }
            if let g = node as? [String: Any], g["$value"] == nil { return g }
        }
        return nil
    }

    /// A group with its `$extends` applied (DTCG 2025.10 group extension): the extended group (itself extended
    /// first), deep-merged with the group's own content, which wins; groups present in both are merged the same
    /// way. `chain` holds the groups being extended, to refuse cycles.
    func extended(_ obj: [String: Any], chain: [String]) throws -> [String: Any] {
        guard let ext = obj["$extends"] else { return obj }
        guard let ref = (ext as? String)?.trimmingCharacters(in: .whitespaces), ref.hasPrefix("{"), ref.hasSuffix("}") else {
            throw DTCGError(message: "\"$extends\" must name a group as {group.name}")
        }
        let target = String(ref.dropFirst().dropLast())
        if chain.contains(target) {
            throw DTCGError(message: "$extends cycle: " + (chain + [target]).map { "{\(ColorCoreError.excerpt($0))}" }.joined(separator: " → "))
        }
        guard chain.count <= Self.maxAliasDepth else {
            throw DTCGError(message: "$extends chain of more than \(Self.maxAliasDepth) groups; extend a group closer to its tokens")
        }
        guard let base = group(named: target) else {
            throw DTCGError(message: "$extends '{\(ColorCoreError.excerpt(target))}', which is not a group in the files read")
        }
        var out = try extended(base, chain: chain + [target])
        Self.deepMerge(&out, obj)
        out.removeValue(forKey: "$extends")
        return out
    }

    static func deepMerge(_ a: inout [String: Any], _ b: [String: Any]) {
        for (k, v) in b where k != "$extends" {
            if let bg = v as? [String: Any], bg["$value"] == nil, var ag = a[k] as? [String: Any], ag["$value"] == nil {
                a[k] = nil
                deepMerge(&ag, bg)
                a[k] = ag
            } else {
                a[k] = v
            }
        }
    }

    mutating func walk(_ node: Any, path: [String], inheritedType: String?, file: String, viaExtends: Bool = false) throws {
        guard var obj = node as? [String: Any] else { return }
        visited += 1
        if visited & 0xFFF == 0 { try limits.check() }
        var viaExtends = viaExtends
        if obj["$value"] == nil && obj["$extends"] != nil {
            do {
                obj = try extended(obj, chain: [path.joined(separator: ".")])
                viaExtends = true
            } catch let e as DTCGError {
                // The group's own tokens are still read; the problem says what is missing.
                obj.removeValue(forKey: "$extends")
                if ((obj["$type"] as? String) ?? inheritedType).map({ $0 == "color" }) ?? true {
                    nameProblems.append(ColorListProblem(location: "\(file): \(path.joined(separator: "."))", message: e.message))
                }
            }
        }
        let type = (obj["$type"] as? String) ?? inheritedType
        if let t = obj["$type"], !(t is String) {
            // DTCG: $type is a string; a group or token whose $type is anything else is reported (its tokens
            // still take the type they inherit).
            let at = path.isEmpty ? "(the file's top level)" : path.joined(separator: ".")
            nameProblems.append(ColorListProblem(location: "\(file): \(at)", message: "$type is \(Self.kind(of: t)), not a string; write a type name such as \"color\""))
        }
        if let value = obj["$value"] {
            let name = path.joined(separator: ".")
            if viaExtends {
                extendedTokens += 1
                guard extendedTokens <= Self.maxExtendedTokens else {
                    throw ColorListReadError(path: file, reason: "$extends groups expand to more than \(Self.maxExtendedTokens) tokens; extend fewer or smaller groups")
                }
            }
            // A name holding '.', '{' or '}' gives a dotted path another token may have too ({"a": {"b": …}} and
            // {"a.b": …}), and aliases to it are ambiguous: DTCG forbids them; such a color token is reported, not
            // read over the other one.
            if let bad = path.first(where: { $0.utf8.contains { $0 == 0x2E || $0 == 0x7B || $0 == 0x7D } }) {
                if type == "color" {
                    nameProblems.append(ColorListProblem(location: "\(file): \(name)", message: "the name '\(ColorCoreError.excerpt(bad))' contains '.', '{' or '}', which token names may not (DTCG 2025.10 §5.1.1: its dotted path and aliases to it are ambiguous); rename it"))
                }
                return
            }
            if tokens[name] == nil {
                order.append(name)
                try limits.add(MemoryLayout<Token>.stride + 2 * name.utf8.count + 16 * path.count + 96)
            }
            tokens[name] = Token(path: path, type: type, value: value, file: file)
            return
        }
        for key in obj.keys.sorted() where !key.hasPrefix("$") || key == "$root" {
            let child = key == "$root" ? path : path + [key]
            if key == "$root", let t = obj[key] as? [String: Any], t["$value"] != nil {
                try walk(t, path: child, inheritedType: type, file: file, viaExtends: viaExtends)
            } else if key != "$root" {
                try walk(obj[key]!, path: child, inheritedType: type, file: file, viaExtends: viaExtends)
            }
        }
    }

    /// The resolved color tokens, and a problem for each color token that does not resolve.
    mutating func colors(workbench: Workbench) throws -> (colors: [LabelledColor], problems: [ColorListProblem]) {
        var out: [LabelledColor] = [], problems: [ColorListProblem] = nameProblems
        let check = FiniteCheck(workbench)
        for (k, name) in order.enumerated() {
            if k & 0xFFF == 0xFFF {
                try limits.check()
                try limits.add(out[max(0, out.count - 4096)...].reduce(0) { $0 + ColorListReader.Limits.cost($1) })
            }
            guard let t = tokens[name] else { continue }
            let location = "\(t.file): \(name)"
            do {
                guard let (color, text, type) = try resolve(name, seen: []) else {
                    // A color token whose alias ends at a token of another type was left out without a word.
                    if t.type == "color", let alias = t.value as? String {
                        problems.append(ColorListProblem(location: location, message: "alias '\(ColorCoreError.excerpt(alias.trimmingCharacters(in: .whitespaces)))' leads to a token whose $type is not color; point it at a color token"))
                    }
                    continue
                }
                if type != nil && type != "color" { continue }
                if type == nil && t.type == nil { continue }
                let values = LineText.containsIgnoringASCIICase(text, "light-dark")
                    ? try ColorListReader.entries(text, label: name, scheme: scheme, workbench: workbench, finite: check)
                    : [(label: Optional(name), color: try check(color))]
                for v in values {
                    out.append(LabelledColor(label: v.label, text: text, color: v.color, origin: location, line: 0))
                }
            } catch let e as DTCGError {
                // Typed color tokens and aliases report; untyped non-alias values are not color tokens.
                if t.type == "color" || (t.value as? String)?.hasPrefix("{") == true {
                    problems.append(ColorListProblem(location: location, message: e.message))
                }
            } catch {
                problems.append(ColorListProblem(location: location, message: "\(error)"))
            }
        }
        return (out, problems)
        // (Tokens of other types are left out silently.)
    }

    struct DTCGError: Error { let message: String }

    /// Follows aliases to a value; returns (color, CSS text, type) or nil for a non-color token. Chains of more
    /// than `maxAliasDepth` aliases are refused.
    mutating func resolve(_ name: String, seen: [String] = []) throws -> (Color, String, String?)? {
        let r = try follow(name)
        guard seen.count + r.steps <= Self.maxAliasDepth else { throw tooLong(seen.first ?? name) }
        switch r.end {
        case .value(let v): return v
        case .failure(let message): throw DTCGError(message: message)
        }
    }

    private func tooLong(_ name: String) -> DTCGError {
        DTCGError(message: "alias chain of more than \(Self.maxAliasDepth) aliases from {\(ColorCoreError.excerpt(name))}; point the alias closer to its color")
    }

    /// Where following a token's aliases ends: a value (nil for a non-color token) or the problem the chain ends
    /// in (a missing target, a bad value, a cycle), and the number of alias steps to it.
    enum End { case value((Color, String, String?)?), failure(String) }

    /// Walks `name`'s alias chain without recursion and remembers where every token on it ends, so each token is
    /// followed once however long the chains are (a file of 10⁵ chained aliases reads in linear time). Cycles
    /// of more than `maxAliasDepth` tokens are reported as too long, not listed.
    private mutating func follow(_ name: String) throws -> (end: End, steps: Int) {
        var chain: [String] = [], onChain: [String: Int] = [:]
        var current = name
        var tail: (end: End, steps: Int)
        walk: while true {
            if let r = ends[current] { tail = r; break }
            guard let t = tokens[current] else {
                tail = (.failure("alias to '{\(ColorCoreError.excerpt(current))}', which is not a token in the files read"), 0)
                break
            }
            if let k = onChain[current] {
                // A cycle: its members each report it from themselves; tokens leading into it report it too.
                let cycle = Array(chain[k...])
                for (m, member) in cycle.enumerated() {
                    let message = cycle.count > Self.maxAliasDepth
                        ? tooLong(member).message
                        : "alias cycle: " + (cycle[m...] + cycle[..<m] + [member]).map { "{\(ColorCoreError.excerpt($0))}" }.joined(separator: " → ")
                    ends[member] = (.failure(message), 0)
                }
                chain.removeLast(cycle.count)
                tail = ends[current]!
                break
            }
            if t.type != nil && t.type != "color" { tail = (.value(nil), 0); break }
            if let s = t.value as? String {
                let trimmed = s.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("{") && trimmed.hasSuffix("}") {
                    onChain[current] = chain.count
                    chain.append(current)
                    current = String(trimmed.dropFirst().dropLast())
                    // `{group.$root}` names the group's `$root` token, which is read under the group's name.
                    if current == "$root" { current = "" }
                    else if current.hasSuffix(".$root") { current.removeLast(6) }
                    continue walk
                }
                do { tail = (.value((try Workbench.standard.parse(trimmed, colorScheme: scheme ?? .light), trimmed, t.type)), 0) }
                catch { tail = (.failure("\(error)"), 0) }
                break
            }
            if let obj = t.value as? [String: Any] {
                do { tail = (.value((try Self.colorObject(obj), Self.css(of: obj), t.type ?? "color")), 0) }
                catch let e as DTCGError { tail = (.failure(e.message), 0) }
                break
            }
            tail = (.failure("a color token's $value must be a color object or a string, got \(Self.kind(of: t.value))"), 0)
            break
        }
        // Every alias on the chain ends where its target ends, one step further; its own $type wins.
        for member in chain.reversed() {
            let type = tokens[member]?.type
            switch tail.end {
            case .value(let v): tail = (.value(v.map { ($0.0, $0.1, type ?? $0.2) }), tail.steps + 1)
            case .failure: tail = (tail.end, tail.steps + 1)
            }
            ends[member] = tail
            if member == name { return tail }
        }
        if chain.isEmpty && ends[name] == nil { ends[name] = tail }
        return ends[name] ?? tail
    }

    /// How a JSON value is named in messages.
    static func kind(of v: Any) -> String {
        switch v {
        case is NSNull: return "null"
        case let n as NSNumber: return String(cString: n.objCType) == "c" ? "a boolean (\(n.boolValue))" : "a number (\(ByteText.shortest(n.doubleValue)))"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default: return "\(type(of: v))"
        }
    }

    /// DTCG 2025.10 color space names → Huebench space ids.
    static let spaceNames: [String: ColorSpaceID] = [
        "srgb": .srgb, "srgb-linear": "srgb-linear", "hsl": .hsl, "hwb": .hwb, "lab": .lab, "lch": .lch,
        "oklab": .oklab, "oklch": .oklch, "display-p3": "display-p3", "a98-rgb": "a98-rgb",
        "prophoto-rgb": "prophoto-rgb", "rec2020": "rec2020", "xyz-d65": "xyz-d65", "xyz-d50": "xyz-d50",
    ]

    /// A component's allowed values in a color object: its name and closed range (±∞: unbounded on that side).
    struct ComponentRange: Sendable {
        let name: String, low: Double, high: Double
        init(_ name: String, _ low: Double, _ high: Double) { self.name = name; self.low = low; self.high = high }

        /// What to write instead: `give a number in 0…1`, `give a number of 0 or more`, `give a finite number`.
        var advice: String {
            switch (low.isFinite, high.isFinite) {
            case (true, true): return "give a number in \(ByteText.shortest(low))…\(ByteText.shortest(high))"
            case (true, false): return "give a number of \(ByteText.shortest(low)) or more"
            case (false, true): return "give a number of \(ByteText.shortest(high)) or less"
            case (false, false): return "give a finite number"
            }
        }

        /// Why a finite value is not allowed: `outside 0…1`, `below 0`, `above 100`.
        var breach: String {
            switch (low.isFinite, high.isFinite) {
            case (true, true): return "outside \(ByteText.shortest(low))…\(ByteText.shortest(high))"
            case (true, false): return "below \(ByteText.shortest(low))"
            default: return "above \(ByteText.shortest(high))"
            }
        }
    }

    /// The component ranges of each colorSpace, from the DTCG 2025.10 Color Module's table of supported color
    /// spaces: RGB channels 0…1; hsl/hwb hue 0…360, the others 0…100; lab/lch L 0…100; oklab/oklch L 0…1; lch
    /// and oklch chroma 0 or more; a/b unbounded. Two readings differ from the table's letter: hue may be 360
    /// (the table says [0, 360); 359.99996 written with four decimals, as exporters round, is 360, the same
    /// angle as 0), and XYZ is unbounded (the table says 0…1, but D65 white itself has Z = 1.089).
    static let componentRanges: [String: [ComponentRange]] = {
        let rgb = [ComponentRange("red", 0, 1), ComponentRange("green", 0, 1), ComponentRange("blue", 0, 1)]
        let xyz = [ComponentRange("X", -.infinity, .infinity), ComponentRange("Y", -.infinity, .infinity),
                   ComponentRange("Z", -.infinity, .infinity)]
        return [
            "srgb": rgb, "srgb-linear": rgb, "display-p3": rgb, "a98-rgb": rgb, "prophoto-rgb": rgb, "rec2020": rgb,
            "hsl": [ComponentRange("hue", 0, 360), ComponentRange("saturation", 0, 100), ComponentRange("lightness", 0, 100)],
            "hwb": [ComponentRange("hue", 0, 360), ComponentRange("whiteness", 0, 100), ComponentRange("blackness", 0, 100)],
            "lab": [ComponentRange("lightness", 0, 100), ComponentRange("a", -.infinity, .infinity), ComponentRange("b", -.infinity, .infinity)],
            "lch": [ComponentRange("lightness", 0, 100), ComponentRange("chroma", 0, .infinity), ComponentRange("hue", 0, 360)],
            "oklab": [ComponentRange("lightness", 0, 1), ComponentRange("a", -.infinity, .infinity), ComponentRange("b", -.infinity, .infinity)],
            "oklch": [ComponentRange("lightness", 0, 1), ComponentRange("chroma", 0, .infinity), ComponentRange("hue", 0, 360)],
            "xyz-d65": xyz, "xyz-d50": xyz,
        ]
    }()

    /// A color object's number: the NSNumber's value when it is a finite number (JSON `true`/`false` arrive as
    /// NSNumber too, with objCType "c"), else a message saying what it is and what to write (`what`: `oklch
    /// component 1 (lightness)`, `alpha`).
    static func number(_ v: Any, _ what: String, _ range: ComponentRange, allowNone: Bool) throws -> Double {
        let give = range.advice
        guard let n = v as? NSNumber, String(cString: n.objCType) != "c" else {
            let shown = (v as? String).map { "a string (\"\(ColorCoreError.excerpt($0))\")" } ?? kind(of: v)
            throw DTCGError(message: "\(what) is \(shown), not a number\(allowNone ? " or \"none\"" : ""); \(give)")
        }
        let x = n.doubleValue
        guard x.isFinite else {
            throw DTCGError(message: "\(what) is \(x.isNaN ? "not a number" : "too large for a number (beyond ±1.8e308)"); \(give)")
        }
        guard x >= range.low && x <= range.high else {
            throw DTCGError(message: "\(what) is \(ByteText.shortest(x)), \(range.breach); \(give)")
        }
        return x
    }

    /// A 2025.10 color object: `colorSpace`, `components` (numbers in the space's ranges, `componentRanges`, or
    /// `"none"`), optional `alpha` (0…1). A value out of its range is reported, never clamped.
    static func colorObject(_ obj: [String: Any]) throws -> Color {
        guard let spaceName = obj["colorSpace"] as? String else {
            throw DTCGError(message: "color object without \"colorSpace\"")
        }
        guard let id = spaceNames[spaceName], let space = try? Workbench.standard.spaces.canonicalID(id.rawValue),
              let ranges = componentRanges[spaceName] else {
            throw DTCGError(message: "unknown colorSpace '\(ColorCoreError.excerpt(spaceName))'; known: \(spaceNames.keys.sorted().joined(separator: ", "))")
        }
        guard let comps = obj["components"] as? [Any], comps.count == 3 else {
            throw DTCGError(message: "\"components\" must be an array of 3 numbers or \"none\"")
        }
        var c = SIMD3<Double>(0, 0, 0)
        for (i, v) in comps.enumerated() {
            if let s = v as? String, s == "none" { c[i] = .nan; continue }
            c[i] = try number(v, "\(spaceName) component \(i + 1) (\(ranges[i].name))", ranges[i], allowNone: true)
        }
        var alpha = 1.0
        if let a = obj["alpha"] { alpha = try number(a, "alpha", ComponentRange("alpha", 0, 1), allowNone: false) }
        return Color(space, coords: c, alpha: alpha)
    }

    static func css(of obj: [String: Any]) -> String {
        (try? Workbench.standard.serialize(colorObject(obj))) ?? "(color object)"
    }
}

/// DTCG resolver documents (Resolver Module 2025.10): `sets` and `modifiers` whose sources are `$ref`s to token
/// files, merged in `resolutionOrder`.
enum DTCGResolver {
    static let defaultName = "huebench.resolver.json"

    static func resolve(_ doc: [String: Any], folder: String, source: String, context: String?, workbench: Workbench,
                        limits: ColorListReader.Limits) throws
        -> (colors: [LabelledColor], problems: [ColorListProblem]) {
        guard let order = doc["resolutionOrder"] as? [Any] else {
            throw ColorListReadError(path: source, reason: "\"resolutionOrder\" must be an array")
        }
        var tree = DTCGTree(limits: limits)
        // A `light-dark()` value in a source follows the context's appearance too (`dark…` → dark).
        tree.scheme = ColorListReader.scheme(context)
        defer { TokenJSONParser.discard(&tree, replacingWith: DTCGTree()) }
        var usedContext = false
        for item in order {
            guard let ref = (item as? [String: Any])?["$ref"] as? String, ref.hasPrefix("#/") else {
                throw ColorListReadError(path: source, reason: "resolutionOrder entries must be {\"$ref\": \"#/sets/NAME\"} or #/modifiers/NAME")
            }
            let parts = ref.dropFirst(2).split(separator: "/").map(String.init)
            guard parts.count == 2, let group = doc[parts[0]] as? [String: Any], let entry = group[parts[1]] as? [String: Any] else {
                throw ColorListReadError(path: source, reason: "resolutionOrder names '\(ref)', which the file does not define")
            }
            var sources: [Any] = []
            if parts[0] == "sets" {
                sources = entry["sources"] as? [Any] ?? []
            } else {
                let contexts = entry["contexts"] as? [String: Any] ?? [:]
                let chosen = context ?? (entry["default"] as? String) ?? ""
                guard let list = contexts[chosen] as? [Any] else {
                    throw ColorListReadError(path: source, reason: "no context '\(chosen)' in modifier '\(parts[1])'; known: \(contexts.keys.sorted().joined(separator: ", "))")
                }
                usedContext = true
                sources = list
            }
            for s in sources {
                guard let file = (s as? [String: Any])?["$ref"] as? String else { continue }
                // Sources are files beside the resolver (or below it): never an absolute path or `..`, so a
                // resolver a script may read names only files in the same folder tree.
                guard PathText.isInside(file) else {
                    throw ColorListReadError(path: source, reason: "source '\(ColorCoreError.excerpt(file))' must be a relative path inside the resolver's folder (no '/' at the start, no '..')")
                }
                let path = PathText.join(folder, file)
                let fd = try ColorListReader.openRegular(path, what: "this token file named by \(source)")
                defer { close(fd) }
                // Nor through a symbolic link (a link inside the folder may point anywhere).
                var walked = folder
                for part in file.split(separator: "/") where part != "." {
                    walked = PathText.join(walked, String(part))
                    var st = stat()
                    if lstat(walked, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK {
                        throw ColorListReadError(path: source, reason: "source '\(ColorCoreError.excerpt(file))' is or passes through a symbolic link ('\(ColorCoreError.excerpt(walked))'); resolver sources are read only as files inside the resolver's folder — copy the file there")
                    }
                }
                var st = stat()
                if fstat(fd, &st) == 0, Int(st.st_size) > ColorListReader.maxJSONBytes {
                    throw ColorListReader.tooLarge(path, size: Int(st.st_size))
                }
                var data: [UInt8] = []
                while true {
                    try limits.check()
                    let chunk = try ColorListReader.readChunk(fd, source: path, max: 1 << 20)
                    if chunk.isEmpty { break }
                    guard data.count + chunk.count <= ColorListReader.maxJSONBytes else { throw ColorListReader.tooLarge(path, size: nil) }
                    data += chunk
                    try limits.add(chunk.count)
                }
                var json = try ColorListReader.parseJSON(data, source: path, limits: limits)
                data = []
                defer { TokenJSONParser.discard(&json, replacingWith: NSNull()) }
                try tree.merge(json, file: path)
            }
        }
        if context != nil && !usedContext {
            throw ColorListReadError(path: source, reason: "--context given, but the resolver has no modifier to apply it to")
        }
        return try tree.colors(workbench: workbench)
    }
}

/// The text operations a color list's lines need, on the standard library's views (the Foundation string
/// methods they replace cost ~100× more per line on Linux).
enum LineText {
    /// Whitespace as `CharacterSet.whitespaces` defines it: TAB and the space separators (Unicode Zs).
    @inline(__always)
    static func isSpace(_ u: Unicode.Scalar) -> Bool {
        u == " " || u == "\t" || (u.value >= 0x80 && u.properties.generalCategory == .spaceSeparator)
    }

    /// `s` without leading and trailing whitespace.
    static func trimmed(_ s: Substring) -> Substring {
        let u = s.unicodeScalars
        guard let first = u.firstIndex(where: { !isSpace($0) }) else { return s[s.endIndex...] }
        let last = u.lastIndex(where: { !isSpace($0) })!
        return Substring(u[first...last])
    }

    /// The start of the first occurrence of the ASCII `pattern` in `s` (a byte search: ASCII bytes never occur
    /// inside a multi-byte UTF-8 sequence).
    static func find(_ pattern: StaticString, in s: Substring) -> Substring.Index? {
        let p = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        guard let head = p.first else { return s.startIndex }
        let bytes = s.utf8
        var i = bytes.startIndex
        while let at = bytes[i...].firstIndex(of: head) {
            if bytes[at...].starts(with: p) { return at }
            i = bytes.index(after: at)
        }
        return nil
    }

    /// How many times the ASCII byte `c` occurs in `s`.
    static func count(_ c: UInt8, in s: Substring) -> Int { s.utf8.reduce(0) { $0 + ($1 == c ? 1 : 0) } }

    /// Whether `s` contains `pattern` (lower-case ASCII), ignoring ASCII case.
    static func containsIgnoringASCIICase(_ s: String, _ pattern: StaticString) -> Bool {
        let p = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        let bytes = Array(s.utf8)
        guard bytes.count >= p.count else { return false }
        for start in 0...(bytes.count - p.count) {
            var k = 0
            while k < p.count && (bytes[start + k] | 0x20) == p[k] | 0x20 && Self.sameLetterKind(bytes[start + k], p[k]) { k += 1 }
            if k == p.count { return true }
        }
        return false
    }

    /// Whether `s` ends with `suffix` (lower-case ASCII), ignoring ASCII case.
    static func hasSuffixIgnoringASCIICase(_ s: Substring, _ suffix: StaticString) -> Bool {
        let p = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        let bytes = Array(s.utf8.suffix(p.count))
        guard bytes.count == p.count else { return false }
        return zip(bytes, p).allSatisfy { ($0 | 0x20) == ($1 | 0x20) && sameLetterKind($0, $1) }
    }

    /// Case folding by `| 0x20` is only right for letters: a non-letter byte must equal the pattern's exactly.
    @inline(__always)
    static func sameLetterKind(_ a: UInt8, _ b: UInt8) -> Bool {
        let isLetter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A
        return isLetter || a == b
    }
}

/// A color list entry that parses but cannot be used (`ColorListReader.finite`).
struct ColorListValueError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
