import ColorCore
import ColorKernels
import ColorScript
import Dispatch
import Foundation

/// Lua batch calls against the kernel lines they run on: each L line is printed next to the kernel
/// line at the same size, inputs and thread count (all cores), with ns/item, items/s and the ratio (target ≤ 1.3×).
///
/// The inputs are the W workloads' values, written as a colors file (`color(srgb r g b)` / `oklch(l c h)`, full
/// Double text) that the script reads with `hb.load_colors` outside its timed region; the script times its call
/// with `hb.clock()` (median and fastest of 11 after a warm-up; the kernel the same way) and prints spot values, which are checked against the kernel's
/// (same bits). Called from benchmarks/main.swift: `LuaBench.run(quick:)`.
enum LuaBench {
    static func colorsFile(_ dir: String, _ name: String, _ data: [Double], space: String) -> String {
        var text = ""
        text.reserveCapacity(data.count * 14)
        for i in 0..<(data.count / 3) {
            let a = data[3 * i], b = data[3 * i + 1], c = data[3 * i + 2]
            text += space == "srgb" ? "color(srgb \(a) \(b) \(c))\n" : "oklch(\(a) \(b) \(c))\n"
        }
        let path = dir + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Runs `body` (Lua) after `setup` in a fresh state; the script prints "seconds spot…" lines; returns them.
    static func lua(_ dir: String, setup: String, call: String, spot: String, args: [String],
                    outputFolder: String? = nil, commit: ((Double) -> Void)? = nil) -> (Double, [String]) {
        let script = """
        local hb = require 'huebench'
        \(setup)
        local function run() return \(call) end
        local keep = run()
        local times = {}
        print('#cpu')
        for k = 1, 11 do local t0 = hb.clock(); keep = run(); times[k] = hb.clock() - t0 end
        print('#cpu')
        table.sort(times)
        print(times[6] .. ' ' .. times[1])
        \(spot)
        """
        let path = dir + "/bench.lua"
        FileManager.default.createFile(atPath: path, contents: Data(script.utf8))
        var out = ""
        do {
            var o = ScriptOptions(timeLimit: 600, memoryLimit: 4 << 30)
            o.outputFolder = outputFolder ?? dir
            var marks: [Double] = []
            let s = try LuaInterpreter(options: o, print: { line in
                if line.hasPrefix("#cpu") { marks.append(cpuSeconds()) } else { out += line }
            })
            defer { lastCPU = marks.count == 2 ? (marks[1] - marks[0]) / 11 : .nan }
            try s.run(file: path, arguments: args)
            if let commit {
                let t0 = DispatchTime.now().uptimeNanoseconds
                _ = try s.commitOutputs()
                commit(Double(DispatchTime.now().uptimeNanoseconds - t0) * 1e-9)
            }
        } catch { fail("Lua bench: \(error)") }
        let lines = out.split(separator: "\n").map(String.init)
        let t = (lines.first ?? "").split(separator: " ").compactMap { Double($0) }
        lastBest = t.count == 2 ? t[1] : .nan
        return (t.first ?? .nan, Array(lines.dropFirst()))
    }

    /// The fastest of the Lua run's 11 timed calls (set by `lua`), and of the kernel's runs (set by `kernel`).
    nonisolated(unsafe) static var lastBest = Double.nan
    nonisolated(unsafe) static var kernelBest = Double.nan
    /// Processor time per call (user + system, every thread of the process) of the last Lua run's 11 timed calls
    /// and of the kernel's 11 runs: the work done, which other processes on the machine do not stretch.
    nonisolated(unsafe) static var lastCPU = Double.nan
    nonisolated(unsafe) static var kernelCPU = Double.nan

    /// User + system processor seconds of this process so far (all threads).
    static func cpuSeconds() -> Double {
        var u = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &u) == 0 else { return .nan }
        return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6
    }

    /// The kernel's median over its runs (as `median`), remembering the fastest run in `kernelBest`.
    static func kernel(_ body: () -> Void) -> Double {
        body()
        var t: [Double] = []
        let c0 = cpuSeconds()
        defer { kernelCPU = (cpuSeconds() - c0) / 11 }
        for _ in 0..<11 {
            let a = DispatchTime.now().uptimeNanoseconds
            body()
            t.append(Double(DispatchTime.now().uptimeNanoseconds - a) * 1e-9)
        }
        t.sort()
        kernelBest = t[0]
        return t[5]
    }

