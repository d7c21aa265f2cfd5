import ColorCore
import Foundation

/// How a matrix treats alpha (contrast methods only; ΔE methods compare the colors as given).
public enum MatrixAlpha: Sendable {
    /// Translucent text is composited over its background and a translucent background over `canvas`
    /// (source-over in the method's input space), as `Workbench.contrast` and `huebench contrast` do.
    case composite(canvas: Color)
    /// Alpha is ignored (every color taken as opaque).
    case ignore

    /// Compositing over white.
    public static let standard = MatrixAlpha.composite(canvas: Color(.srgb, 1, 1, 1))
}

/// An N×M matrix of contrast (or difference) between N text colors (rows) and M background colors (columns),
/// by any registered contrast or ΔE method (`PairMethod`).
///
/// The method's entry declares its batch form (`PairKernel`): per-color work is then done once, in Double, by
/// the ColorCore reference formulas four colors at a time (`VectorMathDouble.pow`, ≤ 8e-15 relative to Glibc's
/// `pow`; WCAG luminance stored as Y + 0.05 and its reciprocal; APCA's soft-clamped luminance and four powered
/// terms scaled by 114; the input coordinates for a Euclidean ΔE), rounded to Float once, and the N×M pass is
/// branch-free SIMD8 Float32 code, row by row, over every core. A method without a batch form runs its
/// Double `evaluate` per pair, rows split over every core, results rounded to Float32.
///
/// Alpha (contrast methods, `MatrixAlpha.composite`): a translucent background is composited over the canvas
/// once per color; a row whose text is translucent is computed in Double, each pair composited over its
/// background as `Workbench.contrast` does.
///
/// Accuracy against the Double reference: WCAG ratio ≤ 4e-7 relative; APCA Lc ≤ 1e-4 absolute; Euclidean
/// ≤ 1e-6 × the largest coordinate magnitude; Double-evaluated pairs: Float32 rounding (6e-8 relative).
/// Threshold counts in `run` are exact: pairs whose Float32 value lies within that bound of a threshold are
/// re-evaluated in Double (`errorBound`).
/// https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio, https://github.com/Myndex/apca-w3
public struct ContrastMatrix: Sendable {
    public let method: PairMethod
    public let rows: Int
    public let columns: Int
    /// Whether text and background are the same colors (a self-matrix): the diagonal is left out of the summary.
    public let isSelfMatrix: Bool
    /// The batch kernel that runs the opaque rows (the entry's declared form), nil: Double `evaluate` per pair.
    public let kernel: PairKernel?
    // Per-color terms; background planes are padded to a multiple of 8 with copies of the last color.
    let t: TermPlanes
    let b: TermPlanes
    /// Inputs in the method's input space, Double, missing components as 0 (backgrounds composited over the
    /// canvas): the reference the Double rows and the threshold rechecks use.
    let textD: [SIMD3<Double>], backgroundD: [SIMD3<Double>]
    /// Alpha of each text color when it is composited (< 1), else nil for an opaque row.
    let textAlpha: [Double?]
    /// The Float32 error bound of a kernel value v: `boundAbsolute + boundRelative · |v|`.
    public let boundAbsolute: Double, boundRelative: Double

