import ColorCore
import Foundation

/// A conversion between two registered spaces for whole buffers, built once: the reference plan's steps
/// mapped to SIMD kernels, with consecutive matrix (affine) steps fused into one.
///
/// Known kernels: transfer functions (`TransferFunction`), matrix spaces (`linearToBase`), OKLab, OKLCH, CIE
/// Lab/LCH (D50 and D65), HSL, HWB, HSV. A space registered without one falls back to its Double `toBase` /
/// `fromBase` closure per color; `usesScalarFallback` and `description` say so.
///
/// Accuracy: Float32 storage; each kernel's error is stated in `VectorMath`. Against the Double path, results
/// agree within ~2e-6 relative on lightness/RGB and ~2e-4° on hue for in-gamut inputs (tests assert 1e-4).
/// https://www.w3.org/TR/css-color-4/#color-conversion-code
public struct BatchConversionPlan: Sendable, CustomStringConvertible {
    public let source: ColorSpaceID
    public let target: ColorSpaceID
    /// The kernels in order, after fusion.
    public let kernels: [ConvertKernel]
    /// Colors per tile: each thread runs every kernel over one tile while it is in cache.
    public static let tile = 1024

    public var usesScalarFallback: Bool {
        kernels.contains { if case .scalar = $0 { return true }; return false }
    }

    /// e.g. `srgb → oklch: zero-missing, decode(srgb), matrix, cbrt, matrix, rect→polar, powerless-hue`.
    public var description: String {
        "\(source) → \(target): " + kernels.map(\.name).joined(separator: ", ")
            + (usesScalarFallback ? " (scalar fallback)" : "")
    }

    public init(from source: ColorSpaceID, to target: ColorSpaceID, spaces: ColorSpaceRegistry = Workbench.standard.spaces) throws {
        let s = try spaces.canonicalID(source.rawValue), t = try spaces.canonicalID(target.rawValue)
        self.source = s; self.target = t
        let plan = try spaces.plan(from: s, to: t)
        var raw: [ConvertKernel] = [.zeroMissing]
        for step in plan.steps {
            switch step {
            case let .toBase(id): raw += Self.kernels(toBase: try spaces.space(id))
            case let .fromBase(id): raw += Self.kernels(fromBase: try spaces.space(id))
            }
        }
        if s != t, let p = try spaces.space(t).powerlessHue { raw.append(.powerless(p)) }
        kernels = Self.fuse(raw)
    }

    static func kernels(toBase sp: ColorSpace) -> [ConvertKernel] {
        if let m = sp.linearToBase { return [.affine(Affine3(m))] }
        if let t = sp.transfer { return [.decode(t)] }
        switch (sp.id, sp.base) {
        case (.oklab, .xyzD65?): return [.affine(Affine3(ColorSpace.oklabToLMS)), .cube, .affine(Affine3(ColorSpace.lmsToXYZ))]
        case (.oklch, .oklab?), (.lch, .lab?): return [.polarToRect]
        case (.lab, .xyzD50?): return labToXYZ(white: WhitePoint.d50.xyz)
        case (.labD65, .xyzD65?): return labToXYZ(white: WhitePoint.d65.xyz)
        case (.hsl, .srgb?): return [.hslToSRGB]
        case (.hsv, .srgb?): return [.hsvToSRGB]
        case (.hwb, .srgb?): return [.hwbToSRGB]
        default: return [.scalar(name: "\(sp.id)→base", sp.toBase)]
        }
    }

    static func kernels(fromBase sp: ColorSpace) -> [ConvertKernel] {
        if let m = sp.linearToBase { return [.affine(Affine3(m.inverse))] }
        if let t = sp.transfer { return [.encode(t)] }
        switch (sp.id, sp.base) {
        case (.oklab, .xyzD65?): return [.affine(Affine3(ColorSpace.xyzToLMS)), .cbrt, .affine(Affine3(ColorSpace.lmsToOKLab))]
        case (.oklch, .oklab?), (.lch, .lab?): return [.rectToPolar]
        case (.lab, .xyzD50?): return xyzToLab(white: WhitePoint.d50.xyz)
        case (.labD65, .xyzD65?): return xyzToLab(white: WhitePoint.d65.xyz)
        case (.hsl, .srgb?): return [.srgbToHSL]
        case (.hsv, .srgb?): return [.srgbToHSV]
        case (.hwb, .srgb?): return [.srgbToHWB]
        default: return [.scalar(name: "base→\(sp.id)", sp.fromBase)]
        }
    }

