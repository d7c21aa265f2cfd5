import CLua
import CLuaShims
import ColorCore
import Foundation

/// `hb.register_contrast{…}` and `hb.register_deltae{…}`: a Lua function becomes a `ContrastMethod` or
/// `DeltaEMethod` registered like the built-ins, so `hb.matrix`, `huebench matrix` (which loads plugins), the
/// policies and `c:contrast` reach it by name.
///
/// Lua runs on one thread: the entry is `serial` (the engine calls it on the caller's thread, pair by pair,
/// checking `checkFailure`, i.e. the function's first error or the script's time limit, once per block).
enum MethodRegistrationBinding {
    static let functions: [LuaBinding] = [
        LuaBinding("register_contrast", "(spec: table): nil | a contrast method for hb.matrix, c:contrast and huebench matrix: {name=, evaluate=function(text, background), space=, symmetric=, thresholds=, title=}", registerContrast),
        LuaBinding("register_deltae", "(spec: table): nil | a ΔE method for hb.matrix and huebench matrix: {name=, evaluate=function(a, b), space=, thresholds=, title=}", registerDeltaE),
    ]

    static let registerContrast: hb_swift_fn = { L in register(L, kind: .contrast) }
    static let registerDeltaE: hb_swift_fn = { L in register(L, kind: .difference) }

    static func register(_ L: OpaquePointer?, kind: PairMethod.Kind) -> Int32 {
        HostContext.guarded(L) { host, lua in
            let fname = kind == .contrast ? "hb.register_contrast" : "hb.register_deltae"
            let ctx = "\(fname): argument 1 (spec)"
            let t = try Args(lua, fname).table(1, "spec")
            try lua.checkFields(t, kind == .contrast ? Fields.contrastMethod : Fields.deltaEMethod, ctx,
                                hints: ["fn": "evaluate", "func": "evaluate", "compute": "evaluate", "threshold": "thresholds"])
            guard let name = try lua.fieldString(t, "name", ctx), !name.isEmpty,
                  name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }) else {
                throw BindingError("\(ctx): field 'name' must be a non-empty id of letters, digits, '-' and '_' (e.g. \"my-contrast\")")
            }
            let title = try lua.fieldString(t, "title", ctx) ?? name
            let spaceName = try lua.fieldString(t, "space", ctx) ?? (kind == .contrast ? "srgb" : "oklab")
            guard let space = host.workbench.spaces.spaces[spaceName]?.id else {
                throw BindingError("\(ctx): field 'space': unknown space '\(spaceName)'; known: \(host.workbench.spaces.spaces.ids.joined(separator: ", "))")
            }
            var symmetric = kind == .difference
            if lua.getField(t, "symmetric") != LUA_TNIL {
                guard lua.type(-1) == LUA_TBOOLEAN else { let d = lua.describe(-1); lua.pop(); throw BindingError("\(ctx): field 'symmetric' must be a boolean, got \(d)") }
                symmetric = lua_toboolean(L, -1) != 0
            }
            lua.pop()
            var thresholds: [Double] = []
            if lua.getField(t, "thresholds") != LUA_TNIL {
                guard lua.type(-1) == LUA_TTABLE else { let d = lua.describe(-1); lua.pop(); throw BindingError("\(ctx): field 'thresholds' must be a list of numbers, got \(d)") }
                for k in 0..<min(lua.rawLength(-1), 64) {
                    lua.getIndex(-1, k + 1)
                    guard let x = lua.number(-1) else { let d = lua.describe(-1); lua.pop(2); throw BindingError("\(ctx): thresholds[\(k + 1)] must be a number, got \(d)") }
                    lua.pop()
                    thresholds.append(try Checked.finite(x, "\(ctx): thresholds[\(k + 1)]"))
                }
            }
            lua.pop()
            guard lua.getField(t, "evaluate") == LUA_TFUNCTION else {
                let d = lua.describe(-1); lua.pop()
                throw BindingError("\(ctx): field 'evaluate' must be a function(\(kind == .contrast ? "text, background" : "a, b")) returning a number, got \(d)")
            }
            let what = "\(kind == .contrast ? "contrast" : "ΔE") method '\(name)'"
            let fn = LuaPairFunction(LuaCallback(host: host, ref: host.reference(-1), file: host.currentFile, what: what), space: space)
            lua.pop()
            var w = host.workbench
            if kind == .contrast {
                try host.registry.add(kind: "contrast method", name: name, file: host.currentFile, builtins: Workbench.standard.contrastMethods.ids)
                var m = ContrastMethod(id: name, name: title, inputSpace: space, isSymmetric: symmetric, thresholds: thresholds,
                                       evaluate: fn.evaluate)
                m.serial = true; m.checkFailure = fn.check
                try FamilyBinding.wrap(fname) { try w.contrastMethods.register(m) }
            } else {
                try host.registry.add(kind: "ΔE method", name: name, file: host.currentFile, builtins: Workbench.standard.deltaEMethods.ids)
                var m = DeltaEMethod(id: name, name: title, inputSpace: space, thresholds: thresholds, evaluate: fn.evaluate)
                m.serial = true; m.checkFailure = fn.check
                try FamilyBinding.wrap(fname) { try w.deltaEMethods.register(m) }
            }
            host.workbench = w
            host.palettes.core = w
            return 0
        }
    }
}

/// A Lua function of two colors returning a number, as a registry entry's `evaluate`. Its first error (a Lua
/// error, a non-number, the time limit) is kept: later calls return NaN at once and `check` throws it (once).
final class LuaPairFunction: @unchecked Sendable {
    let callback: LuaCallback
    let space: ColorSpaceID
    private let lock = NSLock()
    private var failure: Error?

    init(_ callback: LuaCallback, space: ColorSpaceID) { self.callback = callback; self.space = space }

    func evaluate(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        lock.lock(); let failed = failure != nil; lock.unlock()
        if failed { return .nan }
        do {
            let space = self.space, what = callback.what, file = callback.file
            return try callback.call(results: 1, push: { host, _ in
                host.push(Color(space, coords: a, alpha: 1)); host.push(Color(space, coords: b, alpha: 1)); return 2
            }, read: { _, lua in
                guard lua.type(-1) == LUA_TNUMBER, let v = lua.number(-1) else {
                    throw EntryError(description: "\(file): \(what): evaluate returned \(lua.describe(-1)); return a number")
                }
                return v
            })
        } catch {
            lock.lock(); if failure == nil { failure = error }; lock.unlock()
            return .nan
        }
    }

    func check() throws {
        lock.lock(); let f = failure; failure = nil; lock.unlock()
        if let f { throw f }
    }
}
