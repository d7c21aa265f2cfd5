import ColorCore
import Foundation

/// Batch gamut mapping by any registered mapper: the kernel its entry declares (`GamutMapper.batch`), or its
/// Double `map` closure over chunks on every core.
///
/// Kernels (targets: an encoded RGB space over a linear space whose base is `xyz-d65` — srgb, display-p3,
/// rec2020, a98-rgb; other targets run the closure):
/// - `clip`: the batch conversion, then each channel clamped to 0…1.
/// - `css4` runs the CSS Color 4 algorithm (https://www.w3.org/TR/css-color-4/#binsearch) on four Double lanes
///   in lockstep: every lane follows its own bisection of OKLCH chroma, finished lanes are masked off, the loop
///   ends when every lane has. Decisions are taken in Double, as in `GamutCSS4.map`, so the results agree with
///   it to rounding (asserted ≤ 1e-4 per channel; measured ≤ 2e-7, the Float32 storage). Two exact
///   simplifications: the in-gamut test and the clip run on *linear* RGB (the transfer curves are monotone with
///   fixed points 0 and 1, so clip∘encode = encode∘clip), and ΔEOK of the clipped color needs no decode.
///   The per-color matrices are fused: OKLab → LMS′ → (cube) → linear RGB, linear RGB → LMS → (∛) → OKLab.
/// - `raytrace` (`mapRaytrace`) runs on eight Float lanes: four fixed passes and no search, so Float32 keeps the
///   results within 8e-6 per channel of `GamutRaytrace.map` into srgb and display-p3 and 5e-5 into rec2020
///   (measured; asserted ≤ 1e-4): the largest errors are on a channel near 0 that is not on the face the ray
///   leaves through (that channel is set to its face exactly), where rec2020's transfer curve is steepest.
public struct BatchGamutMapper: Sendable {
    /// The registry entry being run.
    public let mapper: GamutMapper
    /// The kernel that runs it (nil: the entry's `map` closure per color, on every core).
    public let kernel: GamutKernel?
    public let target: ColorSpaceID
    let labToLMS: Matrix3, lmsToRGB: Matrix3, rgbToLMS: Matrix3, lmsToLab: Matrix3
    /// The same four matrices rounded to Float (the raytrace kernel's).
    let floatMatrices: FloatMatrices
    /// The target's transfer curve (nil: a linear RGB target, no encoding).
    let transfer: TransferFunction?
    let spaces: ColorSpaceRegistry
    public static let jnd = 0.02, epsilon = 0.0001

    /// Whether the kernel path runs (false: the entry's closure per color).
    public var isSIMD: Bool { kernel != nil }

    /// - Parameter mapper: a registered gamut mapper; its declared kernel runs when the target is an RGB space
    ///   over XYZ D65, otherwise its closure.
    /// - Throws: when `target` is unknown or has no gamut.
    public init(_ mapper: GamutMapper, target: ColorSpaceID, spaces: ColorSpaceRegistry = Workbench.standard.spaces) throws {
        self.mapper = mapper
        self.spaces = spaces
        let t = try spaces.canonicalID(target.rawValue)
        self.target = t
        _ = try spaces.boundedGamut(of: t)
        let sp = try spaces.space(t)
        labToLMS = ColorSpace.oklabToLMS
        lmsToLab = ColorSpace.lmsToOKLab
        if let tf = sp.transfer, let lin = sp.base, let linSpace = try? spaces.space(lin),
           let toXYZ = linSpace.linearToBase, linSpace.base == .xyzD65 {
            transfer = tf
            lmsToRGB = toXYZ.inverse * ColorSpace.lmsToXYZ
            rgbToLMS = ColorSpace.xyzToLMS * toXYZ
            kernel = mapper.batch
        } else if let toXYZ = sp.linearToBase, sp.base == .xyzD65, sp.isBoundedRGB {
            transfer = nil
            lmsToRGB = toXYZ.inverse * ColorSpace.lmsToXYZ
            rgbToLMS = ColorSpace.xyzToLMS * toXYZ
            kernel = mapper.batch
        } else {
            transfer = .srgb
            lmsToRGB = ColorSpace.lmsToXYZ; rgbToLMS = ColorSpace.xyzToLMS
            kernel = nil
        }
        floatMatrices = FloatMatrices(labToLMS: .init(labToLMS), lmsToRGB: .init(lmsToRGB), rgbToLMS: .init(rgbToLMS),
                                      lmsToLab: .init(lmsToLab))
    }

