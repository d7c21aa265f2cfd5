extension CSSParser {
    /// After `color-mix(`: CSS Color 5 §3 `color-mix()` (https://www.w3.org/TR/css-color-5/#color-mix),
    /// parsed and evaluated.
    ///
    /// Syntax: `color-mix(in <space> [<hue-interpolation-method> hue]?, <color> && <percentage>?,
    /// <color> && <percentage>?)`. `<space>` is any registered space by CSS name or alias (`srgb`, `xyz`,
    /// `oklch`…) or as `--<id>`; a hue method needs a space with a hue. Percentages are 0%…100% (a
    /// `calc()` giving a percentage is accepted); colors may be any color, another `color-mix()` included.
    ///
    /// Percentage normalization (§3.1), p₁ and p₂ the percentages of the two colors:
    /// 1. both omitted: p₁ = p₂ = 50%;
    /// 2. one omitted: it is 100% minus the other;
    /// 3. p₁ + p₂ = 0%: invalid (the WPT rule; newer drafts make this transparent);
    /// 4. otherwise p₁ and p₂ are scaled to sum to 100%, and when the sum s was below 100% the result's alpha
    ///    is multiplied by s / 100 (the "alpha multiplier").
    ///
    /// The result is `Workbench.interpolate(c₁, c₂, at: p₂, in: space, hue: method, premultiplied: true)`,
    /// alpha × the multiplier, in the interpolation space; an `hsl`/`hwb` result is converted to `srgb`
    /// (serialized `color(srgb …)`, the computed-value form WPT expects).
    /// - Throws: `invalidCSS` with the reason and the position of the offending token.
    mutating func colorMix(start: Int) throws -> Color {
        try enterNesting("color-mix()", at: start)
        defer { nestingDepth -= 1 }

        // <color-interpolation-method>
        skipWS()
        guard case .ident(let inWord) = cur.kind, inWord.lowercased() == "in" else {
            throw fail("color-mix() needs 'in <color space>' first, got \(describe(cur))", at: cur.start)
        }
        advance()
        skipWS()
        guard case .ident(let rawSpace) = cur.kind else {
            throw fail("expected a color space name after 'in', got \(describe(cur))", at: cur.start)
        }
        let spacePos = cur.start
        let lowered = rawSpace.lowercased()
        let key = lowered.hasPrefix("--") ? String(lowered.dropFirst(2)) : lowered
        guard let space = spaces.spaces[key] else {
            throw fail("unknown color space '\(rawSpace)' in color-mix()", at: spacePos)
        }
        advance()
        skipWS()
        var hue = HueInterpolation.shorter
        if case .ident(let word) = cur.kind {
            let methodPos = cur.start
            guard let method = HueInterpolation(rawValue: word.lowercased()) else {
                throw fail("unexpected '\(word)': expected a hue method (shorter, longer, increasing, decreasing) or ','",
                           at: methodPos)
            }
            guard space.coordinates.contains(where: \.isHue) else {
                throw fail("'\(word) hue' needs a space with a hue (hsl, hwb, lch, oklch…), not '\(rawSpace)'", at: methodPos)
            }
            advance()
            skipWS()
            guard case .ident(let h) = cur.kind, h.lowercased() == "hue" else {
                throw fail("expected 'hue' after '\(word)', got \(describe(cur))", at: cur.start)
            }
            advance()
            skipWS()
            hue = method
        }
        guard case .comma = cur.kind else {
            throw fail("expected ',' after the color space of color-mix(), got \(describe(cur))", at: cur.start)
        }
        advance()

        // Two [<color> && <percentage>?] arguments.
        let (c1, p1, p1Pos) = try mixArgument()
        guard case .comma = cur.kind else {
            if case .closeParen = cur.kind { throw fail("color-mix() needs two colors, got one", at: cur.start) }
            throw fail("unexpected \(describe(cur)) in color-mix(): expected ','", at: cur.start)
        }
        advance()
        let (c2, p2, p2Pos) = try mixArgument()
        guard case .closeParen = cur.kind else {
            if case .comma = cur.kind { throw fail("color-mix() takes two colors here, got more", at: cur.start) }
            if case .eof = cur.kind { throw fail("missing ')' to close 'color-mix('", at: cur.start) }
            throw fail("unexpected \(describe(cur)) in color-mix(): expected ')'", at: cur.start)
        }
        advance()

        // Percentage normalization (CSS Color 5 §3.1).
        let w1 = p1 ?? (p2.map { 100 - $0 } ?? 50)
        var w2 = p2 ?? (100 - w1)
        let sum = w1 + w2
        guard sum > 0 else {
            throw fail("color-mix() percentages sum to 0%", at: p1Pos ?? p2Pos ?? start)
        }
        var alphaMultiplier = 1.0
        if sum != 100 {
            w2 = w2 / sum * 100  // and w1 = w1 / sum × 100: the first color's weight is 1 − t
            if sum < 100 { alphaMultiplier = sum / 100 }
        }

        var w = Workbench()
        w.spaces = spaces
        var mixed: Color
        do {
            mixed = try w.interpolate(c1, c2, at: w2 / 100, in: space.id, hue: hue, premultiplied: true)
        } catch {
            throw fail("cannot mix in '\(rawSpace)': \(error)", at: spacePos)
        }
        if !mixed.alpha.isNaN { mixed.alpha *= alphaMultiplier }
        if space.id == .hsl || space.id == .hwb, let srgb = try? spaces.convert(mixed, to: .srgb) {
            mixed = srgb
        }
        mixed.cssSyntax = nil
        return mixed
    }

    /// `<color> && <percentage>?`: the color, its percentage (nil when omitted) and the percentage's position.
    mutating func mixArgument() throws -> (Color, Double?, Int?) {
        skipWS()
        var pct: Double?
        var pctPos: Int?
        if let v = try mixPercentage() { pct = v.value; pctPos = v.pos; skipWS() }
        let color = try color()
        skipWS()
        while let v = try mixPercentage() {
            if pct != nil { throw fail("a color in color-mix() takes one percentage, got two", at: v.pos) }
            pct = v.value; pctPos = v.pos
            skipWS()
        }
        return (color, pct, pctPos)
    }

    /// A percentage (or a `calc()` of one) at the current token, checked to lie in 0%…100%; nil when the
    /// token is not one.
    mutating func mixPercentage() throws -> (value: Double, pos: Int)? {
        let t = cur
        var v: Double
        switch t.kind {
        case .percentage(let x):
            advance(); v = x
        case .function(let name) where Self.mathFunctions.contains(name.lowercased()):
            advance()
            let c = try calcFunction(name.lowercased(), start: t.start, depth: 1)
            guard c.type == .percent else {
                throw fail("a color-mix() weight must be a percentage, not \(Self.withArticle(c.type))", at: t.start)
            }
            v = c.value.isNaN ? 0 : c.value
        case .number, .dimension:
            throw fail("a color-mix() weight must be a percentage, got \(describe(t))", at: t.start)
        default:
            return nil
        }
        guard v >= 0 && v <= 100 else {
            throw fail("a color-mix() percentage must be between 0% and 100%, got \(CSSSerializer.number(v))%", at: t.start)
        }
        return (v, t.start)
    }
}
