import CLua
import CLuaShims
import ColorCore
import ColorExport
import Foundation
import Palettes

/// A Lua function held by the host (a registry reference in one state), callable from Swift registry entries.
///
/// Sendable by hand: the state is reached only through `LuaInterpreter.enter`, which takes the state's lock, so
/// however many threads call the entry, Lua runs on one at a time (Lua-backed generators, policies and
/// exporters run serially). The host is held weakly: an entry that outlives its interpreter throws.
final class LuaCallback: @unchecked Sendable {
    weak var host: HostContext?
    let ref: Int32
    /// The plugin or script file that registered it (errors name it).
    let file: String
    /// "generator 'brand'", for messages.
    let what: String

    init(host: HostContext, ref: Int32, file: String, what: String) {
        self.host = host; self.ref = ref; self.file = file; self.what = what
    }

    /// Calls the function with the arguments `push` leaves on the stack (it returns their count) and reads
    /// `results` results with `read`. Lua errors become `ColorScriptError`s; nothing raises through Swift.
    func call<T>(results: Int32, push: (HostContext, Lua) throws -> Int32,
                 read: (HostContext, Lua) throws -> T) throws -> T {
        guard let host, let state = host.interpreter else {
            throw ColorScriptError.file(path: file, reason: "\(what) was called after its Lua state was closed")
        }
        return try state.enter {
            let L = state.L
            let lua = Lua(L: L)
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            guard lua_checkstack(L, 40) != 0 else {
                throw ColorScriptError.limit(.memory, message: "\(file): \(what): out of Lua stack space")
            }
            lua_rawgeti(L, hb_registryindex(), lua_Integer(ref))
            let n = try push(host, lua)
            let saved = state.currentFile
            state.currentFile = file
            defer { state.currentFile = saved }
            let s = hb_pcall_traced(L, n, results)
            guard s == LUA_OK else { throw state.decodeError(s) }
            return try read(host, lua)
        }
    }
}

/// The requested chroma a Lua generator returned for the last spec it built (nil inside: it returned none).
final class LastRequested: @unchecked Sendable {
    private let lock = NSLock()
    private var spec: RampSpec?
    private var chroma: [Double]?
    func set(_ s: RampSpec, _ c: [Double]?) { lock.lock(); spec = s; chroma = c; lock.unlock() }
    /// `.some(chroma)` when `s` is the last spec built (chroma may be nil: not reported), else nil.
    func get(_ s: RampSpec) -> [Double]?? {
        lock.lock(); defer { lock.unlock() }
        return spec == s ? .some(chroma) : nil
    }
}

/// The message of a Lua-backed entry's wrong result: which entry, from which file, what was expected and given.
struct EntryError: Error, CustomStringConvertible {
    let description: String
}

extension HostContext {
    /// Keeps the value at `index` in the registry and returns its reference.
    func reference(_ index: Int32) -> Int32 {
        lua_pushvalue(L, index)
        return luaL_ref(L, hb_registryindex())
    }

    // MARK: Generators

