import CLua
import CLuaShims
import ColorCore
import Foundation

/// A color as a Lua userdata: immutable, stored inline (a space index and four doubles, no Swift object).
struct ColorPayload {
    var space: Int32
    var c0: Double, c1: Double, c2: Double, alpha: Double
}

extension HostContext {
    func color(of p: ColorPayload) -> Color {
        Color(spaceIDs[Int(p.space)], p.c0, p.c1, p.c2, alpha: p.alpha)
    }

    /// Pushes a new color userdata.
    func push(_ c: Color) {
        let index = spaceIndex(of: c.space)
        let p = hb_newuserdata(L, MemoryLayout<ColorPayload>.size)!.bindMemory(to: ColorPayload.self, capacity: 1)
        p.initialize(to: ColorPayload(space: index, c0: c.coords.x, c1: c.coords.y, c2: c.coords.z, alpha: c.alpha))
        lua_rawgeti(L, hb_registryindex(), lua_Integer(colorMetatableRef))
        lua_setmetatable(L, -2)
    }

    /// The space index of a color (registering the space's id on first use).
    func spaceIndex(of id: ColorSpaceID) -> Int32 {
        if let i = spaceIndex[id.rawValue] { return i }
        let i = Int32(spaceIDs.count); spaceIDs.append(id); spaceIndex[id.rawValue] = i
        return i
    }

    /// A conversion plan between two spaces by index, cached per state (an integer key: no strings per call).
    func plan(from a: Int32, to b: Int32) throws -> ConversionPlan {
        let key = Int(a) << 32 | Int(b)
        if let p = plans[key] { return p }
        let p = try workbench.spaces.plan(from: spaceIDs[Int(a)], to: spaceIDs[Int(b)])
        plans[key] = p
        return p
    }

    /// Coordinates of a color in space `target` (missing components read as 0).
    @inline(__always)
    func coordsForConversion(_ p: ColorPayload, in target: Int32) throws -> SIMD3<Double> {
        let v = SIMD3(p.c0, p.c1, p.c2)
        let out = p.space == target ? v : try plan(from: p.space, to: target).apply(v)
        return SIMD3(out.x.isNaN ? 0 : out.x, out.y.isNaN ? 0 : out.y, out.z.isNaN ? 0 : out.z)
    }

    /// `Workbench.contrast` with the method and the conversion plans looked up once per state: the same
    /// formula (translucent text composited over the background in the method's input space).
    func contrast(text: ColorPayload, background: ColorPayload, method: String) throws -> Double {
        if method != contrastCache.name || contrastCache.evaluate == nil {
            let m = try workbench.contrastMethods.lookup(method)
            contrastCache = ContrastCache(name: method, evaluate: m.evaluate,
                                          input: spaceIndex(of: try workbench.spaces.canonicalID(m.inputSpace.rawValue)))
        }
        let input = contrastCache.input
        let bg = try coordsForConversion(background, in: input)
        var fg = try coordsForConversion(text, in: input)
        if !text.alpha.isNaN && text.alpha < 1 {
            let a = max(text.alpha, 0)
            fg = fg * a + bg * (1 - a)
        }
        let v = contrastCache.evaluate!(fg, bg)
        // A plugin method (Lua) returns NaN after an error: raise that error here.
        if v.isNaN, let check = try workbench.contrastMethods.lookup(method).checkFailure { try check() }
        return v
    }

    /// The payload of a color value (its space registered by index).
    func payload(of c: Color) -> ColorPayload {
        ColorPayload(space: spaceIndex(of: c.space), c0: c.coords.x, c1: c.coords.y, c2: c.coords.z, alpha: c.alpha)
    }

    /// Parses CSS color text (every CSS Color 4 form the core parser knows).
    func parseColor(_ text: String) throws -> Color {
        try CSSText.parse(text, workbench: workbench)
    }
    func serialize(_ c: Color) -> String { CSSText.serialize(c, workbench: workbench) }
    func hex(_ c: Color) throws -> String { try CSSText.hex(c, workbench: workbench) }
}

