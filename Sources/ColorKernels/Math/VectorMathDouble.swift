/// The few `SIMD4<Double>` functions the gamut mapper needs (its binary search runs in Double so that its
/// decisions match the Double reference). Same methods as `VectorMath`, same conventions.
public typealias Double4 = SIMD4<Double>

public enum VectorMathDouble {
    @usableFromInline static let roundMagic: Double = 6_755_399_441_055_744  // 1.5 · 2⁵²

    @inlinable @inline(__always)
    static func bits(_ v: Double4) -> SIMD4<UInt64> { unsafeBitCast(v, to: SIMD4<UInt64>.self) }
    @inlinable @inline(__always)
    static func double(_ b: SIMD4<UInt64>) -> Double4 { unsafeBitCast(b, to: Double4.self) }

    @inlinable @inline(__always)
    public static func select(_ m: SIMDMask<SIMD4<Int64>>, _ a: Double4, _ b: Double4) -> Double4 {
        let k = unsafeBitCast(m, to: SIMD4<UInt64>.self)
        return double((bits(a) & k) | (bits(b) & ~k))
    }
    @inlinable @inline(__always)
    public static func min(_ a: Double4, _ b: Double4) -> Double4 { select(a .< b, a, b) }
    @inlinable @inline(__always)
    public static func max(_ a: Double4, _ b: Double4) -> Double4 { select(a .> b, a, b) }
    @inlinable @inline(__always)
    public static func abs(_ v: Double4) -> Double4 { double(bits(v) & 0x7FFF_FFFF_FFFF_FFFF) }

    /// Floor, exact for |x| < 2⁵¹.
    @inlinable @inline(__always)
    public static func floor(_ x: Double4) -> Double4 {
        let r = (x + roundMagic) - roundMagic
        return select(r .> x, r - 1, r)
    }

    /// Cube root, sign-preserving. Domain: |x| in [2.2e-308, 1.8e308] ∪ {0}. Max relative error 2.2e-16.
    /// First guess 2^k · 2^(r/3) · q(m) (1.3e-3 off), then two Halley steps (≈ 2e-9, then exact).
    @inlinable @inline(__always)
    public static func cbrt(_ x: Double4) -> Double4 {
        let a = abs(x)
        let b = bits(a)
        let m = double((b & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
        let e = double((b &>> 52) | 0x4330_0000_0000_0000) - (4_503_599_627_370_496 + 1023)
        let k = floor((e + 0.5) * (1.0 / 3.0))
        let r = e - 3 * k
        var q = m * -0.05863781317588012 + 0.4335672380061075
        q = q * m + 0.6263522077802741
        q = select(r .== 1, q * 1.2599210498948732, select(r .== 2, q * 1.5874010519681994, q))
        let scale = double((bits(k + roundMagic) &<< 52) &+ (1023 << 52))
        var y = q * scale
        var y3 = y * y * y
        y = y * ((y3 + 2 * a) / (2 * y3 + a))
        y3 = y * y * y
        y = y * ((y3 + 2 * a) / (2 * y3 + a))
        y = select(a .== 0, Double4(repeating: 0), y)
        return double((bits(y) & 0x7FFF_FFFF_FFFF_FFFF) | (bits(x) & 0x8000_0000_0000_0000))
    }
}