    /// Prepares the per-color terms. Buffers in any space are converted to the method's input space in Double.
    /// - Parameters:
    ///   - textColors, backgroundColors: the same colors in Double, when the caller has them (parsed CSS): the
    ///     threshold rechecks then reproduce the Double path exactly; otherwise the buffers' values are used.
    /// - Complexity: O(N + M).
    public init(method: PairMethod, text: ColorBuffer, background: ColorBuffer? = nil,
                textColors: [Color]? = nil, backgroundColors: [Color]? = nil,
                alpha: MatrixAlpha = .standard, workbench: Workbench = .standard) throws {
        self.method = method
        self.kernel = method.batch
        self.rows = text.count
        let bg = background ?? text
        self.columns = bg.count
        self.isSelfMatrix = background == nil || background === text
        let space = method.inputSpace
        var canvas: SIMD3<Double>? = nil
        if case let .composite(c) = alpha, method.kind == .contrast {
            canvas = try workbench.spaces.convert(c, to: space).coordsForConversion
        }
        func doubles(_ buf: ColorBuffer, _ colors: [Color]?) throws -> (coords: [SIMD3<Double>], alpha: [Double]) {
            let n = buf.count
            var out = [SIMD3<Double>](repeating: .zero, count: n), al = [Double](repeating: 1, count: n)
            if let cs = colors, cs.count == n {
                var plans: [ColorSpaceID: ConversionPlan] = [:]
                for (i, c) in cs.enumerated() {
                    if c.space == space { out[i] = c.coordsForConversion } else {
                        if plans[c.space] == nil { plans[c.space] = try workbench.spaces.plan(from: c.space, to: space) }
                        out[i] = plans[c.space]!.apply(c.coords)
                    }
                    al[i] = c.alpha
                }
            } else if buf.space == space {
                // Already in the input space: read the planes (missing components as 0), no plan.
                let c0 = buf.c0, c1 = buf.c1, c2 = buf.c2
                out.withUnsafeMutableBufferPointer { o in
                    for i in 0..<n {
                        let x = Double(c0[i]), y = Double(c1[i]), z = Double(c2[i])
                        o[i] = SIMD3(x.isNaN ? 0 : x, y.isNaN ? 0 : y, z.isNaN ? 0 : z)
                    }
                }
                if buf.hasAlpha { let a = buf.alphaPlane; for i in 0..<n { al[i] = Double(a[i]) } }
                return (out, al)
            } else {
                let plan = try workbench.spaces.plan(from: buf.space, to: space)
                for i in 0..<n {
                    out[i] = plan.apply(SIMD3(Double(buf.c0[i]), Double(buf.c1[i]), Double(buf.c2[i])))
                    al[i] = Double(buf.alpha(i))
                }
            }
            for i in 0..<n { out[i] = SIMD3(out[i].x.isNaN ? 0 : out[i].x, out[i].y.isNaN ? 0 : out[i].y, out[i].z.isNaN ? 0 : out[i].z) }
            return (out, al)
        }
        let td = try doubles(text, textColors)
        var sharedInputs = (background == nil || background === text) && (backgroundColors == nil)
        var bd = sharedInputs ? td : try doubles(bg, backgroundColors)
        if let cv = canvas {
            for j in 0..<bd.coords.count where !bd.alpha[j].isNaN && bd.alpha[j] < 1 {
                sharedInputs = false
                let a = Swift.max(bd.alpha[j], 0)
                bd.coords[j] = bd.coords[j] * a + cv * (1 - a)
            }
        }
        textD = td.coords
        backgroundD = bd.coords
        textAlpha = canvas == nil ? Array(repeating: nil, count: td.alpha.count)
            : td.alpha.map { !$0.isNaN && $0 < 1 ? Swift.max($0, 0) : nil }
        if sharedInputs {
            // One pass gives both sides (a self-matrix whose backgrounds were not composited).
            (t, b) = Self.terms(kernel, textD, text: true, background: true)
        } else {
            t = Self.terms(kernel, textD, text: true, background: false).text
            b = Self.terms(kernel, backgroundD, text: false, background: true).background
        }
        switch kernel {
        case .luminanceRatio?: boundAbsolute = 0; boundRelative = 2e-6
        case .apca?: boundAbsolute = 1e-3; boundRelative = 0
        case .euclidean?:
            var m = 0.0
            for v in td.coords + bd.coords { m = Swift.max(m, Swift.abs(v.x), Swift.abs(v.y), Swift.abs(v.z)) }
            boundAbsolute = 2e-6 * Swift.max(m, 1e-30); boundRelative = 2e-6
        case nil: boundAbsolute = 0; boundRelative = 2e-7
        }
    }

    /// The per-color term planes of a batch form for text (N colors) and/or background (padded to a multiple of 8
    /// with copies of the last color); nil form: none, the Double inputs are used. Four colors at a time in
    /// Double (`VectorMathDouble.powNonNegative`, ≤ 8e-15 relative to Foundation's `pow`), rounded to Float once, on every
    /// core (chunks of 256 colors). Colors with a coordinate beyond ±10⁶ or not finite take the scalar
    /// reference functions.
    /// - Complexity: O(N).
    static func terms(_ k: PairKernel?, _ v: [SIMD3<Double>], text wantText: Bool, background wantBackground: Bool)
        -> (text: TermPlanes, background: TermPlanes) {
        let none = TermPlanes(planes: 0, count: 0)
        guard let k else { return (none, none) }
        let n = v.count
        let planes = k == .luminanceRatio ? 2 : 3
        let padded = Swift.max(8, (n + 7) / 8 * 8)
        let tp = wantText ? TermPlanes(planes: planes, count: n) : none
        let bp = wantBackground ? TermPlanes(planes: planes, count: padded) : none
        guard n > 0 else { tp.zero(); bp.zero(); return (tp, bp) }
        let total = wantBackground ? padded : n
        @inline(__always) func ptrs(_ t: TermPlanes) -> (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) {
            t.planes > 0 ? (t.plane(0), t.plane(1), t.plane(planes - 1)) : (t.plane(0), t.plane(0), t.plane(0))
        }
        let tOut = UncheckedBox(ptrs(tp)), bOut = UncheckedBox(ptrs(bp))
        v.withUnsafeBufferPointer { vb in
            let src = UncheckedBox(vb.baseAddress!)
            Parallel.forChunks(count: (total + 3) / 4, chunk: 64, threads: 0) { groups in
                let to = tOut.value, bo = bOut.value
                for g in groups {
                    let i0 = 4 * g
                    var x = Double4(), y = Double4(), z = Double4()
                    for l in 0..<4 {
                        let c = src.value[Swift.min(i0 + l, n - 1)]
                        x[l] = c.x; y[l] = c.y; z[l] = c.z
                    }
                    let lim = Double4(repeating: 1e6)
                    let tame = VectorMathDouble.all((VectorMathDouble.abs(x) .<= lim) .& (VectorMathDouble.abs(y) .<= lim)
                                                    .& (VectorMathDouble.abs(z) .<= lim))
                    let r = tame ? Self.terms4(k, x, y, z) : Self.scalarTerms4(k, x, y, z)
                    for l in 0..<4 {
                        let i = i0 + l
                        if wantText && i < n {
                            to.0[i] = Float(r.y0[l]); to.1[i] = Float(r.t1[l])
                            if planes > 2 { to.2[i] = Float(r.t2[l]) }
                        }
                        if wantBackground && i < padded {
                            bo.0[i] = Float(r.y0[l]); bo.1[i] = Float(r.b1[l])
                            if planes > 2 { bo.2[i] = Float(r.b2[l]) }
                        }
                    }
                }
            }
        }
        return (tp, bp)
    }

