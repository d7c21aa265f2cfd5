-- Contrast of 2,000 text colors on 2,000 backgrounds (4,000,000 pairs) in one hb.matrix call.
-- huebench run examples/contrast-matrix.lua [--out DIR]
local hb = require "huebench"
local n = tonumber(arg[1]) or 2000

local colors = {}
for i = 1, n do
  -- a deterministic spread over OKLCH: lightness, chroma and hue cycle at different rates
  colors[i] = hb.oklch(0.2 + 0.75 * ((i * 7) % n) / n, 0.02 + 0.12 * ((i * 13) % 17) / 16, (i * 37) % 360)
end
-- backgrounds: light and dark near-neutrals
local backgrounds = {}
for i = 1, n do backgrounds[i] = hb.oklch(0.05 + 0.9 * ((i * 11) % n) / n, 0.03, (i * 53) % 360) end
local text = hb.map_gamut(hb.buffer(colors), "srgb")
local bg = hb.map_gamut(hb.buffer(backgrounds), "srgb")
local m = hb.matrix(text, bg, { method = "wcag21" })

print(("%s: %d pairs"):format(tostring(m), m:rows() * m:cols()))
for _, t in ipairs({ 3, 4.5, 7 }) do
  print(("  at least %.1f:1  %7d pairs"):format(t, m:count_at_least(t)))
end
local v, j = m:row_min(1)
print(("  text 1 is weakest on background %d (%.3f:1)"):format(j, v))
for _, w in ipairs(m:worst(3)) do print(("  worst: text %d on background %d: %.4f"):format(w.i, w.j, w.value)) end
