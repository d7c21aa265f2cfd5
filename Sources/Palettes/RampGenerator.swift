import Foundation
import ColorCore

/// A curve across the stops of a ramp, read at t = index / (stops − 1) (0 at the lightest stop, 1 at the darkest).
public enum Curve: Sendable, Equatable {
    /// The same value at every stop.
    case constant(Double)
    /// from + (to − from)·t.
    case linear(from: Double, to: Double)
    /// from + (to − from)·s(t) with the symmetric S-curve s(t) = tᵖ / (tᵖ + (1 − t)ᵖ) (p = 2 is a gentle ease).
    case eased(from: Double, to: Double, exponent: Double)
    /// base + (peak − base)·exp(−½((t − center)/width)²): a hump, e.g. chroma highest mid-ramp.
    case bell(base: Double, peak: Double, center: Double, width: Double)
    /// Explicit values: one per stop when there are as many as stops, else evenly spaced points joined linearly.
    case points([Double])

    /// The curve's value at t ∈ [0, 1].
    public func value(at t: Double) -> Double {
        switch self {
        case .constant(let v): return v
        case let .linear(a, b): return a + (b - a) * t
        case let .eased(a, b, p):
            let tp = pow(t, p), up = pow(1 - t, p)
            return a + (b - a) * (tp + up == 0 ? t : tp / (tp + up))
        case let .bell(base, peak, center, width):
            let z = (t - center) / max(width, 1e-9)
            return base + (peak - base) * exp(-0.5 * z * z)
        case .points(let p):
            guard p.count > 1 else { return p.first ?? .nan }
            let x = min(max(t, 0), 1) * Double(p.count - 1)
            let i = min(Int(x), p.count - 2)
            return p[i] + (p[i + 1] - p[i]) * (x - Double(i))
        }
    }

    /// The curve's values at ColorTokensKit's 20 stops.
    public var stopValues: [Double] { values(at: .ctk) }

    /// The curve's values at the stops of a scale.
    public func values(at scale: Scale) -> [Double] {
        if case .points(let p) = self, p.count == scale.count { return p }
        return scale.positions.map { value(at: $0) }
    }
}

/// One parameter of a ramp generator, as data (Lua tables and JSON map onto it).
public enum RampParameter: Sendable, Equatable {
    case number(Double)
    case numbers([Double])
    case text(String)
    case curve(Curve)
    case color(RampColor)
}

/// What a generator is asked to build: a hue (degrees), named parameters and the scale (one color per stop).
public struct RampSpec: Sendable, Equatable {
    public var hue: Double
    public var parameters: [String: RampParameter]
    /// The stops to build, lightest first (default ColorTokensKit's 20).
    public var scale: Scale

    public init(hue: Double, parameters: [String: RampParameter] = [:], scale: Scale = .ctk) {
        self.hue = hue; self.parameters = parameters; self.scale = scale
    }

    /// A table given for ColorTokensKit's 20 stops read at this spec's stops (`Scale.resample`).
    public func perStop(_ ctkValues: [Double]) -> [Double] { scale.resample(ctkValues, from: .ctk) }

    /// A number parameter, or `default`.
    public func number(_ name: String, generator: String, default def: Double) throws -> Double {
        switch parameters[name] {
        case nil: return def
        case .number(let v)?: return v
        default: throw PalettesError.invalidParameter(generator: generator, name: name, reason: "must be a number")
        }
    }

    /// A text parameter, or `default`.
    public func text(_ name: String, generator: String, default def: String) throws -> String {
        switch parameters[name] {
        case nil: return def
        case .text(let v)?: return v
        default: throw PalettesError.invalidParameter(generator: generator, name: name, reason: "must be text")
        }
    }

