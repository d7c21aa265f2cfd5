import ColorIO
import CLua
import CLuaShims
import ColorCore
import ColorExport
import Foundation
import Palettes

/// Options of one script run: limits, determinism, the folders a script may read, and where outputs go.
public struct ScriptOptions: Sendable {
    /// Wall-clock budget in seconds for everything run in the state (plugins and script); 0 disables it.
    public var timeLimit: Double = 10
    /// Memory cap in bytes for the Lua heap plus host buffers; 0 disables it.
    public var memoryLimit: Int = 512 << 20
    /// Seed of `math.random` (scripts are deterministic).
    public var seed: Int = 0
    /// Folders scripts may `require`, `loadfile` and `dofile` from (the script's own folder is added by `run`).
    public var allowedFolders: [String] = []
    /// Where `out` writers and `:save(path)` write (paths are relative to it and may not leave it). nil: no
    /// folder was given; a script may then write only into new folders it names (see `OutputStage`).
    public var outputFolder: String? = nil
    /// The line a watchdog writes before ending the process with exit status 3 when a string pattern function
    /// (which runs in C, where the time hook cannot fire) is still running past the deadline plus a grace of
    /// 10% of the budget (at most 1 s). nil: no watchdog (a library caller's process is never ended). The CLI
    /// sets it; a pathological pattern is then stopped within 1.1× the budget (+10 ms polling).
    public var watchdogMessage: String? = nil

    public init(timeLimit: Double = 10, memoryLimit: Int = 512 << 20, seed: Int = 0,
                allowedFolders: [String] = [], outputFolder: String? = nil) {
        self.timeLimit = timeLimit; self.memoryLimit = memoryLimit; self.seed = seed
        self.allowedFolders = allowedFolders; self.outputFolder = outputFolder
    }
}

/// One embedded Lua 5.4 interpreter: one `lua_State` per run, sandboxed, with a time and memory limit.
///
/// Lua errors are longjmps; they never cross a Swift frame. Swift bindings return a status and the C
/// trampoline in `CLuaShims` raises after they have returned; Swift calls into Lua only through protected calls.
/// Outputs a script asks for are staged in memory and written (atomically) by `commitOutputs()` only after
/// the script succeeded, so a failed or killed script leaves no partial file.
/// The last contrast method `c:contrast` looked up: its name, formula and input space index (plain fields, so
/// the hot path copies no `ContrastMethod` value).
struct ContrastCache {
    var name = ""
    var evaluate: (@Sendable (SIMD3<Double>, SIMD3<Double>) -> Double)? = nil
    var input: Int32 = 0
}

public final class LuaState {
    let L: OpaquePointer
    let limits: UnsafeMutablePointer<hb_limits>
    public let options: ScriptOptions
    public let workbench: Workbench
    /// Families, generators and policies: the built-ins plus what scripts register (Lua generators and
    /// policies become `RampGenerator`/`Policy` entries whose closures call back into this state).
    public internal(set) var palettes: PaletteWorkbench
    /// Export formats: the built-ins plus the `Exporter`s Lua plugins register.
    public internal(set) var exporters: Registry<Exporter> = Exporters.standard
    /// Serializes every entry into the Lua state. A `lua_State` is single-threaded: registry entries made from
    /// Lua (generators, policies, exporters) may be called from several threads (`PaletteWorkbench.palette`
    /// generates families concurrently), so each call takes this lock and Lua-backed entries run one at a time.
    /// Recursive: a Lua generator may be reached again from a binding running on the same thread.
    let gate = NSRecursiveLock()
    /// Nesting of calls into Lua (0: no Lua code running); guarded by `gate`.
    var entryDepth = 0
    /// Seconds of the time budget left; time passes only while Lua code (or host work it asked for) runs.
    var remainingBudget: Double
    /// Where the outermost current entry started (monotonic seconds).
    var entryStart = 0.0
    /// Set by `hb.export(name, families, path)`: the file a Lua exporter's `out` writes instead of its default.
    var exportPathOverride: String?
    var colorFunctionsCache: ColorFunctions?
    /// Hot-path caches: the color metatable (address for pointer compares, registry ref for pushes), plans by
    /// space pair, and the last contrast method looked up.
    var colorMetatable: UnsafeRawPointer? = nil
    var colorMetatableRef: Int32 = 0
    var plans: [Int: ConversionPlan] = [:]
    var contrastCache = ContrastCache()
    /// What a build script asked to export (`hb.build{…}`).
    public internal(set) var buildConfig: ScriptBuild?
    /// Lua policies with stop rules or a `check` function: the prelude's evaluator, per policy id.
    var policyExtras: [String: LuaCallback] = [:]
    /// Families made by `hb.family{…}` (not registered), by handle − 1, so `hb.audit` can audit them.
    var scriptFamilies: [Family] = []
    /// Receives everything scripts `print`.
    public var printSink: (String) -> Void
    /// Files staged by scripts, written by `commitOutputs()`.
    var outputs: OutputStage
    /// What scripts and plugins registered, with the file each came from.
    public internal(set) var registry = ScriptRegistry()
    /// The file whose code is running (registrations are attributed to it).
    var currentFile = "(host)"
    var allowedFolders: [String]
    /// Color space ids by index: colors store the index, not the string.
    var spaceIDs: [ColorSpaceID] = []
    var spaceIndex: [String: Int32] = [:]
    /// Registry references of the prelude's functions.
    var newEnvRef: Int32 = 0
    var showRef: Int32 = 0

