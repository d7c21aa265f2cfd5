import ColorCore
import Foundation

/// CSS color text for scripts. Interim: a small reader/writer of the CSS Color 4 forms scripts use (hex,
/// `rgb()`, `hsl()`, `hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()`, `color()`, `none`, `/ alpha`) until the
/// core's full parser (branch `css`) lands; then these three functions call `Workbench.parse/serialize/hex`.
enum CSSText {
    static func parse(_ text: String, workbench w: Workbench) throws -> Color {
        let s = text.trimmingCharacters(in: .whitespaces).lowercased()
        func bad(_ why: String) -> ColorCoreError { .invalidCSS(input: text, reason: why, position: 0) }
        switch s {
        case "white": return Color(.srgb, 1, 1, 1)
        case "black": return Color(.srgb, 0, 0, 0)
        case "transparent": return Color(.srgb, 0, 0, 0, alpha: 0)
        default: break
        }
        if s.hasPrefix("#") {
            let h = Array(s.dropFirst())
            guard [3, 4, 6, 8].contains(h.count), h.allSatisfy({ $0.isHexDigit }) else { throw bad("expected 3, 4, 6 or 8 hex digits") }
            let digits = h.count <= 4 ? h.flatMap { [$0, $0] } : h
            var v: [Double] = []
            for i in stride(from: 0, to: digits.count, by: 2) { v.append(Double(Int(String(digits[i...i + 1]), radix: 16)!) / 255) }
            return Color(.srgb, v[0], v[1], v[2], alpha: v.count == 4 ? v[3] : 1)
        }
        guard let open = s.firstIndex(of: "("), s.hasSuffix(")") else { throw bad("expected a color function such as oklch(…) or a hex color") }
        var name = String(s[..<open])
        var body = String(s[s.index(after: open)..<s.index(before: s.endIndex)])
        body = body.replacingOccurrences(of: ",", with: " ").replacingOccurrences(of: "/", with: " / ")
        var tokens = body.split(separator: " ").map(String.init)
        var spaceID: ColorSpaceID
        switch name {
        case "rgb", "rgba": spaceID = .srgb
        case "hsla": spaceID = .hsl; name = "hsl"
        case "color":
            guard !tokens.isEmpty else { throw bad("color() needs a space name") }
            spaceID = try w.spaces.canonicalID(tokens.removeFirst())
        default: spaceID = try w.spaces.canonicalID(name)
        }
        var alphaText: String? = nil
        if let slash = tokens.firstIndex(of: "/") {
            guard slash + 2 == tokens.count else { throw bad("expected one alpha value after '/'") }
            alphaText = tokens[slash + 1]; tokens = Array(tokens[..<slash])
        } else if tokens.count == 4 { alphaText = tokens.removeLast() }
        guard tokens.count == 3 else { throw bad("expected 3 components, got \(tokens.count)") }
        let coords = try w.spaces.space(spaceID).coordinates
        func value(_ t: String, _ percentRef: Double?, legacyScale: Double) throws -> Double {
            if t == "none" { return .nan }
            if t.hasSuffix("%") {
                guard let v = Double(t.dropLast()) else { throw bad("'\(t)' is not a percentage") }
                return v / 100 * (percentRef ?? 1)
            }
            let u = t.hasSuffix("deg") ? String(t.dropLast(3)) : t
            guard let v = Double(u) else { throw bad("'\(t)' is not a number") }
            return v / legacyScale
        }
        var v = SIMD3<Double>()
        for i in 0..<3 {
            let ref = spaceID == .srgb && name == "rgb" || name == "rgba" ? 1.0 : coords[i].percentReference
            v[i] = try value(tokens[i], ref, legacyScale: (name == "rgb" || name == "rgba") ? 255 : 1)
        }
        let alpha = try alphaText.map { try value($0, 1, legacyScale: 1) } ?? 1
        return Color(spaceID, coords: v, alpha: alpha)
    }

    static func number(_ d: Double) -> String { d.isNaN ? "none" : formatNumber((d * 1e6).rounded() / 1e6) }

    static func serialize(_ c: Color, workbench w: Workbench) -> String {
        guard let space = try? w.spaces.space(c.space) else { return c.description }
        let a = c.alpha == 1 ? "" : " / \(number(c.alpha))"
        let x = c.coords
        switch space.cssForm {
        case .function(let f) where f == "hsl" || f == "hwb":
            return "\(f)(\(number(x.x)) \(number(x.y))% \(number(x.z))%\(a))"
        case .function(let f):
            return "\(f)(\(number(x.x)) \(number(x.y)) \(number(x.z))\(a))"
        case .colorFunction:
            return "color(\(c.space.rawValue) \(number(x.x)) \(number(x.y)) \(number(x.z))\(a))"
        case .custom:
            return "color(--\(c.space.rawValue) \(number(x.x)) \(number(x.y)) \(number(x.z))\(a))"
        }
    }

    /// `#rrggbb` (or `#rrggbbaa` when alpha < 1), gamut-mapped into sRGB by the CSS 4 method first.
    static func hex(_ c: Color, workbench w: Workbench) throws -> String {
        let m = try w.mapGamut(c, to: .srgb, method: "css4")
        let v = try w.convert(m, to: .srgb).coordsForConversion
        func byte(_ d: Double) -> String { String(format: "%02x", Int((min(max(d, 0), 1) * 255).rounded())) }
        let alpha = c.alpha.isNaN ? 1 : c.alpha
        return "#" + byte(v.x) + byte(v.y) + byte(v.z) + (alpha < 1 ? byte(alpha) : "")
    }
}
