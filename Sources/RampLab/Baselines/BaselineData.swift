// The published palettes the built-in baselines are made of, copied verbatim from their sources.
// Regenerate only from the same sources (the commit is part of each baseline's recorded source).

extension Baseline {
    /// Tailwind CSS v4 default palette: the `--color-<name>-<step>: oklch(L% C h)` lines of
    /// `packages/tailwindcss/theme.css`, tailwindcss 4.3.3 (commit 90f8ff41c8e2a4d17bc76921e23e9d672123da76).
    static let tailwindSource = "https://github.com/tailwindlabs/tailwindcss/blob/90f8ff41c8e2a4d17bc76921e23e9d672123da76/packages/tailwindcss/theme.css (tailwindcss 4.3.3)"
    static let tailwindThemeLines = """
--color-red-50: oklch(97.1% 0.013 17.38);
--color-red-100: oklch(93.6% 0.032 17.717);
--color-red-200: oklch(88.5% 0.062 18.334);
--color-red-300: oklch(80.8% 0.114 19.571);
--color-red-400: oklch(70.4% 0.191 22.216);
--color-red-500: oklch(63.7% 0.237 25.331);
--color-red-600: oklch(57.7% 0.245 27.325);
--color-red-700: oklch(50.5% 0.213 27.518);
--color-red-800: oklch(44.4% 0.177 26.899);
--color-red-900: oklch(39.6% 0.141 25.723);
--color-red-950: oklch(25.8% 0.092 26.042);
--color-orange-50: oklch(98% 0.016 73.684);
--color-orange-100: oklch(95.4% 0.038 75.164);
--color-orange-200: oklch(90.1% 0.076 70.697);
--color-orange-300: oklch(83.7% 0.128 66.29);
--color-orange-400: oklch(75% 0.183 55.934);
--color-orange-500: oklch(70.5% 0.213 47.604);
--color-orange-600: oklch(64.6% 0.222 41.116);
--color-orange-700: oklch(55.3% 0.195 38.402);
--color-orange-800: oklch(47% 0.157 37.304);
--color-orange-900: oklch(40.8% 0.123 38.172);
--color-orange-950: oklch(26.6% 0.079 36.259);
--color-amber-50: oklch(98.7% 0.022 95.277);
--color-amber-100: oklch(96.2% 0.059 95.617);
--color-amber-200: oklch(92.4% 0.12 95.746);
--color-amber-300: oklch(87.9% 0.169 91.605);
--color-amber-400: oklch(82.8% 0.189 84.429);
--color-amber-500: oklch(76.9% 0.188 70.08);
--color-amber-600: oklch(66.6% 0.179 58.318);
--color-amber-700: oklch(55.5% 0.163 48.998);
--color-amber-800: oklch(47.3% 0.137 46.201);
--color-amber-900: oklch(41.4% 0.112 45.904);
--color-amber-950: oklch(27.9% 0.077 45.635);
--color-yellow-50: oklch(98.7% 0.026 102.212);
--color-yellow-100: oklch(97.3% 0.071 103.193);
--color-yellow-200: oklch(94.5% 0.129 101.54);
--color-yellow-300: oklch(90.5% 0.182 98.111);
--color-yellow-400: oklch(85.2% 0.199 91.936);
--color-yellow-500: oklch(79.5% 0.184 86.047);
--color-yellow-600: oklch(68.1% 0.162 75.834);
--color-yellow-700: oklch(55.4% 0.135 66.442);
--color-yellow-800: oklch(47.6% 0.114 61.907);
--color-yellow-900: oklch(42.1% 0.095 57.708);
--color-yellow-950: oklch(28.6% 0.066 53.813);
--color-lime-50: oklch(98.6% 0.031 120.757);
--color-lime-100: oklch(96.7% 0.067 122.328);
--color-lime-200: oklch(93.8% 0.127 124.321);
--color-lime-300: oklch(89.7% 0.196 126.665);
--color-lime-400: oklch(84.1% 0.238 128.85);
--color-lime-500: oklch(76.8% 0.233 130.85);
--color-lime-600: oklch(64.8% 0.2 131.684);
--color-lime-700: oklch(53.2% 0.157 131.589);
--color-lime-800: oklch(45.3% 0.124 130.933);
--color-lime-900: oklch(40.5% 0.101 131.063);
--color-lime-950: oklch(27.4% 0.072 132.109);
--color-green-50: oklch(98.2% 0.018 155.826);
--color-green-100: oklch(96.2% 0.044 156.743);
--color-green-200: oklch(92.5% 0.084 155.995);
--color-green-300: oklch(87.1% 0.15 154.449);
--color-green-400: oklch(79.2% 0.209 151.711);
--color-green-500: oklch(72.3% 0.219 149.579);
--color-green-600: oklch(62.7% 0.194 149.214);
--color-green-700: oklch(52.7% 0.154 150.069);
--color-green-800: oklch(44.8% 0.119 151.328);
--color-green-900: oklch(39.3% 0.095 152.535);
--color-green-950: oklch(26.6% 0.065 152.934);
--color-emerald-50: oklch(97.9% 0.021 166.113);
--color-emerald-100: oklch(95% 0.052 163.051);
--color-emerald-200: oklch(90.5% 0.093 164.15);
--color-emerald-300: oklch(84.5% 0.143 164.978);
--color-emerald-400: oklch(76.5% 0.177 163.223);
--color-emerald-500: oklch(69.6% 0.17 162.48);
--color-emerald-600: oklch(59.6% 0.145 163.225);
--color-emerald-700: oklch(50.8% 0.118 165.612);
--color-emerald-800: oklch(43.2% 0.095 166.913);
--color-emerald-900: oklch(37.8% 0.077 168.94);
--color-emerald-950: oklch(26.2% 0.051 172.552);
--color-teal-50: oklch(98.4% 0.014 180.72);
--color-teal-100: oklch(95.3% 0.051 180.801);
--color-teal-200: oklch(91% 0.096 180.426);
--color-teal-300: oklch(85.5% 0.138 181.071);
--color-teal-400: oklch(77.7% 0.152 181.912);
--color-teal-500: oklch(70.4% 0.14 182.503);
--color-teal-600: oklch(60% 0.118 184.704);
--color-teal-700: oklch(51.1% 0.096 186.391);
--color-teal-800: oklch(43.7% 0.078 188.216);
--color-teal-900: oklch(38.6% 0.063 188.416);
--color-teal-950: oklch(27.7% 0.046 192.524);
--color-cyan-50: oklch(98.4% 0.019 200.873);
--color-cyan-100: oklch(95.6% 0.045 203.388);
--color-cyan-200: oklch(91.7% 0.08 205.041);
--color-cyan-300: oklch(86.5% 0.127 207.078);
--color-cyan-400: oklch(78.9% 0.154 211.53);
--color-cyan-500: oklch(71.5% 0.143 215.221);
--color-cyan-600: oklch(60.9% 0.126 221.723);
--color-cyan-700: oklch(52% 0.105 223.128);
--color-cyan-800: oklch(45% 0.085 224.283);
--color-cyan-900: oklch(39.8% 0.07 227.392);
--color-cyan-950: oklch(30.2% 0.056 229.695);
--color-sky-50: oklch(97.7% 0.013 236.62);
--color-sky-100: oklch(95.1% 0.026 236.824);
--color-sky-200: oklch(90.1% 0.058 230.902);
--color-sky-300: oklch(82.8% 0.111 230.318);
--color-sky-400: oklch(74.6% 0.16 232.661);
--color-sky-500: oklch(68.5% 0.169 237.323);
--color-sky-600: oklch(58.8% 0.158 241.966);
--color-sky-700: oklch(50% 0.134 242.749);
--color-sky-800: oklch(44.3% 0.11 240.79);
--color-sky-900: oklch(39.1% 0.09 240.876);
--color-sky-950: oklch(29.3% 0.066 243.157);
--color-blue-50: oklch(97% 0.014 254.604);
--color-blue-100: oklch(93.2% 0.032 255.585);
--color-blue-200: oklch(88.2% 0.059 254.128);
--color-blue-300: oklch(80.9% 0.105 251.813);
--color-blue-400: oklch(70.7% 0.165 254.624);
--color-blue-500: oklch(62.3% 0.214 259.815);
--color-blue-600: oklch(54.6% 0.245 262.881);
--color-blue-700: oklch(48.8% 0.243 264.376);
--color-blue-800: oklch(42.4% 0.199 265.638);
--color-blue-900: oklch(37.9% 0.146 265.522);
--color-blue-950: oklch(28.2% 0.091 267.935);
--color-indigo-50: oklch(96.2% 0.018 272.314);
--color-indigo-100: oklch(93% 0.034 272.788);
--color-indigo-200: oklch(87% 0.065 274.039);
--color-indigo-300: oklch(78.5% 0.115 274.713);
--color-indigo-400: oklch(67.3% 0.182 276.935);
--color-indigo-500: oklch(58.5% 0.233 277.117);
--color-indigo-600: oklch(51.1% 0.262 276.966);
--color-indigo-700: oklch(45.7% 0.24 277.023);
--color-indigo-800: oklch(39.8% 0.195 277.366);
--color-indigo-900: oklch(35.9% 0.144 278.697);
--color-indigo-950: oklch(25.7% 0.09 281.288);
--color-violet-50: oklch(96.9% 0.016 293.756);
--color-violet-100: oklch(94.3% 0.029 294.588);
--color-violet-200: oklch(89.4% 0.057 293.283);
--color-violet-300: oklch(81.1% 0.111 293.571);
--color-violet-400: oklch(70.2% 0.183 293.541);
--color-violet-500: oklch(60.6% 0.25 292.717);
--color-violet-600: oklch(54.1% 0.281 293.009);
--color-violet-700: oklch(49.1% 0.27 292.581);
--color-violet-800: oklch(43.2% 0.232 292.759);
--color-violet-900: oklch(38% 0.189 293.745);
--color-violet-950: oklch(28.3% 0.141 291.089);
--color-purple-50: oklch(97.7% 0.014 308.299);
--color-purple-100: oklch(94.6% 0.033 307.174);
--color-purple-200: oklch(90.2% 0.063 306.703);
--color-purple-300: oklch(82.7% 0.119 306.383);
--color-purple-400: oklch(71.4% 0.203 305.504);
--color-purple-500: oklch(62.7% 0.265 303.9);
--color-purple-600: oklch(55.8% 0.288 302.321);
--color-purple-700: oklch(49.6% 0.265 301.924);
--color-purple-800: oklch(43.8% 0.218 303.724);
--color-purple-900: oklch(38.1% 0.176 304.987);
--color-purple-950: oklch(29.1% 0.149 302.717);
--color-fuchsia-50: oklch(97.7% 0.017 320.058);
--color-fuchsia-100: oklch(95.2% 0.037 318.852);
--color-fuchsia-200: oklch(90.3% 0.076 319.62);
--color-fuchsia-300: oklch(83.3% 0.145 321.434);
--color-fuchsia-400: oklch(74% 0.238 322.16);
--color-fuchsia-500: oklch(66.7% 0.295 322.15);
--color-fuchsia-600: oklch(59.1% 0.293 322.896);
--color-fuchsia-700: oklch(51.8% 0.253 323.949);
--color-fuchsia-800: oklch(45.2% 0.211 324.591);
--color-fuchsia-900: oklch(40.1% 0.17 325.612);
--color-fuchsia-950: oklch(29.3% 0.136 325.661);
--color-pink-50: oklch(97.1% 0.014 343.198);
--color-pink-100: oklch(94.8% 0.028 342.258);
--color-pink-200: oklch(89.9% 0.061 343.231);
--color-pink-300: oklch(82.3% 0.12 346.018);
--color-pink-400: oklch(71.8% 0.202 349.761);
--color-pink-500: oklch(65.6% 0.241 354.308);
--color-pink-600: oklch(59.2% 0.249 0.584);
--color-pink-700: oklch(52.5% 0.223 3.958);
--color-pink-800: oklch(45.9% 0.187 3.815);
--color-pink-900: oklch(40.8% 0.153 2.432);
--color-pink-950: oklch(28.4% 0.109 3.907);
--color-rose-50: oklch(96.9% 0.015 12.422);
--color-rose-100: oklch(94.1% 0.03 12.58);
--color-rose-200: oklch(89.2% 0.058 10.001);
--color-rose-300: oklch(81% 0.117 11.638);
--color-rose-400: oklch(71.2% 0.194 13.428);
--color-rose-500: oklch(64.5% 0.246 16.439);
--color-rose-600: oklch(58.6% 0.253 17.585);
--color-rose-700: oklch(51.4% 0.222 16.935);
--color-rose-800: oklch(45.5% 0.188 13.697);
--color-rose-900: oklch(41% 0.159 10.272);
--color-rose-950: oklch(27.1% 0.105 12.094);
--color-slate-50: oklch(98.4% 0.003 247.858);
--color-slate-100: oklch(96.8% 0.007 247.896);
--color-slate-200: oklch(92.9% 0.013 255.508);
--color-slate-300: oklch(86.9% 0.022 252.894);
--color-slate-400: oklch(70.4% 0.04 256.788);
--color-slate-500: oklch(55.4% 0.046 257.417);
--color-slate-600: oklch(44.6% 0.043 257.281);
--color-slate-700: oklch(37.2% 0.044 257.287);
--color-slate-800: oklch(27.9% 0.041 260.031);
--color-slate-900: oklch(20.8% 0.042 265.755);
--color-slate-950: oklch(12.9% 0.042 264.695);
--color-gray-50: oklch(98.5% 0.002 247.839);
--color-gray-100: oklch(96.7% 0.003 264.542);
--color-gray-200: oklch(92.8% 0.006 264.531);
--color-gray-300: oklch(87.2% 0.01 258.338);
--color-gray-400: oklch(70.7% 0.022 261.325);
--color-gray-500: oklch(55.1% 0.027 264.364);
--color-gray-600: oklch(44.6% 0.03 256.802);
--color-gray-700: oklch(37.3% 0.034 259.733);
--color-gray-800: oklch(27.8% 0.033 256.848);
--color-gray-900: oklch(21% 0.034 264.665);
--color-gray-950: oklch(13% 0.028 261.692);
--color-zinc-50: oklch(98.5% 0 none);
--color-zinc-100: oklch(96.7% 0.001 286.375);
--color-zinc-200: oklch(92% 0.004 286.32);
--color-zinc-300: oklch(87.1% 0.006 286.286);
--color-zinc-400: oklch(70.5% 0.015 286.067);
--color-zinc-500: oklch(55.2% 0.016 285.938);
--color-zinc-600: oklch(44.2% 0.017 285.786);
--color-zinc-700: oklch(37% 0.013 285.805);
--color-zinc-800: oklch(27.4% 0.006 286.033);
--color-zinc-900: oklch(21% 0.006 285.885);
--color-zinc-950: oklch(14.1% 0.005 285.823);
--color-neutral-50: oklch(98.5% 0 none);
--color-neutral-100: oklch(97% 0 none);
--color-neutral-200: oklch(92.2% 0 none);
--color-neutral-300: oklch(87% 0 none);
--color-neutral-400: oklch(70.8% 0 none);
--color-neutral-500: oklch(55.6% 0 none);
--color-neutral-600: oklch(43.9% 0 none);
--color-neutral-700: oklch(37.1% 0 none);
--color-neutral-800: oklch(26.9% 0 none);
--color-neutral-900: oklch(20.5% 0 none);
--color-neutral-950: oklch(14.5% 0 none);
--color-stone-50: oklch(98.5% 0.001 106.423);
--color-stone-100: oklch(97% 0.001 106.424);
--color-stone-200: oklch(92.3% 0.003 48.717);
--color-stone-300: oklch(86.9% 0.005 56.366);
--color-stone-400: oklch(70.9% 0.01 56.259);
--color-stone-500: oklch(55.3% 0.013 58.071);
--color-stone-600: oklch(44.4% 0.011 73.639);
--color-stone-700: oklch(37.4% 0.01 67.558);
--color-stone-800: oklch(26.8% 0.007 34.298);
--color-stone-900: oklch(21.6% 0.006 56.043);
--color-stone-950: oklch(14.7% 0.004 49.25);
--color-mauve-50: oklch(98.5% 0 none);
--color-mauve-100: oklch(96% 0.003 325.6);
--color-mauve-200: oklch(92.2% 0.005 325.62);
--color-mauve-300: oklch(86.5% 0.012 325.68);
--color-mauve-400: oklch(71.1% 0.019 323.02);
--color-mauve-500: oklch(54.2% 0.034 322.5);
--color-mauve-600: oklch(43.5% 0.029 321.78);
--color-mauve-700: oklch(36.4% 0.029 323.89);
--color-mauve-800: oklch(26.3% 0.024 320.12);
--color-mauve-900: oklch(21.2% 0.019 322.12);
--color-mauve-950: oklch(14.5% 0.008 326);
--color-olive-50: oklch(98.8% 0.003 106.5);
--color-olive-100: oklch(96.6% 0.005 106.5);
--color-olive-200: oklch(93% 0.007 106.5);
--color-olive-300: oklch(88% 0.011 106.6);
--color-olive-400: oklch(73.7% 0.021 106.9);
--color-olive-500: oklch(58% 0.031 107.3);
--color-olive-600: oklch(46.6% 0.025 107.3);
--color-olive-700: oklch(39.4% 0.023 107.4);
--color-olive-800: oklch(28.6% 0.016 107.4);
--color-olive-900: oklch(22.8% 0.013 107.4);
--color-olive-950: oklch(15.3% 0.006 107.1);
--color-mist-50: oklch(98.7% 0.002 197.1);
--color-mist-100: oklch(96.3% 0.002 197.1);
--color-mist-200: oklch(92.5% 0.005 214.3);
--color-mist-300: oklch(87.2% 0.007 219.6);
--color-mist-400: oklch(72.3% 0.014 214.4);
--color-mist-500: oklch(56% 0.021 213.5);
--color-mist-600: oklch(45% 0.017 213.2);
--color-mist-700: oklch(37.8% 0.015 216);
--color-mist-800: oklch(27.5% 0.011 216.9);
--color-mist-900: oklch(21.8% 0.008 223.9);
--color-mist-950: oklch(14.8% 0.004 228.8);
--color-taupe-50: oklch(98.6% 0.002 67.8);
--color-taupe-100: oklch(96% 0.002 17.2);
--color-taupe-200: oklch(92.2% 0.005 34.3);
--color-taupe-300: oklch(86.8% 0.007 39.5);
--color-taupe-400: oklch(71.4% 0.014 41.2);
--color-taupe-500: oklch(54.7% 0.021 43.1);
--color-taupe-600: oklch(43.8% 0.017 39.3);
--color-taupe-700: oklch(36.7% 0.016 35.7);
--color-taupe-800: oklch(26.8% 0.011 36.5);
--color-taupe-900: oklch(21.4% 0.009 43.1);
--color-taupe-950: oklch(14.7% 0.004 49.3);
"""

