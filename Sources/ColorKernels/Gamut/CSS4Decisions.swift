import ColorCore

extension BatchGamutMapper {
    /// How sure a lane decision must be: every comparison the search makes must clear its threshold by a
    /// margin — a linear RGB channel against 0 and 1 by `decisionMargin`, ΔEOK against JND and JND − ΔEOK against
    /// ε by `deltaEMargin`. The lanes compute in Double with fused matrices and sin/cos (≤ 1.3e-15), so the RGB
    /// channels agree with the reference chain to about 1e-14; ΔEOK takes the coarse vector cube root
    /// (`ChromaLine4.deltaE`: within 7.9e-9 + 1e-14 of the reference's). Both margins are several times those
    /// errors. A decision inside one is handed back to the reference: about 9 colors in 10⁴ of W2a's (OKLCH with
    /// C up to 0.4), nearly all at the last bisection steps, where ΔEOK nears the JND.
    /// A step first takes ΔEOK² in Float (`ChromaLine4.deltaESquaredScreen`: ΔEOK within 4.4e-6); only when a
    /// searching lane is within `ChromaLine4.screenError` (8e-6) of a threshold, or |c| > 1, does the step take
    /// the Double ΔEOK for its four lanes.
    static let decisionMargin = 1e-8, deltaEMargin = 4e-8

