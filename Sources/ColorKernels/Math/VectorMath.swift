#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Vector math on `SIMD8<Float>`: the elementary functions the conversion kernels need, branch-free
/// (lanes are selected with masks), with a stated domain and maximum error each.
///
/// Every function is written with plain `+ - * /`, bit casts and comparisons, so that it compiles to packed
/// instructions on baseline x86-64 (SSE2, two halves) as well as AVX2 (one register). Rounding uses the
/// 1.5·2²³ trick rather than `rounded()`, which is a library call per lane without SSE4.1. Lanes are selected
/// with `replacing(with:where:)` (one `blendv`/`and-andn-or`): bit-casting a `SIMDMask` to integers makes the
/// compiler rebuild the mask lane by lane. `Float.squareRoot()` is a `sqrtf` call per lane (errno); `sqrt`
/// below uses `sqrtps` on x86-64.
/// Errors are measured against the `Double` functions of Glibc by the kernel-vs-reference table in
/// `Tests/ColorKernelsTests/VectorMathTests.swift`.
public typealias Float8 = SIMD8<Float>
public typealias Int8x32 = SIMD8<Int32>
public typealias UInt8x32 = SIMD8<UInt32>

@usableFromInline let roundMagic: Float = 12_582_912  // 1.5 · 2²³

public enum VectorMath {
    // MARK: Bits and selection

    @_transparent
    public static func bits(_ v: Float8) -> UInt8x32 { unsafeBitCast(v, to: UInt8x32.self) }
    @_transparent
    public static func float(_ b: UInt8x32) -> Float8 { unsafeBitCast(b, to: Float8.self) }
    /// `m ? a : b` lane by lane: one `vblendvps` in the AVX2 build (`-D HUEBENCH_AVX2`), and-andnot-or on
    /// two SSE halves on baseline x86-64. Written with intrinsics because the standard library's
    /// `replacing(with:where:)` is a per-lane loop that the optimizer sometimes turns into per-lane branches.
    @_transparent
    public static func select(_ m: SIMDMask<Int8x32>, _ a: Float8, _ b: Float8) -> Float8 {
        #if HUEBENCH_AVX2
        return _mm256_blendv_ps(b, a, unsafeBitCast(m, to: Float8.self))
        #elseif arch(x86_64)
        let k = unsafeBitCast(m, to: Float8.self)
        let lo = _mm_or_ps(_mm_and_ps(k.lowHalf, a.lowHalf), _mm_andnot_ps(k.lowHalf, b.lowHalf))
        let hi = _mm_or_ps(_mm_and_ps(k.highHalf, a.highHalf), _mm_andnot_ps(k.highHalf, b.highHalf))
        return Float8(lowHalf: lo, highHalf: hi)
        #else
        return b.replacing(with: a, where: m)
        #endif
    }

    /// a·b + c: one fused `vfmadd` in the AVX2 build (`-D HUEBENCH_AVX2`, which implies FMA3), `a * b + c`
    /// (two roundings) elsewhere. Used in the polynomial and matrix steps of the hot kernels.
    @_transparent
    public static func fma(_ a: Float8, _ b: Float8, _ c: Float8) -> Float8 {
        #if HUEBENCH_AVX2
        return _mm256_fmadd_ps(a, b, c)
        #else
        return a * b + c
        #endif
    }
    @_transparent
    public static func fma(_ a: Float8, _ b: Float, _ c: Float) -> Float8 { fma(a, Float8(repeating: b), Float8(repeating: c)) }
    @_transparent
    public static func fma(_ a: Float8, _ b: Float, _ c: Float8) -> Float8 { fma(a, Float8(repeating: b), c) }
    @_transparent
    public static func fma(_ a: Float8, _ b: Float8, _ c: Float) -> Float8 { fma(a, b, Float8(repeating: c)) }