    /// A per-stop table (one number per stop of the scale, control points, or any curve read at the stops), or
    /// `default` (which must have one value per stop).
    public func table(_ name: String, generator: String, default def: [Double]) throws -> [Double] {
        let values: [Double]
        switch parameters[name] {
        case nil: values = def
        case .numbers(let v)?: values = v.count == scale.count ? v : Curve.points(v).values(at: scale)
        case .number(let v)?: values = Array(repeating: v, count: scale.count)
        case .curve(let c)?: values = c.values(at: scale)
        default: throw PalettesError.invalidParameter(generator: generator, name: name, reason: "must be numbers or a curve")
        }
        guard values.count == scale.count else {
            throw PalettesError.invalidParameter(generator: generator, name: name,
                                                 reason: "needs \(scale.count) values (scale '\(scale.id)'), got \(values.count)")
        }
        for (i, v) in values.enumerated() {
            _ = try Checked.finite(v, "ramp generator '\(generator)' parameter '\(name)' at \(scale.stops[i].name)")
        }
        return values
    }

    /// A color parameter, or `default`.
    public func color(_ name: String, generator: String, default def: RampColor) throws -> RampColor {
        switch parameters[name] {
        case nil: return def
        case .color(let c)?: return c
        default: throw PalettesError.invalidParameter(generator: generator, name: name, reason: "must be a color")
        }
    }
}

/// One parameter a generator reads: its name, kind, allowed range, default and meaning (for help, docs and
/// checks).
public struct GeneratorParameter: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// One number.
        case number
        /// A value per stop: a number (every stop), one number per stop, a few evenly spaced control points or a
        /// curve (`hb.curve.*`).
        case perStop = "per-stop"
        case text
        case color
        /// Any value (a parameter declared by name only).
        case any
    }
    public let name: String
    public let kind: Kind
    /// The allowed values of a number (every stop's value for per-stop parameters); nil: any finite value.
    public let range: ClosedRange<Double>?
    /// The default, as users read it.
    public let defaultValue: String
    /// One line: what it changes.
    public let summary: String

    public init(_ name: String, _ kind: Kind, range: ClosedRange<Double>? = nil, default defaultValue: String, _ summary: String) {
        self.name = name; self.kind = kind; self.range = range; self.defaultValue = defaultValue; self.summary = summary
    }
}

/// A ramp generator as a registry value: it turns a `RampSpec` into one color per stop of the spec's scale,
/// lightest first.
///
/// Built-ins: `uniform-lstar` (ColorTokensKit 3.x), `cielab-list` (a listed CIELab LCH ramp: the gray family),
/// `oklch-curves` and `contrast-targets`. Plugins register theirs through `PaletteWorkbench.register(_:)`.
/// Each declares its parameters; `validate` checks a spec against them before it is generated.
public struct RampGenerator: RegistryEntry {
    public let id: String
    public let name: String
    /// The parameters it reads (empty: undeclared, as a Lua generator without `parameters`; then any is passed).
    public let parameters: [GeneratorParameter]
    public let generate: @Sendable (_ spec: RampSpec, _ core: Workbench) throws -> [RampColor]
    /// How a batch of its ramps may be generated (data on the entry; nil: `generate` per ramp, on all cores).
    public var batch: RampBatchForm? = nil
    /// The chroma each stop asks for before any gamut cap, for "chroma retained"; nil: unknown.
    public var requestedChroma: (@Sendable (_ spec: RampSpec) throws -> [Double])? = nil

    public init(id: String, name: String, parameters: [GeneratorParameter] = [],
                generate: @escaping @Sendable (RampSpec, Workbench) throws -> [RampColor]) {
        self.id = id; self.name = name; self.parameters = parameters; self.generate = generate
    }

    /// A generator whose parameters are known by name only (text kind is not checked).
    public init(id: String, name: String, parameterNames: [String],
                generate: @escaping @Sendable (RampSpec, Workbench) throws -> [RampColor]) {
        self.init(id: id, name: name,
                  parameters: parameterNames.map { GeneratorParameter($0, .any, default: "", "") }, generate: generate)
    }

    /// This generator with a batch form and/or a requested-chroma reader declared.
    public func declaring(batch: RampBatchForm? = nil,
                          requestedChroma: (@Sendable (_ spec: RampSpec) throws -> [Double])? = nil) -> RampGenerator {
        var g = self
        if let b = batch { g.batch = b }
        if let r = requestedChroma { g.requestedChroma = r }
        return g
    }

