import ColorCore
import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorKernels

/// Long batch work stops at a `Deadline` (polled once per block, never per item) and gives the same result as
/// before when it has time. A cancelled deadline stands in for one that has passed (no test waits on a clock).
struct DeadlineTests {
    static func cancelled() -> Deadline { let d = Deadline.none(); d.cancel(); return d }

    @Test func forChunksRunsEveryChunkOrThrows() throws {
        let hits = UnsafeMutablePointer<Int>.allocate(capacity: 1000)
        defer { hits.deallocate() }
        hits.initialize(repeating: 0, count: 1000)
        let box = UncheckedBox(hits)
        try Parallel.forChunks(count: 1000, chunk: 7, threads: 0, deadline: .none()) { r in for i in r { box.value[i] += 1 } }
        #expect((0..<1000).allSatisfy { hits[$0] == 1 })
        #expect(throws: DeadlineExceeded.self) {
            try Parallel.forChunks(count: 1000, chunk: 7, threads: 0, deadline: Self.cancelled()) { _ in }
        }
    }

    @Test func smallestMagnitudesIsASortedSelectionAndStops() throws {
        var g = SplitMix64(seed: 14)
        let n = 200_000
        let v = (0..<n).map { _ in Float(g.unit() * 2 - 1).rounded(.down) + Float(Int(g.next() % 1000)) / 1000 }
        let k = 70_000
        let got = try v.withUnsafeBufferPointer { try ContrastMatrix.smallestMagnitudes($0.baseAddress!, count: n, k: k, deadline: .none()) }
        let want = Array((0..<n).sorted { abs(v[$0]) < abs(v[$1]) || (abs(v[$0]) == abs(v[$1]) && $0 < $1) }.prefix(k))
        #expect(got == want)
        let heap = try v.withUnsafeBufferPointer { try ContrastMatrix.heapSmallestMagnitudes($0.baseAddress!, count: n, k: k) }
        #expect(heap == want)
        // Signed zeros are one magnitude (ties by index), NaN comes last, k past n is every value.
        let odd: [Float] = [.nan, -0.0, 3, .infinity, 0, -2, -.infinity, 2]
        let order = try odd.withUnsafeBufferPointer { try ContrastMatrix.smallestMagnitudes($0.baseAddress!, count: 8, k: 100) }
        #expect(order == [1, 4, 5, 7, 2, 3, 6, 0])
        #expect(throws: DeadlineExceeded.self) {
            _ = try v.withUnsafeBufferPointer { try ContrastMatrix.smallestMagnitudes($0.baseAddress!, count: n, k: k, deadline: Self.cancelled()) }
        }
    }

    @Test func csvTextStops() throws {
        let v: [Float] = (0..<300_000).map { Float($0) / 7 }
        let full = try v.withUnsafeBufferPointer { try MatrixWriter.csvText($0.baseAddress!, rows: 300, columns: 1000, deadline: .none()) }
        let plain = try v.withUnsafeBufferPointer { try MatrixWriter.csvText($0.baseAddress!, rows: 300, columns: 1000) }
        #expect(full == plain)
        let lines = String(decoding: full, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 300 && lines[1].split(separator: ",").first.map { Float(String($0)) } == 1000 / 7)
        #expect(throws: DeadlineExceeded.self) {
            _ = try v.withUnsafeBufferPointer { try MatrixWriter.csvText($0.baseAddress!, rows: 300, columns: 1000, deadline: Self.cancelled()) }
        }
    }

    @Test func conversionAndSimulationStop() throws {
        var g = SplitMix64(seed: 7)
        let src = try ColorBuffer(interleaved: (0..<(3 * 50_000)).map { _ in g.unit() }, space: .srgb)
        let plan = try BatchConversionPlan(from: .srgb, to: .oklch, spaces: Workbench.standard.spaces)
        let a = plan.convert(src), b = try plan.convert(src, deadline: .none())
        #expect((0..<src.count).allSatisfy { a.c0[$0] == b.c0[$0] && a.c1[$0] == b.c1[$0] && a.c2[$0] == b.c2[$0] })
        #expect(throws: DeadlineExceeded.self) { _ = try plan.convert(src, deadline: Self.cancelled()) }
        let cvd = try BatchCVD(CVDSimulation(.deutan, severity: 1), source: .srgb)
        #expect(throws: DeadlineExceeded.self) { _ = try cvd.simulate(src, deadline: Self.cancelled()) }
    }
}
