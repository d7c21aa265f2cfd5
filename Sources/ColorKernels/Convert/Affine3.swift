import ColorCore

/// A 3×3 matrix and offset in Float, as twelve stored scalars (no array: kernels read it without ARC).
public struct Float3x4: Sendable, Equatable {
    public var m00: Float, m01: Float, m02: Float, o0: Float
    public var m10: Float, m11: Float, m12: Float, o1: Float
    public var m20: Float, m21: Float, m22: Float, o2: Float

    public init(_ m: Matrix3, _ o: SIMD3<Double>) {
        m00 = Float(m.r0.x); m01 = Float(m.r0.y); m02 = Float(m.r0.z); o0 = Float(o.x)
        m10 = Float(m.r1.x); m11 = Float(m.r1.y); m12 = Float(m.r1.z); o1 = Float(o.y)
        m20 = Float(m.r2.x); m21 = Float(m.r2.y); m22 = Float(m.r2.z); o2 = Float(o.z)
    }

    /// M·(x, y, z) + o on eight colors, written `a * b + c` so that it contracts to FMA where the target has it.
    @_transparent
    public func apply(_ x: Float8, _ y: Float8, _ z: Float8) -> (Float8, Float8, Float8) {
        typealias V = VectorMath
        return (V.fma(x, m00, V.fma(y, m01, V.fma(z, m02, o0))),
                V.fma(x, m10, V.fma(y, m11, V.fma(z, m12, o1))),
                V.fma(x, m20, V.fma(y, m21, V.fma(z, m22, o2))))
    }

    /// M·(x, y, z) without the offset.
    @_transparent
    public func linear(_ x: Float8, _ y: Float8, _ z: Float8) -> (Float8, Float8, Float8) {
        typealias V = VectorMath
        return (V.fma(x, m00, V.fma(y, m01, z * m02)), V.fma(x, m10, V.fma(y, m11, z * m12)),
                V.fma(x, m20, V.fma(y, m21, z * m22)))
    }
}

/// An affine map v ↦ M·v + o in Float, for the fused matrix steps of batch conversion.
public struct Affine3: Sendable, Equatable {
    /// Row-major Double matrix and offset (composition is done in Double, then rounded once).
    public var m: Matrix3
    public var o: SIMD3<Double>

    /// The nine entries and three offsets rounded to Float once.
    public let f: Float3x4

    public init(_ m: Matrix3, offset o: SIMD3<Double> = .zero) {
        self.m = m; self.o = o
        f = Float3x4(m, o)
    }

    public static func diagonal(_ d: SIMD3<Double>) -> Affine3 {
        Affine3(Matrix3(rows: SIMD3(d.x, 0, 0), SIMD3(0, d.y, 0), SIMD3(0, 0, d.z)))
    }

    /// `self` after `first`: v ↦ M·(M₁·v + o₁) + o.
    public func after(_ first: Affine3) -> Affine3 { Affine3(m * first.m, offset: m * first.o + o) }

    var isIdentity: Bool { m == Matrix3(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)) && o == .zero }
}