    /// The outcome of the CSS Color 4 search (`GamutCSS4.map`) for each OKLCH color of `colors` (L, C, h;
    /// missing components already read as 0), every decision certified to be the one the reference takes:
    /// - `status[i]`: 1 = the origin is in gamut (the result is the plain conversion), 2 = the result is the clip
    ///   of (L, `chroma[i]`, h) into the gamut's RGB (the chroma at which the reference clips last), 0 = not
    ///   certain or outside the kernel's domain (white, black, non-finite, huge chroma or hue): run the reference.
    /// - `chroma[i]`: for status 2, the chroma of the reference's last clip, bit for bit (the bisection's
    ///   midpoints are exact functions of its decisions); otherwise unspecified.
    ///
    /// The origins (the in-gamut test and the ΔEOK of the origin's clip) are decided four colors at a time in a
    /// plain vector loop; the colors left to bisect go to two groups of four Double lanes, run as a small state
    /// machine, one step per iteration: a lane that finishes takes the next color at once, so no lane idles
    /// while its neighbours search longer (colors take up to 13 steps). The caller finishes with the
    /// reference's own Double plans, so the output is identical to `GamutCSS4.map`.
    /// The mapper must be built for an RGB target that is its own gamut (`kernel == .css4`).
    ///
    /// `hues`, when given, receives each color's (cos h, sin h) as the lanes computed them (for `css4Results`, which
    /// then need not compute them again); unspecified for colors outside the domain.
    public func css4Decisions(_ colors: UnsafeBufferPointer<SIMD3<Double>>, status: UnsafeMutablePointer<UInt8>,
                              chroma: UnsafeMutablePointer<Double>, hues: UnsafeMutablePointer<SIMD2<Double>>? = nil) {
        typealias V = VectorMathDouble
        typealias Mask = SIMDMask<SIMD4<Int64>>
        let n = colors.count
        guard n > 0 else { return }
        let zero = Double4(repeating: 0), one = Double4(repeating: 1), half = Double4(repeating: 0.5)
        let delta = Double4(repeating: Self.decisionMargin), deltaE = Double4(repeating: Self.deltaEMargin)
        let jnd = Double4(repeating: Self.jnd), eps = Double4(repeating: Self.epsilon)
        let small = Double4(repeating: 1e-30), big = Double4(repeating: 1e6)
        // The Float ΔEOK screen, for targets whose RGB → LMS matrix has no negative entry and rows summing to at
        // most 1.01 (its bound's premises: LMS in [0, 1.01] over the unit RGB cube, with relative errors only).
        let screening = [rgbToLMS.r0, rgbToLMS.r1, rgbToLMS.r2].allSatisfy { $0.min() >= 0 && $0.sum() <= 1.01 }
        let screen = ScreenThresholds()
        let lowEdge = zero + delta, highEdge = one - delta, below0 = zero - delta, above1 = one + delta
        let matrices = ChromaLine4.Matrices(self)

        /// The in-gamut test of the RGB at the chroma tested: every channel in [δ, 1 − δ] (surely in); some
        /// channel below −δ or above 1 + δ (surely out); else neither.
        @inline(__always) func gamutTest(_ v: RGB4) -> (surelyIn: Mask, surelyOut: Mask) {
            let mn = V.min(V.min(v.0, v.1), v.2), mx = V.max(V.max(v.0, v.1), v.2)
            return ((mn .>= lowEdge) .& (mx .<= highEdge), (mn .< below0) .| (mx .> above1))
        }

        /// ΔEOK between the clipped color and (L, c, h) against the JND and, for a midpoint, JND − ε: from the
        /// Float screen `f` where that is sure (no searching lane within `screenError` of a threshold it needs,
        /// |c| ≤ 1), else in Double; lanes within the Double margin of a threshold join `unsure`.
        @inline(__always) func compare(_ line: () -> ChromaLine4, _ clipped: RGB4, _ c: Double4, _ search: Mask,
                                       _ f: Float4, midpoint: Bool, _ unsure: inout Mask) -> (below: Mask, close: Mask) {
            var below = search, close = search, double = true
            if screening {
                // (The comparisons stay in Float lanes: converting the Float ΔEOK back to Double lanes would make
                // the compiler split every Float step into halves.)
                var near = (f .> screen.jndLow) .& (f .< screen.jndHigh)
                if midpoint { near = near .| ((f .> screen.closeLow) .& (f .< screen.closeHigh)) }
                double = V.any(search .& (V.widen(near) .| (V.abs(c) .> one)))
                below = search .& V.widen(f .< screen.jnd); close = V.widen(f .> screen.close)
            }
            if double {
                let lms = line().lms(clipped)
                // LMS values in (0, 1e-30) are below the cube root's accurate range (tested exactly only when the
                // smallest channel is that small).
                if V.any(V.min(V.min(lms.0, lms.1), lms.2) .< small) {
                    let tiny = ((lms.0 .> zero) .& (lms.0 .< small)) .| ((lms.1 .> zero) .& (lms.1 .< small))
                        .| ((lms.2 .> zero) .& (lms.2 .< small))
                    unsure = unsure .| (search .& tiny)
                }
                let e = line().deltaE(lms: lms, chroma: c, coarse: true)
                unsure = unsure .| (search .& (V.abs(e - jnd) .< deltaE))
                below = search .& (e .< jnd)
                // A midpoint's clip within the JND ends the search only within ε of it.
                if midpoint { unsure = unsure .| (below .& (V.abs((jnd - e) - eps) .< deltaE)) }
                close = jnd - e .< eps
            }
            return (below, close)
        }

        // The origins, four colors at a time in a plain vector loop: each color's chroma line, then its origin
        // test and the ΔEOK of the origin's clip. A color in gamut (status 1), whose clip is within the JND or
        // whose bracket is already narrower than ε (status 2 at C₀), unsure or outside the domain (status 0) is
        // settled here; the others go to the lanes for the bisection.
        let lines = CSS4Lines(count: n)
        defer { lines.deallocate() }
        var j = 0
        while j < n {
            let k = Swift.min(4, n - j)
            // (Lanes past the end are (0.5, 0, 0). The vectors are built from the colors as loaded, not by storing
            // lanes into memory: a whole-vector load of lanes just stored stalls.)
            let pad = SIMD3<Double>(0.5, 0, 0)
            let a = colors[j], b = k > 1 ? colors[j &+ 1] : pad, d2 = k > 2 ? colors[j &+ 2] : pad
            let d3 = k > 3 ? colors[j &+ 3] : pad
            let L = Double4(a.x, b.x, d2.x, d3.x), C = Double4(a.y, b.y, d2.y, d3.y), H = Double4(a.z, b.z, d2.z, d3.z)
            let ok = (L .> zero) .& (L .< one) .& (V.abs(C) .< big) .& (V.abs(H) .<= big)
            // Lanes outside the domain get harmless inputs (their results are not used).
            let c = V.select(ok, C, zero)
            let line = ChromaLine4(matrices, light: V.select(ok, L, half), hue: V.select(ok, H, zero))
            let v = line.rgb(c)
            let test = gamutTest(v)
            var unsure = ok .& .!(test.surelyIn .| test.surelyOut)
            let search = ok .& test.surelyOut
            let clipped = ChromaLine4.clip(v)
            let f = screening ? line.deltaESquaredScreen(clipped: clipped, chroma: c) : Float4()
            let below = compare({ line }, clipped, c, search, f, midpoint: false, &unsure).below
            let bisect = search .& .!below .& .!unsure .& (c - zero .> eps)
            // The lines as whole vectors, one row of four colors per field (the rows are padded to a multiple
            // of four): a lane stored on its own costs an extract and a store per field.
            lines.store(j, line.light, c, line.ca, line.sb, line.base0, line.base1, line.base2, line.dir0, line.dir1,
                        line.dir2)
            for q in 0..<k {
                let i = j + q
                lines.bisect[i] = bisect[q]
                status[i] = !ok[q] || unsure[q] || bisect[q] ? 0 : (test.surelyIn[q] ? 1 : 2)
                chroma[i] = c[q]
                if let h = hues { h[i] = SIMD2(line.ca[q], line.sb[q]) }
            }
            j += 4
        }

        // The bisections: two groups of four lanes, one whole step of each per iteration. A step is one long
        // dependency chain (chroma → RGB → clip → LMS → cube root → OKLab → ΔEOK → bracket, about 190 cycles),
        // and the loop is bound by it, not by its instructions (llvm-mca, Skylake-SP: 545 cycles an iteration
        // with the groups one after the other, 208 of throughput). The two groups' chains are independent, but a
        // whole step of one (about 490 instructions) does not fit in the reorder window, so the groups are
        // interleaved by stage (both fronts, both screens, then both backs): more stack spills (about 140
        // instructions more per iteration) but 478 cycles (459 with the cube root's shorter Newton chain,
        // `inverseCubeRootFloat`), and the decisions of E2's colors take 9 % less time (`scripts/bench` with
        // HUEBENCH_DECISIONS_PROFILE, min of 30 runs: 169 → 155 → 153 ns a color). A third group spills more than
        // it overlaps (156 ns); so does pairing the origin loop's fours the same way.
        // The lanes' state lives in memory, so that a lane is refilled by scalar stores (vector lane inserts
        // cost several instructions each); the loop loads it as vectors.
        let groups = (CSS4LaneState(), CSS4LaneState())
        defer { groups.0.deallocate(); groups.1.deallocate() }
        var colors0 = SIMD4<Int>(repeating: -1), colors1 = SIMD4<Int>(repeating: -1)
        var next = 0

        /// Writes the finished lanes' outcomes and loads the next colors to bisect into them (a lane past the
        /// last one stays idle).
        @inline(__always) func refill(_ lanes: CSS4LaneState, _ color: inout SIMD4<Int>) {
            for l in 0..<4 where !lanes.flag(.active, l) {
                let k = color[l]
                if k >= 0 {
                    status[k] = lanes.flag(.unsure, l) ? 0 : 2
                    chroma[k] = lanes.value(.last, l)
                    color[l] = -1
                }
                while next < n {
                    let i = next
                    next += 1
                    guard lines.bisect[i] else { continue }
                    color[l] = i
                    lanes.load(l, from: lines, i)
                    break
                }
            }
        }

        // (The line is read from the lane state where it is used, not kept in registers across the step.)
        @inline(__always) func line(_ lanes: CSS4LaneState) -> ChromaLine4 {
            ChromaLine4(matrices, light: lanes[.light], ca: lanes[.ca], sb: lanes[.sb],
                        base: (lanes[.base0], lanes[.base1], lanes[.base2]), dir: (lanes[.dir0], lanes[.dir1], lanes[.dir2]))
        }

        /// A step's first half: the bracket's midpoint, its in-gamut test (while the low end is in gamut), and
        /// the lanes that search on with a ΔEOK.
        @inline(__always) func front(_ lanes: CSS4LaneState) -> CSS4Step {
            let lo = lanes[.lo]
            let active = lanes.mask(.active)
            let c = (lo + lanes[.hi]) * 0.5
            let v = line(lanes).rgb(c)
            let test = gamutTest(v)
            let tested = active .& lanes.mask(.loInGamut)
            let unsure = lanes.mask(.unsure) .| (tested .& .!(test.surelyIn .| test.surelyOut))
            let takeIn = tested .& test.surelyIn
            return CSS4Step(c: c, clipped: ChromaLine4.clip(v), lo: V.select(takeIn, c, lo), unsure: unsure,
                            search: active .& .!takeIn)
        }

        /// ΔEOK² of the step's clipped color in Float (`ChromaLine4.deltaESquaredScreen`; squared, so that no
        /// square root lies on the chain).
        @inline(__always) func screened(_ lanes: CSS4LaneState, _ s: CSS4Step) -> Float4 {
            screening ? line(lanes).deltaESquaredScreen(clipped: s.clipped, chroma: s.c) : Float4()
        }

        /// A step's second half: ΔEOK against the JND and JND − ε, the bracket, the lane state.
        @inline(__always) func back(_ lanes: CSS4LaneState, _ s: CSS4Step, _ f: Float4) {
            let c = s.c, search = s.search
            var unsure = s.unsure, loInGamut = lanes.mask(.loInGamut)
            let (below, close) = compare({ line(lanes) }, s.clipped, c, search, f, midpoint: true, &unsure)
            let stop = below .& close
            let raise = below .& .!stop
            loInGamut = loInGamut .& .!raise
            let lo = V.select(raise, c, s.lo), hi = V.select(search .& .!below, c, lanes[.hi])
            let active = lanes.mask(.active) .& .!stop .& (hi - lo .> eps) .& .!unsure
            lanes[.lo] = lo; lanes[.hi] = hi; lanes[.last] = V.select(search, c, lanes[.last])
            lanes.setMask(.active, active); lanes.setMask(.unsure, unsure); lanes.setMask(.loInGamut, loInGamut)
        }

        refill(groups.0, &colors0); refill(groups.1, &colors1)
        while V.any(groups.0.mask(.active) .| groups.1.mask(.active)) {
            let s0 = front(groups.0), s1 = front(groups.1)
            let f0 = screened(groups.0, s0), f1 = screened(groups.1, s1)
            back(groups.0, s0, f0)
            back(groups.1, s1, f1)
            if !V.all(groups.0.mask(.active)) { refill(groups.0, &colors0) }
            if !V.all(groups.1.mask(.active)) { refill(groups.1, &colors1) }
        }
    }

