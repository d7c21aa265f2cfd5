/// The id of a color space: its CSS name (`srgb`, `display-p3`, `oklch`…).
public struct ColorSpaceID: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public static let srgb: Self = "srgb", srgbLinear: Self = "srgb-linear"
    public static let displayP3: Self = "display-p3", displayP3Linear: Self = "display-p3-linear"
    public static let rec2020: Self = "rec2020", rec2020Linear: Self = "rec2020-linear"
    public static let a98RGB: Self = "a98-rgb", a98RGBLinear: Self = "a98-rgb-linear"
    public static let prophotoRGB: Self = "prophoto-rgb", prophotoRGBLinear: Self = "prophoto-rgb-linear"
    public static let xyzD65: Self = "xyz-d65", xyzD50: Self = "xyz-d50"
    public static let lab: Self = "lab", lch: Self = "lch", labD65: Self = "lab-d65"
    public static let oklab: Self = "oklab", oklch: Self = "oklch"
    public static let hsl: Self = "hsl", hwb: Self = "hwb", hsv: Self = "hsv"
}

/// A reference white as CIE XYZ with Y = 1.
public struct WhitePoint: Sendable, Equatable {
    public let name: String
    public let xyz: SIMD3<Double>
    /// Built from chromaticity (x, y) as CSS Color 4 does: X = x/y, Y = 1, Z = (1 − x − y)/y.
    public init(name: String, x: Double, y: Double) {
        self.name = name
        self.xyz = SIMD3(x / y, 1, (1 - x - y) / y)
    }
    public static let d65 = WhitePoint(name: "D65", x: 0.3127, y: 0.3290)
    public static let d50 = WhitePoint(name: "D50", x: 0.3457, y: 0.3585)
}

/// Metadata of one coordinate: its name, its nominal range, and how CSS reads it.
public struct Coordinate: Sendable, Equatable {
    public let name: String
    /// The nominal range (for display and for percentages); values outside it are allowed.
    public let range: ClosedRange<Double>
    /// A hue angle in degrees (interpolated on a circle, powerless when chroma is 0).
    public let isHue: Bool
    /// What 100% means in CSS for this coordinate (nil: percentages are not allowed).
    public let percentReference: Double?

    public init(_ name: String, _ range: ClosedRange<Double>, percentReference: Double? = nil, isHue: Bool = false) {
        self.name = name; self.range = range; self.isHue = isHue; self.percentReference = percentReference
    }
    public static func hue(_ name: String = "h") -> Coordinate { Coordinate(name, 0...360, isHue: true) }
}

/// How a space is written in CSS.
public enum CSSForm: Sendable, Equatable {
    /// `color(<name> a b c)` — the predefined RGB and XYZ spaces.
    case colorFunction
    /// Its own function, e.g. `lab(…)`, `oklch(…)`, `hsl(…)`.
    case function(String)
    /// Not expressible in CSS Color 4; serialized as `color(--<id> …)`.
    case custom
}

/// A color space declared as data: an id, a base space and the two conversions to and from it.
///
/// The conversion graph is the tree of bases; `xyz-d65` is its root. `toBase` and `fromBase` work on
/// coordinates with no missing components (callers replace NaN by 0 first). Polar spaces mark their hue
/// coordinate and declare `achromaticThreshold`: when the chroma coordinate is at or below it, the hue is
/// powerless and the conversion reports it as missing (NaN).
public struct ColorSpace: Sendable {
    public typealias Transform = @Sendable (SIMD3<Double>) -> SIMD3<Double>

