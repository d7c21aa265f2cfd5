import CLua
import CLuaShims

extension LuaInterpreter {
    /// Every function a script can call, as it is installed in this interpreter: `hb.x` and `hb.curve.x` (read
    /// through the sandbox's own `pairs`), `Class:x` for the methods in the userdata metatables, and the methods
    /// the prelude defines for families and themes. Compared with `LuaAPI.functions` by the tests.
    public func installedFunctions() throws -> [String] {
        var names: [String] = []
        for table in ["hb", "hb.curve"] {
            let listed = try eval("""
                local t = {} for k, v in pairs(\(table)) do if type(v) == "function" then t[#t + 1] = k end end
                table.sort(t) return table.concat(t, " ")
                """)
            names += (listed.first ?? "").split(separator: " ").map { "\(table).\($0)" }
        }
        let lua = Lua(L: L)
        let metatables: [(String, String)] = [("Color", "huebench.color"), ("Buffer", "huebench.buffer"),
                                              ("Matrix", "huebench.matrix"), ("Writer", "huebench.writer"),
                                              ("SweepResult", SweepResultBinding.tableMetatable)]
        for (cls, metatable) in metatables {
            _ = hb_getmetatable_named(L, metatable)
            lua_getfield(L, -1, "__index")
            if lua.type(-1) == LUA_TTABLE {
                lua_pushnil(L)
                while lua_next(L, -2) != 0 {
                    if lua.type(-2) == LUA_TSTRING, let k = lua.string(-2) { names.append("\(cls):\(k)") }
                    lua.pop()
                }
            }
            lua.pop(2)
        }
        // Families and themes are Lua objects: their methods are the prelude's `function Family.x` / `Theme.x`.
        for (cls, source) in [("Family", PackageResources.families_lua), ("Theme", PackageResources.themes_lua)] {
            let text = String(decoding: source, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("function \(cls).") {
                let rest = line.dropFirst("function \(cls).".count)
                names.append("\(cls):\(rest.prefix { $0 != "(" })")
            }
        }
        return names.sorted()
    }

    /// The module's fields that are not functions (name → Lua type), read through the sandbox.
    public func installedFields() throws -> [String: String] {
        let listed = try eval("""
            local t = {} for k, v in pairs(hb) do if type(v) ~= "function" then t[#t + 1] = k .. "=" .. type(v) end end
            table.sort(t) return table.concat(t, " ")
            """)
        var out: [String: String] = [:]
        for pair in (listed.first ?? "").split(separator: " ") {
            let kv = pair.split(separator: "=")
            out[String(kv[0])] = String(kv[1])
        }
        return out
    }
}