    /// The parameter names it reads, for help texts.
    public var parameterNames: [String] { parameters.map(\.name) }
    public var registryID: String { id }

    /// The most control points a per-stop list may have when it does not give one value per stop.
    public static let maxControlPoints = 10

    /// Checks a spec against the declared parameters: no unknown names (with a did-you-mean), each of the
    /// declared kind, numbers finite and in range (per-stop values at every stop), point lists one per stop or
    /// at most `maxControlPoints` control points. Generators with undeclared parameters accept any spec.
    public func validate(_ spec: RampSpec) throws {
        guard !parameters.isEmpty else { return }
        let names = parameterNames
        for key in spec.parameters.keys.sorted() {
            guard let p = parameters.first(where: { $0.name == key }) else {
                throw PalettesError.invalidParameter(generator: id, name: key,
                    reason: "is not one of its parameters\(Suggest.phrase(key, among: names)); it reads \(names.joined(separator: ", "))")
            }
            let value = spec.parameters[key]!
            let label = "ramp generator '\(id)' parameter '\(key)'"
            switch (p.kind, value) {
            case (.number, .number(let d)):
                if let r = p.range { _ = try Checked.finite(d, label, in: r) } else { _ = try Checked.finite(d, label) }
            case (.text, .text), (.color, .color), (.any, _):
                break
            case (.perStop, .number), (.perStop, .numbers), (.perStop, .curve):
                var count: Int? = nil
                if case .numbers(let v) = value { count = v.count }
                if case .curve(.points(let v)) = value { count = v.count }
                let n0 = spec.scale.count, maxPoints = min(RampGenerator.maxControlPoints, max(n0 / 2, 1))
                if let n = count, n != n0, !(1...maxPoints).contains(n) {
                    throw PalettesError.invalidParameter(generator: id, name: key,
                        reason: "has \(n) values for \(n0) stops (scale '\(spec.scale.id)'); give one value per stop (\(n0)) or at most \(maxPoints) evenly spaced control points")
                }
                let values = try spec.table(key, generator: id, default: [])
                for (i, v) in values.enumerated() {
                    let at = "\(label) at \(spec.scale.stops[i].name)"
                    if let r = p.range { _ = try Checked.finite(v, at, in: r) } else { _ = try Checked.finite(v, at) }
                }
            default:
                let want = ["number": "a number", "per-stop": "a number, a list of numbers or a curve", "text": "text",
                            "color": "a color", "any": "a value"][p.kind.rawValue]!
                throw PalettesError.invalidParameter(generator: id, name: key, reason: "must be \(want)")
            }
        }
    }
}

// MARK: - uniform-lstar (ColorTokensKit 3.x)

/// ColorTokensKit 3.x's ramp: one CIELab L\* per stop shared by every hue, so a stop has the same WCAG
/// contrast in every family.
///
/// For stop i: Y = luminance(L\*ᵢ); C = min(tableᵢ, margin · Cmax(Y, h)) with Cmax the largest OKLCH chroma
/// Display P3 shows at luminance Y and hue h (bisection); L solved so luminance(L, C, h) = Y; h rounded to
/// 0.01° (half away from zero). Colors leave as extended sRGB via Ottosson's matrices.
public enum UniformLStar {
    public static let id = "uniform-lstar"
    /// CIELab L\* for `_50` … `_1000`.
    public static let lightnessStar: [Double] = [
        96.5, 92.7, 88.8, 84.8, 80.6, 76.3, 72.0, 67.5, 62.8, 58.2,
        53.5, 48.8, 44.0, 39.2, 34.4, 29.5, 24.6, 19.9, 15.0, 10.2,
    ]
    /// OKLCH chroma wanted at each stop before the gamut cap.
    public static let chroma: [Double] = [
        0.017, 0.037, 0.058, 0.081, 0.107, 0.134, 0.163, 0.161, 0.160, 0.150,
        0.141, 0.131, 0.121, 0.112, 0.102, 0.092, 0.082, 0.072, 0.062, 0.053,
    ]
    /// Fraction of the Display P3 chroma limit a stop may reach.
    public static let gamutMargin = 0.98