    /// `css4Decisions` for four colors (lanes of `L`, `C0`, `H`).
    public func css4Decisions(_ L: Double4, _ C0: Double4, _ H: Double4) -> (status: SIMD4<Int64>, chroma: Double4) {
        let colors = (0..<4).map { SIMD3(L[$0], C0[$0], H[$0]) }
        var status = [UInt8](repeating: 0, count: 4), chroma = [Double](repeating: 0, count: 4)
        colors.withUnsafeBufferPointer { c in
            status.withUnsafeMutableBufferPointer { s in
                chroma.withUnsafeMutableBufferPointer { css4Decisions(c, status: s.baseAddress!, chroma: $0.baseAddress!) }
            }
        }
        return (SIMD4(status.map(Int64.init)), Double4(chroma[0], chroma[1], chroma[2], chroma[3]))
    }
}

/// A step's first half in `css4Decisions` (four lanes): the midpoint tested and its clipped RGB, the bracket's
/// low end after the in-gamut test, the lanes left unsure and those searching on.
struct CSS4Step {
    let c: Double4, clipped: RGB4, lo: Double4, unsure: SIMDMask<SIMD4<Int64>>, search: SIMDMask<SIMD4<Int64>>
}

/// The squared ΔEOK thresholds of the Float screen (`ChromaLine4.deltaESquaredScreen`), in Float lanes: the JND
/// and JND − ε (e < JND ⟺ e² < JND², and JND − e < ε ⟺ e² > (JND − ε)²), and the bands of ± `screenError`
/// around each, where the screen is not sure. (Rounding the squares to Float moves them by 3e-8 relative, 6e-10
/// in ΔEOK: inside the margin between the screen's bound and `screenError`.)
struct ScreenThresholds {
    let jnd: Float4, close: Float4, jndLow: Float4, jndHigh: Float4, closeLow: Float4, closeHigh: Float4
    init() {
        let j = BatchGamutMapper.jnd, c = BatchGamutMapper.jnd - BatchGamutMapper.epsilon, s = ChromaLine4.screenError
        @inline(__always) func square(_ x: Double) -> Float4 { Float4(repeating: Float(x * x)) }
        jnd = square(j); close = square(c)
        jndLow = square(j - s); jndHigh = square(j + s); closeLow = square(c - s); closeHigh = square(c + s)
    }
}

