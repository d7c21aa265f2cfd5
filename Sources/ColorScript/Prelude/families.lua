-- Families and curves: hb.curve.*, family objects, hb.family, hb.families, the register_* functions and
-- hb.export. Called with (P, S) after sandbox.lua.
local P, S = ...
local type, tostring, ipairs, tonumber, concat = type, tostring, ipairs, tonumber, table.concat
local setmetatable_, getmetatable_, format = setmetatable, getmetatable, string.format
local fail, check_table = S.fail, S.check_table
local hbraw = P.hb
local curve = {}
local check_fields = P.check_fields
--- hb.curve.linear(spec?: table): table | a curve from `from` to `to` (default 0 → 1)
curve.linear = function(t)
  check_table("hb.curve.linear", t)
  check_fields("hb.curve.linear", t, { "from", "to" }, true)
  return { kind = "linear", from = t.from or t[1], to = t.to or t[2] }
end
--- hb.curve.ease(spec?: table): table | an ease curve {from=, to=, exponent=}
curve.ease = function(t)
  check_table("hb.curve.ease", t)
  check_fields("hb.curve.ease", t, { "from", "to", "exponent" }, true)
  return { kind = "ease", from = t.from or t[1], to = t.to or t[2], exponent = t.exponent }
end
--- hb.curve.bell(spec?: table): table | a bell curve {base=, peak=, center=, width=}
curve.bell = function(t)
  check_table("hb.curve.bell", t)
  check_fields("hb.curve.bell", t, { "base", "peak", "center", "width" }, false)
  return { kind = "bell", base = t.base, peak = t.peak, center = t.center, width = t.width }
end
-- One value per stop, or at most half as many (and at most 10) evenly spaced control points (checked against
-- the family's scale when a family uses the curve).
--- hb.curve.points(points: table): table | a curve through control points
curve.points = function(t)
  check_table("hb.curve.points", t)
  check_fields("hb.curve.points", t, {}, true)
  local v = {} for i = 1, #t do v[i] = t[i] end
  if #v == 0 then fail("hb.curve.points: give one value per stop or a few evenly spaced control points, got none") end
  return { kind = "points", values = v }
end
hbraw.curve = curve

-- Family objects: {name, hue, generator, scale (its name), stop_names (lightest first), lightness (each
-- stop's target L*), _colors (one color per stop), _index (stop → position), _handle (hb.family's, for
-- hb.audit)} behind a proxy.
local Family = {}
local object, storage_of = S.object, S.storage_of
local function family_storage(f, fname)
  local st = getmetatable_(f) == "huebench.family" and storage_of(f)
  if not st then fail(format("%s: call it on a family (f:%s(…)), got %s", fname, fname:match(":(.*)"), type(f))) end
  return st
end
local function stop_list(st)
  local s = st.stop_names
  if #s <= 12 then return concat(s, ", ") end
  return s[1] .. ", " .. s[2] .. ", " .. s[3] .. ", " .. s[4] .. ", …, " .. s[#s - 1] .. ", " .. s[#s]
end
--- Family:stop(stop: integer): Color | the color at stop (50, 100 … 1000)
function Family.stop(f, s)
  local st = family_storage(f, "family:stop")
  local i = st._index[s]
  if not i and type(s) == "string" then
    local bare = s:gsub("^_", "")
    i = st._index[tonumber(bare) or bare] or st._index[bare]
  end
  if not i then
    fail(format("family:stop: argument 1 (stop): stop %s is not in scale '%s' of family '%s' (stops %s)",
      tostring(s), st.scale, st.name, stop_list(st)))
  end
  return st._colors[i]
end
--- Family:stops(): Color[] | every stop of the family's scale, lightest first
function Family.stops(f)
  local st = family_storage(f, "family:stops")
  local out = {}
  for i, c in ipairs(st._colors) do out[i] = { stop = st.stop_names[i], color = c } end
  return out
end
local function family_tostring(st) return "family(" .. st.name .. ")" end
local function family_object(name, colors, handle, info)
  local index = {}
  for i, s in ipairs(info.scale.stops) do index[s] = i end
  return object({ name = name, _colors = colors, _handle = handle, hue = info.hue, generator = info.generator,
    scale = info.scale.name, stop_names = info.scale.stops, lightness = info.scale.lightness, _index = index },
    Family, "huebench.family", family_tostring)
end

local make_family, register_family_ = P.make_family, P.register_family
--- hb.family(spec: table): Family | a family: {name=, generator=, hue=, anchor=, <generator parameters>}
hbraw.family = function(spec)
  check_table("hb.family", spec)
  return family_object(make_family(spec))
end
local family_cache = {}
hbraw.families = setmetatable_({}, {
  __metatable = "locked",
  __index = function(_, name)
    local f = family_cache[name]
    if f then return f end
    local n, colors, handle, info = P.named_family(tostring(name))
    if not n then fail(colors) end
    f = family_object(n, colors, handle, info)
    family_cache[name] = f
    return f
  end,
})
--- hb.register_family(spec: table): Family | a family registered for the CLI and later scripts
hbraw.register_family = function(spec)
  check_table("hb.register_family", spec)
  local f = family_object(register_family_(spec))
  family_cache[f.name] = f
  return f
end
-- Generators, exporters and policies become Swift registry entries (RampGenerator, Exporter, Policy)
-- whose closures call these Lua functions back.
--- hb.register_generator(spec: table): nil | a ramp generator: {name=, parameters=, generate=function(spec) return 20 colors end}
hbraw.register_generator = function(spec)
  check_table("hb.register_generator", spec)
  P.register_generator(spec)
end
--- hb.register_exporter(spec: table): nil | an exporter: {name=, extension=, write=function(doc, out) end}
hbraw.register_exporter = function(spec)
  check_table("hb.register_exporter", spec)
  P.register_exporter(spec)
end

-- hb.export(name, families [, path]): runs exporter `name` (built-in or plugin) on the families' stops and
-- tokens; files are staged in the output folder (written atomically after success). Returns the path.
--- hb.export(name: string, families: Family[], path?: string): string | runs a registered exporter on the families; returns the path
hbraw.export = function(name, fams, path)
  if type(fams) ~= "table" then fail("hb.export: argument 2 (families) must be a list of families, got " .. type(fams)) end
  for i, f in ipairs(fams) do
    if getmetatable_(f) ~= "huebench.family" then fail(format("hb.export: argument 2 (families), item %d must be a family, got %s", i, type(f))) end
  end
  return P.export(name, fams, path)
end
--- hb.exporters(): string[] | the registered exporter ids
hbraw.exporters = function() return P.exporter_ids() end
-- hb.generators(): each ramp generator with its parameters (name, kind, min, max, default, summary).
--- hb.generators(): table[] | each ramp generator with its parameters (name, kind, min, max, default, summary)
hbraw.generators = function() return P.generators() end


S.family_object = family_object