    /// Whether any lane of the mask is set (`movmskps`; the standard library's `any` reduces with a call).
    @_transparent
    public static func any(_ m: SIMDMask<Int8x32>) -> Bool {
        #if HUEBENCH_AVX2
        return _mm256_movemask_ps(unsafeBitCast(m, to: Float8.self)) != 0
        #elseif arch(x86_64)
        let k = unsafeBitCast(m, to: Float8.self)
        return _mm_movemask_ps(_mm_or_ps(k.lowHalf, k.highHalf)) != 0
        #else
        return Swift.any(m)
        #endif
    }

    /// `m ? 0 : v` lane by lane (one `andnot`).
    @_transparent
    public static func zeroWhere(_ m: SIMDMask<Int8x32>, _ v: Float8) -> Float8 {
        #if HUEBENCH_AVX2
        return _mm256_andnot_ps(unsafeBitCast(m, to: Float8.self), v)
        #elseif arch(x86_64)
        let k = unsafeBitCast(m, to: Float8.self)
        return Float8(lowHalf: _mm_andnot_ps(k.lowHalf, v.lowHalf), highHalf: _mm_andnot_ps(k.highHalf, v.highHalf))
        #else
        return v.replacing(with: 0, where: m)
        #endif
    }

    /// √x, exact (correctly rounded); NaN for x < 0. `sqrtps` on x86-64 (two halves, merged to one AVX
    /// instruction when the target has it).
    @_transparent
    public static func sqrt(_ x: Float8) -> Float8 {
        #if HUEBENCH_AVX2
        return _mm256_sqrt_ps(x)
        #elseif arch(x86_64)
        return Float8(lowHalf: _mm_sqrt_ps(x.lowHalf), highHalf: _mm_sqrt_ps(x.highHalf))
        #else
        return x.squareRoot()
        #endif
    }

    @_transparent
    public static func abs(_ v: Float8) -> Float8 { float(bits(v) & 0x7FFF_FFFF) }

    /// The sign bit of `s` applied to the magnitude of `v`.
    @_transparent
    public static func copysign(_ v: Float8, _ s: Float8) -> Float8 {
        float((bits(v) & 0x7FFF_FFFF) | (bits(s) & 0x8000_0000))
    }

    @_transparent
    public static func min(_ a: Float8, _ b: Float8) -> Float8 {
        // a < b ? a : b, which is exactly `minps` (b when either is NaN).
        #if HUEBENCH_AVX2
        return _mm256_min_ps(a, b)
        #elseif arch(x86_64)
        return Float8(lowHalf: _mm_min_ps(a.lowHalf, b.lowHalf), highHalf: _mm_min_ps(a.highHalf, b.highHalf))
        #else
        return select(a .< b, a, b)
        #endif
    }
    @_transparent
    public static func max(_ a: Float8, _ b: Float8) -> Float8 {
        // a > b ? a : b, which is exactly `maxps` (b when either is NaN).
        #if HUEBENCH_AVX2
        return _mm256_max_ps(a, b)
        #elseif arch(x86_64)
        return Float8(lowHalf: _mm_max_ps(a.lowHalf, b.lowHalf), highHalf: _mm_max_ps(a.highHalf, b.highHalf))
        #else
        return select(a .> b, a, b)
        #endif
    }
    @_transparent
    public static func clamp(_ v: Float8, _ lo: Float, _ hi: Float) -> Float8 {
        min(max(v, Float8(repeating: lo)), Float8(repeating: hi))
    }

    /// Round to nearest (ties to even), exact for |x| < 2²², by adding and subtracting 1.5·2²³.
    @_transparent
    public static func roundNearest(_ x: Float8) -> Float8 { (x + roundMagic) - roundMagic }

    /// Floor, exact for |x| < 2²².
    @_transparent
    public static func floor(_ x: Float8) -> Float8 {
        let r = roundNearest(x)
        return select(r .> x, r - 1, r)
    }

    // MARK: exp2, log2, pow