    /// XYZ → Lab: t = XYZ / white, f per channel, then L = 116 fy − 16, a = 500 (fx − fy), b = 200 (fy − fz).
    static func xyzToLab(white w: SIMD3<Double>) -> [ConvertKernel] {
        let toF = Affine3(Matrix3(rows: SIMD3(0, 116, 0), SIMD3(500, -500, 0), SIMD3(0, 200, -200)),
                          offset: SIMD3(-16, 0, 0))
        return [.affine(.diagonal(1 / w)), .labF, .affine(toF)]
    }

    /// Lab → XYZ: fy = (L + 16)/116, fx = a/500 + fy, fz = fy − b/200; f⁻¹ per channel; × white.
    static func labToXYZ(white w: SIMD3<Double>) -> [ConvertKernel] {
        let fromLab = Affine3(Matrix3(rows: SIMD3(1.0 / 116, 1.0 / 500, 0), SIMD3(1.0 / 116, 0, 0), SIMD3(1.0 / 116, 0, -1.0 / 200)),
                              offset: SIMD3(repeating: 16.0 / 116))
        return [.affine(fromLab), .labFInverse, .affine(.diagonal(w))]
    }

    /// Fuses runs of affine steps (composed in Double) and drops identities.
    static func fuse(_ ks: [ConvertKernel]) -> [ConvertKernel] {
        var out: [ConvertKernel] = []
        for k in ks {
            if case let .affine(b) = k, let last = out.last, case let .affine(a) = last {
                out[out.count - 1] = .affine(b.after(a))
            } else {
                out.append(k)
            }
        }
        return out.filter { if case let .affine(a) = $0 { return !a.isIdentity }; return true }
    }

    /// Converts `src` into `dst` (resized to `src.count`, reusing its allocation); alpha is carried.
    /// `src` and `dst` may be the same buffer (in-place conversion).
    /// - Parameter threads: 1 = the calling thread only; 0 = every core.
    /// - Complexity: O(n · kernels), tiled by `tile` colors over `threads` cores.
    public func convert(_ src: ColorBuffer, into dst: ColorBuffer, threads: Int = 0) {
        precondition(src.space == source, "buffer holds \(src.space), plan converts from \(source)")
        let n = src.count
        if src !== dst { dst.resize(count: n, hasAlpha: src.hasAlpha) }
        dst.space = target
        let s0 = src.c0, s1 = src.c1, s2 = src.c2, sa = src.alphaPlane
        let d0 = dst.c0, d1 = dst.c1, d2 = dst.c2, da = dst.alphaPlane
        let hasAlpha = src.hasAlpha, same = src === dst
        let paddedEnd = (n + 7) / 8 * 8
        Parallel.forRanges(count: n, granule: Self.tile, threads: threads) { range in
            var a = range.lowerBound
            while a < range.upperBound {
                let b = Swift.min(a + Self.tile, range.upperBound)
                let vb = b == n ? paddedEnd : b
                if !same {
                    (d0 + a).update(from: s0 + a, count: vb - a)
                    (d1 + a).update(from: s1 + a, count: vb - a)
                    (d2 + a).update(from: s2 + a, count: vb - a)
                    if hasAlpha { (da + a).update(from: sa + a, count: b - a) }
                }
                for k in kernels {
                    if case .scalar = k { k.run(d0, d1, d2, a..<b) } else { k.run(d0, d1, d2, a..<vb) }
                }
                a = b
            }
        }
        // Padding lanes may hold kernel garbage from whole-vector steps; reset them to 0.
        for p in [d0, d1, d2] where paddedEnd > n { (p + n).update(repeating: 0, count: paddedEnd - n) }
    }

    /// Converts into a new buffer.
    public func convert(_ src: ColorBuffer, threads: Int = 0) -> ColorBuffer {
        let dst = ColorBuffer(space: target, count: src.count, hasAlpha: src.hasAlpha)
        convert(src, into: dst, threads: threads)
        return dst
    }
}
