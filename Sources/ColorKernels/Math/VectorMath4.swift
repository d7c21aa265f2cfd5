#if arch(x86_64) && !HUEBENCH_AVX2
import _Builtin_intrinsics.intel

/// The functions of `VectorMath` that the fused sRGB → OKLCH / LCH loop needs, on one SSE register
/// (`SIMD4<Float>`), for the portable x86-64 build (SSE2, no FMA).
///
/// Same formulas, constants and order of operations as the `Float8` versions (so the results are bit-identical,
/// and the accuracy is the one `VectorMath` documents and `VectorMathTests` checks). Why a second copy: on
/// baseline x86-64 a `SIMD8<Float>` is two SSE registers, and LLVM's legalization of the 8-wide operations
/// sometimes splits them lane by lane (scalar `mulss`/`addss` chains with shuffles around them) and spills;
/// written on the legal 4-wide type the loop compiles to straight packed code.
@usableFromInline typealias UInt4x32 = SIMD4<UInt32>

@usableFromInline enum VectorMath4 {
    @_transparent static func bits(_ v: Float4) -> UInt4x32 { unsafeBitCast(v, to: UInt4x32.self) }
    @_transparent static func float(_ b: UInt4x32) -> Float4 { unsafeBitCast(b, to: Float4.self) }
    @_transparent static func select(_ m: SIMDMask<SIMD4<Int32>>, _ a: Float4, _ b: Float4) -> Float4 {
        let k = unsafeBitCast(m, to: Float4.self)
        return _mm_or_ps(_mm_and_ps(k, a), _mm_andnot_ps(k, b))
    }
    @_transparent static func any(_ m: SIMDMask<SIMD4<Int32>>) -> Bool {
        _mm_movemask_ps(unsafeBitCast(m, to: Float4.self)) != 0
    }
    @_transparent static func min(_ a: Float4, _ b: Float4) -> Float4 { _mm_min_ps(a, b) }
    @_transparent static func max(_ a: Float4, _ b: Float4) -> Float4 { _mm_max_ps(a, b) }
    @_transparent static func sqrt(_ x: Float4) -> Float4 { _mm_sqrt_ps(x) }
    @_transparent static func abs(_ v: Float4) -> Float4 { float(bits(v) & 0x7FFF_FFFF) }
    @_transparent static func copysign(_ v: Float4, _ s: Float4) -> Float4 {
        float((bits(v) & 0x7FFF_FFFF) | (bits(s) & 0x8000_0000))
    }
    @_transparent static func uint32ToFloat(_ b: UInt4x32) -> Float4 { _mm_cvtepi32_ps(unsafeBitCast(b, to: __m128i.self)) }
    @_transparent static func toUInt32(_ v: Float4) -> UInt4x32 { unsafeBitCast(_mm_cvttps_epi32(v), to: UInt4x32.self) }

    /// `VectorMath.srgbDecodePower` on four lanes in [0, 1] (`srgbDecode` sends the others out of line).
    @_transparent static func srgbDecodePower(_ a: Float4) -> Float4 {
        var p = a * 5.020890189343335 + 10.69131284491459
        p = p * a + 4.971118584883013
        p = p * a + 0.7449124069916474
        p = p * a + 0.0426072132399882
        p = p * a + 0.0008339636823203157
        var q = a * -0.09054470069608944 + 2.188385395573053
        q = q * a + 10.893106108886618
        q = q * a + 7.480727651756047
        q = q * a + 1
        return p / q
    }

    /// `ConvertKernel.srgbDecode` on four lanes. The common case, every lane in [+0, 1], is tested first and
    /// takes the rational alone (no sign or NaN handling); a vector with a lane outside (negative, above 1 or
    /// NaN: rare) goes whole through the `Float8` decode out of line. The test is on the bits: a lane is outside
    /// when its sign bit is set or its bits, read as an integer, exceed those of 1. (A branch after the
    /// rational, rather than before it, makes LLVM scalarize the rational.)
    @_transparent static func srgbDecode(_ v: Float4) -> Float4 {
        let one = unsafeBitCast(UInt4x32(repeating: 0x3F80_0000), to: __m128i.self)
        let above = unsafeBitCast(_mm_cmpgt_epi32(unsafeBitCast(v, to: __m128i.self), one), to: Float4.self)
        if _mm_movemask_ps(_mm_or_ps(above, v)) != 0 { return srgbDecodeSlow(v) }
        return select(v .<= 0.04045, v * Float(1 / 12.92), srgbDecodePower(v))
    }

    /// `ConvertKernel.srgbDecode` (the `Float8` decode: sign, NaN → 0, `pow` lanes above 1) on four lanes.
    @inline(never) static func srgbDecodeSlow(_ v: Float4) -> Float4 {
        ConvertKernel.srgbDecode(Float8(lowHalf: v, highHalf: v)).lowHalf
    }

    /// `VectorMath.cbrt` on four lanes.
    @_transparent static func cbrt(_ x: Float4) -> Float4 {
        let a = max(abs(x), Float4(repeating: 1e-30))
        var r = float(0x54A2_FA8C &- toUInt32(uint32ToFloat(bits(a)) * Float(1.0 / 3.0)))
        let mthird = a * Float(-1.0 / 3.0)
        r = r * (mthird * (r * r * r) + Float(4.0 / 3.0))
        r = r * (mthird * (r * r * r) + Float(4.0 / 3.0))
        let r2 = r * r
        let y = x * r2
        return ((y * y) * y + -x) * (r2 * Float(-1.0 / 3.0)) + y
    }

    /// `ConvertKernel.labF` on four lanes.
    @_transparent static func labF(_ t: Float4, eps: Float, kappa: Float) -> Float4 {
        select(t .> eps, cbrt(t), (t * kappa + 16) * Float(1.0 / 116))
    }

    /// `VectorMath.atan2Degrees` on four lanes.
    @_transparent static func atan2Degrees(_ y: Float4, _ x: Float4) -> Float4 {
        let ax = abs(x), ay = abs(y)
        let mx = max(ax, ay), mn = min(ax, ay)
        let reduce = mn .> mx * 0.41421356237
        let num = select(reduce, mn - mx, mn)
        let den = max(select(reduce, mn + mx, mx), Float4(repeating: 1e-37))
        let t = num / den
        let z = t * t
        var p = z * 8.05374449538e-2 + -1.38776856032e-1
        p = p * z + 1.99777106478e-1
        p = p * z + -3.33329491539e-1
        let td = t * Float(180 / Double.pi)
        var r = (p * z) * td + td
        r = select(reduce, r + 45, r)
        r = select(ay .> ax, 90 - r, r)
        r = select(x .< 0, 180 - r, r)
        let h = select(y .< 0, 360 - r, r)
        return select(h .>= 360, h - 360, h)
    }
}

extension Float3x4 {
    /// `apply` on four colors.
    @_transparent
    func apply4(_ x: Float4, _ y: Float4, _ z: Float4) -> (Float4, Float4, Float4) {
        (x * m00 + (y * m01 + (z * m02 + o0)),
         x * m10 + (y * m11 + (z * m12 + o1)),
         x * m20 + (y * m21 + (z * m22 + o2)))
    }
}
#endif
