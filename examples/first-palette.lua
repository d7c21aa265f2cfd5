-- A first palette: a brand family from one color, three of its stops with their contrast on white.
-- huebench run examples/first-palette.lua
local hb = require "huebench"
local brand = hb.family{ name = "brand", hue = 160, anchor = "#00b386" }
for _, stop in ipairs{50, 500, 900} do
  local c = brand:stop(stop)
  print(stop, c:hex(), ("%.2f"):format(c:contrast("white")))
end
