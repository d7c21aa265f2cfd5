import ColorIO
// Huebench benchmarks: the workloads of WORKLOADS.md (W1a W1b W2a W2b W3a W3b W4), each as the scalar Double
// reference path on 1 core, the SIMD Float32 path on 1 core and on every core, in the same run.
// Usage: benchmarks [--json] [--quick] [--only W1a,W3,E] [--simd-only]   (release builds only; scripts/bench builds it)
import ColorCore
import ColorKernels
import ColorScript
import Foundation
import HuebenchTestSupport

if _isDebugAssertConfiguration() {
    FileHandle.standardError.write(Data("benchmarks: this is a debug build; run scripts/bench (swift build -c release)\n".utf8))
    exit(2)
}

var args = Array(CommandLine.arguments.dropFirst())
/// `--only W1a,W3` runs the workloads whose label starts with one of the prefixes (for profiling).
nonisolated(unsafe) var onlyPrefixes: [String] = []
if let k = args.firstIndex(of: "--only") {
    guard k + 1 < args.count else {
        FileHandle.standardError.write(Data("benchmarks: --only needs a list of workload prefixes, e.g. --only W1a,W3\n".utf8)); exit(2)
    }
    onlyPrefixes = args[k + 1].split(separator: ",").map(String.init)
    args.removeSubrange(k...(k + 1))
}
let jsonOnly = args.contains("--json"), quick = args.contains("--quick")
/// `--simd-only`: time only the SIMD 1-thread variant, no scalar run and no check (for callgrind / perf).
let simdOnly = args.contains("--simd-only")
for a in args where a != "--json" && a != "--quick" && a != "--simd-only" {
    FileHandle.standardError.write(Data("benchmarks: unknown argument '\(a)'; use --json, --quick, --simd-only, --only W1a,W2\n".utf8)); exit(2)
}
func selected(_ workload: String) -> Bool { onlyPrefixes.isEmpty || onlyPrefixes.contains { workload.hasPrefix($0) } }
let scale = quick ? 10 : 1
let cores = Parallel.coreCount
nonisolated(unsafe) var failures = 0

func say(_ s: String) { if !jsonOnly { print(s) } }
func fail(_ s: String) { FileHandle.standardError.write(Data("benchmarks: CHECK FAILED: \(s)\n".utf8)); failures += 1 }

// MARK: Inputs (SplitMix64, one stream per workload)

// SplitMix64 is the tests' generator (HuebenchTestSupport): the same seeds give the tests' and benchmarks' inputs.

func generate(seed: UInt64, count: Int, _ f: (Double, Double, Double) -> (Double, Double, Double)) -> [Double] {
    var g = SplitMix64(seed: seed)
    var out = [Double](); out.reserveCapacity(3 * count)
    for _ in 0..<count { let t = f(g.unit(), g.unit(), g.unit()); out += [t.0, t.1, t.2] }
    return out
}

func loadOrGenerate(_ file: String, seed: UInt64, count: Int, _ f: @escaping (Double, Double, Double) -> (Double, Double, Double)) -> [Double] {
    if let dir = ProcessInfo.processInfo.environment["PEERDATA"],
       let data = FileManager.default.contents(atPath: dir + "/" + file), data.count == count * 24 {
        return data.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
    }
    return generate(seed: seed, count: count, f)
}