    /// The mapper registered under `method` in `workbench` (e.g. `css4`, `clip`).
    public init(method: String, target: ColorSpaceID, workbench: Workbench = .standard) throws {
        try self.init(try workbench.gamutMappers.lookup(method), target: target, spaces: workbench.spaces)
    }

    /// Maps `src` (any space; OKLCH is read directly, others are converted to OKLCH by the Float batch path)
    /// into `dst` in `target` (resized; allocation reused). Alpha is carried.
    /// - Parameter deadline: polled once per chunk; an expired deadline throws `DeadlineExceeded`.
    /// - Complexity: O(n · log₂(C/ε)) for css4, O(n) for clip and raytrace; chunked over `threads` cores (0 = all).
    public func map(_ src: ColorBuffer, into dst: ColorBuffer, threads: Int = 0, deadline: Deadline? = nil) throws {
        guard let kernel else { return try mapScalar(src, into: dst, threads: threads, deadline: deadline) }
        try deadline?.check()
        if kernel == .clip {
            let plan = try BatchConversionPlan(from: src.space, to: target, spaces: spaces)
            plan.convert(src, into: dst, threads: threads)
            let n = dst.count, p0 = dst.c0, p1 = dst.c1, p2 = dst.c2
            let end = (n + 7) / 8 * 8
            Parallel.forRanges(count: n, granule: 1024, threads: threads) { r in
                let hi = r.upperBound == n ? end : r.upperBound
                for p in [p0, p1, p2] {
                    var i = r.lowerBound
                    while i < hi {
                        let v = load8(p, i)
                        store8(p, i, VectorMath.clamp(VectorMath.select(v .!= v, Float8(repeating: 0), v), 0, 1)); i &+= 8
                    }
                }
            }
            for p in [p0, p1, p2] where end > n { (p + n).update(repeating: 0, count: end - n) }
            return
        }
        var lch = src
        if src.space != .oklch {
            lch = try BatchConversionPlan(from: src.space, to: .oklch, spaces: spaces).convert(src, threads: threads)
        }
        let n = lch.count
        dst.resize(count: n, hasAlpha: src.hasAlpha)
        dst.space = target
        if src.hasAlpha { dst.alphaPlane.update(from: src.alphaPlane, count: n) }
        let s0 = UnsafePointer(lch.c0), s1 = UnsafePointer(lch.c1), s2 = UnsafePointer(lch.c2)
        let d0 = dst.c0, d1 = dst.c1, d2 = dst.c2, stride = dst.capacity
        let end = (n + 7) / 8 * 8
        let encode = transfer.map { ConvertKernel.step(.encode($0)) }
        // About eight chunks per thread (so that a 3:2 split of a few chunks does not cap the speed-up), each of
        // 256…2048 colors (≥ 40 µs of work, far above the cost of handing it out).
        let perThread = n / (8 * Parallel.resolve(threads))
        let chunk = Swift.max(256, Swift.min(Self.chunk, perThread / 8 * 8))
        let raytrace = kernel == .raytrace
        let stopped = UncheckedBox(UnsafeMutablePointer<Int>.allocate(capacity: 1))
        stopped.value.initialize(to: 0)
        defer { stopped.value.deallocate() }
        Parallel.forChunks(count: n, chunk: chunk, threads: threads) { r in
            if let d = deadline, stopped.value.pointee != 0 || d.expired { stopped.value.pointee = 1; return }
            let hi = r.upperBound == n ? end : r.upperBound
            mapChunk(s0, s1, s2, d0, d1, d2, r.lowerBound..<hi, raytrace: raytrace)
            encode?.run(tile: d0 + r.lowerBound, stride: stride, vectors: hi - r.lowerBound, count: r.count)
        }
        if stopped.value.pointee != 0, let d = deadline { throw DeadlineExceeded(what: d.what) }
        for p in [d0, d1, d2] where end > n { (p + n).update(repeating: 0, count: end - n) }
    }

