import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation

/// Many ramps generated in one call: `count` ramps of `Scale.ctk.count` stops, stored stop-major per ramp
/// (stop i of ramp r at `r * stops + i`).
///
/// Each stop keeps the generator's OKLCH coordinates, its linear (extended) sRGB value and the chroma the
/// generator was asked for before any gamut cap (for "chroma retained").
public struct RampBatch: Sendable {
    public private(set) var count: Int
    public let stops: Int
    /// OKLCH (L, C, h°) per stop; h is NaN for achromatic stops of listed ramps.
    public internal(set) var oklch: [SIMD3<Double>]
    /// Linear extended sRGB per stop (not clipped).
    public internal(set) var linear: [SIMD3<Double>]
    /// Chroma requested before the gamut cap, per stop.
    public internal(set) var requestedChroma: [Double]
    /// The hue each ramp was built for (degrees, as passed in).
    public private(set) var hues: [Double]

    init(count: Int, hues: [Double]) {
        self.count = count; self.stops = Scale.ctk.count; self.hues = hues
        oklch = Array(repeating: .zero, count: count * Scale.ctk.count)
        linear = oklch
        requestedChroma = Array(repeating: 0, count: count * Scale.ctk.count)
    }

    /// A batch from OKLCH stops (ramp-major, `stops` per ramp); linear sRGB through Ottosson's matrices.
    /// `requestedChroma` defaults to the chroma itself. For custom ramps and tests; up to `Scale.ctk.count` stops.
    public init(oklch: [SIMD3<Double>], stops: Int, hues: [Double], requestedChroma: [Double]? = nil) {
        precondition(stops >= 2 && stops <= Scale.ctk.count && oklch.count == stops * hues.count, "RampBatch: \(hues.count) ramps × \(stops) stops needs that many colors")
        self.count = hues.count; self.stops = stops; self.hues = hues
        self.oklch = oklch
        linear = oklch.map { TokenMath.linearSRGB(oklch: $0.x, $0.y.isNaN ? 0 : $0.y, $0.z.isNaN ? 0 : $0.z) }
        self.requestedChroma = requestedChroma ?? oklch.map { $0.y.isNaN ? 0 : $0.y }
    }

    /// A batch from linear extended sRGB stops (ramp-major); OKLCH through Ottosson's matrices. Requested chroma
    /// is unknown (NaN). For measured ramps and tests.
    public init(linear: [SIMD3<Double>], stops: Int, hues: [Double]) {
        precondition(stops >= 2 && stops <= Scale.ctk.count && linear.count == stops * hues.count, "RampBatch: \(hues.count) ramps × \(stops) stops needs that many colors")
        self.count = hues.count; self.stops = stops; self.hues = hues
        self.linear = linear
        oklch = linear.map { TokenMath.oklch(linearSRGB: $0) }
        requestedChroma = Array(repeating: .nan, count: linear.count)
    }

    /// Appends the ramps of `other` (same stop count).
    mutating func append(_ other: RampBatch) {
        precondition(other.stops == stops, "RampBatch.append: \(other.stops) stops onto \(stops)")
        count += other.count; hues += other.hues
        oklch += other.oklch; linear += other.linear; requestedChroma += other.requestedChroma
    }

    /// Ramp `r` as colors (extended sRGB encoded from the linear values).
    public func ramp(_ r: Int) -> [RampColor] {
        (0..<stops).map { i in
            RampColor(oklch: oklch[r * stops + i], srgb: TokenMath.encode(linear[r * stops + i]))
        }
    }
}

/// Batch ramp generation: one spec per ramp, any registered generator, split over all cores.
///
/// A generator whose entry declares `RampBatchForm.lightnessStarCap` (ColorTokensKit's `uniform-lstar`) takes a
/// fast path with the same arithmetic as its `generate`: the Display P3 chroma cap depends only on (L\*, hue),
/// so it is solved once per distinct pair (in parallel) and shared by every variant that uses it; each stop then
/// needs only its lightness solve, done 4 lanes at a time by `RampKernels.solveLightness`. Results are
/// bit-identical to the reference generator (a test checks it). Other generators run their `generate` closure
/// per ramp, tiles on all cores.
public enum RampBatchGenerator {
    /// Ramps for `specs`, in order.
    /// - Complexity: O(ramps × stops) generator work; the `lightnessStarCap` form adds O(distinct (L\*, hue)
    ///   pairs) cap solves. Work is tiled over `threads` cores (0: all); `progress(done, total)` runs on the
    ///   caller's thread between tiles; `deadline` is polled once per tile.
    public static func generate(_ specs: [RampSpec], generator: RampGenerator, core: Workbench = .standard,
                                threads: Int = 0, deadline: Deadline? = nil,
                                progress: ((Int, Int) -> Void)? = nil) throws -> RampBatch {
        var batch = RampBatch(count: specs.count, hues: specs.map(\.hue))
        switch generator.batch {
        case let .lightnessStarCap(lightnessStar, defaultLightnessStar, margin, defaultMargin)?:
            try lightnessStarCap(specs, generator: generator, lstarName: lightnessStar, lstarDefault: defaultLightnessStar,
                                 marginName: margin, marginDefault: defaultMargin,
                                 into: &batch, threads: threads, deadline: deadline, progress: progress)
        case nil:
            try generic(specs, generator: generator, core: core, into: &batch, threads: threads, deadline: deadline, progress: progress)
        }
        return batch
    }

