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
extension LuaState {
    static let prelude = #"""
    local P = ...
    local type, error, tostring, select, next, pairs, rawget, rawequal = type, error, tostring, select, next, pairs, rawget, rawequal
    local setmetatable_, getmetatable_, load_, concat, format = setmetatable, getmetatable, load, table.concat, string.format
    local rawset_, collectgarbage_ = rawset, collectgarbage

    local where = P.where
    local function fail(msg) error(where(msg), 0) end

    local function readonly(t, name)
      local proxy = {}
      setmetatable_(proxy, {
        __index = t,
        __newindex = function(_, k)
          fail(format("cannot assign to %s.%s: the sandbox API is read-only", name, tostring(k)))
        end,
        __pairs = function() return next, t, nil end,
        __len = function() return #t end,
        __metatable = "locked",
      })
      return proxy
    end

    -- string: no dump, and the string metatable is locked (getmetatable("") gives "locked").
    string.dump = nil
    getmetatable_("").__metatable = "locked"

    math.randomseed(P.seed)
    local math_ = {}
    for k, v in next, math do math_[k] = v end
    local randomseed = math.randomseed
    math_.randomseed = function(x)
      if type(x) ~= "number" then
        error("math.randomseed: argument 1 (seed) must be a number: scripts are deterministic, got " .. type(x), 2)
      end
      return randomseed(x)
    end
    local coroutine_ = {}
    for k, v in next, coroutine do coroutine_[k] = v end

    local function safe_setmetatable(t, mt)
      if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
        fail("setmetatable: __gc metamethods are not allowed in scripts (finalizers would escape the time limit)")
      end
      if type(t) == "table" and getmetatable_(t) ~= nil and type(getmetatable_(t)) ~= "table" then
        fail("setmetatable: cannot change a protected metatable")
      end
      if type(t) ~= "table" then fail("setmetatable: argument 1 must be a table, got " .. type(t)) end
      setmetatable_(t, mt)
      return t
    end
    -- A message handler runs inside the hook that raised a limit error, where hooks are off: once a limit
    -- has tripped, the script's handler is skipped so it cannot loop unchecked.
    local xpcall_, tripped = xpcall, P.tripped
    local function safe_xpcall(f, h, ...)
      if type(h) ~= "function" then return xpcall_(f, h, ...) end
      return xpcall_(f, function(e) if tripped() then return e end return h(e) end, ...)
    end
    local function safe_collectgarbage(opt, ...)
      opt = opt or "collect"
      if opt ~= "count" and opt ~= "collect" and opt ~= "step" then
        error(format("collectgarbage: option '%s' is not allowed in scripts (use \"count\", \"collect\" or \"step\")", tostring(opt)), 2)
      end
      return collectgarbage_(opt, ...)
    end
    local write = P.write
    local function print_(...)
      local n = select("#", ...)
      local parts = {}
      for i = 1, n do parts[i] = tostring((select(i, ...))) end
      write(concat(parts, "\t") .. "\n")
    end

