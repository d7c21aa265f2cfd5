-- A custom family: OKLCH curves for lightness and chroma, printed stop by stop.
-- huebench run examples/custom-family.lua [HUE]
local hb = require "huebench"
local hue = tonumber(arg[1]) or 250

local brand = hb.family{
  name = "brand",
  generator = "oklch-curves",
  hue = hue,
  lightness = hb.curve.linear{ from = 0.97, to = 0.22 },
  chroma = hb.curve.bell{ base = 0.02, peak = 0.15, center = 0.55, width = 0.3 },
}

for _, s in ipairs(brand:stops()) do
  local c = s.color
  print(("%4d  %s  %-34s  on white %5.2f"):format(s.stop, c:hex(), c:css(), c:contrast("white")))
end
