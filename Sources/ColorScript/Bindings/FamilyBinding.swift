import CLua
import CLuaShims
import ColorCore
import Foundation
import Palettes

/// Families for scripts: `hb.family{…}` (any registered generator, parameters as numbers, lists or curves),
/// `hb.families.<name>`, `hb.register_family{…}`. A registered family is a `Palettes.Family` in the state's
/// `PaletteWorkbench`, the same entry type and `register` call a built-in uses.
enum FamilyBinding {
    /// Reads a curve table made by `hb.curve.*` (`{kind="linear", from=…, to=…}` …).
    static func curve(_ lua: Lua, _ t: Int32, _ context: String) throws -> Curve? {
        guard let kind = try lua.fieldString(t, "kind", context) else { return nil }
        if let known = Fields.curves[kind] { try lua.checkFields(t, known, "\(context) (hb.curve.\(kind))") }
        func n(_ k: String, _ d: Double? = nil) throws -> Double {
            if let v = try lua.fieldNumber(t, k, context) { return v }
            if let d { return d }
            throw BindingError("\(context): hb.curve.\(kind) needs a number field '\(k)'")
        }
        switch kind {
        // Every field has a default (docs/lua-api.md, hb.curve): linear and ease run 0 → 1 (exponent 2), a bell
        // rises from base 0.03 to peak 0.17 at center 0.5 with width 0.25, a constant is 0.
        case "linear": return .linear(from: try n("from", 0), to: try n("to", 1))
        case "ease": return .eased(from: try n("from", 0), to: try n("to", 1), exponent: try n("exponent", 2))
        case "bell": return .bell(base: try n("base", 0.03), peak: try n("peak", 0.17), center: try n("center", 0.5), width: try n("width", 0.25))
        case "constant": return .constant(try n("value", 0))
        case "points":
            lua.getField(t, "values"); defer { lua.pop() }
            return .points(try numbers(lua, lua.absolute(-1), context + " (points)"))
        default: throw BindingError("\(context): unknown curve kind '\(kind)'; use hb.curve.linear, ease, bell or points")
        }
    }

    static func numbers(_ lua: Lua, _ t: Int32, _ context: String) throws -> [Double] {
        let n = lua.rawLength(t)
        var out: [Double] = []
        for i in 0..<n {
            lua.getIndex(t, i + 1)
            defer { lua.pop() }
            guard let d = lua.number(-1) else { throw BindingError("\(context): item \(i + 1) must be a number, got \(lua.describe(-1))") }
            out.append(d)
        }
        return out
    }

    /// A `Family` from a spec table: name, generator (default "oklch-curves"), hue, and parameters.
    static func family(_ host: HostContext, _ lua: Lua, _ t: Int32, _ fname: String) throws -> Family {
        let ctx = "\(fname): argument 1 (spec)"
        guard let name = try lua.fieldString(t, "name", ctx), !name.isEmpty else {
            throw BindingError("\(ctx): field 'name' must be a non-empty string, got \(lua.getField(t, "name") == LUA_TNIL ? "nil" : lua.describe(-1))")
        }
        let generator = try lua.fieldString(t, "generator", ctx) ?? OKLCHCurves.id
        let g = try wrap(ctx) { try host.palettes.generators.lookup(generator) }
        // Generators that declare their parameters get a strict spec (a Lua generator without `parameters`
        // receives whatever the family passes).
        if !g.parameters.isEmpty {
            try lua.checkFields(t, Fields.family + g.parameterNames.filter { !Fields.family.contains($0) }, fname, hints: Fields.familyHints)
        }
        var hue: Double? = nil
        var params: [String: RampParameter] = [:]
        // Keys sorted: never depend on pairs() order.
        var keys: [String] = []
        lua.pushNil()
        while lua_next(lua.L, t) != 0 {
            lua.pop()
            if let k = lua.string(-1) { keys.append(k) }
        }
        var anchor: RampAnchor? = nil
        var scale = Scale.ctk
        if lua.getField(t, "scale") != LUA_TNIL { scale = try ScaleBinding.scale(lua, lua.absolute(-1), "\(ctx): field 'scale'") }
        lua.pop()
        for key in keys.sorted() where key != "name" && key != "generator" && key != "scale" {
            if key == "anchor" {
                lua.getField(t, key)
                defer { lua.pop() }
                anchor = try self.anchor(host, lua, lua.absolute(-1), "\(fname): field 'anchor'")
                continue
            }
            lua.getField(t, key)
            defer { lua.pop() }
            let v = lua.absolute(-1)
            let c = "\(ctx): field '\(key)'"
            if let d = lua.number(v) {
                if key == "hue" { hue = d } else { params[key] = .number(d) }
            } else if let s = lua.string(v) {
                if let color = try? host.parseColor(s) { params[key] = .color(try ramp(color, host)) } else { params[key] = .text(s) }
            } else if let p = luaL_testudata(lua.L, v, UserdataKind.color.metatableName) {
                params[key] = .color(try ramp(host.color(of: p.assumingMemoryBound(to: ColorPayload.self).pointee), host))
            } else if lua.type(v) == LUA_TTABLE {
                if let cv = try curve(lua, v, c) { params[key] = .curve(cv) } else { params[key] = .numbers(try numbers(lua, v, c)) }
            } else {
                throw BindingError("\(c) must be a number, a list of numbers, a curve (hb.curve.*), a color or text, got \(lua.describe(v))")
            }
        }
        if let h = hue, params["hue"] == nil, generator == OKLCHCurves.id { params["hue"] = .curve(.constant(h)) }
        if let h = hue { _ = try wrap(fname) { try Checked.finite(h, "field 'hue'") } }
        let family = Family(id: name, hue: hue ?? anchor.flatMap { $0.color.isAchromatic ? nil : TokenMath.roundedHue($0.color.oklch.z) },
                            generator: generator, parameters: params, anchor: anchor, scale: scale)
        if let s = anchor?.stop, !scale.contains(s) {
            throw BindingError("\(fname): field 'anchor': stop \(s.name) is not in scale '\(scale.id)' (stops \(scale.stopList))")
        }
        // Checked before anything is registered: a bad spec leaves no half-registered family.
        try wrap(fname) { try g.validate(family.spec) }
        return family
    }