    /// 2^x. Domain: x in [−126, 127] (clamped outside: 0-ish and +large). Max relative error 2.4e-7.
    ///
    /// n = round(x), f = x − n in [−½, ½], 2^f by a degree-6 Taylor polynomial of e^(f·ln2), scaled by
    /// 2^n assembled in the exponent bits.
    @_transparent
    public static func exp2(_ x: Float8) -> Float8 {
        let xc = clamp(x, -126, 127)
        let t = xc + roundMagic
        let n = t - roundMagic
        let f = xc - n
        // e^(f ln2) = Σ (f ln2)^k / k!, coefficients ln2^k/k!
        let c6: Float = 1.5403530393381609e-4, c5: Float = 1.3333558146428443e-3, c4: Float = 9.618129107628477e-3
        let c3: Float = 5.550410866482158e-2, c2: Float = 0.2402265069591007, c1: Float = 0.6931471805599453
        var p = c6 * f + c5
        p = p * f + c4
        p = p * f + c3
        p = p * f + c2
        p = p * f + c1
        p = p * f + 1
        let scale = float((bits(t) &<< 23) &+ (127 << 23))
        return p * scale
    }

    /// log2(x). Domain: x > 0 normal (1.2e-38…3.4e38). Max absolute error 1.5e-7 (relative 1e-7 away from x = 1).
    /// Returns −∞-like large negatives for 0 and garbage for negatives (callers take |x|).
    ///
    /// x = 2^e · m with m in [√½, √2); ln m = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.1716, by the odd series
    /// to s⁹ (truncation < 1e-9).
    @_transparent
    public static func log2(_ x: Float8) -> Float8 {
        let b = bits(x)
        var m = float((b & 0x007F_FFFF) | 0x3F80_0000)
        var e = float((b &>> 23) | 0x4B00_0000) - (8_388_608 + 127)
        let big = m .> 1.41421356
        m = select(big, m * 0.5, m)
        e = select(big, e + 1, e)
        let s = (m - 1) / (m + 1)
        let z = s * s
        var p = z * (1.0 / 9.0) + (1.0 / 7.0)
        p = p * z + (1.0 / 5.0)
        p = p * z + (1.0 / 3.0)
        p = p * z + 1
        let ln = 2 * s * p
        return ln * 1.4426950408889634 + e
    }

    /// x^y for x ≥ 0 (0^y = 0 for y > 0). Domain: x in [1e-30, 1e30] ∪ {0}, |y·log2 x| ≤ 126.
    /// Max relative error ≈ 2.4e-7 + |y·log2 x|·1.1e-7 (≤ 2e-6 on the transfer-function domains).
    @_transparent
    public static func pow(_ x: Float8, _ y: Float) -> Float8 {
        let r = exp2(log2(x) * y)
        return select(x .<= 0, Float8(repeating: 0), r)
    }

    // MARK: sRGB curve

    /// The sRGB decoding power ((a + 0.055)/1.055)^2.4 for a in [0.04045, 1] (the non-linear piece on the
    /// sRGB gamut), by a (5, 4) rational minimax fit in a (no log/exp). Max relative error 4.1e-7 in Float
    /// (3.5e-8 in exact arithmetic). Lanes above 1 (extended range) take the general `pow` path (a branch per
    /// vector, only when some lane needs it).
    @_transparent
    public static func srgbDecodePower(_ a: Float8) -> Float8 {
        var p = fma(a, 5.020890189343335, 10.69131284491459)
        p = fma(p, a, 4.971118584883013)
        p = fma(p, a, 0.7449124069916474)
        p = fma(p, a, 0.0426072132399882)
        p = fma(p, a, 0.0008339636823203157)
        var q = fma(a, -0.09054470069608944, 2.188385395573053)
        q = fma(q, a, 10.893106108886618)
        q = fma(q, a, 7.480727651756047)
        q = fma(q, a, 1)
        let r = p / q
        let big = a .> 1
        if any(big) { return select(big, pow((a + 0.055) * Float(1 / 1.055), 2.4), r) }
        return r
    }

    // MARK: cbrt

