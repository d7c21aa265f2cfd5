-- Themes and builds: hb.theme (tokens resolved per mode and contrast level) and hb.build. Called with (P, S).
local P, S = ...
local type, tostring, ipairs = type, tostring, ipairs
local setmetatable_, format = setmetatable, string.format
local fail, check_table = S.fail, S.check_table
local hbraw = P.hb
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