    /// A `RampGenerator` whose `generate` calls the Lua function `fn(spec)`; `spec` is `{hue=…, scale={name,
    /// stops, lightness}, <parameter>=…}` (numbers, lists, text, colors, and curves as `{kind=…, …, values={one
    /// value per stop}}`). The function returns one color per stop (color values or CSS text), lightest first.
    ///
    /// The function may return a second value: the OKLCH chroma it asked for at each stop before any gamut fitting
    /// (a list of one number per stop). Then `chroma_retained_*` measures what the gamut kept; without it the
    /// requested chroma is unknown and those metrics are NaN. Both come from one call: the entry's
    /// `requestedChroma` reads what the last `generate` of the same spec returned (Lua runs on one thread).
    func luaGenerator(name: String, summary: String, parameters: [String], callback: LuaCallback) -> RampGenerator {
        let last = LastRequested()
        let generate: @Sendable (RampSpec) throws -> ([RampColor], [Double]?) = { spec in
            try callback.call(results: 2, push: { host, lua in
                host.pushSpec(spec, lua)
                return 1
            }, read: { host, lua in
                let colors = try host.readRamp(lua, -2, callback.what, callback.file, scale: spec.scale)
                guard lua.type(-1) != LUA_TNIL else { return (colors, nil) }
                guard lua.type(-1) == LUA_TTABLE, lua.rawLength(-1) == spec.scale.count else {
                    throw EntryError(description: "\(callback.file): \(callback.what): its second result (the chroma asked for) must be a list of \(spec.scale.count) numbers, one per stop, got \(lua.describe(-1))")
                }
                let t = lua.absolute(-1)
                let chroma: [Double] = try (1...spec.scale.count).map { i in
                    lua.getIndex(t, i)
                    defer { lua.pop() }
                    guard let v = lua.type(-1) == LUA_TNUMBER ? lua.number(-1) : nil, v.isFinite, v >= 0 else {
                        throw EntryError(description: "\(callback.file): \(callback.what): requested chroma [\(i)] must be a finite number ≥ 0, got \(lua.describe(-1))")
                    }
                    return v
                }
                return (colors, chroma)
            })
        }
        return RampGenerator(id: name, name: summary, parameterNames: parameters) { spec, _ in
            let (colors, chroma) = try generate(spec)
            last.set(spec, chroma)
            return colors
        }.declaring(requestedChroma: { spec in
            let chroma = try last.get(spec) ?? generate(spec).1
            return chroma ?? Array(repeating: .nan, count: spec.scale.count)
        })
    }

    func pushSpec(_ spec: RampSpec, _ lua: Lua) {
        lua.newTable(record: Int32(spec.parameters.count + 2))
        lua.push(spec.hue); lua.setField(-2, "hue")
        ScaleBinding.pushScale(spec.scale, lua); lua.setField(-2, "scale")
        for key in spec.parameters.keys.sorted() {
            switch spec.parameters[key]! {
            case .number(let d): lua.push(d)
            case .text(let s): lua.push(s)
            case .numbers(let v): pushNumbers(v, lua)
            case .color(let c): push(Color(.oklch, coords: c.oklch, alpha: c.alpha))
            case .curve(let c):
                lua.newTable(record: 6)
                func f(_ k: String, _ v: Double) { lua.push(v); lua.setField(-2, k) }
                switch c {
                case .constant(let v): lua.push("constant"); f("value", v)
                case let .linear(a, b): lua.push("linear"); f("from", a); f("to", b)
                case let .eased(a, b, p): lua.push("ease"); f("from", a); f("to", b); f("exponent", p)
                case let .bell(base, peak, center, width):
                    lua.push("bell"); f("base", base); f("peak", peak); f("center", center); f("width", width)
                case .points(let p): lua.push("points"); pushNumbers(p, lua); lua.setField(-3, "points")
                }
                lua.setField(-2, "kind")
                pushNumbers(c.values(at: spec.scale), lua); lua.setField(-2, "values")
            }
            lua.setField(-2, key)
        }
    }

    func pushNumbers(_ v: [Double], _ lua: Lua) {
        lua.newTable(array: Int32(v.count))
        for (i, d) in v.enumerated() { lua.push(d); lua.setIndex(-2, i + 1) }
    }

    /// Reads a list of one color per stop of `scale` (color values or CSS text) at `t`.
    func readRamp(_ lua: Lua, _ t: Int32, _ what: String, _ file: String, scale: Scale) throws -> [RampColor] {
        let t = lua.absolute(t)
        guard lua.type(t) == LUA_TTABLE, lua.rawLength(t) == scale.count else {
            let got = lua.type(t) == LUA_TTABLE ? "a list of \(lua.rawLength(t))" : lua.describe(t)
            throw EntryError(description: "\(file): \(what) must return a list of \(scale.count) colors (scale '\(scale.id)', \(scale.stops[0].name) first), got \(got)")
        }
        var out: [RampColor] = []
        for i in 1...scale.count {
            lua.getIndex(t, i)
            defer { lua.pop() }
            let c: Color
            if let p = luaL_testudata(L, -1, UserdataKind.color.metatableName) {
                c = color(of: p.assumingMemoryBound(to: ColorPayload.self).pointee)
            } else if let s = lua.string(-1), let parsed = try? parseColor(s) {
                c = parsed
            } else {
                throw EntryError(description: "\(file): \(what): item \(i) must be a color or CSS color text, got \(lua.describe(-1))")
            }
            out.append(try FamilyBinding.ramp(c, self))
        }
        return out
    }

