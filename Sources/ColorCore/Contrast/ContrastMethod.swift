/// A contrast method as a registry value: it reads both colors in `inputSpace` and returns a number.
public struct ContrastMethod: RegistryEntry {
    public let id: String
    public let name: String
    /// The space both colors are converted to before `evaluate` (e.g. `srgb`).
    public let inputSpace: ColorSpaceID
    /// Polarity-sensitive methods (APCA) depend on which color is the text.
    public let isSymmetric: Bool
    /// Contrast of `text` on `background`, both already in `inputSpace`.
    public let evaluate: @Sendable (_ text: SIMD3<Double>, _ background: SIMD3<Double>) -> Double
    /// The batch kernel that computes it for many pairs (nil: `evaluate` over tiles on every core).
    public let batch: PairKernel?
    /// Values a matrix summary counts pairs at or above (compared by magnitude), e.g. WCAG 3, 4.5, 7.
    public let thresholds: [Double]
    /// Whether `evaluate` must run on the caller's thread, one pair at a time (a Lua plugin's function: Lua runs
    /// on one thread). Batch paths then run it serially and call `checkFailure` once per block.
    public var serial = false
    /// Throws the first error `evaluate` met (it returns NaN from then on), e.g. a plugin's Lua error or the
    /// script's time limit; nil for built-ins.
    public var checkFailure: (@Sendable () throws -> Void)? = nil

    public init(id: String, name: String, inputSpace: ColorSpaceID, isSymmetric: Bool,
                batch: PairKernel? = nil, thresholds: [Double] = [],
                evaluate: @escaping @Sendable (SIMD3<Double>, SIMD3<Double>) -> Double) {
        self.id = id; self.name = name; self.inputSpace = inputSpace; self.isSymmetric = isSymmetric
        self.evaluate = evaluate; self.batch = batch; self.thresholds = thresholds
    }
    public var registryID: String { id }
}