    /// Radix Colors light scales (solid sRGB steps 1–12): the `<scale><step>: "#rrggbb"` entries of `src/light.ts`,
    /// @radix-ui/colors 3.0.0 (commit 8a03dad3bc93ea4ed48ce2b70847a3538097e02f), as `scale step hex`.
    static let radixSource = "https://github.com/radix-ui/colors/blob/8a03dad3bc93ea4ed48ce2b70847a3538097e02f/src/light.ts (@radix-ui/colors 3.0.0)"
    static let radixLightLines = """
gray 1 #fcfcfc
gray 2 #f9f9f9
gray 3 #f0f0f0
gray 4 #e8e8e8
gray 5 #e0e0e0
gray 6 #d9d9d9
gray 7 #cecece
gray 8 #bbbbbb
gray 9 #8d8d8d
gray 10 #838383
gray 11 #646464
gray 12 #202020
mauve 1 #fdfcfd
mauve 2 #faf9fb
mauve 3 #f2eff3
mauve 4 #eae7ec
mauve 5 #e3dfe6
mauve 6 #dbd8e0
mauve 7 #d0cdd7
mauve 8 #bcbac7
mauve 9 #8e8c99
mauve 10 #84828e
mauve 11 #65636d
mauve 12 #211f26
slate 1 #fcfcfd
slate 2 #f9f9fb
slate 3 #f0f0f3
slate 4 #e8e8ec
slate 5 #e0e1e6
slate 6 #d9d9e0
slate 7 #cdced6
slate 8 #b9bbc6
slate 9 #8b8d98
slate 10 #80838d
slate 11 #60646c
slate 12 #1c2024
sage 1 #fbfdfc
sage 2 #f7f9f8
sage 3 #eef1f0
sage 4 #e6e9e8
sage 5 #dfe2e0
sage 6 #d7dad9
sage 7 #cbcfcd
sage 8 #b8bcba
sage 9 #868e8b
sage 10 #7c8481
sage 11 #5f6563
sage 12 #1a211e
olive 1 #fcfdfc
olive 2 #f8faf8
olive 3 #eff1ef
olive 4 #e7e9e7
olive 5 #dfe2df
olive 6 #d7dad7
olive 7 #cccfcc
olive 8 #b9bcb8
olive 9 #898e87
olive 10 #7f847d
olive 11 #60655f
olive 12 #1d211c
sand 1 #fdfdfc
sand 2 #f9f9f8
sand 3 #f1f0ef
sand 4 #e9e8e6
sand 5 #e2e1de
sand 6 #dad9d6
sand 7 #cfceca
sand 8 #bcbbb5
sand 9 #8d8d86
sand 10 #82827c
sand 11 #63635e
sand 12 #21201c
tomato 1 #fffcfc
tomato 2 #fff8f7
tomato 3 #feebe7
tomato 4 #ffdcd3
tomato 5 #ffcdc2
tomato 6 #fdbdaf
tomato 7 #f5a898
tomato 8 #ec8e7b
tomato 9 #e54d2e
tomato 10 #dd4425
tomato 11 #d13415
tomato 12 #5c271f
red 1 #fffcfc
red 2 #fff7f7
red 3 #feebec
red 4 #ffdbdc
red 5 #ffcdce
red 6 #fdbdbe
red 7 #f4a9aa
red 8 #eb8e90
red 9 #e5484d
red 10 #dc3e42
red 11 #ce2c31
red 12 #641723
ruby 1 #fffcfd
ruby 2 #fff7f8
ruby 3 #feeaed
ruby 4 #ffdce1
ruby 5 #ffced6
ruby 6 #f8bfc8
ruby 7 #efacb8
ruby 8 #e592a3
ruby 9 #e54666
ruby 10 #dc3b5d
ruby 11 #ca244d
ruby 12 #64172b
crimson 1 #fffcfd
crimson 2 #fef7f9
crimson 3 #ffe9f0
crimson 4 #fedce7
crimson 5 #facedd
crimson 6 #f3bed1
crimson 7 #eaacc3
crimson 8 #e093b2
crimson 9 #e93d82
crimson 10 #df3478
crimson 11 #cb1d63
crimson 12 #621639
pink 1 #fffcfe
pink 2 #fef7fb
pink 3 #fee9f5
pink 4 #fbdcef
pink 5 #f6cee7
pink 6 #efbfdd
pink 7 #e7acd0
pink 8 #dd93c2
pink 9 #d6409f
pink 10 #cf3897
pink 11 #c2298a
pink 12 #651249
plum 1 #fefcff
plum 2 #fdf7fd
plum 3 #fbebfb
plum 4 #f7def8
plum 5 #f2d1f3
plum 6 #e9c2ec
plum 7 #deade3
plum 8 #cf91d8
plum 9 #ab4aba
plum 10 #a144af
plum 11 #953ea3
plum 12 #53195d
purple 1 #fefcfe
purple 2 #fbf7fe
purple 3 #f7edfe
purple 4 #f2e2fc
purple 5 #ead5f9
purple 6 #e0c4f4
purple 7 #d1afec
purple 8 #be93e4
purple 9 #8e4ec6
purple 10 #8347b9
purple 11 #8145b5
purple 12 #402060
violet 1 #fdfcfe
violet 2 #faf8ff
violet 3 #f4f0fe
violet 4 #ebe4ff
violet 5 #e1d9ff
violet 6 #d4cafe
violet 7 #c2b5f5
violet 8 #aa99ec
violet 9 #6e56cf
violet 10 #654dc4
violet 11 #6550b9
violet 12 #2f265f
iris 1 #fdfdff
iris 2 #f8f8ff
iris 3 #f0f1fe
iris 4 #e6e7ff
iris 5 #dadcff
iris 6 #cbcdff
iris 7 #b8baf8
iris 8 #9b9ef0
iris 9 #5b5bd6
iris 10 #5151cd
iris 11 #5753c6
iris 12 #272962
indigo 1 #fdfdfe
indigo 2 #f7f9ff
indigo 3 #edf2fe
indigo 4 #e1e9ff
indigo 5 #d2deff
indigo 6 #c1d0ff
indigo 7 #abbdf9
indigo 8 #8da4ef
indigo 9 #3e63dd
indigo 10 #3358d4
indigo 11 #3a5bc7
indigo 12 #1f2d5c
blue 1 #fbfdff
blue 2 #f4faff
blue 3 #e6f4fe
blue 4 #d5efff
blue 5 #c2e5ff
blue 6 #acd8fc
blue 7 #8ec8f6
blue 8 #5eb1ef
blue 9 #0090ff
blue 10 #0588f0
blue 11 #0d74ce
blue 12 #113264
cyan 1 #fafdfe
cyan 2 #f2fafb
cyan 3 #def7f9
cyan 4 #caf1f6
cyan 5 #b5e9f0
cyan 6 #9ddde7
cyan 7 #7dcedc
cyan 8 #3db9cf
cyan 9 #00a2c7
cyan 10 #0797b9
cyan 11 #107d98
cyan 12 #0d3c48
teal 1 #fafefd
teal 2 #f3fbf9
teal 3 #e0f8f3
teal 4 #ccf3ea
teal 5 #b8eae0
teal 6 #a1ded2
teal 7 #83cdc1
teal 8 #53b9ab
teal 9 #12a594
teal 10 #0d9b8a
teal 11 #008573
teal 12 #0d3d38
jade 1 #fbfefd
jade 2 #f4fbf7
jade 3 #e6f7ed
jade 4 #d6f1e3
jade 5 #c3e9d7
jade 6 #acdec8
jade 7 #8bceb6
jade 8 #56ba9f
jade 9 #29a383
jade 10 #26997b
jade 11 #208368
jade 12 #1d3b31
green 1 #fbfefc
green 2 #f4fbf6
green 3 #e6f6eb
green 4 #d6f1df
green 5 #c4e8d1
green 6 #adddc0
green 7 #8eceaa
green 8 #5bb98b
green 9 #30a46c
green 10 #2b9a66
green 11 #218358
green 12 #193b2d
grass 1 #fbfefb
grass 2 #f5fbf5
grass 3 #e9f6e9
grass 4 #daf1db
grass 5 #c9e8ca
grass 6 #b2ddb5
grass 7 #94ce9a
grass 8 #65ba74
grass 9 #46a758
grass 10 #3e9b4f
grass 11 #2a7e3b
grass 12 #203c25
brown 1 #fefdfc
brown 2 #fcf9f6
brown 3 #f6eee7
brown 4 #f0e4d9
brown 5 #ebdaca
brown 6 #e4cdb7
brown 7 #dcbc9f
brown 8 #cea37e
brown 9 #ad7f58
brown 10 #a07553
brown 11 #815e46
brown 12 #3e332e
bronze 1 #fdfcfc
bronze 2 #fdf7f5
bronze 3 #f6edea
bronze 4 #efe4df
bronze 5 #e7d9d3
bronze 6 #dfcdc5
bronze 7 #d3bcb3
bronze 8 #c2a499
bronze 9 #a18072
bronze 10 #957468
bronze 11 #7d5e54
bronze 12 #43302b
gold 1 #fdfdfc
gold 2 #faf9f2
gold 3 #f2f0e7
gold 4 #eae6db
gold 5 #e1dccf
gold 6 #d8d0bf
gold 7 #cbc0aa
gold 8 #b9a88d
gold 9 #978365
gold 10 #8c7a5e
gold 11 #71624b
gold 12 #3b352b
sky 1 #f9feff
sky 2 #f1fafd
sky 3 #e1f6fd
sky 4 #d1f0fa
sky 5 #bee7f5
sky 6 #a9daed
sky 7 #8dcae3
sky 8 #60b3d7
sky 9 #7ce2fe
sky 10 #74daf8
sky 11 #00749e
sky 12 #1d3e56
mint 1 #f9fefd
mint 2 #f2fbf9
mint 3 #ddf9f2
mint 4 #c8f4e9
mint 5 #b3ecde
mint 6 #9ce0d0
mint 7 #7ecfbd
mint 8 #4cbba5
mint 9 #86ead4
mint 10 #7de0cb
mint 11 #027864
mint 12 #16433c
lime 1 #fcfdfa
lime 2 #f8faf3
lime 3 #eef6d6
lime 4 #e2f0bd
lime 5 #d3e7a6
lime 6 #c2da91
lime 7 #abc978
lime 8 #8db654
lime 9 #bdee63
lime 10 #b0e64c
lime 11 #5c7c2f
lime 12 #37401c
yellow 1 #fdfdf9
yellow 2 #fefce9
yellow 3 #fffab8
yellow 4 #fff394
yellow 5 #ffe770
yellow 6 #f3d768
yellow 7 #e4c767
yellow 8 #d5ae39
yellow 9 #ffe629
yellow 10 #ffdc00
yellow 11 #9e6c00
yellow 12 #473b1f
amber 1 #fefdfb
amber 2 #fefbe9
amber 3 #fff7c2
amber 4 #ffee9c
amber 5 #fbe577
amber 6 #f3d673
amber 7 #e9c162
amber 8 #e2a336
amber 9 #ffc53d
amber 10 #ffba18
amber 11 #ab6400
amber 12 #4f3422
orange 1 #fefcfb
orange 2 #fff7ed
orange 3 #ffefd6
orange 4 #ffdfb5
orange 5 #ffd19a
orange 6 #ffc182
orange 7 #f5ae73
orange 8 #ec9455
orange 9 #f76b15
orange 10 #ef5f00
orange 11 #cc4e00
orange 12 #582d1d
"""
}
