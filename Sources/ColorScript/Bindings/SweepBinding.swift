import CLua
import CLuaShims
import ColorCore
import ColorExport
import ColorKernels
import Foundation
import Palettes
import RampLab

/// `hb.sweep{…}`: a ramp-parameter sweep from Lua.
///
/// ```lua
/// local r = hb.sweep{
///   generator = "uniform-lstar",                       -- default
///   params = { margin = hb.range(0.90, 1.00, 11),      -- from, to, steps (inclusive, evenly spaced)
///              chroma_scale = {0.8, 1, 1.2}            -- a list is a list (any length)
///   },
///   set = { lightnessStar = {…20 numbers…} },          -- fixed parameters (per-stop tables: one per stop)
///   scale = "ctk",                                     -- the stops: ctk (20), tailwind, radix, material or hb.scale
///   hues = "all",                                      -- or {0, 50, "blue"} or "0,50,blue"
///   metrics = {"default"},                             -- metric ids, "all", or column names
///   objective = "chroma_mean - 0.5*de_cv",             -- or function(v) return v.chroma_mean end
///   goal = "max", per = "variant", top = 3,
///   out = "study",                                     -- write tables and pictures under --out/study
///   stops = false,                                     -- true: also stops.csv (OKLCH, hex, requested chroma)
///   allow_nan = false,                                 -- true: NaN scores rank last instead of failing
///   keep_rows = false,                                 -- default: true without out, false with it (rows stream
///                                                      -- to out/rows.* in blocks; r:rows() then errors)
///   stats = {"min", "max", "p10", "p50", "p90"},       -- statistics over hues per metric (mean always; default all)
///   baselines = {"tailwind", "radix"},                 -- also score baselines (tailwind, radix, material, leonardo)
///   pareto = {"chroma_mean", "de_cv"},                 -- write the Pareto front of two variant columns (a:max, b:min)
/// }
/// print(r.summary); print(r.best[1].parameters.margin, r.best[1].score)
/// ```
/// A range is explicit (`hb.range(from, to, steps)` or `{from=, to=, steps=}`); a plain list is always a list
/// (`{0, 20, 40}` is three values). Parameter names are read
/// in sorted order (Lua's `pairs` order is not trusted); the grid runs with the last name fastest.
/// Returns `{rows, variants, columns, variant_columns, best, worst, summary, seconds, files, baselines}`
/// (`baselines`: `{id, title, source, ramps, stops, score, rank, metrics = {column = value}}` each).
enum SweepBinding {
    static let context = "hb.sweep: argument 1 (spec)"

    /// `hb.range(from, to, steps)`: an explicit evenly spaced range for `hb.sweep` params, as the table
    /// `{from=, to=, steps=}` (steps a whole number ≥ 1).
    static let hbRange: hb_swift_fn = { L in
        HostContext.guarded(L) { _, lua in
            let a = Args(lua, "hb.range")
            let from = try a.number(1, "from"), to = try a.number(2, "to")
            let steps = try a.integer(3, "steps", range: 1...SweepValues.maxSteps)
            for (v, n) in [(from, "from"), (to, "to")] where !v.isFinite {
                throw BindingError("hb.range: argument \(n == "from" ? 1 : 2) (\(n)): \(v) is not a finite number; give a finite value")
            }
            lua.newTable(record: 3)
            lua.push(from); lua.setField(-2, "from")
            lua.push(to); lua.setField(-2, "to")
            lua.push(steps); lua.setField(-2, "steps")
            return 1
        }
    }