    /// Cube root, sign-preserving, without division. Domain: |x| in [1e-30, 1e38] ∪ {0}. Max relative error
    /// 1e-7 (measured on 3·10⁶ log-spaced Floats). 0 gives 0; 0 < |x| < 1e-30 gives x·1e20 (below 1e-10).
    ///
    /// r ≈ |x|^(−1/3) from the exponent bits (bits(r) = 0x54A2FA8C − bits(|x|)/3, the division done in Float;
    /// 3.9 % off), two Newton steps r ← r·(4/3 − (|x|/3)·r³) (quadratic: 3e-3, 1.2e-5), y = x·r², then one
    /// Newton step on y itself, y ← y − (y³ − x)·r²/3 (1/(3y²) = r²/3). r is computed from max(|x|, 1e-30) so
    /// that it stays finite at 0.
    @_transparent
    public static func cbrt(_ x: Float8) -> Float8 {
        let a = max(abs(x), Float8(repeating: 1e-30))
        var r = float(0x54A2_FA8C &- toUInt32(uint32ToFloat(bits(a)) * Float(1.0 / 3.0)))
        let mthird = a * Float(-1.0 / 3.0)
        r = r * fma(mthird, r * r * r, Float(4.0 / 3.0))
        r = r * fma(mthird, r * r * r, Float(4.0 / 3.0))
        let r2 = r * r
        let y = x * r2
        return fma(fma(y * y, y, -x), r2 * Float(-1.0 / 3.0), y)
    }

    /// Lane-wise conversion of integers below 2³¹ to Float (`cvtdq2ps`).
    @_transparent
    public static func uint32ToFloat(_ b: UInt8x32) -> Float8 {
        #if HUEBENCH_AVX2
        return _mm256_cvtepi32_ps(unsafeBitCast(b, to: __m256i.self))
        #elseif arch(x86_64)
        let w = unsafeBitCast(b, to: SIMD8<Int32>.self)
        return Float8(lowHalf: _mm_cvtepi32_ps(unsafeBitCast(w.lowHalf, to: __m128i.self)),
                      highHalf: _mm_cvtepi32_ps(unsafeBitCast(w.highHalf, to: __m128i.self)))
        #else
        return Float8(SIMD8<Int32>(truncatingIfNeeded: b))
        #endif
    }

    /// Lane-wise truncation of non-negative Floats below 2³¹ to integers (`cvttps2dq`).
    @_transparent
    public static func toUInt32(_ v: Float8) -> UInt8x32 {
        #if HUEBENCH_AVX2
        return unsafeBitCast(_mm256_cvttps_epi32(v), to: UInt8x32.self)
        #elseif arch(x86_64)
        let lo = unsafeBitCast(_mm_cvttps_epi32(v.lowHalf), to: SIMD4<UInt32>.self)
        let hi = unsafeBitCast(_mm_cvttps_epi32(v.highHalf), to: SIMD4<UInt32>.self)
        return UInt8x32(lowHalf: lo, highHalf: hi)
        #else
        return UInt8x32(SIMD8<Int32>(v, rounding: .towardZero))
        #endif
    }

    // MARK: atan2, sincos, hypot

    /// atan2(y, x) in radians, (−π, π]. Domain: all finite (0, 0) → 0. Max absolute error 2.5e-7 rad, relative
    /// 2e-7 for results away from 0.
    ///
    /// a = min(|x|,|y|)/max(|x|,|y|) in [0, 1]; for a > tan(π/8) the argument is (a − 1)/(a + 1) and π/4 is added
    /// (one division either way); atan on |t| ≤ tan(π/8) by the Cephes `atanf` polynomial; then octant fix-ups.
    @_transparent
    public static func atan2(_ y: Float8, _ x: Float8) -> Float8 {
        let ax = abs(x), ay = abs(y)
        let mx = max(ax, ay), mn = min(ax, ay)
        let reduce = mn .> mx * 0.41421356237
        let num = select(reduce, mn - mx, mn)
        let den = max(select(reduce, mn + mx, mx), Float8(repeating: 1e-37))  // (0, 0) → t = 0
        let t = num / den
        let z = t * t
        var p = fma(z, 8.05374449538e-2, -1.38776856032e-1)
        p = fma(p, z, 1.99777106478e-1)
        p = fma(p, z, -3.33329491539e-1)
        var r = fma(p * z, t, t)
        r = select(reduce, r + 0.785398163397, r)
        r = select(ay .> ax, 1.57079632679 - r, r)
        r = select(x .< 0, 3.14159265359 - r, r)
        return copysign(r, y)
    }

