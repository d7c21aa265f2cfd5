import ColorCore
import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorKernels

/// APCA clips |Sapc| < 0.1 to Lc 0, so |Lc| jumps from 0 to 7.3 there: at thresholds in (0, 7.3] a pair whose
/// Float32 Sapc lands on the other side of the clip than its Double Sapc would be miscounted. Pairs placed on the
/// clip (by bisection in Double) must count exactly as the Double path does, in `run` and `count(atLeast:)`.
struct APCAClipTests {
    static func sapc(text t: Double, background b: Double) -> Double {
        let yt = APCA.softClamp(APCA.luminance(srgb: SIMD3(repeating: t)))
        let yb = APCA.softClamp(APCA.luminance(srgb: SIMD3(repeating: b)))
        return yb > yt ? (pow(yb, APCA.normBG) - pow(yt, APCA.normTXT)) * APCA.scaleBoW
                       : (pow(yb, APCA.revBG) - pow(yt, APCA.revTXT)) * APCA.scaleWoB
    }

    /// The gray background whose Sapc against text gray `t` is `target` (bisection on the monotone side).
    static func root(text t: Double, target: Double, in range: ClosedRange<Double>) -> Double {
        var lo = range.lowerBound, hi = range.upperBound
        let increasing = target > 0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if (sapc(text: t, background: mid) < target) == increasing { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    @Test func countsAtThresholdsBelowTheClipAreExact() throws {
        var texts: [Double] = [], bgs: [Double] = []
        var g = SplitMix64(seed: 77)
        for _ in 0..<40 {
            let t = 0.15 + 0.7 * g.unit()
            texts.append(t)
            for r in [Self.root(text: t, target: 0.1, in: t...1), Self.root(text: t, target: -0.1, in: 0...t)] {
                let f = Float(r)
                let near: [Float] = [f, f.nextUp, f.nextDown, f.nextUp.nextUp, f.nextDown.nextDown]
                bgs += near.map { Double($0) }
            }
        }
        let tb = try ColorBuffer(interleaved: texts.flatMap { [$0, $0, $0] }, space: .srgb)
        let bb = try ColorBuffer(interleaved: bgs.flatMap { [$0, $0, $0] }, space: .srgb)
        let m = try ContrastMatrix(method: try Workbench.standard.pairMethod("apca"), text: tb, background: bb)
        let rows = texts.count, cols = bgs.count
        var refs: [Double] = []
        for i in 0..<rows { for j in 0..<cols { refs.append(abs(m.reference(i, j))) } }
        var out = [Float](repeating: 0, count: rows * cols)
        out.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 1) }
        let ths = [0.5, 5, 7.3, 7.2999, 7.3001, 15]
        // The case is real: on these pairs Float32 alone lands on the other side of the clip for some pairs.
        let naiveLow = out.filter { abs($0) >= 5 }.count, exactLow = refs.filter { $0 >= 5 }.count
        #expect(naiveLow != exactLow, "the clip pairs should need the recheck (\(naiveLow) vs \(exactLow))")
        let s = try m.run(thresholds: ths, worst: 0, threads: 2, blockBytes: cols * 4 * 7)
        for (k, th) in ths.enumerated() {
            let exact = refs.filter { $0 >= th }.count
            #expect(s.counts[k] == exact, "threshold \(th): run \(s.counts[k]) vs Double \(exact)")
            let c = out.withUnsafeBufferPointer { m.count(atLeast: th, values: $0.baseAddress!, firstRow: 0, rowCount: rows) }
            #expect(c == exact, "threshold \(th): count(atLeast:) \(c) vs Double \(exact)")
        }
    }
}
