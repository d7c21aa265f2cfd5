#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ColorCore
import ColorIO

/// The engine of the streaming commands (`parse`, `convert`, `gamut`, `contrast`, `deltae`, `simulate`): lines in, one
/// row per line out, in input order, on every core.
///
/// Input is read in blocks of whole lines (`LineBlockReader.nextBlock`, 1 MiB line limit) that the cores take
/// in turn (`StreamPipeline`: the caller's thread and `cores − 1` workers each read, cut and compute a block;
/// the caller's thread also writes them in order). A block is computed in chunks of `chunkLines` lines: every
/// chunk parses its lines (`CSSQuickReader` for `#hex` and modern space functions, the full `Workbench.parse`
/// otherwise), computes in Double with the same reference math as a single color (conversion plans built once
/// per run), and formats its rows into the block's `ByteText` (no allocation per line). Messages for bad lines
/// go to standard error at their place in the output.
///
/// Rows: text mode prints one row per input line — a blank line prints an empty row and a bad line the word
/// `error` (its message on standard error, with the line number) — so row i belongs to line i. JSON mode prints
/// `{"input", …}` or `{"input", "error"}` per non-blank line, byte-identical to formatting each color with
/// `String(format:)` and `Double.description`.
///
/// Results that are not finite (from out-of-range input, e.g. `color(srgb 1e300 0 0)`) print as `NaN`, `inf`
/// or `-inf` in text with a warning on standard error, and as `null` in JSON; `none` is kept for components
/// that are missing (written `none`, or a powerless hue).
public struct ColorStream: Sendable {
    public enum Operation: Sendable {
        case parse
        case convert(to: ColorSpaceID)
        case gamut(to: ColorSpaceID, method: String)
        case contrast(method: String)
        case deltaE(method: String)
        /// `simulate`: each color as a color-vision deficiency sees it (`CVDSimulation.simulate`), in sRGB, with
        /// its hex code (text: before the CSS; JSON: `"cvd"` and `"severity"` after the input, `"hex"` last).
        case simulate(CVDSimulation)
    }

    /// `simulate`'s JSON members after the input: `,"cvd":"deutan","severity":1` (empty otherwise).
    let simulateMembers: [UInt8]

    public let operation: Operation
    public let json: Bool
    /// Width of the space column in text rows.
    public let spaceWidth: Int
    /// Decimals of pair values in text rows.
    public let decimals: Int
    /// The pair values whose `%10.{decimals}f` text leaves a space in its column (`appendColumn`'s fast path).
    let pairColumn: (lower: Double, upper: Double)
    let wb: Workbench
    let quick: CSSQuickReader
    /// The index of OKLCH among `quick`'s spaces (`Parsed.space`; -1: none).
    let quickOKLCH: Int
    /// What the row formatter needs of each registered space, as plain data (no reference counting on the
    /// hot path, which would also make the cores contend for the same counters; the ids are in `infoIDs`).
    struct SpaceInfo: Sendable {
        /// `oklch(`, `color(srgb `, `color(--jzczhz `; empty: the full serializer writes this space.
        var prefix: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var prefixLength = 0
        var hue: (Bool, Bool, Bool) = (false, false, false)
        var isSRGB = false
        /// The id's bytes (ids up to 24 bytes; longer ones are written from the id itself).
        var name: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var nameLength = 0
        /// The id's bytes followed by spaces, 32 bytes (a row's space column, for ids up to 24 bytes).
        var namePadded: (UInt64, UInt64, UInt64, UInt64) = (0x2020_2020_2020_2020, 0x2020_2020_2020_2020,
                                                              0x2020_2020_2020_2020, 0x2020_2020_2020_2020)
        /// The id needs no JSON escape (written between quotes as it is).
        var nameIsJSONPlain = false
        /// Opaque colors with coordinates in [0, 400] (hues below 360) take `writeSevenRow`: the space is named in
        /// the row and has a direct CSS form in the `color()`/function style.
        var isSevenRow = false

        init() {}

        init(_ space: ColorSpace) {
            let idBytes = Array(space.id.rawValue.utf8)
            if idBytes.count <= 24 {
                withUnsafeMutableBytes(of: &name) { for (i, b) in idBytes.enumerated() { $0[i] = b } }
                withUnsafeMutableBytes(of: &namePadded) { for (i, b) in idBytes.enumerated() { $0[i] = b } }
                nameLength = idBytes.count
                nameIsJSONPlain = !idBytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            }
            var bytes: [UInt8] = []
            switch space.cssForm {
            case .function(let f): if space.id != .hwb { bytes = Array((f + "(").utf8) }
            case .colorFunction: bytes = Array(("color(" + space.id.rawValue + " ").utf8)
            case .custom: bytes = Array(("color(--" + space.id.rawValue + " ").utf8)
            }
            // (Only a prefix that needs no JSON escape takes the direct form: JSON rows copy its output as is.)
            if bytes.count <= 32 && !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
                withUnsafeMutableBytes(of: &prefix) { for (i, b) in bytes.enumerated() { $0[i] = b } }
                prefixLength = bytes.count
            }
            for k in 0..<min(3, space.coordinates.count) where space.coordinates[k].isHue {
                switch k { case 0: hue.0 = true; case 1: hue.1 = true; default: hue.2 = true }
            }
            isSRGB = space.id == .srgb
            isSevenRow = nameLength > 0 && prefixLength > 0
        }