    // MARK: Exporters

    /// An `Exporter` whose write calls the Lua function `write(doc, out)`: `doc` is the export document as
    /// plain tables, `out` a host writer for `<name>.<extension>` (and `out:file(path)` for more files). The
    /// files reach the build's `OutputFolder` (atomic at commit) only if the function returns without error.
    func luaExporter(name: String, fileExtension: String, summary: String, callback: LuaCallback) -> Exporter {
        let defaultPath = name + "." + fileExtension
        return Exporter(id: name, summary: summary, outputs: [defaultPath]) { doc, _, folder in
            let sink = ExportSink()
            try callback.call(results: 0, push: { host, lua in
                host.pushDocument(doc, lua)
                let path = host.exportPathOverride ?? defaultPath
                WriterBinding.push(ScriptWriter(path: path, target: .export(sink)), host.L)
                return 2
            }, read: { _, _ in () })
            try sink.flush(into: folder)
        }
    }

    /// The export document as Lua tables: `{name, families={{name, hue, stops={{stop=50, name="50", color, hex,
    /// display}…}}…}, tokens={{family, tokens={{name, light={family, stop, opacity}, dark, light_high,
    /// dark_high}…}}…}, audit={policy, passed, checks, failures={…}} or nil, build={version, source, command}}`.
    func pushDocument(_ doc: ExportDocument, _ lua: Lua) {
        lua.newTable(record: 5)
        lua.push(doc.name); lua.setField(-2, "name")
        lua.newTable(array: Int32(doc.families.count))
        for (i, f) in doc.families.enumerated() {
            lua.newTable(record: 3)
            lua.push(f.name); lua.setField(-2, "name")
            lua.pushNumberOrNil(f.hue); lua.setField(-2, "hue")
            lua.newTable(array: Int32(f.stops.count))
            for (j, s) in f.stops.enumerated() {
                lua.newTable(record: 5)
                if let n = Int(s.name) { lua.push(n) } else { lua.push(s.name) }
                lua.setField(-2, "stop")
                lua.push(s.name); lua.setField(-2, "name")
                push(Color(.srgb, coords: s.color.srgb)); lua.setField(-2, "color")
                lua.push(s.color.hex); lua.setField(-2, "hex")
                lua.push(s.color.display); lua.setField(-2, "display")
                lua.setIndex(-2, j + 1)
            }
            lua.setField(-2, "stops")
            lua.setIndex(-2, i + 1)
        }
        lua.setField(-2, "families")
        lua.newTable(array: Int32(doc.tokenSets.count))
        for (i, set) in doc.tokenSets.enumerated() {
            lua.newTable(record: 2)
            lua.push(set.family); lua.setField(-2, "family")
            lua.newTable(array: Int32(set.tokens.count))
            for (j, t) in set.tokens.enumerated() {
                lua.newTable(record: 5)
                lua.push(t.name); lua.setField(-2, "name")
                for (key, v) in [("light", t.light), ("dark", t.dark), ("light_high", t.lightHigh), ("dark_high", t.darkHigh)] {
                    lua.newTable(record: 3)
                    lua.push(v.reference.family); lua.setField(-2, "family")
                    if let n = Int(v.reference.stop) { lua.push(n) } else { lua.push(v.reference.stop) }
                    lua.setField(-2, "stop")
                    lua.push(v.opacity); lua.setField(-2, "opacity")
                    lua.setField(-2, key)
                }
                lua.setIndex(-2, j + 1)
            }
            lua.setField(-2, "tokens")
            lua.setIndex(-2, i + 1)
        }
        lua.setField(-2, "tokens")
        if let audit = doc.audit {
            lua.newTable(record: 4)
            lua.push(audit.policy); lua.setField(-2, "policy")
            lua.push(audit.passed); lua.setField(-2, "passed")
            lua.push(audit.checks.count); lua.setField(-2, "checks")
            lua.newTable(array: Int32(audit.failures.count))
            for (i, c) in audit.failures.enumerated() {
                lua.newTable(record: 7)
                lua.push(c.family); lua.setField(-2, "family")
                lua.push(c.foreground); lua.setField(-2, "foreground")
                lua.push(c.background); lua.setField(-2, "background")
                lua.push(c.variant.id); lua.setField(-2, "variant")
                lua.push(c.method); lua.setField(-2, "method")
                lua.push(c.target); lua.setField(-2, "target")
                lua.push(c.achieved); lua.setField(-2, "achieved")
                lua.setIndex(-2, i + 1)
            }
            lua.setField(-2, "failures")
            lua.setField(-2, "audit")
        }
        lua.newTable(record: 3)
        lua.push(doc.build.version); lua.setField(-2, "version")
        lua.push(doc.build.source); lua.setField(-2, "source")
        lua.push(doc.build.command); lua.setField(-2, "command")
        lua.setField(-2, "build")
    }

