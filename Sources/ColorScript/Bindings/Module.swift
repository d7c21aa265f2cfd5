import CLua
import CLuaShims
import ColorCore

extension HostContext {
    /// Creates the metatables of the userdata types (each locked: `getmetatable(c)` returns the type name).
    func installMetatables() {
        let lua = Lua(L: L)
        func make(_ kind: UserdataKind, methods: [LuaBinding], meta: [(String, hb_swift_fn)]) {
            _ = luaL_newmetatable(L, kind.metatableName)
            lua.newTable(record: Int32(methods.count))
            for m in methods { lua.push(m.function); lua.setField(-2, m.name) }
            lua.setField(-2, "__index")
            for (name, fn) in meta { lua.push(fn); lua.setField(-2, name) }
            lua.push(kind.metatableName); lua.setField(-2, "__metatable")
            lua.push(kind.rawValue); lua.setField(-2, "__name")
            lua.pop()
        }
        make(.color, methods: ColorBinding.methods + ColorFunctionsBinding.methods,
             meta: [("__tostring", ColorBinding.tostring), ("__eq", ColorBinding.eq)])
        colorMetatable = hb_metatable_ptr(L, UserdataKind.color.metatableName)
        _ = hb_getmetatable_named(L, UserdataKind.color.metatableName)
        colorMetatableRef = luaL_ref(L, hb_registryindex())
        make(.buffer, methods: BufferBinding.methods,
             meta: [("__gc", BufferBinding.gc), ("__len", BufferBinding.len), ("__tostring", BufferBinding.tostring)])
        make(.matrix, methods: MatrixBinding.methods,
             meta: [("__gc", MatrixBinding.gc), ("__tostring", MatrixBinding.tostring)])
        make(.writer, methods: WriterBinding.methods, meta: [("__gc", WriterBinding.gc)])
        make(.sweep, methods: [], meta: [("__gc", SweepResultBinding.gc)])
        SweepResultBinding.install(L)
    }

    /// The `hb` functions bound in Swift (the prelude adds the ones written in Lua).
    static let moduleFunctions: [LuaBinding] = ColorBinding.constructors + BufferBinding.functions
        + MethodRegistrationBinding.functions + WriterBinding.moduleFunctions

    /// The methods bound in Swift, per class (`LuaAPI.classes` names; Family and Theme are written in Lua).
    static let methodTables: [(owner: String, methods: [LuaBinding])] = [
        ("Color", ColorBinding.methods + ColorFunctionsBinding.methods), ("Buffer", BufferBinding.methods),
        ("Matrix", MatrixBinding.methods), ("Writer", WriterBinding.methods), ("SweepResult", SweepResultBinding.methods),
    ]

    /// Pushes the raw `hb` table (the prelude wraps it in read-only proxies).
    func pushModule() {
        let lua = Lua(L: L)
        lua.newTable()
        for f in Self.moduleFunctions { lua.push(f.function); lua.setField(-2, f.name) }
        lua.push("0.1.0"); lua.setField(-2, "version")
    }
}