    public let id: ColorSpaceID
    public let name: String
    public let aliases: [String]
    /// The space this one converts through; nil only for the root (`xyz-d65`).
    public let base: ColorSpaceID?
    public let whitePoint: WhitePoint
    public let coordinates: [Coordinate]
    public let cssForm: CSSForm
    /// For bounded RGB spaces, itself; for HSL/HWB/HSV, `srgb`; nil for unbounded spaces.
    public let gamutSpace: ColorSpaceID?
    /// Whether the space's channels are bounded to 0…1 (an RGB space with a gamut).
    public let isBoundedRGB: Bool
    public let toBase: Transform
    public let fromBase: Transform
    /// A pure 3×3 matrix step toward the base, when that is all `toBase` does (kernels use it).
    public let linearToBase: Matrix3?
    /// The per-channel transfer function toward the (linear) base, when that is all `toBase` does.
    public let transfer: TransferFunction?
    /// For polar spaces: index of the hue coordinate, index of the chroma-like coordinate and the threshold
    /// at or below which the hue is powerless.
    public let powerlessHue: PowerlessHue?
    /// The batch form: the SIMD kernel steps of `toBase` and `fromBase` (nil: the batch engine runs the Double
    /// closures over tiles on every core). Derived from `linearToBase` or `transfer` when not given.
    public let kernels: SpaceKernels?
    /// `toBase` and `fromBase` as data, when the closure is exactly one of these Double functions (nil: only the
    /// closure): `ConversionPlan.apply` on a buffer runs them as plain loops, with the same operations per color.
    public let directToBase: DirectStep?, directFromBase: DirectStep?

    /// A conversion step whose Double function is known: the closure's own operations, without a call through a
    /// closure per color.
    public enum DirectStep: Sendable {
        case matrix(Matrix3)
        /// `TransferFunction.toLinear` per channel, with its eight-bit table.
        case decode(EightBitDecoder)
        /// `TransferFunction.toEncoded` per channel.
        case encode(TransferFunction)
        case xyzToOKLab, oklabToXYZ
        case rectToPolar, polarToRect

        @inline(__always) func callAsFunction(_ v: SIMD3<Double>) -> SIMD3<Double> {
            switch self {
            case .matrix(let m): return m * v
            case .decode(let d): return SIMD3(d(v.x), d(v.y), d(v.z))
            case .encode(let t): return SIMD3(t.toEncoded(v.x), t.toEncoded(v.y), t.toEncoded(v.z))
            case .xyzToOKLab: return ColorSpace.xyzToOKLab(v)
            case .oklabToXYZ: return ColorSpace.oklabToXYZ(v)
            case .rectToPolar: return ColorSpace.rectToPolar(v)
            case .polarToRect: return ColorSpace.polarToRect(v)
            }
        }

        /// The step on every element, in place: one loop per kind, each calling its function directly. With
        /// `cubeRoots`, the OKLab step runs as its three stages over the whole buffer (matrix, the cube roots by
        /// `cubeRoots`, matrix): the same operations per color, as long as `cubeRoots` gives `CubeRoot.rounded`.
        func apply(_ v: UnsafeMutableBufferPointer<SIMD3<Double>>, cubeRoots: ConversionPlan.CubeRoots?) {
            if case .xyzToOKLab = self, let roots = cubeRoots {
                for i in v.indices { v[i] = ColorSpace.xyzToLMS * v[i] }
                roots(v)
                for i in v.indices { v[i] = ColorSpace.lmsToOKLab * v[i] }
                return
            }
            switch self {
            case .matrix(let m): for i in v.indices { v[i] = m * v[i] }
            case .decode(let d): for i in v.indices { let c = v[i]; v[i] = SIMD3(d(c.x), d(c.y), d(c.z)) }
            case .encode(let t): for i in v.indices { let c = v[i]; v[i] = SIMD3(t.toEncoded(c.x), t.toEncoded(c.y), t.toEncoded(c.z)) }
            case .xyzToOKLab: for i in v.indices { v[i] = ColorSpace.xyzToOKLab(v[i]) }
            case .oklabToXYZ: for i in v.indices { v[i] = ColorSpace.oklabToXYZ(v[i]) }
            case .rectToPolar: for i in v.indices { v[i] = ColorSpace.rectToPolar(v[i]) }
            case .polarToRect: for i in v.indices { v[i] = ColorSpace.polarToRect(v[i]) }
            }
        }
    }

