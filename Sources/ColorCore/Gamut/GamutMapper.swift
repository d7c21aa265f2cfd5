/// A gamut-mapping method as a registry value.
public struct GamutMapper: RegistryEntry {
    public let id: String
    public let name: String
    /// Maps `color` into the gamut of `target` and returns it in `target`.
    public let map: @Sendable (_ color: Color, _ target: ColorSpaceID, _ spaces: ColorSpaceRegistry) throws -> Color

    /// The batch kernel that maps many colors (nil: `map` over tiles on every core).
    public let batch: GamutKernel?

    public init(id: String, name: String, batch: GamutKernel? = nil,
                map: @escaping @Sendable (Color, ColorSpaceID, ColorSpaceRegistry) throws -> Color) {
        self.id = id; self.name = name; self.map = map; self.batch = batch
    }
    public var registryID: String { id }
}

extension ColorSpaceRegistry {
    /// Whether a color lies in the gamut of `space` (each channel within [−ε, 1 + ε] once converted to the
    /// space's bounded RGB gamut). Unbounded spaces (Lab, XYZ…) contain every color. Missing components of a
    /// color already in the gamut space count as 0; a channel that a conversion made NaN (it overflowed, e.g.
    /// OKLCH chroma 1e300: LMS′ cubed is infinite and inf − inf is NaN) is outside, never in.
    public func inGamut(_ color: Color, of space: ColorSpaceID, epsilon: Double = 1e-6) throws -> Bool {
        guard let gamut = try self.space(space).gamutSpace else { return true }
        let converted = try convert(color, to: gamut)
        let c = color.space == gamut ? converted.coordsForConversion : converted.coords
        return Self.within(c, -epsilon, 1 + epsilon)
    }

    /// Every channel in [lo, hi]; NaN fails (`min()`/`max()` would skip a NaN after the first channel).
    @inline(__always)
    static func within(_ v: SIMD3<Double>, _ lo: Double, _ hi: Double) -> Bool {
        v.x >= lo && v.x <= hi && v.y >= lo && v.y <= hi && v.z >= lo && v.z <= hi
    }

    /// The bounded RGB space that defines `space`'s gamut, or an error for unbounded spaces.
    public func boundedGamut(of space: ColorSpaceID) throws -> ColorSpaceID {
        guard let g = try self.space(space).gamutSpace else {
            throw ColorCoreError.unsupported("color space '\(space)' has no gamut to map into; use srgb, display-p3 or rec2020")
        }
        return g
    }
}
