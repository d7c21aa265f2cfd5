-- Ramp study: how ColorTokensKit's chroma cap margin and a scale on its chroma table change uniformity
-- and gamut use across all 36 hues.
--   huebench tune examples/ramp-study.lua --out study
--   huebench tune examples/ramp-study.lua --out study 3 3 0,120,240     (a quick, small run)
-- CLI equivalent:
--   huebench tune --generator uniform-lstar --param margin=0.90:1.00:11 --param chroma_scale=0.8:1.2:9 \
--     --objective "chroma_mean - 0.25*de_cv.max" --baseline all --pareto chroma_mean,de_cv.max --out study
local hb = require "huebench"

-- Optional sizes (for a quick run): margin steps, chroma-scale steps, hues ("all" or "0,120,240").
local margin_steps = tonumber(arg and arg[1]) or 11
local scale_steps = tonumber(arg and arg[2]) or 9
local hues = (arg and arg[3]) or "all"

local r = hb.sweep{
  generator = "uniform-lstar",
  params = {
    margin = hb.range(0.90, 1.00, margin_steps),  -- from, to, steps: the share of the Display P3 chroma limit a stop may use
    chroma_scale = hb.range(0.8, 1.2, scale_steps), -- a factor on ColorTokensKit's chroma table
  },
  hues = hues,                        -- "all": the 36 ColorTokensKit hues, 0° … 350°
  metrics = {"default"},
  -- Vivid but even: mean chroma, minus a penalty for the least even hue's step spacing.
  objective = "chroma_mean - 0.25*de_cv.max",
  top = 3,
  -- Published palettes scored with the same metrics, listed beside the variants in every output.
  baselines = {"tailwind", "radix", "material", "leonardo"},
  -- The trade-off between vividness and the least even hue: pareto.csv and pareto.png/svg.
  pareto = {"chroma_mean", "de_cv.max"},
  out = ".",                          -- tables and pictures go straight into --out
}

print(r.summary)
print(string.format("%d variants × %d hues = %d ramps in %.3f s; %d files", r.variants, r.row_count // r.variants, r.row_count, r.seconds, #r.files))
local b = r.best[1]
print(string.format("best: margin=%.2f chroma_scale=%.2f (chroma_mean %.4f, mean de_cv %.4f)",
  b.parameters.margin, b.parameters.chroma_scale, b.metrics.chroma_mean, b.metrics.de_cv))
for _, bl in ipairs(r.baselines) do
  -- rank: the place the baseline would take among the variants (1 = better than every variant).
  print(string.format("baseline %-8s score %.4f (rank %s of %d)  chroma_mean %.4f  de_cv.max %.4f  (%d ramps × %d stops)",
    bl.id, bl.score, bl.rank and tostring(bl.rank) or "-", r.variants + 1, bl.metrics.chroma_mean, bl.metrics["de_cv.max"], bl.ramps, bl.stops))
end