    public struct PowerlessHue: Sendable, Equatable {
        public let hueIndex: Int
        /// Returns whether the hue is powerless for these (converted) coordinates.
        public let rule: Rule
        public enum Rule: Sendable, Equatable {
            /// Chroma (coordinate index) at or below the threshold.
            case chromaAtMost(index: Int, threshold: Double)
            /// HWB: whiteness + blackness at least this much (in 0…100 units).
            case whitePlusBlackAtLeast(Double)
        }
        public func isPowerless(_ c: SIMD3<Double>) -> Bool {
            switch rule {
            case let .chromaAtMost(i, t): return abs(c[i]) <= t
            case let .whitePlusBlackAtLeast(t): return c[1] + c[2] >= t
            }
        }
    }

    public init(id: ColorSpaceID, name: String, aliases: [String] = [], base: ColorSpaceID?,
                whitePoint: WhitePoint = .d65, coordinates: [Coordinate], cssForm: CSSForm,
                gamutSpace: ColorSpaceID? = nil, isBoundedRGB: Bool = false,
                linearToBase: Matrix3? = nil, transfer: TransferFunction? = nil, powerlessHue: PowerlessHue? = nil,
                kernels: SpaceKernels? = nil, direct: (toBase: DirectStep, fromBase: DirectStep)? = nil,
                toBase: @escaping Transform, fromBase: @escaping Transform) {
        directToBase = direct?.toBase; directFromBase = direct?.fromBase
        self.id = id; self.name = name; self.aliases = aliases; self.base = base
        self.whitePoint = whitePoint; self.coordinates = coordinates; self.cssForm = cssForm
        self.gamutSpace = gamutSpace; self.isBoundedRGB = isBoundedRGB
        self.linearToBase = linearToBase; self.transfer = transfer; self.powerlessHue = powerlessHue
        self.toBase = toBase; self.fromBase = fromBase
        if let k = kernels { self.kernels = k }
        else if let m = linearToBase { self.kernels = SpaceKernels(toBase: [.affine(m)], fromBase: [.affine(m.inverse)]) }
        else if let t = transfer { self.kernels = SpaceKernels(toBase: [.decode(t)], fromBase: [.encode(t)]) }
        else { self.kernels = nil }
    }

    /// A space whose conversion to its base is one matrix product each way.
    public static func linear(id: ColorSpaceID, name: String, aliases: [String] = [], base: ColorSpaceID,
                              whitePoint: WhitePoint = .d65, toBase m: Matrix3, fromBase inv: Matrix3,
                              coordinates: [Coordinate]? = nil, bounded: Bool = true) -> ColorSpace {
        ColorSpace(id: id, name: name, aliases: aliases, base: base, whitePoint: whitePoint,
                   coordinates: coordinates ?? ["r", "g", "b"].map { Coordinate($0, 0...1, percentReference: 1) },
                   cssForm: .colorFunction, gamutSpace: bounded ? id : nil, isBoundedRGB: bounded,
                   linearToBase: m, direct: (.matrix(m), .matrix(inv)), toBase: { m * $0 }, fromBase: { inv * $0 })
    }

    /// An encoded RGB space over its linear twin: a per-channel transfer function each way.
    public static func encodedRGB(id: ColorSpaceID, name: String, linear: ColorSpaceID,
                                  whitePoint: WhitePoint = .d65, transfer: TransferFunction) -> ColorSpace {
        let decode = EightBitDecoder(transfer)
        return ColorSpace(id: id, name: name, base: linear, whitePoint: whitePoint,
                   coordinates: ["r", "g", "b"].map { Coordinate($0, 0...1, percentReference: 1) },
                   cssForm: .colorFunction, gamutSpace: id, isBoundedRGB: true, transfer: transfer,
                   direct: (.decode(decode), .encode(transfer)),
                   toBase: { SIMD3(decode($0.x), decode($0.y), decode($0.z)) },
                   fromBase: { SIMD3(transfer.toEncoded($0.x), transfer.toEncoded($0.y), transfer.toEncoded($0.z)) })
    }
}