    /// The chroma a spec asks for before gamut fitting, as the generator's entry declares it
    /// (`RampGenerator.requestedChroma`); nil when the entry does not say (chroma retained is then unknown).
    public static func requestedChroma(generator: RampGenerator, spec: RampSpec) throws -> [Double]? {
        try generator.requestedChroma?(spec)
    }

    struct CapKey: Hashable { let lstar: UInt64, hue: UInt64 }

    struct UniformVariant {
        let lstar: [Double], luminance: [Double], chroma: [Double], margin: Double, hue: Double
    }

    static func lightnessStarCap(_ specs: [RampSpec], generator: RampGenerator, lstarName: String, lstarDefault: [Double],
                                 marginName: String, marginDefault: Double, into batch: inout RampBatch, threads: Int,
                                 deadline: Deadline?, progress: ((Int, Int) -> Void)?) throws {
        let id = generator.id
        let requested: @Sendable (RampSpec) throws -> [Double] = generator.requestedChroma ?? { spec in
            throw PalettesError.invalidParameter(generator: id, name: "chroma",
                                                 reason: "its batch form needs the entry's requestedChroma; declare it with the form")
        }
        // Parse each distinct parameter set once (specs of one variant share it across hues).
        var variants: [UniformVariant] = []
        variants.reserveCapacity(specs.count)
        var lastParams: [String: RampParameter]? = nil
        var lastParsed: (lstar: [Double], chroma: [Double], margin: Double)? = nil
        for spec in specs {
            if lastParams != spec.parameters || lastParsed == nil {
                lastParsed = (try spec.table(lstarName, generator: id, default: lstarDefault),
                              try requested(spec),
                              try spec.number(marginName, generator: id, default: marginDefault))
                lastParams = spec.parameters
            }
            let p = lastParsed!
            variants.append(UniformVariant(lstar: p.lstar, luminance: p.lstar.map { TokenMath.luminance(lightnessStar: $0) },
                                           chroma: p.chroma, margin: p.margin, hue: TokenMath.roundedHue(spec.hue)))
        }
        // Distinct (L*, hue) pairs → Display P3 chroma cap.
        var keyIndex: [CapKey: Int] = [:]
        var keys: [(y: Double, h: Double)] = []
        var capIndex = [Int](repeating: 0, count: specs.count * Scale.ctk.count)
        for (r, v) in variants.enumerated() {
            for i in 0..<Scale.ctk.count {
                let k = CapKey(lstar: v.lstar[i].bitPattern, hue: v.hue.bitPattern)
                if let j = keyIndex[k] { capIndex[r * Scale.ctk.count + i] = j } else {
                    keyIndex[k] = keys.count; capIndex[r * Scale.ctk.count + i] = keys.count
                    keys.append((v.luminance[i], v.hue))
                }
            }
        }
        var caps = [Double](repeating: 0, count: keys.count)
        try caps.withUnsafeMutableBufferPointer { out in
            let o = SendablePointer(out.baseAddress!)
            var start = 0
            let capTile = 4096
            while start < keys.count {
                try deadline?.check()
                let end = min(keys.count, start + capTile)
                Parallel.forRanges(count: end - start, granule: 4, threads: threads) { range in
                    let r = (start + range.lowerBound)..<(start + range.upperBound)
                    keys[r].withUnsafeBufferPointer { k in
                        maxChroma(luminance: k.map(\.y), hue: k.map(\.h), out: o.p + r.lowerBound)
                    }
                }
                start = end
            }
        }
        // Per stop: chroma = min(requested, margin · cap); L solved for the stop's luminance.
        let total = specs.count
        let tile = max(256, total / 16)
        try batch.oklch.withUnsafeMutableBufferPointer { okb in
            try batch.linear.withUnsafeMutableBufferPointer { lnb in
                try batch.requestedChroma.withUnsafeMutableBufferPointer { rqb in
                    let ok = SendablePointer(okb.baseAddress!), ln = SendablePointer(lnb.baseAddress!)
                    let rq = SendablePointer(rqb.baseAddress!)
                    var start = 0
                    while start < total {
                        try deadline?.check()
                        let end = min(total, start + tile)
                        Parallel.forRanges(count: end - start, granule: 8, threads: threads) { range in
                            // One ramp at a time: 20 lightness solves in the 4-lane kernel (bit-identical to
                            // TokenMath.lightness), then the colors.
                            var ys = [Double](repeating: 0, count: Scale.ctk.count), as_ = ys, bs = ys, ls = ys, cs = ys
                            for rr in range {
                                let r = start + rr, v = variants[r]
                                let rad = v.hue * Double.pi / 180
                                let cr = cos(rad), sr = sin(rad)
                                for i in 0..<Scale.ctk.count {
                                    let chroma = min(v.chroma[i], v.margin * caps[capIndex[r * Scale.ctk.count + i]])
                                    cs[i] = chroma; ys[i] = v.luminance[i]; as_[i] = cr * chroma; bs[i] = sr * chroma
                                }
                                RampKernels.solveLightness(y: ys, a: as_, b: bs, out: &ls, count: Scale.ctk.count)
                                for i in 0..<Scale.ctk.count {
                                    let s = r * Scale.ctk.count + i
                                    ok.p[s] = SIMD3(ls[i], cs[i], v.hue)
                                    ln.p[s] = TokenMath.linearSRGB(oklab: ls[i], as_[i], bs[i])
                                    rq.p[s] = v.chroma[i]
                                }
                            }
                        }
                        start = end
                        progress?(start, total)
                    }
                }
            }
        }
    }

