import Foundation
import HuebenchTestSupport
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
        Row(name: "cbrt (OKLab LMS range)", domain: 0...1.5, logSpaced: false, metric: .absolute, bound: 2e-7,
            kernel: VectorMath.cbrt, reference: { Foundation.cbrt($0) }),
        Row(name: "sRGB decode power (rational)", domain: 0.04045...1, logSpaced: false, metric: .relative, bound: 1e-6,
            kernel: VectorMath.srgbDecodePower, reference: { Foundation.pow(($0 + 0.055) / 1.055, 2.4) }),
        Row(name: "sRGB decode power, extended (pow lanes)", domain: 0.5...8, logSpaced: false, metric: .relative, bound: 1e-5,
            kernel: VectorMath.srgbDecodePower, reference: { Foundation.pow(($0 + 0.055) / 1.055, 2.4) }),
        Row(name: "sqrt", domain: 1e-30...1e30, logSpaced: true, metric: .relative, bound: 1e-7,
            kernel: VectorMath.sqrt, reference: { Foundation.sqrt($0) }),
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

    @Test func atan2DegreesAgainstReference() {
        // Hue in [0, 360) over a grid of the (a, b) plane: within 2e-5° of the Double hue (circular distance).
        var worst = 0.0
        let n = 201
        for a in 0..<n {
            var y = Float8(), x = Float8()
            for b in 0..<8 {
                y[b] = Float(-0.4 + 0.8 * Double(a) / Double(n - 1))
                x[b] = Float(-0.4 + 0.8 * Double(b) / 7)
            }
            let h = VectorMath.atan2Degrees(y, x)
            for l in 0..<8 {
                #expect(h[l] >= 0 && h[l] < 360)
                if x[l] == 0 && y[l] == 0 { continue }
                var ref = Foundation.atan2(Double(y[l]), Double(x[l])) * 180 / .pi
                if ref < 0 { ref += 360 }
                let d = Swift.abs(Double(h[l]) - ref).truncatingRemainder(dividingBy: 360)
                worst = Swift.max(worst, Swift.min(d, 360 - d))
            }
        }
        #expect(worst <= 2e-5, "atan2Degrees max error \(worst)°")
    }

    /// The Double kernels of the gamut mapper: cbrt and sincos must match Glibc to a few ulp, so that the
    /// batch search takes the reference's decisions.
    @Test func doubleKernelsAgainstReference() {
        var worstCbrt = 0.0, worstCoarse = 0.0, worstSin = 0.0, worstCos = 0.0
        var g = SplitMix64(seed: 7)
        func unit() -> Double { g.unit() }
        for _ in 0..<50_000 {
            var x = Double4(), d = Double4()
            for l in 0..<4 {
                x[l] = (unit() < 0.5 ? -1 : 1) * Foundation.exp(Foundation.log(1e-30) + unit() * Foundation.log(1e60))
                d[l] = unit() * 720 - 360
            }
            let c = VectorMathDouble.cbrt(x), coarse = VectorMathDouble.cbrtCoarse(x), sc = VectorMathDouble.sincosDegrees(d)
            for l in 0..<4 {
                worstCbrt = Swift.max(worstCbrt, Swift.abs(c[l] - Foundation.cbrt(x[l])) / Swift.abs(Foundation.cbrt(x[l])))
                worstCoarse = Swift.max(worstCoarse, Swift.abs(coarse[l] - Foundation.cbrt(x[l])) / Swift.abs(Foundation.cbrt(x[l])))
                let r = d[l] * .pi / 180
                worstSin = Swift.max(worstSin, Swift.abs(sc.sin[l] - Foundation.sin(r)))
                worstCos = Swift.max(worstCos, Swift.abs(sc.cos[l] - Foundation.cos(r)))
            }
        }
        #expect(worstCbrt <= 1e-15, "Double cbrt max relative error \(worstCbrt)")
        // The coarse root's documented bound (the css4 decisions' ΔEOK error budget rests on it).
        #expect(worstCoarse <= 1.5e-9, "Double cbrtCoarse max relative error \(worstCoarse)")
        // Glibc is given d·π/180 rounded to Double (up to 7e-16 rad off for |d| ≤ 360), so compare at 2e-15.
        #expect(worstSin <= 2e-15 && worstCos <= 2e-15, "Double sincos max error \(worstSin), \(worstCos)")
        #expect(VectorMathDouble.cbrt(Double4(repeating: 0))[0] == 0)
        #expect(VectorMathDouble.sincosDegrees(Double4(90, 180, 270, 360)).cos[1] == -1)
    }

    /// The Float cube root of the css4 ΔEOK screen against Glibc's Double cbrt, over Floats spread
    /// log-uniformly on [1e-30, 1.02] (its documented 4.82e-7 comes from every Float there), plus 0.
    @Test func floatCubeRootWithinItsBound() {
        var g = SplitMix64(seed: 0xCB27)
        var worst = 0.0
        for _ in 0..<50_000 {
            var x = Float4()
            for l in 0..<4 { x[l] = Float(Foundation.exp(Foundation.log(1e-30) + g.unit() * Foundation.log(1.02e30))) }
            let c = VectorMathDouble.cbrtFloat(x)
            for l in 0..<4 {
                let want = Foundation.cbrt(Double(x[l]))
                worst = Swift.max(worst, Swift.abs(Double(c[l]) - want) / want)
            }
        }
        #expect(worst <= 4.82e-7 && worst > 1e-8, "Float cbrt max relative error \(worst)")
        #expect(VectorMathDouble.cbrtFloat(Float4(repeating: 0)) == Float4(repeating: 0))
    }

    /// The Double pow of the matrix's per-color terms against Glibc: the transfer-curve and APCA exponents over
    /// x in [1e-6, 1e4], plus the edge lanes that take Glibc's pow itself (0, negative, ±∞, NaN, tiny, huge).
    @Test func doublePowAgainstReference() {
        var worst = 0.0, worstExp2 = 0.0
        var g = SplitMix64(seed: 11)
        for y in [2.4, 1 / 2.4, 0.56, 0.57, 0.62, 0.65, 1.414, 1.8, 2.2] {
            for _ in 0..<20_000 {
                var x = Double4()
                for l in 0..<4 { x[l] = Foundation.exp(Foundation.log(1e-6) + g.unit() * Foundation.log(1e10)) }
                let p = VectorMathDouble.pow(x, y)
                for l in 0..<4 { worst = Swift.max(worst, Swift.abs(p[l] - Foundation.pow(x[l], y)) / Foundation.pow(x[l], y)) }
            }
        }
        for _ in 0..<20_000 {
            var t = Double4()
            for l in 0..<4 { t[l] = g.unit() * 200 - 100 }
            let e = VectorMathDouble.exp2(t)
            for l in 0..<4 { worstExp2 = Swift.max(worstExp2, Swift.abs(e[l] - Foundation.exp2(t[l])) / Foundation.exp2(t[l])) }
        }
        #expect(worst <= 8e-15, "Double pow max relative error \(worst)")
        #expect(worst > 0, "the polynomial path ran (not Glibc's pow)")
        #expect(worstExp2 <= 5e-16, "Double exp2 max relative error \(worstExp2)")
        let edge = Double4(0, -8, .infinity, 0x1p-1040)
        let pe = VectorMathDouble.pow(edge, 2.4)
        for l in 0..<4 { #expect(pe[l] == Foundation.pow(edge[l], 2.4) || (pe[l].isNaN && Foundation.pow(edge[l], 2.4).isNaN)) }
        let pn = VectorMathDouble.pow(Double4(.nan, 0x1p1010, 1, 0), 0.5)
        #expect(pn[0].isNaN && pn[1] == 0x1p505 && pn[2] == 1 && pn[3] == 0)
        #expect(VectorMathDouble.pow(Double4(repeating: 0), -1)[0] == .infinity)
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
