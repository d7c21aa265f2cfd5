-- Themes and builds: hb.theme (tokens resolved per mode and contrast level) and hb.build. Called with (P, S).
local P, S = ...
local type, tostring, ipairs = type, tostring, ipairs
local getmetatable, format, concat = getmetatable, string.format, table.concat
local fail, check_table = S.fail, S.check_table
local hbraw = P.hb
-- hb.theme{family=, tokens=}: tokens resolved per mode ("light"/"dark") and contrast level ("standard"/"high").
local Theme = {}
local object, storage_of = S.object, S.storage_of
local function theme_storage(t, fname)
  local st = getmetatable(t) == "huebench.theme" and storage_of(t)
  if not st then fail(format("%s: call it on a theme (t:%s(…)), got %s", fname, fname:match(":(.*)"), type(t))) end
  return st
end
local function theme_tostring(st)
  if st.fams then return "theme(app: " .. concat(st.fam_names, ", ") .. "; " .. #st.token_list .. " tokens)" end
  return "theme(" .. st.family.name .. ", " .. #st.token_list .. " tokens)"
end
-- The family object a resolved token reads its stop from (an app theme: the token's own family).
local function family_of(st, r)
  if st.fams then return st.fams[r.family] end
  return st.family
end
local function resolved(t, fname, mode, level)
  mode, level = mode or "light", level or "standard"
  local set = theme_storage(t, fname)._resolved[tostring(mode) .. "/" .. tostring(level)]
  if not set then
    fail(format("%s: mode must be \"light\" or \"dark\" and contrast \"standard\" or \"high\", got %s, %s", fname, tostring(mode), tostring(level)))
  end
  return set
end
--- Theme:resolve(name: string, mode?: string, level?: string): Color, integer | a token's color (alpha = its opacity) and stop
function Theme.resolve(t, name, mode, level)
  local r = resolved(t, "theme:resolve", mode, level)[name]
  if not r then fail(format("theme:resolve: argument 1 (token): no token '%s' in this theme", tostring(name))) end
  local c = family_of(storage_of(t), r):stop(r.stop)
  if r.opacity < 1 then c = c:with_alpha(r.opacity) end
  return c, r.stop
end
--- Theme:tokens(mode?: string, level?: string): table | every token resolved for mode (light, dark) and level (standard, high)
function Theme.tokens(t, mode, level)
  local out = {}
  for i, r in ipairs(resolved(t, "theme:tokens", mode, level)) do
    local c = family_of(storage_of(t), r):stop(r.stop)
    if r.opacity < 1 then c = c:with_alpha(r.opacity) end
    out[i] = { name = r.name, stop = r.stop, opacity = r.opacity, color = c, family = r.family }
  end
  return out
end
--- hb.theme(spec: table): Theme | semantic tokens of spec.family ({family=, tokens=}), or an app theme whose tokens name their family ({families=, tokens=})
hbraw.theme = function(spec)
  check_table("hb.theme", spec)
  local r = P.theme(spec)
  if spec.families ~= nil then
    -- An app theme: its families by name (objects as given, names looked up).
    local fams, names = {}, {}
    for i, f in ipairs(spec.families) do
      if type(f) == "string" then f = hbraw.families[f] end
      fams[f.name] = f
      names[i] = f.name
    end
    return object({ family = r.family, fams = fams, fam_names = names, token_list = r.tokens, _resolved = r.resolved,
      _spec = { tokens = S.copy(spec.tokens), families = S.copy(spec.families) } }, Theme, "huebench.theme", theme_tostring)
  end
  local fam = spec.family
  if type(fam) == "string" then fam = hbraw.families[fam] end
  return object({ family = fam, token_list = r.tokens, _resolved = r.resolved, _spec = { tokens = S.copy(spec.tokens) } },
    Theme, "huebench.theme", theme_tostring)
end
-- hb.build{name=, families={…}, theme=, tokens=, policy=}: what `huebench build SCRIPT.lua` exports.
--- hb.build(spec: table): nil | what `huebench build SCRIPT.lua` exports: {name=, families=, theme=, tokens=, policy=}
hbraw.build = function(spec)
  check_table("hb.build", spec)
  P.build(spec)
end
