import Foundation
import ColorCore

/// The stops of a ramp: their names in order, lightest first, and the CIELab L\* each stop aims at.
///
/// A family carries its scale; generators build one color per stop of it (the target L\* is the default
/// lightness of `uniform-lstar`), and every stop reference (tokens, anchors, policy stop rules, `offset`) is
/// read in the family's scale. Built-ins:
///
/// | id | stops | target L\* from |
/// |---|---|---|
/// | `ctk` (default) | `50, 100 … 1000` (20) | ColorTokensKit 3.x's table (96.5 … 10.2) |
/// | `tailwind` | `50, 100 … 900, 950` (11) | Tailwind CSS's `neutral` palette (#fafafa … #0a0a0a) |
/// | `radix` | `1 … 12` | Radix Colors' light `gray` scale (#fcfcfc … #202020) |
/// | `material` | tones `100, 99, 95, 90 … 10, 0` (13) | the tone itself (HCT tone is CIELab L\*) |
///
/// Custom scales: `Scale(id:stops:lightness:)` with stop names and a strictly falling L\* in 0…100.
public struct Scale: Sendable, Hashable, CustomStringConvertible {
    /// `ctk`, `tailwind`, `radix`, `material`, or a custom scale's name.
    public let id: String
    /// The stops, lightest first.
    public let stops: [Stop]
    /// The target CIELab L\* of each stop (strictly falling).
    public let lightness: [Double]
    private let indexes: [String: Int]

    /// A scale from stop names and target L\* (lightest first). Throws `PalettesError.invalidScale` when there
    /// are fewer than 2 stops, names repeat or are not letters/digits/`-`/`.`, or L\* is not finite, in 0…100
    /// and strictly falling.
    public init(id: String, stops: [Stop], lightness: [Double]) throws {
        guard !id.isEmpty else { throw PalettesError.invalidScale("", reason: "give the scale a name") }
        guard stops.count >= 2, stops.count <= 256 else {
            throw PalettesError.invalidScale(id, reason: "has \(stops.count) stops; a scale has 2 … 256")
        }
        guard lightness.count == stops.count else {
            throw PalettesError.invalidScale(id, reason: "has \(stops.count) stops but \(lightness.count) lightness values")
        }
        var idx: [String: Int] = [:]
        for (i, s) in stops.enumerated() {
            guard Stop.isValidLabel(s.label) else {
                throw PalettesError.invalidScale(id, reason: "stop name '\(s.label)' must be 1…32 letters, digits, '-' or '.'")
            }
            guard idx.updateValue(i, forKey: s.label) == nil else {
                throw PalettesError.invalidScale(id, reason: "stop \(s.name) appears twice")
            }
            let l = lightness[i]
            guard l.isFinite, (0...100).contains(l) else {
                throw PalettesError.invalidScale(id, reason: "stop \(s.name): lightness \(l.isNaN ? "NaN" : "\(l)") is not a CIELab L* in 0…100")
            }
            if i > 0, !(l < lightness[i - 1]) {
                throw PalettesError.invalidScale(id,
                    reason: "stops go from lightest to darkest: \(s.name) (L* \(TokenMath.fixed4(l))) must be darker than \(stops[i - 1].name) (L* \(TokenMath.fixed4(lightness[i - 1])))")
            }
        }
        self.id = id; self.stops = stops; self.lightness = lightness; indexes = idx
    }

    private init(builtin id: String, stops: [Stop], lightness: [Double]) {
        do { try self.init(id: id, stops: stops, lightness: lightness) } catch {
            preconditionFailure("built-in scale \(id): \(error)")
        }
    }

    public static func == (a: Scale, b: Scale) -> Bool { a.id == b.id && a.stops == b.stops && a.lightness == b.lightness }
    public func hash(into h: inout Hasher) { h.combine(id); h.combine(stops) }

    public var count: Int { stops.count }
    public var description: String { id }
    /// `50, 100 … 1000` for messages (at most 12 names, then `…`).
    public var stopList: String {
        let labels = stops.map(\.label)
        return labels.count <= 12 ? labels.joined(separator: ", ")
            : (labels.prefix(4) + ["…"] + labels.suffix(2)).joined(separator: ", ")
    }

    /// The position of a stop (0 = lightest), or nil when the scale has no such stop.
    public func index(of stop: Stop) -> Int? { indexes[stop.label] }
    public func contains(_ stop: Stop) -> Bool { indexes[stop.label] != nil }

    /// The position of a stop; throws `PalettesError.stopNotInScale` naming the stop and the scale.
    public func index(_ stop: Stop, context: String = "") throws -> Int {
        guard let i = indexes[stop.label] else {
            throw PalettesError.stopNotInScale(stop: stop.label, scale: id, stops: stopList, context: context)
        }
        return i
    }

    /// The stop at a position, clamped to the first/last stop.
    public func stop(clampedIndex i: Int) -> Stop { stops[min(max(i, 0), stops.count - 1)] }