    local function deep_readonly(t, name)
      local keys = {}
      for k, v in next, t do if type(v) == "table" then keys[#keys + 1] = k end end
      for _, k in ipairs(keys) do t[k] = deep_readonly(t[k], name .. "." .. tostring(k)) end
      return readonly(t, name)
    end
    local HB = deep_readonly(P.hb, "hb")
    local shared = {
      assert = assert, error = error, ipairs = ipairs, next = next, pairs = pairs, pcall = pcall, xpcall = safe_xpcall,
      select = select, tonumber = tonumber, tostring = tostring, type = type, rawequal = rawequal, rawlen = rawlen,
      rawget = rawget, getmetatable = getmetatable_, setmetatable = safe_setmetatable,
      collectgarbage = safe_collectgarbage, print = print_, _VERSION = _VERSION,
      string = readonly(string, "string"), table = readonly(table, "table"), math = readonly(math_, "math"),
      utf8 = readonly(utf8, "utf8"), coroutine = readonly(coroutine_, "coroutine"),
      os = readonly({ clock = os.clock, time = os.time, date = os.date }, "os"),
      hb = HB,
    }

    local loaded = {}
    local new_env
    local function require_(name)
      if type(name) ~= "string" then
        error("require: argument 1 (name) must be a module name (string), got " .. type(name), 2)
      end
      if name == "huebench" then return HB end
      local m = loaded[name]
      if m ~= nil then return m end
      local src, chunkname = P.find_module(name)
      if not src then error(chunkname, 2) end
      local f, err = load_(src, chunkname, "t", new_env())
      if not f then error(err, 0) end
      local r = f(name)
      if r == nil then r = true end
      loaded[name] = r
      return r
    end

    new_env = function()
      local env = {}
      local base = {}
      for k, v in next, shared do base[k] = v end
      base._G = env
      base.require = require_
      base.load = function(chunk, name, mode, e)
        if mode ~= nil and mode ~= "t" then
          error(format("load: binary chunks are not allowed in scripts; mode must be \"t\", got %q", tostring(mode)), 2)
        end
        if e == nil then e = env end
        return load_(chunk, name, "t", e)
      end
      base.loadfile = function(path, mode, e)
        if mode ~= nil and mode ~= "t" then
          error(format("loadfile: binary chunks are not allowed in scripts; mode must be \"t\", got %q", tostring(mode)), 2)
        end
        if type(path) ~= "string" then
          error("loadfile: argument 1 (path) must be a string, got " .. type(path), 2)
        end
        local src, chunkname = P.read_file(path)
        if not src then return nil, chunkname end
        if e == nil then e = env end
        return load_(src, chunkname, "t", e)
      end
      base.dofile = function(path)
        if type(path) ~= "string" then
          error("dofile: argument 1 (path) must be a string, got " .. type(path), 2)
        end
        local f, err = base.loadfile(path)
        if not f then error(err, 2) end
        return f()
      end
      setmetatable_(env, {
        __index = base,
        __newindex = function(t, k, v)
          if base[k] ~= nil then
            fail(format("cannot assign to global '%s': it is part of the sandbox API (use a local)", tostring(k)))
          end
          rawset_(t, k, v)
        end,
        __metatable = "locked",
      })
      return env
    end

    local function show(f)
      local r = table.pack(f())
      local out = {}
      for i = 1, r.n do out[i] = tostring(r[i]) end
      return out
    end
    return new_env, show, readonly
    """#

    /// Builds the `hb` module, the metatables of the userdata types, and runs the prelude.
    func installSandbox() throws {
        let lua = Lua(L: L)
        installMetatables()
        // The privileged table P, seen only by the prelude.
        lua.newTable()
        lua.push(Double(options.seed)); lua.setField(-2, "seed")
        lua.push(LuaState.privWrite); lua.setField(-2, "write")
        lua.push(LuaState.privFindModule); lua.setField(-2, "find_module")
        lua.push(LuaState.privReadFile); lua.setField(-2, "read_file")
        lua_pushcclosure(L, hb_where, 0); lua.setField(-2, "where")
        lua_pushcclosure(L, hb_lua_tripped, 0); lua.setField(-2, "tripped")
        pushModule()
        lua.setField(-2, "hb")
        let p = lua.absolute(-1)
        guard load(Data(LuaState.prelude.utf8), chunkname: "=huebench-prelude") == LUA_OK else {
            throw decodeError(LUA_ERRSYNTAX)
        }
        lua_rotate(L, p, 1)  // function below P
        let s = hb_pcall_traced(L, 1, 3)
        guard s == LUA_OK else { throw decodeError(s) }
        lua.pop()  // readonly (the module already used its own)
        showRef = luaL_ref(L, hb_registryindex())
        newEnvRef = luaL_ref(L, hb_registryindex())
    }

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
