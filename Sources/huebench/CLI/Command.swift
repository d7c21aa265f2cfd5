import ColorIO
import Foundation
import ColorCore
import ColorIO

/// One `huebench` subcommand. Each lives in its own file (`XCommand.swift`) and is listed in `Commands.all`.
protocol Command: Sendable {
    /// The word after `huebench`.
    static var name: String { get }
    /// One line for `huebench help`.
    static var summary: String { get }
    /// The full `--help` text: usage line first, then options, then an example.
    static var help: String { get }
    /// Runs with the arguments after the subcommand name; returns the exit status.
    static func run(_ args: [String]) throws -> Int32
}

/// Exit statuses of the CLI contract.
enum ExitStatus {
    static let ok: Int32 = 0
    /// Some input line (or audit check) failed; the rest were processed.
    static let someFailed: Int32 = 1
    /// Bad usage: unknown flag, missing value, bad number.
    static let usage: Int32 = 2
    /// A script hit its time or memory limit.
    static let limit: Int32 = 3
}

/// A usage error: one line naming the argument at fault and what to do.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Parsed command-line arguments: `--flag`, `--option VALUE` / `--option=VALUE`, and positionals.
/// `--` ends options. Unknown options are usage errors that name the option and the command.
struct Arguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// - Parameters:
    ///   - flags: options without a value (`--json`).
    ///   - options: options that take a value (`--to srgb`); may repeat.
    init(_ args: [String], command: String, flags allowedFlags: Set<String> = [], options allowedOptions: Set<String> = []) throws {
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("--") || a == "-" {
                // A lone negative number or "-" is a positional; short options are not used.
                positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            var name = String(a.dropFirst(2)), inlineValue: String? = nil
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...]); name = String(name[..<eq])
            }
            if allowedFlags.contains(name) {
                if inlineValue != nil { throw UsageError("option --\(name) of 'huebench \(command)' takes no value") }
                flags.insert(name)
            } else if allowedOptions.contains(name) {
                let v: String
                if let iv = inlineValue { v = iv } else {
                    guard i < args.count else {
                        throw UsageError("option --\(name) of 'huebench \(command)' needs a value; see 'huebench help \(command)'")
                    }
                    v = args[i]; i += 1
                }
                values[name, default: []].append(v)
            } else {
                let names = allowedFlags.union(allowedOptions).sorted()
                let known = names.map { "--" + $0 }.joined(separator: ", ")
                let guess = (name.utf8.count > 64 ? nil : Suggest.closest(name, among: names)).map { " (did you mean '--\($0)'?)" } ?? ""
                throw UsageError("unknown option '--\(ColorCoreError.excerpt(name))' for 'huebench \(command)'\(guess); known: \(known.isEmpty ? "none" : known)")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    /// The last value of an option, or nil.
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of an option that must be one of `choices`.
    func choice(_ name: String, _ choices: [String], default def: String, command: String) throws -> String {
        guard let v = value(name) else { return def }
        guard choices.contains(v) else {
            throw UsageError("--\(name) '\(v)' is not one of \(choices.joined(separator: ", ")) (huebench \(command))")
        }
        return v
    }

    /// A numeric option, checked.
    func double(_ name: String, command: String) throws -> Double? {
        guard let v = value(name) else { return nil }
        guard let d = Double(v), d.isFinite else {
            throw UsageError("--\(name) needs a number, got '\(v)' (huebench \(command))")
        }
        return d
    }

    /// Every value of a repeatable numeric option, in order, each checked.
    func doubles(_ name: String, command: String) throws -> [Double] {
        try all(name).map { v in
            guard let d = Double(v), d.isFinite else {
                throw UsageError("--\(name) needs a number, got '\(v)' (huebench \(command))")
            }
            return d
        }
    }

    func int(_ name: String, command: String, range: ClosedRange<Int> = 1...Int.max) throws -> Int? {
        guard let v = value(name) else { return nil }
        guard let n = Int(v), range.contains(n) else {
            throw UsageError("--\(name) needs a whole number in \(range.lowerBound)…\(range.upperBound), got '\(v)' (huebench \(command))")
        }
        return n
    }
}

