import ColorCore
import Foundation

/// Batch gamut mapping into `srgb`, `display-p3` or `rec2020`: `clip` and the CSS Color 4 binary search.
///
/// `css4` runs the CSS Color 4 algorithm (https://www.w3.org/TR/css-color-4/#binsearch) on four Double lanes
/// in lockstep: every lane follows its own bisection of OKLCH chroma, finished lanes are masked off, the loop
/// ends when every lane has. Decisions are taken in Double, as in `GamutCSS4.map`, so the results agree with
/// it to rounding (asserted ≤ 1e-4 per channel; measured ≤ 2e-7, the Float32 storage). Two exact
/// simplifications: the in-gamut test and the clip run on *linear* RGB (the transfer curves are monotone with
/// fixed points 0 and 1, so clip∘encode = encode∘clip), and ΔEOK of the clipped color needs no decode.
/// The per-color matrices are fused: OKLab → LMS′ → (cube) → linear RGB, linear RGB → LMS → (∛) → OKLab.
public struct BatchGamutMapper: Sendable {
    public enum Method: String, Sendable { case clip, css4 }
    public let method: Method
    public let target: ColorSpaceID
    let labToLMS: Matrix3, lmsToRGB: Matrix3, rgbToLMS: Matrix3, lmsToLab: Matrix3
    let transfer: TransferFunction
    let spaces: ColorSpaceRegistry
    public static let jnd = 0.02, epsilon = 0.0001

    /// - Throws: `ColorKernelsError.unsupported` unless `target` is an encoded RGB space over a linear space
    ///   whose base is `xyz-d65` (srgb, display-p3, rec2020, a98-rgb).
    public init(method: Method, target: ColorSpaceID, spaces: ColorSpaceRegistry = Workbench.standard.spaces) throws {
        self.method = method
        self.spaces = spaces
        let t = try spaces.canonicalID(target.rawValue)
        self.target = t
        let sp = try spaces.space(t)
        guard let tf = sp.transfer, let lin = sp.base, let linSpace = try? spaces.space(lin),
              let toXYZ = linSpace.linearToBase, linSpace.base == .xyzD65 else {
            throw ColorKernelsError.unsupported("batch gamut mapping into '\(t)' is not supported; use srgb, display-p3 or rec2020")
        }
        transfer = tf
        labToLMS = ColorSpace.oklabToLMS
        lmsToRGB = toXYZ.inverse * ColorSpace.lmsToXYZ
        rgbToLMS = ColorSpace.xyzToLMS * toXYZ
        lmsToLab = ColorSpace.lmsToOKLab
    }

    /// Maps `src` (any space; OKLCH is read directly, others are converted to OKLCH by the Float batch path)
    /// into `dst` in `target` (resized; allocation reused). Alpha is carried.
    /// - Complexity: O(n · log₂(C/ε)) for css4, O(n) for clip; tiled over `threads` cores (0 = all).
    public func map(_ src: ColorBuffer, into dst: ColorBuffer, threads: Int = 0) throws {
        if method == .clip {
            let plan = try BatchConversionPlan(from: src.space, to: target, spaces: spaces)
            plan.convert(src, into: dst, threads: threads)
            let n = dst.count, p0 = dst.c0, p1 = dst.c1, p2 = dst.c2
            let end = (n + 7) / 8 * 8
            Parallel.forRanges(count: n, granule: 1024, threads: threads) { r in
                let hi = r.upperBound == n ? end : r.upperBound
                for p in [p0, p1, p2] {
                    var i = r.lowerBound
                    while i < hi {
                        let v = load8(p, i)
                        store8(p, i, VectorMath.clamp(VectorMath.select(v .!= v, Float8(repeating: 0), v), 0, 1)); i += 8
                    }
                }
            }
            for p in [p0, p1, p2] where end > n { (p + n).update(repeating: 0, count: end - n) }
            return
        }
        var lch = src
        if src.space != .oklch {
            lch = try BatchConversionPlan(from: src.space, to: .oklch, spaces: spaces).convert(src, threads: threads)
        }
        let n = lch.count
        dst.resize(count: n, hasAlpha: src.hasAlpha)
        dst.space = target
        if src.hasAlpha { dst.alphaPlane.update(from: src.alphaPlane, count: n) }
        let s0 = lch.c0, s1 = lch.c1, s2 = lch.c2, d0 = dst.c0, d1 = dst.c1, d2 = dst.c2
        Parallel.forRanges(count: n, granule: 256, threads: threads) { r in
            var i = r.lowerBound
            while i < r.upperBound {
                let m = Swift.min(4, r.upperBound - i)
                var L = Double4(repeating: 0.5), C = Double4(repeating: 0), H = Double4(repeating: 0)
                for l in 0..<m {
                    let x = Double(s0[i + l]), y = Double(s1[i + l]), z = Double(s2[i + l])
                    L[l] = x.isNaN ? 0 : x; C[l] = y.isNaN ? 0 : y; H[l] = z.isNaN ? 0 : z
                }
                let out = mapCSS4(L, C, H)
                for l in 0..<m { d0[i + l] = Float(out.0[l]); d1[i + l] = Float(out.1[l]); d2[i + l] = Float(out.2[l]) }
                i += 4
            }
        }
        ConvertKernel.encode(transfer).run(d0, d1, d2, 0..<((n + 7) / 8 * 8))
        let end = (n + 7) / 8 * 8
        for p in [d0, d1, d2] where end > n { (p + n).update(repeating: 0, count: end - n) }
    }

