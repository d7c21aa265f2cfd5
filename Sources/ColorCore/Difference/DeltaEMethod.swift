/// A color-difference method as a registry value: both colors are read in `inputSpace`.
public struct DeltaEMethod: RegistryEntry {
    public let id: String
    public let name: String
    public let inputSpace: ColorSpaceID
    public let evaluate: @Sendable (_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double

    public init(id: String, name: String, aliases: [String] = [], inputSpace: ColorSpaceID,
                evaluate: @escaping @Sendable (SIMD3<Double>, SIMD3<Double>) -> Double) {
        self.id = id; self.name = name; self.aliases = aliases; self.inputSpace = inputSpace; self.evaluate = evaluate
    }
    public let aliases: [String]
    public var registryID: String { id }
    public var registryAliases: [String] { aliases }
}
