/// The color scheme a `light-dark()` value resolves to (CSS Color 5 §5; the `color-scheme` property's values).
public enum CSSColorScheme: String, Sendable, CaseIterable {
    case light, dark
}

extension Workbench {
    /// Both colors of a CSS color value that may be `light-dark(<light>, <dark>)`: the light and the dark one.
    /// A value without `light-dark()` gives the same color twice. `light-dark()` may appear anywhere a color
    /// does (inside `color-mix()` or as a relative color's origin); each scheme is resolved throughout.
    /// - Throws: `ColorCoreError.invalidCSS` as `parse(_:)` does.
    public func parseSchemes(_ css: String) throws -> (light: Color, dark: Color) {
        let light = try parse(css, colorScheme: .light)
        guard css.range(of: "light-dark", options: .caseInsensitive) != nil else { return (light, light) }
        return (light, try parse(css, colorScheme: .dark))
    }
}

/// CSS Color 5 relative color syntax (§4, https://drafts.csswg.org/css-color-5/#relative-colors) and
/// `light-dark()` (§5).
///
/// `<fn>(from <origin> <c1> <c2> <c3> [/ <alpha>]?)` for `rgb`/`rgba`, `hsl`/`hsla`, `hwb`, `lab`, `lch`,
/// `oklab`, `oklch` and every registered function-form space, and `color(from <origin> <space> …)` for every
/// `color()` space. The rules this parser follows (the current spec text and the WPT cases in
/// `css/css-color/parsing/color-valid-relative-color.html`):
/// - The origin is any color (a relative color, `color-mix()` and `light-dark()` included). It is converted to
///   the function's space (unchanged when it is already in it). Its missing components, and a hue made missing
///   by the conversion (powerless), resolve to 0; a missing alpha to 0.
/// - Channel keywords are the space's coordinate names plus `alpha`, each a plain `<number>`: `rgb()`'s `r g b`
///   in 0…255, `hsl()`'s `s l` and `hwb()`'s `w b` in 0…100, `lab()`'s `l` in 0…100, `oklab()`'s `l` in 0…1,
///   hues in degrees, `alpha` in 0…1. They may be used anywhere a number is, permuted (`g b r`) or inside
///   any math function (`calc(l + 0.1)`, `round(h, 30)`). Numbers and percentages may be mixed freely.
/// - An omitted alpha is the origin's alpha. Alpha is clamped to 0…1; lightness and chroma are clamped as in
///   CSS Color 4 (`lab()` L to 0…100, chroma ≥ 0…); `rgb()` channels keep values outside 0…255 (the result is
///   a `color(srgb …)` value).
/// - `rgb()`, `hsl()` and `hwb()` results are sRGB colors serialized as `color(srgb …)`; `none` stays missing
///   in `rgb()`, and resolves to 0 in `hsl()`/`hwb()` (their conversion to sRGB needs every component); a
///   `none` alpha stays missing. Other functions keep their space and their `none` components.
extension CSSParser {
    /// After a color function's `(`: whether the next token is `from` (consumed when it is).
    mutating func startsRelative() throws -> Bool {
        let save = p
        skipWS()
        if case .ident(let word) = cur.kind, word.lowercased() == "from" {
            advance()
            return true
        }
        p = save
        return false
    }

    /// After `<fn>(from`: the origin, the components and `)`.
    mutating func relativeColor(_ rawName: String, start: Int) throws -> Color {
        try enterNesting("relative colors", at: start)
        defer { nestingDepth -= 1 }
        let name = rawName.lowercased()
        skipWS()
        if case .eof = cur.kind { throw fail("'\(rawName)(from' needs an origin color", at: cur.start) }
        let originKeywords = channelKeywords
        channelKeywords = [:]
        let origin = try color()
        channelKeywords = originKeywords

        // The space whose channels the arguments name.
        let space: ColorSpace
        switch name {
        case "rgb", "rgba": space = try spaces.space(.srgb)
        case "hsl", "hsla": space = try spaces.space(.hsl)
        case "color":
            skipWS()
            guard case .ident(let spaceName) = cur.kind else {
                throw fail("expected a color space name after the origin in 'color(from …)', got \(describe(cur))", at: cur.start)
            }
            space = try colorFunctionSpace(spaceName, at: cur.start)
            advance()
        default:
            guard let s = spaces.spaces.all.first(where: { $0.cssForm == .function(name) }) else {
                throw fail("unknown color function '\(rawName)()'", at: start)
            }
            space = s
        }

        // The origin in that space; missing values resolve to 0.
        var o = origin
        if o.space != space.id {
            o.coords = o.coords.replacing(with: 0, where: o.coords .!= o.coords)
            o = try spaces.convert(o, to: space.id)
        }
        var keywords: [String: Double] = [:]
        let scale = space.id == .srgb && (name == "rgb" || name == "rgba") ? 255.0 : 1.0
        for (i, meta) in space.coordinates.prefix(3).enumerated() {
            let v = o.coords[i]
            keywords[meta.name.lowercased()] = v.isNaN ? 0 : v * scale
        }
        let originAlpha = o.alpha.isNaN ? 0 : o.alpha
        keywords["alpha"] = originAlpha

        let saved = channelKeywords
        channelKeywords = keywords
        defer { channelKeywords = saved }
        let (items, close) = try collectArgs(rawName, fnStart: start)
        channelKeywords = saved
        var (args, alphaArg) = try modernArgs(items, count: 3, fn: rawName, close: close)
        if alphaArg == nil { alphaArg = Arg(value: .number(originAlpha), pos: close) }

        switch name {
        case "rgb", "rgba":
            var syntax = CSSSyntax()
            let c = try rgbChannels(args, clamped: false, syntax: &syntax)
            let alpha = try alphaValue(alphaArg, syntax: &syntax)
            var color = Color(.srgb, coords: c, alpha: alpha)
            color.cssSyntax = syntax
            return color
        case "hsl", "hsla", "hwb":
            let built = try build(space, args, alphaArg, fn: rawName)
            var polar = built
            polar.coords = polar.coords.replacing(with: 0, where: polar.coords .!= polar.coords)
            var rgb = try spaces.convert(polar, to: .srgb)
            rgb.alpha = built.alpha
            rgb.cssSyntax = CSSSyntax(calcNaN: (built.cssSyntax?.calcNaN ?? 0) & (1 << 3))
            return rgb
        default:
            return try build(space, args, alphaArg, fn: rawName)
        }
    }

    /// After `light-dark(`: `<color>, <color>)`, resolved to the parser's color scheme.
    mutating func lightDark(start: Int) throws -> Color {
        try enterNesting("light-dark()", at: start)
        defer { nestingDepth -= 1 }
        skipWS()
        let light = try color()
        skipWS()
        guard case .comma = cur.kind else {
            throw fail("light-dark() takes two colors separated by ',', got \(describe(cur))", at: cur.start)
        }
        advance()
        skipWS()
        let dark = try color()
        skipWS()
        guard case .closeParen = cur.kind else {
            if case .eof = cur.kind { throw fail("missing ')' to close 'light-dark('", at: cur.start) }
            throw fail("light-dark() takes exactly two colors; unexpected \(describe(cur))", at: cur.start)
        }
        advance()
        guard let scheme = colorScheme else {
            throw fail("light-dark() gives one color per appearance and stands for no single color here: write the light or the dark color (token files and CSS custom-property lists read both)", at: start)
        }
        return scheme == .light ? light : dark
    }
}
