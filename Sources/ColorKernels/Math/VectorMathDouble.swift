import ColorCore
import Foundation
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// The `SIMD4<Double>` functions the gamut mapper needs (its binary search runs in Double so that its
/// decisions match the Double reference). Same conventions as `VectorMath`: branch-free, `@_transparent`,
/// selects/min/max/sqrt through SSE2 intrinsics (AVX with `-D HUEBENCH_AVX2`), because the standard library's
/// `replacing(with:where:)` and `squareRoot()` become per-lane code.
public typealias Double4 = SIMD4<Double>
public typealias Float4 = SIMD4<Float>

public enum VectorMathDouble {
    @usableFromInline static let roundMagic: Double = 6_755_399_441_055_744  // 1.5 · 2⁵²

    @_transparent @usableFromInline
    static func bits(_ v: Double4) -> SIMD4<UInt64> { unsafeBitCast(v, to: SIMD4<UInt64>.self) }
    @_transparent @usableFromInline
    static func double(_ b: SIMD4<UInt64>) -> Double4 { unsafeBitCast(b, to: Double4.self) }

    /// `m ? a : b` lane by lane.
    @_transparent
    public static func select(_ m: SIMDMask<SIMD4<Int64>>, _ a: Double4, _ b: Double4) -> Double4 {
        #if HUEBENCH_AVX2
        return _mm256_blendv_pd(b, a, unsafeBitCast(m, to: Double4.self))
        #elseif arch(x86_64)
        let k = unsafeBitCast(m, to: Double4.self)
        return Double4(lowHalf: _mm_or_pd(_mm_and_pd(k.lowHalf, a.lowHalf), _mm_andnot_pd(k.lowHalf, b.lowHalf)),
                       highHalf: _mm_or_pd(_mm_and_pd(k.highHalf, a.highHalf), _mm_andnot_pd(k.highHalf, b.highHalf)))
        #else
        return b.replacing(with: a, where: m)
        #endif
    }

    /// a < b ? a : b (`minpd`).
    @_transparent
    public static func min(_ a: Double4, _ b: Double4) -> Double4 {
        #if HUEBENCH_AVX2
        return _mm256_min_pd(a, b)
        #elseif arch(x86_64)
        return Double4(lowHalf: _mm_min_pd(a.lowHalf, b.lowHalf), highHalf: _mm_min_pd(a.highHalf, b.highHalf))
        #else
        return select(a .< b, a, b)
        #endif
    }

    /// a > b ? a : b (`maxpd`).
    @_transparent
    public static func max(_ a: Double4, _ b: Double4) -> Double4 {
        #if HUEBENCH_AVX2
        return _mm256_max_pd(a, b)
        #elseif arch(x86_64)
        return Double4(lowHalf: _mm_max_pd(a.lowHalf, b.lowHalf), highHalf: _mm_max_pd(a.highHalf, b.highHalf))
        #else
        return select(a .> b, a, b)
        #endif
    }

    /// √x, correctly rounded (`sqrtpd`).
    @_transparent
    public static func sqrt(_ x: Double4) -> Double4 {
        #if HUEBENCH_AVX2
        return _mm256_sqrt_pd(x)
        #elseif arch(x86_64)
        return Double4(lowHalf: _mm_sqrt_pd(x.lowHalf), highHalf: _mm_sqrt_pd(x.highHalf))
        #else
        return x.squareRoot()
        #endif
    }

    @_transparent
    public static func abs(_ v: Double4) -> Double4 { double(bits(v) & 0x7FFF_FFFF_FFFF_FFFF) }

    /// Whether any lane of the mask is set (`movmskpd`).
    @_transparent
    public static func any(_ m: SIMDMask<SIMD4<Int64>>) -> Bool {
        #if HUEBENCH_AVX2
        return _mm256_movemask_pd(unsafeBitCast(m, to: Double4.self)) != 0
        #elseif arch(x86_64)
        let k = unsafeBitCast(m, to: Double4.self)
        return _mm_movemask_pd(_mm_or_pd(k.lowHalf, k.highHalf)) != 0
        #else
        return Swift.any(m)
        #endif
    }

    /// Lane-wise Double → Float (`cvtpd2ps`).
    @_transparent
    public static func toFloat(_ x: Double4) -> Float4 {
        #if HUEBENCH_AVX2
        return _mm256_cvtpd_ps(x)
        #elseif arch(x86_64)
        return _mm_movelh_ps(_mm_cvtpd_ps(x.lowHalf), _mm_cvtpd_ps(x.highHalf))
        #else
        return Float4(x)
        #endif
    }

