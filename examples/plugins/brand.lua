-- A plugin: registers a family and an exporter. Load it with --plugins examples/plugins.
local hb = require "huebench"

hb.register_family{
  name = "brand-teal",
  generator = "oklch-curves",
  hue = 190,
  lightness = hb.curve.ease{ from = 0.98, to = 0.2, exponent = 1.6 },
  chroma = hb.curve.points{ 0.02, 0.09, 0.12, 0.09, 0.04 },
}

-- A Lua-table exporter: `out` is a host writer (atomic, inside the output folder).
hb.register_exporter{
  name = "lua-table",
  extension = "lua",
  write = function(doc, out)
    out:line("return {")
    for _, fam in ipairs(doc.families) do
      out:line(("  [%q] = {"):format(fam.name))
      for _, s in ipairs(fam.stops) do out:line(("    [%d] = %q,"):format(s.stop, s.color:hex())) end
      out:line("  },")
    end
    out:line("}")
  end,
}