    static let hbSweep: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.sweep")
            let t = try a.table(1, "spec")
            try lua.checkFields(t, Fields.sweep, "hb.sweep")
            let generator = try lua.fieldString(t, "generator", context) ?? UniformLStar.id
            let params = try readParams(lua, t)
            let fixed = try readFixed(lua, t)
            let hues = try readHues(lua, t)
            let metrics = try readStrings(lua, t, "metrics") ?? ["default"]
            let goalText = try lua.fieldString(t, "goal", context) ?? "max"
            guard let goal: SweepResult.Goal = ["max": .maximize, "maximize": .maximize, "min": .minimize, "minimize": .minimize][goalText] else {
                throw BindingError("\(context): field 'goal' must be \"max\" or \"min\", got \"\(goalText)\"")
            }
            let perText = try lua.fieldString(t, "per", context) ?? "variant"
            guard let level = SweepResult.Level(rawValue: perText) else {
                throw BindingError("\(context): field 'per' must be \"variant\" or \"row\", got \"\(perText)\"")
            }
            let top = try FamilyBinding.wrap(context) { try Checked.int(try lua.fieldNumber(t, "top", context) ?? 3, "field 'top'", in: 0...1_000_000) }
            let out = try lua.fieldString(t, "out", context)
            let plots = try readStrings(lua, t, "plots") ?? []
            let dtypeText = try lua.fieldString(t, "dtype", context) ?? "f4"
            guard let dtype = MatrixWriter.NPYType(rawValue: dtypeText) else {
                throw BindingError("\(context): field 'dtype' must be \"f4\" or \"f8\" (the .npy element type), got \"\(dtypeText)\"")
            }

            // A Lua generator calls back into this state, which runs on one thread: generate on one core.
            let luaGenerator = host.registry.entries(kind: "generator").contains { $0.name == generator }
            var sweep = Sweep(generator: generator, parameters: params, fixed: fixed, hues: hues, metrics: metrics,
                              threads: luaGenerator ? 1 : 0)
            if lua.getField(t, "scale") != LUA_TNIL { sweep.scale = try ScaleBinding.scale(lua, lua.absolute(-1), "\(context): field 'scale'") }
            lua.pop()
            if let st = try readStrings(lua, t, "stats") {
                do { sweep.stats = try VariantStat.parse(st.joined(separator: ",")) } catch { throw BindingError("\(context): field \(error)") }
            }
            let baselineIDs: [String]
            do { baselineIDs = try readStrings(lua, t, "baselines").map { try Baseline.parseList($0.joined(separator: ",")) } ?? [] }
            catch let e as RampLabError { throw BindingError("\(context): field 'baselines': \(e)") }
            var workbench = host.palettes
            workbench.core = host.workbench
            // Rows stream to the output files block by block (memory: one block plus the variant table) unless the
            // script keeps them (the default without out =, or keep_rows = true) for r:rows(), r:row(i), r:column().
            let keepRows = try lua.fieldBool(t, "keep_rows", context) ?? (out == nil)
            let start = DispatchTime.now().uptimeNanoseconds
            let started = Date().timeIntervalSince1970
            let columns: (rows: [String], variants: [String])
            do { columns = try sweep.tableColumns(in: workbench) } catch { throw BindingError("hb.sweep: \(error)") }
            var paretoAxes: (ParetoFront.Axis, ParetoFront.Axis)? = nil
            if let p = try readStrings(lua, t, "pareto") {
                do { paretoAxes = try ParetoFront.axes(p.joined(separator: ","), columns: columns.variants) }
                catch { throw BindingError("\(context): field \(error)") }
            }
            // Progress of long sweeps on standard error when it is a terminal.
            let progress: ((Int, Int) -> Void)? = isatty(STDERR_FILENO) == 1 ? { done, total in
                guard total >= 5000 else { return }
                FileHandle.standardError.write(Data(("\rhb.sweep: \(done)/\(total) ramps" + (done == total ? "\n" : "")).utf8))
            } : nil
            // The memory is charged before anything is generated (refused past --memory-limit).
            let bytes: Int
            do { bytes = keepRows ? try sweep.estimatedBytes() : try sweep.streamedBytes() } catch { throw BindingError("hb.sweep: \(error)") }
            let rowTotal = (try? sweep.estimatedBytes() / Sweep.bytesPerRow) ?? 0
            try host.charge(bytes: bytes, for: "hb.sweep: \(rowTotal) rows (variants × hues)" + (keepRows ? "" : ", streamed"))
            defer { host.refund(bytes: bytes) }