    /// Lane-wise Float → Double (`cvtps2pd`).
    @_transparent
    public static func toDouble(_ x: Float4) -> Double4 {
        #if HUEBENCH_AVX2
        return _mm256_cvtps_pd(x)
        #elseif arch(x86_64)
        return Double4(lowHalf: _mm_cvtps_pd(x), highHalf: _mm_cvtps_pd(_mm_movehl_ps(x, x)))
        #else
        return Double4(x)
        #endif
    }

    /// Round to nearest, exact for |x| < 2⁵¹.
    @_transparent
    public static func roundNearest(_ x: Double4) -> Double4 { (x + roundMagic) - roundMagic }

    /// Floor, exact for |x| < 2⁵¹.
    @_transparent
    public static func floor(_ x: Double4) -> Double4 {
        let r = roundNearest(x)
        return select(r .> x, r - 1, r)
    }

    /// Cube root, sign-preserving. Domain: |x| in [1e-30, 1e30] ∪ {0}. Max relative error 4e-16.
    ///
    /// r ≈ |x|^(−1/3) within 7e-10 (`inverseCubeRoot`), y = x·r², and one Newton step on y,
    /// y ← y − (y³ − x)·r²/3. No division.
    @_transparent
    public static func cbrt(_ x: Double4) -> Double4 {
        let r = inverseCubeRoot(x)
        let r2 = r * r
        let y = x * r2
        return y - (y * y * y - x) * (r2 * (1.0 / 3.0))
    }

    /// ∛x correctly rounded in every lane: the same bits as `CubeRoot.rounded`, the reference's cube root.
    ///
    /// `cubeRootSeed` (y with 17 significant bits, within 2⁻¹⁶ of ∛x), then `cubeRootFinish` (∛x = y·∛(1 + u)
    /// with the exact u = (x − y³)/y³, by its series, rounded once: correct wherever the rounding is the same
    /// at both ends of the series' error bound). Lanes where it is not (about one in 4,000), zeros, and lanes
    /// outside [1e-30, 1e30] take `CubeRoot.rounded`.
    @inline(__always)
    public static func cbrtRounded(_ x: Double4) -> Double4 {
        let (z, sure) = cubeRootFinish(x, seed: cubeRootSeed(x))
        if all(sure) { return z }
        var out = z
        for q in 0..<4 where !sure[q] { out[q] = CubeRoot.rounded(x[q]) }
        return out
    }

    /// ∛x truncated to 17 significant bits (`cbrtCoarse`, 1.5e-9, then its low bits cleared): y³ is exact,
    /// and within 3·2⁻¹⁶ of x, relative.
    @_transparent
    public static func cubeRootSeed(_ x: Double4) -> Double4 {
        double(bits(cbrtCoarse(x)) & 0xFFFF_FFF0_0000_0000)
    }

    /// ∛x from the seed y of `cubeRootSeed`: ∛x = y + y·w, w = ∛(1 + u) − 1 = u/3 − u²/9 + 5u³/81 − 10u⁴/243
    /// (the next term is below 10⁻²¹ relative for |u| < 3·2⁻¹⁶), with u = (x − y³)/y³ and x − y³ exact
    /// (Sterbenz). The correction c = y·w is within 2⁻⁵⁰ of its value, relative (five roundings), so the root
    /// lies within δ = 2⁻⁴⁹|c| of y + c: where y + (c − δ) and y + (c + δ) round to the same double, that double
    /// is ∛x correctly rounded (`sure`). Also not sure: zero, and |x| outside [1e-30, 1e30] (the seed's domain).
    @_transparent
    public static func cubeRootFinish(_ x: Double4, seed y: Double4) -> (root: Double4, sure: SIMDMask<SIMD4<Int64>>) {
        let y3 = y * y * y
        let u = (x - y3) / y3
        var w: Double4 = Double4(repeating: 5.0 / 81) - u * (10.0 / 243)
        w = Double4(repeating: 1.0 / 9) - u * w
        w = Double4(repeating: 1.0 / 3) - u * w
        let c = y * (u * w)
        let delta = abs(c) * 0x1p-49
        let a = abs(x)
        let sure = ((y + (c + delta)) .== (y + (c - delta))) .& (a .>= 1e-30) .& (a .<= 1e30)
        return (y + c, sure)
    }

