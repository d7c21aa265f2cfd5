#!/bin/sh
# The ramp study of examples/ramp-study.lua from the CLI alone (same grid, objective, baselines and Pareto front).
# Usage: examples/ramp-study.sh [OUT_DIR [MARGIN_STEPS SCALE_STEPS HUES]]   (default: study-cli 11 9 all)
set -e
HUEBENCH=${HUEBENCH:-huebench}
"$HUEBENCH" tune --generator uniform-lstar \
  --param margin=0.90:1.00:${2:-11} --param chroma_scale=0.8:1.2:${3:-9} --hues "${4:-all}" \
  --objective "chroma_mean - 0.25*de_cv.max" --top 3 --baseline all --pareto chroma_mean,de_cv.max \
  --out "${1:-study-cli}"
