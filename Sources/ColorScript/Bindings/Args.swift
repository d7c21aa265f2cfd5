import CLua
import CLuaShims
import ColorCore

/// Checked arguments of one API function. Each failure says which function, which argument, what was expected
/// and what was given: `hb.oklch: argument 2 (c) must be a number, got string "x"`.
struct Args {
    let lua: Lua
    /// The name users call the function by, in two parts joined only for a message (`color:` + `to`): string
    /// literals, so building an `Args` allocates nothing on the hot path.
    let prefix: String, name: String
    var function: String { prefix + name }
    /// Stack slots before argument 1 (1 for methods: the receiver).
    let offset: Int32

    init(_ lua: Lua, _ function: String, method: Bool = false) {
        self.lua = lua; self.prefix = ""; self.name = function; self.offset = method ? 1 : 0
    }
    init(_ lua: Lua, prefix: String, _ name: String, method: Bool = true) {
        self.lua = lua; self.prefix = prefix; self.name = name; self.offset = method ? 1 : 0
    }

    func slot(_ n: Int32) -> Int32 { n + offset }
    var count: Int32 { max(0, lua.top - offset) }
    func isNil(_ n: Int32) -> Bool { lua.isNoneOrNil(slot(n)) }

    func fail(_ n: Int32, _ name: String, _ expected: String) -> BindingError {
        BindingError("\(function): argument \(n) (\(name)) must be \(expected), got \(lua.describe(slot(n)))")
    }

    func number(_ n: Int32, _ name: String) throws -> Double {
        guard let d = lua.number(slot(n)) else { throw fail(n, name, "a number") }
        return d
    }
    func number(_ n: Int32, _ name: String, default def: Double) throws -> Double {
        isNil(n) ? def : try number(n, name)
    }
    /// A number or nil (nil means missing: NaN).
    func numberOrMissing(_ n: Int32, _ name: String) throws -> Double {
        isNil(n) ? .nan : try number(n, name)
    }
    func integer(_ n: Int32, _ name: String, range: ClosedRange<Int>? = nil) throws -> Int {
        guard let i = lua.integer(slot(n)), range.map({ $0.contains(i) }) ?? true else {
            if let r = range { throw fail(n, name, "a whole number in \(r.lowerBound)…\(r.upperBound)") }
            throw fail(n, name, "a whole number")
        }
        return i
    }
    func string(_ n: Int32, _ name: String) throws -> String {
        guard let s = lua.string(slot(n)) else { throw fail(n, name, "a string") }
        return s
    }
    func string(_ n: Int32, _ name: String, default def: String) throws -> String {
        isNil(n) ? def : try string(n, name)
    }
    func table(_ n: Int32, _ name: String) throws -> Int32 {
        guard lua.type(slot(n)) == LUA_TTABLE else { throw fail(n, name, "a table") }
        return slot(n)
    }
    func function(_ n: Int32, _ name: String) throws -> Int32 {
        guard lua.type(slot(n)) == LUA_TFUNCTION else { throw fail(n, name, "a function") }
        return slot(n)
    }
    func userdata<T>(_ n: Int32, _ name: String, _ kind: UserdataKind, as: T.Type) throws -> UnsafeMutablePointer<T> {
        guard let p = luaL_testudata(lua.L, slot(n), kind.metatableName) else {
            throw fail(n, name, "a \(kind.label)")
        }
        return p.assumingMemoryBound(to: T.self)
    }
}

extension Lua {
    /// Reads field `key` of the table at `t` with a check; `context` names the function and the table argument.
    func fieldNumber(_ t: Int32, _ key: String, _ context: String) throws -> Double? {
        defer { pop() }
        switch getField(t, key) {
        case LUA_TNIL: return nil
        case LUA_TNUMBER: return hb_tonumber(L, -1, nil)
        default: throw BindingError("\(context): field '\(key)' must be a number, got \(describe(-1))")
        }
    }
    func fieldBool(_ t: Int32, _ key: String, _ context: String) throws -> Bool? {
        defer { pop() }
        switch getField(t, key) {
        case LUA_TNIL: return nil
        case LUA_TBOOLEAN: return lua_toboolean(L, -1) != 0
        default: throw BindingError("\(context): field '\(key)' must be true or false, got \(describe(-1))")
        }
    }
    func fieldString(_ t: Int32, _ key: String, _ context: String) throws -> String? {
        defer { pop() }
        switch getField(t, key) {
        case LUA_TNIL: return nil
        case LUA_TSTRING: return string(-1)
        default: throw BindingError("\(context): field '\(key)' must be a string, got \(describe(-1))")
        }
    }
}
