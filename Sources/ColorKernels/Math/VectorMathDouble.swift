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
    /// A Float estimate of |x|^(−1/3) (exponent-bit guess and two Newton steps: 1.2e-5), one Newton step in
    /// Double (3e-10), y = x·r², and one Newton step on y, y ← y − (y³ − x)·r²/3. No division.
    @_transparent
    public static func cbrt(_ x: Double4) -> Double4 {
        let a = min(max(abs(x), Double4(repeating: 1e-30)), Double4(repeating: 1e30))
        let af = toFloat(a)
        let thirdF = af * Float(1.0 / 3.0)
        let b = unsafeBitCast(af, to: SIMD4<Int32>.self)
        #if arch(x86_64)
        let bf = _mm_cvtepi32_ps(unsafeBitCast(b, to: __m128i.self)) * Float(1.0 / 3.0)
        var rf = unsafeBitCast(0x54A2_FA8C &- unsafeBitCast(_mm_cvttps_epi32(bf), to: SIMD4<Int32>.self), to: Float4.self)
        #else
        var rf = unsafeBitCast(0x54A2_FA8C &- SIMD4<Int32>(Float4(b) * Float(1.0 / 3.0), rounding: .towardZero), to: Float4.self)
        #endif
        rf = rf * (Float(4.0 / 3.0) - thirdF * (rf * rf * rf))
        rf = rf * (Float(4.0 / 3.0) - thirdF * (rf * rf * rf))
        var r = toDouble(rf)
        r = r * (4.0 / 3.0 - (a * (1.0 / 3.0)) * (r * r * r))
        let r2 = r * r
        let y = x * r2
        return y - (y * y * y - x) * (r2 * (1.0 / 3.0))
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