        func isHue(_ k: Int) -> Bool { k == 0 ? hue.0 : (k == 1 ? hue.1 : hue.2) }
    }
    let infos: [SpaceInfo]
    /// The id of each space of `infos`.
    let infoIDs: [ColorSpaceID]
    let targetInfo: Int
    /// Plans from every registered space to the target (convert), searched linearly: cheaper than hashing.
    let planSources: [ColorSpaceID]
    let plans: [ConversionPlan]
    /// The four-lane css4 search and the reference plans JSON rows finish with (nil: every color by the reference).
    struct GamutLanes: Sendable {
        let mapper: BatchGamutMapper
        /// OKLCH → target (an in-gamut origin) and OKLCH → the gamut space (= target) for the last clip.
        let toTarget: ConversionPlan, toGamut: ConversionPlan
        /// Colors of other spaces: per space of `CSSQuickReader.spaceIDs`, its route (`routes`) to OKLCH (the
        /// search's origin, as `GamutCSS4.map` converts it) and to the target (an in-gamut color's result).
        var originRoutes: [Int] = [], originPlans: [ConversionPlan] = []
        var targetRoutes: [Int] = [], targetPlans: [ConversionPlan] = []
    }
    let gamutLanes: GamutLanes?
    /// contrast / deltae: the method's entry and input space, resolved once, with a plan from every space to the
    /// input space (`Workbench.contrast`/`deltaE` per pair, without a registry lookup or plan-cache lock per line).
    struct PairEntry: Sendable {
        let input: ColorSpaceID
        let evaluate: @Sendable (SIMD3<Double>, SIMD3<Double>) -> Double
        let composite: Bool
        let sources: [ColorSpaceID]
        let plans: [ConversionPlan]
        /// Plans from every space to sRGB, for the count of inputs outside sRGB (`Workbench.inGamut`).
        let srgbSources: [ColorSpaceID]
        let srgbPlans: [ConversionPlan]
        /// Per space of `CSSQuickReader.spaceIDs`: its route to the input space and to sRGB (`ColorStream.routes`).
        let quickInput: [Int], quickSRGB: [Int]
    }
    let pair: PairEntry?
    /// `convert`: per space of `CSSQuickReader.spaceIDs`, its route to the target (`routes`).
    let quickRoutes: [Int]

    /// Per space of `ids`: -2 when it is the target itself, else the index of its plan in `plans` (whose sources
    /// are `sources`), or -1 when there is none (such colors take the per-line path).
    static func routes(_ ids: [ColorSpaceID], to target: ColorSpaceID, sources: [ColorSpaceID]) -> [Int] {
        ids.map { id in id == target ? -2 : (sources.firstIndex(of: id) ?? -1) }
    }
    /// contrast / deltae: map both colors into this gamut (CSS Color 4) before computing (nil: unclamped).
    public let gamut: ColorSpaceID?
    /// Counts gathered while streaming (read after `run`).
    public final class Tally: @unchecked Sendable {
        /// Pair inputs outside sRGB (contrast / deltae), before any `gamut` mapping.
        public internal(set) var outsideSRGB = 0
    }
    public let tally = Tally()

    /// Bytes a thread reads at a time (a block: whole lines, cut and computed by the thread that read it), and
    /// lines computed together (the batch path's arrays hold at most this many).
    public static let blockBytes = 16 << 10, chunkLines = 1024

    public init(_ operation: Operation, json: Bool, spaceWidth: Int = 11, decimals: Int = 2,
                workbench: Workbench = .standard, gamut: ColorSpaceID? = nil) throws {
        self.gamut = gamut
        self.operation = operation
        self.json = json
        self.spaceWidth = spaceWidth
        self.decimals = decimals
        pairColumn = Self.roomyRange(decimals: decimals, width: 10)
        self.wb = workbench
        let quick = CSSQuickReader(spaces: workbench.spaces)
        self.quick = quick
        quickOKLCH = quick.spaceIDs.firstIndex(of: .oklch) ?? -1
        var plans: [(ColorSpaceID, ConversionPlan)] = []
        var lanes: GamutLanes? = nil
        let all = workbench.spaces.spaces.all
        infos = all.map(SpaceInfo.init)
        infoIDs = all.map(\.id)
        var members: [UInt8] = []
        switch operation {
        case .convert(let t):
            let target = try workbench.spaces.space(t)
            targetInfo = all.firstIndex { $0.id == target.id } ?? -1
            for s in all {
                if let p = try? workbench.spaces.plan(from: s.id, to: t) { plans.append((s.id, p)) }
            }
        case .simulate(let sim):
            // Computed in linear sRGB (plans from every space to it), written in sRGB.
            targetInfo = all.firstIndex { $0.id == .srgb } ?? -1
            for s in all {
                if let p = try? workbench.spaces.plan(from: s.id, to: .srgbLinear) { plans.append((s.id, p)) }
            }
            let m = ByteText(capacity: 64)
            m.append(",\"cvd\":"); m.appendJSONString(sim.type.rawValue); m.append(",\"severity\":"); m.appendJSONNumber(sim.severity)
            members = Array(m.buffer)
        case .gamut(let t, let method):
            let target = try workbench.spaces.space(t)
            targetInfo = all.firstIndex { $0.id == target.id } ?? -1
            if target.id == t, let mapper = try? BatchGamutMapper(method: method, target: t, workbench: workbench),
               mapper.kernel == .css4, mapper.target == t, (try? workbench.spaces.boundedGamut(of: t)) == t,
               let toTarget = try? workbench.spaces.plan(from: .oklch, to: t) {
                var l = GamutLanes(mapper: mapper, toTarget: toTarget, toGamut: toTarget)
                var origin: [(ColorSpaceID, ConversionPlan)] = [], direct: [(ColorSpaceID, ConversionPlan)] = []
                for s in all {
                    if s.id != .oklch, let p = try? workbench.spaces.plan(from: s.id, to: .oklch) { origin.append((s.id, p)) }
                    if s.id != t, let p = try? workbench.spaces.plan(from: s.id, to: t) { direct.append((s.id, p)) }
                }
                l.originRoutes = Self.routes(quick.spaceIDs, to: .oklch, sources: origin.map(\.0)); l.originPlans = origin.map(\.1)
                l.targetRoutes = Self.routes(quick.spaceIDs, to: t, sources: direct.map(\.0)); l.targetPlans = direct.map(\.1)
                lanes = l
            }
        default:
            targetInfo = -1
        }
        gamutLanes = lanes
        simulateMembers = members
        var entry: PairEntry? = nil
        func pairEntry(_ input: ColorSpaceID, _ evaluate: @escaping @Sendable (SIMD3<Double>, SIMD3<Double>) -> Double,
                       composite: Bool) -> PairEntry {
            var sources: [ColorSpaceID] = [], plans: [ConversionPlan] = []
            var srgbSources: [ColorSpaceID] = [], srgbPlans: [ConversionPlan] = []
            for s in all where s.id != input {
                if let p = try? workbench.spaces.plan(from: s.id, to: input) { sources.append(s.id); plans.append(p) }
            }
            for s in all where s.id != .srgb {
                if let p = try? workbench.spaces.plan(from: s.id, to: .srgb) { srgbSources.append(s.id); srgbPlans.append(p) }
            }
            return PairEntry(input: input, evaluate: evaluate, composite: composite, sources: sources, plans: plans,
                             srgbSources: srgbSources, srgbPlans: srgbPlans,
                             quickInput: Self.routes(quick.spaceIDs, to: input, sources: sources),
                             quickSRGB: Self.routes(quick.spaceIDs, to: .srgb, sources: srgbSources))
        }
        switch operation {
        case .contrast(let m):
            if let e = try? workbench.contrastMethods.lookup(m) { entry = pairEntry(e.inputSpace, e.evaluate, composite: true) }
        case .deltaE(let m):
            if let e = try? workbench.deltaEMethods.lookup(m) { entry = pairEntry(e.inputSpace, e.evaluate, composite: false) }
        default: break
        }
        pair = entry
        self.planSources = plans.map(\.0)
        self.plans = plans.map(\.1)
        switch operation {
        case .convert(let t): quickRoutes = Self.routes(quick.spaceIDs, to: t, sources: plans.map(\.0))
        case .simulate: quickRoutes = Self.routes(quick.spaceIDs, to: .srgbLinear, sources: plans.map(\.0))
        default: quickRoutes = []
        }
    }

    // MARK: Running

    /// A message for standard error, tied to a place in the output.
    struct Note {
        var offset: Int
        var line: Int
        var isError: Bool
        var message: String
    }

    final class Chunk: @unchecked Sendable {
        @exclusivity(unchecked) var out = ByteText(capacity: 1 << 17)
        @exclusivity(unchecked) var notes: [Note] = []
        @exclusivity(unchecked) var failed = false
        @exclusivity(unchecked) var outsideSRGB = 0
        /// Scratch of the batch path (kept between batches: no allocation per line).
        @exclusivity(unchecked) var scratch = Scratch()
    }

    /// The most threads `run` starts, whatever it is asked for (a huge count would overflow the pipeline's
    /// ring or allocate blocks for threads that never run).
    public static let maxThreads = 256

    /// Streams every line of `reader` through the operation on up to `threads` threads (0 = one per core; at
    /// most `maxThreads`, each of which holds its own blocks).
    /// - Parameters:
    ///   - emit: receives the output bytes, in order.
    ///   - message: receives one line for standard error (`line N: …` with `label` for the line), after every
    ///     byte of the rows before it was emitted.
    /// - Returns: whether some line failed.
    /// - Throws: `LineTooLongError` / `LineReadError` from the reader (the rows before it were emitted).
    public func run(_ reader: LineBlockReader, threads: Int = 0,
                    emit: (UnsafeRawBufferPointer) -> Void, message: (String) -> Void) throws -> Bool {
        let t = Swift.min(Swift.max(1, Parallel.resolve(threads)), Self.maxThreads)
        return try StreamPipeline(self, reader: reader, threads: t).run(workers: t - 1, emit: emit, message: message)
    }

    /// Runs the operation on items given as arguments (`label` names item i, e.g. `argument 3`), in order.
    public func run(arguments: [String], emit: (UnsafeRawBufferPointer) -> Void, message: (String) -> Void,
                    label: (Int) -> String) -> Bool {
        let chunk = Chunk()
        for (i, item) in arguments.enumerated() {
            var s = item
            s.withUTF8 { process($0, number: i + 1, into: chunk) }
        }
        flush(chunk, emit: emit, message: message, label: label)
        return chunk.failed
    }

    func flush(_ c: Chunk, emit: (UnsafeRawBufferPointer) -> Void, message: (String) -> Void, label: (Int) -> String) {
        tally.outsideSRGB += c.outsideSRGB
        c.outsideSRGB = 0
        do {
            let all = UnsafeRawBufferPointer(c.out.buffer)
            var from = 0
            for n in c.notes {
                if n.offset > from { emit(UnsafeRawBufferPointer(rebasing: all[from..<n.offset])); from = n.offset }
                message(label(n.line) + ": " + (n.isError ? "" : "warning: ") + n.message)
            }
            if all.count > from { emit(UnsafeRawBufferPointer(rebasing: all[from...])) }
        }
    }

    // MARK: A chunk of lines

    /// The batch path's arrays, taken out of the chunk while it works (plain local arrays: no reference
    /// counting per element) and put back after, so their capacity is reused.
    struct Scratch {
        /// Per line of the chunk: index into `parsed`, or -1 for the per-line path.
        var slot: [Int32] = []
        /// The labelled lines of the chunk the batch path takes: (line, the label's bytes), in line order.
        var labels: [(line: Int32, label: Range<Int>)] = []
        /// The colors `CSSQuickReader` read, as plain data.
        var parsed: [CSSQuickReader.Parsed] = []
        /// Per color: 0 = per-line path, 1 = the color as parsed (in the target space; missing components as
        /// `none`), 2 = a computed result in the target space: `results` and `resultAlpha`, no CSS syntax.
        var kind: [UInt8] = []
        var results: [SIMD3<Double>] = []
        var resultAlpha: [Double] = []
        var coords: [SIMD3<Double>] = []
        var index: [Int32] = []
        /// `gamut`: per color of `index`, the search's status and chroma (`BatchGamutMapper.css4Decisions`).
        var status: [UInt8] = []
        var chroma: [Double] = []
        /// `gamut`: per color of `index`, (cos h, sin h) from the search, for the results on the lanes.
        var hues: [SIMD2<Double>] = []
        /// `gamut` text rows: per color of `index`, its result on the lanes and whether it is certain.
        var fast: [SIMD3<Double>] = []
        var certain: [Bool] = []
        var extra: [SIMD3<Double>] = []
        /// `gamut`: the clipped points the reference's plan finishes.
        var clipped: [SIMD3<Double>] = []
        /// Pair operations: per pair the TAB's index in its line; per color its coordinates in the method's input
        /// space and in sRGB; per pair the value.
        var tabs: [Int32] = []
        var input: [SIMD3<Double>] = []
        var srgb: [SIMD3<Double>] = []
        var values: [Double] = []
    }

    /// Makes `a` hold `n` elements for a pass that writes each one before reading it: the elements it keeps are
    /// not reset (per chunk, that is a pass over every array less), new ones are `fill`.
    @inline(__always)
    static func resize<T>(_ a: inout [T], _ n: Int, _ fill: T) {
        if a.count > n { a.removeLast(a.count &- n) } else if a.count < n { a.append(contentsOf: repeatElement(fill, count: n &- a.count)) }
    }

    /// The lines of one chunk. `convert` and `gamut` take the batch path: every plain color line (no label, ASCII,
    /// a form `CSSQuickReader` reads) is parsed first, then the chunk's colors are computed together — each
    /// conversion step over all of them (`ConversionPlan.apply` on a buffer), the gamut search four colors at a
    /// time with certified decisions (`BatchGamutMapper.css4Decisions`) and the result by the reference plans
    /// (text rows: by the lanes where every printed digit is certain) — then rows are written in line order. Every other line, and every color the batch path does not cover,
    /// takes the per-line path. Both give the same bytes.
    func processChunk(_ data: UnsafeBufferPointer<UInt8>, _ ranges: UnsafeBufferPointer<Range<Int>>, first: Int, into chunk: Chunk) {
        let target: ColorSpaceID
        switch operation {
        case .convert(let t): target = t
        case .gamut(let t, _): target = t
        case .simulate: target = .srgbLinear
        case .contrast, .deltaE:
            if let p = pair {
                processPairs(data, ranges, first: first, into: chunk, p)
                return
            }
            fallthrough
        default:
            for (i, range) in ranges.enumerated() {
                process(UnsafeBufferPointer(rebasing: data[range]), number: first + i, into: chunk)
            }
            return
        }
        var w = chunk.scratch
        chunk.scratch = Scratch()
        defer { chunk.scratch = w }
        // The arrays are sized for every line first and filled through pointers (no uniqueness check per element).
        let lines = ranges.count
        // (Every slot is written, and `readLine` sets every field of a color it reads: neither is reset.)
        Self.resize(&w.slot, lines, -1)
        Self.resize(&w.parsed, lines, CSSQuickReader.Parsed())
        w.labels.removeAll(keepingCapacity: true)
        var n = 0
        w.slot.withUnsafeMutableBufferPointer { slot in
            w.parsed.withUnsafeMutableBufferPointer { parsed in
                for i in 0..<lines {
                    // (`readLine` takes no line with a TAB — a label — nor any byte outside ASCII.)
                    if quick.readLine(data, ranges[i], into: &parsed[n]) {
                        slot[i] = Int32(truncatingIfNeeded: n)
                        n &+= 1
                    } else if let (label, color) = Self.labelledASCII(data, ranges[i], labelled),
                              quick.readLine(data, color, into: &parsed[n]) {
                        // A labelled ASCII line (`label<TAB>color`, `--name: color;`): its color, and the label its
                        // row starts with.
                        w.labels.append((Int32(truncatingIfNeeded: i), label))
                        slot[i] = Int32(truncatingIfNeeded: n)
                        n &+= 1
                    } else {
                        slot[i] = -1
                    }
                }
            }
        }
        w.parsed.removeLast(lines - n)
        let isGamut: Bool
        if case .gamut = operation { isGamut = true } else { isGamut = false }
        w.kind.removeAll(keepingCapacity: true); w.kind.append(contentsOf: repeatElement(0, count: n))
        w.results.removeAll(keepingCapacity: true); w.results.append(contentsOf: repeatElement(.zero, count: n))
        w.resultAlpha.removeAll(keepingCapacity: true); w.resultAlpha.append(contentsOf: repeatElement(1, count: n))
        if isGamut { computeGamut(&w, target: target) } else { computeConvert(&w) }
        let simulation: CVDSimulation?
        if case .simulate(let sim) = operation { simulation = sim; computeSimulate(&w, sim) } else { simulation = nil }
        let out = chunk.out
        // Opaque results with coordinates in [0, 400]: the seven-decimal row, without the general row's checks.
        let sevenRows = !json && targetInfo >= 0 && infos[targetInfo].isSevenRow && simulation == nil
        let info = sevenRows ? infos[targetInfo] : SpaceInfo()
        var nextLabel = 0
        let labelCount = w.labels.count
        for (i, range) in ranges.enumerated() {
            let k = Int(w.slot[i])
            // A labelled line's row: the label first (text; JSON: after the input, in `writeColor`).
            var label: UnsafeBufferPointer<UInt8>? = nil
            if nextLabel < labelCount && Int(w.labels[nextLabel].line) == i {
                label = UnsafeBufferPointer(rebasing: data[w.labels[nextLabel].label])
                nextLabel &+= 1
                if !json && w.kind[k] != 0 { appendShown(label!, into: out); out.append("  ") }
            }
            if sevenRows && k >= 0 && w.kind[k] == 2 && w.resultAlpha[k] >= 1 {
                let v = w.results[k]
                if let u = Self.sevenDecimalUnits(v, info), writeSevenRow(v, units: u, info: info, newline: true, into: out) {
                    continue
                }
            }
            let line = UnsafeBufferPointer(rebasing: data[range])
            guard k >= 0, w.kind[k] != 0 else { process(line, number: first + i, into: chunk); continue }
            var warning: String? = nil
            if w.kind[k] == 1 {
                let c = w.parsed[k]
                writeColor(id: target, coords: c.coords, alpha: c.alpha, syntax: c.space == 0 ? CSSSyntax(isLegacy: true) : CSSSyntax(),
                           space: targetInfo, line: line, missingIsNone: true, into: out, warning: &warning, label: label)
            } else {
                writeColor(id: simulation == nil ? target : .srgb, coords: w.results[k], alpha: w.resultAlpha[k], syntax: nil,
                           space: targetInfo, line: line, missingIsNone: false, into: out, warning: &warning, hex: simulation != nil,
                           label: label)
            }
            out.append(10)
            if let m = warning { chunk.notes.append(Note(offset: out.mark(), line: first + i, isError: false, message: m)) }
        }
    }

    /// `contrast` / `deltae` over a chunk (with `--gamut G`: the pairs of colors surely inside G, written in G's
    /// own space): every ASCII line of two colors `CSSQuickReader` reads is parsed first,
    /// then each source space's colors are converted together (the method's input space, and sRGB for the count
    /// of inputs outside it), the values computed by the method's own function, and the rows written in line
    /// order; every other line takes the per-line path. Both give the same bytes.
    func processPairs(_ data: UnsafeBufferPointer<UInt8>, _ ranges: UnsafeBufferPointer<Range<Int>>, first: Int,
                      into chunk: Chunk, _ p: PairEntry) {
        var w = chunk.scratch
        chunk.scratch = Scratch()
        defer { chunk.scratch = w }
        // The arrays are sized for every line first and filled through pointers (no uniqueness check per element).
        let lines = ranges.count
        w.slot.removeAll(keepingCapacity: true); w.slot.append(contentsOf: repeatElement(-1, count: lines))
        w.tabs.removeAll(keepingCapacity: true); w.tabs.append(contentsOf: repeatElement(0, count: lines))
        w.parsed.removeAll(keepingCapacity: true); w.parsed.append(contentsOf: repeatElement(CSSQuickReader.Parsed(), count: 2 * lines))
        w.labels.removeAll(keepingCapacity: true)
        var n = 0
        w.slot.withUnsafeMutableBufferPointer { slot in
            w.tabs.withUnsafeMutableBufferPointer { tabs in
                w.parsed.withUnsafeMutableBufferPointer { parsed in
                    for i in 0..<lines {
                        let range = ranges[i]
                        // Both sides of the first TAB read by `readLine`: ASCII, no other TAB.
                        guard let tab = Self.firstTab(UnsafeBufferPointer(rebasing: data[range])) else { continue }
                        if quick.readLine(data, range.lowerBound..<(range.lowerBound &+ tab), into: &parsed[n]),
                           quick.readLine(data, (range.lowerBound &+ tab &+ 1)..<range.upperBound, into: &parsed[n &+ 1]) {
                            slot[i] = Int32(truncatingIfNeeded: n)
                            tabs[n &>> 1] = Int32(truncatingIfNeeded: tab)
                            n &+= 2
                        } else if let (label, pair) = Self.labelledASCII(data, range, labelled),
                                  let second = Self.firstTab(UnsafeBufferPointer(rebasing: data[pair])),
                                  quick.readLine(data, pair.lowerBound..<(pair.lowerBound &+ second), into: &parsed[n]),
                                  quick.readLine(data, (pair.lowerBound &+ second &+ 1)..<pair.upperBound, into: &parsed[n &+ 1]) {
                            // `LABEL<TAB>A<TAB>B` (ASCII): the pair after the label; the row starts with the label.
                            w.labels.append((Int32(truncatingIfNeeded: i), label))
                            slot[i] = Int32(truncatingIfNeeded: n)
                            tabs[n &>> 1] = Int32(truncatingIfNeeded: pair.lowerBound &- range.lowerBound &+ second)
                            n &+= 2
                        }
                    }
                }
            }
        }
        w.parsed.removeLast(2 * lines - n)
        w.kind.removeAll(keepingCapacity: true); w.kind.append(contentsOf: repeatElement(1, count: n))
        if let g = gamut {
            // `--gamut G`: a color written in G itself with every channel at least 1e-6 inside 0…1 is surely in G
            // (the CSS Color 4 test on its OKLCH origin is off by rounding, about 1e-15), and `GamutCSS4.map` gives
            // such a color back as it is: its pair computes as without --gamut. Any other pair takes the per-line
            // path, which maps it.
            let lo = 1e-6, hi = 1 - 1e-6
            w.parsed.withUnsafeBufferPointer { parsed in
                w.kind.withUnsafeMutableBufferPointer { kind in
                    for k in 0..<n {
                        let c = parsed[k]
                        let v = c.coords
                        let inside = v.x >= lo && v.x <= hi && v.y >= lo && v.y <= hi && v.z >= lo && v.z <= hi  // (false for NaN)
                        if !(quick.spaceIDs[c.space] == g && inside && !c.alpha.isNaN) { kind[k] = 0 }
                    }
                }
            }
        }
        var converted = w.input
        w.input = []
        Self.convert(&w, into: &converted, routes: p.quickInput, plans: p.plans)
        w.input = converted
        // When the method's input space is sRGB, its coordinates are the sRGB ones.
        let srgbIsInput = p.input == .srgb
        if !srgbIsInput {
            converted = w.srgb
            w.srgb = []
            Self.convert(&w, into: &converted, routes: p.quickSRGB, plans: p.srgbPlans)
            w.srgb = converted
        }
        var outside = 0
        w.values.removeAll(keepingCapacity: true); w.values.append(contentsOf: repeatElement(.nan, count: n / 2))
        let evaluate = p.evaluate, composite = p.composite
        w.values.withUnsafeMutableBufferPointer { values in
            w.parsed.withUnsafeBufferPointer { parsed in
                w.kind.withUnsafeBufferPointer { kind in
                    w.input.withUnsafeBufferPointer { input in
                        w.srgb.withUnsafeBufferPointer { srgbOwn in
                            let srgb = srgbIsInput ? input : srgbOwn
                            var k = 0
                            while k < n {
                                defer { k &+= 2 }
                                if kind[k] == 0 || kind[k &+ 1] == 0 { continue }
                                for j in k...(k &+ 1) {
                                    let v = srgb[j]
                                    if !(v.min() >= -1e-6 && v.max() <= 1 + 1e-6) { outside &+= 1 }
                                }
                                var fg = input[k]
                                let fb = input[k &+ 1]
                                let alpha = parsed[k].alpha
                                if composite && !alpha.isNaN && alpha < 1 {
                                    let a = Swift.max(alpha, 0)
                                    fg = fg * a + fb * (1 - a)
                                }
                                values[k &>> 1] = evaluate(fg, fb)
                            }
                        }
                    }
                }
            }
        }
        chunk.outsideSRGB += outside
        let out = chunk.out
        let isContrast: Bool
        if case .contrast = operation { isContrast = true } else { isContrast = false }
        var nextLabel = 0
        for (i, range) in ranges.enumerated() {
            let line = UnsafeBufferPointer(rebasing: data[range])
            let s = Int(w.slot[i])
            var label: UnsafeBufferPointer<UInt8>? = nil
            if nextLabel < w.labels.count && Int(w.labels[nextLabel].line) == i {
                label = UnsafeBufferPointer(rebasing: data[w.labels[nextLabel].label])
                nextLabel &+= 1
            }
            guard s >= 0, w.kind[s] != 0, w.kind[s + 1] != 0 else { process(line, number: first + i, into: chunk); continue }
            let tab = Int(w.tabs[s / 2])
            // A labelled line's pair starts after its label's TAB.
            let pairStart = label == nil ? 0 : (Self.firstTab(line) ?? -1) + 1
            let a = Self.trimSpaces(UnsafeBufferPointer(rebasing: line[pairStart..<tab]))
            let b = Self.trimSpaces(UnsafeBufferPointer(rebasing: line[(tab + 1)...]))
            var warning: String? = nil
            if let label, !json { appendShown(label, into: out); out.append("  ") }
            // `CSSQuickReader` read both sides, so they are printable ASCII: nothing to escape.
            writePair(w.values[s / 2], line: line, a, b, isContrast: isContrast, printable: true, into: out, warning: &warning,
                      label: label)
            out.append(10)
            if let m = warning { chunk.notes.append(Note(offset: out.mark(), line: first + i, isError: false, message: m)) }
        }
    }

    /// The index of the first TAB of a line, eight bytes at a time.
    @inline(__always)
    static func firstTab(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let p = line.baseAddress else { return nil }
        let n = line.count
        let r = UnsafeRawPointer(p)
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i &+ 8 <= n {
            // The lowest byte that is zero after xor with TABs is the first TAB.
            let x = r.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ (ones &* 0x09)
            let zero = (x &- ones) & ~x & high
            if zero != 0 { return i &+ zero.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        while i < n {
            if p[i] == 0x09 { return i }
            i &+= 1
        }
        return nil
    }

    /// Coordinates of every parsed color in a target space, as a method computes with them (`forComputation`),
    /// each source space's colors through its plan together (`routes`: see `ColorStream.routes`); a color with no
    /// plan gets kind 0 (the per-line path).
    static func convert(_ w: inout Scratch, into result: inout [SIMD3<Double>], routes: [Int], plans: [ConversionPlan]) {
        let n = w.parsed.count
        result.removeAll(keepingCapacity: true); result.append(contentsOf: repeatElement(.zero, count: n))
        var pending = 0
        result.withUnsafeMutableBufferPointer { result in
            w.parsed.withUnsafeBufferPointer { parsed in
                w.kind.withUnsafeMutableBufferPointer { kind in
                    routes.withUnsafeBufferPointer { routes in
                        for k in 0..<n {
                            let c = parsed[k].coords
                            let r = routes[parsed[k].space]
                            if r == -2 {
                                result[k] = SIMD3(c.x.isNaN ? 0 : c.x, c.y.isNaN ? 0 : c.y, c.z.isNaN ? 0 : c.z)
                            } else if r >= 0 { pending &+= 1 } else { kind[k] = 0 }
                        }
                    }
                }
            }
        }
        guard pending > 0 else { return }
        var done = [Bool](repeating: false, count: n)
        while pending > 0 {
            guard let k0 = (0..<n).first(where: { !done[$0] && routes[w.parsed[$0].space] >= 0 }) else { break }
            let source = w.parsed[k0].space
            w.index.removeAll(keepingCapacity: true); w.coords.removeAll(keepingCapacity: true)
            for k in k0..<n where !done[k] && w.parsed[k].space == source {
                w.index.append(Int32(truncatingIfNeeded: k)); w.coords.append(w.parsed[k].coords); done[k] = true
            }
            pending -= w.index.count
            let plan = plans[routes[source]], hue = plan.targetHueIndex
            w.coords.withUnsafeMutableBufferPointer { plan.apply($0, cubeRoots: VectorMathDouble.cubeRoots) }
            for (j, k) in w.index.enumerated() { result[Int(k)] = Self.forComputation(w.coords[j], hue: hue) }
        }
    }

    /// `convert`: colors already in the target are kept as parsed (kind 1); the others go through their plan, one
    /// step over all colors of the same source space at a time (kind 2); a color with no plan keeps kind 0.
    func computeConvert(_ chunk: inout Scratch) {
        let n = chunk.parsed.count
        var pending = 0
        chunk.parsed.withUnsafeBufferPointer { parsed in
            chunk.kind.withUnsafeMutableBufferPointer { kind in
                quickRoutes.withUnsafeBufferPointer { routes in
                    for k in 0..<n {
                        let r = routes[parsed[k].space]
                        if r == -2 { kind[k] = 1 } else if r >= 0 { pending &+= 1 }
                    }
                }
            }
        }
        // Gathered and scattered through pointers into arrays sized for the whole chunk.
        Self.resize(&chunk.coords, n, .zero); Self.resize(&chunk.index, n, 0)
        var from = 0
        while pending > 0 {
            var m = 0
            var plan = -1
            chunk.parsed.withUnsafeBufferPointer { parsed in
                chunk.kind.withUnsafeBufferPointer { kind in
                    chunk.coords.withUnsafeMutableBufferPointer { coords in
                        chunk.index.withUnsafeMutableBufferPointer { index in
                            quickRoutes.withUnsafeBufferPointer { routes in
                                // The next source space still to do, and every color in it.
                                var k0 = from
                                while k0 < n && !(kind[k0] == 0 && routes[parsed[k0].space] >= 0) { k0 &+= 1 }
                                guard k0 < n else { return }
                                from = k0 &+ 1
                                let source = parsed[k0].space
                                plan = routes[source]
                                for k in k0..<n where kind[k] == 0 && parsed[k].space == source {
                                    coords[m] = parsed[k].coords; index[m] = Int32(truncatingIfNeeded: k); m &+= 1
                                }
                            }
                        }
                    }
                }
            }
            guard plan >= 0 else { break }
            chunk.coords.withUnsafeMutableBufferPointer { plans[plan].apply(UnsafeMutableBufferPointer(rebasing: $0[0..<m]), cubeRoots: VectorMathDouble.cubeRoots) }
            chunk.coords.withUnsafeBufferPointer { coords in
                chunk.index.withUnsafeBufferPointer { index in
                    chunk.parsed.withUnsafeBufferPointer { parsed in
                        chunk.results.withUnsafeMutableBufferPointer { results in
                            chunk.resultAlpha.withUnsafeMutableBufferPointer { resultAlpha in
                                chunk.kind.withUnsafeMutableBufferPointer { kind in
                                    for j in 0..<m {
                                        let k = Int(index[j])
                                        results[k] = coords[j]
                                        resultAlpha[k] = parsed[k].alpha
                                        kind[k] = 2
                                    }
                                }
                            }
                        }
                    }
                }
            }
            pending -= m
        }
    }

    /// `simulate`: the linear sRGB of every color `computeConvert` gave (kind 1: parsed in linear sRGB; kind 2:
    /// converted) as the deficiency sees it, encoded to sRGB (kind 2), exactly as `CVDSimulation.simulate` computes
    /// it. A color with a missing or non-finite channel or alpha keeps kind 0: the per-line path gives its result
    /// or its error.
    func computeSimulate(_ w: inout Scratch, _ sim: CVDSimulation) {
        let n = w.parsed.count
        let tf = TransferFunction.srgb
        w.parsed.withUnsafeBufferPointer { parsed in
            w.kind.withUnsafeMutableBufferPointer { kind in
                w.results.withUnsafeMutableBufferPointer { results in
                    w.resultAlpha.withUnsafeMutableBufferPointer { alpha in
                        for k in 0..<n where kind[k] != 0 {
                            let lin = kind[k] == 1 ? parsed[k].coords : results[k]
                            let a = parsed[k].alpha
                            guard lin.x.isFinite && lin.y.isFinite && lin.z.isFinite && !a.isNaN else { kind[k] = 0; continue }
                            let s = sim.simulate(linearSRGB: lin)
                            results[k] = SIMD3(tf.toEncoded(s.x), tf.toEncoded(s.y), tf.toEncoded(s.z))
                            alpha[k] = a
                            kind[k] = 2
                        }
                    }
                }
            }
        }
    }

    /// `gamut` by `css4` into an RGB space that is its own gamut: OKLCH colors, and colors of other spaces with no
    /// missing component (by their OKLCH origin), take the four-lane search with certified decisions and the
    /// reference's plans for the result (text rows: the lanes' result where its digits are certain; an in-gamut
    /// color of another space: itself in the target's space, else its plan to the target); every other color the
    /// reference itself.
    func computeGamut(_ chunk: inout Scratch, target t: ColorSpaceID) {
        guard case .gamut(_, let method) = operation else { return }
        let n = chunk.parsed.count
        var otherStart: Int? = nil
        if let g = gamutLanes, quickOKLCH >= 0 {
            // The OKLCH colors: their indices and coordinates (missing components as 0), through pointers.
            Self.resize(&chunk.index, n, 0); Self.resize(&chunk.coords, n, .zero)
            var m = 0, others = 0
            chunk.parsed.withUnsafeBufferPointer { parsed in
                chunk.index.withUnsafeMutableBufferPointer { index in
                    chunk.coords.withUnsafeMutableBufferPointer { coords in
                        for k in 0..<n {
                            if parsed[k].space == quickOKLCH {
                                let c = parsed[k].coords
                                index[m] = Int32(truncatingIfNeeded: k)
                                coords[m] = SIMD3(c.x.isNaN ? 0 : c.x, c.y.isNaN ? 0 : c.y, c.z.isNaN ? 0 : c.z)
                                m &+= 1
                            } else if g.originRoutes[parsed[k].space] >= 0 {
                                others &+= 1
                            }
                        }
                    }
                }
            }
            // Colors of index `firstOther` on were written in another space.
            let firstOther = m
            otherStart = firstOther
            // Colors of other spaces (no missing component): their origins, each space's colors through its plan
            // to OKLCH together, as `GamutCSS4.map` converts one (a lightness or chroma that is not a number takes
            // the reference; a missing hue counts as 0, as there).
            if others > 0 {
                var sources: [Int] = []
                for k in 0..<n {
                    let sp = chunk.parsed[k].space
                    if sp != quickOKLCH && g.originRoutes[sp] >= 0 && !sources.contains(sp) { sources.append(sp) }
                }
                for sp in sources {
                    var batch = chunk.extra
                    chunk.extra = []
                    batch.removeAll(keepingCapacity: true)
                    var ks: [Int] = []
                    for k in 0..<n where chunk.parsed[k].space == sp {
                        let p = chunk.parsed[k]
                        guard g.targetRoutes[sp] != -1, !p.coords.x.isNaN, !p.coords.y.isNaN, !p.coords.z.isNaN, !p.alpha.isNaN else { continue }
                        batch.append(p.coords); ks.append(k)
                    }
                    batch.withUnsafeMutableBufferPointer { g.originPlans[g.originRoutes[sp]].apply($0, cubeRoots: VectorMathDouble.cubeRoots) }
                    for (j, k) in ks.enumerated() {
                        let o = batch[j]
                        guard !o.x.isNaN && !o.y.isNaN else { continue }
                        chunk.index[m] = Int32(truncatingIfNeeded: k)
                        chunk.coords[m] = SIMD3(o.x, o.y, o.z.isNaN ? 0 : o.z)
                        m &+= 1
                    }
                    chunk.extra = batch
                }
            }
            chunk.index.removeLast(n - m); chunk.coords.removeLast(n - m)
            // Per color: status 0 (the reference), 1 (in gamut: the plain conversion) or 2 (the clip at `chroma`).
            Self.resize(&chunk.status, m, 0); Self.resize(&chunk.chroma, m, 0); Self.resize(&chunk.hues, m, .zero)
            chunk.coords.withUnsafeBufferPointer { c in
                chunk.status.withUnsafeMutableBufferPointer { s in
                    chunk.chroma.withUnsafeMutableBufferPointer { h in
                        chunk.hues.withUnsafeMutableBufferPointer {
                            g.mapper.css4Decisions(c, status: s.baseAddress!, chroma: h.baseAddress!, hues: $0.baseAddress!)
                        }
                    }
                }
            }
            chunk.coords.withUnsafeMutableBufferPointer { c in
                chunk.chroma.withUnsafeBufferPointer { h in for q in 0..<m { c[q].y = h[q] } }
            }
            // A color of another space in gamut is `spaces.convert(color, to: target)` of the color as written: in
            // the target's own space the color itself (status 4: kind 1, written as `convert` writes it), else its
            // plan to the target (status 3: done), each space's colors together.
            if m > firstOther {
                var sources: [Int] = []
                for q in firstOther..<m where chunk.status[q] == 1 {
                    let sp = chunk.parsed[Int(chunk.index[q])].space
                    if g.targetRoutes[sp] == -2 { chunk.status[q] = 4 } else if !sources.contains(sp) { sources.append(sp) }
                }
                for sp in sources {
                    var batch = chunk.extra
                    chunk.extra = []
                    batch.removeAll(keepingCapacity: true)
                    var qs: [Int] = []
                    for q in firstOther..<m where chunk.status[q] == 1 && chunk.parsed[Int(chunk.index[q])].space == sp {
                        batch.append(chunk.parsed[Int(chunk.index[q])].coords); qs.append(q)
                    }
                    batch.withUnsafeMutableBufferPointer { g.targetPlans[g.targetRoutes[sp]].apply($0, cubeRoots: VectorMathDouble.cubeRoots) }
                    for (j, q) in qs.enumerated() {
                        let k = Int(chunk.index[q])
                        chunk.results[k] = batch[j]; chunk.resultAlpha[k] = chunk.parsed[k].alpha
                        chunk.status[q] = 3
                    }
                    chunk.extra = batch
                }
            }
            // Text rows: results on four lanes, kept where the row's digits are certain (status 3: done).
            if !json {
                Self.resize(&chunk.fast, m, .zero); Self.resize(&chunk.certain, m, false)
                let laned = chunk.coords.withUnsafeBufferPointer { c in
                    chunk.status.withUnsafeBufferPointer { s in
                        chunk.chroma.withUnsafeBufferPointer { h in
                            chunk.hues.withUnsafeBufferPointer { cs in
                                chunk.fast.withUnsafeMutableBufferPointer { f in
                                    chunk.certain.withUnsafeMutableBufferPointer {
                                        g.mapper.css4Results(c, status: s.baseAddress!, chroma: h.baseAddress!,
                                                             hues: cs.baseAddress!, into: f.baseAddress!, certain: $0.baseAddress!)
                                    }
                                }
                            }
                        }
                    }
                }
                if laned {
                    let b = BatchGamutMapper.resultTolerance
                    chunk.fast.withUnsafeBufferPointer { fast in
                        chunk.certain.withUnsafeBufferPointer { certain in
                            chunk.index.withUnsafeBufferPointer { index in
                                chunk.parsed.withUnsafeBufferPointer { parsed in
                                    chunk.status.withUnsafeMutableBufferPointer { status in
                                        chunk.results.withUnsafeMutableBufferPointer { results in
                                            chunk.resultAlpha.withUnsafeMutableBufferPointer { alpha in
                                                // (Colors of status 3 and 4 are never certain here: `css4Results` takes
                                                // only 1 and 2.)
                                                for q in 0..<m where certain[q] {
                                                    let v = fast[q]
                                                    guard Self.textStable(v.x, tolerance: b), Self.textStable(v.y, tolerance: b),
                                                          Self.textStable(v.z, tolerance: b) else { continue }
                                                    let k = Int(index[q])
                                                    results[k] = v; alpha[k] = parsed[k].alpha
                                                    status[q] = 3
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            // Status 1: the plain conversion (`spaces.convert(color, to: target)`); 2: clip of the last point. The
            // colors the lanes did not finish are gathered, converted by the reference's plans and written back.
            var inGamut = chunk.extra, clipped = chunk.clipped
            chunk.extra = []; chunk.clipped = []
            inGamut.removeAll(keepingCapacity: true); clipped.removeAll(keepingCapacity: true)
            defer { chunk.extra = inGamut; chunk.clipped = clipped }
            chunk.status.withUnsafeBufferPointer { status in
                chunk.index.withUnsafeBufferPointer { index in
                    chunk.parsed.withUnsafeBufferPointer { parsed in
                        chunk.coords.withUnsafeBufferPointer { coords in
                            for q in 0..<m {
                                if status[q] == 1 { inGamut.append(parsed[Int(index[q])].coords) } else if status[q] == 2 { clipped.append(coords[q]) }
                            }
                        }
                    }
                }
            }
            inGamut.withUnsafeMutableBufferPointer { g.toTarget.apply($0, cubeRoots: VectorMathDouble.cubeRoots) }
            clipped.withUnsafeMutableBufferPointer { g.toGamut.apply($0, cubeRoots: VectorMathDouble.cubeRoots) }
            chunk.status.withUnsafeBufferPointer { status in
                chunk.index.withUnsafeBufferPointer { index in
                    chunk.parsed.withUnsafeBufferPointer { parsed in
                        chunk.results.withUnsafeMutableBufferPointer { results in
                            chunk.resultAlpha.withUnsafeMutableBufferPointer { resultAlpha in
                                chunk.kind.withUnsafeMutableBufferPointer { kind in
                                    var a = 0, b = 0
                                    for q in 0..<m {
                                        let k = Int(index[q])
                                        switch status[q] {
                                        case 1: results[k] = inGamut[a]; resultAlpha[k] = parsed[k].alpha; a &+= 1
                                        case 2:
                                            results[k] = clipped[b].clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
                                            resultAlpha[k] = parsed[k].alpha; b &+= 1
                                        default: break
                                        }
                                        // A gamut result (kind 2: NaN is never `none`, as the per-line path writes it), or
                                        // the reference.
                                        kind[k] = status[q] == 0 ? 0 : 2
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Status 4: the color as written (kind 1).
        if let fo = otherStart { for q in fo..<chunk.status.count where chunk.status[q] == 4 { chunk.kind[Int(chunk.index[q])] = 1 } }
        for k in 0..<n where chunk.kind[k] == 0 {
            // A plain result in the target space is written from its parts; any other, by the per-line path.
            if let c = try? wb.mapGamut(quick.color(chunk.parsed[k]), to: t, method: method), c.space == t, c.cssSyntax == nil {
                chunk.results[k] = c.coords; chunk.resultAlpha[k] = c.alpha; chunk.kind[k] = 2
            }
        }
    }

    // MARK: One line

    struct RowError: Error, CustomStringConvertible { let description: String }

    func process(_ raw: UnsafeBufferPointer<UInt8>, number: Int, into chunk: Chunk) {
        // Lines that are not plain ASCII go through String once, so invalid UTF-8 is repaired (U+FFFD) exactly
        // as a String reader would, and the row echoes valid UTF-8.
        if raw.contains(where: { $0 >= 0x80 }) {
            var s = String(decoding: raw, as: UTF8.self)
            s.withUTF8 { processValid($0, number: number, into: chunk) }
        } else {
            processValid(raw, number: number, into: chunk)
        }
    }

    func processValid(_ line: UnsafeBufferPointer<UInt8>, number: Int, into chunk: Chunk) {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            if !json { chunk.out.append(10) }
            return
        }
        let start = chunk.out.mark()
        var warning: String? = nil
        do {
            if let (label, color) = labelled(line) {
                try row(color, label: label, echo: line, into: chunk.out, warning: &warning, outside: &chunk.outsideSRGB)
            } else {
                try row(line, label: nil, echo: line, into: chunk.out, warning: &warning, outside: &chunk.outsideSRGB)
            }
            chunk.out.append(10)
            if let w = warning { chunk.notes.append(Note(offset: chunk.out.mark(), line: number, isError: false, message: w)) }
        } catch {
            chunk.out.truncate(to: start)
            let message = "\(error)"
            if json {
                chunk.out.append("{\"input\":")
                chunk.out.appendJSONString(line)
                chunk.out.append(",\"error\":")
                chunk.out.appendJSONString(message)
                chunk.out.append("}\n")
            } else {
                chunk.out.append("error\n")
            }
            chunk.failed = true
            // JSON carries the message in its row; text mode prints it on standard error at the row's place.
            if !json { chunk.notes.append(Note(offset: start, line: number, isError: true, message: message)) }
        }
    }

    /// The index of a space in `infos` (-1: not registered).
    func info(_ id: ColorSpaceID) -> Int {
        for i in infoIDs.indices where infoIDs[i] == id { return i }
        return -1
    }

    @inline(__always)
    func color(_ text: UnsafeBufferPointer<UInt8>) throws -> Color {
        if let c = quick.read(text) { return c }
        return try wb.parse(String(decoding: text, as: UTF8.self))
    }

    /// The label and color of an ASCII line `data[range]` that `labelled` splits, as ranges of `data` (nil for a
    /// plain line, or one with a byte outside ASCII: the per-line path reads those through `String`).
    @inline(__always)
    static func labelledASCII(_ data: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                              _ split: (UnsafeBufferPointer<UInt8>) -> (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>)?)
        -> (label: Range<Int>, color: Range<Int>)? {
        let line = UnsafeBufferPointer(rebasing: data[range])
        guard line.contains(0x09) || (line.count > 2 && line.contains(0x3A)), !line.contains(where: { $0 >= 0x80 }),
              let (label, color) = split(line), let base = data.baseAddress, let l = label.baseAddress, let c = color.baseAddress
        else { return nil }
        let ls = l - base, cs = c - base
        return (ls..<(ls + label.count), cs..<(cs + color.count))
    }

    /// A labelled line: for a color operation `label<TAB>color` (one TAB) or a CSS custom property declaration
    /// `--name: color;`; for a pair operation `label<TAB>A<TAB>B` (two TABs). Returns (label, the color or pair
    /// text), or nil for a plain line.
    func labelled(_ line: UnsafeBufferPointer<UInt8>) -> (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>)? {
        switch operation {
        case .contrast, .deltaE:
            guard let tab = line.firstIndex(of: 0x09), let second = line[(tab + 1)...].firstIndex(of: 0x09),
                  line[(second + 1)...].firstIndex(of: 0x09) == nil else { return nil }
            let label = Self.trimSpaces(UnsafeBufferPointer(rebasing: line[..<tab]))
            return label.isEmpty ? nil : (label, UnsafeBufferPointer(rebasing: line[(tab + 1)...]))
        default: break
        }
        if let tab = line.firstIndex(of: 0x09) {
            guard line[(tab + 1)...].firstIndex(of: 0x09) == nil else { return nil }
            let label = Self.trimSpaces(UnsafeBufferPointer(rebasing: line[..<tab]))
            let color = Self.trimSpaces(UnsafeBufferPointer(rebasing: line[(tab + 1)...]))
            return label.isEmpty ? nil : (label, color)
        }
        var a = 0
        while a < line.count && line[a] == 0x20 { a += 1 }
        guard a + 2 < line.count, line[a] == 0x2D, line[a + 1] == 0x2D,
              let colon = line[a...].firstIndex(of: 0x3A) else { return nil }
        var b = line.count
        while b > colon + 1 && (line[b - 1] == 0x20 || line[b - 1] == 0x3B) { b -= 1 }
        let label = Self.trimSpaces(UnsafeBufferPointer(rebasing: line[a..<colon]))
        return (label, Self.trimSpaces(UnsafeBufferPointer(rebasing: line[(colon + 1)..<b])))
    }

    func row(_ line: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>?, echo: UnsafeBufferPointer<UInt8>,
             into out: ByteText, warning: inout String?, outside: inout Int) throws {
        if let label {
            if json {
                // {"input": the whole line, "label": …, then the color's members}
                let s = out.count
                try row(line, label: nil, echo: echo, into: out, warning: &warning, outside: &outside)
                let rest = Array(out.buffer[s...])
                out.truncate(to: s)
                // rest starts with {"input":"…" — re-emit it with the label after the input member.
                let inputEnd = Self.endOfFirstMember(rest)
                rest.withUnsafeBufferPointer { r in
                    out.append(UnsafeBufferPointer(rebasing: r[..<inputEnd]))
                    out.append(",\"label\":"); out.appendJSONString(label)
                    out.append(UnsafeBufferPointer(rebasing: r[inputEnd...]))
                }
            } else {
                appendShown(label, into: out); out.append("  ")
                try row(line, label: nil, echo: echo, into: out, warning: &warning, outside: &outside)
            }
            return
        }
        try rowBody(line, echo: echo, into: out, warning: &warning, outside: &outside)
    }

    /// The index just after the first member's JSON string value in `{"input":"…",…}`.
    static func endOfFirstMember(_ b: [UInt8]) -> Int {
        var i = 9  // after {"input":
        guard i < b.count, b[i] == 0x22 else { return b.count }
        i += 1
        while i < b.count {
            if b[i] == 0x5C { i += 2; continue }
            if b[i] == 0x22 { return i + 1 }
            i += 1
        }
        return b.count
    }

    func rowBody(_ line: UnsafeBufferPointer<UInt8>, echo: UnsafeBufferPointer<UInt8>, into out: ByteText, warning: inout String?,
                 outside: inout Int) throws {
        switch operation {
        case .parse:
            let c = try color(line)
            writeColor(c, space: info(c.space), line: echo, missingIsNone: true, into: out, warning: &warning)
        case .convert(let t):
            var c = try color(line)
            var missingIsNone = true
            if c.space != t {
                guard let k = planSources.firstIndex(of: c.space) else {
                    c = try wb.spaces.convert(c, to: t)
                    writeColor(c, space: targetInfo, line: echo, missingIsNone: false, into: out, warning: &warning)
                    return
                }
                c = Color(t, coords: plans[k].apply(c.coords), alpha: c.alpha)
                missingIsNone = false
            }
            writeColor(c, space: targetInfo, line: echo, missingIsNone: missingIsNone, into: out, warning: &warning)
        case .gamut(let t, let method):
            let c = try wb.mapGamut(try color(line), to: t, method: method)
            writeColor(c, space: targetInfo, line: echo, missingIsNone: false, into: out, warning: &warning)
        case .simulate(let sim):
            let c = try sim.simulate(try color(line), workbench: wb)
            writeColor(c, space: targetInfo, line: echo, missingIsNone: false, into: out, warning: &warning, hex: true)
        case .contrast(let method), .deltaE(let method):
            // TEXT<TAB>BACKGROUND: exactly one TAB (after a label's, `labelled`); spaces around each color are dropped.
            guard let tab = line.firstIndex(of: 0x09) else { throw RowError(description: Self.pairShape(fields: 1)) }
            if line[(tab + 1)...].firstIndex(of: 0x09) != nil {
                throw RowError(description: Self.pairShape(fields: line.reduce(1) { $0 + ($1 == 0x09 ? 1 : 0) }))
            }
            let a = Self.trimSpaces(UnsafeBufferPointer(rebasing: line[..<tab]))
            let b = Self.trimSpaces(UnsafeBufferPointer(rebasing: line[(tab + 1)...]))
            var ca = try color(a), cb = try color(b)
            if !Self.isInSRGB(ca, wb) { outside += 1 }
            if !Self.isInSRGB(cb, wb) { outside += 1 }
            if let g = gamut {
                ca = try wb.mapGamut(ca, to: g, method: "css4")
                cb = try wb.mapGamut(cb, to: g, method: "css4")
            }
            let v: Double
            let isContrast: Bool
            if case .contrast = operation { isContrast = true } else { isContrast = false }
            if let p = pair, let fa = p.coords(ca), let fb = p.coords(cb) {
                var fg = fa
                if p.composite && !ca.alpha.isNaN && ca.alpha < 1 {
                    let alpha = Swift.max(ca.alpha, 0)
                    fg = fg * alpha + fb * (1 - alpha)
                }
                v = p.evaluate(fg, fb)
            } else if isContrast {
                v = try wb.contrast(text: ca, background: cb, method: method)
            } else {
                v = try wb.deltaE(ca, cb, method: method)
            }
            writePair(v, line: echo, a, b, isContrast: isContrast, printable: false, into: out, warning: &warning)
        }
    }

    /// The message for a pair line of the wrong shape.
    static func pairShape(fields: Int) -> String {
        "expected two colors separated by one TAB (or LABEL<TAB>A<TAB>B), got \(fields) field\(fields == 1 ? "" : "s")"
    }

    /// A pair row: text `value  A on B` (`vs` for ΔE), or JSON `{"input","text","background","value"}`.
    /// `printable`: `a` and `b` are known to be printable ASCII, so the text row echoes them unescaped.
    @inline(__always)
    func writePair(_ v: Double, line: UnsafeBufferPointer<UInt8>, _ a: UnsafeBufferPointer<UInt8>,
                   _ b: UnsafeBufferPointer<UInt8>, isContrast: Bool, printable: Bool, into out: ByteText,
                   warning: inout String?, label: UnsafeBufferPointer<UInt8>? = nil) {
        if json {
            out.append("{\"input\":"); out.appendJSONString(line)
            if let label { out.append(",\"label\":"); out.appendJSONString(label) }
            out.append(",\"text\":"); out.appendJSONString(a)
            out.append(",\"background\":"); out.appendJSONString(b)
            out.append(",\"value\":"); out.appendJSONNumber(v); out.append(0x7D)
        } else {
            if v.isNaN { out.append("NaN", rightAlignedIn: 10) } else { Self.appendColumn(v, decimals: decimals, width: 10, roomy: pairColumn, into: out) }
            if !v.isFinite { warning = "the value is \(v.isNaN ? "NaN" : "infinite") (out-of-range input); JSON prints it as null" }
            out.append("  ")
            if printable { out.append(a) } else { appendShown(a, into: out) }
            out.append(isContrast ? (" on " as StaticString) : " vs ")
            if printable { out.append(b) } else { appendShown(b, into: out) }
        }
    }

    /// Input echoed in a text row (a label, a pair's colors): control characters, DEL, C1 controls and the
    /// bidirectional controls as visible `\u{1B}` text (`Escape.terminal`), so no input drives the terminal.
    @inline(__always)
    func appendShown(_ text: UnsafeBufferPointer<UInt8>, into out: ByteText) {
        if let shown = Escape.terminal(text) { shown.withUnsafeBufferPointer { out.append($0) } } else { out.append(text) }
    }

    /// `ByteText.appendColumn` with the common case inlined: a value in `roomy` (whose fixed text is shorter
    /// than the column) is the fixed text as it is; any other takes `appendColumn`.
    @inline(__always)
    static func appendColumn(_ v: Double, decimals: Int, width: Int, roomy: (lower: Double, upper: Double),
                             into out: ByteText) {
        if v >= roomy.lower && v <= roomy.upper {
            out.appendFixedText(v, decimals: decimals, width: width)
        } else {
            out.appendColumn(v, decimals: decimals, width: width)
        }
    }

    /// Values whose `%{width}.{decimals}f` text is at most width − 1 bytes: k = width − 1 − (point and decimals)
    /// integer digits when positive, k − 1 and a sign when negative (bounds 1 below the powers of ten, so that no
    /// rounding carries into another digit); empty (lower > upper: nothing is roomy) when k < 2.
    static func roomyRange(decimals: Int, width: Int) -> (lower: Double, upper: Double) {
        let k = width - 1 - (decimals > 0 ? decimals + 1 : 0)
        guard k >= 2 && k <= 15 else { return (1, 0) }
        var p = 1.0
        for _ in 0..<k { p *= 10 }
        return (-(p / 10 - 1), p - 1)
    }

    static func trimSpaces(_ s: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var a = 0, b = s.count
        while a < b && s[a] == 0x20 { a += 1 }
        while b > a && s[b - 1] == 0x20 { b -= 1 }
        return UnsafeBufferPointer(rebasing: s[a..<b])
    }

    /// `%.Nf` with the sign of a value that rounds to zero dropped (`-0.00` → `0.00`).
    @inline(__always)
    static func appendFixedText(_ v: Double, decimals: Int, into out: ByteText) {
        out.appendFixedText(v, decimals: decimals)
    }

    // MARK: Color rows

    /// A color row: text `space  c0 c1 c2  css`, or JSON `{"input","space","coords","alpha","css"}`.
    /// `missingIsNone`: every NaN coordinate is a missing one (`none`); otherwise only a hue may be.
    @inline(__always)
    func writeColor(_ c: Color, space: Int, line: UnsafeBufferPointer<UInt8>, missingIsNone: Bool,
                    into out: ByteText, warning: inout String?, hex: Bool = false) {
        writeColor(id: c.space, coords: c.coords, alpha: c.alpha, syntax: c.cssSyntax, space: space, line: line,
                   missingIsNone: missingIsNone, into: out, warning: &warning, hex: hex)
    }

    /// `#rrggbb`, or `#rrggbbaa` when alpha < 1, of sRGB coordinates as `Workbench.hex` writes it: each channel
    /// clamped to 0…1 and rounded as round(v × 255), a missing one as 0, a missing alpha as 1.
    static func appendHex(_ coords: SIMD3<Double>, alpha: Double, into out: ByteText) {
        @inline(__always) func byte(_ v: Double) -> Int { Int(((v.isNaN ? 0 : Swift.min(1, Swift.max(0, v))) * 255).rounded()) }
        let digits: StaticString = "0123456789abcdef"
        @inline(__always) func two(_ b: Int) {
            out.append(digits.utf8Start[b >> 4]); out.append(digits.utf8Start[b & 15])
        }
        out.append(0x23)
        two(byte(coords.x)); two(byte(coords.y)); two(byte(coords.z))
        let a = alpha.isNaN ? 1 : alpha
        if a < 1 { two(byte(a)) }
    }

    /// `writeColor` of the color (id, coords, alpha, syntax), from its parts (the batch path keeps results as
    /// plain coordinates: no `Color` value, with its reference-counted id, per line).
    /// `hex`: a `simulate` row (its sRGB color's hex code before the CSS, `"cvd"`, `"severity"` and `"hex"` in
    /// JSON; no fast form).
    /// `label`: a labelled line's label, a JSON member after the input (text rows: the caller writes it first).
    func writeColor(id: ColorSpaceID, coords: SIMD3<Double>, alpha: Double, syntax: CSSSyntax?, space: Int,
                    line: UnsafeBufferPointer<UInt8>, missingIsNone: Bool, into out: ByteText, warning: inout String?,
                    hex: Bool = false, label: UnsafeBufferPointer<UInt8>? = nil) {
        // `space` describes this color (the direct forms apply), or not (the serializer writes it).
        let known = space >= 0 && infoIDs[space] == id
        if json {
            out.append("{\"input\":"); out.appendJSONString(line)
            if let label { out.append(",\"label\":"); out.appendJSONString(label) }
            if hex { simulateMembers.withUnsafeBufferPointer { out.append($0) } }
            if known && infos[space].nameIsJSONPlain {
                var name = infos[space].name
                let length = infos[space].nameLength
                out.append(",\"space\":\"")
                withUnsafeBytes(of: &name) { out.append(UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
                out.append(0x22)
            } else {
                out.append(",\"space\":"); out.appendJSONString(id.rawValue)
            }
            out.append(",\"coords\":[")
            out.appendJSONNumber(coords.x); out.append(0x2C)
            out.appendJSONNumber(coords.y); out.append(0x2C)
            out.appendJSONNumber(coords.z)
            out.append("],\"alpha\":"); out.appendJSONNumber(alpha)
            out.append(",\"css\":")
            // An opaque color with seven-decimal units: the CSS from the units, with one capacity check (its
            // prefix and numbers need no escape).
            if !hex && known && infos[space].isSevenRow && syntax == nil && alpha >= 1, let u = Self.sevenDecimalUnits(coords, infos[space]) {
                var written = 0
                out.appendUnsafe(maxBytes: 128) { o in
                    o.storeBytes(of: 0x22, as: UInt8.self)
                    let n = Self.writeSevenCSS(coords, units: u, info: infos[space], at: o + 1)
                    guard n > 0 else { return 0 }
                    (o + (n &+ 1)).storeBytes(of: 0x7D22, as: UInt16.self)  // `"}`
                    written = n &+ 3
                    return written
                }
                if written > 0 { return }
            }
            let q = out.mark()
            out.append(0x22)
            let cssStart = out.mark()
            // The direct form writes only numbers, names and punctuation: nothing to escape.
            if !appendCSS(id: id, coords: coords, alpha: alpha, syntax: syntax, space: space, known: known, into: out),
               UnsafeBufferPointer(rebasing: out.buffer[cssStart...]).contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) {
                let css = Array(out.buffer[cssStart...])
                out.truncate(to: q)
                css.withUnsafeBufferPointer { out.appendJSONString($0) }
            } else {
                out.append(0x22)
            }
            if hex { out.append(",\"hex\":\""); Self.appendHex(coords, alpha: alpha, into: out); out.append(0x22) }
            out.append(0x7D)
            return
        }
        if !hex && known && infos[space].isSevenRow && syntax == nil && alpha >= 1, let u = Self.sevenDecimalUnits(coords, infos[space]),
           writeSevenRow(coords, units: u, info: infos[space], newline: false, into: out) {
            return
        }
        if known && infos[space].nameLength > 0 {
            var name = infos[space].name
            let length = infos[space].nameLength
            withUnsafeBytes(of: &name) { out.append(UnsafeRawBufferPointer(rebasing: $0[0..<length]), paddedTo: spaceWidth) }
        } else {
            var id = id.rawValue
            id.withUTF8 { out.append(UnsafeRawBufferPointer($0), paddedTo: spaceWidth) }
        }
        var bad = false
        for k in 0..<3 {
            let v = coords[k]
            if v.isNaN {
                let isHue = space >= 0 && infos[space].isHue(k)
                if missingIsNone || isHue { out.append("none", rightAlignedIn: 12) } else { out.append("NaN", rightAlignedIn: 12); bad = true }
            } else {
                if v.isInfinite { bad = true }
                // (`%12.7f` leaves a space for −99 … 999: `roomyRange(decimals: 7, width: 12)`.)
                Self.appendColumn(v, decimals: 7, width: 12, roomy: (-99, 999), into: out)
            }
        }
        if bad { warning = "the result is not a finite number (printed as NaN/inf); the input is out of range for this operation" }
        out.append("  ")
        if hex { Self.appendHex(coords, alpha: alpha, into: out); out.append("  ") }
        var cssSyntax = syntax
        if bad && !missingIsNone {
            // A computed NaN is not a missing component: CSS writes it as calc(NaN), never none.
            var mask: UInt8 = 0
            for k in 0..<3 where coords[k].isNaN && !(space >= 0 && infos[space].isHue(k)) { mask |= 1 << UInt8(k) }
            if mask != 0 { cssSyntax = CSSSyntax(isLegacy: false, calcNaN: mask) }
        }
        appendCSS(id: id, coords: coords, alpha: alpha, syntax: cssSyntax, space: space, known: known, into: out)
    }

    /// The seven-decimal units of a row's coordinates (`ByteText.sevenDecimalUnits`): each in [0, 400], a hue
    /// below 360 (so the CSS form's normalized hue is the coordinate itself); nil otherwise.
    @inline(__always)
    static func sevenDecimalUnits(_ v: SIMD3<Double>, _ info: SpaceInfo) -> (UInt32, UInt32, UInt32)? {
        guard let a = ByteText.sevenDecimalUnits(v.x), let b = ByteText.sevenDecimalUnits(v.y),
              let c = ByteText.sevenDecimalUnits(v.z) else { return nil }
        if (info.hue.0 && v.x >= 360) || (info.hue.1 && v.y >= 360) || (info.hue.2 && v.z >= 360) { return nil }
        return (a, b, c)
    }

    /// The text row of an opaque color whose coordinates have seven-decimal units (`sevenDecimalUnits`), from
    /// those units, with one capacity check: the same bytes as the general row (`%12.7f` columns, then
    /// `fastCSS`'s six significant digits). Returns false, writing nothing, when a CSS number is not certain from
    /// its units (the general row writes it). `newline`: end the row.
    func writeSevenRow(_ coords: SIMD3<Double>, units u: (UInt32, UInt32, UInt32), info: SpaceInfo, newline: Bool,
                      into out: ByteText) -> Bool {
        let head = Swift.max(info.nameLength, spaceWidth)
        guard head <= 32 else { return false }
        var done = false
        // Name and pad (32), three columns (36), two spaces, prefix (32), three numbers (16 each), spaces, `)`.
        out.appendUnsafe(maxBytes: 160) { o in
            withUnsafeBytes(of: info.namePadded) { o.copyMemory(from: $0.baseAddress!, byteCount: 32) }
            var p = head
            p &+= ByteText.writeFixed7(u.0, at: o + p)
            p &+= ByteText.writeFixed7(u.1, at: o + p)
            p &+= ByteText.writeFixed7(u.2, at: o + p)
            (o + p).storeBytes(of: 0x2020 as UInt16, as: UInt16.self)
            p &+= 2
            let css = Self.writeSevenCSS(coords, units: u, info: info, at: o + p)
            guard css > 0 else { return 0 }
            p &+= css
            (o + p).storeBytes(of: 0x0A, as: UInt8.self)  // (when asked) the line's end
            done = true
            return p &+ (newline ? 1 : 0)
        }
        return done
    }

    /// The CSS of an opaque color whose coordinates have seven-decimal units (`sevenDecimalUnits`) at `o` (112
    /// bytes of room): the prefix and the three numbers' six significant digits from the units, then `)`. Returns
    /// the bytes written, or 0 when a number is not certain from its units (the caller writes it otherwise).
    @inline(__always)
    static func writeSevenCSS(_ coords: SIMD3<Double>, units u: (UInt32, UInt32, UInt32), info: SpaceInfo,
                              at o: UnsafeMutableRawPointer) -> Int {
        withUnsafeBytes(of: info.prefix) { o.copyMemory(from: $0.baseAddress!, byteCount: 32) }
        var p = info.prefixLength
        let a = ByteText.writeSignificant6(coords.x, units: u.0, at: o + p)
        guard a > 0 else { return 0 }
        p &+= a
        (o + p).storeBytes(of: 0x20, as: UInt8.self)
        let b = ByteText.writeSignificant6(coords.y, units: u.1, at: o + (p &+ 1))
        guard b > 0 else { return 0 }
        p &+= 1 &+ b
        (o + p).storeBytes(of: 0x20, as: UInt8.self)
        let c = ByteText.writeSignificant6(coords.z, units: u.2, at: o + (p &+ 1))
        guard c > 0 else { return 0 }
        p &+= 1 &+ c
        (o + p).storeBytes(of: 0x29, as: UInt8.self)  // `)`
        return p &+ 1
    }

    /// The color's CSS (`Workbench.serialize`), written directly for the common forms (`known`: `space` is the
    /// info of `id`). Returns whether the direct form wrote it (false: the serializer did).
    @discardableResult
    func appendCSS(id: ColorSpaceID, coords: SIMD3<Double>, alpha: Double, syntax: CSSSyntax?, space: Int, known: Bool,
                   into out: ByteText) -> Bool {
        let start = out.mark()
        if !known || !Self.fastCSS(coords, alpha, syntax, space: infos[space], into: out) {
            out.truncate(to: start)
            var c = Color(id, coords: coords, alpha: alpha)
            c.cssSyntax = syntax
            out.append(wb.serialize(c))
            return false
        }
        return true
    }

    /// The direct CSS form of a color whose space `space` describes; false: the serializer must write it.
    static func fastCSS(_ coords: SIMD3<Double>, _ a: Double, _ syntax: CSSSyntax?, space: SpaceInfo, into out: ByteText) -> Bool {
        guard space.prefixLength > 0 else { return false }
        if let syntax, syntax.calcNaN != 0 { return false }
        if syntax?.isLegacy == true {
            guard space.isSRGB else { return false }
            return legacyRGB(coords, a, into: out)
        }
        var prefix = space.prefix
        withUnsafeBytes(of: &prefix) { out.append(UnsafeRawBufferPointer(rebasing: $0[0..<space.prefixLength])) }
        for k in 0..<3 {
            if k > 0 { out.append(0x20) }
            var v = coords[k]
            if v.isNaN { out.append("none"); continue }
            if space.isHue(k) { v = normalizedHue(v) }
            guard cssNumber(v, into: out) else { return false }
        }
        if a.isNaN { out.append(" / none") }
        else if a < 1 {
            out.append(" / ")
            guard cssNumber(Swift.max(0, a), into: out) else { return false }
        }
        out.append(0x29)
        return true
    }

    static func normalizedHue(_ h: Double) -> Double {
        if h > 0 && h < 360 { return h }  // (the remainder's value, without its call)
        guard h.isFinite else { return h }
        var r = h.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        if r >= 360 { r -= 360 }
        return r == 0 ? 0 : r
    }

    /// CSS number with at most 6 significant digits (the serializer's rule); false for the exponent range.
    static func cssNumber(_ v: Double, into out: ByteText) -> Bool {
        // From the seven-decimal units in [0, 400] (every number of the common rows), else by the magnitude.
        if let u = ByteText.sevenDecimalUnits(v), out.appendSignificant6(v, units: u) { return true }
        if v.isNaN { out.append("calc(NaN)"); return true }
        if v.isInfinite { out.append(v > 0 ? "calc(Infinity)" : "calc(-Infinity)"); return true }
        if Swift.abs(v) < 5e-7 { out.append(0x30); return true }
        let mag = Self.magnitude(Swift.abs(v))
        if mag >= 21 || mag < -12 { return false }
        let decimals = Swift.max(0, 5 - mag)
        var x = v
        if mag > 5 {
            let unit = pow(10, Double(mag - 5))
            x = (v / unit).rounded() * unit
        }
        return out.appendFixedTrimmed(x, decimals: decimals)
    }

    /// Whether every value within `b` of `v` (a result in [0, 1]) is written as `v` is by a text row: no rounding
    /// boundary of `appendFixedText` at 7 decimals nor of `cssNumber` (0 below 5e-7, else 5 − ⌊log₁₀ v⌋
    /// decimals) lies within `b` of it. 0 and 1 themselves are exact (a clamp that is certain).
    @inline(__always)
    static func textStable(_ v: Double, tolerance b: Double) -> Bool {
        if v == 0 || v == 1 { return true }
        guard v > b && v < 1 - b else { return false }
        /// t (the value in units of the last digit, 0 ≤ t < 2⁵³) is at least `slack` away from a half unit.
        @inline(__always) func clear(_ t: Double, _ slack: Double) -> Bool {
            Swift.abs((t - Double(Int64(t))) - 0.5) > slack
        }
        guard clear(v * 1e7, b * 1e7 + 1e-6) else { return false }
        if Swift.abs(v - 5e-7) <= b { return false }
        if v < 5e-7 { return true }
        // ⌊log₁₀ v⌋ = −k for every value within b: [v − b, v + b] inside [10⁻ᵏ, 10¹⁻ᵏ), clear of the powers of ten
        // by more than `magnitude`'s libm band (1e-12 relative); cssNumber then writes 5 + k decimals.
        let lo: Double, scale: Double
        if v >= 0.1 { lo = 0.1; scale = 1e6 } else if v >= 0.01 { lo = 0.01; scale = 1e7 }
        else if v >= 1e-3 { lo = 1e-3; scale = 1e8 } else if v >= 1e-4 { lo = 1e-4; scale = 1e9 }
        else if v >= 1e-5 { lo = 1e-5; scale = 1e10 } else if v >= 1e-6 { lo = 1e-6; scale = 1e11 }
        else { lo = 1e-7; scale = 1e12 }
        guard v - b > lo * (1 + 1e-11), v + b < lo * 10 * (1 - 1e-11) else { return false }
        return clear(v * scale, b * scale + 1e-6)
    }

    /// floor(log10(a)) for 5e-7 ≤ a, as libm computes it: for 10⁻⁶ ≤ a < 10⁶ from the binary exponent and one
    /// comparison with a power of ten, with libm itself within 10⁻¹² (relative) of a power of ten and outside
    /// that range (away from a power of ten libm's floor is the exact one, which this is).
    @inline(__always)
    static func magnitude(_ a: Double) -> Int {
        guard a >= 1e-6 && a < 1e6 else { return Int(floor(log10(a))) }
        let e2 = Int(truncatingIfNeeded: a.bitPattern >> 52) &- 1023  // ⌊log₂ a⌋ (a is normal here)
        // ⌊e2·log₁₀2⌋ (78913 / 2¹⁸ ≈ log₁₀2; exact for |e2| ≤ 20): log₁₀ a lies within 0.302 above it.
        var m = (e2 &* 78913) >> 18
        if a >= power(m &+ 1) { m &+= 1 }
        if a < power(m) * (1 + 1e-12) || a > power(m &+ 1) * (1 - 1e-12) { return Int(floor(log10(a))) }
        return m
    }

    /// 10^m for −7 ≤ m ≤ 7 (the nearest Doubles).
    @inline(__always)
    static func power(_ m: Int) -> Double {
        switch m {
        case -7: return 1e-7
        case -6: return 1e-6
        case -5: return 1e-5
        case -4: return 1e-4
        case -3: return 1e-3
        case -2: return 1e-2
        case -1: return 1e-1
        case 0: return 1
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        default: return 1e7
        }
    }

    static func byte(_ v: Double) -> Int {
        if v.isNaN { return 0 }
        let x = Float(Swift.min(1, Swift.max(0, v))) * Float(255)
        return Int(x.rounded(.toNearestOrAwayFromZero))
    }

    static func legacyRGB(_ coords: SIMD3<Double>, _ a: Double, into out: ByteText) -> Bool {
        let withAlpha = a.isNaN || a < 1
        out.append(withAlpha ? "rgba(" : "rgb(")
        out.appendInt(byte(coords.x)); out.append(", ")
        out.appendInt(byte(coords.y)); out.append(", ")
        out.appendInt(byte(coords.z))
        if withAlpha {
            out.append(", ")
            if a.isNaN { out.append(0x30) } else {
                let x = Swift.min(1, Swift.max(0, a))
                let b = Int((x * 255).rounded())
                let two = (x * 100).rounded() / 100
                let value = Int((two * 255).rounded()) == b ? two : (x * 1000).rounded() / 1000
                guard cssNumber(value, into: out) else { return false }
            }
        }
        out.append(0x29)
        return true
    }
}

extension ColorStream {
    /// Whether a color lies inside sRGB (within 1e-6, as `Workbench.inGamut`); sRGB colors are checked directly.
    @inline(__always)
    static func isInSRGB(_ c: Color, _ wb: Workbench) -> Bool {
        if c.space == .srgb {
            let v = c.coordsForConversion
            return v.min() >= -1e-6 && v.max() <= 1 + 1e-6
        }
        return (try? wb.inGamut(c, of: .srgb)) ?? true
    }
}

extension ColorStream.PairEntry {
    /// The coordinates `Workbench.contrast`/`deltaE` compute with in the input space (`forComputation`), by the
    /// plans resolved once (nil: no plan here).
    @inline(__always)
    func coords(_ c: Color) -> SIMD3<Double>? {
        if c.space == input { return c.coordsForConversion }
        guard let k = sources.firstIndex(of: c.space) else { return nil }
        return ColorStream.forComputation(plans[k].apply(c.coords), hue: plans[k].targetHueIndex)
    }
}

extension ColorStream {
    /// Converted coordinates as a method computes with them (`Workbench.contrast`/`deltaE`): a powerless hue
    /// (NaN at `hue`, the plan's `targetHueIndex`) reads as 0; any other NaN was computed from present
    /// coordinates (an overflow such as `oklch(0.5 1e300 30)`) and stays, so the value is NaN, not black's.
    @inline(__always)
    static func forComputation(_ v: SIMD3<Double>, hue: Int) -> SIMD3<Double> {
        var r = v
        if hue >= 0 && r[hue].isNaN { r[hue] = 0 }
        return r
    }
}