    // MARK: Policies

    /// The checks of a registered Lua policy that are not declarative token rules — stop rules
    /// (`{text=900, background=50, min=7}`) and the `check` function — for one family. Empty for other policies.
    public func policyChecks(_ policyID: String, family: Family, ramp: [RampColor]) throws -> [ScriptCheck] {
        guard let cb = policyExtras[policyID] else { return [] }
        return try HostContext.policyChecks(cb, policyID, family: family, ramp: ramp)
    }

    static func policyChecks(_ cb: LuaCallback, _ policyID: String, family: Family, ramp: [RampColor]) throws -> [ScriptCheck] {
        try cb.call(results: 1, push: { host, lua in
            lua.push(policyID)
            lua.push(family.id)
            lua.newTable(array: Int32(ramp.count))
            for (i, c) in ramp.enumerated() {
                host.push(Color(.oklch, coords: c.oklch, alpha: c.alpha)); lua.setIndex(-2, i + 1)
            }
            FamilyBinding.pushInfo(lua, family)
            return 4
        }, read: { _, lua in
            var out: [ScriptCheck] = []
            let t = lua.absolute(-1)
            guard lua.type(t) == LUA_TTABLE else { return out }
            for i in 0..<lua.rawLength(t) {
                lua.getIndex(t, i + 1)
                let r = lua.absolute(-1)
                lua.getField(r, "passed"); let passed = lua_toboolean(lua.L, -1) != 0; lua.pop()
                let rule = (try? lua.fieldString(r, "rule", "")) ?? nil
                let message = (try? lua.fieldString(r, "message", "")) ?? nil
                let value = (try? lua.fieldNumber(r, "value", "")) ?? nil
                let target = (try? lua.fieldNumber(r, "min", "")) ?? nil
                out.append(ScriptCheck(policy: policyID, family: family.id, rule: rule ?? "check", passed: passed,
                                       value: value, target: target, message: message ?? ""))
                lua.pop()
            }
            return out
        })
    }

    /// Runs `policyChecks` for several families (serially: they call into this state).
    public func policyChecks(_ policyID: String, families: [Family]) throws -> [ScriptCheck] {
        guard policyExtras[policyID] != nil else { return [] }
        let functions = ColorFunctions(workbench: palettes)
        return try families.flatMap { try policyChecks(policyID, family: $0, ramp: try functions.ramp(for: $0)) }
    }

    /// Whether a policy has script checks beyond its declarative rules.
    public func hasPolicyChecks(_ policyID: String) -> Bool { policyExtras[policyID] != nil }
}

/// One result of a Lua policy's stop rule or `check` function: Palettes' `PolicyFinding`, the value every
/// audit reports (the policy entry's `check` returns the same findings).
public typealias ScriptCheck = PolicyFinding
