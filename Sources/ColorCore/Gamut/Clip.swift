/// Gamut mapping by clipping: convert into the target's RGB gamut and clamp each channel to 0…1.
/// Fast, hue-unstable; the reference for `clip` results.
public enum GamutClip {
    public static func clip(_ color: Color, to target: ColorSpaceID, spaces: ColorSpaceRegistry) throws -> Color {
        let gamut = try spaces.boundedGamut(of: target)
        var c = try spaces.convert(color, to: gamut)
        c.coords = c.coordsForConversion.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
        return try spaces.convert(c, to: target)
    }
    public static let mapper = GamutMapper(id: "clip", name: "clip channels to 0…1", batch: .clip, map: clip)
}