    /// The terms of four colors: plane 0 (WCAG: Y + 0.05; APCA: soft-clamped Y; Euclidean: coordinate 0) and
    /// planes 1, 2 as text (t1, t2) and as background (b1, b2).
    typealias Terms4 = (y0: Double4, t1: Double4, t2: Double4, b1: Double4, b2: Double4)

    @inline(__always)
    static func terms4(_ k: PairKernel, _ x: Double4, _ y: Double4, _ z: Double4) -> Terms4 {
        typealias D = VectorMathDouble
        switch k {
        case .luminanceRatio:
            // WCAG21.luminance: the sRGB curve per channel (sign-preserving), Y row of the sRGB matrix, floored at 0.
            @inline(__always) func lin(_ v: Double4) -> Double4 {
                let a = D.abs(v)
                let p = D.powNonNegative((a + 0.055) / 1.055, 2.4)
                return D.select(a .<= 0.04045, v / 12.92, D.select(v .< 0, -p, p))
            }
            let m = ColorSpace.srgbLinearToXYZ.r1
            let yl = D.max(lin(x) * m.x + lin(y) * m.y + lin(z) * m.z, .zero) + 0.05
            let inv = 1 / yl
            return (yl, inv, inv, inv, inv)
        case .apca:
            // APCA.luminance (a plain 2.4 power, sign-preserving) and APCA.softClamp, then the four powers.
            @inline(__always) func lin(_ v: Double4) -> Double4 {
                let p = D.powNonNegative(D.abs(v), APCA.mainTRC)
                return D.select(v .< 0, -p, p)
            }
            let yr = lin(x) * APCA.sRco + lin(y) * APCA.sGco + lin(z) * APCA.sBco
            let v = D.max(yr, .zero)
            let dark = v .<= APCA.blkThrs
            let yc = D.any(dark) ? D.select(dark, v + D.powNonNegative(D.max(APCA.blkThrs - v, .zero), APCA.blkClmp), v) : v
            // yc ≥ 0.022^1.414 and ≤ 10⁶^2.4: one log2, four exp2 (|exponent · log2 yc| < 40, pow's domain).
            let lg = D.log2(yc)
            return (yc, (100 * APCA.scaleBoW) * D.exp2(lg * APCA.normTXT), (100 * APCA.scaleWoB) * D.exp2(lg * APCA.revTXT),
                    (100 * APCA.scaleBoW) * D.exp2(lg * APCA.normBG), (100 * APCA.scaleWoB) * D.exp2(lg * APCA.revBG))
        case .euclidean:
            return (x, y, z, y, z)
        }
    }

    /// `terms4` by the scalar reference functions (colors outside the SIMD path's domain).
    @inline(never)
    static func scalarTerms4(_ k: PairKernel, _ x: Double4, _ y: Double4, _ z: Double4) -> Terms4 {
        var r: Terms4 = (.zero, .zero, .zero, .zero, .zero)
        for l in 0..<4 {
            let c = SIMD3(x[l], y[l], z[l])
            switch k {
            case .luminanceRatio:
                let yl = WCAG21.luminance(srgb: c) + 0.05
                r.y0[l] = yl; r.t1[l] = 1 / yl; r.t2[l] = 1 / yl; r.b1[l] = 1 / yl; r.b2[l] = 1 / yl
            case .apca:
                let yc = APCA.softClamp(APCA.luminance(srgb: c))
                r.y0[l] = yc
                r.t1[l] = 100 * APCA.scaleBoW * Foundation.pow(yc, APCA.normTXT)
                r.t2[l] = 100 * APCA.scaleWoB * Foundation.pow(yc, APCA.revTXT)
                r.b1[l] = 100 * APCA.scaleBoW * Foundation.pow(yc, APCA.normBG)
                r.b2[l] = 100 * APCA.scaleWoB * Foundation.pow(yc, APCA.revBG)
            case .euclidean:
                r = (x, y, z, y, z)
            }
        }
        return r
    }

    /// The Double reference value of pair (i, j): the method's `evaluate` on the Double inputs, the text
    /// composited over the background when it is translucent.
    @inline(__always)
    public func reference(_ i: Int, _ j: Int) -> Double {
        let bg = backgroundD[j]
        if let a = textAlpha[i] { return method.evaluate(textD[i] * a + bg * (1 - a), bg) }
        return method.evaluate(textD[i], bg)
    }

