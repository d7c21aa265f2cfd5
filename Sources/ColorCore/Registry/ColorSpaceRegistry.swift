import Foundation

extension ColorSpace: RegistryEntry {
    public var registryID: String { id.rawValue }
    public var registryAliases: [String] { aliases }
}

/// One step of a conversion plan: a space and the direction to move through it.
public enum ConversionStep: Sendable, Equatable {
    /// Apply `space.toBase` (move from `space` up to its base).
    case toBase(ColorSpaceID)
    /// Apply `space.fromBase` (move from the base down into `space`).
    case fromBase(ColorSpaceID)
}

/// A conversion between two spaces, built once per pair: the walk up the tree of bases to the common
/// ancestor and down again.
public struct ConversionPlan: Sendable {
    public let source: ColorSpaceID
    public let target: ColorSpaceID
    public let steps: [ConversionStep]
    let transforms: [ColorSpace.Transform]
    /// Per step, its closure-free form (nil: the closure).
    let direct: [ColorSpace.DirectStep?]
    let targetPowerless: ColorSpace.PowerlessHue?

    /// The index of the target's hue coordinate, which `apply` makes NaN where it is powerless; −1 when the
    /// target has none. Any other NaN `apply` returns was computed (an overflow, inf − inf).
    public var targetHueIndex: Int { targetPowerless?.hueIndex ?? -1 }

    /// Converts coordinates (missing components are read as 0; the target's powerless hue becomes NaN).
    public func apply(_ coords: SIMD3<Double>) -> SIMD3<Double> {
        var v = SIMD3(coords.x.isNaN ? 0 : coords.x, coords.y.isNaN ? 0 : coords.y, coords.z.isNaN ? 0 : coords.z)
        for t in transforms { v = t(v) }
        if let p = targetPowerless, p.isPowerless(v) { v[p.hueIndex] = .nan }
        return v
    }

    /// Cube roots of every coordinate of a buffer, in place, each exactly `CubeRoot.rounded` of it (the batch
    /// engine passes a four-lane one).
    public typealias CubeRoots = (UnsafeMutableBufferPointer<SIMD3<Double>>) -> Void

    /// `apply` on every element, in place, step by step over the whole buffer (a step with a closure-free form
    /// runs as a plain loop of its function; any other calls its closure, fetched once per call): the same Double
    /// operations per color, so the same results. `cubeRoots`, when given, takes the OKLab step's cube roots
    /// for the whole buffer at once.
    public func apply(_ v: UnsafeMutableBufferPointer<SIMD3<Double>>, cubeRoots: CubeRoots? = nil) {
        for i in v.indices {
            let c = v[i]
            v[i] = SIMD3(c.x.isNaN ? 0 : c.x, c.y.isNaN ? 0 : c.y, c.z.isNaN ? 0 : c.z)
        }
        for (k, t) in transforms.enumerated() {
            if let d = direct[k] { d.apply(v, cubeRoots: cubeRoots) } else { for i in v.indices { v[i] = t(v[i]) } }
        }
        if let p = targetPowerless {
            for i in v.indices where p.isPowerless(v[i]) { v[i][p.hueIndex] = .nan }
        }
    }
}

/// The registry of color spaces with a cache of conversion plans.
public struct ColorSpaceRegistry: Sendable {
    public private(set) var spaces = Registry<ColorSpace>(kind: "color space")
    private var cache = PlanCache()

    public init() {}

    /// Registers a space; its base must be registered first (the root has no base).
    public mutating func register(_ space: ColorSpace) throws {
        if let base = space.base, spaces[base.rawValue] == nil {
            throw ColorCoreError.unknownID(kind: "base color space", id: base.rawValue, known: spaces.ids)
        }
        try spaces.register(space)
        cache = PlanCache()  // a fresh cache per registry value: copies never share stale plans
    }

    public func space(_ id: ColorSpaceID) throws -> ColorSpace { try spaces.lookup(id.rawValue) }

    /// Resolves an id or alias (case-insensitive) to the canonical id.
    public func canonicalID(_ name: String) throws -> ColorSpaceID { try spaces.lookup(name).id }

    /// The ids from `id` up to the root, `id` first.
    func ancestry(_ id: ColorSpaceID) throws -> [ColorSpaceID] {
        var chain: [ColorSpaceID] = []
        var current: ColorSpaceID? = id
        while let c = current {
            chain.append(c)
            current = try space(c).base
        }
        return chain
    }

    /// The plan from `source` to `target`, built once and cached.
    public func plan(from source: ColorSpaceID, to target: ColorSpaceID) throws -> ConversionPlan {
        if let p = cache.get(source, target) { return p }
        let up = try ancestry(source), down = try ancestry(target)
        guard let common = up.first(where: { down.contains($0) }) else {
            throw ColorCoreError.unsupported("no conversion path from \(source) to \(target): they share no root")
        }
        var steps: [ConversionStep] = []
        var transforms: [ColorSpace.Transform] = []
        var direct: [ColorSpace.DirectStep?] = []
        for id in up.prefix(while: { $0 != common }) {
            let s = try space(id)
            steps.append(.toBase(id)); transforms.append(s.toBase); direct.append(s.directToBase)
        }
        for id in down.prefix(while: { $0 != common }).reversed() {
            let s = try space(id)
            steps.append(.fromBase(id)); transforms.append(s.fromBase); direct.append(s.directFromBase)
        }
        let plan = ConversionPlan(source: source, target: target, steps: steps, transforms: transforms, direct: direct,
                                  targetPowerless: try space(target).powerlessHue)
        cache.put(plan)
        return plan
    }

    /// Converts a color; alpha is carried unchanged.
    public func convert(_ color: Color, to target: ColorSpaceID) throws -> Color {
        if color.space == target { return color }
        let p = try plan(from: color.space, to: target)
        return Color(target, coords: p.apply(color.coords), alpha: color.alpha)
    }
}

/// A lock-protected cache of plans keyed by (source, target).
final class PlanCache: @unchecked Sendable {
    private let lock = NSLock()
    private struct Key: Hashable { let source: ColorSpaceID, target: ColorSpaceID }
    private var plans: [Key: ConversionPlan] = [:]
    /// A pair key without building a string (a lookup happens on every single-color conversion).
    private func key(_ a: ColorSpaceID, _ b: ColorSpaceID) -> Key { Key(source: a, target: b) }
    func get(_ a: ColorSpaceID, _ b: ColorSpaceID) -> ConversionPlan? {
        lock.lock(); defer { lock.unlock() }
        return plans[key(a, b)]
    }
    func put(_ p: ConversionPlan) {
        lock.lock(); defer { lock.unlock() }
        plans[key(p.source, p.target)] = p
    }
    func clear() {
        lock.lock(); defer { lock.unlock() }
        plans.removeAll()
    }
}
