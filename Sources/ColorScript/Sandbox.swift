import CLua
import CLuaShims
import ColorCore
import Foundation

/// The sandbox: the trusted prelude builds each script's environment from allow-listed globals.
///
/// Allowed: `assert error ipairs next pairs pcall xpcall select tonumber tostring type rawequal rawlen rawget
/// getmetatable setmetatable` (refuses `__gc`: finalizers run with hooks off and would escape the time limit),
/// `collectgarbage` ("count", "collect", "step" only), `print` (to the host), `load` (text only), `loadfile`/
/// `dofile` (text only, inside the allowed folders), `require` (`huebench` and modules in the allowed folders),
/// `string` (no `dump`), `table`, `math` (seeded `random`; `randomseed` needs a number), `utf8`,
/// `os.clock/time/date`, `coroutine`, `hb`. Not there: `io`, the rest of `os`, `package`, `debug`, `rawset`.
/// Every library table and the `hb` module are read-only proxies; assigning to a sandbox global is an error.
extension LuaInterpreter {
    /// The prelude's chunks, in the order they run: each is called with (P, S) — the host's privileged table
    /// and a table the chunks share their helpers through. The last one returns `new_env` and `show`.
    /// The sources are `Sources/ColorScript/Prelude/*.lua`, embedded in the binary by SwiftPM.
    static let preludeChunks: [(name: String, bytes: [UInt8])] = [
        ("sandbox.lua", PackageResources.sandbox_lua),
        ("families.lua", PackageResources.families_lua),
        ("themes.lua", PackageResources.themes_lua),
        ("audit.lua", PackageResources.audit_lua),
        ("environment.lua", PackageResources.environment_lua),
    ]

    /// Builds the `hb` module, the metatables of the userdata types, and runs the prelude.
    func installSandbox() throws {
        let lua = Lua(L: L)
        host.installMetatables()
        // The privileged table P, seen only by the prelude.
        lua.newTable()
        lua.push(options.seed); lua.setField(-2, "seed")
        lua.push(HostContext.privWrite); lua.setField(-2, "write")
        lua.push(HostContext.privFindModule); lua.setField(-2, "find_module")
        lua.push(HostContext.privReadFile); lua.setField(-2, "read_file")
        lua_pushcclosure(L, hb_where, 0); lua.setField(-2, "where")
        lua_pushcclosure(L, hb_lua_tripped, 0); lua.setField(-2, "tripped")
        lua.push(FamilyBinding.makeFamily); lua.setField(-2, "make_family")
        lua.push(FamilyBinding.namedFamily); lua.setField(-2, "named_family")
        lua.push(FamilyBinding.registerFamily); lua.setField(-2, "register_family")
        lua.push(RegistrationBinding.registerGenerator); lua.setField(-2, "register_generator")
        lua.push(RegistrationBinding.registerExporter); lua.setField(-2, "register_exporter")
        lua.push(RegistrationBinding.registerPolicy); lua.setField(-2, "register_policy")
        lua.push(RegistrationBinding.export); lua.setField(-2, "export")
        lua.push(RegistrationBinding.exporterIDs); lua.setField(-2, "exporter_ids")
        lua.push(ThemeBinding.theme); lua.setField(-2, "theme")
        lua.push(ThemeBinding.build); lua.setField(-2, "build")
        lua.push(AuditBinding.audit); lua.setField(-2, "audit")
        lua.push(Fields.checkFields); lua.setField(-2, "check_fields")
        lua.push(RegistrationBinding.generators); lua.setField(-2, "generators")
        host.pushModule()
        lua.setField(-2, "hb")
        let p = lua.absolute(-1)
        lua.newTable()
        let shared = lua.absolute(-1)
        for (i, chunk) in LuaInterpreter.preludeChunks.enumerated() {
            let status = chunk.bytes.withUnsafeBytes { load($0, chunkname: "=huebench-prelude/" + chunk.name) }
            guard status == LUA_OK else { throw decodeError(status) }
            lua_pushvalue(L, p)
            lua_pushvalue(L, shared)
            let last = i == LuaInterpreter.preludeChunks.count - 1
            let s = hb_pcall_traced(L, 2, last ? 2 : 0)
            guard s == LUA_OK else { throw decodeError(s) }
        }
        showRef = luaL_ref(L, hb_registryindex())
        newEnvRef = luaL_ref(L, hb_registryindex())
        lua.pop(2)  // P and S
    }

}

extension HostContext {
    static let privWrite: hb_swift_fn = { L in
        guarded(L) { host, lua in
            host.printSink(lua.string(1) ?? "")
            return 0
        }
    }

    /// `require` search: `a.b` is `a/b.lua` in each allowed folder, in order.
    static let privFindModule: hb_swift_fn = { L in
        guarded(L) { host, lua in
            let name = lua.string(1) ?? ""
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }),
                  !name.contains("..") else {
                lua.pushNil(); lua.push("require: '\(name)' is not a valid module name (letters, digits, _ - and . only)")
                return 2
            }
            let rel = name.replacingOccurrences(of: ".", with: "/") + ".lua"
            for folder in host.allowedFolders {
                let path = folder + "/" + rel
                if let data = FileManager.default.contents(atPath: path), host.allowedPath(path) != nil {
                    lua.push(String(decoding: data, as: UTF8.self)); lua.push("@" + path)
                    return 2
                }
            }
            lua.pushNil()
            lua.push("require: module '\(name)' not found; only 'huebench' and \(rel) in the script and plugin folders can be required")
            return 2
        }
    }

    static let privReadFile: hb_swift_fn = { L in
        guarded(L) { host, lua in
            let path = lua.string(1) ?? ""
            guard let real = host.allowedPath(path) else {
                lua.pushNil(); lua.push("'\(path)' is outside the folders scripts may read (the script's folder and plugin folders)")
                return 2
            }
            guard let data = FileManager.default.contents(atPath: real) else {
                lua.pushNil(); lua.push("cannot read '\(path)'")
                return 2
            }
            lua.push(String(decoding: data, as: UTF8.self)); lua.push("@" + path)
            return 2
        }
    }
}