    /// `ConversionPlan.CubeRoots` on four lanes: `cbrtRounded` of each color's three coordinates, in stages over
    /// the whole buffer (seeds, then roots, then the lanes that are not sure by `CubeRoot.rounded`), so that
    /// the processor overlaps many colors' short dependency chains instead of waiting on one long one.
    public static func cubeRoots(_ v: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        let n = v.count
        guard n > 0 else { return }
        let roots = UnsafeMutablePointer<Double4>.allocate(capacity: n)
        defer { roots.deallocate() }
        @inline(__always) func lanes(_ c: SIMD3<Double>) -> Double4 { Double4(c.x, c.y, c.z, 1) }
        for i in 0..<n { roots[i] = cubeRootSeed(lanes(v[i])) }
        var unsure = false
        for i in 0..<n {
            let (z, sure) = cubeRootFinish(lanes(v[i]), seed: roots[i])
            roots[i] = z
            if !all(sure) { unsure = true; roots[i] = select(sure, z, Double4(repeating: .nan)) }
        }
        for i in 0..<n {
            let x = v[i], r = roots[i]
            v[i] = SIMD3(r[0], r[1], r[2])
            if unsure {
                for q in 0..<3 where r[q].isNaN { v[i][q] = CubeRoot.rounded(x[q]) }
            }
        }
    }

    /// Cube root within 1.5e-9 relative (sign-preserving, the domain of `cbrt`): x·r² of `inverseCubeRoot`'s r,
    /// without `cbrt`'s last Newton step — for comparisons whose margin is far above that (the certified
    /// decisions of the css4 search). (Measured over every Float input of [1, 8): 1.41e-9; the steps scale
    /// exactly with the exponent, so that holds over the whole domain.)
    @_transparent
    public static func cbrtCoarse(_ x: Double4) -> Double4 {
        let r = inverseCubeRoot(x)
        return x * (r * r)
    }

    /// |x|^(−1/3) for |x| in [1e-30, 1e30] (clamped into it), within 7e-10 relative: a Float estimate
    /// (exponent-bit guess and two Newton steps: 1.9e-5) and one Newton step in Double (about twice the square
    /// of the Float error).
    @_transparent
    public static func inverseCubeRoot(_ x: Double4) -> Double4 {
        let a = min(max(abs(x), Double4(repeating: 1e-30)), Double4(repeating: 1e30))
        let r = toDouble(inverseCubeRootFloat(toFloat(a), newtonSteps: 2))
        return r * (4.0 / 3.0 - (a * (1.0 / 3.0)) * (r * r * r))
    }

    /// a^(−1/3) for Float lanes a in [1e-30, 1e30]: the exponent-bit guess (a third of a's bits below a magic
    /// constant) and `newtonSteps` Newton steps r·(4/3 − a/3·r³) (two: 1.9e-5 relative). The step forms a/3·r³
    /// as (a/3·r)·r², two products side by side, not a/3·((r·r)·r): a shorter dependency chain, within the same
    /// bounds (every Float checked: two steps 1.875e-5 over [1e-30, 1e30]; three, times a·r² in `cbrtFloat`,
    /// 4.78e-7 over [1e-30, 1.02]).
    @_transparent
    public static func inverseCubeRootFloat(_ a: Float4, newtonSteps: Int) -> Float4 {
        let third = a * Float(1.0 / 3.0)
        let b = unsafeBitCast(a, to: SIMD4<Int32>.self)
        #if arch(x86_64)
        let bf = _mm_cvtepi32_ps(unsafeBitCast(b, to: __m128i.self)) * Float(1.0 / 3.0)
        var r = unsafeBitCast(0x54A2_FA8C &- unsafeBitCast(_mm_cvttps_epi32(bf), to: SIMD4<Int32>.self), to: Float4.self)
        #else
        var r = unsafeBitCast(0x54A2_FA8C &- SIMD4<Int32>(Float4(b) * Float(1.0 / 3.0), rounding: .towardZero), to: Float4.self)
        #endif
        for _ in 0..<newtonSteps { r = r * (Float(4.0 / 3.0) - (third * r) * (r * r)) }
        return r
    }