/// Per color of a batch (`css4Decisions`): its chroma line as ten Doubles (L, C₀, cos h, sin h, base₀₋₂, dir₀₋₂ of
/// `ChromaLine4`), stored field by field (a row of `stride` colors per field, four colors at a time), and whether
/// it goes to the lanes for the bisection.
struct CSS4Lines {
    static let width = 10
    let values: UnsafeMutableRawPointer
    let stride: Int
    let bisect: UnsafeMutablePointer<Bool>

    init(count n: Int) {
        stride = (n &+ 3) & ~3
        values = .allocate(byteCount: Self.width * stride * 8, alignment: 32)
        bisect = .allocate(capacity: n)
    }

    /// The fields of colors j…j+3 (j a multiple of four).
    @inline(__always)
    func store(_ j: Int, _ f0: Double4, _ f1: Double4, _ f2: Double4, _ f3: Double4, _ f4: Double4, _ f5: Double4,
               _ f6: Double4, _ f7: Double4, _ f8: Double4, _ f9: Double4) {
        let row = stride &* 8, o = j &* 8
        values.storeBytes(of: f0, toByteOffset: o, as: Double4.self)
        values.storeBytes(of: f1, toByteOffset: o &+ row, as: Double4.self)
        values.storeBytes(of: f2, toByteOffset: o &+ 2 &* row, as: Double4.self)
        values.storeBytes(of: f3, toByteOffset: o &+ 3 &* row, as: Double4.self)
        values.storeBytes(of: f4, toByteOffset: o &+ 4 &* row, as: Double4.self)
        values.storeBytes(of: f5, toByteOffset: o &+ 5 &* row, as: Double4.self)
        values.storeBytes(of: f6, toByteOffset: o &+ 6 &* row, as: Double4.self)
        values.storeBytes(of: f7, toByteOffset: o &+ 7 &* row, as: Double4.self)
        values.storeBytes(of: f8, toByteOffset: o &+ 8 &* row, as: Double4.self)
        values.storeBytes(of: f9, toByteOffset: o &+ 9 &* row, as: Double4.self)
    }

