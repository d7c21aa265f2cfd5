-- A contrast policy: declarative rules plus a Lua check, audited over three families.
-- huebench run examples/policy.lua
local hb = require "huebench"

local policy = hb.policy{
  name = "text-on-tint",
  rules = {
    { text = 900, background = 50, method = "wcag21", min = 7 },    -- body text on the lightest tint
    { text = 700, background = 100, method = "wcag21", min = 4.5 },
    { text = 1000, background = 500, method = "apca", min = 60 },
  },
  check = function(ctx)
    local c = ctx.family:stop(500)
    return c:in_gamut("srgb"), ctx.family.name .. ": _500 is outside sRGB"
  end,
}

local families = { hb.families.orange, hb.families.blue, hb.families.gray }
local report = hb.audit(families, policy)
print(("policy %s: %d checks, %s"):format(report.policy, report.checked, report.passed and "passed" or "FAILED"))
for _, f in ipairs(report.failures) do print("  " .. f.message) end
