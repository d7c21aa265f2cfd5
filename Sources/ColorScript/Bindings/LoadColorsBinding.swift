import CLua
import CLuaShims
import ColorCore
import ColorKernels
import Dispatch
import Foundation

/// `hb.load_colors(path [, space [, {precision=}]])` and `hb.clock()`.
enum LoadColorsBinding {
    /// The most bad lines an error lists (then a count of the rest).
    static let shownErrors = 20
    /// Largest colors file read (bytes); larger files are refused before reading.
    static let maxFileBytes = 256 << 20

    /// `hb.load_colors(path [, space [, options]])` → a buffer: one CSS color per line, `#` comments (a line
    /// whose first non-blank character is `#` followed by a space or nothing, or text after ` #`), blank lines
    /// skipped, optional `label<TAB>color` (labels from `buf:label(i)`). Readable: files the user named
    /// (script arguments, `--input FILE`) and files under the script's folder. Every bad line is reported at
    /// once (`file:line: …`, the first 20 and a count).
    /// - Complexity: O(file size).
    static let hbLoadColors: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.load_colors")
            let path = try a.string(1, "path")
            let target: ColorSpaceID? = a.isNil(2) ? nil : try a.space(2, "space", host)
            let double = try BufferBinding.precision(a, 3)
            let c = HostContext.canonical(path)
            guard host.readableFiles.contains(c) || host.allowedPath(path) != nil else {
                throw BindingError("hb.load_colors: argument 1 (path): '\(ColorCoreError.excerpt(path))' is not readable by this script; pass it as a script argument or with --input FILE, or put it under the script's folder")
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: c, isDirectory: &isFolder), !isFolder.boolValue else {
                throw BindingError("hb.load_colors: argument 1 (path): '\(ColorCoreError.excerpt(path))' is not a file; check the path")
            }
            let size = ((try? FileManager.default.attributesOfItem(atPath: c)[.size]) as? Int) ?? 0
            try host.charge(bytes: size, for: "hb.load_colors('\(ColorCoreError.excerpt(path))')")
            defer { host.refund(bytes: size) }
            guard size <= maxFileBytes, let data = FileManager.default.contents(atPath: c) else {
                throw BindingError("hb.load_colors: argument 1 (path): cannot read '\(ColorCoreError.excerpt(path))'" + (size > maxFileBytes ? " (larger than 256 MiB)" : ""))
            }
            let parsed = try parse(data, name: path, host: host)
            try BufferBinding.charge(host, "hb.load_colors", count: parsed.colors.count, double: double)
            let b = try BufferBinding.make(parsed.colors, space: target ?? parsed.colors.first?.space ?? .srgb,
                                           double: double, host.workbench)
            if parsed.labels.contains(where: { !$0.isEmpty }) { b.labels = parsed.labels }
            BufferBinding.push(b, L!)
            return 1
        }
    }

    /// Parses a colors file; throws one error naming every bad line (the first `shownErrors`, then a count).
    static func parse(_ data: Data, name: String, host: HostContext) throws -> (colors: [Color], labels: [String]) {
        let text = String(decoding: data, as: UTF8.self)
        var colors: [Color] = [], labels: [String] = [], bad: [String] = []
        var badCount = 0
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (k, raw) in lines.enumerated() {
            var line = String(String.UnicodeScalarView(raw.last == "\r" ? raw.dropLast() : raw[...]))
            var label = ""
            if let tab = line.firstIndex(of: "\t") {
                label = line[..<tab].trimmingCharacters(in: .whitespaces)
                line = String(line[line.index(after: tab)...])
            }
            var body = line.trimmingCharacters(in: .whitespaces)
            // Comments: a whole line starting with "# " (or just "#"), or a trailing " # …" after the color.
            if body == "#" || body.hasPrefix("# ") || body.hasPrefix("#\t") { continue }
            if let r = body.range(of: " #") { body = String(body[..<r.lowerBound]).trimmingCharacters(in: .whitespaces) }
            if body.isEmpty {
                if !label.isEmpty {
                    badCount += 1
                    if bad.count < shownErrors { bad.append("\(name):\(k + 1): label '\(ColorCoreError.excerpt(label))' has no color after the tab") }
                }
                continue
            }
            do {
                colors.append(try host.parseColor(body)); labels.append(label)
            } catch {
                badCount += 1
                if bad.count < shownErrors { bad.append("\(name):\(k + 1): \(error)") }
            }
        }
        if badCount > 0 {
            let more = badCount > bad.count ? "\n… and \(badCount - bad.count) more bad lines" : ""
            throw BindingError("hb.load_colors: \(badCount) bad line\(badCount == 1 ? "" : "s") in '\(ColorCoreError.excerpt(name))' (write one CSS color per line, optionally label<TAB>color):\n"
                               + bad.joined(separator: "\n") + more)
        }
        return (colors, labels)
    }

    /// `hb.clock()`: monotonic wall-clock seconds (for timing a script's own work; only differences mean anything).
    static let hbClock: hb_swift_fn = { L in
        Lua(L: L!).push(Double(DispatchTime.now().uptimeNanoseconds) / 1e9)
        return 1
    }
}