    /// The entry's Double closure per color, chunked over every core (a mapper without a kernel, or a target
    /// the kernels do not cover). The first error stops the job and is rethrown.
    func mapScalar(_ src: ColorBuffer, into dst: ColorBuffer, threads: Int, deadline: Deadline?) throws {
        let n = src.count
        let copy = src === dst ? { let c = ColorBuffer(space: src.space, count: 0); c.assign(src); return c }() : src
        dst.resize(count: n, hasAlpha: src.hasAlpha)
        dst.space = target
        let map = mapper.map, spaces = self.spaces, target = self.target, space = copy.space
        let s0 = copy.c0, s1 = copy.c1, s2 = copy.c2, sa = copy.alphaPlane, hasAlpha = copy.hasAlpha
        let d0 = dst.c0, d1 = dst.c1, d2 = dst.c2, da = dst.alphaPlane
        let lock = NSLock()
        nonisolated(unsafe) var failure: Error? = nil
        Parallel.forChunks(count: n, chunk: 512, threads: threads) { r in
            lock.lock(); let failed = failure != nil; lock.unlock()
            if failed { return }
            if let d = deadline, d.expired { lock.lock(); failure = DeadlineExceeded(what: d.what); lock.unlock(); return }
            do {
                for i in r {
                    let a = hasAlpha ? Double(sa[i]) : 1
                    let c = Color(space, Double(s0[i]), Double(s1[i]), Double(s2[i]), alpha: a)
                    var m = try map(c, target, spaces)
                    if m.space != target { m = try spaces.convert(m, to: target) }
                    d0[i] = Float(m.coords.x); d1[i] = Float(m.coords.y); d2[i] = Float(m.coords.z)
                    if hasAlpha { da[i] = Float(a) }
                }
            } catch {
                lock.lock(); if failure == nil { failure = error }; lock.unlock()
            }
        }
        if let failure { throw failure }
    }

    /// Builds and maps lightness ramps in one pass: for every base color r (OKLCH, read from `base`) and every
    /// stop s, the color (lightness[s], C_r, h_r) mapped into `target` by the CSS4 search, written to `dst` at
    /// r · stops + s (resized to base.count × stops; allocation reused). Ramps are split over the cores in chunks;
    /// each chunk builds its stops in a small scratch buffer and maps them, so the job is one parallel region.
    /// - Complexity: O(base.count · stops · log₂(C/ε)).
    public func mapRamps(_ base: ColorBuffer, lightness: [Float], into dst: ColorBuffer, threads: Int = 0) throws {
        guard kernel == .css4 else {
            throw ColorKernelsError.unsupported("mapRamps runs the css4 method; build the stops and use map(_:into:) for clip")
        }
        var lch = base
        if base.space != .oklch {
            lch = try BatchConversionPlan(from: base.space, to: .oklch, spaces: spaces).convert(base, threads: threads)
        }
        let ramps = lch.count, stops = lightness.count, n = ramps * stops
        dst.resize(count: n, hasAlpha: false)
        dst.space = target
        guard n > 0 else { return }
        let bc = UnsafePointer(lch.c1), bh = UnsafePointer(lch.c2)
        let d0 = dst.c0, d1 = dst.c1, d2 = dst.c2
        let ls = lightness
        let rampsPerChunk = Swift.max(1, Swift.min(Self.chunk, n / (8 * Parallel.resolve(threads))) / stops)
        let encode = transfer.map { ConvertKernel.step(.encode($0)) }
        Parallel.forChunks(count: ramps, chunk: rampsPerChunk, threads: threads) { rr in
            let count = rr.count * stops, padded = (count + 7) / 8 * 8
            let first = rr.lowerBound * stops
            // Stops in, mapped colors out, in scratch planes; then encoded there and copied to `dst` (chunk
            // bounds are not multiples of 8, so whole-vector steps must not run on `dst` directly).
            do {
                let s0 = UnsafeMutablePointer<Float>.allocate(capacity: 6 * padded)
                defer { s0.deallocate() }
                let s1 = s0 + padded, s2 = s1 + padded
                let o0 = s2 + padded, o1 = o0 + padded, o2 = o1 + padded
                for (k, r) in rr.enumerated() {
                    let c = bc[r], h = bh[r]
                    for s in 0..<stops { s0[k * stops + s] = ls[s]; s1[k * stops + s] = c; s2[k * stops + s] = h }
                }
                for j in count..<padded { s0[j] = 0; s1[j] = 0; s2[j] = 0 }
                mapChunk(s0, s1, s2, o0, o1, o2, 0..<padded)
                encode?.run(tile: o0, stride: padded, vectors: padded, count: count)
                (d0 + first).update(from: o0, count: count)
                (d1 + first).update(from: o1, count: count)
                (d2 + first).update(from: o2, count: count)
            }
        }
        let end = (n + 7) / 8 * 8
        for p in [d0, d1, d2] where end > n { (p + n).update(repeating: 0, count: end - n) }
    }

    /// The largest number of colors per parallel task (a multiple of 8).
    static let chunk = 2048

