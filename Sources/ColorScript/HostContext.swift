import CLua
import CLuaShims
import ColorCore
import ColorExport
import Foundation
import Palettes

/// The last contrast method `c:contrast` looked up: its name, formula and input space index (plain fields, so
/// the hot path copies no `ContrastMethod` value).
struct ContrastCache {
    var name = ""
    var evaluate: (@Sendable (SIMD3<Double>, SIMD3<Double>) -> Double)? = nil
    var input: Int32 = 0
}

/// What the bindings need from the host, as opposed to the interpreter itself: the workbench and the palette
/// and exporter registries (built-ins plus what scripts register), caches of the hot paths, the outputs a
/// script staged, what a build script asked for, and the folders scripts may read.
///
/// Owned by its `LuaInterpreter` (one each); a binding reaches it through `HostContext.guarded(L) { host, lua in … }`.
/// Interpreter concerns (running Lua, the time and memory budget, errors) are reached through `interpreter`;
/// the host-call API (`charge(bytes:for:)`, `deadline`) is forwarded here for bindings.
public final class HostContext {
    /// The interpreter that owns this context. Set once, right after both exist; the interpreter outlives the context's use.
    unowned(unsafe) var interpreter: LuaInterpreter!
    let L: OpaquePointer
    public internal(set) var workbench: Workbench
    /// Families, generators and policies: the built-ins plus what scripts register (Lua generators and
    /// policies become `RampGenerator`/`Policy` entries whose closures call back into this state).
    public internal(set) var palettes: PaletteWorkbench
    /// Export formats: the built-ins plus the `Exporter`s Lua plugins register.
    public internal(set) var exporters: Registry<Exporter> = Exporters.standard
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
    /// The script file being run and the SHA-256 of its bytes (study provenance).
    var scriptFile: (path: String, sha256: String)?
    /// The `math.random` seed scripts run with.
    var seed: Int = 0
    /// Family stops handed to the script (`f:stop`, `f:stops`), by their exact OKLCH and alpha, so the color
    /// functions move a stop to the exact stop n away in its family's scale (`_500:lighten(2)` is `_400`).
    var stopOrigins: [[UInt64]: (family: Family, stop: Stop)] = [:]
    /// Receives everything scripts `print`.
    public var printSink: (String) -> Void
    /// Files staged by scripts, written by `commitOutputs()`.
    var outputs: OutputStage
    /// What scripts and plugins registered, with the file each came from.
    public internal(set) var registry = ScriptRegistry()
    /// Folders scripts may read (canonical paths).
    var allowedFolders: [String]
    /// Files the user named (`--input`, script arguments), canonical: readable by `hb.load_colors`.
    var readableFiles: Set<String> = []
    /// Color space ids by index: colors store the index, not the string.
    var spaceIDs: [ColorSpaceID] = []
    var spaceIndex: [String: Int32] = [:]

    init(L: OpaquePointer, options: ScriptOptions, workbench: Workbench, print: @escaping (String) -> Void) {
        self.L = L
        self.workbench = workbench
        var pw = PaletteWorkbench.standard
        pw.core = workbench
        self.palettes = pw
        self.printSink = print
        self.outputs = OutputStage(folder: options.outputFolder)
        self.seed = options.seed
        self.allowedFolders = options.allowedFolders.map { HostContext.canonical($0) }
        self.readableFiles = Set(options.readableFiles.map { HostContext.canonical($0) })
        for id in workbench.spaces.spaces.ids {
            spaceIndex[id] = Int32(spaceIDs.count)
            spaceIDs.append(ColorSpaceID(id))
        }
    }

    /// The run's options (limits, seed, folders).
    var options: ScriptOptions { interpreter.options }
    /// The file whose code is running (registrations are attributed to it).
    var currentFile: String {
        get { interpreter.currentFile }
        set { interpreter.currentFile = newValue }
    }

    /// The host context of a state, from inside a binding.
    static func host(_ L: OpaquePointer?) -> HostContext {
        let p = hb_extraspace(L)!.load(as: UnsafeMutableRawPointer.self)
        return Unmanaged<HostContext>.fromOpaque(p).takeUnretainedValue()
    }

