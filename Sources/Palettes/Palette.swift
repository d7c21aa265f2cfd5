import Foundation
import ColorCore

/// Generated ramps for a set of families: one color per stop of each family's scale, lightest first.
public struct Palette: Sendable {
    /// The families in order.
    public let families: [Family]
    private let ramps: [String: [RampColor]]

    public init(families: [Family], ramps: [String: [RampColor]]) {
        self.families = families; self.ramps = ramps
    }

    /// The built-in 37 families, generated once.
    public static let standard: Palette = {
        do { return try PaletteWorkbench.standard.palette() } catch {
            preconditionFailure("built-in palette failed: \(error)")
        }
    }()

    public func family(_ id: String) -> Family? { families.first { $0.id == id } }

    /// The ramp of a family in this palette, `_50` first.
    public func ramp(_ familyID: String) -> [RampColor]? { ramps[familyID] }

    /// One stop of one family (nil when the family or its scale has no such stop).
    public func color(_ familyID: String, _ stop: Stop) -> RampColor? {
        guard let f = family(familyID), let i = f.scale.index(of: stop) else { return nil }
        return ramps[familyID]?[i]
    }

    /// Every (family, stop, color) in order.
    public var entries: [(family: Family, stop: Stop, color: RampColor)] {
        families.flatMap { f in zip(f.scale.stops, ramps[f.id]!).map { (f, $0, $1) } }
    }
}

/// The registries of the Palettes module next to ColorCore's `Workbench`: ramp generators, families and
/// policies. `PaletteWorkbench.standard` is built with the same `register` calls plugins use; copy it and
/// register more to extend it. Duplicate ids throw; unknown ids list the known ones.
public struct PaletteWorkbench: Sendable {
    public var core: Workbench
    public var generators = Registry<RampGenerator>(kind: "ramp generator")
    public var families = Registry<Family>(kind: "color family")
    public var policies = Registry<Policy>(kind: "policy")

    /// An empty workbench over a core workbench.
    public init(core: Workbench = .standard) { self.core = core }

    public mutating func register(_ generator: RampGenerator) throws { try generators.register(generator) }
    /// Registers a family; its generator must be registered already.
    public mutating func register(_ family: Family) throws {
        _ = try generators.lookup(family.generator)
        try families.register(family)
    }
    public mutating func register(_ policy: Policy) throws { try policies.register(policy) }

    public static func makeStandard() -> PaletteWorkbench {
        var w = PaletteWorkbench()
        do {
            for g in [UniformLStar.generator, CIELabList.generator, OKLCHCurves.generator, ContrastTargets.generator, HCTTonal.generator] {
                try w.register(g)
            }
            for f in Family.builtins { try w.register(f) }
            for p in Policy.builtins { try w.register(p) }
        } catch {
            preconditionFailure("built-in registration failed: \(error)")
        }
        return w
    }

    public static let standard = makeStandard()

    /// Generates one family's ramp (one color per stop of its scale, lightest first).
    public func ramp(for family: Family) throws -> [RampColor] {
        try anchoredRamp(for: family).ramp
    }

    /// The family's ramp and the stop its anchor sits at (nil without an anchor), from one generation.
    public func anchoredRamp(for family: Family) throws -> (ramp: [RampColor], anchorStop: Stop?) {
        let g = try generators.lookup(family.generator)
        try g.validate(family.spec)
        let colors = try g.generate(family.spec, core)
        guard colors.count == family.scale.count else {
            throw PalettesError.wrongStopCount(generator: g.id, expected: family.scale.count, got: colors.count)
        }
        try RampColor.validate(colors, generator: g.id, family: family.id, stops: family.scale.stops)
        guard let anchor = family.anchor else { return (colors, nil) }
        let (ramp, stop) = try Anchoring.apply(anchor, to: colors, scale: family.scale)
        return (ramp, stop)
    }

    /// The stop a family's anchor sits at (nil without an anchor): the given one, or the nearest in lightness.
    public func anchorStop(for family: Family) throws -> Stop? {
        guard let anchor = family.anchor else { return nil }
        if let s = anchor.stop { return s }
        return try anchoredRamp(for: family).anchorStop
    }

    /// Generates the ramps of these families (all registered ones by default), one family per task.
    /// - Complexity: O(families × stops × bisection steps), spread over all cores.
    public func palette(_ families: [Family]? = nil) throws -> Palette {
        let list = families ?? self.families.all
        let results = ResultBox<Result<[RampColor], any Error>>(count: list.count)
        DispatchQueue.concurrentPerform(iterations: list.count) { i in
            results.set(i, Result { try ramp(for: list[i]) })
        }
        var ramps: [String: [RampColor]] = [:]
        for (i, f) in list.enumerated() { ramps[f.id] = try results.get(i).get() }
        return Palette(families: list, ramps: ramps)
    }

    /// Resolves what a user typed to a family: a registered id or name (case-insensitive), a CSS color (`#00B386`,
    /// `oklch(0.56 0.21 285)`, `color(display-p3 …)`: its OKLCH hue's ramp, or gray for a gray color, anchored
    /// so the ramp passes exactly through the color at its nearest-lightness stop), or a hue in degrees
    /// (`hue:123`, `123.4`).
    public func family(named text: String) throws -> Family {
        if let f = families[text] ?? families[text.lowercased()] { return f }
        if text.hasPrefix("#") || (text.contains("(") && text.hasSuffix(")")) {
            let c: RampColor
            do { c = try RampAnchor(css: text, core: core).color } catch {
                throw PalettesError.invalidFamily(text, reason: "not a CSS color (\(error))")
            }
            let f = Family.forColor(c)
            if f.hue == nil, let gray = families[Family.gray.id] {
                return Family(id: gray.id, name: gray.name, hue: nil, generator: gray.generator,
                              parameters: gray.parameters, seed: c, anchor: f.anchor)
            }
            return f
        }
        var t = Substring(text.lowercased())
        let huePrefix = t.hasPrefix("hue:") || t.hasPrefix("hue-")
        if huePrefix { t = t.dropFirst(4) }
        if let h = Double(t), h.isFinite { return Family.forHue(h) }
        if huePrefix {
            throw PalettesError.invalidFamily(text, reason: "hue:DEGREES needs a finite number of degrees, e.g. hue:123.4")
        }
        throw ColorCoreError.unknownID(kind: "color family", id: text,
                                       known: families.ids + ["#rrggbb", "hue:DEGREES"])
    }
}

/// Per-index results written from concurrent tasks.
final class ResultBox<T>: @unchecked Sendable {
    private var items: [T?]
    private let lock = NSLock()
    init(count: Int) { items = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ v: T) { lock.lock(); items[i] = v; lock.unlock() }
    func get(_ i: Int) -> T { lock.lock(); defer { lock.unlock() }; return items[i]! }
}