    /// Whether row i runs in Double (no batch form, or translucent text).
    @inline(__always)
    func isDoubleRow(_ i: Int) -> Bool { kernel == nil || textAlpha[i] != nil }

    // MARK: The N×M pass

    /// Computes row `i` into `out[0..<columns]`: one loop of SIMD loads, arithmetic, compares and stores per
    /// method (no closure, no reference counting: the term planes are raw pointers).
    @inline(__always)
    func computeRow(_ i: Int, _ out: UnsafeMutablePointer<Float>) {
        typealias V = VectorMath
        guard let kernel, textAlpha[i] == nil else {
            for j in 0..<columns { out[j] = Float(reference(i, j)) }
            return
        }
        let full = columns / 8 * 8
        let p0 = UnsafePointer(b.plane(0)), p1 = UnsafePointer(b.plane(1)), p2 = UnsafePointer(b.plane(2))
        let t0 = t.plane(0)[i], t1 = t.plane(1)[i], t2 = t.planes > 2 ? t.plane(2)[i] : 0
        var last = Float8()
        switch kernel {
        case .luminanceRatio:
            // max(Ya/Yb, Yb/Ya) with both reciprocals precomputed; ≥ 1 by construction up to rounding.
            let ta = Float8(repeating: t0), tinv = Float8(repeating: t1), one = Float8(repeating: 1)
            var j = 0
            while j < full {
                store8(out, j, V.max(V.max(ta * load8(p1, j), load8(p0, j) * tinv), one)); j &+= 8
            }
            if j < columns { last = V.max(V.max(ta * load8(p1, j), load8(p0, j) * tinv), one) }
        case .apca:
            // Normal polarity (background brighter): Sapc = bg^0.56 − txt^0.57 (scaled), Lc = Sapc − 0.027 when
            // ≥ 0.1 else 0; reverse: bg^0.65 − txt^0.62, Lc = Sapc + 0.027 when ≤ −0.1 else 0; |ΔY| < 0.0005 → 0.
            let ty = Float8(repeating: t0), tn = Float8(repeating: t1), tr = Float8(repeating: t2)
            @_transparent func lc(_ j: Int) -> Float8 {
                let sN = load8(p1, j) - tn, sR = load8(p2, j) - tr
                let lcN = V.zeroWhere(sN .< 10, sN - 2.7)
                let lcR = V.zeroWhere(sR .> -10, sR + 2.7)
                let d = load8(p0, j) - ty
                return V.zeroWhere(V.abs(d) .< 0.0005, V.select(d .> 0, lcN, lcR))
            }
            var j = 0
            while j < full { store8(out, j, lc(j)); j &+= 8 }
            if j < columns { last = lc(j) }
        case .euclidean:
            let tl = Float8(repeating: t0), ta = Float8(repeating: t1), tb = Float8(repeating: t2)
            var j = 0
            while j < full {
                let dl = load8(p0, j) - tl, da = load8(p1, j) - ta, db = load8(p2, j) - tb
                store8(out, j, V.sqrt(dl * dl + (da * da + db * db))); j &+= 8
            }
            if j < columns {
                let dl = load8(p0, j) - tl, da = load8(p1, j) - ta, db = load8(p2, j) - tb
                last = V.sqrt(dl * dl + (da * da + db * db))
            }
        }
        for l in 0..<(columns - full) { out[full + l] = last[l] }
    }

    /// Computes rows `rowRange` into `out` (row-major, `columns` floats per row, row `rowRange.lowerBound` first).
    /// - Complexity: O(rows · columns), split over `threads` cores (0 = all).
    public func compute(rows rowRange: Range<Int>, into out: UnsafeMutablePointer<Float>, threads requested: Int = 0) {
        let cols = columns, r0 = rowRange.lowerBound, threads = method.serial ? 1 : requested
        // Chunks of ≥ 16K pairs, handed out dynamically.
        let chunk = Swift.max(1, 16_384 / Swift.max(1, cols))
        Parallel.forChunks(count: rowRange.count, chunk: chunk, threads: threads) { range in
            for r in range { computeRow(r0 + r, out + r * cols) }
        }
    }

    /// `compute(rows:into:threads:)` that stops at `deadline`: polled before each chunk (≥ 16K pairs), in one
    /// dispatch over every core; throws `DeadlineExceeded` once it has expired (rows not reached stay unwritten).
    public func compute(rows rowRange: Range<Int>, into out: UnsafeMutablePointer<Float>, threads requested: Int = 0,
                        deadline: Deadline?) throws(DeadlineExceeded) {
        let cols = columns, r0 = rowRange.lowerBound, threads = method.serial ? 1 : requested
        let chunk = Swift.max(1, 16_384 / Swift.max(1, cols))
        try Parallel.forChunks(count: rowRange.count, chunk: chunk, threads: threads, deadline: deadline) { range in
            for r in range { computeRow(r0 + r, out + r * cols) }
        }
    }

