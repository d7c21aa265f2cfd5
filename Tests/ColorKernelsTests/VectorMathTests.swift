import Foundation
import Testing
@testable import ColorKernels

/// The kernel-vs-reference table: every vector function on its documented domain against Glibc's Double
/// functions. Tolerance: 1e-5 relative (absolute where the row says so, for results that cross 0).
struct VectorMathTests {
    enum Metric: Sendable { case relative, absolute }
    struct Row: CustomStringConvertible, Sendable {
        let name: String
        let domain: ClosedRange<Double>
        let logSpaced: Bool
        let metric: Metric
        let bound: Double
        let kernel: @Sendable (Float8) -> Float8
        let reference: @Sendable (Double) -> Double
        var description: String { name }
    }

    static let rows: [Row] = [
        Row(name: "exp2", domain: -126...127, logSpaced: false, metric: .relative, bound: 1e-6,
            kernel: VectorMath.exp2, reference: { Foundation.exp2($0) }),
        Row(name: "log2", domain: 1e-30...1e30, logSpaced: true, metric: .relative, bound: 1e-6,
            kernel: VectorMath.log2, reference: { Foundation.log2($0) }),
        Row(name: "log2 near 1", domain: 0.5...2, logSpaced: false, metric: .absolute, bound: 1e-6,
            kernel: VectorMath.log2, reference: { Foundation.log2($0) }),
        Row(name: "pow 2.4 (sRGB decode)", domain: 0.04045...1, logSpaced: false, metric: .relative, bound: 1e-5,
            kernel: { VectorMath.pow($0, 2.4) }, reference: { Foundation.pow($0, 2.4) }),
        Row(name: "pow 1/2.4 (sRGB encode)", domain: 0.0031308...16, logSpaced: true, metric: .relative, bound: 1e-5,
            kernel: { VectorMath.pow($0, Float(1 / 2.4)) }, reference: { Foundation.pow($0, 1 / 2.4) }),
        Row(name: "pow 2.4 (rec2020 decode)", domain: 1e-6...4, logSpaced: true, metric: .relative, bound: 1e-5,
            kernel: { VectorMath.pow($0, 2.4) }, reference: { Foundation.pow($0, 2.4) }),
        Row(name: "pow 563/256 (a98)", domain: 1e-6...4, logSpaced: true, metric: .relative, bound: 1e-5,
            kernel: { VectorMath.pow($0, Float(563.0 / 256)) }, reference: { Foundation.pow($0, 563.0 / 256) }),
        Row(name: "pow 256/563 (a98 encode)", domain: 1e-6...16, logSpaced: true, metric: .relative, bound: 1e-5,
            kernel: { VectorMath.pow($0, Float(256.0 / 563)) }, reference: { Foundation.pow($0, 256.0 / 563) }),
        Row(name: "pow 1.8 (prophoto)", domain: 1.0 / 32...4, logSpaced: true, metric: .relative, bound: 1e-5,
            kernel: { VectorMath.pow($0, 1.8) }, reference: { Foundation.pow($0, 1.8) }),
        Row(name: "pow 1/1.8 (prophoto encode)", domain: 1.0 / 512...16, logSpaced: true, metric: .relative, bound: 1e-5,
            kernel: { VectorMath.pow($0, Float(1 / 1.8)) }, reference: { Foundation.pow($0, 1 / 1.8) }),
        Row(name: "cbrt", domain: 1e-30...1e30, logSpaced: true, metric: .relative, bound: 1e-6,
            kernel: VectorMath.cbrt, reference: { Foundation.cbrt($0) }),
        Row(name: "cbrt negative", domain: -8 ... -1e-12, logSpaced: false, metric: .relative, bound: 1e-6,
            kernel: VectorMath.cbrt, reference: { Foundation.cbrt($0) }),
        Row(name: "sin (degrees)", domain: -720...720, logSpaced: false, metric: .absolute, bound: 1e-6,
            kernel: { VectorMath.sincosDegrees($0).sin }, reference: { Foundation.sin($0 * .pi / 180) }),
        Row(name: "cos (degrees)", domain: -720...720, logSpaced: false, metric: .absolute, bound: 1e-6,
            kernel: { VectorMath.sincosDegrees($0).cos }, reference: { Foundation.cos($0 * .pi / 180) }),
        Row(name: "sin (radians)", domain: -100...100, logSpaced: false, metric: .absolute, bound: 1e-6,
            kernel: { VectorMath.sincos($0).sin }, reference: { Foundation.sin($0) }),
        Row(name: "cos (radians)", domain: -100...100, logSpaced: false, metric: .absolute, bound: 1e-6,
            kernel: { VectorMath.sincos($0).cos }, reference: { Foundation.cos($0) }),
    ]

