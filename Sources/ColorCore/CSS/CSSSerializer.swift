import Foundation

extension Workbench {
    /// Serializes a color as the CSSOM specified value (CSS Color 4 §15), the form the WPT css-color tests
    /// expect.
    ///
    /// - A color written in legacy sRGB syntax (named, `#hex`, `rgb()`, `rgba()`, `hsl()`, `hwb()`; see
    ///   `Color.cssSyntax`) becomes `rgb(r, g, b)` or `rgba(r, g, b, a)`: channels clamped to 0…1 and rounded
    ///   to 0…255 (half up, after rounding to Float32 as browsers store them), `none` as 0, alpha omitted
    ///   when 1. An `hsl()`/`hwb()` color with a `none` component keeps its function instead:
    ///   `hsl(h s l)` (numbers) and `hwb(h w% b%)` (percentages), as the WPT cases show.
    /// - Every other color is written in its space's own form: `lab(…)`, `oklch(…)`, `color(srgb …)`,
    ///   `color(--<id> …)` for non-CSS spaces; coordinates as numbers (no `%`), hues in degrees normalized to
    ///   [0, 360), `none` for missing, `calc(Infinity)` / `calc(-Infinity)` / `calc(NaN)` for non-finite
    ///   values, ` / alpha` only when alpha ≠ 1. Colors built in code (no `cssSyntax`) in `hsl`/`hwb` use
    ///   this modern form too, so nothing is lost.
    /// - Numbers: at most 6 significant digits, trailing zeros dropped, no exponent (Chrome's format).
    public func serialize(_ color: Color) -> String {
        CSSSerializer.serialize(color, spaces: spaces)
    }

    /// `#rrggbb`, or `#rrggbbaa` when alpha < 1, of the color converted to sRGB: channels clamped to 0…1 and
    /// rounded as round(v × 255); missing channels count as 0, a missing alpha as 1.
    public func hex(_ color: Color) throws -> String {
        let c = try convert(color, to: .srgb)
        func byte(_ v: Double) -> Int {
            let x = v.isNaN ? 0 : Swift.min(1, Swift.max(0, v))
            return Int((x * 255).rounded())
        }
        let digits = Array("0123456789abcdef")
        func hex2(_ b: Int) -> String { String([digits[b >> 4], digits[b & 15]]) }
        var s = "#" + hex2(byte(c.coords.x)) + hex2(byte(c.coords.y)) + hex2(byte(c.coords.z))
        let a = c.alpha.isNaN ? 1 : c.alpha
        if a < 1 { s += hex2(byte(a)) }
        return s
    }
}

enum CSSSerializer {
    /// A number with at most 6 significant digits, trailing zeros dropped, no exponent from 1e-12 up to 1e21
    /// (Chrome's form), `calc(NaN)` / `calc(±Infinity)` for non-finite values. Locale-independent: the digits
    /// come from Swift's shortest round-trip form (`Double.description`), rounded to 6 digits as the binary
    /// value lies (above the decimal midpoint up, below down, exactly on it to even), never from `printf`.
    static func number(_ v: Double) -> String {
        if v.isNaN { return "calc(NaN)" }
        if v.isInfinite { return v > 0 ? "calc(Infinity)" : "calc(-Infinity)" }
        // Conversion noise (e.g. white's OKLCH chroma 5e-16) would print as an exponent: below half a unit of the
        // sixth decimal a component is written as 0, as a fixed 6-decimal format would.
        if abs(v) < 5e-7 { return "0" }
        let (shortest, exponent) = DecimalDigits.shortest(v)
        let (d, e) = DecimalDigits.rounded(v, shortest, exponent, significant: 6)
        if d.isEmpty { return "0" }
        let sign = v < 0 ? "-" : ""
        let digits = String(decoding: d.map { $0 + 48 }, as: UTF8.self)
        let magnitude = e - 1
        if magnitude >= 21 || magnitude < -12 {
            return sign + String(digits.prefix(1)) + (d.count > 1 ? "." + digits.dropFirst() : "") + "e" + String(magnitude)
        }
        if e <= 0 { return sign + "0." + String(repeating: "0", count: -e) + digits }
        if e >= d.count { return sign + digits + String(repeating: "0", count: e - d.count) }
        return sign + digits.prefix(e) + "." + digits.dropFirst(e)
    }