    /// Convenience: a new buffer.
    public func map(_ src: ColorBuffer, threads: Int = 0) throws -> ColorBuffer {
        let dst = ColorBuffer(space: target, count: src.count, hasAlpha: src.hasAlpha)
        try map(src, into: dst, threads: threads)
        return dst
    }

    @inline(__always)
    static func mul(_ m: Matrix3, _ x: Double4, _ y: Double4, _ z: Double4) -> (Double4, Double4, Double4) {
        (x * m.r0.x + (y * m.r0.y + z * m.r0.z), x * m.r1.x + (y * m.r1.y + z * m.r1.z), x * m.r2.x + (y * m.r2.y + z * m.r2.z))
    }

    /// Four OKLCH colors → linear RGB of the target, mapped by the CSS Color 4 search (lanes in lockstep).
    @inline(__always)
    func mapCSS4(_ L: Double4, _ C0: Double4, _ H: Double4) -> (Double4, Double4, Double4) {
        typealias V = VectorMathDouble
        var ca = Double4(), sb = Double4()
        for l in 0..<4 { let r = H[l] * Double.pi / 180; ca[l] = Foundation.cos(r); sb[l] = Foundation.sin(r) }
        let zero = Double4(repeating: 0), one = Double4(repeating: 1)
        @inline(__always) func rgb(_ c: Double4) -> (Double4, Double4, Double4) {
            var (l, m, s) = Self.mul(labToLMS, L, c * ca, c * sb)
            l = l * l * l; m = m * m * m; s = s * s * s
            return Self.mul(lmsToRGB, l, m, s)
        }
        @inline(__always) func inGamut(_ v: (Double4, Double4, Double4)) -> SIMDMask<SIMD4<Int64>> {
            (v.0 .>= 0) .& (v.1 .>= 0) .& (v.2 .>= 0) .& (v.0 .<= 1) .& (v.1 .<= 1) .& (v.2 .<= 1)
        }
        @inline(__always) func clip(_ v: (Double4, Double4, Double4)) -> (Double4, Double4, Double4) {
            (V.min(V.max(v.0, zero), one), V.min(V.max(v.1, zero), one), V.min(V.max(v.2, zero), one))
        }
        @inline(__always) func deltaE(_ v: (Double4, Double4, Double4), _ c: Double4) -> Double4 {
            var (l, m, s) = Self.mul(rgbToLMS, v.0, v.1, v.2)
            l = V.cbrt(l); m = V.cbrt(m); s = V.cbrt(s)
            let lab = Self.mul(lmsToLab, l, m, s)
            let dl = lab.0 - L, da = lab.1 - c * ca, db = lab.2 - c * sb
            return (dl * dl + (da * da + db * db)).squareRoot()
        }
        let jnd = Double4(repeating: Self.jnd), eps = Self.epsilon
        let origin = rgb(C0)
        var clipped = clip(origin)
        let white = L .>= 1, black = L .<= 0
        let originIn = inGamut(origin)
        var result = clipped
        // Lanes resolved before the search: white, black, in gamut, or clipped within the JND.
        var done = white .| black .| originIn
        if any(.!done) {
            let e0 = deltaE(clipped, C0)
            done = done .| (e0 .< jnd)
            var lo = zero, hi = C0
            var loInGamut = SIMDMask<SIMD4<Int64>>(repeating: true)
            var active = (.!done) .& (hi - lo .> eps)
            while any(active) {
                let chroma = (lo + hi) * 0.5
                let v = rgb(chroma)
                let takeIn = active .& loInGamut .& inGamut(v)
                lo = V.select(takeIn, chroma, lo)
                let search = active .& .!takeIn
                if any(search) {
                    let c = clip(v)
                    clipped = (V.select(search, c.0, clipped.0), V.select(search, c.1, clipped.1), V.select(search, c.2, clipped.2))
                    let e = deltaE(c, chroma)
                    let below = search .& (e .< jnd)
                    let stop = below .& (jnd - e .< eps)
                    let raise = below .& .!stop
                    loInGamut = loInGamut .& .!raise
                    lo = V.select(raise, chroma, lo)
                    hi = V.select(search .& .!below, chroma, hi)
                    active = active .& .!stop
                }
                active = active .& (hi - lo .> eps)
            }
            result = clipped
        }
        // White and black: OKLab (1, 0, 0) and (0, 0, 0); in-gamut origins unclipped.
        let wl = Self.mul(lmsToRGB, one, one, one)
        let pick = { (k: Int) -> Double4 in
            let r = k == 0 ? result.0 : (k == 1 ? result.1 : result.2)
            let o = k == 0 ? origin.0 : (k == 1 ? origin.1 : origin.2)
            let ww = k == 0 ? wl.0 : (k == 1 ? wl.1 : wl.2)
            return V.select(white, ww, V.select(black, zero, V.select(originIn, o, r)))
        }
        return (pick(0), pick(1), pick(2))
    }
}
