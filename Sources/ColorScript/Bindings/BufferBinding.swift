import CLua
import CLuaShims
import ColorCore
import ColorKernels
import Dispatch
import Foundation

/// A batch of colors in one space, shared by Lua through a userdata that holds a retained reference.
///
/// Default precision is Float32 planar (`ColorBuffer`, the kernels' format): `hb.convert`, `hb.map_gamut` and
/// `hb.matrix` run the SIMD engine on it. `precision = "f64"` keeps Double coordinates and runs the Double
/// reference path (on every core). Its bytes are charged to the script's memory cap before it is allocated.
final class ScriptBuffer {
    let space: ColorSpaceID
    /// Float32 planes (nil for an f64 buffer).
    let floats: ColorBuffer?
    /// Double coordinates and alpha (f64 buffers only; empty for f32).
    let coords: [SIMD3<Double>]
    let alpha: [Double]
    /// Per-color labels (from `hb.load_colors` files with `label<TAB>color` lines), if any.
    var labels: [String]? = nil
    let count: Int
    var isDouble: Bool { floats == nil }
    /// Bytes charged for this buffer: its colors and the prepared matrix it keeps (refunded by `__gc`).
    var byteCount: Int { Self.bytes(count: count, double: isDouble) + (prepared?.bytes ?? 0) }

    /// The engine of the last `hb.matrix` with this buffer as text (its per-color terms), reused when the
    /// same background buffer, method and alpha handling come again: buffers never change, so neither do
    /// the terms. The background is held weakly; its bytes are charged to this buffer while kept.
    struct Prepared {
        weak var background: ScriptBuffer?
        let key: String, engine: ContrastMatrix, bytes: Int
    }
    var prepared: Prepared? = nil

    /// Bytes a buffer of `n` colors holds (what is charged before allocating it).
    static func bytes(count n: Int, double: Bool) -> Int {
        double ? n * (MemoryLayout<SIMD3<Double>>.stride + 8) : 4 * ColorBuffer.padded(n) * 4
    }

    init(_ floats: ColorBuffer) {
        self.space = floats.space; self.floats = floats; self.coords = []; self.alpha = []; self.count = floats.count
    }

    init(space: ColorSpaceID, coords: [SIMD3<Double>], alpha: [Double]) {
        self.space = space; self.floats = nil; self.coords = coords; self.alpha = alpha; self.count = coords.count
    }

    /// Color `i` (0-based): Double from an f64 buffer, widened from Float32 otherwise.
    func color(_ i: Int) -> Color {
        if let f = floats { return f.color(i) }
        return Color(space, coords: coords[i], alpha: alpha[i])
    }

    /// Every color in Double (f64 buffers: exactly as stored).
    func colors() -> [Color] { (0..<count).map(color) }

    /// The colors as a Float32 `ColorBuffer` (itself for f32; rounded for f64).
    func floatBuffer() -> ColorBuffer {
        if let f = floats { return f }
        let b = ColorBuffer(space: space, count: count, hasAlpha: alpha.contains { $0 != 1 })
        for i in 0..<count {
            b.c0[i] = Float(coords[i].x); b.c1[i] = Float(coords[i].y); b.c2[i] = Float(coords[i].z)
            if b.hasAlpha { b.alphaPlane[i] = Float(alpha[i]) }
        }
        return b
    }
}

/// Userdata holding a retained Swift object: pushing retains, `__gc` releases and refunds its bytes.
struct ObjectBox<T: AnyObject> {
    /// - Parameter charged: the bytes were already charged (with `HostContext.charge` before allocating).
    static func push(_ object: T, kind: UserdataKind, bytes: Int, on L: OpaquePointer, charged: Bool = false) {
        let slot = hb_newuserdata(L, MemoryLayout<UnsafeMutableRawPointer>.size)!
        slot.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
        _ = hb_getmetatable_named(L, kind.metatableName)
        lua_setmetatable(L, -2)
        // Lua's collector sees an 8-byte userdata: tell it the object holds `bytes`, so garbage buffers and
        // matrices are collected (and their memory reused) at the pace the script allocates them.
        if bytes >= 1 << 16 { _ = hb_gc_step(L, Int32(clamping: bytes >> 10)) }
        if charged { return }
        var ud: UnsafeMutableRawPointer? = nil
        _ = lua_getallocf(L, &ud)
        _ = hb_charge(ud!.assumingMemoryBound(to: hb_limits.self), Int64(bytes))
    }
    static func get(_ L: OpaquePointer, _ index: Int32, kind: UserdataKind) -> T? {
        guard let p = luaL_testudata(L, index, kind.metatableName) else { return nil }
        guard let raw = p.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<T>.fromOpaque(raw).takeUnretainedValue()
    }
    /// The `__gc` body: releases the object once and refunds `bytes(object)`.
    static func collect(_ L: OpaquePointer?, kind: UserdataKind, bytes: (T) -> Int) -> Int32 {
        guard let L, let p = luaL_testudata(L, 1, kind.metatableName),
              let raw = p.load(as: UnsafeMutableRawPointer?.self) else { return 0 }
        let object = Unmanaged<T>.fromOpaque(raw)
        var ud: UnsafeMutableRawPointer? = nil
        _ = lua_getallocf(L, &ud)
        _ = hb_charge(ud!.assumingMemoryBound(to: hb_limits.self), -Int64(bytes(object.takeUnretainedValue())))
        p.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        object.release()
        return 0
    }
}