    /// Runs a binding body: a thrown `BindingError` (or any error) becomes a Lua error, raised by the C
    /// trampoline after this Swift frame has returned, prefixed with the caller's file and line. A
    /// `DeadlineExceeded` or `MemoryRefusal` from a host call trips the corresponding limit, so it ends the
    /// script (exit 3 in the CLI) and `pcall` cannot swallow it.
    @inline(__always)
    static func guarded(_ L: OpaquePointer?, _ body: (HostContext, Lua) throws -> Int32) -> Int32 {
        let lua = Lua(L: L!)
        do {
            return try body(host(L), lua)
        } catch let e as BindingError {
            if e.located { hb_push_capped(L, e.message) } else { hb_push_error_where(L, e.message) }
            return -1
        } catch let e as MemoryRefusal {
            hb_trip(L, Int32(HB_LIMIT_MEMORY))
            hb_push_error_where(L, e.description)
            return -1
        } catch is DeadlineExceeded {
            hb_trip(L, Int32(HB_LIMIT_TIME))
            hb_push_error_where(L, "")
            return -1
        } catch {
            hb_push_error_where(L, "\(error)")
            return -1
        }
    }

    // MARK: The host-call API (see docs/architecture.md, "The Lua host")

    /// Charges `bytes` to the script's one memory budget before a host call allocates them; throws
    /// `MemoryRefusal` (one line naming what, the bytes and the cap) when they do not fit. Refund with
    /// `refund(bytes:)` when the host memory is freed (or keep it charged for as long as Lua holds it).
    func charge(bytes: Int, for what: @autoclosure () -> String) throws(MemoryRefusal) {
        try interpreter.charge(bytes: bytes, for: what())
    }
    /// A collector step worth `bytes`, run just before a large buffer or matrix is allocated: garbage ones
    /// are freed first, so the allocator hands their memory (already faulted in, often still in cache) to the
    /// new one instead of fresh pages. Below 64 KiB it does nothing.
    func collectBeforeAllocating(bytes: Int) {
        if bytes >= 1 << 16 { _ = hb_gc_step(interpreter.L, Int32(clamping: bytes >> 10)) }
    }
    /// Gives back bytes charged with `charge(bytes:for:)`.
    func refund(bytes: Int) { interpreter.refund(bytes: bytes) }
    /// The deadline of the current entry into Lua (from the remaining time budget); pass it to long work.
    var deadline: Deadline { interpreter.deadline }

    /// Stages `bytes` as the whole output file `path` (held in memory until the commit): charges them to the
    /// budget first, and gives back what the file held before when this replaces it.
    func stage(_ path: String, bytes: [UInt8], for what: @autoclosure () -> String) throws {
        try chargeNewOutput(path, for: what())
        try charge(bytes: bytes.count, for: what())
        let previous = outputs.stagedSize(path)
        do { try outputs.stage(path, bytes: bytes) } catch { refund(bytes: bytes.count); throw error }
        refund(bytes: previous)
    }

    /// What one staged file holds besides its bytes (its path, twice, and its table entries).
    static func stagedFileOverhead(_ path: String) -> Int { 160 + 2 * path.utf8.count }

    /// Charges a file's overhead the first time `path` is staged (kept until the run ends: files are never
    /// unstaged), so a million empty outputs are held to the memory limit too.
    func chargeNewOutput(_ path: String, for what: @autoclosure () -> String) throws {
        guard !outputs.isStaged(path) else { return }
        try charge(bytes: Self.stagedFileOverhead(path), for: what())
    }

    // MARK: Paths

    static func canonical(_ path: String) -> String {
        let abs = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: abs).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Resolves a path a script asked to read: it must be inside an allowed folder (after resolving `..` and links).
    func allowedPath(_ path: String) -> String? {
        let c = HostContext.canonical(path)
        for f in allowedFolders where c == f || c.hasPrefix(f.hasSuffix("/") ? f : f + "/") { return c }
        return nil
    }
}
