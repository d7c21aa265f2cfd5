-- Test plugin: a generator, a family on it, a policy (token rules, stop rules, a check) and an exporter.
local hb = require "huebench"

hb.register_generator{
  name = "flat-ramp",
  summary = "OKLCH lightness 0.97 → 0.248 in equal steps, constant chroma",
  parameters = { "chroma" },
  generate = function(spec)
    local out = {}
    for i = 1, 20 do out[i] = hb.oklch(0.97 - (i - 1) * 0.038, spec.chroma or 0.05, spec.hue) end
    return out
  end,
}

hb.register_family{ name = "brand", generator = "flat-ramp", hue = 200, chroma = 0.06 }

hb.register_policy{
  name = "brand-text",
  title = "body text 7:1 on the primary background; _300 on _50 at 4.5:1",
  rules = {
    { name = "body", foreground = { "foregroundPrimary", "foregroundSecondary" }, background = "backgroundPrimary", min = 7 },
    { name = "light-pair", text = 300, background = 50, min = 4.5 },
  },
  check = function(ctx)
    return ctx.family:stop(500):in_gamut("srgb"), ctx.family.name .. ": _500 is outside sRGB"
  end,
}

hb.register_exporter{
  name = "txt-list",
  extension = "txt",
  summary = "one line per stop: family stop hex",
  write = function(doc, out)
    for _, f in ipairs(doc.families) do
      for _, s in ipairs(f.stops) do out:line(f.name, " ", s.stop, " ", s.hex) end
    end
    local t = out:file("txt-list/tokens.txt")
    for _, set in ipairs(doc.tokens) do
      for _, tok in ipairs(set.tokens) do t:line(set.family, " ", tok.name, " ", tok.light.stop, " ", tok.dark.stop) end
    end
  end,
}