    static func line(_ l: String, _ k: String, items: Int, lua: Double, kernel: Double, unit: String, note: String,
                     kernelPeer: String = "f32 simd") {
        report(l, "huebench lua \(cores)T", items: items, seconds: lua, unit: unit,
               note: perItem(lua, items) + String(format: "; %.2fx its kernel line (%@: ", lua / kernel, k) + perItem(kernel, items) + "); " + note)
        report(k + " (kernel for " + (l.split(separator: " ").first ?? "") + ")", "huebench \(kernelPeer) \(cores)T", items: items, seconds: kernel, unit: unit,
               note: perItem(kernel, items))
        say(String(format: "# %@: %.3g ns/%@ (%.3g %@s/s) vs kernel %.3g ns/%@ → %.2fx median of 11; fastest of 11: %.3g vs %.3g ns → %.2fx (target ≤ 1.3x)", l,
                   lua / Double(items) * 1e9, unit, Double(items) / lua, unit, kernel / Double(items) * 1e9, unit, lua / kernel,
                   lastBest / Double(items) * 1e9, kernelBest / Double(items) * 1e9, lastBest / kernelBest))
        say(String(format: "#   processor time (all threads) per %@: %.3g ns vs kernel %.3g ns → %.2fx", unit,
                   lastCPU / Double(items) * 1e9, kernelCPU / Double(items) * 1e9, lastCPU / kernelCPU))
    }

    /// The CSV m:save wrote, read back: one line per row, `cols` fields each, every value of every 37th row (and
    /// the first and last of every row) the same Float bits as the APCA kernel's, and its text the value's
    /// `description`.
    static func checkCSV(_ path: String, a: [Double], b: [Double], rows: Int, cols: Int) {
        guard let data = FileManager.default.contents(atPath: path) else { fail("L6: \(path) was not written"); return }
        let m = try! ContrastMatrix(method: try! Workbench.standard.pairMethod("apca"),
                                    text: try! ColorBuffer(interleaved: a, space: .srgb),
                                    background: try! ColorBuffer(interleaved: b, space: .srgb))
        let want = UnsafeMutableBufferPointer<Float>.allocate(capacity: rows * cols)
        defer { want.deallocate() }
        m.compute(into: want, threads: 0)
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count == rows + 1, lines.last?.isEmpty == true else { fail("L6: \(lines.count - 1) CSV lines, want \(rows)"); return }
        var checked = 0
        for r in 0..<rows {
            let fields = lines[r].split(separator: 0x2C, omittingEmptySubsequences: false)
            guard fields.count == cols else { fail("L6: CSV row \(r + 1) has \(fields.count) fields, want \(cols)"); return }
            for c in (r % 37 == 0 ? Array(0..<cols) : [0, cols - 1]) {
                let text = String(decoding: fields[c], as: UTF8.self), v = want[r * cols + c]
                guard let f = Float(text), f.bitPattern == v.bitPattern, text == v.description else {
                    fail("L6: CSV row \(r + 1) column \(c + 1) is '\(text)', the kernel's value is \(v)"); return
                }
                checked += 1
            }
        }
        say("# L6 check: \(rows) CSV rows of \(cols) values; \(checked) values read back equal the kernel's bits and Float.description")
    }