    /// The stop at CIELab L\* `lstar` for hue `h` with wanted chroma `c`.
    public static func color(lightnessStar lstar: Double, chroma c: Double, hue h: Double, margin: Double = gamutMargin) -> RampColor {
        let y = TokenMath.luminance(lightnessStar: lstar)
        let chroma: Double
        if c <= 0 || (margin > 0 && c / margin + 0x1p-30 < 0.5 && TokenMath.fits(chroma: c / margin + 0x1p-30, luminance: y, hue: h)) {
            // Inside the cap, without the search: `maxChroma` bisects [0, 0.5] to steps of 2⁻³¹ and returns its
            // last fitting chroma, so when a chroma two steps above c / margin fits (fitting is monotone in
            // chroma), margin · maxChroma exceeds c by at least margin · 2⁻³¹ and the min below is c: the same
            // value, bit for bit, for one lightness solve instead of thirty.
            chroma = c
        } else {
            chroma = min(c, margin * TokenMath.maxChroma(luminance: y, hue: h))
        }
        let l = TokenMath.lightness(forLuminance: y, chroma: chroma, hue: h)
        return RampColor(oklch: l, chroma, h)
    }

    /// The 20 stops for hue `h` (rounded to 0.01° first).
    public static func ramp(hue: Double, lightnessStar: [Double] = lightnessStar, chroma: [Double] = chroma,
                            margin: Double = gamutMargin) -> [RampColor] {
        let h = TokenMath.roundedHue(hue)
        return zip(lightnessStar, chroma).map { color(lightnessStar: $0, chroma: $1, hue: h, margin: margin) }
    }

    /// The chroma table a spec asks for: `chroma` (default ColorTokensKit's) times `chromaScale` (default 1).
    public static func requestedChroma(_ spec: RampSpec) throws -> [Double] {
        let table = try spec.table("chroma", generator: id, default: spec.perStop(chroma))
        let scale = try spec.number("chromaScale", generator: id, default: 1)
        return scale == 1 ? table : table.map { $0 * scale }
    }

    public static let generator = RampGenerator(
        id: id, name: "ColorTokensKit 3.x: shared CIELab L* per stop, OKLCH chroma capped by Display P3",
        parameters: [
            GeneratorParameter("lightnessStar", .perStop, range: 0...100, default: "the scale's target L* (ctk: 96.5 … 10.2)",
                               "CIELab L* of each stop (the same in every family)"),
            GeneratorParameter("chroma", .perStop, range: 0...0.5, default: "ColorTokensKit's 0.017 … 0.053 (peak 0.163 at _350), read by L* on other scales",
                               "OKLCH chroma wanted at each stop, before the Display P3 cap"),
            GeneratorParameter("chromaScale", .number, range: 0...4, default: "1", "multiplies the chroma of every stop"),
            GeneratorParameter("gamutMargin", .number, range: 0...1, default: "0.98",
                               "fraction of the Display P3 chroma limit a stop may reach"),
        ]
    ) { spec, _ in
        ramp(hue: spec.hue,
             lightnessStar: try spec.table("lightnessStar", generator: id, default: spec.scale.lightness),
             chroma: try requestedChroma(spec),
             margin: try spec.number("gamutMargin", generator: id, default: gamutMargin))
    }.declaring(batch: .lightnessStarCap(lightnessStar: "lightnessStar", margin: "gamutMargin", defaultMargin: gamutMargin),
                requestedChroma: requestedChroma)
}

// MARK: - cielab-list (the gray family)

/// A ramp listed as CIELab LCH colors (D65), converted as ColorTokensKit does: Lab → XYZ with white
/// (0.95047, 1, 1.08883) and the companding constants ε = 0.008856, κ/116 = 7.787036, 16/116 = 0.1379310
/// applied to every axis; XYZ → linear sRGB with Lindbloom's matrix; the sign-preserving sRGB curve.
public enum CIELabList {
    public static let id = "cielab-list"
    /// The gray family's L\*, `_50` … `_1000`.
    public static let grayLightnessStar: [Double] = [
        99.9, 96.41, 92.45, 88.08, 83.03, 77.66, 72.1, 66.16, 59.97, 54.13,
        47.87, 41.61, 35.34, 29.4, 23.58, 17.97, 12.76, 7.95, 3.59, 0.1,
    ]
    /// The gray family's LCH hues.
    public static let grayHue: [Double] = [
        246.48, 246.03, 245.98, 245.64, 245.49, 245.49, 245.49, 245.49, 245.49, 245.52,
        245.96, 245.99, 245.99, 246.31, 246.49, 246.49, 246.5, 246.5, 246.5, 246.5,
    ]
    /// The gray family's LCH chroma.
    public static let grayChroma = 0.1