extension Args {
    func buffer(_ n: Int32, _ name: String) throws -> ScriptBuffer {
        guard let b = ObjectBox<ScriptBuffer>.get(lua.L, slot(n), kind: .buffer) else {
            throw fail(n, name, "a buffer (make one with hb.buffer{…})")
        }
        return b
    }
}

/// `hb.buffer`, `hb.convert`, `hb.map_gamut`, `hb.matrix` and the buffer methods.
enum BufferBinding {
    static let functions: [LuaBinding] = [
        LuaBinding("buffer", "(colors: (Color|string)[], space?: string, options?: table): Buffer | a batch of colors in space; options {precision = \"f32\"|\"f64\"}", hbBuffer),
        LuaBinding("convert", "(buffer: Buffer, space: string): Buffer | every color converted to space, one engine call (f32: a color whose conversion overflows Float32 is an error naming it; use f64)", hbConvert),
        LuaBinding("map_gamut", "(buffer: Buffer, space?: string, method?: string): Buffer | every color mapped into space's gamut", hbMapGamut),
        LuaBinding("matrix", "(text: Buffer, background: Buffer, options: table): Matrix|table | every pair by options.method; {summary=true} or {out=…} return the summary table", MatrixBinding.hbMatrix),
        LuaBinding("load_colors", "(path: string, space?: string, options?: table): Buffer | a buffer from a colors file the user named (labels kept)", LoadColorsBinding.hbLoadColors),
        LuaBinding("clock", "(): number | monotonic wall-clock seconds", LoadColorsBinding.hbClock),
        LuaBinding("simulate", "(colors: Buffer|Color|string, type: string, severity?: number): Buffer|Color | as a color-vision deficiency sees them (protan, deutan, tritan: Machado 2009; achroma), in the input's space; one color or CSS color text gives a color", SimulateBinding.hbSimulate),
    ]

    /// Pushes a buffer whose bytes were charged before it was allocated.
    static func push(_ b: ScriptBuffer, _ L: OpaquePointer) {
        ObjectBox.push(b, kind: .buffer, bytes: b.byteCount, on: L, charged: true)
    }

    /// Charges a new buffer of `n` colors to the script's memory cap (before allocating it).
    static func charge(_ host: HostContext, _ fname: String, count n: Int, double: Bool) throws {
        let bytes = ScriptBuffer.bytes(count: n, double: double)
        try host.charge(bytes: bytes, for: "\(fname): a buffer of \(n) \(double ? "f64" : "f32") colors")
        host.collectBeforeAllocating(bytes: bytes)
    }

