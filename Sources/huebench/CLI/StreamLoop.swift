import ColorCore
import ColorIO
import ColorKernels
import Foundation

/// Shared formatting of results.
enum Format {
    /// Text for a human-readable report line: C0 and C1 control characters and DEL (a terminal escape in a
    /// label), the line separators and the bidirectional controls (U+200E/F, U+202A…E, U+2066…9, which reorder
    /// the rest of the line on screen) as `\u{1B}`, as stream rows and standard error show them
    /// (`Escape.terminal`); everything else as is.
    static func visible(_ s: String) -> String { Escape.terminal(s) }
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