    /// Maps `range` (bounds multiples of 8; the padded end included) into linear RGB by the kernel: css4 four
    /// Double lanes at a time (its decisions in Double, as the reference), raytrace eight Float lanes at a time.
    @inline(never)
    func mapChunk(_ s0: UnsafePointer<Float>, _ s1: UnsafePointer<Float>, _ s2: UnsafePointer<Float>,
                  _ d0: UnsafeMutablePointer<Float>, _ d1: UnsafeMutablePointer<Float>, _ d2: UnsafeMutablePointer<Float>,
                  _ range: Range<Int>, raytrace: Bool = false) {
        var i = range.lowerBound
        if raytrace {
            @_transparent func load(_ p: UnsafePointer<Float>, _ i: Int) -> Float8 {
                let v = load8(p, i)
                return VectorMath.select(v .!= v, Float8(repeating: 0), v)
            }
            while i < range.upperBound {
                let out = mapRaytrace(load(s0, i), load(s1, i), load(s2, i))
                store8(d0, i, out.0); store8(d1, i, out.1); store8(d2, i, out.2)
                i &+= 8
            }
            return
        }
        typealias V = VectorMathDouble
        /// NaN (missing) reads as 0; ±∞ (a Float that overflowed: chroma 1e300 stored as f32) as the largest
        /// Double, from which the bisection halves (from ∞ it never ended, and a chunk does not poll its deadline).
        @_transparent func load(_ p: UnsafePointer<Float>, _ i: Int) -> Double4 {
            let v = V.toDouble(UnsafeRawPointer(p + i).loadUnaligned(as: Float4.self))
            let big = Double4(repeating: .greatestFiniteMagnitude)
            return V.min(V.max(V.select(v .!= v, Double4(repeating: 0), v), -big), big)
        }
        @_transparent func store(_ p: UnsafeMutablePointer<Float>, _ i: Int, _ v: Double4) {
            UnsafeMutableRawPointer(p + i).storeBytes(of: V.toFloat(v), as: Float4.self)
        }
        while i < range.upperBound {
            let out = mapCSS4(load(s0, i), load(s1, i), load(s2, i))
            store(d0, i, out.0); store(d1, i, out.1); store(d2, i, out.2)
            i &+= 4
        }
    }