    public init(options: ScriptOptions = ScriptOptions(), workbench: Workbench = .standard,
                print: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }) throws {
        let limits = UnsafeMutablePointer<hb_limits>.allocate(capacity: 1)
        limits.initialize(to: hb_limits())
        limits.pointee.cap = options.memoryLimit > 0 ? Int(options.memoryLimit) : 0
        limits.pointee.host_depth = 1  // setup runs with a soft cap: nothing in it may raise
        guard let state = hb_newstate(limits) else {
            limits.deallocate()
            throw ColorScriptError.limit(.memory, message: "cannot create a Lua state: out of memory")
        }
        self.L = state
        self.limits = limits
        self.options = options
        self.workbench = workbench
        var pw = PaletteWorkbench.standard
        pw.core = workbench
        self.palettes = pw
        self.printSink = print
        self.outputs = OutputStage(folder: options.outputFolder)
        self.remainingBudget = options.timeLimit
        self.allowedFolders = options.allowedFolders.map { LuaState.canonical($0) }
        for id in workbench.spaces.spaces.ids {
            spaceIndex[id] = Int32(spaceIDs.count)
            spaceIDs.append(ColorSpaceID(id))
        }
        hb_extraspace(L)!.storeBytes(of: Unmanaged.passUnretained(self).toOpaque(), as: UnsafeMutableRawPointer.self)
        hb_start_clock(limits, options.timeLimit)
        hb_open_safe_libs(L)
        hb_guard_patterns(L)
        try installSandbox()
        limits.pointee.host_depth = 0
        if let m = options.watchdogMessage, options.timeLimit > 0 {
            hb_watch(limits, m, min(options.timeLimit * 0.1, 1))
        }
    }

    deinit {
        hb_unwatch(limits)
        lua_close(L)
        limits.deallocate()
    }

    /// The host of a state, from inside a binding.
    static func host(_ L: OpaquePointer?) -> LuaState {
        let p = hb_extraspace(L)!.load(as: UnsafeMutableRawPointer.self)
        return Unmanaged<LuaState>.fromOpaque(p).takeUnretainedValue()
    }

    /// Runs a binding body: a thrown `BindingError` becomes a Lua error raised by the trampoline with the
    /// caller's file and line.
    @inline(__always)
    static func guarded(_ L: OpaquePointer?, _ body: (LuaState, Lua) throws -> Int32) -> Int32 {
        let lua = Lua(L: L!)
        do {
            return try body(host(L), lua)
        } catch let e as BindingError {
            if e.located { lua.push(e.message) } else { hb_push_error_where(L, e.message) }
            return -1
        } catch {
            hb_push_error_where(L, "\(error)")
            return -1
        }
    }

    /// Peak bytes used by the Lua heap and host buffers.
    public var peakMemory: Int { Int(limits.pointee.peak) }
    /// Bytes in use now.
    public var memoryInUse: Int { Int(limits.pointee.used) }

    // MARK: Running code

    /// Runs a script file with `arguments` in its global `arg` (and as `...`). The script's folder is allowed
    /// for `require`/`dofile`. Throws `ColorScriptError` (`.limit` for the time or memory limit).
    public func run(file path: String, arguments: [String] = []) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ColorScriptError.file(path: path, reason: "cannot read the script; check the path")
        }
        let folder = LuaState.canonical(PathText.parent(path))
        if !allowedFolders.contains(folder) { allowedFolders.append(folder) }
        try runChunk(data, chunkname: "@" + path, file: path, arguments: arguments, scriptName: path)
    }

    /// Runs Lua source text (chunk name `name`, shown in errors as `name:line:`).
    public func run(source: String, name: String = "script", arguments: [String] = []) throws {
        try runChunk(Data(source.utf8), chunkname: "=" + name, file: name, arguments: arguments, scriptName: name)
    }

    /// Evaluates an expression (or, if it is not one, a statement list) and returns each result as `tostring` shows it.
    public func eval(_ code: String) throws -> [String] {
        try enter { try evalEntered(code) }
    }

    private func evalEntered(_ code: String) throws -> [String] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_rawgeti(L, hb_registryindex(), lua_Integer(showRef))
        var status = load(Data(("return " + code).utf8), chunkname: "=eval")
        if status != LUA_OK {
            hb_pop(L, 1)
            status = load(Data(code.utf8), chunkname: "=eval")
        }
        guard status == LUA_OK else { throw decodeError(status) }
        try setEnvironment(ofFunctionAt: -1, arguments: [], scriptName: "eval")
        currentFile = "eval"
        let s = hb_pcall_traced(L, 1, 1)
        guard s == LUA_OK else { throw decodeError(s) }
        let lua = Lua(L: L)
        var results: [String] = []
        let n = lua.rawLength(-1)
        if n > 0 { for i in 1...n { lua.getIndex(-1, i); results.append(lua.string(-1) ?? ""); lua.pop() } }
        return results
    }

    func load(_ data: Data, chunkname: String) -> Int32 {
        var bytes = [CChar](repeating: 0, count: max(data.count, 1))
        data.withUnsafeBytes { b in
            bytes.withUnsafeMutableBytes { d in if b.count > 0 { d.copyMemory(from: b) } }
        }
        return hb_load_text(L, bytes, data.count, chunkname)
    }

    /// Runs `body` as one entry into the Lua state: takes the gate, keeps the allocator's cap soft while Swift
    /// pushes arguments (Lua code itself runs with the hard cap: `hb_pcall_traced` restores it), and runs the
    /// time budget's clock only while an outermost entry is in progress, so the budget counts time spent in
    /// plugins and scripts, not the host's own work between calls.
    func enter<T>(_ body: () throws -> T) throws -> T {
        gate.lock()
        defer { gate.unlock() }
        let outermost = entryDepth == 0
        if outermost {
            entryStart = hb_now()
            if options.timeLimit > 0 { limits.pointee.deadline = entryStart + max(remainingBudget, 0) }
        }
        entryDepth += 1
        let savedDepth = limits.pointee.host_depth
        limits.pointee.host_depth = max(savedDepth, 1)
        defer {
            limits.pointee.host_depth = savedDepth
            entryDepth -= 1
            if outermost { remainingBudget -= hb_now() - entryStart }
        }
        return try body()
    }

    func runChunk(_ data: Data, chunkname: String, file: String, arguments: [String], scriptName: String) throws {
        try enter { try runChunkEntered(data, chunkname: chunkname, file: file, arguments: arguments, scriptName: scriptName) }
    }

    private func runChunkEntered(_ data: Data, chunkname: String, file: String, arguments: [String], scriptName: String) throws {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let status = load(data, chunkname: chunkname)
        guard status == LUA_OK else { throw decodeError(status) }
        try setEnvironment(ofFunctionAt: -1, arguments: arguments, scriptName: scriptName)
        let lua = Lua(L: L)
        for a in arguments { lua.push(a) }
        let saved = currentFile
        currentFile = file
        defer { currentFile = saved }
        let s = hb_pcall_traced(L, Int32(arguments.count), 0)
        guard s == LUA_OK else { throw decodeError(s) }
    }

    /// Gives the function at `index` a fresh sandbox environment (its `_ENV` upvalue) with `arg` set.
    func setEnvironment(ofFunctionAt index: Int32, arguments: [String], scriptName: String) throws {
        let fn = lua_absindex(L, index)
        lua_rawgeti(L, hb_registryindex(), lua_Integer(newEnvRef))
        let s = hb_pcall_traced(L, 0, 1)
        guard s == LUA_OK else { throw decodeError(s) }
        let lua = Lua(L: L)
        lua.newTable(array: Int32(arguments.count), record: 1)
        lua.push(scriptName); lua.setIndex(-2, 0)
        for (i, a) in arguments.enumerated() { lua.push(a); lua.setIndex(-2, i + 1) }
        lua.setField(-2, "arg")
        _ = lua_setupvalue(L, fn, 1)
    }

    /// Turns the error on top of the stack into a `ColorScriptError` (and pops it).
    func decodeError(_ status: Int32) -> ColorScriptError {
        let lua = Lua(L: L)
        defer { lua.pop() }
        var message = "unknown error", traceback = ""
        if lua.type(-1) == LUA_TTABLE {
            lua.getField(-1, "message"); message = lua.string(-1) ?? message; lua.pop()
            lua.getField(-1, "traceback"); traceback = lua.string(-1) ?? ""; lua.pop()
        } else if let s = lua.string(-1) {
            message = s
        }
        let tripped = hb_tripped(L)
        if tripped == Int32(HB_LIMIT_TIME) {
            return .limit(.time, message: limitMessage(message, "time limit of \(formatNumber(options.timeLimit)) s exceeded; raise it with --time-limit"))
        }
        if tripped == Int32(HB_LIMIT_MEMORY) || status == LUA_ERRMEM {
            let mib = formatNumber(Double(options.memoryLimit) / 1048576)
            return .limit(.memory, message: limitMessage(message, "memory limit of \(mib) MiB exceeded; raise it with --memory-limit"))
        }
        return .script(message: message, traceback: traceback)
    }

    /// "file:line: what" when the error carries the script's location, else "file: what".
    private func limitMessage(_ raw: String, _ what: String) -> String {
        if let r = raw.range(of: #"^[^\s]+:\d+: "#, options: .regularExpression) { return String(raw[r]) + what }
        return "\(currentFile): \(what)"
    }

    /// Writes every staged output atomically. Call after a successful run; returns the written paths.
    @discardableResult public func commitOutputs() throws -> [String] { try outputs.commit() }
    /// Takes the staged files (path relative to the output folder, bytes) out of the stage, in write order, so
    /// a caller with its own atomic writer (`huebench build`) writes them with the rest of its outputs.
    public func takeStagedOutputs() -> [(path: String, bytes: Data)] {
        let out = outputs.order.map { ($0, outputs.files[$0]!) }
        outputs = OutputStage(folder: outputs.folder)
        return out
    }
    /// Paths staged so far (relative to the output folder), in the order they were written.
    public var stagedOutputs: [String] { outputs.order }
    /// Bytes staged so far (held in memory until the commit): what staged outputs cost the memory budget.
    public var stagedOutputBytes: Int { outputs.byteCount }

    static func canonical(_ path: String) -> String {
        let abs = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: abs).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Resolves a path a script asked to read: it must be inside an allowed folder (after resolving `..` and links).
    func allowedPath(_ path: String) -> String? {
        let c = LuaState.canonical(path)
        for f in allowedFolders where c == f || c.hasPrefix(f.hasSuffix("/") ? f : f + "/") { return c }
        return nil
    }
}