    /// A component: `none` for missing, `calc(NaN)` when it was written so, otherwise the number.
    static func component(_ v: Double, index: Int, syntax: CSSSyntax?) -> String {
        if syntax?.isCalcNaN(index) == true { return "calc(NaN)" }
        if v.isNaN { return "none" }
        return number(v)
    }

    static func normalizedHue(_ h: Double) -> Double {
        guard h.isFinite else { return h }
        var r = h.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        if r >= 360 { r -= 360 }
        return r == 0 ? 0 : r  // no -0
    }

    /// The 0…255 byte of a channel as browsers compute it: clamp, then × 255 in Float32 (browsers keep
    /// colors as 32-bit floats), round half up. This is what makes `hsl(0 0% 49.999999%)` give 128 and
    /// `hwb(0 20% 10%)` give 230, as WPT expects.
    static func byte(_ v: Double) -> Int {
        if v.isNaN { return 0 }
        let x = Float(Swift.min(1, Swift.max(0, v))) * Float(255)
        return Int(x.rounded(.toNearestOrAwayFromZero))
    }

    /// Legacy alpha: the shortest of 2 or 3 decimals that maps to the same 8-bit value (CSSOM §serializing).
    static func legacyAlpha(_ a: Double) -> String {
        let x = Swift.min(1, Swift.max(0, a))
        let b = Int((x * 255).rounded())
        let two = (x * 100).rounded() / 100
        if Int((two * 255).rounded()) == b { return number(two) }
        return number((x * 1000).rounded() / 1000)
    }

    static func legacyRGB(_ c: SIMD3<Double>, alpha: Double, syntax: CSSSyntax?) -> String {
        var parts: [String] = []
        for i in 0..<3 {
            parts.append(syntax?.isCalcNaN(i) == true ? "calc(NaN)" : String(byte(c[i])))
        }
        let a: String?
        if syntax?.isCalcNaN(3) == true { a = "calc(NaN)" }
        else if alpha.isNaN { a = "0" }
        else if alpha >= 1 { a = nil }
        else { a = legacyAlpha(alpha) }
        if let a { return "rgba(\(parts.joined(separator: ", ")), \(a))" }
        return "rgb(\(parts.joined(separator: ", ")))"
    }

    static func alphaSuffix(_ alpha: Double, syntax: CSSSyntax?) -> String {
        if syntax?.isCalcNaN(3) == true { return " / calc(NaN)" }
        if alpha.isNaN { return " / none" }
        if alpha >= 1 { return "" }
        return " / " + number(Swift.max(0, alpha))
    }