    /// Eight OKLCH colors → linear RGB of the target by the ray-trace method (`GamutRaytrace`), Float lanes in
    /// lockstep: a fixed four passes, no search. Per pass: (after the first) linear RGB → OKLab, chroma
    /// C = √(a² + b²) kept with the origin's L and h, back to linear RGB; then the exit point of the ray from
    /// the gray anchor through the point out of [0, 1]³ (slab method), lanes whose ray misses keep their point.
    /// No decision is a search, so Float32 suffices: results agree with the Double reference to ≤ 8e-6 per
    /// channel (srgb, display-p3) and ≤ 5e-5 (rec2020, a channel near 0 off the exit face); asserted ≤ 1e-4,
    /// and 1e-3 from the published cases' values.
    @_transparent
    func mapRaytrace(_ L: Float8, _ C0: Float8, _ H0: Float8) -> (Float8, Float8, Float8) {
        typealias V = VectorMath
        let f = floatMatrices
        // sincosDegrees is exact in its reduction up to |h| ≤ 10⁶; larger hues are reduced mod 360 first (exact).
        let H = V.any(V.abs(H0) .> 1e6) ? Self.reducedHue(H0) : H0
        let sc = V.sincosDegrees(H)
        let ca = sc.cos, sb = sc.sin
        let zero = Float8(repeating: 0), one = Float8(repeating: 1)
        let m = f.labToLMS
        let base0 = L * m.r0.x, base1 = L * m.r1.x, base2 = L * m.r2.x
        let dir0 = ca * m.r0.y + sb * m.r0.z, dir1 = ca * m.r1.y + sb * m.r1.z, dir2 = ca * m.r2.y + sb * m.r2.z
        @_transparent func rgb(_ c: Float8) -> (Float8, Float8, Float8) {
            let l = c * dir0 + base0, mm = c * dir1 + base1, s = c * dir2 + base2
            return f.lmsToRGB.mul(l * l * l, mm * mm * mm, s * s * s)
        }
        let anchor = f.lmsToRGB.mul(base0 * base0 * base0, base1 * base1 * base1, base2 * base2 * base2)
        var p = rgb(C0)
        let white = L .>= one, black = L .<= zero
        let originIn = (V.min(V.min(p.0, p.1), p.2) .>= zero) .& (V.max(V.max(p.0, p.1), p.2) .<= one)
        let origin = p
        var live = .!(white .| black .| originIn)
        if V.any(live) {
            let toLab = f.lmsToLab
            for pass in 0..<GamutRaytrace.passes {
                if pass > 0 {
                    let lms = f.rgbToLMS.mul(p.0, p.1, p.2)
                    let c0 = V.cbrt(lms.0), c1 = V.cbrt(lms.1), c2 = V.cbrt(lms.2)
                    let a = c0 * toLab.r1.x + (c1 * toLab.r1.y + c2 * toLab.r1.z)
                    let b = c0 * toLab.r2.x + (c1 * toLab.r2.y + c2 * toLab.r2.z)
                    let q = rgb(V.sqrt(a * a + b * b))
                    p = (V.select(live, q.0, p.0), V.select(live, q.1, p.1), V.select(live, q.2, p.2))
                }
                // Slab method on the three axes: t of the exit point of anchor + t·(p − anchor) from [0, 1]³.
                var tnear = Float8(repeating: -.infinity), tfar = Float8(repeating: .infinity)
                var miss = SIMDMask<Int8x32>(repeating: false)
                /// The axis's exit t (nil-like +∞ when flat) and the face it exits through (0 or 1).
                @_transparent func axis(_ a: Float8, _ e: Float8) -> (t: Float8, face: Float8) {
                    let d = e - a
                    let flat = d .== zero
                    let inv = one / V.select(flat, one, d)
                    let t1 = (zero - a) * inv, t2 = (one - a) * inv
                    let tExit = V.select(flat, Float8(repeating: .infinity), V.max(t1, t2))
                    tnear = V.select(flat, tnear, V.max(V.min(t1, t2), tnear))
                    tfar = V.min(tExit, tfar)
                    miss = miss .| (flat .& ((a .< zero) .| (a .> one)))
                    return (tExit, V.select(d .> zero, one, zero))
                }
                let x0 = axis(anchor.0, p.0), x1 = axis(anchor.1, p.1), x2 = axis(anchor.2, p.2)
                miss = miss .| (tnear .> tfar) .| (tfar .< zero) .| (tfar .== Float8(repeating: .infinity))
                let hit = live .& .!miss
                // The exit point; the channel of the face it leaves through is that face exactly (in Float the
                // product would land within 1e-8 of it, which an encoding with infinite slope at 0, such as
                // rec2020's, would magnify).
                @_transparent func exit(_ a: Float8, _ e: Float8, _ x: (t: Float8, face: Float8)) -> Float8 {
                    V.select(hit, V.select(x.t .== tfar, x.face, a + (e - a) * tfar), e)
                }
                p = (exit(anchor.0, p.0, x0), exit(anchor.1, p.1, x1), exit(anchor.2, p.2, x2))
                live = hit
                if !V.any(live) { break }
            }
        }
        @_transparent func pick(_ r: Float8, _ o: Float8) -> Float8 {
            V.select(white, one, V.select(black, zero, V.select(originIn, o, V.min(V.max(r, zero), one))))
        }
        return (pick(p.0, origin.0), pick(p.1, origin.1), pick(p.2, origin.2))
    }

    /// Hues reduced to (−360, 360) lane by lane (`fmod` is exact); for the rare vector with |h| > 10⁶.
    @inline(never)
    static func reducedHue(_ h: Float8) -> Float8 {
        var out = h
        for l in 0..<8 { out[l] = Float(Foundation.fmod(Double(h[l]), 360)) }
        return out
    }

    /// Convenience: a new buffer.
    public func map(_ src: ColorBuffer, threads: Int = 0) throws -> ColorBuffer {
        let dst = ColorBuffer(space: target, count: src.count, hasAlpha: src.hasAlpha)
        try map(src, into: dst, threads: threads)
        return dst
    }

    /// M·(x, y, z) on four lanes.
    @_transparent
    static func mul(_ m: Matrix3, _ x: Double4, _ y: Double4, _ z: Double4) -> (Double4, Double4, Double4) {
        (x * m.r0.x + (y * m.r0.y + z * m.r0.z), x * m.r1.x + (y * m.r1.y + z * m.r1.z), x * m.r2.x + (y * m.r2.y + z * m.r2.z))
    }