    /// `anchor = CSS text or a color` or `anchor = {color = …, stop = N}`: the color the ramp passes through.
    static func anchor(_ host: HostContext, _ lua: Lua, _ v: Int32, _ ctx: String) throws -> RampAnchor {
        func color(_ i: Int32) throws -> RampColor {
            if let s = lua.string(i) {
                return try wrap(ctx) { try RampAnchor(css: s, core: host.workbench).color }
            }
            if let p = luaL_testudata(lua.L, i, UserdataKind.color.metatableName) {
                let c = try host.workbench.convert(host.color(of: p.assumingMemoryBound(to: ColorPayload.self).pointee), to: .srgb)
                return RampColor(srgb: c.coordsForConversion)
            }
            throw BindingError("\(ctx) must be a CSS color, a color or {color = …, stop = N}, got \(lua.describe(i))")
        }
        guard lua.type(v) == LUA_TTABLE else { return RampAnchor(color: try color(v)) }
        try lua.checkFields(v, ["color", "stop"], ctx)
        lua.getField(v, "color")
        defer { lua.pop() }
        let c = try color(lua.absolute(-1))
        return RampAnchor(color: c, stop: try ScaleBinding.field(lua, v, "stop", ctx))
    }

    static func ramp(_ c: Color, _ host: HostContext) throws -> RampColor {
        let o = try host.workbench.convert(c, to: .oklch).coordsForConversion
        return RampColor(oklch: o.x, o.y, o.z, alpha: c.alpha.isNaN ? 1 : c.alpha)
    }

    static func wrap<T>(_ ctx: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as BindingError { throw e } catch { throw BindingError("\(ctx): \(error)") }
    }

    /// Pushes a family's stops as a list of colors (OKLCH), lightest first.
    static func pushRamp(_ host: HostContext, _ lua: Lua, _ f: Family, _ ctx: String) throws {
        let colors = try wrap(ctx) { try host.palettes.ramp(for: f) }
        lua.newTable(array: Int32(colors.count))
        for (i, c) in colors.enumerated() {
            host.stopOrigins[stopKey(c.oklch, c.alpha)] = (f, f.scale.stops[i])
            host.push(Color(.oklch, coords: c.oklch, alpha: c.alpha)); lua.setIndex(-2, i + 1)
        }
    }

    /// The exact key of a color handed out as a family stop.
    static func stopKey(_ oklch: SIMD3<Double>, _ alpha: Double) -> [UInt64] {
        [oklch.x.bitPattern, oklch.y.bitPattern, oklch.z.bitPattern, alpha.bitPattern]
    }

    /// Pushes what a family object shows: `{hue=, generator=, scale={name, stops, lightness}}`.
    static func pushInfo(_ lua: Lua, _ f: Family) {
        lua.newTable(record: 3)
        if let h = f.hue { lua.push(h); lua.setField(-2, "hue") }
        lua.push(f.generator); lua.setField(-2, "generator")
        ScaleBinding.pushScale(f.scale, lua); lua.setField(-2, "scale")
    }

    /// `P.make_family(spec)` → name, colors, handle (for `hb.audit`).
    static let makeFamily: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.family")
            let f = try family(host, lua, try a.table(1, "spec"), "hb.family")
            lua.push(f.id); try pushRamp(host, lua, f, "hb.family")
            host.scriptFamilies.append(f)
            lua.push(host.scriptFamilies.count)
            pushInfo(lua, f)
            return 4
        }
    }

    /// `P.named_family(name)` → name, colors (or nil for an unknown name).
    static let namedFamily: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let name = lua.string(1) ?? ""
            guard let f = try? host.palettes.family(named: name.replacingOccurrences(of: "_", with: "-")) ?? host.palettes.family(named: name) else {
                lua.pushNil(); lua.push("hb.families: no family '\(name)'; known: \(host.palettes.families.ids.joined(separator: ", "))")
                return 2
            }
            lua.push(f.id); try pushRamp(host, lua, f, "hb.families.\(name)")
            lua.pushNil(); pushInfo(lua, f)
            return 4
        }
    }

    /// `P.register_family(spec)` → name, colors. Registers into the state's palette workbench.
    static let registerFamily: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.register_family")
            let f = try family(host, lua, try a.table(1, "spec"), "hb.register_family")
            try host.registry.add(kind: "family", name: f.id, file: host.currentFile,
                                  builtins: PaletteWorkbench.standard.families.ids)
            try wrap("hb.register_family") { try host.palettes.register(f) }
            lua.push(f.id); try pushRamp(host, lua, f, "hb.register_family")
            lua.pushNil(); pushInfo(lua, f)
            return 4
        }
    }
}
