-- Uses the plugin's family and exporter.
-- huebench run --plugins examples/plugins --out /tmp/hb-out examples/export.lua
local hb = require "huebench"
local path = hb.export("lua-table", { hb.families["brand-teal"], hb.families.orange }, "palette.lua")
print("staged " .. path .. " with " .. #hb.families["brand-teal"]:stops() .. " stops per family")