    /// Four OKLCH colors → linear RGB of the target, mapped by the CSS Color 4 search (lanes in lockstep).
    ///
    /// Per color, once: sin/cos of the hue and the LMS′ line lms′(c) = L·col₀ + c·(cos h·col₁ + sin h·col₂) of
    /// the OKLab → LMS′ matrix, so that each bisection step costs one multiply-add per channel before the cube.
    @_transparent
    func mapCSS4(_ L: Double4, _ C0: Double4, _ H: Double4) -> (Double4, Double4, Double4) {
        typealias V = VectorMathDouble
        let line = ChromaLine4(ChromaLine4.Matrices(self), light: L, hue: H)
        let zero = Double4(repeating: 0), one = Double4(repeating: 1)
        @_transparent func rgb(_ c: Double4) -> RGB4 { line.rgb(c) }
        @_transparent func inGamut(_ v: RGB4) -> SIMDMask<SIMD4<Int64>> { ChromaLine4.inGamut(v) }
        @_transparent func clip(_ v: RGB4) -> RGB4 { ChromaLine4.clip(v) }
        @_transparent func deltaE(_ v: RGB4, _ c: Double4) -> Double4 { line.deltaE(lms: line.lms(v), chroma: c) }
        let jnd = Double4(repeating: Self.jnd), eps = Self.epsilon
        let origin = rgb(C0)
        let white = L .>= one, black = L .<= zero
        let originIn = inGamut(origin)
        var clipped = clip(origin)
        // Lanes resolved before the search: white, black, in gamut, or clipped within the JND.
        var done = white .| black .| originIn
        if V.any(.!done) {
            done = done .| (deltaE(clipped, C0) .< jnd)
            var lo = zero, hi = C0
            var loInGamut = SIMDMask<SIMD4<Int64>>(repeating: true)
            var active = (.!done) .& (hi - lo .> eps)
            while V.any(active) {
                let chroma = (lo + hi) * 0.5
                let v = rgb(chroma)
                let takeIn = active .& loInGamut .& inGamut(v)
                lo = V.select(takeIn, chroma, lo)
                let search = active .& .!takeIn
                if V.any(search) {
                    let c = clip(v)
                    clipped = (V.select(search, c.0, clipped.0), V.select(search, c.1, clipped.1), V.select(search, c.2, clipped.2))
                    let e = deltaE(c, chroma)
                    let below = search .& (e .< jnd)
                    let stop = below .& (jnd - e .< eps)
                    let raise = below .& .!stop
                    loInGamut = loInGamut .& .!raise
                    lo = V.select(raise, chroma, lo)
                    hi = V.select(search .& .!below, chroma, hi)
                    active = active .& .!stop
                }
                active = active .& (hi - lo .> eps)
            }
        }
        // White: (1, 1, 1) as the reference's XYZ white lands there; black (0, 0, 0); in-gamut origins unclipped.
        @_transparent func pick(_ r: Double4, _ o: Double4) -> Double4 {
            V.select(white, one, V.select(black, zero, V.select(originIn, o, r)))
        }
        return (pick(clipped.0, origin.0), pick(clipped.1, origin.1), pick(clipped.2, origin.2))
    }
}

/// A 3×3 matrix rounded to Float, applied to eight lanes.
struct FloatMatrix3: Sendable {
    let r0: SIMD3<Float>, r1: SIMD3<Float>, r2: SIMD3<Float>
    init(_ m: Matrix3) { r0 = SIMD3<Float>(m.r0); r1 = SIMD3<Float>(m.r1); r2 = SIMD3<Float>(m.r2) }

    /// M·(x, y, z) on eight lanes.
    @_transparent
    func mul(_ x: Float8, _ y: Float8, _ z: Float8) -> (Float8, Float8, Float8) {
        (x * r0.x + (y * r0.y + z * r0.z), x * r1.x + (y * r1.y + z * r1.z), x * r2.x + (y * r2.y + z * r2.z))
    }
}

struct FloatMatrices: Sendable {
    let labToLMS: FloatMatrix3, lmsToRGB: FloatMatrix3, rgbToLMS: FloatMatrix3, lmsToLab: FloatMatrix3
}

/// Three Double4 lanes (linear RGB or LMS of four colors).
typealias RGB4 = (Double4, Double4, Double4)

/// Four colors' path through the CSS Color 4 search at their own OKLCH L and h, shared by the batch search
/// (`mapCSS4`) and its certified twin (`css4Decisions`): sin/cos of the hue and the LMS′ line
/// lms′(c) = L·col₀ + c·(cos h·col₁ + sin h·col₂) of the OKLab → LMS′ matrix, so that each chroma costs one
/// multiply-add per channel before the cube; ΔEOK of a linear RGB point to (L, c, h).
struct ChromaLine4 {
    /// The four Double matrices of the line (a plain value: loops that build a line per four colors take it
    /// once, not the mapper, whose copy costs more than the line).
    struct Matrices {
        let labToLMS: Matrix3, toRGB: Lanes, toLMS: Lanes, toLab: Lanes
        /// RGB → LMS and LMS′ → OKLab rounded to Float, for `deltaEScreen`.
        let toLMSFloat: FloatLanes, toLabFloat: FloatLanes
        init(_ mapper: BatchGamutMapper) {
            labToLMS = mapper.labToLMS
            toRGB = Lanes(mapper.lmsToRGB); toLMS = Lanes(mapper.rgbToLMS); toLab = Lanes(mapper.lmsToLab)
            toLMSFloat = FloatLanes(mapper.rgbToLMS); toLabFloat = FloatLanes(mapper.lmsToLab)
        }
    }