// Self-checks of the generator (full sizes, independent of --quick).
do {
    var g = SplitMix64(seed: 1)
    let first = [g.next(), g.next(), g.next()]
    if first != [0x910A_2DEC_8902_5CC1, 0xBEEB_8DA1_658E_EC67, 0xF893_A2EE_FB32_555E] { fail("SplitMix64 first outputs \(first)") }
}
let srgbT: (Double, Double, Double) -> (Double, Double, Double) = { ($0, $1, $2) }
let oklchT: (Double, Double, Double) -> (Double, Double, Double) = { ($0, 0.4 * $1, 360 * $2) }
// The W inputs (50 MB) are made only when a workload that reads them runs: T and E lines do not, and T7 measures
// the resident memory of the whole process.
let needInputs = onlyPrefixes.isEmpty || onlyPrefixes.contains { !$0.hasPrefix("T") && !$0.hasPrefix("E") }
let w1Full = needInputs ? loadOrGenerate("w1_srgb_1m.f64", seed: 1, count: 1_000_000, srgbT) : []
let w2Full = needInputs ? loadOrGenerate("w2_oklch_100k.f64", seed: 2, count: 100_000, oklchT) : []
let w3Full = needInputs ? loadOrGenerate("w3_srgb_2000.f64", seed: 3, count: 2000, srgbT) : []
let w4Full = needInputs ? loadOrGenerate("w4_base_srgb_1000.f64", seed: 4, count: 1000, srgbT) : []
for (name, data, first, sum) in [
    ("w1", w1Full, [0.5665615751722809, 0.7457817572627011, 0.9710027535867962], 1500590.469542772),
    ("w2", w2Full, [0.5911897341980794, 0.2996598735495299, 214.4297093040019], 18117362.114354953),
    ("w3", w3Full, [0.11345034205715454, 0.7002935135929024, 0.6129746825466243], 2978.785479819483),
    ("w4", w4Full, [0.43145581774497377, 0.8924068459997183, 0.8591171495049661], 1487.3920475197738),
] where needInputs {
    if Array(data.prefix(3)) != first { fail("\(name)[0] = \(Array(data.prefix(3)))") }
    let s = data.reduce(0, +)
    if abs(s - sum) > 1e-6 * sum { fail("\(name) sum \(s) ≠ \(sum)") }
}
let w1 = Array(w1Full.prefix(3 * 1_000_000 / scale))
let w2 = Array(w2Full.prefix(3 * 100_000 / scale))
let w3n = 2000 / (quick ? 4 : 1)  // 1/10 of the pairs is ≈ 632², rounded to 500² for even tiles
let w3 = Array(w3Full.prefix(3 * w3n))
let w4n = 1000 / scale
let w4 = Array(w4Full.prefix(3 * w4n))

// MARK: Timing and reporting

/// Median seconds of the timed calls after one warm-up: at least 5 (WORKLOADS.md), more for short jobs (up to
/// 31, about 0.3 s in all), so that a few runs disturbed by other processes on this shared machine do not move
/// the median.
func median(_ body: () -> Void) -> Double {
    let w = DispatchTime.now().uptimeNanoseconds
    body()
    let warm = Double(DispatchTime.now().uptimeNanoseconds - w) * 1e-9
    let runs = max(5, min(31, Int(0.3 / max(warm, 1e-6)) | 1))
    var t: [Double] = []
    for _ in 0..<runs {
        let a = DispatchTime.now().uptimeNanoseconds
        body()
        t.append(Double(DispatchTime.now().uptimeNanoseconds - a) * 1e-9)
    }
    return t.sorted()[runs / 2]
}

struct ResultLine { let workload: String, peer: String, items: Int, seconds: Double, unit: String, note: String }
nonisolated(unsafe) var results: [ResultLine] = []
nonisolated(unsafe) var spots: [String: [String: [Double]]] = [:]

func report(_ workload: String, _ peer: String, items: Int, seconds: Double, unit: String, note: String) {
    results.append(ResultLine(workload: workload, peer: peer, items: items, seconds: seconds, unit: unit, note: note))
    print("RESULT {\"workload\": \(JSONText.string(workload)), \"peer\": \(JSONText.string(peer)), \"items\": \(items), \"timed_items\": \(items), "
          + "\"median_s\": \(String(format: "%.6g", seconds)), \"unit\": \(JSONText.string(unit)), \"note\": \(JSONText.string(note))}")
}

/// "1.35 ns/item, 7.41e+08 items/s": both figures of a timed run of `n` items.
func perItem(_ s: Double, _ n: Int) -> String {
    String(format: "%.3g ns/item, %.3g items/s", s / Double(n) * 1e9, Double(n) / s)
}

