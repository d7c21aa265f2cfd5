import Foundation
import ColorCore

/// A color family: an id, a display name, its scale (the stops), and how its ramp is generated (a generator
/// id, a hue and parameters). A family's own color is its `_450` (on other scales: the stop nearest `_450`'s
/// lightness).
public struct Family: RegistryEntry, Equatable {
    /// Lowercase id as users type it: `orange`, `gray`, `hue-123.45`.
    public let id: String
    public let name: String
    /// The OKLCH hue the ramp is built on (degrees); nil for hue-less families such as gray.
    public let hue: Double?
    /// The id of the `RampGenerator` that builds the ramp.
    public let generator: String
    public let parameters: [String: RampParameter]
    /// For families made from a color (`#00B386`): that color.
    public let seed: RampColor?
    /// A color the ramp passes through exactly (see `Anchoring`); nil: the generator's ramp as it is.
    public var anchor: RampAnchor?
    /// The stops of the ramp (default ColorTokensKit's `_50 … _1000`).
    public var scale: Scale

    public init(id: String, name: String? = nil, hue: Double?, generator: String = UniformLStar.id,
                parameters: [String: RampParameter] = [:], seed: RampColor? = nil, anchor: RampAnchor? = nil,
                scale: Scale = .ctk) {
        self.scale = scale
        self.id = id
        self.name = name ?? (id.prefix(1).uppercased() + id.dropFirst())
        self.hue = hue
        self.generator = generator
        self.parameters = parameters
        self.seed = seed
        self.anchor = anchor
    }

    public var registryID: String { id }
    /// What the generator is asked to build.
    public var spec: RampSpec { RampSpec(hue: hue ?? 0, parameters: parameters, scale: scale) }
    /// The stop that is a ColorTokensKit family's own color.
    public static let ownStop = Stop.s450
    /// The stop that is this family's own color: `_450`, or on other scales the stop nearest its lightness.
    public var ownStop: Stop { scale.nearestStop(lightnessStar: Scale.ctk.lightness[Scale.ctk.index(of: Family.ownStop)!]) }

    /// This family on another scale (same generator, hue, parameters and anchor).
    public func on(_ scale: Scale) -> Family {
        var f = self
        f.scale = scale
        return f
    }

    /// The 36 chromatic ColorTokensKit families, one every 10° of OKLCH hue from pink at 0°.
    public static let hueNames = [
        "pink", "ruby", "red", "tomato", "coral", "orange", "brown", "amber", "gold", "mustard", "yellow", "olive",
        "chartreuse", "lime", "grass", "green", "jade", "emerald", "mint", "teal", "turquoise", "cyan", "cerulean", "sky",
        "azure", "blue", "cobalt", "indigo", "iris", "violet", "grape", "purple", "orchid", "plum", "magenta", "rose",
    ]

    /// ColorTokensKit's gray: a listed CIELab ramp.
    public static let gray = Family(id: "gray", hue: nil, generator: CIELabList.id)

    /// The 37 built-in families: gray, then the hues in order.
    public static let builtins: [Family] = [gray] + hueNames.enumerated().map { Family(id: $1, hue: Double($0 * 10)) }

    /// A family on the uniform-lstar ramp of an arbitrary hue (rounded to 0.01°).
    public static func forHue(_ hue: Double, scale: Scale = .ctk) -> Family {
        let h = TokenMath.roundedHue(hue)
        return Family(id: "hue-\(formatHue(h))", name: "Hue \(formatHue(h))°", hue: h, scale: scale)
    }

    /// The family of a color: gray when it has no visible hue (OKLCH C ≤ 0.005), else its OKLCH hue's ramp;
    /// the color is kept as the family's seed and anchors the ramp (at `stop`, or the nearest-lightness stop).
    public static func forColor(_ color: RampColor, id: String? = nil, anchorStop: Stop? = nil, scale: Scale = .ctk) -> Family {
        let anchor = RampAnchor(color: color, stop: anchorStop)
        if color.isAchromatic {
            return Family(id: id ?? gray.id, name: gray.name, hue: nil, generator: CIELabList.id, seed: color, anchor: anchor, scale: scale)
        }
        let h = TokenMath.roundedHue(color.oklch.z)
        return Family(id: id ?? "hue-\(formatHue(h))", name: "Hue \(formatHue(h))°", hue: h, seed: color, anchor: anchor, scale: scale)
    }

    static func formatHue(_ h: Double) -> String {
        h == h.rounded() ? String(Int(h)) : String(format2(h))
    }
    static func format2(_ v: Double) -> String {
        var s = TokenMath.fixed4((v * 100).rounded(.toNearestOrAwayFromZero) / 100)
        if s.contains(".") { while s.hasSuffix("0") { s.removeLast() } }
        return s
    }
}

extension RampColor {
    /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` optional). Other CSS forms go through
    /// ColorCore's parser once it is available; this covers the hex input ColorTokensKit takes.
    public init(hex text: String) throws {
        var s = Substring(text.trimmingCharacters(in: .whitespaces))
        if s.hasPrefix("#") { s = s.dropFirst() }
        let digits = s.compactMap { $0.hexDigitValue }
        guard digits.count == s.count, [3, 4, 6, 8].contains(digits.count) else {
            throw PalettesError.invalidFamily(text, reason: "not a hex color (#rgb, #rrggbb or #rrggbbaa)")
        }
        var bytes: [Int] = []
        if digits.count <= 4 { bytes = digits.map { $0 * 17 } } else {
            bytes = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
        }
        let v = bytes.map { Double($0) / 255 }
        self.init(srgb: SIMD3(v[0], v[1], v[2]), alpha: v.count == 4 ? v[3] : 1)
    }
}