    /// A 3×3 matrix rounded to Float, each entry in four lanes.
    struct FloatLanes {
        let m00: Float4, m01: Float4, m02: Float4, m10: Float4, m11: Float4, m12: Float4
        let m20: Float4, m21: Float4, m22: Float4
        init(_ m: Matrix3) {
            m00 = Float4(repeating: Float(m.r0.x)); m01 = Float4(repeating: Float(m.r0.y)); m02 = Float4(repeating: Float(m.r0.z))
            m10 = Float4(repeating: Float(m.r1.x)); m11 = Float4(repeating: Float(m.r1.y)); m12 = Float4(repeating: Float(m.r1.z))
            m20 = Float4(repeating: Float(m.r2.x)); m21 = Float4(repeating: Float(m.r2.y)); m22 = Float4(repeating: Float(m.r2.z))
        }

        @_transparent
        func mul(_ x: Float4, _ y: Float4, _ z: Float4) -> (Float4, Float4, Float4) {
            (x * m00 + (y * m01 + z * m02), x * m10 + (y * m11 + z * m12), x * m20 + (y * m21 + z * m22))
        }
    }

    /// A 3×3 matrix with each entry repeated in four lanes: the products take the entries as they are (from
    /// registers or memory), with no broadcast of a scalar per use.
    struct Lanes {
        let m00: Double4, m01: Double4, m02: Double4, m10: Double4, m11: Double4, m12: Double4
        let m20: Double4, m21: Double4, m22: Double4
        init(_ m: Matrix3) {
            m00 = Double4(repeating: m.r0.x); m01 = Double4(repeating: m.r0.y); m02 = Double4(repeating: m.r0.z)
            m10 = Double4(repeating: m.r1.x); m11 = Double4(repeating: m.r1.y); m12 = Double4(repeating: m.r1.z)
            m20 = Double4(repeating: m.r2.x); m21 = Double4(repeating: m.r2.y); m22 = Double4(repeating: m.r2.z)
        }

        /// M·(x, y, z), summed as `BatchGamutMapper.mul` sums (the same bits).
        @_transparent
        func mul(_ x: Double4, _ y: Double4, _ z: Double4) -> RGB4 {
            (x * m00 + (y * m01 + z * m02), x * m10 + (y * m11 + z * m12), x * m20 + (y * m21 + z * m22))
        }
    }

    let light: Double4, ca: Double4, sb: Double4
    let base0: Double4, base1: Double4, base2: Double4, dir0: Double4, dir1: Double4, dir2: Double4
    let toRGB: Lanes, toLMS: Lanes, toLab: Lanes, toLMSFloat: FloatLanes, toLabFloat: FloatLanes

    @_transparent
    init(_ matrices: Matrices, light L: Double4, hue H: Double4) {
        let sc = VectorMathDouble.sincosDegrees(H)
        self.init(matrices, light: L, cos: sc.cos, sin: sc.sin)
    }

    /// The line at lightness L of the hue whose cos and sin are given (`sincosDegrees` of h, as the other
    /// initializer takes them).
    @_transparent
    init(_ matrices: Matrices, light L: Double4, cos: Double4, sin: Double4) {
        light = L; ca = cos; sb = sin
        let m = matrices.labToLMS
        base0 = L * m.r0.x; base1 = L * m.r1.x; base2 = L * m.r2.x
        dir0 = ca * m.r0.y + sb * m.r0.z; dir1 = ca * m.r1.y + sb * m.r1.z; dir2 = ca * m.r2.y + sb * m.r2.z
        toRGB = matrices.toRGB; toLMS = matrices.toLMS; toLab = matrices.toLab
        toLMSFloat = matrices.toLMSFloat; toLabFloat = matrices.toLabFloat
    }

    /// A line from its parts (as `css4Decisions` keeps them per lane).
    @_transparent
    init(_ matrices: Matrices, light L: Double4, ca: Double4, sb: Double4, base: RGB4, dir: RGB4) {
        light = L; self.ca = ca; self.sb = sb
        (base0, base1, base2) = base; (dir0, dir1, dir2) = dir
        toRGB = matrices.toRGB; toLMS = matrices.toLMS; toLab = matrices.toLab
        toLMSFloat = matrices.toLMSFloat; toLabFloat = matrices.toLabFloat
    }

