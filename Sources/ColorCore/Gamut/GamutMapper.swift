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
    /// space's bounded RGB gamut). Unbounded spaces (Lab, XYZ…) contain every color.
    public func inGamut(_ color: Color, of space: ColorSpaceID, epsilon: Double = 1e-6) throws -> Bool {
        guard let gamut = try self.space(space).gamutSpace else { return true }
        let c = try convert(color, to: gamut).coordsForConversion
        return c.min() >= -epsilon && c.max() <= 1 + epsilon
    }

    /// The bounded RGB space that defines `space`'s gamut, or an error for unbounded spaces.
    public func boundedGamut(of space: ColorSpaceID) throws -> ColorSpaceID {
        guard let g = try self.space(space).gamutSpace else {
            throw ColorCoreError.unsupported("color space '\(space)' has no gamut to map into; use srgb, display-p3 or rec2020")
        }
        return g
    }
}
