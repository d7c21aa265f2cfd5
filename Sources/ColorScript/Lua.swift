import CLua
import Foundation
import CLuaShims

/// A view of one Lua stack for the Swift bindings. Every method here is safe inside a binding: none of them
/// can raise a Lua error (allocation is soft-capped while a binding runs, tables are read raw, no metamethod
/// is called), so no longjmp ever crosses a Swift frame.
struct Lua {
    let L: OpaquePointer

    var top: Int32 { lua_gettop(L) }
    func type(_ i: Int32) -> Int32 { lua_type(L, i) }
    func isNoneOrNil(_ i: Int32) -> Bool { lua_type(L, i) <= LUA_TNIL }
    func typeName(_ i: Int32) -> String { String(cString: lua_typename(L, lua_type(L, i))) }
    func pop(_ n: Int32 = 1) { hb_pop(L, n) }
    func settop(_ n: Int32) { lua_settop(L, n) }
    func absolute(_ i: Int32) -> Int32 { lua_absindex(L, i) }

    func push(_ s: String) {
        var s = s
        s.withUTF8 { b in _ = lua_pushlstring(L, b.baseAddress, b.count) }
    }
    func push(_ d: Double) { lua_pushnumber(L, d) }
    func push(_ i: Int) { lua_pushinteger(L, lua_Integer(i)) }
    func push(_ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }
    func pushNil() { lua_pushnil(L) }
    /// A missing (NaN) number becomes nil.
    func pushNumberOrNil(_ d: Double) { if d.isNaN { lua_pushnil(L) } else { lua_pushnumber(L, d) } }
    func push(_ fn: hb_swift_fn) { hb_push_swift_function(L, fn) }

    /// A string at `i` (only a real string: numbers are not converted).
    func string(_ i: Int32) -> String? {
        guard lua_type(L, i) == LUA_TSTRING else { return nil }
        var len = 0
        guard let p = hb_tostring(L, i, &len) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }
    func number(_ i: Int32) -> Double? {
        guard lua_type(L, i) == LUA_TNUMBER else { return nil }
        return hb_tonumber(L, i, nil)
    }
    func integer(_ i: Int32) -> Int? {
        guard lua_type(L, i) == LUA_TNUMBER else { return nil }
        var ok: Int32 = 0
        let v = hb_tointeger(L, i, &ok)
        return ok != 0 ? Int(v) : nil
    }

    // MARK: Tables (raw access only)

    func newTable(array: Int32 = 0, record: Int32 = 0) { lua_createtable(L, array, record) }
    /// t[key] = value on top (t at `t`; pops the value).
    func setField(_ t: Int32, _ key: String) {
        let t = absolute(t)
        push(key); hb_insert(L, -2); lua_rawset(L, t)
    }
    func setIndex(_ t: Int32, _ n: Int) { lua_rawseti(L, t, lua_Integer(n)) }
    /// Pushes t[key] (raw) and returns its type. A host object's proxy (a family or theme the prelude made:
    /// an empty table whose metatable holds `__storage`) is read through to its storage.
    @discardableResult func getField(_ t: Int32, _ key: String) -> Int32 {
        let t = absolute(t)
        push(key)
        let type = lua_rawget(L, t)
        guard type == LUA_TNIL, lua_getmetatable(L, t) != 0 else { return type }
        push("__storage")
        guard lua_rawget(L, -2) == LUA_TTABLE else { pop(3); pushNil(); return LUA_TNIL }
        push(key)
        let found = lua_rawget(L, -2)   // nil, metatable, storage, value
        hb_replace(L, -4)
        pop(2)
        return found
    }
    @discardableResult func getIndex(_ t: Int32, _ n: Int) -> Int32 { lua_rawgeti(L, t, lua_Integer(n)) }
    func rawLength(_ t: Int32) -> Int { Int(lua_rawlen(L, t)) }

    /// A short description of the value at `i` for error messages: `string "abc"`, `number 3`, `nil`, `table`.
    func describe(_ i: Int32) -> String {
        switch lua_type(L, i) {
        case LUA_TNONE, LUA_TNIL: return "nil"
        case LUA_TSTRING:
            let s = string(i) ?? ""
            return "string \"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case LUA_TNUMBER: return "number \(formatNumber(hb_tonumber(L, i, nil)))"
        case LUA_TBOOLEAN: return lua_toboolean(L, i) != 0 ? "boolean true" : "boolean false"
        case LUA_TUSERDATA:
            if let kind = userdataKind(i) { return kind }
            return "userdata"
        default: return typeName(i)
        }
    }

    /// The name of a Huebench userdata type at `i` ("color", "buffer"…), if it is one.
    func userdataKind(_ i: Int32) -> String? {
        for kind in UserdataKind.allCases where luaL_testudata(L, i, kind.metatableName) != nil { return kind.label }
        return nil
    }
}

/// The userdata types the bindings define; each has a metatable in the registry under `metatableName`.
enum UserdataKind: String, CaseIterable {
    case color, buffer, matrix, writer, sweep
    var metatableName: String { "huebench." + rawValue }
    var label: String { rawValue }
}

/// Numbers as scripts see them in messages: integers without ".0", others with up to 6 significant digits.
func formatNumber(_ d: Double) -> String {
    if d.isNaN { return "nan" }
    if d.isInfinite { return d > 0 ? "inf" : "-inf" }
    if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
    var s = String(format: "%.6g", d)
    if s.contains("e") { return s }
    while s.contains(".") && (s.hasSuffix("0") || s.hasSuffix(".")) { s.removeLast() }
    return s
}