    /// Computes the whole matrix into a caller-supplied buffer of at least rows × columns floats (reuse it).
    public func compute(into out: UnsafeMutableBufferPointer<Float>, threads: Int = 0) {
        precondition(out.count >= rows * columns, "output buffer holds \(out.count) floats, need \(rows * columns)")
        compute(rows: 0..<rows, into: out.baseAddress!, threads: threads)
    }

    // MARK: Summary and streaming

    /// Computes the matrix block of rows by block of rows, summarizes it and hands each block to `sink`
    /// (e.g. a `MatrixWriter`), so memory stays bounded by `blockBytes` whatever N × M is.
    /// - Parameters:
    ///   - thresholds: values counted as "pairs at or above" by magnitude (APCA: |Lc|); the method's defaults
    ///     when nil. Counts are exact: equal to the Double path's (near-threshold pairs are re-evaluated).
    ///   - worst: how many lowest-contrast (smallest |value|) pairs to report.
    ///   - deadline: polled once per row block; an expired deadline throws `DeadlineExceeded`.
    ///   - progress: called after each block with the rows done so far.
    /// - Complexity: O(N · M) time over `threads` cores; O(blockBytes + N) memory.
    public func run(thresholds: [Double]? = nil, worst k: Int = 10, threads: Int = 0, blockBytes: Int = 64 << 20,
                    deadline: Deadline? = nil,
                    sink: ((UnsafePointer<Float>, _ rowCount: Int) throws -> Void)? = nil,
                    progress: ((Int) -> Void)? = nil) throws -> MatrixSummary {
        let ths = thresholds ?? method.thresholds
        var summary = MatrixSummary(method: method, rows: rows, columns: columns, thresholds: ths, k: k)
        guard rows > 0 && columns > 0 else { return summary }
        // A method whose `evaluate` runs in a script (`serial`) runs on this thread, in blocks of ~16K pairs so
        // its failures and the deadline are seen soon.
        let threads = method.serial ? 1 : threads
        let blockRows = Swift.max(1, Swift.min(rows, (method.serial ? 65_536 : blockBytes) / 4 / columns))
        let block = UnsafeMutablePointer<Float>.allocate(capacity: blockRows * columns)
        defer { block.deallocate() }
        let lock = NSLock()
        var r0 = 0
        while r0 < rows {
            try deadline?.check()
            let n = Swift.min(blockRows, rows - r0)
            let base = r0
            let shared = UncheckedBox(UnsafeMutablePointer<MatrixSummary>.allocate(capacity: 1))
            shared.value.initialize(to: summary)
            Parallel.forRanges(count: n, granule: 1, threads: threads) { range in
                var local = MatrixSummary(method: method, rows: rows, columns: columns, thresholds: ths, k: k)
                for r in range {
                    let row = block + r * columns
                    computeRow(base + r, row)
                    local.add(row: base + r, row, excludeDiagonal: isSelfMatrix, matrix: self)
                }
                lock.lock(); shared.value.pointee.merge(local); lock.unlock()
            }
            summary = shared.value.move()
            shared.value.deallocate()
            try method.checkFailure?()
            try sink?(block, n)
            r0 += n
            progress?(r0)
        }
        return summary
    }

    /// The number of values in `values` (row-major rows of this matrix, starting at row `firstRow`) whose
    /// magnitude is at least `threshold`, exact against the Double path; the diagonal counts unless excluded.
    public func count(atLeast threshold: Double, values: UnsafePointer<Float>, firstRow: Int, rowCount: Int,
                      excludeDiagonal: Bool = false) -> Int {
        let th = Float(threshold)
        let b = boundAbsolute + boundRelative * Swift.abs(threshold)
        let lo = Float(threshold - 1.5 * b - 1e-30).nextDown.nextDown, hi = Float(threshold + 1.5 * b + 1e-30).nextUp.nextUp
        let clip = thresholdMeetsClip(threshold)
        var n = 0
        for r in 0..<rowCount {
            let i = firstRow + r, row = values + r * columns
            for j in 0..<columns where !(excludeDiagonal && i == j) {
                let v = Swift.abs(row[j])
                if (v >= lo && v <= hi) || (clip && (v == 0 || v < 7.31) && isNearAPCAClip(i, j)) {
                    n += Swift.abs(reference(i, j)) >= threshold ? 1 : 0
                } else if v >= th { n += 1 }
            }
        }
        return n
    }