    static func run(quick: Bool, w1: [Double], w2: [Double], w3: [Double]) {
        let dir = NSTemporaryDirectory() + "hb-luabench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }

        if selected("L3") {
            let n = w1.count / 3
            let file = colorsFile(dir, "w1.txt", w1, space: "srgb")
            let src = try! ColorBuffer(interleaved: w1, space: .srgb)
            let plan = try! BatchConversionPlan(from: .srgb, to: .oklch)
            let dst = ColorBuffer(space: .oklch, count: n)
            let tk = kernel { plan.convert(src, into: dst, threads: 0) }
            let (tl, spots) = lua(dir, setup: "local b = hb.load_colors(arg[1])", call: "hb.convert(b, 'oklch')",
                                  spot: "for _, i in ipairs{1, 2, 1000} do local c = keep:get(i) print(string.format('%.9g %.9g %.9g', c:coords())) end",
                                  args: [file])
            for (k, i) in [0, 1, 999].enumerated() where k < spots.count {
                let want = String(format: "%.9g %.9g %.9g", Double(dst[i].x), Double(dst[i].y), Double(dst[i].z))
                if spots[k] != want { fail("L3: Lua color \(i + 1) \(spots[k]) vs kernel \(want)") }
            }
            line("L3 lua hb.convert \(n)", "W1a sRGB->OKLCH", items: n, lua: tl, kernel: tk, unit: "color",
                 note: "spot colors equal the kernel's bits")
        }
        if selected("L3d") {
            // hb.convert of an f64 buffer against the Double batch path it runs (each 4,096-color chunk step by
            // step, the OKLab cube roots four lanes at a time), and the spot colors against the per-color reference.
            let n = w1.count / 3
            let file = colorsFile(dir, "w1d.txt", w1, space: "srgb")
            let src = (0..<n).map { SIMD3(w1[3 * $0], w1[3 * $0 + 1], w1[3 * $0 + 2]) }
            let plan = try! Workbench.standard.spaces.plan(from: .srgb, to: .oklch)
            var dst = src
            let tk = kernel {
                dst.withUnsafeMutableBufferPointer { d in
                    let base = d.baseAddress!
                    Parallel.forChunks(count: n, chunk: 4096, threads: 0) { r in
                        for i in r { base[i] = src[i] }
                        plan.apply(UnsafeMutableBufferPointer(start: base + r.lowerBound, count: r.count),
                                   cubeRoots: VectorMathDouble.cubeRoots)
                    }
                }
            }
            let (tl, spots) = lua(dir, setup: "local b = hb.load_colors(arg[1], 'srgb', {precision = 'f64'})",
                                  call: "hb.convert(b, 'oklch')",
                                  spot: "for _, i in ipairs{1, 2, 1000} do local c = keep:get(i) print(string.format('%.17g %.17g %.17g', c:coords())) end",
                                  args: [file])
            for (k, i) in [0, 1, 999].enumerated() where k < spots.count {
                let c = plan.apply(src[i])
                let want = String(format: "%.17g %.17g %.17g", c.x, c.y, c.z)
                if spots[k] != want { fail("L3d: Lua color \(i + 1) \(spots[k]) vs reference \(want)") }
            }
            line("L3d lua hb.convert f64 \(n)", "W1a sRGB->OKLCH in Double", items: n, lua: tl, kernel: tk, unit: "color",
                 note: "spot colors equal the per-color reference's bits", kernelPeer: "f64 batch")
        }
        if selected("L4") {
            let n = w2.count / 3
            let file = colorsFile(dir, "w2.txt", w2, space: "oklch")
            let src = try! ColorBuffer(interleaved: w2, space: .oklch)
            let mapper = try! BatchGamutMapper(method: "css4", target: .srgb)
            let dst = ColorBuffer(space: .srgb, count: n)
            let tk = kernel { try! mapper.map(src, into: dst, threads: 0) }
            let (tl, spots) = lua(dir, setup: "local b = hb.load_colors(arg[1])", call: "hb.map_gamut(b, 'srgb', 'css4')",
                                  spot: "for _, i in ipairs{1, 2, 1000} do local c = keep:get(i) print(string.format('%.9g %.9g %.9g', c:coords())) end",
                                  args: [file])
            for (k, i) in [0, 1, 999].enumerated() where k < spots.count {
                let want = String(format: "%.9g %.9g %.9g", Double(dst[i].x), Double(dst[i].y), Double(dst[i].z))
                if spots[k] != want { fail("L4: Lua color \(i + 1) \(spots[k]) vs kernel \(want)") }
            }
            line("L4 lua hb.map_gamut \(n)", "W2a gamut-map CSS4", items: n, lua: tl, kernel: tk, unit: "color",
                 note: "spot colors equal the kernel's bits")
        }
        if selected("L6") {
            // m:save of a 2,000 × 3,000 matrix (6 M values; 600 × 1,000 with --quick): .npy and .csv, then the
            // commit that writes the staged file to disk; the CSV is read back and checked against the kernel.
            let rows = quick ? 600 : 2000, cols = quick ? 1000 : 3000
            let n3 = w3.count / 3
            let cycle = { (k: Int) in (0..<k).flatMap { i in w3[(3 * (i % n3))..<(3 * (i % n3) + 3)] } }
            let a = cycle(rows), b = cycle(cols)
            let fa = colorsFile(dir, "w6a.txt", a, space: "srgb"), fb = colorsFile(dir, "w6b.txt", b, space: "srgb")
            let n = rows * cols
            for ext in ["npy", "csv"] {
                let out = dir + "/out-" + ext
                var commitSeconds = Double.nan
                let (tl, spots) = lua(dir, setup: "local m = hb.matrix(hb.load_colors(arg[1]), hb.load_colors(arg[2]), {method = 'apca'})",
                                      call: "m:save('m.\(ext)')", spot: "print(m:rows() * m:cols())", args: [fa, fb],
                                      outputFolder: out, commit: { commitSeconds = $0 })
                if spots.first != "\(n)" { fail("L6: matrix size \(spots.first ?? "-")") }
                report("L6 lua m:save .\(ext) \(rows)x\(cols)", "huebench lua \(cores)T", items: n, seconds: tl, unit: "value",
                       note: perItem(tl, n) + String(format: "; %.3f s for %d values (target: 6 M well under 1 s); commit to disk %.3f s", tl, n, commitSeconds))
                say(String(format: "# L6 m:save .%@ %dx%d: %.3f s, %.3g ns/value (%.3g values/s); fastest of 11 %.3f s; processor time %.3f s a save (all threads); commit (write + fsync + rename) %.3f s",
                           ext, rows, cols, tl, tl / Double(n) * 1e9, Double(n) / tl, lastBest, lastCPU, commitSeconds))
                if ext == "csv" { checkCSV(out + "/m.csv", a: a, b: b, rows: rows, cols: cols) }
            }
        }
        if selected("L2") || selected("L5") {
            let n = w3.count / 3
            let file = colorsFile(dir, "w3.txt", w3, space: "srgb")
            let src = try! ColorBuffer(interleaved: w3, space: .srgb)
            let m = try! ContrastMatrix(method: try! Workbench.standard.pairMethod("apca"), text: src, background: src)
            if selected("L2") {
                let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: n * n)
                out.initialize(repeating: 0)
                defer { out.deallocate() }
                let tk = kernel { m.compute(into: out, threads: 0) }
                let (tl, spots) = lua(dir, setup: "local b = hb.load_colors(arg[1])", call: "hb.matrix(b, b, {method = 'apca'})",
                                      spot: "print(string.format('%.9g %.9g', keep:get(1, 2), keep:get(11, 21)))", args: [file])
                let want = String(format: "%.9g %.9g", Double(out[1]), Double(out[10 * n + 20]))
                if spots.first != want { fail("L2: Lua \(spots.first ?? "-") vs kernel \(want)") }
                line("L2 lua hb.matrix \(n)x\(n) apca", "W3b APCA matrix", items: n * n, lua: tl, kernel: tk, unit: "pair",
                     note: "Float32 values in memory, charged first; spot values equal the kernel's")
            }
            if selected("L5") {
                // n × 10 copies of the W3 colors on each side: 20,000 × 20,000 (5,000 × 5,000 with --quick).
                let reps = quick ? 10 / 4 + 1 : 10
                let big = Array((0..<reps).map { _ in w3 }.joined())
                let bigFile = colorsFile(dir, "w3big.txt", big, space: "srgb")
                let bn = big.count / 3
                let bsrc = try! ColorBuffer(interleaved: big, space: .srgb)
                let bm = try! ContrastMatrix(method: try! Workbench.standard.pairMethod("apca"), text: bsrc, background: bsrc)
                var keep: MatrixSummary? = nil
                let tk = kernel { keep = try! bm.run(worst: 10, threads: 0) }
                let (tl, spots) = lua(dir, setup: "local b = hb.load_colors(arg[1])",
                                      call: "hb.matrix(b, b, {method = 'apca', summary = true})",
                                      spot: "print(keep.pairs, keep.counts[2].pairs)", args: [bigFile])
                let want = "\(keep!.pairs)\t\(keep!.counts[1])"
                if spots.first != want { fail("L5: Lua summary \(spots.first ?? "-") vs kernel \(want)") }
                line("L5 lua hb.matrix summary \(bn) x \(bn)", "W3b APCA summary (ContrastMatrix.run)", items: bn * bn, lua: tl,
                     kernel: tk, unit: "pair", note: "row blocks, counts/row min-max/10 worst; counts equal the kernel run's")
            }
        }
    }
}
