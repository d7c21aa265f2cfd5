-- The environment each script, plugin and required module runs in: allow-listed globals, read-only library
-- tables and the read-only hb module. Called with (P, S) last; returns new_env and show.
local P, S = ...
local type, error, tostring, next = type, error, tostring, next
local setmetatable_, load_, format = setmetatable, load, string.format
local rawset_ = rawset
local fail, readonly = S.fail, S.readonly
local safe_xpcall, safe_setmetatable, safe_collectgarbage, print_ = S.xpcall, S.setmetatable, S.collectgarbage, S.print
local getmetatable_ = getmetatable
local math_, coroutine_ = S.math, S.coroutine
local HB = S.deep_readonly(P.hb, "hb")
S.hb = HB
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

-- Each script and plugin gets its own environment and its own table of loaded modules (the modules it
-- requires share that table, so a module runs once per plugin); nothing one plugin changes reaches another.
local new_env
local function make_require(loaded)
  return function(name)
    if type(name) ~= "string" then
      error("require: argument 1 (name) must be a module name (string), got " .. type(name), 2)
    end
    if name == "huebench" then return HB end
    local m = loaded[name]
    if m ~= nil then return m end
    local src, chunkname = P.find_module(name)
    if not src then error(chunkname, 2) end
    local f, err = load_(src, chunkname, "t", new_env(loaded))
    if not f then error(err, 0) end
    local r = f(name)
    if r == nil then r = true end
    loaded[name] = r
    return r
  end
end

new_env = function(loaded)
  local env = {}
  local base = {}
  for k, v in next, shared do base[k] = v end
  base._G = env
  base.require = make_require(loaded or {})
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

-- Each result as `tostring` shows it, except non-finite numbers, which read NaN, inf and -inf on every platform
-- (C's printf writes -nan or nan); their positions go in out.nonfinite so the host can warn.
local function show(f)
  local r = table.pack(f())
  local out, bad = {}, {}
  for i = 1, r.n do
    local v = r[i]
    if type(v) == "number" and (v ~= v or v == 1/0 or v == -1/0) then
      out[i] = v ~= v and "NaN" or (v > 0 and "inf" or "-inf")
      bad[#bad + 1] = i
    else
      out[i] = tostring(v)
    end
  end
  if #bad > 0 then out.nonfinite = table.concat(bad, ", ") end
  return out
end
return new_env, show