    /// The indices of the k values of smallest magnitude (ties by index, NaN last), smallest first.
    ///
    /// A radix selection on the magnitudes' bit patterns (for non-negative floats the bits order like the
    /// values): a histogram of the top 16 bits finds the bucket of the k-th value, a second one its low 16 bits;
    /// one pass collects the values below it (and the first ones equal to it, in index order), and a stable
    /// two-pass radix sort orders them by magnitude.
    /// - Parameter deadline: polled once per 65,536 values of every pass; an expired deadline throws
    ///   `DeadlineExceeded`.
    /// - Complexity: O(n + k) time (four passes over the values, two over the k results), O(k) memory.
    public static func smallestMagnitudes(_ v: UnsafePointer<Float>, count n: Int, k: Int,
                                          deadline: Deadline? = nil) throws(DeadlineExceeded) -> [Int] {
        let k = Swift.min(k, n)
        guard k > 0 else { return [] }
        guard n <= Int(UInt32.max) else { return try heapSmallestMagnitudes(v, count: n, k: k, deadline: deadline) }
        let bits = UnsafeRawPointer(v).assumingMemoryBound(to: UInt32.self)
        let block = 1 << 16
        let hist = UnsafeMutablePointer<Int>.allocate(capacity: 1 << 16)
        defer { hist.deallocate() }
        // The 16-bit bucket holding the k-th smallest magnitude, given a filter on the high half.
        func bucket(high: UInt32?, below: inout Int) throws(DeadlineExceeded) -> UInt32 {
            hist.initialize(repeating: 0, count: 1 << 16)
            var a = 0
            while a < n {
                try deadline?.check()
                let b = Swift.min(n, a + block)
                if let high {
                    for i in a..<b { let m = bits[i] & 0x7FFF_FFFF; if m >> 16 == high { hist[Int(m & 0xFFFF)] += 1 } }
                } else {
                    for i in a..<b { hist[Int((bits[i] & 0x7FFF_FFFF) >> 16)] += 1 }
                }
                a = b
            }
            var x = 0
            while below + hist[x] < k { below += hist[x]; x += 1 }
            return UInt32(x)
        }
        var below = 0
        let high = try bucket(high: nil, below: &below)
        let low = try bucket(high: high, below: &below)
        let kth = high << 16 | low
        // Collect: every magnitude below the k-th, and the first (k − below) equal to it, in index order.
        let idx = UnsafeMutablePointer<UInt32>.allocate(capacity: k), mag = UnsafeMutablePointer<UInt32>.allocate(capacity: k)
        let idx2 = UnsafeMutablePointer<UInt32>.allocate(capacity: k), mag2 = UnsafeMutablePointer<UInt32>.allocate(capacity: k)
        defer { idx.deallocate(); mag.deallocate(); idx2.deallocate(); mag2.deallocate() }
        var taken = 0, equal = k - below
        var a = 0
        while a < n {
            try deadline?.check()
            let b = Swift.min(n, a + block)
            for i in a..<b {
                let m = bits[i] & 0x7FFF_FFFF
                if m < kth || (m == kth && equal > 0) {
                    if m == kth { equal -= 1 }
                    idx[taken] = UInt32(truncatingIfNeeded: i); mag[taken] = m; taken += 1
                }
            }
            a = b
        }
        // Stable LSD radix sort by magnitude (low 16 bits, then high 16): ties stay in index order.
        for (shift, from, to) in [(UInt32(0), (idx, mag), (idx2, mag2)), (UInt32(16), (idx2, mag2), (idx, mag))] {
            hist.initialize(repeating: 0, count: 1 << 16)
            for j in 0..<taken { hist[Int((from.1[j] >> shift) & 0xFFFF)] += 1 }
            var sum = 0
            for d in 0..<(1 << 16) { let c = hist[d]; hist[d] = sum; sum += c }
            var j = 0
            while j < taken {
                try deadline?.check()
                for q in j..<Swift.min(taken, j + block) {
                    let d = Int((from.1[q] >> shift) & 0xFFFF)
                    to.0[hist[d]] = from.0[q]; to.1[hist[d]] = from.1[q]; hist[d] += 1
                }
                j += block
            }
        }
        return (0..<taken).map { Int(idx[$0]) }
    }

    /// The bounded max-heap form of `smallestMagnitudes` (for more than 2³² values).
    /// - Complexity: O(n log k) time, O(k) memory.
    static func heapSmallestMagnitudes(_ v: UnsafePointer<Float>, count n: Int, k: Int,
                                          deadline: Deadline? = nil) throws(DeadlineExceeded) -> [Int] {
        guard k > 0 else { return [] }
        try deadline?.check()
        var heap: [Int] = []
        heap.reserveCapacity(Swift.min(k, n))
        @inline(__always) func less(_ a: Int, _ b: Int) -> Bool {
            let x = Swift.abs(v[a]), y = Swift.abs(v[b]); return x < y || (x == y && a < b)
        }
        for idx in 0..<n {
            if idx & 0xFFFF == 0xFFFF { try deadline?.check() }
            if heap.count < k {
                heap.append(idx)
                var c = heap.count - 1
                while c > 0 { let p = (c - 1) / 2; if less(heap[p], heap[c]) { heap.swapAt(p, c); c = p } else { break } }
            } else if less(idx, heap[0]) {
                heap[0] = idx
                var p = 0
                while true {
                    let l = 2 * p + 1, r = l + 1
                    var big = p
                    if l < k && less(heap[big], heap[l]) { big = l }
                    if r < k && less(heap[big], heap[r]) { big = r }
                    if big == p { break }
                    heap.swapAt(p, big); p = big
                }
            }
        }
        try deadline?.check()
        // Heap order → sorted: pop the largest to the end, so a deadline is polled between pops.
        var end = heap.count
        while end > 1 {
            if end & 0xFFFF == 0 { try deadline?.check() }
            end -= 1
            heap.swapAt(0, end)
            var p = 0
            while true {
                let l = 2 * p + 1, r = l + 1
                var big = p
                if l < end && less(heap[big], heap[l]) { big = l }
                if r < end && less(heap[big], heap[r]) { big = r }
                if big == p { break }
                heap.swapAt(p, big); p = big
            }
        }
        return heap
    }

