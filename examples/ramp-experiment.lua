-- Ramp experiment: which chroma peak keeps every stop in sRGB and adjacent stops distinguishable?
-- huebench run examples/ramp-experiment.lua
local hb = require "huebench"

print("peak  out-of-sRGB  min adjacent ΔEOK  _500 hex")
for _, peak in ipairs({ 0.08, 0.12, 0.16, 0.20, 0.24 }) do
  local f = hb.family{
    name = "exp", hue = 145,
    lightness = hb.curve.linear{ 0.97, 0.2 },
    chroma = hb.curve.bell{ base = 0.02, peak = peak, center = 0.5, width = 0.28 },
  }
  local outside, minDE = 0, math.huge
  local stops = f:stops()
  for i, s in ipairs(stops) do
    if not s.color:in_gamut("srgb") then outside = outside + 1 end
    if i > 1 then minDE = math.min(minDE, s.color:deltaE(stops[i - 1].color, "ok")) end
  end
  print(("%.2f  %11d  %17.4f  %s"):format(peak, outside, minDE, f:stop(500):hex()))
end
