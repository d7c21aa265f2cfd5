-- A complete app design system, built by `huebench build`: the brand color anchored on a stop, a neutral gray,
-- status families, ColorTokensKit's 20 tokens for every family, app-level tokens (text, backgrounds, borders,
-- a brand fill with hover/pressed/disabled states, error and success text) in an app theme, a policy on the
-- app's token pairs, and a prefix so this system can live next to another one in the same app.
-- huebench build examples/brand-palette.lua --out brand-out
-- huebench tokens examples/brand-palette.lua --family app --mode dark
-- huebench audit examples/brand-palette.lua
local hb = require "huebench"

-- The brand color is the ramp's stop nearest in lightness (here _400), exactly; its neighbours follow smoothly.
local brand = hb.register_family{ name = "brand", generator = "uniform-lstar", anchor = "#00B386" }
-- Status families on ColorTokensKit's ramp: same lightness per stop, so one stop choice fits all of them.
local danger = hb.register_family{ name = "danger", generator = "uniform-lstar", hue = 25 }
local success = hb.register_family{ name = "success", generator = "uniform-lstar", hue = 150 }

-- The app's tokens: each names the family it takes its colors from (one token for the whole app).
local app = hb.theme{
  families = { brand, "gray", danger, success },
  tokens = {
    backgroundPrimary = { family = "gray", light = 50, dark = 1000, role = "background" },
    backgroundSecondary = { family = "gray", light = 100, dark = 900, role = "background" },
    textPrimary = { family = "gray", light = 1000, dark = 50, role = "text" },
    textSecondary = { family = "gray", light = 800, dark = 200, role = "text" },
    borderDefault = { family = "gray", light = 600, dark = 400, role = "border" },
    textError = { family = "danger", light = 700, dark = 300, light_high = 800, dark_high = 200, role = "text" },
    textSuccess = { family = "success", light = 750, dark = 300, light_high = 850, dark_high = 200, role = "text" },
    textLink = { family = "brand", light = 750, dark = 350, role = "text" },
    -- The brand fill: hover and pressed step away from the page background, disabled fades.
    fillBrand = { family = "brand", light = 700, dark = 400, role = "fill",
                  states = { hover = 1, pressed = 2, disabled = { opacity = 0.38 } } },
    -- Text on the fill keeps its pair under Increase Contrast.
    textOnFill = { family = "gray", light = 50, dark = 1000, role = "fixed" },
  },
}

-- The build: the theme's families (each also gets ColorTokensKit's 20 tokens) and app tokens, audited and
-- exported with the prefix "acme" (acme.css, AcmeTokens, AcmeColors.xcassets, acme_colors.xml, tokens/acme/).
hb.build{
  name = "brand",
  prefix = "acme",
  theme = app,
  -- WCAG AA on the app's own pairs, in light and dark mode at standard and high contrast.
  policy = hb.policy{
    name = "acme-aa",
    title = "Acme app: WCAG AA on the app tokens",
    rules = {
      { name = "body-text", foreground = { "textPrimary", "textSecondary", "textError", "textSuccess", "textLink" },
        background = { "backgroundPrimary", "backgroundSecondary" }, min = 4.5 },
      { name = "on-fill", foreground = "textOnFill", background = { "fillBrand", "fillBrandHover", "fillBrandPressed" }, min = 4.5 },
      { name = "borders", foreground = "borderDefault", background = "backgroundPrimary", min = 3 },
    },
  },
}

-- Scripts may print (to stderr during a build) and write their own files into the output folder.
local notes = hb.output("brand-notes.txt")
for _, f in ipairs({ brand, danger, success }) do
  notes:line(("%s: _500 %s, contrast on white %.2f"):format(f.name, f:stop(500):hex(), f:stop(500):contrast("white")))
end
-- The theme resolves exactly what the build exports, in every mode and contrast level.
for _, mode in ipairs({ "light", "dark" }) do
  local text, stop = app:resolve("textError", mode, "high")
  local bg = app:resolve("backgroundPrimary", mode, "high")
  notes:line(("textError %s high contrast: danger _%s %s, %.2f on backgroundPrimary"):format(mode, stop, text:hex(), text:contrast(bg)))
end