    /// The stop `n` steps darker (positive) or lighter (negative), stuck at the ends. The stop must be in the
    /// scale.
    public func offset(_ stop: Stop, by n: Int) -> Stop {
        guard let i = index(of: stop) else { preconditionFailure("stop \(stop.name) is not in scale \(id)") }
        let (sum, overflow) = i.addingReportingOverflow(n)
        return self.stop(clampedIndex: overflow ? (n > 0 ? Int.max : 0) : sum)
    }

    /// The mirror stop across the scale (`_200` ↔ `_850` in `ctk`).
    public func inverted(_ stop: Stop) -> Stop {
        guard let i = index(of: stop) else { preconditionFailure("stop \(stop.name) is not in scale \(id)") }
        return stops[count - 1 - i]
    }

    /// The stop whose target L\* is nearest (the lighter one on a tie).
    public func nearestStop(lightnessStar l: Double) -> Stop {
        var best = 0
        for i in lightness.indices where abs(lightness[i] - l) < abs(lightness[best] - l) { best = i }
        return stops[best]
    }

    /// A stop of `other` read in this scale: the same stop when the scales are equal, else the stop whose target
    /// L\* is nearest that stop's (how ColorTokensKit's tokens apply to a Tailwind or Radix family).
    public func translate(_ stop: Stop, from other: Scale) throws -> Stop {
        if other == self { _ = try index(stop); return stop }
        return nearestStop(lightnessStar: other.lightness[try other.index(stop)])
    }

    /// Values given per stop of `other` (a table written for ColorTokensKit's 20 stops) read at this scale's
    /// stops: the same list when the scales are equal, else linear in L\* between `other`'s stops, held at its
    /// ends.
    public func resample(_ values: [Double], from other: Scale) -> [Double] {
        precondition(values.count == other.count, "resample: \(values.count) values for \(other.count) stops")
        if other == self { return values }
        return lightness.map { l in
            let ls = other.lightness
            if l >= ls[0] { return values[0] }
            if l <= ls[ls.count - 1] { return values[values.count - 1] }
            for i in 0..<(ls.count - 1) where l <= ls[i] && l >= ls[i + 1] {
                let t = (ls[i] - l) / (ls[i] - ls[i + 1])
                return values[i] + (values[i + 1] - values[i]) * t
            }
            return values[values.count - 1]
        }
    }

    /// The fraction of the way along the scale (0 at the first stop, 1 at the last) of each stop: where curves
    /// are read.
    public var positions: [Double] { (0..<count).map { count == 1 ? 0 : Double($0) / Double(count - 1) } }

    // MARK: Built-ins

    /// CIELab L\* of an 8-bit sRGB gray `#vvvvvv`.
    static func grayLightnessStar(_ byte: Int) -> Double {
        TokenMath.lightnessStar(luminance: TokenMath.decode(Double(byte) / 255))
    }

    /// ColorTokensKit 3.x: `_50 … _1000` in steps of 50, `UniformLStar.lightnessStar`.
    public static let ctk = Scale(builtin: "ctk", stops: (1...20).map { Stop($0 * 50) }, lightness: UniformLStar.lightnessStar)

    /// Tailwind CSS: 50, 100 … 900, 950, at the L\* of its `neutral` palette (#fafafa, #f5f5f5, #e5e5e5, #d4d4d4,
    /// #a3a3a3, #737373, #525252, #404040, #262626, #171717, #0a0a0a).
    public static let tailwind = Scale(builtin: "tailwind", stops: [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950].map(Stop.init),
                                       lightness: [0xfa, 0xf5, 0xe5, 0xd4, 0xa3, 0x73, 0x52, 0x40, 0x26, 0x17, 0x0a].map(grayLightnessStar))

    /// Radix Colors: steps 1 … 12, at the L\* of its light `gray` scale (#fcfcfc, #f9f9f9, #f0f0f0, #e8e8e8,
    /// #e0e0e0, #d9d9d9, #cecece, #bbbbbb, #8d8d8d, #838383, #646464, #202020).
    public static let radix = Scale(builtin: "radix", stops: (1...12).map(Stop.init),
                                    lightness: [0xfc, 0xf9, 0xf0, 0xe8, 0xe0, 0xd9, 0xce, 0xbb, 0x8d, 0x83, 0x64, 0x20].map(grayLightnessStar))

    /// Material Design 3 tonal palettes (Material Color Utilities): tones 100, 99, 95, 90, 80 … 10, 0,
    /// lightest first; a tone is its CIELab L\*.
    public static let material = Scale(builtin: "material", stops: materialTones.map(Stop.init), lightness: materialTones.map(Double.init))

    /// The tones Material Color Utilities' tonal palettes list, lightest first.
    public static let materialTones = [100, 99, 95, 90, 80, 70, 60, 50, 40, 30, 20, 10, 0]

    public static let builtins: [Scale] = [ctk, tailwind, radix, material]

    /// A built-in scale by id; an unknown id lists the known ones (with a did-you-mean).
    public static func named(_ id: String) throws -> Scale {
        if let s = builtins.first(where: { $0.id == id.lowercased() }) { return s }
        throw PalettesError.invalidScale(id, reason: "is not a scale\(Suggest.phrase(id, among: builtins.map(\.id))); use \(builtins.map(\.id).joined(separator: ", "))")
    }
}