/// Runs the three variants of a workload and prints their lines.
func threeWay(_ workload: String, unit: String, items: Int, scalar: () -> Void, simd: (Int) -> Void,
              check: () -> String) {
    if simdOnly {
        let t1 = median { simd(1) }
        say(String(format: "# %@: simd 1T %.3g ns/%@ (unchecked profiling run)", workload, t1 / Double(items) * 1e9, unit))
        return
    }
    let ts = median(scalar)
    report(workload, "huebench f64 scalar 1T", items: items, seconds: ts, unit: unit, note: "ColorCore Double reference path; " + perItem(ts, items))
    let t1 = median { simd(1) }
    let verdict = check()
    report(workload, "huebench f32 simd 1T", items: items, seconds: t1, unit: unit, note: perItem(t1, items) + "; " + verdict)
    let tn = median { simd(0) }
    report(workload, "huebench f32 simd \(cores)T", items: items, seconds: tn, unit: unit,
           note: perItem(tn, items) + String(format: "; speed-up %.2fx over 1T", t1 / tn))
    say(String(format: "# %@: scalar %.1f, simd 1T %.2f, simd %dT %.2f ns/%@ (%.1fx over scalar, %.2fx on %d cores)",
               workload, ts / Double(items) * 1e9, t1 / Double(items) * 1e9, cores, tn / Double(items) * 1e9, unit,
               ts / t1, t1 / tn, cores))
}

func hueDiff(_ a: Double, _ b: Double) -> Double { let d = abs(a - b).truncatingRemainder(dividingBy: 360); return min(d, 360 - d) }

// MARK: W1 conversions

let wb = Workbench.standard
func conversion(_ workload: String, to target: ColorSpaceID, hueScale: Double, chromaFloor: Double) {
    guard selected(workload) else { return }
    let n = w1.count / 3
    let src = try! ColorBuffer(interleaved: w1, space: .srgb)
    let dst = ColorBuffer(space: target, count: n)
    let plan = try! wb.spaces.plan(from: .srgb, to: target)
    let batch = try! BatchConversionPlan(from: .srgb, to: target)
    var ref = [SIMD3<Double>](repeating: .zero, count: n)
    threeWay(workload, unit: "color", items: n, scalar: {
        w1.withUnsafeBufferPointer { p in
            ref.withUnsafeMutableBufferPointer { r in
                for i in 0..<n { r[i] = plan.apply(SIMD3(p[3 * i], p[3 * i + 1], p[3 * i + 2])) }
            }
        }
    }, simd: { batch.convert(src, into: dst, threads: $0) }, check: {
        var wl = 0.0, wc = 0.0, wh = 0.0
        for i in 0..<n {
            let k = dst[i], r = ref[i]
            wl = max(wl, abs(Double(k.x) - r.x)); wc = max(wc, abs(Double(k.y) - r.y))
            if r.y > chromaFloor { wh = max(wh, hueDiff(Double(k.z), r.z)) }
        }
        if wl > 1e-4 * hueScale || wc > 1e-4 * hueScale || wh > 0.01 { fail("\(workload): max |ΔL| \(wl), |ΔC| \(wc), |Δh| \(wh)°") }
        return String(format: "max |dL| %.2g, |dC| %.2g, |dh| %.2g deg vs scalar", wl, wc, wh)
    })
    var s: [String: [Double]] = [:]
    for i in [0, 1, 2, 3, 4, 500, 999] where i < n { s["\(i)"] = [Double(dst[i].x), Double(dst[i].y), Double(dst[i].z)] }
    spots[workload] = s
}
conversion("W1a sRGB->OKLCH", to: .oklch, hueScale: 1, chromaFloor: 1e-3)
conversion("W1b sRGB->LCH(D50)", to: .lch, hueScale: 100, chromaFloor: 0.1)

// MARK: W3 matrices

func matrix(_ workload: String, _ methodID: String) {
    guard selected(workload) else { return }
    let n = w3n
    let colors = try! ColorBuffer(interleaved: w3, space: .srgb)
    let method = try! wb.pairMethod(methodID)
    let m = try! ContrastMatrix(method: method, text: colors, background: colors)
    let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: n * n)
    out.initialize(repeating: 0)  // touched once, outside the timed region: the buffer is reused
    defer { out.deallocate() }
    var refs = [Double](repeating: 0, count: n * n)
    var y: [Double] = []
    for i in 0..<n {
        let c = SIMD3(w3[3 * i], w3[3 * i + 1], w3[3 * i + 2])
        y.append(methodID == "wcag21" ? WCAG21.luminance(srgb: c) : APCA.luminance(srgb: c))
    }
    threeWay(workload, unit: "pair", items: n * n, scalar: {
        refs.withUnsafeMutableBufferPointer { r in
            for i in 0..<n { for j in 0..<n {
                r[i * n + j] = methodID == "wcag21" ? WCAG21.ratio(y[i], y[j]) : APCA.lc(textY: y[i], backgroundY: y[j])
            } }
        }
    }, simd: { m.compute(into: out, threads: $0) }, check: {
        var worst = 0.0
        for k in 0..<(n * n) { worst = max(worst, abs(Double(out[k]) - refs[k])) }
        if worst > (methodID == "wcag21" ? 1e-4 : 1e-3) { fail("\(workload): max |Δ| \(worst)") }
        return String(format: "max |d| %.2g vs scalar; output buffer reused", worst)
    })
    var s: [String: [Double]] = [:]
    for (i, j) in [(0, 1), (1, 0), (2, 3), (10, 20), (20, 10), (100, 7), (1999, 0), (0, 1999)] where i < n && j < n {
        s["\(i),\(j)"] = [Double(out[i * n + j])]
    }
    spots[workload] = s
}
matrix("W3a WCAG2 matrix", "wcag21")
matrix("W3b APCA matrix", "apca")

