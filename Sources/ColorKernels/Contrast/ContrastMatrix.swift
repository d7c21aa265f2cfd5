import ColorCore
import Foundation

/// The pairwise measures a `ContrastMatrix` computes.
public enum MatrixMethod: String, Sendable, CaseIterable {
    /// WCAG 2 contrast ratio (L1 + 0.05)/(L2 + 0.05), symmetric, 1…21.
    case wcag21
    /// APCA 0.0.98G-4g Lc of text (row) on background (column), −108…106.
    case apca
    /// ΔEOK, the Euclidean distance in OKLab.
    case deltaEOK = "deltae-ok"

    /// The default thresholds counted in a summary (WCAG 3, 4.5, 7; APCA |Lc| 45, 60, 75, 90; ΔEOK 0.02 JND).
    public var defaultThresholds: [Float] {
        switch self {
        case .wcag21: return [3, 4.5, 7]
        case .apca: return [45, 60, 75, 90]
        case .deltaEOK: return [0.02]
        }
    }
}

/// An N×M matrix of contrast (or difference) between N text colors (rows) and M background colors (columns).
///
/// Per-color work is done once, in Double, by the ColorCore reference functions: WCAG relative luminance
/// (stored as Y + 0.05 and its reciprocal, so a pair costs two products and a max), APCA's soft-clamped
/// luminance and its four powered terms (scaled by 114 = 100 · 1.14), OKLab coordinates. The N×M pass is then
/// branch-free SIMD8 Float32 code, row by row, tiled over cores.
///
/// Accuracy against the Double reference: WCAG ratio 3e-7 relative; APCA Lc 2e-5 absolute (Lc units);
/// ΔEOK 1e-6 absolute. https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio, https://github.com/Myndex/apca-w3
public struct ContrastMatrix: Sendable {
    public let method: MatrixMethod
    public let rows: Int
    public let columns: Int
    /// Whether text and background are the same colors (a self-matrix): the diagonal is left out of the summary.
    public let isSelfMatrix: Bool
    // Per-color terms; background planes are padded to a multiple of 8 with copies of the last color.
    let t: TermPlanes
    let b: TermPlanes

    /// Prepares the per-color terms. Buffers in any space are converted (Double reference path per color).
    /// - Complexity: O(N + M).
    public init(method: MatrixMethod, text: ColorBuffer, background: ColorBuffer? = nil,
                workbench: Workbench = .standard) throws {
        self.method = method
        self.rows = text.count
        let bg = background ?? text
        self.columns = bg.count
        self.isSelfMatrix = background == nil || background === text
        t = TermPlanes(try Self.terms(method, text, isText: true, pad: false, workbench))
        b = TermPlanes(try Self.terms(method, bg, isText: false, pad: true, workbench))
    }

    static func terms(_ m: MatrixMethod, _ buf: ColorBuffer, isText: Bool, pad: Bool, _ wb: Workbench) throws -> [[Float]] {
        let space: ColorSpaceID = m == .deltaEOK ? .oklab : .srgb
        let plan = try wb.spaces.plan(from: buf.space, to: space)
        let n = buf.count
        let padded = pad ? Swift.max(8, (n + 7) / 8 * 8) : n
        let planes = m == .wcag21 ? 2 : (m == .apca ? 3 : 3)
        var out = [[Float]](repeating: [Float](repeating: 0, count: padded), count: planes)
        for i in 0..<padded {
            let src = Swift.min(i, Swift.max(n - 1, 0))
            guard n > 0 else { break }
            let v = buf.space == space ? SIMD3(Double(buf.c0[src]), Double(buf.c1[src]), Double(buf.c2[src]))
                                       : plan.apply(SIMD3(Double(buf.c0[src]), Double(buf.c1[src]), Double(buf.c2[src])))
            switch m {
            case .wcag21:
                let y = WCAG21.luminance(srgb: v) + 0.05
                out[0][i] = Float(y); out[1][i] = Float(1 / y)
            case .apca:
                let y = APCA.softClamp(APCA.luminance(srgb: v))
                out[0][i] = Float(y)
                if isText {
                    out[1][i] = Float(100 * APCA.scaleBoW * Foundation.pow(y, APCA.normTXT))
                    out[2][i] = Float(100 * APCA.scaleWoB * Foundation.pow(y, APCA.revTXT))
                } else {
                    out[1][i] = Float(100 * APCA.scaleBoW * Foundation.pow(y, APCA.normBG))
                    out[2][i] = Float(100 * APCA.scaleWoB * Foundation.pow(y, APCA.revBG))
                }
            case .deltaEOK:
                out[0][i] = Float(v.x); out[1][i] = Float(v.y); out[2][i] = Float(v.z)
            }
        }
        return out
    }