    /// APCA's low-contrast clip: |Sapc| < 0.1 gives Lc 0, otherwise |Lc| ≥ 7.3, so a value jumps between 0 and
    /// 7.3 there. Whether the Float32 Sapc of pair (i, j) lies within the error bound of that clip (its pair
    /// needs a Double recheck at every threshold in (0, 7.3 + bound]). False for other kernels and Double rows.
    @inline(__always)
    func isNearAPCAClip(_ i: Int, _ j: Int) -> Bool {
        guard kernel == .apca, textAlpha[i] == nil else { return false }
        let sN = b.plane(1)[j] - t.plane(1)[i], sR = b.plane(2)[j] - t.plane(2)[i]
        let e = Float(4 * boundAbsolute)
        return Swift.abs(sN - 10) <= e || Swift.abs(sR + 10) <= e
    }

    /// The magnitude where APCA's clip puts a jump (7.3 = 10 − 2.7), and whether `threshold` lies at or below it
    /// (within the bound): counts at such a threshold must recheck the pairs near the clip.
    static let apcaClipMagnitude = 7.3
    func thresholdMeetsClip(_ threshold: Double) -> Bool {
        kernel == .apca && threshold > 0 && threshold <= Self.apcaClipMagnitude + 4 * boundAbsolute
    }

    /// Whether a Float32 magnitude lies within the error bound of `threshold` (its pair needs a Double recheck).
    @inline(__always)
    public func isNear(_ magnitude: Float, _ threshold: Double) -> Bool {
        let v = Double(magnitude)
        let bound = boundAbsolute + boundRelative * Swift.max(Swift.abs(v), Swift.abs(threshold)) + 1e-300
        return Swift.abs(v - threshold) <= bound * 1.5 + Double(magnitude.ulp)
    }
}

/// Term planes of a contrast matrix: `planes` × `count` Floats in one allocation (freed with the value).
final class TermPlanes: @unchecked Sendable {
    let planes: Int, count: Int
    private let base: UnsafeMutablePointer<Float>

    /// Uninitialized planes (every value is written by `ContrastMatrix.terms`).
    init(planes: Int, count: Int) {
        self.planes = planes
        self.count = count
        base = .allocate(capacity: Swift.max(1, planes * count))
    }

    func zero() { base.initialize(repeating: 0, count: Swift.max(1, planes * count)) }

    deinit { base.deallocate() }

    @inline(__always) func plane(_ k: Int) -> UnsafeMutablePointer<Float> { base + k * count }
}

/// Row minima and maxima, counts at thresholds and the k worst pairs of a contrast matrix.
public struct MatrixSummary: Sendable {
    public let method: PairMethod
    public let rows: Int, columns: Int
    public let thresholds: [Double]
    /// Pairs at or above each threshold by magnitude (APCA: |Lc| ≥ threshold), diagonal excluded for a
    /// self-matrix; equal to the Double path's counts.
    public private(set) var counts: [Int]
    public private(set) var rowMin: [Float]
    public private(set) var rowMax: [Float]
    /// Pairs counted (N·M, or N·(N − 1) for a self-matrix).
    public private(set) var pairs = 0
    /// Pairs re-evaluated in Double because their Float32 value lay within its error bound of a threshold.
    public private(set) var rechecked = 0
    /// The k pairs with the smallest |value|, smallest first.
    public private(set) var worst: [(row: Int, column: Int, value: Float)] = []
    let k: Int

    init(method: PairMethod, rows: Int, columns: Int, thresholds: [Double], k: Int) {
        self.method = method; self.rows = rows; self.columns = columns; self.thresholds = thresholds; self.k = k
        counts = Array(repeating: 0, count: thresholds.count)
        rowMin = Array(repeating: .nan, count: rows); rowMax = Array(repeating: .nan, count: rows)
    }

    public var minimum: Float { rowMin.filter { !$0.isNaN }.min() ?? .nan }
    public var maximum: Float { rowMax.filter { !$0.isNaN }.max() ?? .nan }