    /// Samples of a domain: uniform or log-spaced, plus both ends.
    static func samples(_ row: Row, count: Int = 100_000) -> [Double] {
        var xs: [Double] = []
        let lo = row.domain.lowerBound, hi = row.domain.upperBound
        for i in 0...count {
            let t = Double(i) / Double(count)
            if row.logSpaced {
                let sign: Double = lo < 0 ? -1 : 1
                let a = Foundation.log(Swift.abs(lo)), b = Foundation.log(Swift.abs(hi))
                xs.append(sign * Foundation.exp(a + (b - a) * t))
            } else {
                xs.append(lo + (hi - lo) * t)
            }
        }
        return xs.map { Double(Float($0)) }  // the reference sees the Float input the kernel sees
    }

    @Test(arguments: rows)
    func kernelAgainstReference(_ row: Row) {
        let xs = Self.samples(row)
        var worst = 0.0, worstX = 0.0
        var i = 0
        while i < xs.count {
            var v = Float8(repeating: Float(xs[i]))
            for l in 0..<8 where i + l < xs.count { v[l] = Float(xs[i + l]) }
            let k = row.kernel(v)
            for l in 0..<8 where i + l < xs.count {
                let ref = row.reference(xs[i + l])
                let err = row.metric == .relative ? Swift.abs(Double(k[l]) - ref) / Swift.max(Swift.abs(ref), 1e-300)
                                                  : Swift.abs(Double(k[l]) - ref)
                if err > worst { worst = err; worstX = xs[i + l] }
            }
            i += 8
        }
        #expect(worst <= row.bound, "\(row.name): max error \(worst) at x = \(worstX)")
    }

    @Test func atan2AgainstReference() {
        // A grid over the plane, including the axes; relative error, or absolute 1e-6 rad near 0.
        var worst = 0.0
        let n = 301
        var ys: [Float] = [], xs: [Float] = []
        for a in 0..<n { for b in 0..<n {
            ys.append(Float(-1.5 + 3 * Double(a) / Double(n - 1))); xs.append(Float(-1.5 + 3 * Double(b) / Double(n - 1)))
        } }
        ys += [0, 0, 1, -1, 1e-20, -1e-20]; xs += [1, -1, 0, 0, -1, -1]
        var i = 0
        while i < xs.count {
            var y = Float8(repeating: 1), x = Float8(repeating: 1)
            for l in 0..<8 where i + l < xs.count { y[l] = ys[i + l]; x[l] = xs[i + l] }
            let r = VectorMath.atan2(y, x)
            for l in 0..<8 where i + l < xs.count {
                let ref = Foundation.atan2(Double(ys[i + l]), Double(xs[i + l]))
                let err = Swift.abs(Double(r[l]) - ref) / Swift.max(Swift.abs(ref), 0.1)
                worst = Swift.max(worst, err)
            }
            i += 8
        }
        #expect(worst <= 1e-5, "atan2 max error \(worst)")
        #expect(VectorMath.atan2(Float8(repeating: 0), Float8(repeating: 0))[0] == 0)
    }

    @Test func hypotAndEdgeCases() {
        let h = VectorMath.hypot(Float8(repeating: 3), Float8(repeating: 4))
        #expect(h[0] == 5)
        let z = VectorMath.cbrt(Float8(repeating: 0))
        #expect(z[0] == 0)
        #expect(VectorMath.pow(Float8(repeating: 0), 2.4)[0] == 0)
        #expect(VectorMath.pow(Float8(repeating: 1), 2.4)[0] == 1)
        #expect(Swift.abs(VectorMath.cbrt(Float8(repeating: -27))[0] + 3) < 1e-6)
    }
}
