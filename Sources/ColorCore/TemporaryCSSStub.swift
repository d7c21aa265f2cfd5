import Foundation

// TEMPORARY: a minimal stand-in for the `css` branch's parser so the core tests and the CLI compile before
// it lands. Delete this file when merging `css` (it defines the same API).

extension Workbench {
    public func parse(_ css: String) throws -> Color {
        let s = css.trimmingCharacters(in: .whitespaces).lowercased()
        func bad(_ r: String) -> ColorCoreError { .invalidCSS(input: css, reason: r, position: 0) }
        let names: [String: String] = [
            "black": "000000", "white": "ffffff", "red": "ff0000", "blue": "0000ff", "gray": "808080",
            "green": "008000", "indigo": "4b0082", "lime": "00ff00", "magenta": "ff00ff", "orange": "ffa500",
            "rebeccapurple": "663399", "slategray": "708090", "teal": "008080", "tomato": "ff6347",
            "violet": "ee82ee", "yellow": "ffff00",
        ]
        var hex: String? = names[s]
        if s.hasPrefix("#") { hex = String(s.dropFirst()) }
        if var h = hex {
            if h.count == 3 || h.count == 4 { h = String(h.flatMap { [$0, $0] }) }
            guard h.count == 6 || h.count == 8, let v = UInt64(h, radix: 16) else { throw bad("bad hex") }
            let n = h.count == 8 ? v : (v << 8 | 0xff)
            return Color(.srgb, Double((n >> 24) & 255) / 255, Double((n >> 16) & 255) / 255,
                         Double((n >> 8) & 255) / 255, alpha: Double(n & 255) / 255)
        }
        guard let open = s.firstIndex(of: "("), s.hasSuffix(")") else { throw bad("not a color") }
        var fn = String(s[..<open])
        var body = String(s[s.index(after: open)..<s.index(before: s.endIndex)])
        body = body.replacingOccurrences(of: ",", with: " ").replacingOccurrences(of: "/", with: " / ")
        var parts = body.split(separator: " ").map(String.init)
        var alphaText: String? = nil
        if let slash = parts.firstIndex(of: "/") { alphaText = parts.count > slash + 1 ? parts[slash + 1] : nil; parts = Array(parts[..<slash]) }
        if fn == "rgba" { fn = "rgb" }
        if fn == "hsla" { fn = "hsl" }
        if fn == "rgb" && parts.count == 4 { alphaText = parts.removeLast() }
        var spaceID: ColorSpaceID
        if fn == "color" {
            guard !parts.isEmpty else { throw bad("empty color()") }
            var name = parts.removeFirst()
            if name.hasPrefix("--") { name = String(name.dropFirst(2)) }
            spaceID = try spaces.canonicalID(name)
        } else if fn == "rgb" { spaceID = .srgb } else { spaceID = try spaces.canonicalID(fn) }
        guard parts.count == 3 else { throw bad("needs three components") }
        let space = try spaces.space(spaceID)
        var coords = SIMD3<Double>()
        for i in 0..<3 {
            let p = parts[i]
            if p == "none" { coords[i] = .nan; continue }
            if p.hasSuffix("%") {
                guard let v = Double(p.dropLast()) else { throw bad("bad number") }
                let ref = space.coordinates[i].percentReference ?? 1
                coords[i] = v / 100 * ref
            } else {
                guard let v = Double(p) else { throw bad("bad number '\(p)'") }
                coords[i] = v
            }
            if fn == "rgb" && !p.hasSuffix("%") { coords[i] /= 255 }
        }
        var alpha = 1.0
        if let a = alphaText {
            if a == "none" { alpha = .nan }
            else if a.hasSuffix("%") { alpha = (Double(a.dropLast()) ?? 100) / 100 } else { alpha = Double(a) ?? 1 }
        }
        return Color(spaceID, coords: coords, alpha: alpha)
    }

    public func serialize(_ color: Color) -> String {
        func f(_ v: Double) -> String { v.isNaN ? "none" : String(format: "%g", v) }
        let a = color.alpha == 1 ? "" : " / \(f(color.alpha))"
        let body = "\(f(color.coords.x)) \(f(color.coords.y)) \(f(color.coords.z))\(a)"
        switch (try? spaces.space(color.space))?.cssForm {
        case .function(let n)?: return "\(n)(\(body))"
        case .colorFunction?: return "color(\(color.space.rawValue) \(body))"
        default: return "color(--\(color.space.rawValue) \(body))"
        }
    }

    public func hex(_ color: Color) throws -> String {
        let c = try convert(color, to: .srgb)
        func h(_ v: Double) -> String { String(format: "%02x", Int((min(max(v.isNaN ? 0 : v, 0), 1) * 255).rounded())) }
        let a = color.alpha.isNaN || color.alpha >= 1 ? "" : h(color.alpha)
        return "#" + h(c.coords.x) + h(c.coords.y) + h(c.coords.z) + a
    }
}

extension Color {
    public init(css: String) throws { self = try Workbench.standard.parse(css) }
}