    mutating func add(row i: Int, _ p: UnsafeMutablePointer<Float>, excludeDiagonal: Bool, matrix: ContrastMatrix) {
        var lo = Float.infinity, hi = -Float.infinity
        var cnt = [Int](repeating: 0, count: thresholds.count)
        var worstBound = worst.isEmpty || worst.count < k ? Float.infinity : Swift.abs(worst[worst.count - 1].value)
        let fth = thresholds.map { Float($0) }
        // The window around each threshold inside which a Float32 value may be on the wrong side.
        let window = thresholds.map { th -> (Float, Float) in
            let b = matrix.boundAbsolute + matrix.boundRelative * Swift.abs(th)
            return (Float(th - 1.5 * b - 1e-30).nextDown.nextDown, Float(th + 1.5 * b + 1e-30).nextUp.nextUp)
        }
        // APCA thresholds at or below the clip's jump (|Lc| 0 ↔ 7.3): values of 0 or near 7.3 may sit on the
        // other side of the clip in Double; those whose Sapc is near ±10 are rechecked.
        let clip = thresholds.map { matrix.thresholdMeetsClip($0) }
        let anyClip = clip.contains(true)
        let clipHigh = Float(ContrastMatrix.apcaClipMagnitude + 0.01)
        // Vector pass: min, max, min |v|, counts, and whether any value is near a threshold.
        var vlo = Float8(repeating: .infinity), vhi = Float8(repeating: -.infinity), vabs = Float8(repeating: .infinity)
        var vcnt = [SIMD8<Int32>](repeating: .zero, count: thresholds.count)
        var near = SIMDMask<SIMD8<Int32>>(repeating: false)
        let full = columns / 8 * 8
        let skip = excludeDiagonal ? i : -1
        var j = 0
        while j < full {
            if skip >= j && skip < j + 8 { j &+= 8; continue }  // the diagonal's vector goes to the scalar pass
            let v = load8(p, j)
            vlo = VectorMath.min(vlo, v); vhi = VectorMath.max(vhi, v)
            let av = VectorMath.abs(v)
            vabs = VectorMath.min(vabs, av)
            for t in 0..<fth.count {
                vcnt[t] &+= SIMD8<Int32>(repeating: 0).replacing(with: 1, where: av .>= fth[t])
                near = near .| ((av .>= window[t].0) .& (av .<= window[t].1))
            }
            if anyClip { near = near .| (av .< clipHigh) }
            j &+= 8
        }
        lo = vlo.min(); hi = vhi.max()
        for t in 0..<cnt.count { cnt[t] = Int(vcnt[t].wrappedSum()) }
        var scalarCols: [Int] = Array(full..<columns)
        if skip >= 0 && skip < full { let s = skip / 8 * 8; scalarCols += Array(s..<s + 8) }
        var minAbs = vabs.min()
        for c in scalarCols where c != skip {
            let v = p[c], av = Swift.abs(v)
            lo = Swift.min(lo, v); hi = Swift.max(hi, v); minAbs = Swift.min(minAbs, av)
            for t in 0..<fth.count where av >= fth[t] { cnt[t] += 1 }
        }
        // Exact thresholds: re-evaluate in Double every pair whose value lies in a window, and move its count.
        let scan: [Int] = any(near) ? Array(0..<columns) : scalarCols
        if !thresholds.isEmpty {
            for c in scan where c != skip {
                let av = Swift.abs(p[c])
                var ref: Double? = nil
                let nearClip = anyClip && av < clipHigh && matrix.isNearAPCAClip(i, c)
                for t in 0..<fth.count where (av >= window[t].0 && av <= window[t].1) || (clip[t] && nearClip) {
                    if ref == nil { ref = Swift.abs(matrix.reference(i, c)); rechecked += 1 }
                    cnt[t] += (ref! >= thresholds[t] ? 1 : 0) - (av >= fth[t] ? 1 : 0)
                }
            }
        }
        let n = columns - (skip >= 0 && skip < columns ? 1 : 0)
        pairs += n
        if n > 0 { rowMin[i] = lo; rowMax[i] = hi }
        for t in 0..<cnt.count { counts[t] += cnt[t] }
        // The k worst: scan the row only when it holds something below the current bound.
        if k > 0 && minAbs < worstBound {
            for c in 0..<columns where c != skip {
                let a = Swift.abs(p[c])
                if a < worstBound {
                    insertWorst((i, c, p[c]))
                    if worst.count == k { worstBound = Swift.abs(worst[k - 1].value) }
                }
            }
        }
    }

    mutating func insertWorst(_ e: (row: Int, column: Int, value: Float)) {
        let a = Swift.abs(e.value)
        var idx = worst.count
        while idx > 0 && (Swift.abs(worst[idx - 1].value) > a
                          || (Swift.abs(worst[idx - 1].value) == a && (worst[idx - 1].row, worst[idx - 1].column) > (e.row, e.column))) {
            idx -= 1
        }
        if idx < k { worst.insert(e, at: idx); if worst.count > k { worst.removeLast() } }
    }

    mutating func merge(_ o: MatrixSummary) {
        for t in 0..<counts.count { counts[t] += o.counts[t] }
        pairs += o.pairs; rechecked += o.rechecked
        for i in 0..<rows where !o.rowMin[i].isNaN { rowMin[i] = o.rowMin[i]; rowMax[i] = o.rowMax[i] }
        for e in o.worst { insertWorst(e) }
    }
}
