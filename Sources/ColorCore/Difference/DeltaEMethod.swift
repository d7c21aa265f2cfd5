/// A color-difference method as a registry value: both colors are read in `inputSpace`.
public struct DeltaEMethod: RegistryEntry {
    public let id: String
    public let name: String
    public let inputSpace: ColorSpaceID
    public let evaluate: @Sendable (_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double
    /// The batch kernel that computes it for many pairs (nil: `evaluate` over tiles on every core).
    public let batch: PairKernel?
    /// Values a matrix summary counts pairs at or above (e.g. a just-noticeable difference).
    public let thresholds: [Double]
    /// Whether `evaluate` must run on the caller's thread, one pair at a time (a Lua plugin's function: Lua runs
    /// on one thread). Batch paths then run it serially and call `checkFailure` once per block.
    public var serial = false
    /// Throws the first error `evaluate` met (it returns NaN from then on), e.g. a plugin's Lua error or the
    /// script's time limit; nil for built-ins.
    public var checkFailure: (@Sendable () throws -> Void)? = nil

    public init(id: String, name: String, aliases: [String] = [], inputSpace: ColorSpaceID,
                batch: PairKernel? = nil, thresholds: [Double] = [],
                evaluate: @escaping @Sendable (SIMD3<Double>, SIMD3<Double>) -> Double) {
        self.id = id; self.name = name; self.aliases = aliases; self.inputSpace = inputSpace; self.evaluate = evaluate
        self.batch = batch; self.thresholds = thresholds
    }
    public let aliases: [String]
    public var registryID: String { id }
    public var registryAliases: [String] { aliases }

    /// A CIELAB-based method in one of the two whites the libraries use.
    ///
    /// `lab` (D50, CSS `lab()`, Color.js's default) registers as `id`; `lab-d65` (ColorAide's and culori's
    /// default) as `id-d65`. Colors given in the other white are adapted by Bradford on the way.
    public static func lab(id: String, name: String, aliases: [String] = [], labSpace: ColorSpaceID,
                           batch: PairKernel? = nil, thresholds: [Double] = [],
                           evaluate: @escaping @Sendable (SIMD3<Double>, SIMD3<Double>) -> Double) -> DeltaEMethod {
        let d65 = labSpace == .labD65
        return DeltaEMethod(id: d65 ? id + "-d65" : id, name: name + (d65 ? " (Lab D65)" : " (Lab D50)"),
                            aliases: d65 ? aliases.map { $0 + "-d65" } : aliases, inputSpace: labSpace,
                            batch: batch, thresholds: thresholds, evaluate: evaluate)
    }
}
