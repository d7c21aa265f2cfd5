import Foundation
import ColorCore

/// Material Color Utilities' tonal palettes: HCT hue and chroma held, one color per tone, in sRGB.
///
/// A stop's tone is its target L\* (on the `material` scale the tones 100, 99, 95 … 0 themselves). For tone T,
/// hue h and chroma C: T ≤ 0 is black and T ≥ 100 white; C < 1e-4 is the sRGB gray of L\* T; otherwise the HCT
/// color (h, C, T) when sRGB holds it, else the largest chroma ≤ C at the same hue and tone that sRGB holds
/// (bisection, 40 halvings of the chroma; each HCT → XYZ solves CAM16 J for T's luminance by bisection). The
/// result is rounded to 8-bit sRGB, as `TonalPalette.tone` returns ARGB. HCT here uses MCU's sRGB matrix and
/// white (`MaterialHCT`), so the palettes match MCU's byte for byte.
///
/// Source: material-foundation/material-color-utilities, `TonalPalette.fromHueAndChroma` and `HctSolver`
/// (Apache 2.0; behaviour matched against its tests, no code copied).
public enum HCTTonal {
    public static let id = "hct-tonal"
    /// MCU's primary palette never goes below chroma 48 (`CorePalette.of`); the default without a source.
    public static let defaultChroma = 48.0

    /// HCT (hue, chroma, tone) of a color given as extended sRGB, with MCU's conventions (`MaterialHCT`).
    public static func hct(srgb: SIMD3<Double>) -> SIMD3<Double> {
        MaterialHCT.hct(linearSRGB: TokenMath.decode(srgb))
    }

    static func inSRGB(_ lin: SIMD3<Double>) -> Bool {
        let e = 1e-9
        return (0..<3).allSatisfy { lin[$0] >= -e && lin[$0] <= 1 + e }
    }

    static func byte(_ v: Double) -> Double { (min(max(v, 0), 1) * 255).rounded() / 255 }

    /// The palette color at one tone (8-bit sRGB).
    public static func tone(_ t: Double, hue h: Double, chroma c: Double) -> RampColor {
        if t <= 1e-4 { return RampColor(srgb: .zero) }
        if t >= 100 - 1e-4 { return RampColor(srgb: SIMD3(1, 1, 1)) }
        func linear(_ chroma: Double) -> SIMD3<Double> {
            MaterialHCT.linearSRGB(hue: h, chroma: chroma, tone: t)
        }
        var lin: SIMD3<Double>
        if c < 1e-4 {
            let y = TokenMath.luminance(lightnessStar: t)
            lin = SIMD3(y, y, y)
        } else {
            lin = linear(c)
            if !inSRGB(lin) {
                var lo = 0.0, hi = c
                lin = linear(0)
                for _ in 0..<40 {
                    let mid = (lo + hi) / 2
                    let v = linear(mid)
                    if inSRGB(v) { lo = mid; lin = v } else { hi = mid }
                }
            }
        }
        let e = TokenMath.encode(lin)
        return RampColor(srgb: SIMD3(byte(e.x), byte(e.y), byte(e.z)))
    }

    /// The tonal palette at these tones, lightest first as given.
    public static func palette(hue: Double, chroma: Double, tones: [Double]) -> [RampColor] {
        tones.map { tone($0, hue: hue, chroma: chroma) }
    }

    public static let generator = RampGenerator(
        id: id, name: "Material Color Utilities tonal palette: HCT hue and chroma held, tone = the stop's L*, in sRGB",
        parameters: [
            GeneratorParameter("source", .color, default: "none (the family's hue at chroma 48)",
                               "the color whose HCT hue and chroma the palette holds (MCU TonalPalette.fromInt)"),
            GeneratorParameter("hctHue", .number, range: -3600...3600, default: "the source's HCT hue",
                               "HCT hue, degrees (overrides the source's)"),
            GeneratorParameter("hctChroma", .number, range: 0...200, default: "the source's HCT chroma, else 48",
                               "HCT chroma every tone keeps when sRGB holds it"),
            GeneratorParameter("tones", .perStop, range: 0...100, default: "the scale's target L* (material: the tones)",
                               "HCT tone (CIELab L*) of each stop"),
        ]
    ) { spec, _ in
        let source = try spec.parameters["source"].map { _ in try spec.color("source", generator: id, default: RampColor(srgb: .zero)) }
        let fromSource = source.map { hct(srgb: $0.srgb) }
        // Without a source: the HCT hue of the family's OKLCH hue (at OKLCH L 0.6, C 0.12).
        let familyHue = hct(srgb: RampColor(oklch: 0.6, 0.12, spec.hue).srgb).x
        var h = try spec.number("hctHue", generator: id, default: fromSource?.x ?? familyHue)
        h = h.truncatingRemainder(dividingBy: 360); if h < 0 { h += 360 }
        let c = try spec.number("hctChroma", generator: id, default: fromSource.map { $0.y.isFinite ? $0.y : 0 } ?? defaultChroma)
        let tones = try spec.table("tones", generator: id, default: spec.scale.lightness)
        return palette(hue: h.isFinite ? h : 0, chroma: c, tones: tones)
    }
}