    /// `TokenMath.maxChroma(luminance:hue:)` for many (Y, hue) pairs, 4 at a time: the same 30-step chroma
    /// bisection, each step's lightness solve in `RampKernels.solveLightness` (4 lanes) and the Display P3
    /// test per lane. Bit-identical to the scalar reference (tested).
    /// - Complexity: O(count × 30 × 40) luminance evaluations, 4 lanes at a time.
    public static func maxChroma(luminance y: [Double], hue h: [Double], out: UnsafeMutablePointer<Double>) {
        precondition(y.count == h.count, "maxChroma: \(y.count) luminances, \(h.count) hues")
        var i = 0
        var ys = [Double](repeating: 0, count: 4), as_ = ys, bs = ys, ls = ys
        while i < y.count {
            let n = min(4, y.count - i)
            var cr = [Double](repeating: 0, count: 4), sr = cr
            var lo = [Double](repeating: 0, count: 4), hi = [Double](repeating: 0.5, count: 4), mid = lo
            for k in 0..<n {
                let r = h[i + k] * Double.pi / 180
                cr[k] = cos(r); sr[k] = sin(r); ys[k] = y[i + k]
            }
            for _ in 0..<30 {
                for k in 0..<n { mid[k] = (lo[k] + hi[k]) / 2; as_[k] = cr[k] * mid[k]; bs[k] = sr[k] * mid[k] }
                RampKernels.solveLightness(y: ys, a: as_, b: bs, out: &ls, count: n)
                for k in 0..<n {
                    if TokenMath.inP3(linearSRGB: TokenMath.linearSRGB(oklab: ls[k], as_[k], bs[k])) { lo[k] = mid[k] } else { hi[k] = mid[k] }
                }
            }
            for k in 0..<n { out[i + k] = lo[k] }
            i += 4
        }
    }

    static func generic(_ specs: [RampSpec], generator: RampGenerator, core: Workbench, into batch: inout RampBatch,
                        threads: Int, deadline: Deadline?, progress: ((Int, Int) -> Void)?) throws {
        let total = specs.count
        let tile = max(64, total / 16)
        let failure = FirstError()
        batch.oklch.withUnsafeMutableBufferPointer { okb in
            batch.linear.withUnsafeMutableBufferPointer { lnb in
                batch.requestedChroma.withUnsafeMutableBufferPointer { rqb in
                    let ok = SendablePointer(okb.baseAddress!), ln = SendablePointer(lnb.baseAddress!)
                    let rq = SendablePointer(rqb.baseAddress!)
                    var start = 0
                    while start < total, failure.error == nil {
                        if let d = deadline, d.expired { failure.set(DeadlineExceeded(what: d.what)); break }
                        let end = min(total, start + tile)
                        Parallel.forRanges(count: end - start, granule: 1, threads: threads) { range in
                            for rr in range {
                                let r = start + rr
                                do {
                                    let colors = try generator.generate(specs[r], core)
                                    guard colors.count == Scale.ctk.count else {
                                        throw PalettesError.wrongStopCount(generator: generator.id, expected: Scale.ctk.count, got: colors.count)
                                    }
                                    let req = try requestedChroma(generator: generator, spec: specs[r])
                                    if let q = req, q.count != Scale.ctk.count {
                                        throw PalettesError.wrongStopCount(generator: generator.id, expected: Scale.ctk.count, got: q.count)
                                    }
                                    for i in 0..<Scale.ctk.count {
                                        let s = r * Scale.ctk.count + i
                                        ok.p[s] = colors[i].oklch
                                        ln.p[s] = colors[i].linearSRGB
                                        rq.p[s] = req?[i] ?? .nan
                                    }
                                } catch { failure.set(error); return }
                            }
                        }
                        start = end
                        progress?(start, total)
                    }
                }
            }
        }
        if let e = failure.error { throw e }
    }
}

/// A raw pointer handed to `concurrentPerform` tiles that write disjoint elements.
struct SendablePointer<T>: @unchecked Sendable {
    let p: UnsafeMutablePointer<T>
    init(_ p: UnsafeMutablePointer<T>) { self.p = p }
}

/// The first error thrown by any worker.
final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?
    var error: Error? { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ e: Error) { lock.lock(); if stored == nil { stored = e }; lock.unlock() }
}
