/// Vector math on `SIMD8<Float>`: the elementary functions the conversion kernels need, branch-free
/// (lanes are selected with masks), with a stated domain and maximum error each.
///
/// Every function is written with plain `+ - * /`, bit casts and comparisons, so that it compiles to packed
/// instructions on baseline x86-64 (SSE2, two halves) as well as AVX2 (one register). Rounding uses the
/// 1.5·2²³ trick rather than `rounded()`, which is a library call per lane without SSE4.1.
/// Errors are measured against the `Double` functions of Glibc by the kernel-vs-reference table in
/// `Tests/ColorKernelsTests/VectorMathTests.swift`.
public typealias Float8 = SIMD8<Float>
public typealias Int8x32 = SIMD8<Int32>
public typealias UInt8x32 = SIMD8<UInt32>

@usableFromInline let roundMagic: Float = 12_582_912  // 1.5 · 2²³

public enum VectorMath {
    // MARK: Bits and selection

    @inlinable @inline(__always)
    public static func bits(_ v: Float8) -> UInt8x32 { unsafeBitCast(v, to: UInt8x32.self) }
    @inlinable @inline(__always)
    public static func float(_ b: UInt8x32) -> Float8 { unsafeBitCast(b, to: Float8.self) }
    @inlinable @inline(__always)
    static func maskBits(_ m: SIMDMask<Int8x32>) -> UInt8x32 { unsafeBitCast(m, to: UInt8x32.self) }

    /// `m ? a : b` lane by lane.
    @inlinable @inline(__always)
    public static func select(_ m: SIMDMask<Int8x32>, _ a: Float8, _ b: Float8) -> Float8 {
        let k = maskBits(m)
        return float((bits(a) & k) | (bits(b) & ~k))
    }

    @inlinable @inline(__always)
    public static func abs(_ v: Float8) -> Float8 { float(bits(v) & 0x7FFF_FFFF) }

    /// The sign bit of `s` applied to the magnitude of `v`.
    @inlinable @inline(__always)
    public static func copysign(_ v: Float8, _ s: Float8) -> Float8 {
        float((bits(v) & 0x7FFF_FFFF) | (bits(s) & 0x8000_0000))
    }

    @inlinable @inline(__always)
    public static func min(_ a: Float8, _ b: Float8) -> Float8 { select(a .< b, a, b) }
    @inlinable @inline(__always)
    public static func max(_ a: Float8, _ b: Float8) -> Float8 { select(a .> b, a, b) }
    @inlinable @inline(__always)
    public static func clamp(_ v: Float8, _ lo: Float, _ hi: Float) -> Float8 {
        min(max(v, Float8(repeating: lo)), Float8(repeating: hi))
    }

    /// Round to nearest (ties to even), exact for |x| < 2²², by adding and subtracting 1.5·2²³.
    @inlinable @inline(__always)
    public static func roundNearest(_ x: Float8) -> Float8 { (x + roundMagic) - roundMagic }

    /// Floor, exact for |x| < 2²².
    @inlinable @inline(__always)
    public static func floor(_ x: Float8) -> Float8 {
        let r = roundNearest(x)
        return select(r .> x, r - 1, r)
    }

    // MARK: exp2, log2, pow

    /// 2^x. Domain: x in [−126, 127] (clamped outside: 0-ish and +large). Max relative error 2.4e-7.
    ///
    /// n = round(x), f = x − n in [−½, ½], 2^f by a degree-6 Taylor polynomial of e^(f·ln2), scaled by
    /// 2^n assembled in the exponent bits.
    @inlinable @inline(__always)
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
    @inlinable @inline(__always)
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
    @inlinable @inline(__always)
    public static func pow(_ x: Float8, _ y: Float) -> Float8 {
        let r = exp2(log2(x) * y)
        return select(x .<= 0, Float8(repeating: 0), r)
    }

    // MARK: cbrt

