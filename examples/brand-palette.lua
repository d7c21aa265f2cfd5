-- A brand palette built by `huebench build`: two families on OKLCH curves, the house gray, a theme with
-- ColorTokensKit's 20 semantic tokens plus two brand tokens, audited with WCAG AA.
-- huebench build examples/brand-palette.lua --out brand-out
local hb = require "huebench"

local lightness = hb.curve.ease{ from = 0.975, to = 0.23, exponent = 1.25 }

local ocean = hb.register_family{
  name = "ocean",
  generator = "oklch-curves",
  hue = 235,
  lightness = lightness,
  chroma = hb.curve.bell{ base = 0.025, peak = 0.15, center = 0.5, width = 0.3 },
}

local coral = hb.register_family{
  name = "coral-brand",
  generator = "oklch-curves",
  hue = 32,
  lightness = lightness,
  chroma = hb.curve.bell{ base = 0.03, peak = 0.17, center = 0.45, width = 0.28 },
}

-- The semantic tokens: the 20 built-in ones, and an accent that follows the brand's _500 / _400.
local tokens = {}
for _, t in ipairs(hb.theme{ family = ocean }.token_list) do tokens[#tokens + 1] = t.name end
tokens[#tokens + 1] = { name = "accent", light = 500, dark = 400, role = "text" }
tokens[#tokens + 1] = { name = "accentSubtle", light = 100, dark = 900, opacity = 0.6, role = "surface" }

hb.build{
  name = "brand",
  families = { ocean, coral, "gray" },
  tokens = tokens,
  policy = "wcag-aa",
}

-- Scripts may print (to stderr during a build) and write their own files into the output folder.
local notes = hb.output("brand-notes.txt")
for _, f in ipairs({ ocean, coral }) do
  notes:line(("%s: _500 %s, contrast on white %.2f"):format(f.name, f:stop(500):hex(), f:stop(500):contrast("white")))
end
