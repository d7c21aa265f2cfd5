/// Lua sources more than one test target runs.
public enum LuaScripts {
    /// Two methods registered from Lua: the contrast method `luma-gap` (the gap of the sRGB channel means,
    /// symmetric, threshold 0.5) and the ΔE method `l-only` (the OKLab lightness difference, threshold 0.25).
    /// Run as a script (with `hb` in scope) or, after `local hb = require "huebench"`, as a plugin.
    public static let pluginMethods = """
    hb.register_contrast{ name = "luma-gap", title = "channel-mean gap", space = "srgb", symmetric = true, thresholds = {0.5},
      evaluate = function(t, b)
        local r1, g1, b1 = t:coords() local r2, g2, b2 = b:coords()
        return math.abs((r1 + g1 + b1) - (r2 + g2 + b2)) / 3
      end }
    hb.register_deltae{ name = "l-only", space = "oklab", thresholds = {0.25},
      evaluate = function(a, b) local l1 = a:coords() local l2 = b:coords() return math.abs(l1 - l2) end }

    """
}
