import CLua
import CLuaShims
import ColorCore
import ColorIO
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
    /// Files the user named (`--input FILE`) that `hb.load_colors` may read besides the script's folder and the
    /// script's arguments that name files.
    public var readableFiles: [String] = []
    /// Where `out` writers and `:save(path)` write (paths are relative to it and may not leave it). nil: no
    /// folder was given; a script may then write only into new folders it names (see `OutputStage`).
    public var outputFolder: String? = nil
    /// The line a watchdog writes before ending the process with exit status 3 when C library code the time
    /// hook cannot interrupt (string patterns, `table.concat`, `load` …) is still running past the deadline
    /// plus a grace of 5% of the budget (at most 0.5 s). nil: no watchdog (a library caller's process is never
    /// ended). The CLI sets it.
    public var watchdogMessage: String? = nil
    /// For a process that exits right after the state is dropped (the CLI's `run`, `eval`, `plugins`): the Lua
    /// heap is left to the process's exit instead of being freed object by object — a heap of millions of
    /// tables takes 0.1–0.4 s to free, after the script has already stopped at its limit. Streamed temp files are
    /// still removed. Never set it for a state dropped in a process that goes on (it would keep the heap).
    public var leaveHeapToProcessExit = false

    public init(timeLimit: Double = 10, memoryLimit: Int = 512 << 20, seed: Int = 0,
                allowedFolders: [String] = [], outputFolder: String? = nil) {
        self.timeLimit = timeLimit; self.memoryLimit = memoryLimit; self.seed = seed
        self.allowedFolders = allowedFolders; self.outputFolder = outputFolder
    }
}

/// One embedded Lua 5.4 interpreter: the `lua_State`, its budget (time and memory), hooks and protected calls.
/// What bindings need (registries, caches, staged outputs) lives in its `HostContext`.
///
/// Lua errors are longjmps; they never cross a Swift frame. Swift bindings return a status and the C
/// trampoline in `CLuaShims` raises after they have returned; Swift calls into Lua only through protected calls.
/// Outputs a script asks for are staged in memory and written (atomically) by `commitOutputs()` only after
/// the script succeeded, so a failed or killed script leaves no partial file.
public final class LuaInterpreter {
    let L: OpaquePointer
    let limits: UnsafeMutablePointer<hb_limits>
    public let options: ScriptOptions
    /// What the bindings use: workbench, registries, caches, staged outputs, build config.
    public let host: HostContext
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
    /// The deadline handed to host calls during the current outermost entry (made on first use).
    var entryDeadline: Deadline?
    /// A limit message a host call set before tripping a limit (a memory refusal names bytes and cap).
    var limitDetail: String?
    /// The file whose code is running (registrations are attributed to it).
    var currentFile = "(host)"
    /// Registry references of the prelude's functions.
    var newEnvRef: Int32 = 0
    var showRef: Int32 = 0