// MARK: W2 gamut mapping

func gamut(_ workload: String, _ method: String) {
    guard selected(workload) else { return }
    let n = w2.count / 3
    let src = try! ColorBuffer(interleaved: w2, space: .oklch)
    let dst = ColorBuffer(space: .srgb, count: n)
    let entry = try! wb.gamutMappers.lookup(method)
    let mapper = try! BatchGamutMapper(entry, target: .srgb)
    let spaces = wb.spaces
    var ref = [SIMD3<Double>](repeating: .zero, count: n)
    threeWay(workload, unit: "color", items: n, scalar: {
        for i in 0..<n {
            let c = Color(.oklch, w2[3 * i], w2[3 * i + 1], w2[3 * i + 2])
            ref[i] = try! entry.map(c, .srgb, spaces).coords
        }
    }, simd: { try! mapper.map(src, into: dst, threads: $0) }, check: {
        // Agreement with the reference on the Float32-rounded inputs the kernel reads (the generator's Doubles
        // differ from them by 3e-8, which moves a few bisection decisions).
        var worst = 0.0
        for i in 0..<n {
            let c = Color(.oklch, Double(src[i].x), Double(src[i].y), Double(src[i].z))
            let r = try! entry.map(c, .srgb, spaces).coords
            for k in 0..<3 { worst = max(worst, abs(Double(dst[i][k]) - r[k])) }
        }
        if worst > 1e-4 { fail("\(workload): max channel |Δ| \(worst)") }
        var inRange = true
        for i in 0..<n { for k in 0..<3 where dst[i][k] < -1e-6 || dst[i][k] > 1 + 1e-6 { inRange = false } }
        if !inRange { fail("\(workload): result outside [0, 1]") }
        return String(format: "max channel |d| %.2g vs scalar on %d colors", worst, n)
    })
    var s: [String: [Double]] = [:]
    for i in 0..<10 where i < n { s["\(i)"] = [Double(dst[i].x), Double(dst[i].y), Double(dst[i].z)] }
    spots[workload] = s
}
gamut("W2a gamut-map CSS4", "css4")
gamut("W2b gamut clip", "clip")
gamut("W2c gamut-map raytrace", "raytrace")

/// Raytrace against CSS4 per color (target ≥ 3×): both batch mappers on the same W2 inputs, timed in alternation
/// (5 rounds, 1 thread and every core) so load from other processes falls on both; medians and their ratio.
if selected("W2c") && !simdOnly {
    let n = w2.count / 3
    let src = try! ColorBuffer(interleaved: w2, space: .oklch)
    let dst = ColorBuffer(space: .srgb, count: n)
    let css4 = try! BatchGamutMapper(method: "css4", target: .srgb), ray = try! BatchGamutMapper(method: "raytrace", target: .srgb)
    for threads in [1, 0] {
        var tc: [Double] = [], tr: [Double] = []
        for _ in 0..<5 {
            tc.append(median { try! css4.map(src, into: dst, threads: threads) })
            tr.append(median { try! ray.map(src, into: dst, threads: threads) })
        }
        let c = tc.sorted()[2], r = tr.sorted()[2]
        let label = threads == 1 ? "1T" : "\(cores)T"
        report("W2c raytrace vs css4 (\(label))", "huebench f32 simd \(label)", items: n, seconds: r, unit: "color",
               note: perItem(r, n) + String(format: "; css4 %.3g ns/color; raytrace %.2fx faster (target ≥ 3x)", c / Double(n) * 1e9, c / r))
        say(String(format: "# W2c raytrace vs css4 %@: %.3g vs %.3g ns/color → raytrace %.2fx faster (target ≥ 3x; median of 5 alternating rounds)",
                   label, r / Double(n) * 1e9, c / Double(n) * 1e9, c / r))
    }
}