    static let white = SIMD3(0.95047, 1.0, 1.08883)
    static let xyzToLinearSRGB = Matrix3([
        [3.2404542, -1.5371385, -0.4985314],
        [-0.9692660, 1.8760108, 0.0415560],
        [0.0556434, -0.2040259, 1.0572252],
    ])

    /// Extended sRGB of a CIELab LCH color (D65), by ColorTokensKit's conversion.
    public static func srgb(lch l: Double, _ c: Double, _ h: Double) -> SIMD3<Double> {
        let r = h * Double.pi / 180
        let a = c * cos(r), b = c * sin(r)
        let fy = (l + 16) / 116, fx = fy + a / 500, fz = fy - b / 200
        func inv(_ f: Double) -> Double {
            let f3 = f * f * f
            return f3 > 0.008856 ? f3 : (f - 0.1379310) / 7.787036
        }
        let xyz = SIMD3(inv(fx), inv(fy), inv(fz)) * white
        return TokenMath.encode(xyzToLinearSRGB * xyz)
    }

    public static func ramp(lightnessStar: [Double], hue: [Double], chroma: Double) -> [RampColor] {
        zip(lightnessStar, hue).map { RampColor(srgb: srgb(lch: $0, chroma, $1)) }
    }

    public static let generator = RampGenerator(
        id: id, name: "listed CIELab LCH colors (ColorTokensKit's gray)",
        parameters: [
            GeneratorParameter("lightnessStar", .perStop, range: 0...100, default: "the gray family's L* 99.9 … 0.1 (other scales: their target L*)",
                               "CIELab L* of each stop"),
            GeneratorParameter("lchHue", .perStop, range: -360...720, default: "the gray family's hues (about 246°)",
                               "CIELab LCH hue of each stop, degrees"),
            GeneratorParameter("lchChroma", .number, range: 0...150, default: "0.1", "CIELab LCH chroma of every stop"),
        ]
    ) { spec, _ in
        ramp(lightnessStar: try spec.table("lightnessStar", generator: id,
                                           default: spec.scale == .ctk ? grayLightnessStar : spec.scale.lightness),
             hue: try spec.table("lchHue", generator: id, default: spec.perStop(grayHue)),
             chroma: try spec.number("lchChroma", generator: id, default: grayChroma))
    }
}

// MARK: - oklch-curves

/// A ramp whose OKLCH lightness, chroma and hue are each a curve across the stops. Each stop keeps its
/// L and h; chroma is reduced (bisection) until Display P3 can show the color.
public enum OKLCHCurves {
    public static let id = "oklch-curves"
    public static let defaultLightness = Curve.eased(from: 0.975, to: 0.24, exponent: 1.2)
    public static let defaultChroma = Curve.bell(base: 0.03, peak: 0.17, center: 0.45, width: 0.3)

    /// The default lightness of each stop: `defaultLightness` on ColorTokensKit's scale; on other scales the
    /// OKLab L of a gray at the stop's target L\* (∛Y), so the stops sit where the scale puts them.
    public static func defaultLightness(_ scale: Scale) -> [Double] {
        scale == .ctk ? defaultLightness.stopValues
            : scale.lightness.map { Foundation.cbrt(TokenMath.luminance(lightnessStar: $0)) }
    }

