import ColorCore
import Foundation

/// A conversion between two registered spaces for whole buffers, built once: the reference plan's steps
/// mapped to SIMD kernels, with consecutive matrix (affine) steps fused into one.
///
/// Each space's steps are the kernels its registry entry declares (`ColorSpace.kernels`: matrices, transfer
/// curves, OKLab, CIE Lab, polar forms, HSL/HWB/HSV); nothing here looks at space ids. A space registered
/// without a batch form (a plugin's, a rare space) runs its Double `toBase` / `fromBase` closure per color
/// inside the same tiles, still on every core; `steps`, `usesScalarFallback` and `description` say which.
///
/// Execution: plans of the hot shape decode → matrix → (∛ | Lab f) → matrix → rect→polar (sRGB-family → OKLCH
/// or LCH) run as one fused loop (`fusedLoop`), eight colors in registers from load to store. Every other plan
/// runs the step interpreter: per tile of `tile` colors, each step is one concrete SIMD loop over the tile.
/// Work is split into `parallelGranule`-color chunks handed out to the cores; outputs of at least
/// `streamingThreshold` colors are written with non-temporal stores.
///
/// Accuracy: Float32 storage; each kernel's error is stated in `VectorMath`. Against the Double path, results
/// agree within ~2e-6 relative on lightness/RGB and ~2e-4° on hue for in-gamut inputs (tests assert 1e-4).
/// https://www.w3.org/TR/css-color-4/#color-conversion-code
public struct BatchConversionPlan: Sendable, CustomStringConvertible {
    public let source: ColorSpaceID
    public let target: ColorSpaceID
    /// The kernels in order, after fusion.
    public let kernels: [ConvertKernel]
    /// The single fused loop that runs the whole plan, when the plan has a hot shape (sRGB-family → OKLCH or
    /// LCH); nil: the step interpreter runs `kernels` tile by tile.
    let fused: FusedPolarKernel?
    /// Colors per tile: each thread runs every kernel over one tile while it is in cache.
    public static let tile = 1024
    /// Colors per parallel task: below this a job stays on one thread (dispatch costs more than it saves).
    public static let parallelGranule = 16_384
    /// Colors from which the fused loops write with non-temporal stores (3 planes × 4 bytes × 2¹⁹ = 6 MB).
    public static let streamingThreshold = 1 << 19

    /// The name of the fused loop when one runs the plan, e.g. `fused(decode(srgb), matrix, cbrt, …)`.
    public var fusedLoop: String? { fused?.name }

    /// The steps after fusion, each with whether it is a SIMD kernel.
    public var steps: [(name: String, isSIMD: Bool)] { kernels.map { ($0.name, $0.isSIMD) } }

    public var usesScalarFallback: Bool {
        kernels.contains { if case .scalar = $0 { return true }; return false }
    }

    /// e.g. `srgb → oklch: zero-missing, decode(srgb), matrix, cbrt, matrix, rect→polar, powerless-hue`.
    public var description: String {
        "\(source) → \(target): " + kernels.map(\.name).joined(separator: ", ")
            + (usesScalarFallback ? " (scalar fallback)" : "")
    }

    /// - Parameter fuse: use a fused loop for the shapes that have one (false: always the step interpreter,
    ///   for tests that compare the two).
    public init(from source: ColorSpaceID, to target: ColorSpaceID, spaces: ColorSpaceRegistry = Workbench.standard.spaces,
                fuse: Bool = true) throws {
        let s = try spaces.canonicalID(source.rawValue), t = try spaces.canonicalID(target.rawValue)
        self.source = s; self.target = t
        let plan = try spaces.plan(from: s, to: t)
        var raw: [ConvertKernel] = [.zeroMissing]
        for step in plan.steps {
            switch step {
            case let .toBase(id): raw += Self.kernels(toBase: try spaces.space(id))
            case let .fromBase(id): raw += Self.kernels(fromBase: try spaces.space(id))
            }
        }
        if s != t, let p = try spaces.space(t).powerlessHue { raw.append(.powerless(p)) }
        kernels = Self.fuse(raw)
        fused = fuse ? FusedPolarKernel(kernels) : nil
    }

    /// The kernels a space declares toward its base (`ColorSpace.kernels`), or its Double closure.
    static func kernels(toBase sp: ColorSpace) -> [ConvertKernel] {
        sp.kernels.map { $0.toBase.map(ConvertKernel.init) } ?? [.scalar(name: "\(sp.id)→base", sp.toBase)]
    }