/// The agreement proof for the batch CSS4 mapper: 10⁶ random OKLCH colors (10⁵ with --quick; L slightly
/// outside [0, 1], C in [0, 0.4], h in [0, 360)) mapped into sRGB, plus 10⁵ (10⁴) into display-p3 and rec2020,
/// every color compared with `GamutCSS4.map` on the same Float32 input. Not timed; a failure fails the run.
func gamutAgreement() {
    guard selected("W2a gamut-map CSS4") && !simdOnly else { return }
    for (target, count) in [(ColorSpaceID.srgb, 1_000_000 / scale), (.displayP3, 100_000 / scale), (.rec2020, 100_000 / scale)] {
        let data = generate(seed: 22, count: count) { (1.02 * $0 - 0.01, 0.4 * $1, 360 * $2) }
        let src = try! ColorBuffer(interleaved: data, space: .oklch)
        let out = try! BatchGamutMapper(GamutCSS4.mapper, target: target).map(src, threads: 0)
        let spaces = wb.spaces
        // The scalar reference is the slow part: split it over the cores.
        let worstPerChunk = UnsafeMutableBufferPointer<Double>.allocate(capacity: (count + 4095) / 4096)
        worstPerChunk.initialize(repeating: 0)
        defer { worstPerChunk.deallocate() }
        let box = worstPerChunk
        Parallel.forChunks(count: count, chunk: 4096, threads: 0) { r in
            var w = 0.0
            for i in r {
                let c = Color(.oklch, Double(src[i].x), Double(src[i].y), Double(src[i].z))
                let ref = try! GamutCSS4.map(c, to: target, spaces: spaces).coords
                for k in 0..<3 { w = max(w, abs(Double(out[i][k]) - ref[k])) }
            }
            box[r.lowerBound / 4096] = w
        }
        let worst = worstPerChunk.max() ?? 0
        if worst > 1e-4 { fail("W2a agreement → \(target): max channel |Δ| \(worst) on \(count) colors") }
        say(String(format: "# W2a agreement: %d random OKLCH colors → %@, max channel |d| %.2g vs GamutCSS4.map (bound 1e-4)",
                   count, target.rawValue, worst))
    }
}
gamutAgreement()

// MARK: W4 ramps

if selected("W4 ramps 19-stop") {
    let workload = "W4 ramps 19-stop"
    let n = w4n, stops = 19
    let base = try! ColorBuffer(interleaved: w4, space: .srgb)
    let toLCH = try! BatchConversionPlan(from: .srgb, to: .oklch)
    let lchBase = ColorBuffer(space: .oklch, count: n)
    let out = ColorBuffer(space: .srgb, count: n * stops)
    let mapper = try! BatchGamutMapper(GamutCSS4.mapper, target: .srgb)
    let spaces = wb.spaces, plan = try! spaces.plan(from: .srgb, to: .oklch)
    var ref = [SIMD3<Double>](repeating: .zero, count: n * stops)
    let lightness = (0..<stops).map { Float(0.05 + 0.9 * Double($0) / 18) }
    threeWay(workload, unit: "ramp", items: n, scalar: {
        for r in 0..<n {
            let lch = plan.apply(SIMD3(w4[3 * r], w4[3 * r + 1], w4[3 * r + 2]))
            for s in 0..<stops {
                let c = Color(.oklch, 0.05 + 0.9 * Double(s) / 18, lch.y, lch.z)
                ref[r * stops + s] = try! GamutCSS4.map(c, to: .srgb, spaces: spaces).coords
            }
        }
    }, simd: { threads in
        toLCH.convert(base, into: lchBase, threads: threads)
        // Stops built and mapped per chunk of ramps, in one parallel region.
        try! mapper.mapRamps(lchBase, lightness: lightness, into: out, threads: threads)
    }, check: {
        var worst = 0.0
        for i in 0..<(n * stops) { for k in 0..<3 { worst = max(worst, abs(Double(out[i][k]) - ref[i][k])) } }
        // Stops are built from the Float32 OKLCH of the base (3e-8 off the Double one); allow 1e-3.
        if worst > 1e-3 { fail("\(workload): max channel |Δ| \(worst)") }
        return String(format: "max channel |d| %.2g vs scalar", worst)
    })
    var s: [String: [Double]] = [:]
    for (r, st) in [(0, 0), (0, 9), (0, 18), (1, 4), (1, 14), (999, 9)] where r < n {
        let v = out[r * stops + st]; s["\(r),\(st)"] = [Double(v.x), Double(v.y), Double(v.z)]
    }
    spots[workload] = s
}