    /// Field `f` of color `i`.
    @inline(__always) func value(_ f: Int, _ i: Int) -> Double {
        values.load(fromByteOffset: (f &* stride &+ i) &* 8, as: Double.self)
    }

    func deallocate() { values.deallocate(); bisect.deallocate() }
}

/// The four lanes of `css4Decisions` in memory: one Double4 (or 64-bit mask) per field.
struct CSS4LaneState {
    enum Field: Int {
        // The chroma line (as `CSS4Lines` stores it, in the same order), then the search.
        case light, c0, ca, sb, base0, base1, base2, dir0, dir1, dir2, lo, hi, last
        case loInGamut, unsure, active
    }
    let p: UnsafeMutableRawPointer

    init() {
        let bytes = 16 * 32
        p = .allocate(byteCount: bytes, alignment: 32)
        p.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    }

    @inline(__always) subscript(_ f: Field) -> Double4 {
        get { p.load(fromByteOffset: f.rawValue * 32, as: Double4.self) }
        nonmutating set { p.storeBytes(of: newValue, toByteOffset: f.rawValue * 32, as: Double4.self) }
    }
    @inline(__always) func mask(_ f: Field) -> SIMDMask<SIMD4<Int64>> {
        unsafeBitCast(p.load(fromByteOffset: f.rawValue * 32, as: SIMD4<Int64>.self), to: SIMDMask<SIMD4<Int64>>.self)
    }
    @inline(__always) func setMask(_ f: Field, _ m: SIMDMask<SIMD4<Int64>>) {
        p.storeBytes(of: unsafeBitCast(m, to: SIMD4<Int64>.self), toByteOffset: f.rawValue * 32, as: SIMD4<Int64>.self)
    }
    @inline(__always) func value(_ f: Field, _ lane: Int) -> Double {
        p.load(fromByteOffset: f.rawValue * 32 + 8 * lane, as: Double.self)
    }
    @inline(__always) func flag(_ f: Field, _ lane: Int) -> Bool {
        p.load(fromByteOffset: f.rawValue * 32 + 8 * lane, as: Int64.self) != 0
    }
    @inline(__always) func setFlag(_ f: Field, _ lane: Int, _ on: Bool) {
        p.storeBytes(of: on ? -1 : 0, toByteOffset: f.rawValue * 32 + 8 * lane, as: Int64.self)
    }

    /// A new color into `lane`: color `i`'s line from `lines`, the bracket [0, C₀] with its low end in gamut.
    @inline(__always) func load(_ lane: Int, from lines: CSS4Lines, _ i: Int) {
        for f in 0..<CSS4Lines.width {
            p.storeBytes(of: lines.value(f, i), toByteOffset: f * 32 + 8 * lane, as: Double.self)
        }
        let c0 = lines.value(Field.c0.rawValue, i)
        p.storeBytes(of: 0.0, toByteOffset: Field.lo.rawValue * 32 + 8 * lane, as: Double.self)
        p.storeBytes(of: c0, toByteOffset: Field.hi.rawValue * 32 + 8 * lane, as: Double.self)
        p.storeBytes(of: c0, toByteOffset: Field.last.rawValue * 32 + 8 * lane, as: Double.self)
        setFlag(.loInGamut, lane, true); setFlag(.unsure, lane, false); setFlag(.active, lane, true)
    }

    func deallocate() { p.deallocate() }
}