extension Args {
    /// A color argument: a color userdata, or CSS text (`"#ff8800"`, `"oklch(70% 0.1 50)"`).
    func color(_ n: Int32, _ name: String, _ host: HostContext) throws -> Color {
        if let p = hb_testudata_ptr(lua.L, slot(n), host.colorMetatable) {
            return host.color(of: p.assumingMemoryBound(to: ColorPayload.self).pointee)
        }
        // Color text over 1 MiB (ColorCore's parse limit) is refused before it is copied out of Lua.
        if lua_type(lua.L, slot(n)) == LUA_TSTRING, lua_rawlen(lua.L, slot(n)) > 1 << 20 {
            throw BindingError("\(function): argument \(n) (\(name)) is \(lua_rawlen(lua.L, slot(n))) bytes of text; a CSS color is at most 1048576 bytes (1 MiB)")
        }
        if let s = lua.string(slot(n)) {
            do { return try host.parseColor(s) } catch {
                throw BindingError("\(function): argument \(n) (\(name)) must be a color or CSS color text, got \(lua.describe(slot(n))): \(error)")
            }
        }
        throw fail(n, name, "a color or CSS color text")
    }

    /// A color space name, resolved to its id (aliases and case are accepted).
    func space(_ n: Int32, _ name: String, _ host: HostContext, default def: ColorSpaceID? = nil) throws -> ColorSpaceID {
        if isNil(n), let d = def { return d }
        guard let s = lua.string(slot(n)) else { throw fail(n, name, "a color space name such as \"srgb\" or \"oklch\"") }
        do { return try host.workbench.spaces.canonicalID(s) } catch {
            throw BindingError("\(function): argument \(n) (\(name)): \(error)")
        }
    }

    /// A method id (string; numbers such as 2000 are accepted as their text).
    func method(_ n: Int32, _ name: String, default def: String) throws -> String {
        if isNil(n) { return def }
        if let s = lua.string(slot(n)) { return s }
        if let i = lua.integer(slot(n)) { return String(i) }
        throw fail(n, name, "a method name (string)")
    }

    /// Runs a core call; its error becomes a message naming this function and argument.
    func core<T>(_ n: Int32, _ name: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as BindingError { throw e } catch {
            throw BindingError("\(function): argument \(n) (\(name)): \(error)")
        }
    }
}