/// Buffered standard output for streaming many lines without a syscall per line.
/// The CLI is single-threaded at this level; `flush()` runs before exit and before anything goes to stderr.
enum Output {
    nonisolated(unsafe) private static var buffer: [UInt8] = { var b = [UInt8](); b.reserveCapacity(1 << 16); return b }()

    static func write(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }
    static func line(_ s: String) { write(s); buffer.append(10); if buffer.count >= 1 << 16 { flush() } }
    /// Raw bytes (already formatted rows); large writes go straight out after what is buffered.
    static func write(bytes: UnsafeRawBufferPointer) {
        if buffer.count + bytes.count < 1 << 16 { buffer.append(contentsOf: bytes); return }
        flush()
        guard writeFailure == nil else { return }
        if let why = ByteText.writeAll(1, bytes) { writeFailure = why }
    }
    /// The first failure writing standard output (e.g. "No space left on device"), or nil. Once set, further
    /// output is dropped and the command exits 1 with one message (see `finish`).
    nonisolated(unsafe) private(set) static var writeFailure: String? = nil

    static func flush() {
        var offset = 0
        while offset < buffer.count && writeFailure == nil {
            let n = buffer[offset...].withUnsafeBytes { Foundation.write(1, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { writeFailure = String(cString: strerror(n < 0 ? errno : EIO)); break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes before exit: the final exit status is 1 when standard output could not be written.
    static func finish(_ status: Int32) -> Int32 {
        flush()
        guard let why = writeFailure else { return status }
        writeStandardError("huebench: cannot write standard output (\(why)); check the disk or the pipe it goes to", keepNewlines: false)
        return status == ExitStatus.ok ? ExitStatus.someFailed : status
    }

    /// One message on standard error, always one line: a newline inside it (input echoed in the message) is
    /// shown as `\n`, other control characters (ESC, NUL, CR, DEL, C1 such as CSI U+009B…), the line separators
    /// and the bidirectional controls as `\u{…}` escapes (`Escape.terminal`; TAB kept), so input echoed in a
    /// message can never drive the terminal, reorder or split the message.
    static func error(_ s: String) {
        flush()
        writeStandardError(s, keepNewlines: false)
    }

    /// Text a script printed or a traceback on standard error: newlines kept, other control characters escaped.
    static func errorText(_ s: String) {
        flush()
        writeStandardError(s, keepNewlines: true)
    }

    private static func writeStandardError(_ s: String, keepNewlines: Bool) {
        var safe = ""
        for u in s.unicodeScalars {
            if u == "\n" && !keepNewlines {
                safe += "\\n"
            } else if u != "\n" && u != "\t" && Escape.hiddenOnTerminal(u) {
                safe += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            } else {
                safe.unicodeScalars.append(u)
            }
        }
        // A message quoting a huge argument stays readable: past 2,000 bytes its middle is cut (start and end kept).
        if safe.utf8.count > 2000 {
            let scalars = Array(safe.unicodeScalars)
            if scalars.count > 1300 {
                var cut = String.UnicodeScalarView(scalars[..<800])
                cut.append(contentsOf: "…(\(scalars.count - 1100) characters cut)…".unicodeScalars)
                cut.append(contentsOf: scalars[(scalars.count - 300)...])
                safe = String(cut)
            }
        }
        FileHandle.standardError.write(Data((safe + "\n").utf8))
    }
}

/// JSON string literal for one-line JSON output.
func jsonString(_ s: String) -> String { JSONText.string(s) }

/// JSON number (NaN → null, shortest round-trip form).
func jsonNumber(_ v: Double) -> String {
    if v.isNaN || v.isInfinite { return "null" }
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
}