    /// The kernels a space declares from its base, or its Double closure.
    static func kernels(fromBase sp: ColorSpace) -> [ConvertKernel] {
        sp.kernels.map { $0.fromBase.map(ConvertKernel.init) } ?? [.scalar(name: "base→\(sp.id)", sp.fromBase)]
    }

    /// Fuses runs of affine steps (composed in Double) and drops identities.
    static func fuse(_ ks: [ConvertKernel]) -> [ConvertKernel] {
        var out: [ConvertKernel] = []
        for k in ks {
            if case let .affine(b) = k, let last = out.last, case let .affine(a) = last {
                out[out.count - 1] = .affine(b.after(a))
            } else {
                out.append(k)
            }
        }
        return out.filter { if case let .affine(a) = $0 { return !a.isIdentity }; return true }
    }

    /// Converts `src` into `dst` (resized to `src.count`, reusing its allocation); alpha is carried.
    /// `src` and `dst` may be the same buffer (in-place conversion).
    /// - Parameter threads: 1 = the calling thread only; 0 = every core.
    /// - Complexity: O(n · kernels), tiled by `tile` colors over `threads` cores.
    public func convert(_ src: ColorBuffer, into dst: ColorBuffer, threads: Int = 0) {
        try! convert(src, into: dst, threads: threads, deadline: nil)  // no deadline: nothing throws
    }

    /// `convert(_:into:threads:)` that stops at `deadline` (polled once per chunk of `parallelGranule` colors);
    /// an expired deadline throws `DeadlineExceeded` and leaves `dst` partly written.
    public func convert(_ src: ColorBuffer, into dst: ColorBuffer, threads: Int = 0, deadline: Deadline?) throws(DeadlineExceeded) {
        precondition(src.space == source, "buffer holds \(src.space), plan converts from \(source)")
        let n = src.count
        if src !== dst { dst.resize(count: n, hasAlpha: src.hasAlpha) }
        dst.space = target
        let s0 = src.c0, s1 = src.c1, s2 = src.c2, sa = src.alphaPlane
        let d0 = dst.c0, d1 = dst.c1, d2 = dst.c2, da = dst.alphaPlane
        let hasAlpha = src.hasAlpha, same = src === dst, stride = dst.capacity
        let paddedEnd = (n + 7) / 8 * 8
        let kernels = self.kernels, fused = self.fused
        // Outputs well beyond the caches (≥ 6 MB) are written with streaming stores: no read-for-ownership of
        // the destination lines, a third less memory traffic (this machine's memory bandwidth does not grow
        // with the second core).
        let streaming = !same && n >= Self.streamingThreshold
        try Parallel.forChunks(count: n, chunk: Self.parallelGranule, threads: threads, deadline: deadline) { range in
            if hasAlpha && !same { (da + range.lowerBound).update(from: sa + range.lowerBound, count: range.count) }
            let vEnd = range.upperBound == n ? paddedEnd : range.upperBound
            if let f = fused {
                f.run(s0, s1, s2, d0, d1, d2, range.lowerBound..<vEnd, streaming: streaming)
                return
            }
            var a = range.lowerBound
            while a < range.upperBound {
                let b = Swift.min(a + Self.tile, range.upperBound)
                let vb = b == n ? paddedEnd : b
                if !same {
                    (d0 + a).update(from: s0 + a, count: vb - a)
                    (d1 + a).update(from: s1 + a, count: vb - a)
                    (d2 + a).update(from: s2 + a, count: vb - a)
                }
                for k in kernels { k.run(tile: d0 + a, stride: stride, vectors: vb - a, count: b - a) }
                a = b
            }
        }
        // Padding lanes may hold kernel garbage from whole-vector steps; reset them to 0.
        if paddedEnd > n { for p in [d0, d1, d2] { (p + n).update(repeating: 0, count: paddedEnd - n) } }
    }

    /// Converts into a new buffer.
    public func convert(_ src: ColorBuffer, threads: Int = 0) -> ColorBuffer {
        let dst = ColorBuffer(space: target, uninitializedCount: src.count, hasAlpha: src.hasAlpha)
        convert(src, into: dst, threads: threads)
        return dst
    }

    /// Converts into a new buffer, stopping at `deadline` (see `convert(_:into:threads:deadline:)`).
    public func convert(_ src: ColorBuffer, threads: Int = 0, deadline: Deadline?) throws(DeadlineExceeded) -> ColorBuffer {
        let dst = ColorBuffer(space: target, uninitializedCount: src.count, hasAlpha: src.hasAlpha)
        try convert(src, into: dst, threads: threads, deadline: deadline)
        return dst
    }
}
