import CLua
import CLuaShims
import ColorCore
import Dispatch
import Foundation

/// A batch of colors in one space (coordinates and alpha, Double), shared by Lua through a userdata that
/// holds a retained reference. Its bytes are charged to the script's memory cap.
final class ScriptBuffer {
    let space: ColorSpaceID
    let coords: [SIMD3<Double>]
    let alpha: [Double]
    var byteCount: Int { coords.count * (MemoryLayout<SIMD3<Double>>.stride + 8) }

    init(space: ColorSpaceID, coords: [SIMD3<Double>], alpha: [Double]) {
        self.space = space; self.coords = coords; self.alpha = alpha
    }

    /// The same colors converted to `target` with one conversion plan for the whole batch.
    /// - Complexity: O(n), one plan lookup.
    func converted(to target: ColorSpaceID, _ w: Workbench) throws -> ScriptBuffer {
        if target == space { return self }
        let plan = try w.spaces.plan(from: space, to: target)
        return ScriptBuffer(space: target, coords: coords.map { plan.apply($0) }, alpha: alpha)
    }
}

/// Userdata holding a retained Swift object: pushing retains, `__gc` releases and refunds its bytes.
struct ObjectBox<T: AnyObject> {
    static func push(_ object: T, kind: UserdataKind, bytes: Int, on L: OpaquePointer) {
        let slot = hb_newuserdata(L, MemoryLayout<UnsafeMutableRawPointer>.size)!
        slot.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
        _ = hb_getmetatable_named(L, kind.metatableName)
        lua_setmetatable(L, -2)
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
    static let functions: [(String, hb_swift_fn)] = [
        ("buffer", hbBuffer), ("convert", hbConvert), ("map_gamut", hbMapGamut), ("matrix", MatrixBinding.hbMatrix),
    ]

    static func push(_ b: ScriptBuffer, _ L: OpaquePointer) {
        ObjectBox.push(b, kind: .buffer, bytes: b.byteCount, on: L)
    }

    /// `hb.buffer(list [, space])`: colors or CSS strings, converted to `space` (default: the first color's).
    /// - Complexity: O(n).
    static let hbBuffer: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.buffer")
            let t = try a.table(1, "colors")
            var target: ColorSpaceID? = a.isNil(2) ? nil : try a.space(2, "space", host)
            let n = lua.rawLength(t)
            var coords: [SIMD3<Double>] = [], alpha: [Double] = []
            coords.reserveCapacity(n); alpha.reserveCapacity(n)
            var plans: [ColorSpaceID: ConversionPlan] = [:]
            for i in 0..<n {
                lua.getIndex(t, i + 1)
                defer { lua.pop() }
                let c: Color
                if let p = luaL_testudata(L, -1, UserdataKind.color.metatableName) {
                    c = host.color(of: p.assumingMemoryBound(to: ColorPayload.self).pointee)
                } else if let s = lua.string(-1) {
                    do { c = try host.parseColor(s) } catch {
                        throw BindingError("hb.buffer: argument 1 (colors), item \(i + 1): \(error)")
                    }
                } else {
                    throw BindingError("hb.buffer: argument 1 (colors), item \(i + 1) must be a color or CSS color text, got \(lua.describe(-1))")
                }
                let space = target ?? c.space
                target = space
                if c.space == space { coords.append(c.coords) } else {
                    if plans[c.space] == nil { plans[c.space] = try host.workbench.spaces.plan(from: c.space, to: space) }
                    coords.append(plans[c.space]!.apply(c.coords))
                }
                alpha.append(c.alpha)
            }
            push(ScriptBuffer(space: target ?? .oklch, coords: coords, alpha: alpha), L!)
            return 1
        }
    }

    /// `hb.convert(buf, space)`: a new buffer; one conversion plan for the batch.
    static let hbConvert: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.convert")
            let b = try a.buffer(1, "buffer"), s = try a.space(2, "space", host)
            push(try a.core(2, "space") { try b.converted(to: s, host.workbench) }, L!)
            return 1
        }
    }

    /// `hb.map_gamut(buf [, space [, method]])`: every color mapped into the gamut of `space`.
    static let hbMapGamut: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.map_gamut")
            let b = try a.buffer(1, "buffer"), s = try a.space(2, "space", host, default: .srgb)
            let m = try a.method(3, "method", default: "css4")
            let mapper = try a.core(3, "method") { try host.workbench.gamutMappers.lookup(m) }
            let target = try a.core(2, "space") { try host.workbench.spaces.canonicalID(s.rawValue) }
            var out: [SIMD3<Double>] = []
            out.reserveCapacity(b.coords.count)
            for (i, v) in b.coords.enumerated() {
                let c = try a.core(2, "space") { try mapper.map(Color(b.space, coords: v, alpha: b.alpha[i]), target, host.workbench.spaces) }
                out.append(try host.workbench.convert(c, to: target).coords)
            }
            push(ScriptBuffer(space: target, coords: out, alpha: b.alpha), L!)
            return 1
        }
    }

    static func receiver(_ a: Args) throws -> ScriptBuffer {
        guard let b = ObjectBox<ScriptBuffer>.get(a.lua.L, 1, kind: .buffer) else {
            throw BindingError("\(a.function): call it with ':' on a buffer, got \(a.lua.describe(1)) as the receiver")
        }
        return b
    }

    static let methods: [(String, hb_swift_fn)] = [
        ("get", { L in HostContext.guarded(L) { host, lua in
            let a = Args(lua, "buffer:get", method: true)
            let b = try receiver(a)
            let i = try a.integer(1, "index", range: 1...max(1, b.coords.count))
            guard i <= b.coords.count else { throw a.fail(1, "index", "an index in 1…\(b.coords.count)") }
            host.push(Color(b.space, coords: b.coords[i - 1], alpha: b.alpha[i - 1])); return 1 } }),
        ("size", { L in HostContext.guarded(L) { host, lua in
            lua.push(try receiver(Args(lua, "buffer:size", method: true)).coords.count); return 1 } }),
        ("space", { L in HostContext.guarded(L) { host, lua in
            lua.push(try receiver(Args(lua, "buffer:space", method: true)).space.rawValue); return 1 } }),
        ("colors", { L in HostContext.guarded(L) { host, lua in
            let b = try receiver(Args(lua, "buffer:colors", method: true))
            lua.newTable(array: Int32(b.coords.count))
            for i in b.coords.indices { host.push(Color(b.space, coords: b.coords[i], alpha: b.alpha[i])); lua.setIndex(-2, i + 1) }
            return 1 } }),
    ]

    static let gc: hb_swift_fn = { L in ObjectBox<ScriptBuffer>.collect(L, kind: .buffer) { $0.byteCount } }
    static let len: hb_swift_fn = { L in
        HostContext.guarded(L) { _, lua in lua.push(ObjectBox<ScriptBuffer>.get(L!, 1, kind: .buffer)?.coords.count ?? 0); return 1 }
    }
    static let tostring: hb_swift_fn = { L in
        HostContext.guarded(L) { _, lua in
            let b = ObjectBox<ScriptBuffer>.get(L!, 1, kind: .buffer)
            lua.push("buffer(\(b?.coords.count ?? 0) colors, \(b?.space.rawValue ?? "?"))"); return 1
        }
    }
}
