import ColorCore
import Foundation

/// Batch gamut mapping into `srgb`, `display-p3` or `rec2020`: `clip` and the CSS Color 4 binary search.
///
/// `css4` runs the CSS Color 4 algorithm (https://www.w3.org/TR/css-color-4/#binsearch) on four Double lanes
/// in lockstep: every lane follows its own bisection of OKLCH chroma, finished lanes are masked off, the loop
/// ends when every lane has. Decisions are taken in Double, as in `GamutCSS4.map`, so the results agree with
/// it to rounding (asserted ≤ 1e-4 per channel; measured ≤ 2e-7, the Float32 storage). Two exact
/// simplifications: the in-gamut test and the clip run on *linear* RGB (the transfer curves are monotone with
/// fixed points 0 and 1, so clip∘encode = encode∘clip), and ΔEOK of the clipped color needs no decode.
/// The per-color matrices are fused: OKLab → LMS′ → (cube) → linear RGB, linear RGB → LMS → (∛) → OKLab.
public struct BatchGamutMapper: Sendable {
    public enum Method: String, Sendable { case clip, css4 }
    public let method: Method
    public let target: ColorSpaceID
    let labToLMS: Matrix3, lmsToRGB: Matrix3, rgbToLMS: Matrix3, lmsToLab: Matrix3
    let transfer: TransferFunction
    let spaces: ColorSpaceRegistry
    public static let jnd = 0.02, epsilon = 0.0001

    /// - Throws: `ColorKernelsError.unsupported` unless `target` is an encoded RGB space over a linear space
    ///   whose base is `xyz-d65` (srgb, display-p3, rec2020, a98-rgb).
    public init(method: Method, target: ColorSpaceID, spaces: ColorSpaceRegistry = Workbench.standard.spaces) throws {
        self.method = method
        self.spaces = spaces
        let t = try spaces.canonicalID(target.rawValue)
        self.target = t
        let sp = try spaces.space(t)
        guard let tf = sp.transfer, let lin = sp.base, let linSpace = try? spaces.space(lin),
              let toXYZ = linSpace.linearToBase, linSpace.base == .xyzD65 else {
            throw ColorKernelsError.unsupported("batch gamut mapping into '\(t)' is not supported; use srgb, display-p3 or rec2020")
        }
        transfer = tf
        labToLMS = ColorSpace.oklabToLMS
        lmsToRGB = toXYZ.inverse * ColorSpace.lmsToXYZ
        rgbToLMS = ColorSpace.xyzToLMS * toXYZ
        lmsToLab = ColorSpace.lmsToOKLab
    }