    static func serialize(_ color: Color, spaces: ColorSpaceRegistry) -> String {
        let syntax = color.cssSyntax
        let legacy = syntax?.isLegacy == true
        let space = spaces.spaces[color.space.rawValue]
        let id = space?.id ?? color.space
        if legacy && id == .srgb {
            return legacyRGB(color.coords, alpha: color.alpha, syntax: syntax)
        }
        if legacy && (id == .hsl || id == .hwb) {
            let hasNone = color.coords[0].isNaN || color.coords[1].isNaN || color.coords[2].isNaN || color.alpha.isNaN
            if !hasNone, let rgb = try? spaces.convert(Color(id, coords: color.coords, alpha: color.alpha), to: .srgb) {
                return legacyRGB(rgb.coords, alpha: color.alpha, syntax: nil)
            }
            let h = color.coords[0].isNaN ? "none" : number(normalizedHue(color.coords[0]))
            let pct = id == .hwb ? "%" : ""
            func sl(_ v: Double) -> String { v.isNaN ? "none" : number(v) + pct }
            return "\(id.rawValue)(\(h) \(sl(color.coords[1])) \(sl(color.coords[2]))\(alphaSuffix(color.alpha, syntax: nil)))"
        }
        var parts: [String] = []
        for i in 0..<3 {
            var v = color.coords[i]
            if let s = space, i < s.coordinates.count, s.coordinates[i].isHue { v = normalizedHue(v) }
            parts.append(component(v, index: i, syntax: syntax))
        }
        let body = parts.joined(separator: " ") + alphaSuffix(color.alpha, syntax: syntax)
        switch space?.cssForm {
        case .function(let f)?:
            if id == .hwb {  // hwb's modern form keeps percentages for whiteness and blackness
                let w = color.coords[1].isNaN ? "none" : number(color.coords[1]) + "%"
                let b = color.coords[2].isNaN ? "none" : number(color.coords[2]) + "%"
                return "hwb(\(parts[0]) \(w) \(b)\(alphaSuffix(color.alpha, syntax: syntax)))"
            }
            return "\(f)(\(body))"
        case .colorFunction?:
            return "color(\(id.rawValue) \(body))"
        case .custom?, nil:
            return "color(--\(id.rawValue) \(body))"
        }
    }
}

/// The decimal digits of a Double, from Swift's shortest round-trip form (no locale, no `printf`).
enum DecimalDigits {
    /// The digits and exponent of the shortest round-trip form of a finite, nonzero |v|: |v| = 0.D × 10^E.
    static func shortest(_ v: Double) -> (digits: [UInt8], exponent: Int) {
        var digits: [UInt8] = []
        var pointAt: Int? = nil
        var exp = 0, inExponent = false, negativeExponent = false
        for ch in abs(v).description.utf8 {
            if inExponent {
                if ch == UInt8(ascii: "-") { negativeExponent = true } else if ch >= 48 && ch <= 57 { exp = exp * 10 + Int(ch - 48) }
            } else if ch == UInt8(ascii: "e") || ch == UInt8(ascii: "E") {
                inExponent = true
            } else if ch == UInt8(ascii: ".") {
                pointAt = digits.count
            } else if ch >= 48 && ch <= 57 {
                digits.append(ch - 48)
            }
        }
        var e = (pointAt ?? digits.count) + (negativeExponent ? -exp : exp)
        while let f = digits.first, f == 0 { digits.removeFirst(); e -= 1 }
        while let l = digits.last, l == 0 { digits.removeLast() }
        return (digits, e)
    }

    /// `significant` digits of |v| (its shortest digits `d`, exponent `e`), rounded as the binary value lies: a
    /// shortest form that ends exactly on the midpoint is decided by comparing v with the midpoint exactly
    /// (v × 10^j as a product and its fma error), to even on an exact tie, as C's printf rounds.
    static func rounded(_ v: Double, _ d: [UInt8], _ e: Int, significant: Int) -> (digits: [UInt8], exponent: Int) {
        guard d.count > significant else { return (d, e) }
        var out = Array(d[..<significant])
        var e = e
        var up = d[significant] > 5 || (d[significant] == 5 && d.count > significant + 1)
        if d[significant] == 5 && d.count == significant + 1 {
            let j = d.count - e  // the midpoint is N × 10^-j, N the digits through the 5
            if j > 0 && j <= 22 {
                var n = 0.0
                for x in d { n = n * 10 + Double(x) }
                let a = abs(v), scale = pow(10.0, Double(j))
                let p = a * scale
                let error = (-p).addingProduct(a, scale)  // a × scale − p, exact
                let diff = (p - n) + error
                up = diff > 0 || (diff == 0 && out[significant - 1] % 2 == 1)
            } else {
                up = true
            }
        }
        if up {
            var i = significant - 1
            while i >= 0 {
                if out[i] == 9 { out[i] = 0; i -= 1 } else { out[i] += 1; break }
            }
            if i < 0 { out.insert(1, at: 0); out.removeLast(); e += 1 }
        }
        while let l = out.last, l == 0 { out.removeLast() }
        return (out, e)
    }
}
