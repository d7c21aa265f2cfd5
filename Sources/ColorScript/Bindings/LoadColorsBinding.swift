import CLua
import CLuaShims
import ColorCore
import ColorIO
import ColorKernels
import Dispatch
import Foundation

/// `hb.load_colors(path [, space [, {precision=}]])` and `hb.clock()`.
enum LoadColorsBinding {
    /// The most bad lines an error lists (then a count of the rest).
    static let shownErrors = 20
    /// Largest colors file read (bytes); larger files are refused before reading.
    static let maxFileBytes = 256 << 20

    /// `hb.load_colors(path [, space [, options]])` → a buffer, read by `ColorListReader` (the reader of
    /// `huebench matrix`): one CSS color per line, `label<TAB>color`, CSS custom properties (`--brand: #00b386;`),
    /// `#`, `//` and `/* */` comment lines, DTCG token files (dotted token names as labels, aliases resolved) and
    /// token resolvers (a `huebench.resolver.json` or a folder holding one; `{context = "dark"}` picks the
    /// modifier context). Labels from `buf:label(i)`. Readable: files the user named (script arguments,
    /// `--input FILE`) and files under the script's folder; a resolver's sources are files inside its own
    /// folder. Every bad entry is reported at once (`file:line: …`, the first 20 and a count).
    /// - Complexity: O(file size).
    static let hbLoadColors: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.load_colors")
            let path = try a.string(1, "path")
            let target: ColorSpaceID? = a.isNil(2) ? nil : try a.space(2, "space", host)
            var double = false, context: String? = nil
            if !a.isNil(3) {
                let t = try a.table(3, "options")
                let what = "hb.load_colors: argument 3 (options)"
                try a.lua.checkFields(t, Fields.loadColorsOptions, what)
                switch try a.lua.fieldString(t, "precision", what) ?? "f32" {
                case "f32": double = false
                case "f64": double = true
                case let p: throw BindingError("\(what): precision '\(p)' is not one of f32, f64")
                }
                context = try a.lua.fieldString(t, "context", what)
            }
            let c = HostContext.canonical(path)
            guard host.readableFiles.contains(c) || host.allowedPath(path) != nil else {
                throw BindingError("hb.load_colors: argument 1 (path): '\(ColorCoreError.excerpt(path))' is not readable by this script; pass it as a script argument or with --input FILE, or put it under the script's folder")
            }
            var st = stat()
            guard stat(c, &st) == 0 else {
                throw BindingError("hb.load_colors: argument 1 (path): '\(ColorCoreError.excerpt(path))' does not exist; check the path")
            }
            let isFolder = (st.st_mode & S_IFMT) == S_IFDIR
            // A pipe would block open() itself, beyond any deadline; a device never ends.
            guard isFolder || (st.st_mode & S_IFMT) == S_IFREG else {
                throw BindingError("hb.load_colors: argument 1 (path): '\(ColorCoreError.excerpt(path))' is not a regular file (a pipe, device or socket); give a colors file or a token file")
            }
            var size = Int(st.st_size)
            if isFolder {
                var r = stat()
                guard stat(PathText.join(c, "huebench.resolver.json"), &r) == 0 else {
                    throw BindingError("hb.load_colors: argument 1 (path): '\(ColorCoreError.excerpt(path))' is a folder without huebench.resolver.json; give a colors file or a token file")
                }
                size = Int(r.st_size)
            }
            guard size <= maxFileBytes else {
                throw BindingError("hb.load_colors: argument 1 (path): '\(ColorCoreError.excerpt(path))' is larger than 256 MiB; split it")
            }
            // What the read holds (the text of a token file, its parsed tree, the colors read) is charged as it
            // grows, and given back once the buffer is made (which is charged on its own).
            var charged = 0
            defer { host.refund(bytes: charged) }
            let what = "hb.load_colors('\(ColorCoreError.excerpt(path))')"
            let read: (colors: [LabelledColor], problems: [ColorListProblem])
            do { read = try ColorListReader.read(path: c, context: context, workbench: host.workbench, source: path,
                                                  deadline: host.deadline) { bytes in
                    try host.charge(bytes: bytes, for: what)
                    charged += bytes
                } }
            catch let e as ColorListReadError { throw BindingError("hb.load_colors: \(e)") }
            catch let e as LineTooLongError { throw BindingError("hb.load_colors: \(e)") }
            if !read.problems.isEmpty {
                let n = read.problems.count
                let more = n > shownErrors ? "\n… and \(n - shownErrors) more bad lines" : ""
                throw BindingError("hb.load_colors: \(n) bad line\(n == 1 ? "" : "s") in '\(ColorCoreError.excerpt(path))' (write one CSS color per line, optionally label<TAB>color):\n"
                                   + read.problems.prefix(shownErrors).map(\.description).joined(separator: "\n") + more)
            }
            let colors = read.colors.map(\.color)
            try BufferBinding.charge(host, "hb.load_colors", count: colors.count, double: double)
            let b = try BufferBinding.make(colors, space: target ?? colors.first?.space ?? .srgb, double: double, host.workbench) {
                "hb.load_colors: \(Escape.terminal(read.colors[$0].location))"
            }
            let labels = read.colors.map { $0.label ?? "" }
            if labels.contains(where: { !$0.isEmpty }) { b.labels = labels }
            BufferBinding.push(b, L!)
            return 1
        }
    }

    /// `hb.clock()`: monotonic wall-clock seconds (for timing a script's own work; only differences mean anything).
    static let hbClock: hb_swift_fn = { L in
        Lua(L: L!).push(Double(DispatchTime.now().uptimeNanoseconds) / 1e9)
        return 1
    }
}