    /// Cube root, sign-preserving. Domain: |x| in [1.2e-38, 3.4e38] ∪ {0}. Max relative error 1.2e-7.
    ///
    /// |x| = 2^e · m with m in [1, 2); e = 3k + r; first guess 2^k · 2^(r/3) · q(m) with a quadratic q
    /// (1.3e-3 off), then one Halley step y ← y·(y³ + 2a)/(2y³ + a) (cubic convergence: ≈ 2e-9).
    @inlinable @inline(__always)
    public static func cbrt(_ x: Float8) -> Float8 {
        let a = abs(x)
        let b = bits(a)
        let m = float((b & 0x007F_FFFF) | 0x3F80_0000)
        let e = float((b &>> 23) | 0x4B00_0000) - (8_388_608 + 127)
        let k = floor((e + 0.5) * (1.0 / 3.0))
        let r = e - 3 * k
        var q = m * -0.05863781317588012 + 0.4335672380061075
        q = q * m + 0.6263522077802741
        q = select(r .== 1, q * 1.2599210498948732, select(r .== 2, q * 1.5874010519681994, q))
        let scale = float((bits(k + roundMagic) &<< 23) &+ (127 << 23))
        var y = q * scale
        let y3 = y * y * y
        y = y * ((y3 + 2 * a) / (2 * y3 + a))
        y = select(a .== 0, Float8(repeating: 0), y)
        return copysign(y, x)
    }

    // MARK: atan2, sincos, hypot

    /// atan2(y, x) in radians, (−π, π]. Domain: all finite (0, 0) → 0. Max absolute error 2.5e-7 rad, relative
    /// 2e-7 for results away from 0.
    ///
    /// a = min(|x|,|y|)/max(|x|,|y|) in [0, 1]; for a > tan(π/8) the argument is (a − 1)/(a + 1) and π/4 is added
    /// (one division either way); atan on |t| ≤ tan(π/8) by the Cephes `atanf` polynomial; then octant fix-ups.
    @inlinable @inline(__always)
    public static func atan2(_ y: Float8, _ x: Float8) -> Float8 {
        let ax = abs(x), ay = abs(y)
        let mx = max(ax, ay), mn = min(ax, ay)
        let reduce = mn .> mx * 0.41421356237
        let num = select(reduce, mn - mx, mn)
        let den = select(reduce, mn + mx, mx)
        let t = num / select(den .== 0, Float8(repeating: 1), den)
        let z = t * t
        var p = z * 8.05374449538e-2 - 1.38776856032e-1
        p = p * z + 1.99777106478e-1
        p = p * z - 3.33329491539e-1
        var r = p * z * t + t
        r = select(reduce, r + 0.785398163397, r)
        r = select(ay .> ax, 1.57079632679 - r, r)
        r = select(x .< 0, 3.14159265359 - r, r)
        return copysign(r, y)
    }

    /// sin and cos of an angle in degrees. Domain: |d| ≤ 10⁶. Max absolute error 1.2e-7.
    ///
    /// Reduction in degrees is exact: j = round(d/90), r = (d − 90j)·π/180 in [−π/4, π/4]; Cephes `sinf`/`cosf`
    /// polynomials; quadrant j mod 4 swaps and negates.
    @inlinable @inline(__always)
    public static func sincosDegrees(_ d: Float8) -> (sin: Float8, cos: Float8) {
        let j = roundNearest(d * (1.0 / 90.0))
        let r = (d - j * 90) * 0.017453292519943295
        return sincosReduced(r, quadrant: j)
    }

    /// sin and cos of an angle in radians. Domain: |x| ≤ 8192. Max absolute error 2e-7.
    /// Cody–Waite reduction by π/2 with a three-part constant.
    @inlinable @inline(__always)
    public static func sincos(_ x: Float8) -> (sin: Float8, cos: Float8) {
        let j = roundNearest(x * 0.63661977236758134)
        var r = x - j * 1.5703125
        r = r - j * 4.837512969970703125e-4
        r = r - j * 7.54978995489188216e-8
        return sincosReduced(r, quadrant: j)
    }

    @inlinable @inline(__always)
    static func sincosReduced(_ r: Float8, quadrant j: Float8) -> (sin: Float8, cos: Float8) {
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
    @inlinable @inline(__always)
    public static func hypot(_ x: Float8, _ y: Float8) -> Float8 { (x * x + y * y).squareRoot() }
}