    /// Maps `src` (any space; OKLCH is read directly, others are converted to OKLCH by the Float batch path)
    /// into `dst` in `target` (resized; allocation reused). Alpha is carried.
    /// - Complexity: O(n · log₂(C/ε)) for css4, O(n) for clip; tiled over `threads` cores (0 = all).
    public func map(_ src: ColorBuffer, into dst: ColorBuffer, threads: Int = 0) throws {
        if method == .clip {
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
        let encode = ConvertKernel.encode(transfer)
        // About eight chunks per thread (so that a 3:2 split of a few chunks does not cap the speed-up), each of
        // 256…2048 colors (≥ 40 µs of work, far above the cost of handing it out).
        let perThread = n / (8 * Parallel.resolve(threads))
        let chunk = Swift.max(256, Swift.min(Self.chunk, perThread / 8 * 8))
        Parallel.forChunks(count: n, chunk: chunk, threads: threads) { r in
            mapChunk(s0, s1, s2, d0, d1, d2, r.lowerBound..<(r.upperBound == n ? end : r.upperBound))
            let hi = r.upperBound == n ? end : r.upperBound
            encode.run(tile: d0 + r.lowerBound, stride: stride, vectors: hi - r.lowerBound, count: r.count)
        }
        for p in [d0, d1, d2] where end > n { (p + n).update(repeating: 0, count: end - n) }
    }

    /// Builds and maps lightness ramps in one pass: for every base color r (OKLCH, read from `base`) and every
    /// stop s, the color (lightness[s], C_r, h_r) mapped into `target` by the CSS4 search, written to `dst` at
    /// r · stops + s (resized to base.count × stops; allocation reused). Ramps are split over the cores in chunks;
    /// each chunk builds its stops in a small scratch buffer and maps them, so the job is one parallel region.
    /// - Complexity: O(base.count · stops · log₂(C/ε)).
    public func mapRamps(_ base: ColorBuffer, lightness: [Float], into dst: ColorBuffer, threads: Int = 0) throws {
        guard method == .css4 else {
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
        let encode = ConvertKernel.encode(transfer)
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
                encode.run(tile: o0, stride: padded, vectors: padded, count: count)
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

    /// Maps `range` (bounds multiples of 4; the padded end included) into linear RGB, four lanes at a time.
    @inline(never)
    func mapChunk(_ s0: UnsafePointer<Float>, _ s1: UnsafePointer<Float>, _ s2: UnsafePointer<Float>,
                  _ d0: UnsafeMutablePointer<Float>, _ d1: UnsafeMutablePointer<Float>, _ d2: UnsafeMutablePointer<Float>,
                  _ range: Range<Int>) {
        typealias V = VectorMathDouble
        @_transparent func load(_ p: UnsafePointer<Float>, _ i: Int) -> Double4 {
            let v = V.toDouble(UnsafeRawPointer(p + i).loadUnaligned(as: Float4.self))
            return V.select(v .!= v, Double4(repeating: 0), v)
        }
        @_transparent func store(_ p: UnsafeMutablePointer<Float>, _ i: Int, _ v: Double4) {
            UnsafeMutableRawPointer(p + i).storeBytes(of: V.toFloat(v), as: Float4.self)
        }
        var i = range.lowerBound
        while i < range.upperBound {
            let out = mapCSS4(load(s0, i), load(s1, i), load(s2, i))
            store(d0, i, out.0); store(d1, i, out.1); store(d2, i, out.2)
            i &+= 4
        }
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
        let sc = V.sincosDegrees(H)
        let ca = sc.cos, sb = sc.sin
        let zero = Double4(repeating: 0), one = Double4(repeating: 1)
        let m = labToLMS
        let base0 = L * m.r0.x, base1 = L * m.r1.x, base2 = L * m.r2.x
        let dir0 = ca * m.r0.y + sb * m.r0.z, dir1 = ca * m.r1.y + sb * m.r1.z, dir2 = ca * m.r2.y + sb * m.r2.z
        @_transparent func rgb(_ c: Double4) -> (Double4, Double4, Double4) {
            let l = c * dir0 + base0, mm = c * dir1 + base1, s = c * dir2 + base2
            return Self.mul(lmsToRGB, l * l * l, mm * mm * mm, s * s * s)
        }
        @_transparent func inGamut(_ v: (Double4, Double4, Double4)) -> SIMDMask<SIMD4<Int64>> {
            (V.min(V.min(v.0, v.1), v.2) .>= zero) .& (V.max(V.max(v.0, v.1), v.2) .<= one)
        }
        @_transparent func clip(_ v: (Double4, Double4, Double4)) -> (Double4, Double4, Double4) {
            (V.min(V.max(v.0, zero), one), V.min(V.max(v.1, zero), one), V.min(V.max(v.2, zero), one))
        }
        @_transparent func deltaE(_ v: (Double4, Double4, Double4), _ c: Double4) -> Double4 {
            let lms = Self.mul(rgbToLMS, v.0, v.1, v.2)
            let lab = Self.mul(lmsToLab, V.cbrt(lms.0), V.cbrt(lms.1), V.cbrt(lms.2))
            let dl = lab.0 - L, da = lab.1 - c * ca, db = lab.2 - c * sb
            return V.sqrt(dl * dl + (da * da + db * db))
        }
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