    /// Linear RGB of (L, c, h).
    @_transparent
    func rgb(_ c: Double4) -> RGB4 {
        let l = c * dir0 + base0, mm = c * dir1 + base1, s = c * dir2 + base2
        return toRGB.mul(l * l * l, mm * mm * mm, s * s * s)
    }

    /// LMS of a linear RGB point.
    @_transparent
    func lms(_ v: RGB4) -> RGB4 { toLMS.mul(v.0, v.1, v.2) }

    /// ΔEOK between the color with these LMS values and (L, c, h). `coarse`: with `VectorMathDouble.cbrtCoarse`
    /// (1.5e-9 relative): for LMS values of a point in the unit RGB cube (each in [0, 1.01], so LMS′ ≤ 1.0034)
    /// the OKLab coordinates move by at most 1.5e-9·1.0034 times the rows' absolute sums (1.008, 4.857, 1.617),
    /// ΔEOK by at most 7.9e-9.
    @_transparent
    func deltaE(lms: RGB4, chroma c: Double4, coarse: Bool = false) -> Double4 {
        typealias V = VectorMathDouble
        let lab = coarse ? toLab.mul(V.cbrtCoarse(lms.0), V.cbrtCoarse(lms.1), V.cbrtCoarse(lms.2))
            : toLab.mul(V.cbrt(lms.0), V.cbrt(lms.1), V.cbrt(lms.2))
        let dl = lab.0 - light, da = lab.1 - c * ca, db = lab.2 - c * sb
        return V.sqrt(dl * dl + (da * da + db * db))
    }

    /// ΔEOK² between a point of the unit RGB cube (`v`, clipped) and (L, c, h), in Float lanes: its root is
    /// within 4.4e-6 of `deltaE`'s for |c| ≤ 1 and a target whose RGB → LMS matrix has no negative entry (so LMS
    /// carries only relative rounding errors). A screen: decisions farther than `screenError` from their
    /// thresholds need no Double ΔEOK.
    ///
    /// Bound (u = 2⁻²⁴): LMS from v and the matrix rounded to Float, as sums of non-negative products: within
    /// 5u relative. `VectorMathDouble.cbrtFloat`: 4.82e-7 relative (measured over every Float of [1e-30, 1.02]),
    /// plus a third of its input's 5u: 5.81e-7 relative, 5.83e-7 absolute (LMS ≤ 1.01). LMS′ → OKLab with Float
    /// entries, products and sums: each coordinate within its row's absolute sum (1.008, 4.857, 1.617) times
    /// 5.83e-7 + 4u·1.0034 = 8.22e-7; the target (L, c·cos h, c·sin h) rounded to Float adds u each. ΔEOK moves
    /// by at most the length of those errors, 4.37e-6, plus 2u relative for the Float sum of squares.
    @_transparent
    func deltaESquaredScreen(clipped v: RGB4, chroma c: Double4) -> Float4 {
        typealias V = VectorMathDouble
        let lms = toLMSFloat.mul(V.toFloat(v.0), V.toFloat(v.1), V.toFloat(v.2))
        let lab = toLabFloat.mul(V.cbrtFloat(lms.0), V.cbrtFloat(lms.1), V.cbrtFloat(lms.2))
        let dl = lab.0 - V.toFloat(light), da = lab.1 - V.toFloat(c * ca), db = lab.2 - V.toFloat(c * sb)
        return dl * dl + (da * da + db * db)
    }

    /// The screen's margin: about twice its bound (`deltaESquaredScreen`).
    static let screenError = 8e-6

    /// Every channel in [0, 1].
    @_transparent
    static func inGamut(_ v: RGB4) -> SIMDMask<SIMD4<Int64>> {
        typealias V = VectorMathDouble
        let zero = Double4(repeating: 0), one = Double4(repeating: 1)
        return (V.min(V.min(v.0, v.1), v.2) .>= zero) .& (V.max(V.max(v.0, v.1), v.2) .<= one)
    }

    /// Each channel clamped to [0, 1].
    @_transparent
    static func clip(_ v: RGB4) -> RGB4 {
        typealias V = VectorMathDouble
        let zero = Double4(repeating: 0), one = Double4(repeating: 1)
        return (V.min(V.max(v.0, zero), one), V.min(V.max(v.1, zero), one), V.min(V.max(v.2, zero), one))
    }
}
