/// HSL, HSV and HWB: cylindrical forms of sRGB (CSS Color 4 §7–8). Saturation, lightness, value,
/// whiteness and blackness are 0…100; hues in degrees.
extension ColorSpace {
    /// The hue (degrees, [0, 360)) of an RGB triple, or NaN when the channels are equal.
    static func rgbHue(_ rgb: SIMD3<Double>) -> Double {
        let mx = rgb.max(), mn = rgb.min(), d = mx - mn
        if d == 0 { return .nan }
        var h: Double
        if mx == rgb.x { h = (rgb.y - rgb.z) / d + (rgb.y < rgb.z ? 6 : 0) }
        else if mx == rgb.y { h = (rgb.z - rgb.x) / d + 2 }
        else { h = (rgb.x - rgb.y) / d + 4 }
        h *= 60
        return h >= 360 ? h - 360 : h
    }

    /// sRGB → HSL (CSS Color 4 sample code): out-of-gamut colors with negative saturation get their hue
    /// rotated by 180° and a positive saturation.
    public static func srgbToHSL(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let mx = rgb.max(), mn = rgb.min(), d = mx - mn
        let l = (mx + mn) / 2
        var h = rgbHue(rgb), s = 0.0
        if d != 0 { s = (l == 0 || l == 1) ? 0 : (mx - l) / min(l, 1 - l) }
        if s < 0 { h += 180; s = -s }
        if h >= 360 { h -= 360 }
        return SIMD3(h, s * 100, l * 100)
    }

    /// HSL → sRGB (CSS Color 4 sample code).
    public static func hslToSRGB(_ hsl: SIMD3<Double>) -> SIMD3<Double> {
        var h = hsl.x.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        let s = hsl.y / 100, l = hsl.z / 100
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return SIMD3(f(0), f(8), f(4))
    }

    /// sRGB → HSV: v = max, s = (max − min)/max.
    public static func srgbToHSV(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let mx = rgb.max(), mn = rgb.min()
        let s = mx == 0 ? 0 : (mx - mn) / mx
        return SIMD3(rgbHue(rgb), s * 100, mx * 100)
    }

    /// HSV → sRGB.
    public static func hsvToSRGB(_ hsv: SIMD3<Double>) -> SIMD3<Double> {
        var h = hsv.x.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        let s = hsv.y / 100, v = hsv.z / 100
        func f(_ n: Double) -> Double {
            let k = (n + h / 60).truncatingRemainder(dividingBy: 6)
            return v - v * s * max(0, min(k, 4 - k, 1))
        }
        return SIMD3(f(5), f(3), f(1))
    }

    /// sRGB → HWB: w = min, b = 1 − max.
    public static func srgbToHWB(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(rgbHue(rgb), rgb.min() * 100, (1 - rgb.max()) * 100)
    }

    /// HWB → sRGB (CSS Color 4 §8.2): when w + b ≥ 1 the result is the gray w / (w + b).
    public static func hwbToSRGB(_ hwb: SIMD3<Double>) -> SIMD3<Double> {
        let w = hwb.y / 100, b = hwb.z / 100
        if w + b >= 1 { let g = w / (w + b); return SIMD3(g, g, g) }
        let rgb = hslToSRGB(SIMD3(hwb.x, 100, 50))
        return rgb * (1 - w - b) + w
    }

    static let percent100 = 0.0...100.0

    /// `hsl`: the hue is powerless when saturation is 0 (to 1e-9 in 0…100 units).
    public static let hsl = ColorSpace(
        id: .hsl, name: "HSL", base: .srgb,
        coordinates: [.hue(), Coordinate("s", percent100, percentReference: 100), Coordinate("l", percent100, percentReference: 100)],
        cssForm: .function("hsl"), gamutSpace: .srgb,
        powerlessHue: PowerlessHue(hueIndex: 0, rule: .chromaAtMost(index: 1, threshold: 1e-9)),
        kernels: .hsl,
        toBase: hslToSRGB, fromBase: srgbToHSL)

    /// `hsv`: not a CSS function; serialized as `color(--hsv …)`.
    public static let hsv = ColorSpace(
        id: .hsv, name: "HSV", base: .srgb,
        coordinates: [.hue(), Coordinate("s", percent100, percentReference: 100), Coordinate("v", percent100, percentReference: 100)],
        cssForm: .custom, gamutSpace: .srgb,
        powerlessHue: PowerlessHue(hueIndex: 0, rule: .chromaAtMost(index: 1, threshold: 1e-9)),
        kernels: .hsv,
        toBase: hsvToSRGB, fromBase: srgbToHSV)

    /// `hwb`: the hue is powerless when whiteness + blackness ≥ 100.
    public static let hwb = ColorSpace(
        id: .hwb, name: "HWB", base: .srgb,
        coordinates: [.hue(), Coordinate("w", percent100, percentReference: 100), Coordinate("b", percent100, percentReference: 100)],
        cssForm: .function("hwb"), gamutSpace: .srgb,
        powerlessHue: PowerlessHue(hueIndex: 0, rule: .whitePlusBlackAtLeast(100 - 1e-9)),
        kernels: .hwb,
        toBase: hwbToSRGB, fromBase: srgbToHWB)
}