    /// The largest chroma ≤ `c` that Display P3 shows at OKLab L `l` and hue `h` (40 halvings).
    public static func fitChroma(l: Double, c: Double, h: Double) -> Double {
        if TokenMath.inP3(linearSRGB: TokenMath.linearSRGB(oklch: l, c, h)) { return c }
        var lo = 0.0, hi = c
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if TokenMath.inP3(linearSRGB: TokenMath.linearSRGB(oklch: l, mid, h)) { lo = mid } else { hi = mid }
        }
        return lo
    }

    public static let generator = RampGenerator(
        id: id, name: "OKLCH lightness, chroma and hue curves across the stops (linear, eased, bell, points)",
        parameters: [
            GeneratorParameter("lightness", .perStop, range: 0...1, default: "ease from 0.975 to 0.24 (exponent 1.2); other scales: their target L* as OKLab L",
                               "OKLCH lightness of each stop"),
            GeneratorParameter("chroma", .perStop, range: 0...0.5, default: "bell: base 0.03, peak 0.17 at 0.45, width 0.3",
                               "OKLCH chroma wanted at each stop, reduced until Display P3 shows it"),
            GeneratorParameter("hue", .perStop, range: -3600...3600, default: "the family's hue at every stop",
                               "OKLCH hue of each stop, degrees"),
        ]
    ) { spec, _ in
        let ls = try spec.table("lightness", generator: id, default: defaultLightness(spec.scale))
        let cs = try spec.table("chroma", generator: id, default: defaultChroma.values(at: spec.scale))
        let hs = try spec.table("hue", generator: id, default: Array(repeating: spec.hue, count: spec.scale.count))
        return (0..<spec.scale.count).map { i in
            let l = min(max(ls[i], 0), 1), h = TokenMath.roundedHue(hs[i])
            return RampColor(oklch: l, fitChroma(l: l, c: max(cs[i], 0), h: h), h)
        }
    }.declaring(requestedChroma: { spec in
        try spec.table("chroma", generator: id, default: defaultChroma.values(at: spec.scale)).map { max($0, 0) }
    })
}

// MARK: - contrast-targets

/// A ramp in which each stop is solved so its contrast with a chosen background reaches a target.
///
/// For each stop, the luminance Y is bisected (48 halvings) on the side of the background away from it
/// (darker on a light background, lighter on a dark one) for the value closest to the background whose
/// contrast still reaches the target; the color at that Y is built as in `uniform-lstar` (chroma capped by
/// Display P3). Achieved ≥ target whenever the target is reachable; `report` gives the achieved values.
public enum ContrastTargets {
    public static let id = "contrast-targets"
    /// WCAG 2.1 ratios against white, `_50` … `_1000`.
    public static let defaultTargets: [Double] = [
        1.08, 1.18, 1.3, 1.45, 1.65, 1.9, 2.2, 2.6, 3.0, 3.6,
        4.5, 5.2, 6.1, 7.1, 8.4, 10.0, 11.8, 13.8, 16.0, 18.5,
    ]

    /// The default targets on white: `defaultTargets` on ColorTokensKit's scale; on other scales the WCAG 2.1
    /// ratio of a gray at each stop's target L\* against white, 1.05 / (Y + 0.05).
    public static func defaultTargets(_ scale: Scale) -> [Double] {
        scale == .ctk ? defaultTargets : scale.lightness.map { 1.05 / (TokenMath.luminance(lightnessStar: $0) + 0.05) }
    }

    /// A spec's parameters resolved: background, per-stop targets and chroma, the contrast method, the margin
    /// and the conversion into the method's input space.
    public struct Setup: Sendable {
        public let background: RampColor, targets: [Double], chroma: [Double], method: ContrastMethod, margin: Double
        public let toInput: ConversionPlan
    }

    /// The spec's parameters with their defaults (throws on a bad value or an unknown method).
    public static func setup(_ spec: RampSpec, _ core: Workbench) throws -> Setup {
        let bg = try spec.color("background", generator: id, default: RampColor(srgb: SIMD3(1, 1, 1)))
        let m = try core.contrastMethods.lookup(try spec.text("method", generator: id, default: "wcag21"))
        let targets = defaultTargets(spec.scale)
        return Setup(background: bg,
                     targets: try spec.table("targets", generator: id,
                                             default: bg.luminance >= 0.18 ? targets : targets.reversed()),
                     chroma: try spec.table("chroma", generator: id, default: spec.perStop(UniformLStar.chroma)),
                     method: m, margin: try spec.number("gamutMargin", generator: id, default: UniformLStar.gamutMargin),
                     toInput: try core.spaces.plan(from: .srgb, to: m.inputSpace))
    }