// MARK: Lua call overhead (ColorScript)

/// L1: one `c:contrast(bg)` call from Lua (loop overhead included; an empty loop is reported beside it).
func luaOverhead() {
    let calls = 1_000_000 / scale
    var printed = ""
    let state = try! LuaInterpreter(options: ScriptOptions(timeLimit: 0, memoryLimit: 0), print: { printed += $0 })
    // Each run gets a fresh sandbox environment, so every timed source carries its own set-up; the set-up alone
    // is timed too and subtracted.
    let setup = """
    local hb = require "huebench"
    local fg, bg = hb.color("#777777"), hb.color("#ffffff")
    local t, b = {}, {}
    for i = 1, 1000 do t[i] = hb.oklch(i / 1000, 0.1, i % 360) b[i] = hb.oklch(1 - i / 1000, 0.05, (i * 7) % 360) end
    local tb, bb = hb.map_gamut(hb.buffer(t), "srgb"), hb.map_gamut(hb.buffer(b), "srgb")
    local x, m = 0, nil

    """
    func timed(_ body: String) -> Double { median { try! state.run(source: setup + body, name: "bench") } }
    let tSetup = timed("")
    let tEmpty = timed("for i = 1, \(calls) do x = i end") - tSetup
    let tCall = timed("for i = 1, \(calls) do x = fg:contrast(bg) end") - tSetup
    printed = ""
    try! state.run(source: setup + "print(string.format('%.6f', fg:contrast(bg)))", name: "bench")
    let expected = String(format: "%.6f", try! Workbench.standard.contrast(text: Workbench.standard.parse("#777777"),
                                                                        background: Workbench.standard.parse("#ffffff")))
    if printed != expected + "\n" { fail("L1: Lua contrast \(printed) != core \(expected)") }
    report("L1 lua c:contrast(bg)", "huebench lua 1T", items: calls, seconds: tCall, unit: "call",
           note: perItem(tCall, calls) + "; empty Lua loop " + perItem(tEmpty, calls) + "; value checked against ColorCore")
    say(String(format: "# Lua: c:contrast(bg) %.0f ns/call (empty loop %.1f ns/iter)",
               (tCall - tEmpty) / Double(calls) * 1e9, tEmpty / Double(calls) * 1e9))
}
if selected("L1") { luaOverhead() }
// L2–L5: Lua batch calls next to their kernel lines (benchmarks/LuaBench.swift).
LuaBench.run(quick: quick, w1: w1, w2: w2, w3: w3)
if onlyPrefixes.isEmpty || onlyPrefixes.contains(where: { $0.hasPrefix("T") }) { TuningBench.run(quick: quick) }  // each T line checks `selected`
StreamBench.run(quick: quick)  // E1…E4: each checks `selected` itself

// MARK: Spots file

if let dir = ProcessInfo.processInfo.environment["PEERRESULTS"] {
    var parts: [String] = []
    for (w, m) in spots.sorted(by: { $0.key < $1.key }) {
        let inner = m.sorted { $0.key < $1.key }.map { "\"\($0.key)\": [\($0.value.map { "\($0)" }.joined(separator: ", "))]" }
        parts.append("\"\(w)\": {\(inner.joined(separator: ", "))}")
    }
    let text = "{" + parts.joined(separator: ", ") + "}\n"
    let path = dir + "/spots_huebench.json", tmp = dir + "/.spots_huebench.json.tmp"
    do {
        try text.write(toFile: tmp, atomically: false, encoding: .utf8)
        _ = rename(tmp, path)
    } catch { fail("cannot write \(path): \(error)") }
}

if failures > 0 { FileHandle.standardError.write(Data("benchmarks: \(failures) check(s) failed\n".utf8)); exit(1) }
