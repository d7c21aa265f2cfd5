import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation

/// Many ramps generated in one call: `count` ramps of `stops` stops each (every ramp of a batch has its
/// scale's stop count), stored stop-major per ramp (stop i of ramp r at `r * stops + i`).
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

    init(count: Int, stops: Int, hues: [Double]) {
        self.count = count; self.stops = stops; self.hues = hues
        oklch = Array(repeating: .zero, count: count * stops)
        linear = oklch
        requestedChroma = Array(repeating: 0, count: count * stops)
    }

    /// A batch from OKLCH stops (ramp-major, `stops` per ramp); linear sRGB through Ottosson's matrices.
    /// `requestedChroma` defaults to the chroma itself. For custom ramps and tests; 2 … 256 stops (a scale's range).
    public init(oklch: [SIMD3<Double>], stops: Int, hues: [Double], requestedChroma: [Double]? = nil) {
        precondition(stops >= 2 && stops <= 256 && oklch.count == stops * hues.count, "RampBatch: \(hues.count) ramps × \(stops) stops needs that many colors")
        self.count = hues.count; self.stops = stops; self.hues = hues
        self.oklch = oklch
        linear = oklch.map { TokenMath.linearSRGB(oklch: $0.x, $0.y.isNaN ? 0 : $0.y, $0.z.isNaN ? 0 : $0.z) }
        self.requestedChroma = requestedChroma ?? oklch.map { $0.y.isNaN ? 0 : $0.y }
    }

    /// A batch from linear extended sRGB stops (ramp-major); OKLCH through Ottosson's matrices. Requested chroma
    /// is unknown (NaN). For measured ramps and tests.
    public init(linear: [SIMD3<Double>], stops: Int, hues: [Double]) {
        precondition(stops >= 2 && stops <= 256 && linear.count == stops * hues.count, "RampBatch: \(hues.count) ramps × \(stops) stops needs that many colors")
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
                                progress: ((Int, Int) -> Void)? = nil, cache: GenerationCache? = nil) throws -> RampBatch {
        // Every ramp of a batch has the stops of one scale (a sweep's specs share it).
        let scale = specs.first?.scale ?? .ctk
        if let other = specs.first(where: { $0.scale != scale }) {
            throw PalettesError.invalidParameter(generator: generator.id, name: "scale",
                reason: "one batch mixes scales '\(scale.id)' and '\(other.scale.id)'; generate each scale's ramps in their own batch")
        }
        var batch = RampBatch(count: specs.count, stops: scale.count, hues: specs.map(\.hue))
        switch generator.batch {
        case let .lightnessStarCap(lightnessStar, margin, defaultMargin)?:
            try lightnessStarCap(specs, generator: generator, lstarName: lightnessStar,
                                 marginName: margin, marginDefault: defaultMargin,
                                 into: &batch, threads: threads, deadline: deadline, progress: progress, cache: cache ?? GenerationCache())
        case .contrastBisection?:
            try contrastBisection(specs, generator: generator, core: core, into: &batch, threads: threads, deadline: deadline, progress: progress)
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

    /// One distinct parameter set of a `lightnessStarCap` batch: its L\* table, their luminances, the requested
    /// chroma and the margin.
    struct UniformVariant: @unchecked Sendable {
        let lstar: [Double], luminance: [Double], chroma: [Double], margin: Double
    }

    /// Ramps generated per tile (progress and the deadline are checked between tiles).
    static let capTile = 8_192

    static func lightnessStarCap(_ specs: [RampSpec], generator: RampGenerator, lstarName: String,
                                 marginName: String, marginDefault: Double, into batch: inout RampBatch, threads: Int,
                                 deadline: Deadline?, progress: ((Int, Int) -> Void)?, cache: GenerationCache) throws {
        let id = generator.id
        let n = batch.stops
        let requested: @Sendable (RampSpec) throws -> [Double] = generator.requestedChroma ?? { spec in
            throw PalettesError.invalidParameter(generator: id, name: "chroma",
                                                 reason: "its batch form needs the entry's requestedChroma; declare it with the form")
        }
        // Parse each distinct parameter set once (specs of one variant share it across hues).
        var variants: [UniformVariant] = []
        var variantOf = [Int32](repeating: 0, count: specs.count)
        var hues = [Double](repeating: 0, count: specs.count)
        var lastParams: [String: RampParameter]? = nil
        for (r, spec) in specs.enumerated() {
            if lastParams != spec.parameters || variants.isEmpty {
                let lstar = try spec.table(lstarName, generator: id, default: spec.scale.lightness)
                variants.append(UniformVariant(lstar: lstar, luminance: lstar.map { TokenMath.luminance(lightnessStar: $0) },
                                               chroma: try requested(spec), margin: try spec.number(marginName, generator: id, default: marginDefault)))
                lastParams = spec.parameters
            }
            variantOf[r] = Int32(variants.count - 1)
            hues[r] = TokenMath.roundedHue(spec.hue)
        }
        // Per tile, each core's share of the ramps: its distinct (L*, hue) pairs get their Display P3 chroma cap
        // (solved 4 at a time); each stop's chroma = min(requested, margin · cap); its distinct (Y, a, b)
        // triples get their lightness solve (`RampKernels.solveLightness1`, bit-identical to
        // TokenMath.lightness) and linear sRGB; repeated stops are copied. Same bits as solving every stop.
        let total = specs.count
        // The parameter sets as flat tables (stop i of set v at v · stops + i).
        let flatL = variants.flatMap(\.lstar), flatY = variants.flatMap(\.luminance), flatC = variants.flatMap(\.chroma)
        let flatM = variants.map(\.margin)
        try batch.oklch.withUnsafeMutableBufferPointer { okb in
            try batch.linear.withUnsafeMutableBufferPointer { lnb in
                try batch.requestedChroma.withUnsafeMutableBufferPointer { rqb in
                    let ok = SendablePointer(okb.baseAddress!), ln = SendablePointer(lnb.baseAddress!)
                    let rq = SendablePointer(rqb.baseAddress!)
                    var start = 0
                    let pending = GenerationCache.Pending()
                    while start < total {
                        try deadline?.check()
                        let end = min(total, start + capTile)
                        Parallel.forRanges(count: end - start, granule: 8, threads: threads) { range in
                            // Solves not in the sweep's cache, added to it after the tile.
                            var newLightness: [(key: SIMD3<UInt64>, hash: Int, value: SIMD4<Double>)] = []
                            var newCaps: [(key: SIMD2<UInt64>, cap: Double)] = []
                            defer { pending.add(newLightness, newCaps) }
                            let r0 = start + range.lowerBound, count = range.count
                            // Ramps of one hue together: a stop's repeats are the same stop of the same hue in
                            // other variants, so each (hue, stop) group is deduplicated in a small table.
                            let order = (0..<count).sorted { hues[r0 + $0].bitPattern < hues[r0 + $1].bitPattern }
                            var runs: [Range<Int>] = []
                            var a = 0
                            while a < count {
                                var e = a + 1
                                while e < count && hues[r0 + order[e]].bitPattern == hues[r0 + order[a]].bitPattern { e += 1 }
                                runs.append(a..<e); a = e
                            }
                            let longest = runs.map(\.count).max() ?? 0
                            let table = DistinctIndex(capacity: longest)
                            defer { table.deallocate() }
                            var keyL = [UInt64](repeating: 0, count: longest), keyCap = [Double](repeating: 0, count: longest)
                            var keys = [SIMD3<Double>](repeating: .zero, count: longest)
                            var capOf = [Double](repeating: 0, count: longest)
                            for run in runs {
                                let hue = hues[r0 + order[run.lowerBound]]
                                let rad = hue * Double.pi / 180
                                let cr = cos(rad), sr = sin(rad)
                                for i in 0..<n {
                                    // The Display P3 cap of each distinct L*.
                                    table.reset(count: run.count)
                                    for (m, o) in run.enumerated() {
                                        let f = Int(variantOf[r0 + order[o]]) * n + i
                                        let l = flatL[f].bitPattern
                                        keyL[m] = l
                                        let j = Int(table.find(hash: DistinctIndex.hash(l, 0, 0), Int32(m)) { keyL[Int($0)] == l })
                                        if j == m {
                                            let ck = SIMD2(l, hue.bitPattern)
                                            if let c = cache.cap(ck) { keyCap[m] = c } else {
                                                keyCap[m] = maxChroma1(luminance: flatY[f], cos: cr, sin: sr)
                                                newCaps.append((ck, keyCap[m]))
                                            }
                                        }
                                        capOf[m] = keyCap[j]
                                    }
                                    // The lightness of each distinct (Y, a, b).
                                    table.reset(count: run.count)
                                    for (m, o) in run.enumerated() {
                                        let r = r0 + order[o], vi = Int(variantOf[r]), f = vi * n + i, s = r * n + i
                                        let chroma = min(flatC[f], flatM[vi] * capOf[m])
                                        let key = SIMD3(flatY[f], cr * chroma, sr * chroma)
                                        keys[m] = key
                                        let (x, y, z) = (key.x.bitPattern, key.y.bitPattern, key.z.bitPattern)
                                        let hv = DistinctIndex.hash(x, y, z)
                                        let j = Int(table.find(hash: hv, Int32(m)) { j in
                                            let o = keys[Int(j)]
                                            return o.x.bitPattern == x && o.y.bitPattern == y && o.z.bitPattern == z
                                        })
                                        let L: Double
                                        if j == m, let v = cache.lightness(SIMD3(x, y, z), hash: hv) {
                                            L = v.x
                                            ln.p[s] = SIMD3(v.y, v.z, v.w)
                                        } else if j == m {
                                            L = RampKernels.solveLightness1(y: key.x, a: key.y, b: key.z)
                                            let c = TokenMath.linearSRGB(oklab: L, key.y, key.z)
                                            ln.p[s] = c
                                            newLightness.append((SIMD3(x, y, z), hv, SIMD4(L, c.x, c.y, c.z)))
                                        } else {
                                            let sj = (r0 + order[run.lowerBound + j]) * n + i
                                            L = ok.p[sj].x
                                            ln.p[s] = ln.p[sj]
                                        }
                                        ok.p[s] = SIMD3(L, chroma, hue)
                                        rq.p[s] = flatC[f]
                                    }
                                }
                            }
                        }
                        cache.merge(pending)
                        start = end
                        progress?(start, total)
                    }
                }
            }
        }
    }

    /// `TokenMath.maxChroma(luminance:hue:)` for many (Y, hue) pairs: the same 30-step chroma bisection, each
    /// step's lightness solve through `RampKernels.solveLightness1` and the Display P3 test. Bit-identical to
    /// the scalar reference (tested).
    /// - Complexity: O(count × 30) lightness solves.
    public static func maxChroma(luminance y: [Double], hue h: [Double], out: UnsafeMutablePointer<Double>) {
        precondition(y.count == h.count, "maxChroma: \(y.count) luminances, \(h.count) hues")
        for i in 0..<y.count {
            let r = h[i] * Double.pi / 180
            out[i] = maxChroma1(luminance: y[i], cos: cos(r), sin: sin(r))
        }
    }

    /// `TokenMath.maxChroma(luminance:hue:)` with the hue's cosine and sine given.
    @inline(__always)
    static func maxChroma1(luminance yy: Double, cos cr: Double, sin sr: Double) -> Double {
        var lo = 0.0, hi = 0.5
        for _ in 0..<30 {
            let mid = (lo + hi) / 2, a = cr * mid, b = sr * mid
            let l = RampKernels.solveLightness1(y: yy, a: a, b: b)
            if TokenMath.inP3(linearSRGB: TokenMath.linearSRGB(oklab: l, a, b)) { lo = mid } else { hi = mid }
        }
        return lo
    }

    static func generic(_ specs: [RampSpec], generator: RampGenerator, core: Workbench, into batch: inout RampBatch,
                        threads: Int, deadline: Deadline?, progress: ((Int, Int) -> Void)?) throws {
        let n = batch.stops
        try inTiles(&batch, threads: threads, deadline: deadline, progress: progress) { ramps, out in
            for r in ramps {
                let colors = try generator.generate(specs[r], core)
                guard colors.count == n else {
                    throw PalettesError.wrongStopCount(generator: generator.id, expected: n, got: colors.count)
                }
                let req = try requestedChroma(generator: generator, spec: specs[r])
                if let q = req, q.count != n {
                    throw PalettesError.wrongStopCount(generator: generator.id, expected: n, got: q.count)
                }
                for i in 0..<n { out.set(r * n + i, colors[i], requested: req?[i] ?? .nan) }
            }
        }
    }

    /// The planes of a batch being generated, written by ramp index from any core (each ramp by one core).
    struct StopPlanes: @unchecked Sendable {
        let oklch: UnsafeMutablePointer<SIMD3<Double>>, linear: UnsafeMutablePointer<SIMD3<Double>>
        let requested: UnsafeMutablePointer<Double>
        /// Stop `s` (ramp · stops + stop) is `color`, asked for with chroma `requested`.
        @inline(__always)
        func set(_ s: Int, _ color: RampColor, requested c: Double) {
            oklch[s] = color.oklch; linear[s] = color.linearSRGB; requested[s] = c
        }
    }

    /// Runs `body` over the batch's ramps in tiles (max(64, count / 16) ramps) on `threads` cores, each call
    /// with a contiguous range of ramp indices and the planes to write: the deadline is polled and `progress`
    /// called between tiles; the first error any call throws stops the run and is rethrown.
    static func inTiles(_ batch: inout RampBatch, threads: Int, deadline: Deadline?, progress: ((Int, Int) -> Void)?,
                        _ body: (Range<Int>, StopPlanes) throws -> Void) throws {
        let total = batch.count
        let tile = max(64, total / 16)
        let failure = FirstError()
        batch.oklch.withUnsafeMutableBufferPointer { okb in
            batch.linear.withUnsafeMutableBufferPointer { lnb in
                batch.requestedChroma.withUnsafeMutableBufferPointer { rqb in
                    let out = StopPlanes(oklch: okb.baseAddress!, linear: lnb.baseAddress!, requested: rqb.baseAddress!)
                    var start = 0
                    while start < total, failure.error == nil {
                        if let d = deadline, d.expired { failure.set(DeadlineExceeded(what: d.what)); break }
                        let end = min(total, start + tile)
                        Parallel.forRanges(count: end - start, granule: 1, threads: threads) { range in
                            do { try body((start + range.lowerBound)..<(start + range.upperBound), out) } catch { failure.set(error) }
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
