/// A pairwise method of a matrix, resolved by one name from either registry: a contrast method (`wcag21`,
/// `apca`, `lstar`…) or a ΔE method (`deltae-ok`, `deltae-2000`…, or the bare ΔE id when no contrast method
/// has it). `huebench matrix` and `hb.matrix` resolve names through the same call, so they accept the same set.
public struct PairMethod: Sendable {
    public enum Kind: Sendable, Equatable { case contrast, difference }
    /// The name as the matrix reports it (`wcag21`, `deltae-ok`).
    public let id: String
    public let kind: Kind
    public let name: String
    public let inputSpace: ColorSpaceID
    public let isSymmetric: Bool
    /// The entry's declared batch kernel (nil: its Double `evaluate` runs over tiles on every core).
    public let batch: PairKernel?
    /// The thresholds a summary counts by default.
    public let thresholds: [Double]
    /// The Double reference for one pair (both already in `inputSpace`, no missing components).
    public let evaluate: @Sendable (SIMD3<Double>, SIMD3<Double>) -> Double
    /// `evaluate` runs on the caller's thread only (a Lua plugin's method); see `ContrastMethod.serial`.
    public let serial: Bool
    /// Throws the first error `evaluate` met (nil for built-ins); called once per block by the batch paths.
    public let checkFailure: (@Sendable () throws -> Void)?

    public init(_ m: ContrastMethod) {
        id = m.id; kind = .contrast; name = m.name; inputSpace = m.inputSpace; isSymmetric = m.isSymmetric
        batch = m.batch; thresholds = m.thresholds; evaluate = m.evaluate
        serial = m.serial; checkFailure = m.checkFailure
    }

    public init(_ m: DeltaEMethod) {
        id = "deltae-" + m.id; kind = .difference; name = m.name; inputSpace = m.inputSpace; isSymmetric = true
        batch = m.batch; thresholds = m.thresholds; evaluate = m.evaluate
        serial = m.serial; checkFailure = m.checkFailure
    }
}

extension Workbench {
    /// Every matrix method name: the contrast ids, then `deltae-<id>` for every ΔE method.
    public var pairMethodIDs: [String] { contrastMethods.ids + deltaEMethods.ids.map { "deltae-" + $0 } }

    /// Every name `pairMethod` accepts (besides ΔE aliases such as `de2000`): the contrast ids, `deltae-<id>`
    /// for every ΔE method, and the bare ΔE id where no contrast method has it. `huebench matrix --method` and
    /// `hb.matrix{method=}` both resolve through `pairMethod`, so they take exactly this set.
    public var pairMethodNames: [String] {
        pairMethodIDs + deltaEMethods.ids.filter { contrastMethods[$0] == nil }
    }

    /// The matrix method with this name (see `PairMethod`), or an error listing every name.
    public func pairMethod(_ name: String) throws -> PairMethod {
        if let m = contrastMethods[name] { return PairMethod(m) }
        let lower = name.lowercased()
        if lower.hasPrefix("deltae-"), let m = deltaEMethods[String(lower.dropFirst(7))] { return PairMethod(m) }
        if let m = deltaEMethods[name] { return PairMethod(m) }
        throw ColorCoreError.unknownID(kind: "matrix method", id: name, known: pairMethodIDs)
    }
}