    /// atan2(y, x) in degrees, in [0, 360) (the hue of (a, b) = (x, y)). Same method and error as `atan2`
    /// (1.5e-5° absolute), with the octant constants in degrees and the sign folded into 360 − r.
    @_transparent
    public static func atan2Degrees(_ y: Float8, _ x: Float8) -> Float8 {
        let ax = abs(x), ay = abs(y)
        let mx = max(ax, ay), mn = min(ax, ay)
        let reduce = mn .> mx * 0.41421356237
        let num = select(reduce, mn - mx, mn)
        let den = max(select(reduce, mn + mx, mx), Float8(repeating: 1e-37))
        let t = num / den
        let z = t * t
        var p = fma(z, 8.05374449538e-2, -1.38776856032e-1)
        p = fma(p, z, 1.99777106478e-1)
        p = fma(p, z, -3.33329491539e-1)
        let td = t * Float(180 / Double.pi)
        var r = fma(p * z, td, td)
        r = select(reduce, r + 45, r)
        r = select(ay .> ax, 90 - r, r)
        r = select(x .< 0, 180 - r, r)
        let h = select(y .< 0, 360 - r, r)
        return select(h .>= 360, h - 360, h)
    }

    /// sin and cos of an angle in degrees. Domain: |d| ≤ 10⁶. Max absolute error 1.2e-7.
    ///
    /// Reduction in degrees is exact: j = round(d/90), r = (d − 90j)·π/180 in [−π/4, π/4]; Cephes `sinf`/`cosf`
    /// polynomials; quadrant j mod 4 swaps and negates.
    @_transparent
    public static func sincosDegrees(_ d: Float8) -> (sin: Float8, cos: Float8) {
        let j = roundNearest(d * (1.0 / 90.0))
        let r = (d - j * 90) * 0.017453292519943295
        return sincosReduced(r, quadrant: j)
    }

    /// sin and cos of an angle in radians. Domain: |x| ≤ 8192. Max absolute error 2e-7.
    /// Cody–Waite reduction by π/2 with a three-part constant.
    @_transparent
    public static func sincos(_ x: Float8) -> (sin: Float8, cos: Float8) {
        let j = roundNearest(x * 0.63661977236758134)
        var r = x - j * 1.5703125
        r = r - j * 4.837512969970703125e-4
        r = r - j * 7.54978995489188216e-8
        return sincosReduced(r, quadrant: j)
    }

    @_transparent
    @usableFromInline static func sincosReduced(_ r: Float8, quadrant j: Float8) -> (sin: Float8, cos: Float8) {
        let z = r * r
        var s = z * -1.9515295891e-4 + 8.3321608736e-3
        s = s * z - 1.6666654611e-1
        s = s * z * r + r
        var c = z * 2.443315711809948e-5 - 1.388731625493765e-3
        c = c * z + 4.166664568298827e-2
        c = c * z * z - 0.5 * z + 1
        // quadrant q = j mod 4 in 0…3
        let q = j - 4 * floor(j * 0.25)
        let swap = (q .== 1) .| (q .== 3)
        let sinOut = select(swap, c, s)
        let cosOut = select(swap, s, c)
        let negSin = q .>= 2
        let negCos = (q .== 1) .| (q .== 2)
        return (select(negSin, -sinOut, sinOut), select(negCos, -cosOut, cosOut))
    }

    /// √(x² + y²). Domain: |x|, |y| ≤ 1e18 (no rescaling). Max relative error 1.2e-7.
    @_transparent
    public static func hypot(_ x: Float8, _ y: Float8) -> Float8 { sqrt(x * x + y * y) }
}