/// The color functions of the `hb` module and the methods of color values.
enum ColorBinding {
    static func construct(_ L: OpaquePointer?, _ fname: String, _ space: ColorSpaceID, _ names: [String]) -> Int32 {
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, fname)
            let c0 = try a.numberOrMissing(1, names[0]), c1 = try a.numberOrMissing(2, names[1])
            let c2 = try a.numberOrMissing(3, names[2]), alpha = try a.number(4, "alpha", default: 1)
            host.push(Color(space, c0, c1, c2, alpha: alpha))
            return 1
        }
    }

    /// `hb` functions that build colors: name, space, coordinate names.
    static let constructors: [LuaBinding] = [
        LuaBinding("srgb", "(r: number?, g: number?, b: number?, alpha?: number): Color | a color in sRGB (0…1); nil = missing", { construct($0, "hb.srgb", .srgb, ["r", "g", "b"]) }),
        LuaBinding("srgb_linear", "(r: number?, g: number?, b: number?, alpha?: number): Color | a color in linear-light sRGB", { construct($0, "hb.srgb_linear", .srgbLinear, ["r", "g", "b"]) }),
        LuaBinding("display_p3", "(r: number?, g: number?, b: number?, alpha?: number): Color | a color in Display P3 (0…1)", { construct($0, "hb.display_p3", .displayP3, ["r", "g", "b"]) }),
        LuaBinding("rec2020", "(r: number?, g: number?, b: number?, alpha?: number): Color | a color in Rec. 2020 (0…1)", { construct($0, "hb.rec2020", .rec2020, ["r", "g", "b"]) }),
        LuaBinding("oklch", "(l: number?, c: number?, h: number?, alpha?: number): Color | a color in OKLCH (L 0…1, hue in degrees)", { construct($0, "hb.oklch", .oklch, ["l", "c", "h"]) }),
        LuaBinding("oklab", "(l: number?, a: number?, b: number?, alpha?: number): Color | a color in OKLab", { construct($0, "hb.oklab", .oklab, ["l", "a", "b"]) }),
        LuaBinding("lab", "(l: number?, a: number?, b: number?, alpha?: number): Color | a color in CIE Lab (D50, L 0…100)", { construct($0, "hb.lab", .lab, ["l", "a", "b"]) }),
        LuaBinding("lch", "(l: number?, c: number?, h: number?, alpha?: number): Color | a color in CIE LCH (D50)", { construct($0, "hb.lch", .lch, ["l", "c", "h"]) }),
        LuaBinding("hsl", "(h: number?, s: number?, l: number?, alpha?: number): Color | a color in HSL (s, l 0…100)", { construct($0, "hb.hsl", .hsl, ["h", "s", "l"]) }),
        LuaBinding("hwb", "(h: number?, w: number?, b: number?, alpha?: number): Color | a color in HWB (w, b 0…100)", { construct($0, "hb.hwb", .hwb, ["h", "w", "b"]) }),
        LuaBinding("xyz", "(x: number?, y: number?, z: number?, alpha?: number): Color | a color in CIE XYZ (D65)", { construct($0, "hb.xyz", .xyzD65, ["x", "y", "z"]) }),
        LuaBinding("color", "(css: string): Color | a color from CSS Color 4 text", hbColor),
        LuaBinding("new", "(space: string, a: number?, b: number?, c: number?, alpha?: number): Color | a color in any registered space", hbNew),
        LuaBinding("spaces", "(): string[] | the registered color space ids", hbSpaces),
    ]

    /// `hb.color(text_or_color)`.
    static let hbColor: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.color")
            guard lua.type(1) == LUA_TSTRING || luaL_testudata(L, 1, UserdataKind.color.metatableName) != nil else {
                throw a.fail(1, "css", "CSS color text such as \"oklch(70% 0.1 50)\" or \"#ff8800\"")
            }
            host.push(try a.color(1, "css", host))
            return 1
        }
    }

    /// `hb.new(space, c0, c1, c2 [, alpha])`.
    static let hbNew: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.new")
            let space = try a.space(1, "space", host)
            host.push(Color(space, try a.numberOrMissing(2, "c0"), try a.numberOrMissing(3, "c1"),
                            try a.numberOrMissing(4, "c2"), alpha: try a.number(5, "alpha", default: 1)))
            return 1
        }
    }

    /// `hb.spaces()`: the color space ids, in registration order.
    static let hbSpaces: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let ids = host.workbench.spaces.spaces.ids
            lua.newTable(array: Int32(ids.count))
            for (i, id) in ids.enumerated() { lua.push(id); lua.setIndex(-2, i + 1) }
            return 1
        }
    }

    static func receiver(_ a: Args, _ host: HostContext) throws -> Color {
        guard let p = hb_testudata_ptr(a.lua.L, 1, host.colorMetatable) else {
            throw BindingError("\(a.function): call it with ':' on a color (c\(a.function.dropFirst(5))(…)), got \(a.lua.describe(1)) as the receiver")
        }
        return host.color(of: p.assumingMemoryBound(to: ColorPayload.self).pointee)
    }

    static func method(_ name: String, _ L: OpaquePointer?, _ body: (HostContext, Args, Color) throws -> Int32) -> Int32 {
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, prefix: "color:", name)
            return try body(host, a, try receiver(a, host))
        }
    }

    static let methods: [LuaBinding] = [
        LuaBinding("to", "(space: string): Color | the color converted to space", { L in method("to", L) { host, a, c in
            let s = try a.space(1, "space", host)
            host.push(try a.core(1, "space") { try host.workbench.convert(c, to: s) }); return 1 } }),
        LuaBinding("coords", "(space?: string): number?, number?, number? | the three coordinates (nil for a missing hue), in space if given", { L in method("coords", L) { host, a, c in
            let s = try a.space(1, "space", host, default: c.space)
            let v = try a.core(1, "space") { try host.workbench.convert(c, to: s) }
            a.lua.pushNumberOrNil(v.coords.x); a.lua.pushNumberOrNil(v.coords.y); a.lua.pushNumberOrNil(v.coords.z)
            return 3 } }),
        LuaBinding("space", "(): string | the color's space id", { L in method("space", L) { host, a, c in a.lua.push(c.space.rawValue); return 1 } }),
        LuaBinding("alpha", "(): number | the alpha, 0…1", { L in method("alpha", L) { host, a, c in a.lua.pushNumberOrNil(c.alpha); return 1 } }),
        LuaBinding("with_alpha", "(alpha: number): Color | the same color with another alpha", { L in method("with_alpha", L) { host, a, c in
            var d = c; d.alpha = try a.number(1, "alpha"); host.push(d); return 1 } }),
        LuaBinding("css", "(): string | CSS Color 4 text", { L in method("css", L) { host, a, c in a.lua.push(host.serialize(c)); return 1 } }),
        LuaBinding("hex", "(): string | #rrggbb after CSS Color 4 gamut mapping into sRGB", { L in method("hex", L) { host, a, c in a.lua.push(try host.hex(c)); return 1 } }),
        LuaBinding("contrast", "(background: Color|string, method?: string): number | contrast of this text color on background (wcag21 default, apca, lstar…)", contrast),
        LuaBinding("deltaE", "(other: Color|string, method?: string): number | the same as delta_e", deltaE),
        LuaBinding("delta_e", "(other: Color|string, method?: string): number | color difference (2000 default, 76, ok…)", deltaE),
        LuaBinding("in_gamut", "(space?: string): boolean | whether the color is inside space's gamut (default srgb)", { L in method("in_gamut", L) { host, a, c in
            let s = try a.space(1, "space", host, default: .srgb)
            a.lua.push(try a.core(1, "space") { try host.workbench.inGamut(c, of: s) }); return 1 } }),
        LuaBinding("map_gamut", "(space?: string, method?: string): Color | the color mapped into space's gamut (css4 default, clip, raytrace)", { L in method("map_gamut", L) { host, a, c in
            let s = try a.space(1, "space", host, default: .srgb)
            let m = try a.method(2, "method", default: "css4")
            _ = try a.core(2, "method") { try host.workbench.gamutMappers.lookup(m) }
            // Past the method's name, a failure is the color's (one whose conversion overflows).
            do { host.push(try host.workbench.mapGamut(c, to: s, method: m)) } catch {
                throw BindingError("color:map_gamut: \(host.serialize(c)): \(error)")
            }
            return 1 } }),
        LuaBinding("mix", "(other: Color|string, t?: number, space?: string): Color | interpolation toward other (t 0…1, default 0.5, in oklch)", { L in method("mix", L) { host, a, c in
            let other = try a.color(1, "other", host)
            let t = try a.number(2, "t", default: 0.5)
            let s = try a.space(3, "space", host, default: .oklab)
            let name = try a.string(4, "hue", default: "shorter")
            guard let hue = HueInterpolation(rawValue: name) else {
                throw a.fail(4, "hue", "one of " + HueInterpolation.allCases.map(\.rawValue).joined(separator: ", "))
            }
            host.push(try a.core(3, "space") { try host.workbench.interpolate(c, other, at: t, in: s, hue: hue) }); return 1 } }),
    ]

    /// `c:contrast(bg [, method])`: the hot path reads both payloads in place (no `Color` values, no strings).
    static let contrast: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, prefix: "color:", "contrast")
            guard let tp = hb_testudata_ptr(L, 1, host.colorMetatable) else { _ = try receiver(a, host); return 0 }
            let text = tp.assumingMemoryBound(to: ColorPayload.self).pointee
            let bg: ColorPayload
            if let bp = hb_testudata_ptr(L, 2, host.colorMetatable) { bg = bp.assumingMemoryBound(to: ColorPayload.self).pointee }
            else { bg = host.payload(of: try a.color(1, "background", host)) }
            let m = lua.type(3) == LUA_TNONE || lua.type(3) == LUA_TNIL ? "wcag21" : try a.method(2, "method", default: "wcag21")
            lua.push(try a.core(2, "method") { try host.contrast(text: text, background: bg, method: m) })
            return 1
        }
    }

    static let deltaE: hb_swift_fn = { L in method("deltaE", L) { host, a, c in
        let other = try a.color(1, "other", host)
        let m = try a.method(2, "method", default: "2000")
        a.lua.push(try a.core(2, "method") { try host.workbench.deltaE(c, other, method: m) }); return 1 } }

    static let tostring: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            guard let p = luaL_testudata(L, 1, UserdataKind.color.metatableName) else { lua.push("color"); return 1 }
            lua.push(host.serialize(host.color(of: p.assumingMemoryBound(to: ColorPayload.self).pointee)))
            return 1
        }
    }

    static let eq: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            guard let p = luaL_testudata(L, 1, UserdataKind.color.metatableName),
                  let q = luaL_testudata(L, 2, UserdataKind.color.metatableName) else { lua.push(false); return 1 }
            lua.push(host.color(of: p.assumingMemoryBound(to: ColorPayload.self).pointee)
                     == host.color(of: q.assumingMemoryBound(to: ColorPayload.self).pointee))
            return 1
        }
    }
}
