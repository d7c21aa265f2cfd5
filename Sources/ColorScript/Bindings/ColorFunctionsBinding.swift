import CLua
import CLuaShims
import ColorCore
import Palettes

/// The palette color functions on color values (Palettes' `ColorFunctions`): `c:lighten(n)`, `c:darken(n)`,
/// `c:soften(n, mode)`, `c:strengthen(n, mode)`, `c:invert()`, `c:saturate(x)`, `c:desaturate(x)`,
/// `c:rotate_hue(deg)`, `c:blend(other, t)`, `c:harmony(kind)`.
///
/// A color moves along the palette's CIELab L\* ladder (ColorTokensKit's stops; gray's ladder for colors with
/// OKLCH C ≤ 0.005) by whole or fractional stops, keeping its hue and chroma (reduced only as far as Display P3
/// needs). A color handed out as a family stop (`f:stop`, `f:stops`) moves to the exact stop n away in its
/// family's scale (`_500:lighten(2)` is `_400`). Results are OKLCH colors.
enum ColorFunctionsBinding {
    static func with(_ name: String, _ L: OpaquePointer?, _ body: (HostContext, Args, ColorFunctions, Swatch) throws -> Int32) -> Int32 {
        ColorBinding.method(name, L) { host, a, c in
            let rc = try a.core(0, "color") { try FamilyBinding.ramp(c, host) }
            // A family stop handed out by f:stop / f:stops moves along its family's scale, exactly.
            if c.space == .oklch, let origin = host.stopOrigins[FamilyBinding.stopKey(c.coords, c.alpha.isNaN ? 1 : c.alpha)] {
                return try body(host, a, host.colorFunctions, Swatch(color: rc, family: origin.family, stop: origin.stop))
            }
            return try body(host, a, host.colorFunctions, Swatch(color: rc))
        }
    }

    static func push(_ host: HostContext, _ s: Swatch) {
        if let f = s.family, let stop = s.stop { host.stopOrigins[FamilyBinding.stopKey(s.color.oklch, s.color.alpha)] = (f, stop) }
        host.push(Color(.oklch, coords: s.color.oklch, alpha: s.color.alpha))
    }

    static func steps(_ a: Args, _ n: Int32) throws -> Int {
        a.isNil(n) ? 1 : try a.integer(n, "steps", range: -19...19)
    }

    static func mode(_ a: Args, _ n: Int32) throws -> Mode {
        let m = try a.string(n, "mode", default: "light")
        guard let v = Mode(rawValue: m) else { throw a.fail(n, "mode", "\"light\" or \"dark\"") }
        return v
    }

    static let methods: [LuaBinding] = [
        LuaBinding("lighten", "(steps?: number): Color | steps up the palette's L* ladder, keeping hue and chroma", { L in with("lighten", L) { h, a, f, s in push(h, try f.lighten(s, by: try steps(a, 1))); return 1 } }),
        LuaBinding("darken", "(steps?: number): Color | steps down the palette's L* ladder", { L in with("darken", L) { h, a, f, s in push(h, try f.darken(s, by: try steps(a, 1))); return 1 } }),
        LuaBinding("soften", "(steps?: number, mode?: string): Color | toward the page background of mode (light or dark)", { L in with("soften", L) { h, a, f, s in
            push(h, try f.soften(s, by: try steps(a, 1), mode: try mode(a, 2))); return 1 } }),
        LuaBinding("strengthen", "(steps?: number, mode?: string): Color | away from the page background of mode", { L in with("strengthen", L) { h, a, f, s in
            push(h, try f.strengthen(s, by: try steps(a, 1), mode: try mode(a, 2))); return 1 } }),
        LuaBinding("invert", "(): Color | the stop mirrored on the L* ladder", { L in with("invert", L) { h, _, f, s in push(h, try f.invert(s)); return 1 } }),
        LuaBinding("saturate", "(amount?: number): Color | more chroma", { L in with("saturate", L) { h, a, f, s in push(h, f.saturate(s, by: try a.number(1, "amount", default: 0.1))); return 1 } }),
        LuaBinding("desaturate", "(amount?: number): Color | less chroma", { L in with("desaturate", L) { h, a, f, s in push(h, f.desaturate(s, by: try a.number(1, "amount", default: 0.1))); return 1 } }),
        LuaBinding("rotate_hue", "(degrees: number): Color | the hue turned by degrees", { L in with("rotate_hue", L) { h, a, f, s in push(h, try f.rotateHue(s, by: try a.number(1, "degrees"))); return 1 } }),
        LuaBinding("blend", "(other: Color|string, t?: number): Color | a blend with other", { L in with("blend", L) { h, a, f, s in
            let other = try FamilyBinding.ramp(try a.color(1, "other", h), h)
            let t = try a.number(2, "t", default: 0.5)
            let c = try a.core(1, "other") { try f.blend(s.color, other, t) }
            h.push(Color(.oklch, coords: c.oklch, alpha: c.alpha)); return 1 } }),
        LuaBinding("harmony", "(kind: string): Color[] | complement, triad, tetrad, square, split_complement, analogous, monochromatic, tints, shades", { L in with("harmony", L) { h, a, f, s in
            let kind = try a.string(1, "kind").replacingOccurrences(of: "_", with: "-")
            guard let k = Harmony(rawValue: kind) ?? Harmony(rawValue: kind.lowercased()) else {
                throw a.fail(1, "kind", "one of " + Harmony.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            let list = try f.harmony(s, k)
            a.lua.newTable(array: Int32(list.count))
            for (i, x) in list.enumerated() { push(h, x); a.lua.setIndex(-2, i + 1) }
            return 1 } }),
    ]
}

extension HostContext {
    /// The color functions over this state's palette workbench (built on first use; gray's ladder only).
    var colorFunctions: ColorFunctions {
        if let f = colorFunctionsCache { return f }
        let gray = Family.gray
        let ramp = (try? palettes.ramp(for: palettes.families[gray.id] ?? gray)) ?? []
        let palette = ramp.count == (palettes.families[gray.id] ?? gray).scale.count ? Palette(families: [gray], ramps: [gray.id: ramp]) : Palette(families: [], ramps: [:])
        let f = ColorFunctions(workbench: palettes, palette: palette)
        colorFunctionsCache = f
        return f
    }
}
