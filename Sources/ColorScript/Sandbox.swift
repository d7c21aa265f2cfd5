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
    ---------------------------------------------------------------- families, curves, registration
    local hbraw = P.hb
    local function check_table(fname, t)
      if type(t) ~= "table" then fail(format("%s: argument 1 (spec) must be a table, got %s", fname, type(t))) end
    end
    local curve = {}
    curve.linear = function(t) check_table("hb.curve.linear", t) return { kind = "linear", from = t.from or t[1], to = t.to or t[2] } end
    curve.ease = function(t) check_table("hb.curve.ease", t) return { kind = "ease", from = t.from or t[1], to = t.to or t[2], exponent = t.exponent } end
    curve.bell = function(t) check_table("hb.curve.bell", t) return { kind = "bell", base = t.base, peak = t.peak, center = t.center, width = t.width } end
    curve.points = function(t) check_table("hb.curve.points", t) local v = {} for i = 1, #t do v[i] = t[i] end return { kind = "points", values = v } end
    hbraw.curve = curve

    local Family = {}
    Family.__index = Family
    Family.__metatable = "huebench.family"
    Family.__tostring = function(f) return "family(" .. f.name .. ")" end
    function Family.stop(f, s)
      if type(s) ~= "number" or s % 50 ~= 0 or s < 50 or s > 1000 then
        fail(format("family:stop: argument 1 (stop) must be one of 50, 100, … 1000, got %s", tostring(s)))
      end
      return f._colors[s // 50]
    end
    function Family.stops(f)
      local out = {}
      for i, c in ipairs(f._colors) do out[i] = { stop = i * 50, color = c } end
      return out
    end
    local function family_object(name, colors, handle) return setmetatable_({ name = name, _colors = colors, _handle = handle }, Family) end

    local make_family, register_family_ = P.make_family, P.register_family
    hbraw.family = function(spec)
      check_table("hb.family", spec)
      return family_object(make_family(spec))
    end
    local family_cache = {}
    hbraw.families = setmetatable_({}, {
      __index = function(_, name)
        local f = family_cache[name]
        if f then return f end
        local n, colors = P.named_family(tostring(name))
        if not n then fail(colors) end
        f = family_object(n, colors)
        family_cache[name] = f
        return f
      end,
    })
    hbraw.register_family = function(spec)
      check_table("hb.register_family", spec)
      local f = family_object(register_family_(spec))
      family_cache[f.name] = f
      return f
    end
    -- Generators, exporters and policies become Swift registry entries (RampGenerator, Exporter, Policy)
    -- whose closures call these Lua functions back.
    hbraw.register_generator = function(spec)
      check_table("hb.register_generator", spec)
      P.register_generator(spec)
    end
    hbraw.register_exporter = function(spec)
      check_table("hb.register_exporter", spec)
      P.register_exporter(spec)
    end

    -- Stop rules ({text=900, background=50, min=7, method=}) and the check function of a policy, for one
    -- family: a list of {passed, rule, value, min, message}. Token rules are evaluated by the Swift audit.
    local function evaluate(policy, f)
      local out = {}
      for r, rule in ipairs(policy.rules or {}) do
        if type(rule.text) == "number" and type(rule.background) == "number" then
          local text, bg = f:stop(rule.text), f:stop(rule.background)
          local value = math.abs(text:contrast(bg, rule.method or "wcag21"))
          out[#out + 1] = { passed = value >= rule.min, rule = rule.name or ("rule " .. r), value = value, min = rule.min,
            message = format("%s: _%d on _%d is %.2f, needs %s", f.name, rule.text, rule.background, value, tostring(rule.min)) }
        end
      end
      if policy.check then
        local ok, msg = policy.check({ family = f, hb = hbraw })
        out[#out + 1] = { passed = not not ok, rule = "check", message = msg or (f.name .. (ok and ": check passed" or ": check failed")) }
      end
      return out
    end
    local policies = {}
    local function extras(name, family_name, colors)
      return evaluate(policies[name], family_object(family_name, colors))
    end
    hbraw.register_policy = function(spec)
      check_table("hb.register_policy", spec)
      P.register_policy(spec, extras)
      policies[spec.name] = spec
    end
    -- hb.export(name, families [, path]): runs exporter `name` (built-in or plugin) on the families' stops and
    -- tokens; files are staged in the output folder (written atomically after success). Returns the path.
    hbraw.export = function(name, fams, path)
      if type(fams) ~= "table" then fail("hb.export: argument 2 (families) must be a list of families, got " .. type(fams)) end
      for i, f in ipairs(fams) do
        if getmetatable_(f) ~= "huebench.family" then fail(format("hb.export: argument 2 (families), item %d must be a family, got %s", i, type(f))) end
      end
      return P.export(name, fams, path)
    end
    hbraw.exporters = function() return P.exporter_ids() end

    -- hb.theme{family=, tokens=}: tokens resolved per mode ("light"/"dark") and contrast level ("standard"/"high").
    local Theme = {}
    Theme.__index = Theme
    Theme.__metatable = "huebench.theme"
    Theme.__tostring = function(t) return "theme(" .. t.family.name .. ", " .. #t.token_list .. " tokens)" end
    local function resolved(t, fname, mode, level)
      mode, level = mode or "light", level or "standard"
      local set = t._resolved[tostring(mode) .. "/" .. tostring(level)]
      if not set then
        fail(format("%s: mode must be \"light\" or \"dark\" and contrast \"standard\" or \"high\", got %s, %s", fname, tostring(mode), tostring(level)))
      end
      return set
    end
    function Theme.resolve(t, name, mode, level)
      local r = resolved(t, "theme:resolve", mode, level)[name]
      if not r then fail(format("theme:resolve: argument 1 (token): no token '%s' in this theme", tostring(name))) end
      local c = t.family:stop(r.stop)
      if r.opacity < 1 then c = c:with_alpha(r.opacity) end
      return c, r.stop
    end
    function Theme.tokens(t, mode, level)
      local out = {}
      for i, r in ipairs(resolved(t, "theme:tokens", mode, level)) do
        local c = t.family:stop(r.stop)
        if r.opacity < 1 then c = c:with_alpha(r.opacity) end
        out[i] = { name = r.name, stop = r.stop, opacity = r.opacity, color = c }
      end
      return out
    end
    hbraw.theme = function(spec)
      check_table("hb.theme", spec)
      local r = P.theme(spec)
      local fam = spec.family
      if type(fam) == "string" then fam = hbraw.families[fam] end
      return setmetatable_({ family = fam, token_list = r.tokens, _resolved = r.resolved, _spec = { tokens = spec.tokens } }, Theme)
    end
    -- hb.build{name=, families={…}, theme=, tokens=, policy=}: what `huebench build SCRIPT.lua` exports.
    hbraw.build = function(spec)
      check_table("hb.build", spec)
      P.build(spec)
    end
    -- hb.policy{name=, rules={…}, check=function(ctx)} and hb.audit(theme_or_families, policy) → the report
    -- `huebench audit` computes: token rules (and built-in or registered policies by name) are checked by
    -- Palettes' Audit through P.audit; a Lua policy's stop rules and check function are appended here.
    -- { policy, title, checked, passed, checks = { {family, rule, mode, contrast, foreground, foreground_stop,
    --   background, background_stop, method, simulation, target, achieved, margin, pass, value, message} … },
    --   failures = { the failing checks } }; script checks have script = true (no mode or tokens).
    hbraw.policy = function(spec)
      check_table("hb.policy", spec)
      return spec
    end
    hbraw.audit = function(fams, policy)
      local lua_policy = policy
      if type(policy) == "string" then lua_policy = policies[policy] end
      if getmetatable_(fams) == "huebench.theme" then fams = { fams.family }
      elseif getmetatable_(fams) == "huebench.family" then fams = { fams } end
      if type(fams) ~= "table" then fail("hb.audit: argument 1 (families) must be a theme, a family or a list of families, got " .. type(fams)) end
      local list = {}
      for i, f in ipairs(fams) do
        if getmetatable_(f) == "huebench.theme" then f = f.family end
        if getmetatable_(f) ~= "huebench.family" then fail(format("hb.audit: argument 1 (families), item %d must be a family or theme, got %s", i, type(f))) end
        list[i] = f
      end
      if type(policy) ~= "table" and type(policy) ~= "string" then
        fail("hb.audit: argument 2 (policy) must be a policy (hb.policy{…}) or a policy name, got " .. type(policy))
      end
      local report = P.audit(list, policy)
      if type(lua_policy) == "table" then
        local n = #report.checks
        for _, f in ipairs(list) do
          for _, r in ipairs(evaluate(lua_policy, f)) do
            local c = { family = f.name, rule = r.rule, script = true, pass = r.passed, value = r.value,
              achieved = r.value, target = r.min, margin = r.value and r.min and (r.value - r.min) or nil, message = r.message }
            n = n + 1
            report.checks[n] = c
            if not r.passed then report.failures[#report.failures + 1] = c end
          end
        end
        report.checked = n
        report.passed = #report.failures == 0
      end
      return report
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
