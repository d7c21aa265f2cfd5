import ColorCore
import ColorIO
import ColorKernels
import Foundation

/// What one processed input item prints: the JSON members that follow `"input"` and the text-mode row.
struct ItemResult {
    /// (key, already-encoded JSON value) pairs, in output order.
    var json: [(String, String)]
    /// The row printed in text mode.
    var text: String
}

/// The per-item loop of `huebench simulate`: items come from the positional arguments, or, when there are none,
/// from standard input one per line (streamed, never buffered whole). Each item is processed on its own, as the
/// streaming commands do: an item may carry a label (`label<TAB>color`, `--name: color;`), shown before its row
/// (text, control characters as `\u{1B}`: `Format.visible`) or as `"label"` (JSON); a failing item prints `error` in its row and a message on standard error (text)
/// or `{"input":…,"error":…}` (JSON), and the loop goes on; a blank line gives an empty row (text) or nothing
/// (JSON). So text row i is always input line i.
enum ItemLoop {
    /// - Returns: `ExitStatus.ok` when every item succeeded, `ExitStatus.someFailed` otherwise.
    static func run(command: String, arguments: [String], json: Bool,
                    process: (String) throws -> ItemResult) -> Int32 {
        var failed = false
        func handle(_ item: String, where place: String) {
            let (label, color) = labelled(item)
            do {
                let r = try process(color)
                if json {
                    var s = "{\"input\":" + jsonString(item)
                    if let label { s += ",\"label\":" + jsonString(label) }
                    for (k, v) in r.json { s += ",\"" + k + "\":" + v }
                    Output.line(s + "}")
                } else {
                    // A label is input: its control characters are shown, not sent to the terminal.
                    Output.line(label.map { Format.visible($0) + "  " + r.text } ?? r.text)
                }
            } catch {
                failed = true
                let message = "\(error)"
                if json {
                    Output.line("{\"input\":" + jsonString(item) + ",\"error\":" + jsonString(message) + "}")
                } else {
                    Output.line("error")
                    Output.error("huebench \(command): \(place): \(message)")
                }
            }
        }
        if !arguments.isEmpty {
            for (i, item) in arguments.enumerated() { handle(item, where: "argument \(i + 1)") }
        } else {
            // Lines through the streams' reader: its 1 MiB line limit stops an input that never ends a line
            // (`< /dev/zero` grew by gigabytes a second through readLine); CR before LF is dropped.
            let reader = LineBlockReader(fd: 0, source: "standard input")
            do {
                while try reader.nextBatch(maxLines: 4096) {
                    for (k, r) in reader.lines.enumerated() {
                        let line = String(decoding: reader.data[r], as: UTF8.self)
                        if line.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" }) {
                            if !json { Output.line("") }
                            continue
                        }
                        handle(line, where: "line \(reader.firstLineNumber + k)")
                    }
                }
            } catch {
                Output.error("huebench \(command): \(error)")
                return ExitStatus.someFailed
            }
        }
        return failed ? ExitStatus.someFailed : ExitStatus.ok
    }

    /// An item's label and color, as the streaming commands split them: `label<TAB>color` (one TAB, a label that
    /// is not blank) or a CSS custom property declaration `--name: color;`; otherwise no label.
    static func labelled(_ item: String) -> (label: String?, color: String) {
        let parts = item.split(separator: "\t", omittingEmptySubsequences: false)
        if parts.count == 2 {
            let label = trim(parts[0])
            return label.isEmpty ? (nil, trim(parts[1])) : (label, trim(parts[1]))
        }
        let t = trim(item)
        if parts.count == 1, t.hasPrefix("--"), let colon = t.firstIndex(of: ":") {
            var value = Substring(t[t.index(after: colon)...])
            while let last = value.last, last == " " || last == ";" { value.removeLast() }
            return (trim(t[..<colon]), trim(value))
        }
        return (nil, item)
    }

    /// Splits a pair item `A<TAB>B` into its two trimmed colors.
    static func pair(_ item: String) throws -> (String, String) {
        let parts = item.split(separator: "\t", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw ItemError("expected two colors separated by one TAB, got \(parts.count) field\(parts.count == 1 ? "" : "s")")
        }
        return (trim(parts[0]), trim(parts[1]))
    }

    static func trim<S: StringProtocol>(_ s: S) -> String {
        String(s.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// A per-item failure that is not a `ColorCoreError` (e.g. a malformed pair line).
struct ItemError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Shared formatting of results.
enum Format {
    /// Text for a human-readable report line: C0 and C1 control characters and DEL (a terminal escape in a
    /// label), the line separators and the bidirectional controls (U+200E/F, U+202A…E, U+2066…9, which reorder
    /// the rest of the line on screen) as `\u{1B}`, as stream rows and standard error show them
    /// (`Escape.terminal`); everything else as is.
    static func visible(_ s: String) -> String { Escape.terminal(s) }

    /// Text-mode coordinate as the stream rows write it (`ByteText.appendColumn`): 7 decimals, `none` when
    /// missing, no negative zero, right-aligned in 12 columns; the shortest round trip from 10¹⁵ up, and always
    /// a space before it.
    static func coordinate(_ v: Double) -> String {
        if v.isNaN { return "        none" }
        let b = ByteText(capacity: 64)
        b.appendColumn(v, decimals: 7, width: 12)
        return String(decoding: b.buffer, as: UTF8.self)
    }

    static func padRight(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    /// The JSON members and text row for a color: space, coords (null when missing), alpha, css.
    static func color(_ c: Color, workbench wb: Workbench, spaceWidth: Int = 11) -> ItemResult {
        let coords = [c.coords.x, c.coords.y, c.coords.z]
        let css = wb.serialize(c)
        return ItemResult(
            json: [("space", jsonString(c.space.rawValue)),
                   ("coords", "[" + coords.map(jsonNumber).joined(separator: ",") + "]"),
                   ("alpha", jsonNumber(c.alpha)),
                   ("css", jsonString(css))],
            text: padRight(c.space.rawValue, spaceWidth) + coords.map(coordinate).joined() + "  " + css)
    }

    /// The JSON members and text row for a pair's value.
    static func pair(text: String, background: String, value: Double, decimals: Int, separator: String) -> ItemResult {
        var v = String(format: "%.\(decimals)f", value)
        if v.hasPrefix("-") && v.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { v.removeFirst() }
        return ItemResult(
            json: [("text", jsonString(text)), ("background", jsonString(background)), ("value", jsonNumber(value))],
            text: String(repeating: " ", count: max(0, 10 - v.count)) + v + "  " + text + " " + separator + " " + background)
    }
}

/// Resolving user-given ids through the registries: an unknown one is a usage error that lists the known ids.
enum Lookup {
    static func space(_ name: String, in wb: Workbench, option: String, command: String,
                      allowed: ((ColorSpace) -> Bool)? = nil) throws -> ColorSpaceID {
        let candidates = wb.spaces.spaces.all.filter { allowed?($0) ?? true }
        if let s = wb.spaces.spaces[name], allowed?(s) ?? true { return s.id }
        let ids = candidates.map { $0.id.rawValue }
        throw UsageError("unknown space '\(ColorCoreError.excerpt(name))' for --\(option); known: "
                         + ids.joined(separator: ", ") + Suggest.phrase(name, among: ids))
    }

    static func method<E>(_ name: String, in registry: Registry<E>, command: String) throws -> String {
        if let e = registry[name] { return e.registryID }
        throw UsageError("unknown \(registry.kind) '\(ColorCoreError.excerpt(name))' for --method; known: "
                         + registry.ids.joined(separator: ", ") + Suggest.phrase(name, among: registry.ids))
    }
}

/// The streaming commands' loop: items from the arguments, or from standard input read in blocks and
/// processed on every core (`ColorStream`). Messages for bad lines go to standard error as
/// `huebench COMMAND: line N: …` (or `argument N`), at their place among the rows.
enum StreamLoop {
    /// `HUEBENCH_THREADS` (a whole number 0…4096) limits the cores a stream uses; unset or 0 means all. More
    /// than the machine's cores are the machine's cores (each thread holds its own blocks: 10⁸ threads once
    /// took 23 GiB, and 2⁶³−1 overflowed). Anything else is a usage error.
    static func threads(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int {
        guard let v = environment["HUEBENCH_THREADS"] else { return 0 }
        guard let n = Int(v.trimmingCharacters(in: .whitespaces)), (0...4096).contains(n) else {
            throw UsageError("HUEBENCH_THREADS='\(ColorCoreError.excerpt(v))' is not a whole number 0…4096; give the cores to use (0: all) or unset it")
        }
        return Swift.min(n, Parallel.coreCount)
    }

    /// - Returns: `ExitStatus.ok` when every item succeeded, `ExitStatus.someFailed` otherwise.
    static func run(command: String, stream: ColorStream, arguments: [String]) -> Int32 {
        let emit: (UnsafeRawBufferPointer) -> Void = { Output.write(bytes: $0) }
        let message: (String) -> Void = { Output.error("huebench \(command): " + $0) }
        if !arguments.isEmpty {
            let failed = stream.run(arguments: arguments, emit: emit, message: message, label: { "argument \($0)" })
            return failed ? ExitStatus.someFailed : ExitStatus.ok
        }
        let threads: Int
        do { threads = try Self.threads() } catch {
            Output.error("huebench \(command): \(error)")
            return ExitStatus.usage
        }
        let reader = LineBlockReader(fd: 0, source: "standard input")
        // On a terminal, a stream past 10⁶ rows written elsewhere (a file, a pipe) shows how many it has done
        // and how fast.
        var counted = emit
        var progress: ProgressLine? = nil
        if isatty(STDERR_FILENO) == 1 && isatty(STDOUT_FILENO) == 0 {
            let line = ProgressLine("huebench \(command)", total: 0, unit: "lines")
            progress = line
            var rows = 0
            counted = { bytes in
                for b in bytes where b == 10 { rows += 1 }
                if rows >= 1_000_000 { line.update(rows) }
                emit(bytes)
            }
        }
        defer { progress?.finish() }
        do {
            let failed = try stream.run(reader, threads: threads, emit: counted, message: message)
            return failed ? ExitStatus.someFailed : ExitStatus.ok
        } catch {
            Output.error("huebench \(command): \(error)")
            return ExitStatus.someFailed
        }
    }
}