    public init(options: ScriptOptions = ScriptOptions(), workbench: Workbench = .standard,
                print: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }) throws {
        _ = Self.reuseFreedPages
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
        self.host = HostContext(L: state, options: options, workbench: workbench, print: print)
        self.remainingBudget = options.timeLimit
        // Streamed temp files a run killed before its commit left in the output folder are removed now.
        if let folder = options.outputFolder { StreamJournal.recover(folder: folder) }
        host.interpreter = self
        hb_extraspace(L)!.storeBytes(of: Unmanaged.passUnretained(host).toOpaque(), as: UnsafeMutableRawPointer.self)
        hb_start_clock(limits, options.timeLimit)
        hb_open_safe_libs(L)
        hb_guard_library_calls(L)
        try installSandbox()
        limits.pointee.host_depth = 0
        if let m = options.watchdogMessage, options.timeLimit > 0 {
            hb_watch(limits, m, min(options.timeLimit * 0.05, 0.5))
        }
    }

    /// Buffers and matrices a script makes are large and short-lived (one per `hb.convert`, `hb.matrix`…). With
    /// glibc's defaults each is a fresh `mmap`, zero-filled by the kernel page by page on first write (a third of
    /// the time of a 1 M color conversion); up to 32 MiB they are taken from the heap instead, and freed
    /// memory up to 1 GiB is kept for the next one (the collector frees them: `ObjectBox.push` tells it their
    /// size). Set once per process, when the first interpreter is created.
    static let reuseFreedPages: Void = {
        hb_reuse_freed_pages(32 << 20, 1 << 30)  // 32 MiB: glibc's largest mmap threshold on 64-bit
    }()

    deinit {
        host.outputs.discardStreams()
        hb_unwatch(limits)
        if options.leaveHeapToProcessExit { return }
        lua_close(L)
        limits.deallocate()
    }

    /// The color registries as scripts and plugins have extended them (`hb.register_contrast`, `hb.register_deltae`).
    public var workbench: Workbench { host.workbench }

    /// Peak bytes used by the Lua heap and host buffers.
    public var peakMemory: Int { Int(limits.pointee.peak) }
    /// Bytes in use now.
    public var memoryInUse: Int { Int(limits.pointee.used) }

    // MARK: Host-call API: memory charged before allocation, a deadline per entry

    /// Charges `bytes` to the one memory budget (Lua heap + host buffers), or throws `MemoryRefusal` naming
    /// `what`, the bytes and the cap. Runs a full collection before refusing.
    func charge(bytes: Int, for what: @autoclosure () -> String) throws(MemoryRefusal) {
        guard bytes > 0 else { return }
        let cap = limits.pointee.cap
        if cap > 0 && (bytes > cap || Int(limits.pointee.used) > cap - bytes) {
            if bytes <= cap { hb_gc_collect(L) }
            if bytes > cap || Int(limits.pointee.used) > cap - bytes {
                let r = MemoryRefusal(what: what(), bytes: bytes, inUse: Int(limits.pointee.used), cap: cap)
                limitDetail = r.description
                throw r
            }
        }
        _ = hb_charge(limits, Int64(bytes))
    }

    /// Gives back bytes charged with `charge(bytes:for:)`.
    func refund(bytes: Int) {
        if bytes > 0 { _ = hb_charge(limits, -Int64(bytes)) }
    }

    /// The deadline of the current entry into Lua: the remaining time budget as a `Deadline` (none without a
    /// time limit). Host calls pass it to long work, which polls it per block and throws `DeadlineExceeded`;
    /// `HostContext.guarded` turns that into the time-limit error.
    var deadline: Deadline {
        if let d = entryDeadline { return d }
        let d: Deadline
        if options.timeLimit > 0 && limits.pointee.deadline > 0 {
            d = Deadline(seconds: max(limits.pointee.deadline - hb_now(), 1e-9),
                         what: "time limit of \(formatNumber(options.timeLimit)) s (--time-limit)")
        } else {
            d = .none()
        }
        if entryDepth > 0 { entryDeadline = d }
        return d
    }

    // MARK: Running code

    /// Runs a script file with `arguments` in its global `arg` (and as `...`). The script's folder is allowed
    /// for `require`/`dofile`. Throws `ColorScriptError` (`.limit` for the time or memory limit).
    public func run(file path: String, arguments: [String] = []) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ColorScriptError.file(path: path, reason: "cannot read the script; check the path")
        }
        let folder = HostContext.canonical(PathText.parent(path))
        if !host.allowedFolders.contains(folder) { host.allowedFolders.append(folder) }
        // Arguments that name files are files the user named: `hb.load_colors` may read them.
        for a in arguments where FileManager.default.fileExists(atPath: a) { host.readableFiles.insert(HostContext.canonical(a)) }
        host.scriptFile = (path, SHA256.hex([UInt8](data)))
        try runChunk(data, chunkname: "@" + path, file: path, arguments: arguments, scriptName: path)
    }

    /// Runs Lua source text (chunk name `name`, shown in errors as `name:line:`).
    public func run(source: String, name: String = "script", arguments: [String] = []) throws {
        try runChunk(Data(source.utf8), chunkname: "=" + name, file: name, arguments: arguments, scriptName: name)
    }

    /// The positions (`"1, 3"`) of the last `eval`'s results that were NaN or ±∞ (shown as NaN, inf, -inf), or nil.
    public private(set) var lastEvalNonFinite: String?

    /// Evaluates an expression (or, if it is not one, a statement list) and returns each result as `tostring`
    /// shows it, with NaN and ±∞ written NaN, inf and -inf (see `lastEvalNonFinite`).
    public func eval(_ code: String) throws -> [String] {
        try enter { try evalEntered(code) }
    }

    private func evalEntered(_ code: String) throws -> [String] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_rawgeti(L, hb_registryindex(), lua_Integer(showRef))
        // `select(1, …)` keeps every result but makes a call in the expression no tail call, so the eval chunk
        // stays on the stack and an error raised inside the call names `eval:1`.
        var status = load(Data(("return select(1, " + code + "\n)").utf8), chunkname: "=eval")
        if status != LUA_OK {
            hb_pop(L, 1)
            status = load(Data(code.utf8), chunkname: "=eval")
        }
        guard status == LUA_OK else { throw decodeError(status, chunk: "eval") }
        try setEnvironment(ofFunctionAt: -1, arguments: [], scriptName: "eval")
        currentFile = "eval"
        let s = hb_pcall_traced(L, 1, 1)
        guard s == LUA_OK else { throw decodeError(s) }
        let lua = Lua(L: L)
        var results: [String] = []
        let n = lua.rawLength(-1)
        if n > 0 { for i in 1...n { lua.getIndex(-1, i); results.append(lua.string(-1) ?? ""); lua.pop() } }
        lua_getfield(L, -1, "nonfinite")
        lastEvalNonFinite = lua.string(-1)
        lua.pop()
        return results
    }

    func load(_ data: Data, chunkname: String) -> Int32 {
        data.withUnsafeBytes { load($0, chunkname: chunkname) }
    }

    /// Loads a text chunk (binary chunks are refused) and pushes it, or pushes the error; returns the status.
    func load(_ bytes: UnsafeRawBufferPointer, chunkname: String) -> Int32 {
        var empty: CChar = 0
        guard let base = bytes.baseAddress, bytes.count > 0 else { return hb_load_text(L, &empty, 0, chunkname) }
        return hb_load_text(L, base.assumingMemoryBound(to: CChar.self), bytes.count, chunkname)
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
            entryDeadline = nil
            if options.timeLimit > 0 { limits.pointee.deadline = entryStart + max(remainingBudget, 0) }
        }
        entryDepth += 1
        let savedDepth = limits.pointee.host_depth
        limits.pointee.host_depth = max(savedDepth, 1)
        defer {
            limits.pointee.host_depth = savedDepth
            entryDepth -= 1
            if outermost { remainingBudget -= hb_now() - entryStart; entryDeadline = nil }
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
        guard status == LUA_OK else { throw decodeError(status, chunk: file) }
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

    /// Turns the error on top of the stack into a `ColorScriptError` (and pops it). `chunk`: for a load error
    /// (no stack to walk), the chunk whose `chunk:line:` prefix the message carries.
    func decodeError(_ status: Int32, chunk: String? = nil) -> ColorScriptError {
        let lua = Lua(L: L)
        defer { lua.pop() }
        var message = "unknown error", traceback = ""
        var location: ScriptLocation? = nil
        if lua.type(-1) == LUA_TTABLE {
            lua.getField(-1, "message"); message = lua.string(-1) ?? message; lua.pop()
            lua.getField(-1, "traceback"); traceback = lua.string(-1) ?? ""; lua.pop()
            lua.getField(-1, "source")
            if let src = lua.string(-1) {
                lua.getField(-2, "line")
                location = ScriptLocation(chunk: src, line: lua.integer(-1) ?? 0)
                lua.pop()
            }
            lua.pop()
        } else if let s = lua.string(-1) {
            message = s
        }
        if location == nil, let chunk, message.hasPrefix(chunk + ":") {
            let rest = message.dropFirst(chunk.count + 1)
            if let line = Int(rest.prefix(while: { $0.isNumber })) { location = ScriptLocation(chunk: chunk, line: line) }
        }
        let tripped = hb_tripped(L)
        if tripped == Int32(HB_LIMIT_TIME) {
            return .limit(.time, message: limitMessage(message, location,
                          "time limit of \(formatNumber(options.timeLimit)) s exceeded; raise it with --time-limit"),
                          at: location)
        }
        if tripped == Int32(HB_LIMIT_MEMORY) || status == LUA_ERRMEM {
            // A refused allocation is raised by Lua without the message handler: the allocator noted its line.
            if location == nil, hb_refused_line(L) > 0 {
                location = ScriptLocation(chunk: String(cString: hb_refused_source(L)), line: Int(hb_refused_line(L)))
            }
            let mib = formatNumber(Double(options.memoryLimit) / 1048576)
            let cDetail = String(cString: hb_limit_detail(L))
            let what = limitDetail ?? (cDetail.isEmpty ? nil : cDetail)
                ?? "memory limit of \(mib) MiB exceeded; raise it with --memory-limit"
            return .limit(.memory, message: limitMessage(message, location, what), at: location)
        }
        return .script(message: message, traceback: traceback, at: location)
    }

    /// "file:line: what" when the error carries the script's location, else "file: what".
    private func limitMessage(_ raw: String, _ location: ScriptLocation?, _ what: String) -> String {
        if let location { return "\(location.chunk):\(location.line): \(what)" }
        if let r = raw.range(of: #"^[^\s]+:\d+: "#, options: .regularExpression) { return String(raw[r]) + what }
        return "\(currentFile): \(what)"
    }

    // MARK: The host context's public face

    /// Families, generators and policies: the built-ins plus what scripts registered.
    public var palettes: PaletteWorkbench { host.palettes }
    /// Export formats: the built-ins plus what plugins registered.
    public var exporters: Registry<Exporter> { host.exporters }
    /// What scripts and plugins registered, with the file each came from.
    public var registry: ScriptRegistry { host.registry }
    /// What a build script asked to export (`hb.build{…}`).
    public var buildConfig: ScriptBuild? { host.buildConfig }
    /// Receives everything scripts `print`.
    public var printSink: (String) -> Void {
        get { host.printSink }
        set { host.printSink = newValue }
    }

    /// Writes every staged output atomically. Call after a successful run; returns the written paths.
    @discardableResult public func commitOutputs() throws -> [String] { try host.outputs.commit() }
    /// Takes every output of the run out of the stage, in write order, so a caller with its own atomic writer
    /// (`huebench build`) writes them with the rest of its outputs, all or nothing: the staged files (path
    /// relative to the output folder, bytes), then the streamed ones (`hb.matrix{out=…}`, `hb.sweep{out=…}`),
    /// whose temporary files are mapped (not read into the heap) and removed.
    public func takeStagedOutputs() throws -> [(path: String, bytes: Data)] {
        let out = try host.outputs.takeAll()
        host.outputs = OutputStage(folder: host.outputs.folder)
        return out
    }
    /// Paths staged so far (relative to the output folder), in the order they were written.
    public var stagedOutputs: [String] { host.outputs.order }
    /// Bytes staged so far (held in memory until the commit): what staged outputs cost the memory budget.
    public var stagedOutputBytes: Int { host.outputs.byteCount }
    /// The families a build script exports (see `HostContext.scriptBuildFamilies`).
    public func scriptBuildFamilies(script: String) throws -> [(family: Family, ramp: [RampColor])] {
        try host.scriptBuildFamilies(script: script)
    }
    /// The script checks of a registered Lua policy for one family and its ramp (see `HostContext.policyChecks`).
    public func policyChecks(_ policyID: String, family: Family, ramp: [RampColor]) throws -> [ScriptCheck] {
        try host.policyChecks(policyID, family: family, ramp: ramp)
    }
    /// The script checks of a registered Lua policy for some families (see `HostContext.policyChecks`).
    public func policyChecks(_ policyID: String, families: [Family]) throws -> [ScriptCheck] {
        try host.policyChecks(policyID, families: families)
    }
    /// Whether a policy has script checks beyond its declarative rules.
    public func hasPolicyChecks(_ policyID: String) -> Bool { host.hasPolicyChecks(policyID) }
}

/// A host call's memory request that does not fit the script's budget: one line naming it, the bytes and the cap.
public struct MemoryRefusal: Error, Sendable, CustomStringConvertible {
    public let what: String
    public let bytes: Int
    public let inUse: Int
    public let cap: Int
    /// What to do instead, appended after a comma (e.g. "or stream it with {out=…} / {summary=true}").
    public var advice: String? = nil
    public var description: String {
        let base = "\(what) needs \(formatBytes(bytes)); the memory limit is \(formatBytes(cap)) (--memory-limit)"
        let line = bytes <= cap ? base + ", \(formatBytes(inUse)) of it already in use" : base
        return line + (advice.map { ", " + $0 } ?? "")
    }
}

/// Bytes as people read them: "512 MiB", "37.3 GiB", "812 bytes".
func formatBytes(_ n: Int) -> String {
    let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
    var v = Double(n), u = 0
    while v >= 1024 && u < units.count - 1 { v /= 1024; u += 1 }
    if u == 0 { return "\(n) bytes" }
    let s = v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v)
    return "\(s) \(units[u])"
}
