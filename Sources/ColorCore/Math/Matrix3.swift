/// A row-major 3×3 Double matrix for the linear steps of color conversions.
public struct Matrix3: Sendable, Equatable {
    public var r0: SIMD3<Double>, r1: SIMD3<Double>, r2: SIMD3<Double>

    public init(_ rows: [[Double]]) {
        precondition(rows.count == 3 && rows.allSatisfy { $0.count == 3 }, "Matrix3 needs 3×3 values")
        r0 = SIMD3(rows[0][0], rows[0][1], rows[0][2])
        r1 = SIMD3(rows[1][0], rows[1][1], rows[1][2])
        r2 = SIMD3(rows[2][0], rows[2][1], rows[2][2])
    }

    public init(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) {
        self.r0 = r0; self.r1 = r1; self.r2 = r2
    }

    /// The nine entries, row by row.
    public var entries: [Double] { [r0.x, r0.y, r0.z, r1.x, r1.y, r1.z, r2.x, r2.y, r2.z] }

    public static func * (m: Matrix3, v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.r0 * v).sum(), (m.r1 * v).sum(), (m.r2 * v).sum())
    }

    public static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        let c0 = SIMD3(b.r0.x, b.r1.x, b.r2.x), c1 = SIMD3(b.r0.y, b.r1.y, b.r2.y), c2 = SIMD3(b.r0.z, b.r1.z, b.r2.z)
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> { SIMD3((r * c0).sum(), (r * c1).sum(), (r * c2).sum()) }
        return Matrix3(rows: row(a.r0), row(a.r1), row(a.r2))
    }

    /// The inverse by cofactors (the matrices here are well conditioned).
    public var inverse: Matrix3 {
        let a = r0, b = r1, c = r2
        let x0 = SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y)
        let x1 = SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z)
        let x2 = SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x)
        let det = a.x * x0.x + a.y * x1.x + a.z * x2.x
        return Matrix3(rows: x0 / det, x1 / det, x2 / det)
    }
}