    /// A Float-lane mask as a mask of Double lanes (each 32-bit lane repeated: `pshufd`).
    @_transparent
    public static func widen(_ m: SIMDMask<SIMD4<Int32>>) -> SIMDMask<SIMD4<Int64>> {
        #if HUEBENCH_AVX2
        return unsafeBitCast(_mm256_cvtepi32_epi64(unsafeBitCast(m, to: __m128i.self)), to: SIMDMask<SIMD4<Int64>>.self)
        #elseif arch(x86_64)
        let x = unsafeBitCast(m, to: SIMD4<Int32>.self)
        let lo = unsafeBitCast(SIMD4<Int32>(x[0], x[0], x[1], x[1]), to: SIMD2<Int64>.self)
        let hi = unsafeBitCast(SIMD4<Int32>(x[2], x[2], x[3], x[3]), to: SIMD2<Int64>.self)
        return unsafeBitCast(SIMD4<Int64>(lowHalf: lo, highHalf: hi), to: SIMDMask<SIMD4<Int64>>.self)
        #else
        return SIMDMask(SIMD4<Int64>(truncatingIfNeeded: unsafeBitCast(m, to: SIMD4<Int32>.self)) .!= 0)
        #endif
    }

    /// a > b ? a : b on Float lanes (`maxps`).
    @_transparent
    public static func maxFloat(_ a: Float4, _ b: Float4) -> Float4 {
        #if arch(x86_64)
        return _mm_max_ps(a, b)
        #else
        return b.replacing(with: a, where: a .> b)
        #endif
    }

    /// ∛x for Float lanes x ≥ 0, within 4.82e-7 relative (measured over every Float of [1e-30, 1.02]); below
    /// 1e-30, within 2e-10 absolute: x·r² of r ≈ x^(−1/3) from the exponent-bit guess and three Newton steps.
    @_transparent
    public static func cbrtFloat(_ x: Float4) -> Float4 {
        let r = inverseCubeRootFloat(maxFloat(x, Float4(repeating: 1e-30)), newtonSteps: 3)
        return x * (r * r)
    }

    /// Whether every lane of the mask is set.
    @_transparent
    public static func all(_ m: SIMDMask<SIMD4<Int64>>) -> Bool { !any(.!m) }

    /// 2^x for x in [−1022, 1023] (the caller keeps x there). Max relative error 5e-16.
    ///
    /// n = round(x), f = x − n in [−½, ½], e^(f·ln2) by its Taylor polynomial to degree 13 (truncation < 5e-18),
    /// evaluated by Estrin's scheme (depth 5 instead of Horner's 13: the multiplies of independent lanes and
    /// calls overlap), scaled by 2^n assembled in the exponent bits.
    @_transparent
    public static func exp2(_ x: Double4) -> Double4 {
        let t = x + roundMagic
        let n = t - roundMagic
        let f = (x - n) * 0.6931471805599453
        let f2 = f * f, f4 = f2 * f2, f8 = f4 * f4
        let q0 = f + 1, q1 = f * 0.16666666666666666 + 0.5
        let q2 = f * 8.333333333333333e-03 + 4.1666666666666664e-02
        let q3 = f * 1.984126984126984e-04 + 1.388888888888889e-03
        let q4 = f * 2.755731922398589e-06 + 2.48015873015873e-05
        let q5 = f * 2.505210838544172e-08 + 2.755731922398589e-07
        let q6 = f * 1.6059043836821613e-10 + 2.08767569878681e-09
        let r0 = q1 * f2 + q0, r1 = q3 * f2 + q2, r2 = q5 * f2 + q4
        let p = (r1 * f4 + r0) + (q6 * f4 + r2) * f8
        let scale = double((bits(t) &<< 52) &+ (1023 << 52))
        return p * scale
    }

