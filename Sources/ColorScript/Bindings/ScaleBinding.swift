import CLua
import CLuaShims
import ColorCore
import Palettes

/// Stops and scales as Lua values: a stop is a number (`450`, `12`) or, for custom names, a string; a scale is
/// a built-in name (`"ctk"`, `"tailwind"`, `"radix"`, `"material"`) or a list of `{stop, lightness}` pairs,
/// lightest first (`{ {50, 97}, {100, 93}, … }` or `{stop = 50, lightness = 97}`), with an optional `name`.
enum ScaleBinding {
    /// Pushes a stop: its number when its name is one, else its name.
    static func push(_ stop: Stop, _ lua: Lua) {
        if let v = stop.value { lua.push(v) } else { lua.push(stop.label) }
    }

    /// Reads a stop at `i` (a whole number ≥ 0 or a stop name), or nil when the value is nil.
    static func stop(_ lua: Lua, _ i: Int32, _ ctx: String) throws -> Stop? {
        switch lua.type(i) {
        case LUA_TNIL, LUA_TNONE: return nil
        case LUA_TNUMBER:
            let n = lua.number(i) ?? .nan
            guard let v = try? Checked.int(n, "stop", in: 0...1_000_000) else {
                throw BindingError("\(ctx) must be a stop (a whole number ≥ 0 or a stop name), got \(formatNumber(n))")
            }
            return Stop(v)
        case LUA_TSTRING:
            return try FamilyBinding.wrap(ctx) { try Stop(parsing: lua.string(i) ?? "") }
        default:
            throw BindingError("\(ctx) must be a stop (a number such as 450, or a stop name), got \(lua.describe(i))")
        }
    }

    /// Reads a table's stop field.
    static func field(_ lua: Lua, _ t: Int32, _ key: String, _ ctx: String) throws -> Stop? {
        lua.getField(t, key)
        defer { lua.pop() }
        return try stop(lua, lua.absolute(-1), "\(ctx): field '\(key)'")
    }

    /// Reads a scale at `i`: a built-in name or a list of `{stop, lightness}`.
    static func scale(_ lua: Lua, _ i: Int32, _ ctx: String) throws -> Scale {
        if let name = lua.string(i), lua.type(i) == LUA_TSTRING {
            return try FamilyBinding.wrap(ctx) {
                do { return try Scale.named(name) } catch PalettesError.invalidScale(let id, let reason) {
                    throw PalettesError.invalidScale(id, reason: reason + " or a list of {stop, lightness}")
                }
            }
        }
        guard lua.type(i) == LUA_TTABLE else {
            throw BindingError("\(ctx) must be a scale name (\(Scale.builtins.map(\.id).joined(separator: ", "))) or a list of {stop, lightness}, got \(lua.describe(i))")
        }
        let t = lua.absolute(i)
        try lua.checkFields(t, ["name"], ctx, list: true)
        let name = try lua.fieldString(t, "name", ctx) ?? "custom"
        let n = lua.rawLength(t)
        guard n <= 256 else { throw BindingError("\(ctx): a scale has at most 256 stops, got \(n)") }
        var stops: [Stop] = [], lightness: [Double] = []
        for k in 0..<n {
            lua.getIndex(t, k + 1)
            defer { lua.pop() }
            let item = lua.absolute(-1), c = "\(ctx), item \(k + 1)"
            guard lua.type(item) == LUA_TTABLE else { throw BindingError("\(c) must be {stop, lightness}, got \(lua.describe(item))") }
            try lua.checkFields(item, ["stop", "lightness"], c, list: true)
            lua.getField(item, "stop")
            if lua.type(-1) == LUA_TNIL { lua.pop(); lua.getIndex(item, 1) }
            let s = try stop(lua, lua.absolute(-1), "\(c): stop")
            lua.pop()
            lua.getField(item, "lightness")
            if lua.type(-1) == LUA_TNIL { lua.pop(); lua.getIndex(item, 2) }
            let l = lua.number(-1)
            lua.pop()
            guard let s else { throw BindingError("\(c) needs a stop: {stop, lightness}") }
            guard let l else { throw BindingError("\(c) needs a lightness (CIELab L* 0…100): {stop, lightness}") }
            stops.append(s); lightness.append(l)
        }
        return try FamilyBinding.wrap(ctx) { try Scale(id: name, stops: stops, lightness: lightness) }
    }

    /// Pushes `{name=, stops={…}, lightness={…}}`.
    static func pushScale(_ s: Scale, _ lua: Lua) {
        lua.newTable(record: 3)
        lua.push(s.id); lua.setField(-2, "name")
        lua.newTable(array: Int32(s.count))
        for (i, st) in s.stops.enumerated() { push(st, lua); lua.setIndex(-2, i + 1) }
        lua.setField(-2, "stops")
        lua.newTable(array: Int32(s.count))
        for (i, l) in s.lightness.enumerated() { lua.push(l); lua.setIndex(-2, i + 1) }
        lua.setField(-2, "lightness")
    }
}