            // The objective: an expression, or a Lua function called once per variant (or row).
            let objective: Objective
            let failure = LuaFailure()
            switch lua.getField(t, "objective") {
            case LUA_TNIL:
                lua.pop()
                objective = try! Objective(expression: TuningReport.defaultObjective)
            case LUA_TSTRING:
                let text = lua.string(-1)!
                lua.pop()
                do { objective = try Objective(expression: text) } catch { throw BindingError("hb.sweep: objective: \(error)") }
            case LUA_TFUNCTION:
                objective = luaObjective(L, function: lua.top, columns: level == .variant ? columns.variants : columns.rows,
                                         failure: failure)
            default:
                let d = lua.describe(-1); lua.pop()
                throw BindingError("\(context): field 'objective' must be an expression string or a function, got \(d)")
            }
            if !keepRows, level == .row {
                do { try objective.check(columns: columns.rows) } catch { throw BindingError("hb.sweep: objective: \(error)") }
            }
            let stopsCSV = try lua.fieldBool(t, "stops", context) ?? false
            // Streamed row files: hidden files in the output folder, adopted by the script's commit (all or nothing).
            var rowFiles: SweepRowFiles? = nil
            var streamed: [String] = []
            func outPath(_ name: String) -> String { out == nil || out == "." || out!.isEmpty ? name : out! + "/" + name }
            if out != nil, !keepRows {
                var paths: [String: String] = [:]
                do {
                    for name in SweepRowFiles.fileNames(stopsCSV: stopsCSV) {
                        paths[name] = try host.outputs.streamPath(outPath(name)); streamed.append(outPath(name))
                    }
                    rowFiles = try SweepRowFiles(paths: paths, columns: columns.rows, rows: rowTotal, stops: sweep.scale.count,
                                                 stopNames: sweep.scale.stops.map(\.label),
                                                 hues: hues, dtype: dtype)
                } catch let e as BindingError {
                    streamed.forEach { host.outputs.dropStream($0) }
                    throw BindingError("\(context): field 'out': \(e.message)")
                } catch {
                    streamed.forEach { host.outputs.dropStream($0) }
                    throw BindingError("hb.sweep: \(error)")
                }
            }
            var result: SweepResult
            do {
                result = try sweep.run(in: workbench, deadline: host.deadline, keepRows: keepRows,
                                       rowObjective: !keepRows && level == .row ? objective : nil, progress: progress,
                                       rowSink: rowFiles.map { f in { try f.write($0) } })
                try rowFiles?.commit()
            } catch {
                rowFiles?.abandon()
                streamed.forEach { host.outputs.dropStream($0) }
                if let e = error as? DeadlineExceeded { throw e }
                if let m = failure.message { throw BindingError("hb.sweep: objective function failed: \(m)", located: true) }
                throw BindingError("hb.sweep: \(error)")
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            var report = TuningReport(objective: objective, goal: goal, level: level, top: top, plotMetrics: plots, seconds: seconds)
            report.npyType = dtype
            report.stops = stopsCSV
            report.allowNaN = try lua.fieldBool(t, "allow_nan", context) ?? false
            report.sweep = sweep
            report.startNanos = start
            report.pareto = paretoAxes
            do {
                report.baselines = try baselineIDs.map { id in
                    try Baseline.make(id, hues: hues, scale: sweep.scale)
                        .score(metricColumns: result.metricColumns, scale: sweep.scale, stats: sweep.stats, threads: sweep.threads)
                }
            } catch { throw BindingError("hb.sweep: baselines: \(error)") }
            if !keepRows { let wb = workbench, sw = sweep; report.rampsOf = { try sw.ramps(variants: $0, in: wb) } }
            do { report.parametersInForce = try sweep.parametersInForce(try workbench.generators.lookup(generator)) }
            catch { throw BindingError("hb.sweep: \(error)") }
            report.provenance = SweepProvenance(huebench: HuebenchVersion.text, lua: luaVersionText(),
                                                command: ["huebench"] + CommandLine.arguments.dropFirst(),
                                                script: host.scriptFile, seed: host.seed, started: started)
            let folder = OutputFolder()
            let summary: String, ranked: [SweepResult.Ranked]
            do {
                do { ranked = try report.objectiveRanking(result) } catch {
                    if let m = failure.message { throw BindingError("hb.sweep: objective function failed: \(m)", located: true) }
                    throw error
                }
                if let m = failure.message { throw BindingError("hb.sweep: objective function failed: \(m)", located: true) }
                if !keepRows, level == .row {
                    let listed = Array(ranked.prefix(top)) + Array(ranked.reversed().prefix(top))
                    result = try result.withRows(ofVariants: listed.map { $0.index / hues.count }, from: sweep, in: workbench)
                }
                summary = try report.write(result, ranked: ranked, into: folder)
            } catch let e as BindingError {
                streamed.forEach { host.outputs.dropStream($0) }
                throw e
            } catch {
                streamed.forEach { host.outputs.dropStream($0) }
                throw BindingError("hb.sweep: \(error)")
            }
            var files: [String] = []
            if out != nil {
                for p in folder.paths {
                    let path = outPath(p)
                    do { try host.stage(path, bytes: folder.contents(p)!, for: "hb.sweep output '\(path)'") } catch let e as BindingError {
                        throw BindingError("\(context): field 'out': \(e.message)")
                    }
                    files.append(path)
                }
                files = (files + streamed).sorted()
            }
            if lua.top > t { lua.settop(t) }  // drop the objective function, if it was left on the stack
            try push(result, ranked: ranked, top: top, summary: summary, seconds: seconds, files: files, lua)
            lua.newTable(array: Int32(report.baselines.count))
            for (k, b) in report.baselines.enumerated() {
                lua.newTable(record: 8)
                lua.push(b.baseline.id); lua.setField(-2, "id")
                lua.push(b.baseline.title); lua.setField(-2, "title")
                lua.push(b.baseline.source); lua.setField(-2, "source")
                lua.push(b.baseline.ramps.count); lua.setField(-2, "ramps")
                lua.push(b.baseline.stops); lua.setField(-2, "stops")
                lua.pushNumberOrNil(b.score(objective)); lua.setField(-2, "score")
                if let rank = b.rank(objective, among: ranked, goal: goal) { lua.push(rank); lua.setField(-2, "rank") }
                lua.newTable(record: Int32(b.summaryColumns.count))
                for (c, v) in zip(b.summaryColumns, b.summary) { lua.pushNumberOrNil(v); lua.setField(-2, c) }
                lua.setField(-2, "metrics")
                lua.setIndex(-2, k + 1)
            }
            lua.setField(-2, "baselines")
            SweepResultBinding.attach(ScriptSweep(result: result, ranked: ranked, goal: goal, level: level, top: top), to: -1, lua)
            return 1
        }
    }

    /// Pushes ranked entries as a list of `{variant, score, hue (rows), parameters={…}, metrics={…}}`.
    static func pushRankedList(_ r: SweepResult, _ list: [SweepResult.Ranked], _ lua: Lua) {
        lua.newTable(array: Int32(list.count))
        for (k, x) in list.enumerated() {
            let variant = x.level == .variant ? x.index : x.index / r.hues.count
            lua.newTable(record: 5)
            lua.push(variant); lua.setField(-2, "variant")
            lua.pushNumberOrNil(x.score); lua.setField(-2, "score")
            if x.level == .row { lua.push(r.hues[x.index % r.hues.count]); lua.setField(-2, "hue") }
            lua.newTable()
            for (name, value) in r.parameterValues(variant: variant) {
                if case .number(let d) = value { lua.push(d) } else { lua.push(SweepOutput.json(value)) }
                lua.setField(-2, name)
            }
            lua.setField(-2, "parameters")
            lua.newTable()
            for m in r.metricColumns {
                lua.pushNumberOrNil((x.level == .variant ? r.value(variant: variant, m) : r.value(row: x.index, m)) ?? .nan)
                lua.setField(-2, m)
            }
            lua.setField(-2, "metrics")
            lua.setIndex(-2, k + 1)
        }
    }

    /// An objective calling the Lua function at stack slot `function` with a table column → value; the first
    /// error is kept in `failure` (the score is NaN).
    static func luaObjective(_ L: OpaquePointer?, function fnIndex: Int32, columns cols: [String], failure: LuaFailure) -> Objective {
        let box = UnsafeLua(L: L)
        return Objective("lua function") { column in
            if failure.message != nil { return .nan }
            let lua = Lua(L: box.L!)
            lua_pushvalue(box.L, fnIndex)
            lua.newTable(record: Int32(cols.count))
            for c in cols { lua.pushNumberOrNil(column(c)); lua.setField(-2, c) }
            if hb_pcall(box.L, 1, 1, 0) != LUA_OK {
                failure.message = lua.string(-1) ?? "error in the objective function"
                lua.pop(); return .nan
            }
            let v = lua.number(-1) ?? .nan
            lua.pop()
            return v
        }
    }

    /// `params = { name = {from, to, steps} | {values = {…}} | {v1, v2, …} | {from=, to=, steps=} }`.
    static func readParams(_ lua: Lua, _ t: Int32) throws -> [(name: String, values: SweepValues)] {
        guard lua.getField(t, "params") != LUA_TNIL else { lua.pop(); return [] }
        defer { lua.pop() }
        let pt = lua.absolute(-1)
        guard lua.type(pt) == LUA_TTABLE else { throw BindingError("\(context): field 'params' must be a table of name = values") }
        var names: [String] = []
        lua.pushNil()
        while lua_next(lua.L, pt) != 0 {
            guard lua.type(-2) == LUA_TSTRING, let k = lua.string(-2) else {
                lua.pop(2); throw BindingError("\(context): params keys must be parameter names (strings)")
            }
            names.append(k); lua.pop()
        }
        return try names.sorted().map { name in
            lua.getField(pt, name)
            defer { lua.pop() }
            return (name, try readValues(lua, lua.absolute(-1), "params." + name))
        }
    }

    static func readValues(_ lua: Lua, _ v: Int32, _ what: String) throws -> SweepValues {
        if lua.type(v) == LUA_TNUMBER { return .numbers([lua.number(v)!]) }
        guard lua.type(v) == LUA_TTABLE else { throw BindingError("\(context): \(what) must be {from, to, steps} or a list, got \(lua.describe(v))") }
        if lua.getField(v, "values") != LUA_TNIL {
            defer { lua.pop() }
            return .list(try readList(lua, lua.absolute(-1), what + ".values"))
        }
        lua.pop()
        if lua.rawLength(v) == 0 { try lua.checkFields(v, Fields.sweepRange, "\(context): \(what)") }
        if let from = try lua.fieldNumber(v, "from", context), let to = try lua.fieldNumber(v, "to", context) {
            let steps = try lua.fieldNumber(v, "steps", context) ?? 2
            return .range(from, to, try FamilyBinding.wrap(context) { try Checked.count(steps, "\(what).steps", limit: 10_000_000) })
        }
        return .list(try readList(lua, v, what))
    }

    /// A list of numbers, 20-number tables or strings.
    static func readList(_ lua: Lua, _ v: Int32, _ what: String) throws -> [RampParameter] {
        guard lua.type(v) == LUA_TTABLE else { throw BindingError("\(context): \(what) must be a list") }
        let n = lua.rawLength(v)
        guard n > 0 else { throw BindingError("\(context): \(what) is empty; give at least one value") }
        return try (1...n).map { i in
            lua.getIndex(v, i)
            defer { lua.pop() }
            return try parameter(lua, lua.absolute(-1), "\(what)[\(i)]")
        }
    }

    static func parameter(_ lua: Lua, _ i: Int32, _ what: String) throws -> RampParameter {
        switch lua.type(i) {
        case LUA_TNUMBER: return .number(lua.number(i)!)
        case LUA_TSTRING: return .text(lua.string(i)!)
        case LUA_TTABLE:
            let n = lua.rawLength(i)
            let nums: [Double] = try (0..<n).map { k in
                lua.getIndex(i, k + 1)
                defer { lua.pop() }
                guard let d = lua.number(-1) else { throw BindingError("\(context): \(what)[\(k + 1)] must be a number, got \(lua.describe(-1))") }
                return d
            }
            return .numbers(nums)
        default:
            throw BindingError("\(context): \(what) must be a number, a table of numbers or a string, got \(lua.describe(i))")
        }
    }

    static func readFixed(_ lua: Lua, _ t: Int32) throws -> [String: RampParameter] {
        guard lua.getField(t, "set") != LUA_TNIL else { lua.pop(); return [:] }
        defer { lua.pop() }
        let st = lua.absolute(-1)
        guard lua.type(st) == LUA_TTABLE else { throw BindingError("\(context): field 'set' must be a table of name = value") }
        var out: [String: RampParameter] = [:]
        lua.pushNil()
        while lua_next(lua.L, st) != 0 {
            guard let k = lua.type(-2) == LUA_TSTRING ? lua.string(-2) : nil else {
                lua.pop(2); throw BindingError("\(context): set keys must be parameter names (strings)")
            }
            do { out[k] = try parameter(lua, lua.absolute(-1), "set." + k) } catch { lua.pop(2); throw error }
            lua.pop()
        }
        return out
    }

    static func readHues(_ lua: Lua, _ t: Int32) throws -> [Double] {
        defer { lua.pop() }
        switch lua.getField(t, "hues") {
        case LUA_TNIL: return Sweep.allHues
        case LUA_TNUMBER: return [lua.number(-1)!]
        case LUA_TSTRING:
            do { return try Sweep.parseHues(lua.string(-1)!) } catch { throw BindingError("\(context): field 'hues': \(error)") }
        case LUA_TTABLE:
            let h = lua.absolute(-1)
            var parts: [String] = []
            for i in 0..<lua.rawLength(h) {
                lua.getIndex(h, i + 1)
                parts.append(lua.type(-1) == LUA_TNUMBER ? "\(lua.number(-1)!)" : lua.string(-1) ?? "?")
                lua.pop()
            }
            do { return try Sweep.parseHues(parts.joined(separator: ",")) } catch { throw BindingError("\(context): field 'hues': \(error)") }
        default:
            throw BindingError("\(context): field 'hues' must be \"all\", a list of degrees or family names, got \(lua.describe(-1))")
        }
    }

    static func readStrings(_ lua: Lua, _ t: Int32, _ key: String) throws -> [String]? {
        defer { lua.pop() }
        switch lua.getField(t, key) {
        case LUA_TNIL: return nil
        case LUA_TSTRING: return lua.string(-1)!.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        case LUA_TTABLE:
            let h = lua.absolute(-1)
            return try (0..<lua.rawLength(h)).map { i in
                lua.getIndex(h, i + 1)
                defer { lua.pop() }
                guard let s = lua.type(-1) == LUA_TSTRING ? lua.string(-1) : nil else {
                    throw BindingError("\(context): field '\(key)' must list strings, got \(lua.describe(-1)) at \(i + 1)")
                }
                return s
            }
        default: throw BindingError("\(context): field '\(key)' must be a string or a list of strings, got \(lua.describe(-1))")
        }
    }

    static func push(_ r: SweepResult, ranked: [SweepResult.Ranked], top: Int, summary: String, seconds: Double,
                     files: [String], _ lua: Lua) throws {
        lua.newTable(record: 10)
        lua.push(r.rowCount); lua.setField(-2, "row_count")
        lua.push(r.variantCount); lua.setField(-2, "variants")
        lua.push(r.variantCount); lua.setField(-2, "variant_count")
        lua.push(summary); lua.setField(-2, "summary")
        lua.push(seconds); lua.setField(-2, "seconds")
        func pushStrings(_ s: [String], _ key: String) {
            lua.newTable(array: Int32(s.count))
            for (i, x) in s.enumerated() { lua.push(x); lua.setIndex(-2, i + 1) }
            lua.setField(-2, key)
        }
        pushStrings(r.columns, "columns"); pushStrings(r.variantColumns, "variant_columns"); pushStrings(files, "files")
        func pushRanked(_ list: [SweepResult.Ranked], _ key: String) {
            pushRankedList(r, list, lua)
            lua.setField(-2, key)
        }
        pushRanked(Array(ranked.prefix(top)), "best")
        pushRanked(Array(ranked.reversed().prefix(top)), "worst")
    }
}

/// The Lua state pointer, carried into the objective closure (ranking runs on the script's thread).
struct UnsafeLua: @unchecked Sendable { let L: OpaquePointer? }

/// The first error message of a Lua objective function.
final class LuaFailure: @unchecked Sendable { var message: String? }

/// The Lua library's version text (`Lua 5.4.6`).
func luaVersionText() -> String {
    var buf = [CChar](repeating: 0, count: 128)
    guard hb_lua_version(&buf, 128) == 0 else { return "Lua (unavailable)" }
    return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
