-- The app's palette, built into Swift values at build time by HuebenchPlugin (HuebenchPalette.brand500 …):
-- a brand family on ColorTokensKit's uniform-L* ramp at the hue of #00b386, and the house gray.
local hb = require "huebench"

hb.register_family{ name = "brand", generator = "uniform-lstar", hue = 167 }
hb.build{ name = "consumer", families = { "brand", "gray" } }