    // MARK: The N×M pass

    /// Computes row `i` into `out[0..<columns]`: one loop of SIMD loads, arithmetic, compares and stores per
    /// method (no closure, no reference counting: the term planes are raw pointers).
    @inline(__always)
    func computeRow(_ i: Int, _ out: UnsafeMutablePointer<Float>) {
        typealias V = VectorMath
        let full = columns / 8 * 8
        let p0 = UnsafePointer(b.plane(0)), p1 = UnsafePointer(b.plane(1)), p2 = UnsafePointer(b.plane(2))
        let t0 = t.plane(0)[i], t1 = t.plane(1)[i], t2 = t.planes > 2 ? t.plane(2)[i] : 0
        var last = Float8()
        switch method {
        case .wcag21:
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
        case .deltaEOK:
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
    public func compute(rows rowRange: Range<Int>, into out: UnsafeMutablePointer<Float>, threads: Int = 0) {
        let cols = columns, r0 = rowRange.lowerBound
        // Chunks of ≥ 16K pairs, handed out dynamically.
        let chunk = Swift.max(1, 16_384 / Swift.max(1, cols))
        Parallel.forChunks(count: rowRange.count, chunk: chunk, threads: threads) { range in
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
    ///   - thresholds: values counted as "pairs at or above" (APCA: |Lc|); the method's defaults when nil.
    ///   - worst: how many lowest-contrast (smallest |value|) pairs to report.
    ///   - progress: called after each block with the rows done so far.
    /// - Complexity: O(N · M) time over `threads` cores; O(blockBytes + N) memory.
    public func run(thresholds: [Float]? = nil, worst k: Int = 10, threads: Int = 0, blockBytes: Int = 64 << 20,
                    sink: ((UnsafePointer<Float>, _ rowCount: Int) throws -> Void)? = nil,
                    progress: ((Int) -> Void)? = nil) throws -> MatrixSummary {
        let ths = thresholds ?? method.defaultThresholds
        var summary = MatrixSummary(method: method, rows: rows, columns: columns, thresholds: ths, k: k)
        guard rows > 0 && columns > 0 else { return summary }
        let blockRows = Swift.max(1, Swift.min(rows, blockBytes / 4 / columns))
        let block = UnsafeMutablePointer<Float>.allocate(capacity: blockRows * columns)
        defer { block.deallocate() }
        let lock = NSLock()
        var r0 = 0
        while r0 < rows {
            let n = Swift.min(blockRows, rows - r0)
            let base = r0
            let shared = UncheckedBox(UnsafeMutablePointer<MatrixSummary>.allocate(capacity: 1))
            shared.value.initialize(to: summary)
            Parallel.forRanges(count: n, granule: 1, threads: threads) { range in
                var local = MatrixSummary(method: method, rows: rows, columns: columns, thresholds: ths, k: k)
                for r in range {
                    let row = block + r * columns
                    computeRow(base + r, row)
                    local.add(row: base + r, row, excludeDiagonal: isSelfMatrix)
                }
                lock.lock(); shared.value.pointee.merge(local); lock.unlock()
            }
            summary = shared.value.move()
            shared.value.deallocate()
            try sink?(block, n)
            r0 += n
            progress?(r0)
        }
        return summary
    }
}

/// Term planes of a contrast matrix: `planes` × `count` Floats in one allocation (freed with the value).
final class TermPlanes: @unchecked Sendable {
    let planes: Int, count: Int
    private let base: UnsafeMutablePointer<Float>

    init(_ arrays: [[Float]]) {
        planes = arrays.count
        count = arrays.first?.count ?? 0
        base = .allocate(capacity: Swift.max(1, planes * count))
        for (k, a) in arrays.enumerated() { (base + k * count).initialize(from: a, count: count) }
    }

    deinit { base.deallocate() }

    @inline(__always) func plane(_ k: Int) -> UnsafeMutablePointer<Float> { base + k * count }
}

/// Row minima and maxima, counts at thresholds and the k worst pairs of a contrast matrix.
public struct MatrixSummary: Sendable {
    public let method: MatrixMethod
    public let rows: Int, columns: Int
    public let thresholds: [Float]
    /// Pairs at or above each threshold (APCA: |Lc| ≥ threshold), diagonal excluded for a self-matrix.
    public private(set) var counts: [Int]
    public private(set) var rowMin: [Float]
    public private(set) var rowMax: [Float]
    /// Pairs counted (N·M, or N·(N − 1) for a self-matrix).
    public private(set) var pairs = 0
    /// The k pairs with the smallest |value|, smallest first.
    public private(set) var worst: [(row: Int, column: Int, value: Float)] = []
    let k: Int

    init(method: MatrixMethod, rows: Int, columns: Int, thresholds: [Float], k: Int) {
        self.method = method; self.rows = rows; self.columns = columns; self.thresholds = thresholds; self.k = k
        counts = Array(repeating: 0, count: thresholds.count)
        rowMin = Array(repeating: .nan, count: rows); rowMax = Array(repeating: .nan, count: rows)
    }

    public var minimum: Float { rowMin.filter { !$0.isNaN }.min() ?? .nan }
    public var maximum: Float { rowMax.filter { !$0.isNaN }.max() ?? .nan }

    mutating func add(row i: Int, _ p: UnsafeMutablePointer<Float>, excludeDiagonal: Bool) {
        var lo = Float.infinity, hi = -Float.infinity
        var cnt = [Int](repeating: 0, count: thresholds.count)
        let absolute = method == .apca
        var worstBound = worst.isEmpty || worst.count < k ? Float.infinity : Swift.abs(worst[worst.count - 1].value)
        // Vector pass: min, max, min |v|, counts.
        var vlo = Float8(repeating: .infinity), vhi = Float8(repeating: -.infinity), vabs = Float8(repeating: .infinity)
        var vcnt = [SIMD8<Int32>](repeating: .zero, count: thresholds.count)
        let full = columns / 8 * 8
        let skip = excludeDiagonal ? i : -1
        var j = 0
        while j < full {
            if skip >= j && skip < j + 8 { j &+= 8; continue }  // the diagonal's vector goes to the scalar pass
            let v = load8(p, j)
            vlo = VectorMath.min(vlo, v); vhi = VectorMath.max(vhi, v)
            let av = VectorMath.abs(v)
            vabs = VectorMath.min(vabs, av)
            let m = absolute ? av : v
            vcnt.withUnsafeMutableBufferPointer { vc in
                for (t, th) in thresholds.enumerated() { vc[t] &+= SIMD8<Int32>(repeating: 0).replacing(with: 1, where: m .>= th) }
            }
            j &+= 8
        }
        lo = vlo.min(); hi = vhi.max()
        for t in 0..<cnt.count { cnt[t] = Int(vcnt[t].wrappedSum()) }
        var scalarCols: [Int] = Array(full..<columns)
        if skip >= 0 && skip < full { let s = skip / 8 * 8; scalarCols += Array(s..<s + 8) }
        var minAbs = vabs.min()
        for c in scalarCols where c != skip {
            let v = p[c]
            lo = Swift.min(lo, v); hi = Swift.max(hi, v); minAbs = Swift.min(minAbs, Swift.abs(v))
            let m = absolute ? Swift.abs(v) : v
            for (t, th) in thresholds.enumerated() where m >= th { cnt[t] += 1 }
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
        pairs += o.pairs
        for i in 0..<rows where !o.rowMin[i].isNaN { rowMin[i] = o.rowMin[i]; rowMax[i] = o.rowMax[i] }
        for e in o.worst { insertWorst(e) }
    }
}
