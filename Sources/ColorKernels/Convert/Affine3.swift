import ColorCore

/// An affine map v ↦ M·v + o in Float, for the fused matrix steps of batch conversion.
public struct Affine3: Sendable, Equatable {
    /// Row-major Double matrix and offset (composition is done in Double, then rounded once).
    public var m: Matrix3
    public var o: SIMD3<Double>

    /// The nine entries and three offsets rounded to Float once.
    public let f: [Float]

    public init(_ m: Matrix3, offset o: SIMD3<Double> = .zero) {
        self.m = m; self.o = o
        f = m.entries.map(Float.init) + [Float(o.x), Float(o.y), Float(o.z)]
    }

    public static func diagonal(_ d: SIMD3<Double>) -> Affine3 {
        Affine3(Matrix3(rows: SIMD3(d.x, 0, 0), SIMD3(0, d.y, 0), SIMD3(0, 0, d.z)))
    }

    /// `self` after `first`: v ↦ M·(M₁·v + o₁) + o.
    public func after(_ first: Affine3) -> Affine3 { Affine3(m * first.m, offset: m * first.o + o) }

    var isIdentity: Bool { m == Matrix3(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)) && o == .zero }

    /// Applies the map to planes in place over `range` (whole vectors; the buffer's padding absorbs the tail).
    @inlinable
    func apply(_ p0: UnsafeMutablePointer<Float>, _ p1: UnsafeMutablePointer<Float>, _ p2: UnsafeMutablePointer<Float>,
               _ range: Range<Int>) {
        let a = f
        let m00 = a[0], m01 = a[1], m02 = a[2], m10 = a[3], m11 = a[4], m12 = a[5], m20 = a[6], m21 = a[7], m22 = a[8]
        let o0 = a[9], o1 = a[10], o2 = a[11]
        var i = range.lowerBound
        while i < range.upperBound {
            let x = load8(p0, i), y = load8(p1, i), z = load8(p2, i)
            store8(p0, i, x * m00 + (y * m01 + (z * m02 + o0)))
            store8(p1, i, x * m10 + (y * m11 + (z * m12 + o1)))
            store8(p2, i, x * m20 + (y * m21 + (z * m22 + o2)))
            i += 8
        }
    }
}