    /// log2(x) for positive normal x. Max absolute error 2.5e-16 + ulp(log2 x)/2.
    ///
    /// x = 2^e · m with m in [√½, √2); ln m = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.1716, by the odd series
    /// to s²³ (truncation < 1e-18), the polynomial in s² by Estrin's scheme.
    @_transparent
    public static func log2(_ x: Double4) -> Double4 {
        let b = bits(x)
        var m = double((b & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
        var e = double((b &>> 52) | 0x4330_0000_0000_0000) - (4_503_599_627_370_496 + 1023)
        let big = m .> 1.4142135623730951
        m = select(big, m * 0.5, m)
        e = select(big, e + 1, e)
        let s = (m - 1) / (m + 1)
        let z = s * s, z2 = z * z, z4 = z2 * z2
        // p(z) = Σ z^k / (2k + 3), k = 0…10.
        let q0 = z * (1.0 / 5.0) + (1.0 / 3.0), q1 = z * (1.0 / 9.0) + (1.0 / 7.0)
        let q2 = z * (1.0 / 13.0) + (1.0 / 11.0), q3 = z * (1.0 / 17.0) + (1.0 / 15.0)
        let q4 = z * (1.0 / 21.0) + (1.0 / 19.0)
        let p = (q1 * z2 + q0) + ((q3 * z2 + q2) + q4 * z4 + (1.0 / 23.0) * z4 * z2) * z4
        // ln m = 2s + 2s·z·p; times log2(e) = 2.8853900817779268 / 2.
        let s2 = s * 2.8853900817779268
        return (s2 + s2 * (z * p)) + e
    }

    /// x^y for a constant y, lane by lane. Max relative error 8e-15 for |y·log2 x| ≤ 40 (the color-science range:
    /// transfer curves, APCA exponents); 0^y = 0 for y > 0. Lanes outside x in [2⁻¹⁰⁰⁰, 2¹⁰⁰⁰] (negative, NaN,
    /// ±∞, 0 with y ≤ 0) or with |y·log2 x| > 1000 take Foundation's `pow` (a branch per vector, only when some
    /// lane needs it), so every input gives what `pow` gives up to that error.
    @_transparent
    public static func pow(_ x: Double4, _ y: Double) -> Double4 {
        let t = log2(x) * y
        var ok = (x .>= 0x1p-1000) .& (x .<= 0x1p1000) .& (abs(t) .<= 1000)
        var r = exp2(select(ok, t, .zero))
        if y > 0 {
            let zero = x .== 0
            r = select(zero, .zero, r)
            ok = ok .| zero
        }
        if all(ok) { return r }
        return powSlow(x, y, r, ok)
    }

    /// x^y without domain checks, for 0 ≤ x ≤ 2¹⁰⁰⁰ and 0 < y ≤ 3.4 (x below 2⁻³⁰⁰ gives 0). Same error as
    /// `pow` and no branch, so independent calls overlap in the pipeline.
    @_transparent
    public static func powNonNegative(_ x: Double4, _ y: Double) -> Double4 {
        let tiny = x .< 0x1p-300
        let r = exp2(log2(select(tiny, Double4(repeating: 1), x)) * y)
        return select(tiny, .zero, r)
    }

    @inline(never) @usableFromInline
    static func powSlow(_ x: Double4, _ y: Double, _ r: Double4, _ ok: SIMDMask<SIMD4<Int64>>) -> Double4 {
        var out = r
        for l in 0..<4 where !ok[l] { out[l] = Foundation.pow(x[l], y) }
        return out
    }

    /// sin and cos of an angle in degrees. Domain: |d| ≤ 10⁹. Max absolute error 1.3e-15 against Glibc's sin/cos of
    /// d·π/180 (the Double rounding of that argument is itself up to 7e-16 rad for |d| ≤ 360).
    ///
    /// Exact reduction in degrees, j = round(d/90), r = (d − 90j)·π/180 in [−π/4, π/4]; minimax polynomials of
    /// degree 13 (sin) and 14 (cos) on that interval (the coefficients of fdlibm's kernels); quadrant j mod 4.
    @_transparent
    public static func sincosDegrees(_ d: Double4) -> (sin: Double4, cos: Double4) {
        let j = roundNearest(d * (1.0 / 90.0))
        let r = (d - j * 90) * 0.017453292519943295
        let z = r * r
        var s = z * 1.58969099521155010221e-10 - 2.50507602534068634195e-08
        s = s * z + 2.75573137070700676789e-06
        s = s * z - 1.98412698298579493134e-04
        s = s * z + 8.33333333332248946124e-03
        s = s * z - 1.66666666666666324348e-01
        s = r + r * z * s
        var c = z * -1.13596475577881948265e-11 + 2.08757232129817482790e-09
        c = c * z - 2.75573143513906633035e-07
        c = c * z + 2.48015872894767294178e-05
        c = c * z - 1.38888888888741095749e-03
        c = c * z + 4.16666666666666019037e-02
        c = (1 - 0.5 * z) + z * z * c
        let q = j - 4 * floor(j * 0.25)
        let swap = (q .== 1) .| (q .== 3)
        let sinOut = select(swap, c, s), cosOut = select(swap, s, c)
        return (select(q .>= 2, -sinOut, sinOut), select((q .== 1) .| (q .== 2), -cosOut, cosOut))
    }
}
