import CLua
import CLuaShims
import ColorExport
import Foundation

/// Files an exporter writes during one call, collected and handed to the build's `OutputFolder` (which
/// writes them atomically at commit) only when the exporter returned without error.
final class ExportSink {
    private(set) var files: [String: Data] = [:]
    private(set) var order: [String] = []

    func append(_ path: String, _ data: Data) {
        if files[path] == nil { order.append(path); files[path] = Data() }
        files[path]!.append(data)
    }

    func flush(into folder: OutputFolder) throws {
        for p in order { try folder.write(p, bytes: [UInt8](files[p]!)) }
    }
}

/// An output file a script writes through the host: `hb.output(path)`, or the `out` of an exporter.
/// Scripts never get raw file access: bytes are staged in memory and written atomically inside the output
/// folder after the run (or the exporter) succeeded.
final class ScriptWriter {
    enum Target {
        /// The state's output stage (`hb.output`, written by `commitOutputs()`).
        case stage
        /// An exporter call's files (flushed into the build's `OutputFolder`).
        case export(ExportSink)
    }
    let path: String
    let target: Target
    init(path: String, target: Target = .stage) { self.path = path; self.target = target }

    /// Staged bytes live in Swift memory until the commit, so they are charged to the script's one memory
    /// budget before they are kept (a script cannot stage gigabytes under a 64 MiB cap).
    func append(_ data: Data, host: HostContext) throws {
        try host.charge(bytes: data.count, for: "staged output '\(path)'")
        switch target {
        case .stage:
            try host.chargeNewOutput(path, for: "staged output '\(path)'")
            try host.outputs.append(path, data)
        case .export(let sink): sink.append(path, data)
        }
    }

    /// A writer for another file of the same target (`out:file("sub/x.txt")`).
    func sibling(_ path: String) -> ScriptWriter { ScriptWriter(path: path, target: target) }
}

enum WriterBinding {
    static func receiver(_ a: Args) throws -> ScriptWriter {
        guard let w = ObjectBox<ScriptWriter>.get(a.lua.L, 1, kind: .writer) else {
            throw BindingError("\(a.function): call it with ':' on an output writer, got \(a.lua.describe(1)) as the receiver")
        }
        return w
    }

    static func push(_ w: ScriptWriter, _ L: OpaquePointer) {
        ObjectBox.push(w, kind: .writer, bytes: 0, on: L)
    }

    /// `out:write(…)`: strings and numbers, concatenated; `out:line(…)` adds a newline.
    static func write(_ L: OpaquePointer?, _ name: String, newline: Bool) -> Int32 {
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "out:" + name, method: true)
            let w = try receiver(a)
            var text = ""
            for n in 1...max(1, a.count) where !(a.count == 0) {
                if let s = lua.string(a.slot(n)) { text += s }
                else if let d = lua.number(a.slot(n)) { text += lua.integer(a.slot(n)).map(String.init) ?? formatNumber(d) }
                else { throw a.fail(n, "text", "a string or number") }
            }
            if newline { text += "\n" }
            try w.append(Data(text.utf8), host: host)
            lua.settop(1)
            return 1
        }
    }

    static func validated(_ raw: String, _ fname: String) throws -> String {
        do { return try OutputStage.validate(raw) } catch let e as BindingError {
            throw BindingError("\(fname): argument 1 (path): \(e.message)")
        }
    }

    static let methods: [LuaBinding] = [
        LuaBinding("write", "(...: any): Writer | appends the values as text", { write($0, "write", newline: false) }),
        LuaBinding("line", "(...: any): Writer | appends the values and a newline", { write($0, "line", newline: true) }),
        LuaBinding("path", "(): string | the file's path inside the output folder", { L in HostContext.guarded(L) { _, lua in lua.push(try receiver(Args(lua, "out:path", method: true)).path); return 1 } }),
        // `out:file(path)`: a writer for another file next to this one (multi-file exporters).
        LuaBinding("file", "(path: string): Writer | a writer for another file next to this one", { L in HostContext.guarded(L) { host, lua in
            let a = Args(lua, "out:file", method: true)
            let w = try receiver(a)
            let path = try validated(try a.string(1, "path"), "out:file")
            let s = w.sibling(path)
            try s.append(Data(), host: host)
            push(s, L!)
            return 1 } }),
    ]

    /// `hb.output(path)`: a writer for a file inside the output folder.
    static let hbOutput: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.output")
            let path = try validated(try a.string(1, "path"), "hb.output")
            try host.stage(path, bytes: [], for: "hb.output('\(path)')")
            push(ScriptWriter(path: path), L!)
            return 1
        }
    }

    static let gc: hb_swift_fn = { L in ObjectBox<ScriptWriter>.collect(L, kind: .writer) { _ in 0 } }
}

extension WriterBinding {
    /// Module functions beyond colors and buffers: outputs and sweeps.
    static let moduleFunctions: [LuaBinding] = [
        LuaBinding("output", "(path: string): Writer | a file in the output folder (relative path, written when the run succeeds)", hbOutput),
        LuaBinding("sweep", "(spec: table): SweepResult | sweeps a generator's parameters over hues and scores every ramp", SweepBinding.hbSweep),
        LuaBinding("range", "(from: number, to: number, steps: integer): table | an evenly spaced range for hb.sweep params (a plain list is a list)",
                   SweepBinding.hbRange),
    ]
}
