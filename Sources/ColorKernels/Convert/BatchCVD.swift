import ColorCore

/// Simulated color-vision deficiency on a planar buffer: the colors' space → linear sRGB (the batch plan the
/// spaces declare), one SIMD8 3×3 matrix with a clamp to 0…1 (`CVDSimulation.matrix`), and back to the
/// buffer's space (or to `target`), every core.
///
/// Accuracy against `CVDSimulation.simulate` (Double): the matrix pass adds ≤ 3 ulp to the conversion plans'
/// Float32 error (≤ 2e-6 relative on sRGB channels).
public struct BatchCVD: Sendable {
    public let simulation: CVDSimulation
    public let source: ColorSpaceID
    public let target: ColorSpaceID
    let toLinear: BatchConversionPlan?
    let fromLinear: BatchConversionPlan?
    let m: Float3x4

    /// - Parameters: target: the space of the result (default: the source space).
    public init(_ simulation: CVDSimulation, source: ColorSpaceID, target: ColorSpaceID? = nil,
                spaces: ColorSpaceRegistry = Workbench.standard.spaces) throws {
        self.simulation = simulation
        self.source = source
        self.target = target ?? source
        toLinear = source == .srgbLinear ? nil : try BatchConversionPlan(from: source, to: .srgbLinear, spaces: spaces)
        fromLinear = self.target == .srgbLinear ? nil : try BatchConversionPlan(from: .srgbLinear, to: self.target, spaces: spaces)
        m = Float3x4(simulation.matrix, .zero)
    }

    /// The simulated colors of `src` in a new buffer (alpha kept).
    /// - Complexity: O(n) over `threads` cores (0 = all).
    public func simulate(_ src: ColorBuffer, threads: Int = 0) -> ColorBuffer {
        try! simulate(src, threads: threads, deadline: nil)  // no deadline: nothing throws
    }

    /// `simulate(_:threads:)` that stops at `deadline`, polled once per chunk of each pass.
    public func simulate(_ src: ColorBuffer, threads: Int = 0, deadline: Deadline?) throws(DeadlineExceeded) -> ColorBuffer {
        do { return try run(src, threads: threads, deadline: deadline, refuseOverflow: false) } catch let e as DeadlineExceeded { throw e } catch {
            preconditionFailure("only the overflow check throws otherwise")
        }
    }

    /// `simulate(_:threads:deadline:)` that refuses a color whose conversion to linear sRGB overflows Float32
    /// (`ColorBuffer.firstOverflow`: an overflow would be clamped to black): throws `Overflow` with the first
    /// such color's index.
    public func simulateRefusingOverflow(_ src: ColorBuffer, threads: Int = 0, deadline: Deadline?) throws -> ColorBuffer {
        try run(src, threads: threads, deadline: deadline, refuseOverflow: true)
    }

    /// A color (0-based `index`) whose conversion to linear sRGB overflows Float32.
    public struct Overflow: Error, Sendable, CustomStringConvertible {
        public let index: Int
        public var description: String {
            "its conversion to linear sRGB overflows Float32 (a channel comes out infinite or not a number); use coordinates of a displayable size, or an f64 buffer"
        }
    }

    func run(_ src: ColorBuffer, threads: Int, deadline: Deadline?, refuseOverflow: Bool) throws -> ColorBuffer {
        precondition(src.space == source, "buffer holds \(src.space), simulation reads \(source)")
        let dst: ColorBuffer
        if let p = toLinear { dst = try p.convert(src, threads: threads, deadline: deadline) } else { dst = ColorBuffer(space: src.space, count: src.count, hasAlpha: src.hasAlpha); dst.assign(src) }
        if refuseOverflow, let i = dst.firstOverflow(from: src, hueIndex: -1, threads: threads) { throw Overflow(index: i) }
        let n = dst.count, d0 = dst.c0, d1 = dst.c1, d2 = dst.c2, m = self.m
        let end = (n + 7) / 8 * 8
        try Parallel.forChunks(count: end / 8, chunk: 2048, threads: threads, deadline: deadline) { r in
            let zero = Float8(repeating: 0), one = Float8(repeating: 1)
            for k in r {
                let i = k &* 8
                let (x, y, z) = m.linear(load8(d0, i), load8(d1, i), load8(d2, i))
                store8(d0, i, VectorMath.min(VectorMath.max(x, zero), one))
                store8(d1, i, VectorMath.min(VectorMath.max(y, zero), one))
                store8(d2, i, VectorMath.min(VectorMath.max(z, zero), one))
            }
        }
        // Padding lanes past n stay as they were computed from zeros: the kernels keep them 0 for in-gamut math.
        for plane in [d0, d1, d2] { (plane + n).update(repeating: 0, count: dst.capacity - n) }
        if let p = fromLinear { try p.convert(dst, into: dst, threads: threads, deadline: deadline) }
        return dst
    }
}
