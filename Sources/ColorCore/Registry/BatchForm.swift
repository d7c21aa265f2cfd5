/// The batch forms registry entries declare: which SIMD kernel of ColorKernels runs them on planar Float32
/// buffers. They are descriptions (data), not code: ColorCore cannot see ColorKernels, and ColorKernels maps
/// each form to its kernel without looking at entry ids. An entry that declares none still runs in batch:
/// its Double closure over tiles on every core.

/// One step of a space's conversion toward or from its base, as a Float32 SIMD kernel runs it in place on the
/// three planes of a tile.
public enum KernelStep: Sendable, Equatable {
    /// v ↦ M·v + o (consecutive affine steps of a plan are fused into one).
    case affine(Matrix3, offset: SIMD3<Double> = .zero)
    /// Encoded → linear, per channel, sign-preserving.
    case decode(TransferFunction)
    /// Linear → encoded, per channel, sign-preserving.
    case encode(TransferFunction)
    /// v ↦ v³ per channel.
    case cube
    /// v ↦ ∛v per channel.
    case cbrt
    /// CIE Lab f(t) = ∛t if t > ε else (κt + 16)/116, per channel.
    case labF
    /// CIE Lab f⁻¹(t) = t³ if t³ > ε else (116t − 16)/κ, per channel.
    case labFInverse
    /// (L, a, b) → (L, C, h), h in degrees [0, 360).
    case rectToPolar
    /// (L, C, h) → (L, a, b).
    case polarToRect
    case hslToSRGB, srgbToHSL, hsvToSRGB, srgbToHSV, hwbToSRGB, srgbToHWB

    /// The step's name in plan descriptions: `matrix`, `affine`, `decode(srgb)`, `cbrt`, `lab-f⁻¹`, `rect→polar`…
    public var name: String {
        switch self {
        case let .affine(_, o): return o == .zero ? "matrix" : "affine"
        case let .decode(t): return "decode(\(t))"
        case let .encode(t): return "encode(\(t))"
        case .cube: return "cube"
        case .cbrt: return "cbrt"
        case .labF: return "lab-f"
        case .labFInverse: return "lab-f⁻¹"
        case .rectToPolar: return "rect→polar"
        case .polarToRect: return "polar→rect"
        case .hslToSRGB: return "hsl→srgb"
        case .srgbToHSL: return "srgb→hsl"
        case .hsvToSRGB: return "hsv→srgb"
        case .srgbToHSV: return "srgb→hsv"
        case .hwbToSRGB: return "hwb→srgb"
        case .srgbToHWB: return "srgb→hwb"
        }
    }

    public static func diagonal(_ d: SIMD3<Double>) -> KernelStep {
        .affine(Matrix3(rows: SIMD3(d.x, 0, 0), SIMD3(0, d.y, 0), SIMD3(0, 0, d.z)))
    }
}

/// The batch form of a space: the kernel steps of `toBase` and of `fromBase`.
public struct SpaceKernels: Sendable, Equatable {
    public let toBase: [KernelStep]
    public let fromBase: [KernelStep]
    public init(toBase: [KernelStep], fromBase: [KernelStep]) { self.toBase = toBase; self.fromBase = fromBase }

    /// OKLab over XYZ D65: M₂·∛(M₁·XYZ) and back.
    public static let oklab = SpaceKernels(
        toBase: [.affine(ColorSpace.oklabToLMS), .cube, .affine(ColorSpace.lmsToXYZ)],
        fromBase: [.affine(ColorSpace.xyzToLMS), .cbrt, .affine(ColorSpace.lmsToOKLab)])
    /// A polar twin (LCH over Lab, OKLCH over OKLab).
    public static let polar = SpaceKernels(toBase: [.polarToRect], fromBase: [.rectToPolar])
    public static let hsl = SpaceKernels(toBase: [.hslToSRGB], fromBase: [.srgbToHSL])
    public static let hsv = SpaceKernels(toBase: [.hsvToSRGB], fromBase: [.srgbToHSV])
    public static let hwb = SpaceKernels(toBase: [.hwbToSRGB], fromBase: [.srgbToHWB])

    /// CIE Lab over XYZ of `white`: XYZ → t = XYZ / white → f → (116 fy − 16, 500 (fx − fy), 200 (fy − fz)),
    /// and back: fy = (L + 16)/116, fx = a/500 + fy, fz = fy − b/200 → f⁻¹ → × white.
    public static func cieLab(white w: SIMD3<Double>) -> SpaceKernels {
        let toF = KernelStep.affine(Matrix3(rows: SIMD3(0, 116, 0), SIMD3(500, -500, 0), SIMD3(0, 200, -200)),
                                    offset: SIMD3(-16, 0, 0))
        let fromLab = KernelStep.affine(Matrix3(rows: SIMD3(1.0 / 116, 1.0 / 500, 0), SIMD3(1.0 / 116, 0, 0),
                                                SIMD3(1.0 / 116, 0, -1.0 / 200)),
                                        offset: SIMD3(repeating: 16.0 / 116))
        return SpaceKernels(toBase: [fromLab, .labFInverse, .diagonal(w)],
                            fromBase: [.diagonal(1 / w), .labF, toF])
    }
}

/// The batch form of a pairwise method (contrast or ΔE): per-color terms computed once in Double, then one
/// Float32 SIMD loop over all pairs.
public enum PairKernel: Sendable, Equatable {
    /// WCAG 2 ratio of relative luminances (`WCAG21.luminance` of the sRGB input): terms Y + 0.05 and 1/(Y + 0.05),
    /// a pair costs two products and a max. Error ≤ 4e-7 relative.
    case luminanceRatio
    /// APCA Lc (`APCA` 0.0.98G-4g): soft-clamped Y and its four powered terms. Error ≤ 1e-4 Lc absolute.
    case apca
    /// The Euclidean distance of the input coordinates (ΔEOK in OKLab, ΔE76 in Lab). Error ≤ 3·2⁻²⁴ of the
    /// largest coordinate magnitude, plus 2⁻²⁴ relative.
    case euclidean
}

/// The batch form of a gamut mapper into an RGB gamut over XYZ D65 (srgb, display-p3, rec2020, a98-rgb).
public enum GamutKernel: Sendable, Equatable {
    /// Convert, then clamp each channel to 0…1.
    case clip
    /// The CSS Color 4 binary search on OKLCH chroma (JND 0.02, ε 0.0001), Double lanes in lockstep.
    case css4
    /// The ray-trace method of Color.js / ColorAide: cast from the achromatic point toward the color in linear
    /// RGB, intersect the RGB cube, then correct in OKLCH (a fixed number of passes); no per-color iteration count.
    case raytrace
}
