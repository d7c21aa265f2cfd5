-- The sandbox's building blocks, run first: read-only proxies, the safe replacements of base functions, and
-- the shared table S the later prelude chunks (families, themes, audit, environment) take their helpers from.
-- Called with (P, S): P is the host's privileged table, S is filled here.
local P, S = ...
local type, error, tostring, select, next, rawget = type, error, tostring, select, next, rawget
local setmetatable_, getmetatable_, concat, format = setmetatable, getmetatable, table.concat, string.format
local collectgarbage_ = collectgarbage

local where = P.where
local function fail(msg) error(where(msg), 0) end

-- A read-only view of `t`: the proxy itself is empty (so next, rawget and rawlen see nothing), reads go
-- through a closure over `t`, writes fail, its metatable is locked, and pairs() iterates over a fresh copy,
-- so no caller ever holds `t` itself.
local function readonly(t, name)
  local proxy = {}
  setmetatable_(proxy, {
    __index = function(_, k) return t[k] end,
    __newindex = function(_, k)
      fail(format("cannot assign to %s.%s: the sandbox API is read-only", name, tostring(k)))
    end,
    __pairs = function()
      local copy = {}
      for k, v in next, t do copy[k] = v end
      return next, copy, nil
    end,
    __len = function() return #t end,
    __metatable = "locked",
  })
  return proxy
end

-- A copy of plain tables (recursively); host objects and proxies (tables with a metatable) are kept as they are.
local function copy(v)
  if type(v) ~= "table" or getmetatable_(v) ~= nil then return v end
  local c = {}
  for k, x in next, v do c[k] = copy(x) end
  return c
end

-- Host objects (families, themes): a proxy over hidden `storage`. Fields read as copies (a script can change
-- its copy, never the object another script or plugin sees), `methods` are found after the fields, writes fail,
-- getmetatable gives `typename`. The host reads the storage through the metatable's `__storage` (Swift's raw
-- reads look through it); prelude code reaches it with `storage_of(proxy)`.
local stores = setmetatable_({}, { __mode = "k" })
local function object(storage, methods, typename, tostring_)
  local proxy = {}
  stores[proxy] = storage
  setmetatable_(proxy, {
    __index = function(_, k)
      local v = storage[k]
      if v ~= nil then return copy(v) end
      return methods[k]
    end,
    __newindex = function(_, k)
      fail(format("cannot assign to %s.%s: it is read-only (make a new one instead)", typename:gsub("^huebench%.", ""), tostring(k)))
    end,
    __pairs = function() return next, copy(storage), nil end,
    __tostring = tostring_ and function() return tostring_(storage) end or nil,
    __metatable = typename,
    __storage = storage,
  })
  return proxy
end
local function storage_of(v) return stores[v] end

-- Proxies of every table reachable from `t` (once each), then of `t`.
local function deep_readonly(t, name)
  local keys = {}
  for k, v in next, t do if type(v) == "table" then keys[#keys + 1] = k end end
  for _, k in ipairs(keys) do t[k] = deep_readonly(t[k], name .. "." .. tostring(k)) end
  return readonly(t, name)
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

local function check_table(fname, t)
  if type(t) ~= "table" then fail(format("%s: argument 1 (spec) must be a table, got %s", fname, type(t))) end
end

S.object, S.storage_of, S.copy = object, storage_of, copy
S.fail, S.readonly, S.deep_readonly, S.check_table = fail, readonly, deep_readonly, check_table
S.math, S.coroutine = math_, coroutine_
S.setmetatable, S.xpcall, S.collectgarbage, S.print = safe_setmetatable, safe_xpcall, safe_collectgarbage, print_