    /// `hb.buffer(list [, space [, {precision = "f32"|"f64"}]])`: colors or CSS strings, converted to `space`
    /// (default: the first color's) in Double, then stored as Float32 planes (default) or kept in Double.
    /// - Complexity: O(n).
    static let hbBuffer: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.buffer")
            let t = try a.table(1, "colors")
            var target: ColorSpaceID? = a.isNil(2) ? nil : try a.space(2, "space", host)
            let double = try precision(a, 3)
            let n = lua.rawLength(t)
            // The Double colors read from the list are charged while they are held (the buffer itself below).
            let reading = try Checked.product(n, MemoryLayout<Color>.stride, "hb.buffer size")
            try host.charge(bytes: reading, for: "hb.buffer: reading \(n) colors")
            defer { host.refund(bytes: reading) }
            let deadline = host.deadline
            var colors: [Color] = []
            colors.reserveCapacity(n)
            var memo: [String: Color] = [:]
            for i in 0..<n {
                if i & 0xFFF == 0xFFF { try deadline.check() }
                lua.getIndex(t, i + 1)
                defer { lua.pop() }
                if let p = luaL_testudata(L, -1, UserdataKind.color.metatableName) {
                    colors.append(host.color(of: p.assumingMemoryBound(to: ColorPayload.self).pointee))
                } else if let s = lua.string(-1) {
                    // Lists often repeat a color: each distinct text is parsed once (memo bounded to 4,096 texts).
                    if let c = memo[s] { colors.append(c); continue }
                    do { colors.append(try host.parseColor(s)) } catch {
                        throw BindingError("hb.buffer: argument 1 (colors), item \(i + 1): \(error)")
                    }
                    if memo.count < 4096 { memo[s] = colors[i] }
                } else {
                    throw BindingError("hb.buffer: argument 1 (colors), item \(i + 1) must be a color or CSS color text, got \(lua.describe(-1))")
                }
                if target == nil { target = colors[i].space }
            }
            try charge(host, "hb.buffer", count: n, double: double)
            push(try make(colors, space: target ?? .oklch, double: double, host.workbench) {
                "hb.buffer: argument 1 (colors), item \($0 + 1)"
            }, L!)
            return 1
        }
    }

    /// Reads `{precision = "f32"|"f64"}` at argument `n` (nil: f32).
    static func precision(_ a: Args, _ n: Int32) throws -> Bool {
        guard !a.isNil(n) else { return false }
        let t = try a.table(n, "options")
        try a.lua.checkFields(t, Fields.bufferOptions, "\(a.function): argument \(n) (options)")
        switch try a.lua.fieldString(t, "precision", "\(a.function): argument \(n) (options)") ?? "f32" {
        case "f32": return false
        case "f64": return true
        case let p: throw BindingError("\(a.function): argument \(n) (options): precision '\(p)' is not one of f32, f64")
        }
    }

    /// A buffer of `colors` converted to `space` in Double (one plan per source space), Float32 unless `double`.
    ///
    /// A NaN in a buffer is a missing component, so a color whose conversion to `space` overflows (a computed
    /// NaN, as from `color(srgb 1e300 0 0)`) is refused, and so is a coordinate beyond the Float32 range (it would
    /// be stored as ±∞) in an f32 buffer; `item(i)` names color i in the message.
    static func make(_ colors: [Color], space: ColorSpaceID, double: Bool, _ w: Workbench,
                     item: (Int) -> String) throws -> ScriptBuffer {
        var plans: [ColorSpaceID: ConversionPlan] = [:]
        func coords(_ i: Int) throws -> SIMD3<Double> {
            let c = colors[i]
            if c.space == space { return c.coords }
            if plans[c.space] == nil { plans[c.space] = try w.spaces.plan(from: c.space, to: space) }
            let plan = plans[c.space]!, v = plan.apply(c.coords)
            // `apply` reads missing components as 0: a NaN it returns, but for a powerless hue, was computed.
            for k in 0..<3 where v[k].isNaN && k != plan.targetHueIndex {
                throw BindingError("\(item(i)): its conversion to \(space.rawValue) overflows (a coordinate too large for \(c.space.rawValue)); use coordinates of a displayable size")
            }
            return v
        }
        if double {
            return ScriptBuffer(space: space, coords: try colors.indices.map(coords), alpha: colors.map(\.alpha))
        }
        let b = ColorBuffer(space: space, count: colors.count, hasAlpha: colors.contains { $0.alpha != 1 })
        for i in colors.indices {
            let c = colors[i], v = try coords(i)
            for k in 0..<3 where !v[k].isNaN && !Float(v[k]).isFinite {
                throw BindingError("\(item(i)): coordinate \(v[k]) in \(space.rawValue) is beyond the Float32 range (±3.4e38); use {precision = \"f64\"} or smaller coordinates")
            }
            b.c0[i] = Float(v.x); b.c1[i] = Float(v.y); b.c2[i] = Float(v.z)
            if b.hasAlpha { b.alphaPlane[i] = Float(c.alpha) }
        }
        return ScriptBuffer(b)
    }

    /// `hb.convert(buf, space)`: a new buffer. Float32 buffers run the batch plan the spaces' entries declare
    /// (SIMD kernels, or their closures over tiles), on every core; f64 buffers run the Double plan on every core.
    /// Float32 error vs the Double path: ≤ 2e-6 relative on lightness/RGB, ≤ 2e-4° hue (in-gamut colors).
    static let hbConvert: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.convert")
            let b = try a.buffer(1, "buffer"), s = try a.space(2, "space", host)
            let deadline = host.deadline
            try deadline.check()
            try charge(host, "hb.convert", count: b.count, double: b.isDouble)
            var done = false
            defer { if !done { host.refund(bytes: ScriptBuffer.bytes(count: b.count, double: b.isDouble)) } }
            let out: ScriptBuffer
            if let f = b.floats {
                let plan = try a.core(2, "space") { try BatchConversionPlan(from: b.space, to: s, spaces: host.workbench.spaces) }
                let converted = try plan.convert(f, threads: 0, deadline: deadline)
                // An overflow in Float32 (oklch chroma 1e30 cubed) gives ∞ or inf − inf = NaN, which would read as a
                // missing component (0) or map to black: refused, naming the color.
                let hue = (try? host.workbench.spaces.plan(from: b.space, to: s).targetHueIndex) ?? -1
                if let i = converted.firstOverflow(from: f, hueIndex: hue) {
                    throw BindingError("hb.convert: argument 1 (buffer), color \(i + 1): its conversion to \(s.rawValue) overflows Float32 (a coordinate comes out infinite or not a number); use coordinates of a displayable size, or an f64 buffer")
                }
                out = ScriptBuffer(converted)
            } else {
                let plan = try a.core(2, "space") { try host.workbench.spaces.plan(from: b.space, to: s) }
                var coords = [SIMD3<Double>](repeating: .zero, count: b.count)
                let src = b.coords
                try coords.withUnsafeMutableBufferPointer { dst throws(DeadlineExceeded) in
                    let d = UncheckedPointer(dst.baseAddress)
                    // Each chunk copied in, then converted step by step over all its colors (the same Doubles as
                    // `plan.apply` per color; the OKLab step's cube roots four lanes at a time).
                    try Parallel.forChunks(count: src.count, chunk: 4096, threads: 0, deadline: deadline) { r in
                        for i in r { d.value![i] = src[i] }
                        plan.apply(UnsafeMutableBufferPointer(start: d.value! + r.lowerBound, count: r.count),
                                   cubeRoots: VectorMathDouble.cubeRoots)
                    }
                }
                out = ScriptBuffer(space: s, coords: coords, alpha: b.alpha)
            }
            done = true
            out.labels = b.labels
            push(out, L!)
            return 1
        }
    }

    /// `hb.map_gamut(buf [, space [, method]])`: every color mapped into the gamut of `space` by a registered
    /// mapper (css4, clip, raytrace, or a plugin's). Float32 buffers run the mapper's batch kernel (css4 on Double
    /// lanes, raytrace on Float lanes; results stored in Float32: ≤ 1e-4 per channel from the Double mapper) or its closure
    /// over chunks on every core; f64 buffers run the closure in Double on every core.
    static let hbMapGamut: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.map_gamut")
            let b = try a.buffer(1, "buffer"), s = try a.space(2, "space", host, default: .srgb)
            let m = try a.method(3, "method", default: "css4")
            let entry = try a.core(3, "method") { try host.workbench.gamutMappers.lookup(m) }
            let target = try a.core(2, "space") { try host.workbench.spaces.canonicalID(s.rawValue) }
            try charge(host, "hb.map_gamut", count: b.count, double: b.isDouble)
            // Refunded when the mapping stops (time limit, a mapper error): only a pushed buffer keeps it.
            var done = false
            defer { if !done { host.refund(bytes: ScriptBuffer.bytes(count: b.count, double: b.isDouble)) } }
            let out: ScriptBuffer
            if let f = b.floats {
                let mapper = try a.core(2, "space") { try BatchGamutMapper(entry, target: target, spaces: host.workbench.spaces) }
                // (The kernels take an infinite chroma to black; the reference maps it to the far clip.)
                if let i = f.firstOverflow(from: f, hueIndex: -1) {
                    throw BindingError("hb.map_gamut: argument 1 (buffer), color \(i + 1) has an infinite coordinate; use coordinates of a displayable size")
                }
                let dst = ColorBuffer(space: target, count: f.count, hasAlpha: f.hasAlpha)
                try mapper.map(f, into: dst, threads: 0, deadline: host.deadline)
                out = ScriptBuffer(dst)
            } else {
                let n = b.count, spaces = host.workbench.spaces, map = entry.map, src = b, deadline = host.deadline
                var coords = [SIMD3<Double>](repeating: .zero, count: n)
                let lock = NSLock()
                nonisolated(unsafe) var failure: Error? = nil
                coords.withUnsafeMutableBufferPointer { dst in
                    let d = UncheckedPointer(dst.baseAddress)
                    Parallel.forChunks(count: n, chunk: 256, threads: 0) { r in
                        lock.lock(); let stop = failure != nil; lock.unlock()
                        if stop { return }
                        if deadline.expired { lock.lock(); failure = DeadlineExceeded(what: deadline.what); lock.unlock(); return }
                        var i = r.lowerBound
                        do {
                            while i < r.upperBound {
                                let c = try map(src.color(i), target, spaces)
                                d.value![i] = try spaces.convert(c, to: target).coords
                                i += 1
                            }
                        } catch {
                            // (The failing color's index names it; the first failure found is the one reported.)
                            let e: Error = error is DeadlineExceeded ? error : ItemFailure(index: i, error: error)
                            lock.lock(); if failure == nil { failure = e }; lock.unlock()
                        }
                    }
                }
                if let e = failure {
                    if e is DeadlineExceeded { throw e }
                    throw BindingError("hb.map_gamut: argument 1 (buffer), \(e)")
                }
                out = ScriptBuffer(space: target, coords: coords, alpha: b.alpha)
            }
            done = true
            out.labels = b.labels
            push(out, L!)
            return 1
        }
    }

    static func receiver(_ a: Args) throws -> ScriptBuffer {
        guard let b = ObjectBox<ScriptBuffer>.get(a.lua.L, 1, kind: .buffer) else {
            throw BindingError("\(a.function): call it with ':' on a buffer, got \(a.lua.describe(1)) as the receiver")
        }
        return b
    }

    static let methods: [LuaBinding] = [
        LuaBinding("get", "(i: integer): Color | color i (1-based)", { L in HostContext.guarded(L) { host, lua in
            let a = Args(lua, "buffer:get", method: true)
            let b = try receiver(a)
            let i = try a.integer(1, "index", range: 1...max(1, b.count))
            guard i <= b.count else { throw a.fail(1, "index", "an index in 1…\(b.count)") }
            host.push(b.color(i - 1)); return 1 } }),
        LuaBinding("size", "(): integer | the number of colors (also #buffer)", { L in HostContext.guarded(L) { host, lua in
            lua.push(try receiver(Args(lua, "buffer:size", method: true)).count); return 1 } }),
        LuaBinding("space", "(): string | the buffer's space id", { L in HostContext.guarded(L) { host, lua in
            lua.push(try receiver(Args(lua, "buffer:space", method: true)).space.rawValue); return 1 } }),
        LuaBinding("precision", "(): string | \"f32\" or \"f64\"", { L in HostContext.guarded(L) { host, lua in
            lua.push(try receiver(Args(lua, "buffer:precision", method: true)).isDouble ? "f64" : "f32"); return 1 } }),
        LuaBinding("label", "(i: integer): string? | the label of color i from its file, or nil", { L in HostContext.guarded(L) { host, lua in
            let a = Args(lua, "buffer:label", method: true)
            let b = try receiver(a)
            let i = try a.integer(1, "index", range: 1...max(1, b.count))
            guard i <= b.count else { throw a.fail(1, "index", "an index in 1…\(b.count)") }
            if let l = b.labels?[i - 1], !l.isEmpty { lua.push(l) } else { lua.pushNil() }
            return 1 } }),
        LuaBinding("colors", "(): Color[] | every color as a list", { L in HostContext.guarded(L) { host, lua in
            let b = try receiver(Args(lua, "buffer:colors", method: true))
            let deadline = host.deadline
            try deadline.check()
            lua.newTable(array: Int32(clamping: b.count))
            for i in 0..<b.count {
                if i & 0x3FFF == 0x3FFF { try deadline.check() }
                host.push(b.color(i)); lua.setIndex(-2, i + 1)
            }
            return 1 } }),
    ]

    static let gc: hb_swift_fn = { L in ObjectBox<ScriptBuffer>.collect(L, kind: .buffer) { $0.byteCount } }
    static let len: hb_swift_fn = { L in
        HostContext.guarded(L) { _, lua in lua.push(ObjectBox<ScriptBuffer>.get(L!, 1, kind: .buffer)?.count ?? 0); return 1 }
    }
    static let tostring: hb_swift_fn = { L in
        HostContext.guarded(L) { _, lua in
            let b = ObjectBox<ScriptBuffer>.get(L!, 1, kind: .buffer)
            lua.push("buffer(\(b?.count ?? 0) colors, \(b?.space.rawValue ?? "?")\(b?.isDouble == true ? ", f64" : ""))"); return 1
        }
    }
}

/// A raw pointer carried into `Parallel` chunks (each chunk writes a disjoint range).
struct UncheckedPointer<T>: @unchecked Sendable {
    let value: UnsafeMutablePointer<T>?
    init(_ v: UnsafeMutablePointer<T>?) { value = v }
}

/// A batch call's failure at one color: "color N (1-based): the error".
struct ItemFailure: Error, CustomStringConvertible {
    let index: Int, error: Error
    var description: String { "color \(index + 1): \(error)" }
}