    static func contrast(_ c: RampColor, _ s: Setup) -> Double {
        abs(s.method.evaluate(s.toInput.apply(c.srgb), s.toInput.apply(s.background.srgb)))
    }

    /// The reference solve of one stop: 48 halvings of Y, a color built at every step (see the type).
    /// - Parameter build: makes the color at an L\* (nil: `UniformLStar.color` at `chroma`, `h`, the margin); a
    ///   batch kernel passes a twin that returns the same bits faster.
    public static func solve(target: Double, chroma: Double, hue h: Double, _ s: Setup,
                             build: ((Double) -> RampColor)? = nil) -> RampColor {
        let yb = s.background.luminance
        let darker = yb >= 0.18
        func make(_ y: Double) -> RampColor {
            let lstar = TokenMath.lightnessStar(luminance: y)
            return build?(lstar) ?? UniformLStar.color(lightnessStar: lstar, chroma: chroma, hue: h, margin: s.margin)
        }
        // `near` is closest to the background, `far` is the extreme (black or white).
        var near = yb, far = darker ? 0.0 : 1.0
        let extreme = make(far)
        if contrast(extreme, s) < target { return extreme }
        var best = extreme
        for _ in 0..<48 {
            let mid = (near + far) / 2
            let c = make(mid)
            if contrast(c, s) >= target { far = mid; best = c } else { near = mid }
        }
        return best
    }

    /// Achieved contrast of each stop of `ramp` against the spec's background.
    public static func report(_ ramp: [RampColor], spec: RampSpec, core: Workbench = .standard) throws -> [(target: Double, achieved: Double)] {
        let s = try setup(spec, core)
        return zip(ramp, s.targets).map { ($1, contrast($0, s)) }
    }

    public static let generator = RampGenerator(
        id: id, name: "each stop solved to reach a contrast target against a background",
        parameters: [
            GeneratorParameter("background", .color, default: "white", "the color each stop's contrast is measured against"),
            GeneratorParameter("targets", .perStop, range: 0...200, default: "WCAG 1.08 … 18.5 on white (other scales: a gray at each target L* on white; reversed on dark)",
                               "contrast each stop reaches with the background (|Lc| for apca)"),
            GeneratorParameter("method", .text, default: "wcag21", "the contrast method id (wcag21, apca, …)"),
            GeneratorParameter("chroma", .perStop, range: 0...0.5, default: "ColorTokensKit's chroma table",
                               "OKLCH chroma wanted at each stop, before the Display P3 cap"),
            GeneratorParameter("gamutMargin", .number, range: 0...1, default: "0.98",
                               "fraction of the Display P3 chroma limit a stop may reach"),
        ]
    ) { spec, core in
        // Each stop as `solve` gives it, most bisection steps decided by a luminance bound (`solveCertified`).
        try ramp(spec, core)
    }.declaring(batch: .contrastBisection,
                requestedChroma: { spec in try spec.table("chroma", generator: id, default: spec.perStop(UniformLStar.chroma)) })
}

extension RampGenerator {
    /// The generators' declared parameters as a Markdown table (generator, parameter, kind, range, default,
    /// meaning): what the docs show, made from the same declarations `validate` checks.
    public static func markdownTable(_ generators: [RampGenerator]) -> String {
        func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
        var lines = ["| generator | parameter | kind | range | default | meaning |", "|---|---|---|---|---|---|"]
        for g in generators {
            for (i, p) in g.parameters.enumerated() {
                let range = p.range.map { "\(NumberError.show($0.lowerBound))…\(NumberError.show($0.upperBound))" } ?? ""
                lines.append("| \(i == 0 ? "`\(g.id)`" : "") | \(p.name) | \(p.kind.rawValue) | \(range) | \(cell(p.defaultValue)) | \(cell(p.summary)) |")
            }
        }
        return lines.joined(separator: "\n")
    }
}
