import ColorIO
import ColorExport
import ColorKernels
import Foundation
import ColorCore
import Palettes
import RampLab
#if canImport(Glibc)
import Glibc
#endif

/// `huebench tune`: sweeps ramp generator parameters over hues, scores every ramp, writes tables and pictures.
enum TuneCommand: Command {
    static let name = "tune"
    static let summary = "sweep ramp generator parameters, score the ramps, write tables and plots"
    static let help = """
    usage: huebench tune --generator ID --param NAME=FROM:TO:STEPS|V1,V2,… [--param …] [OPTIONS]
           huebench tune --replay DIR/summary.json [--out DIR2]   (reruns a study; rows equal bit for bit)
           huebench tune SCRIPT.lua [--out DIR] [script options]   (the script calls hb.sweep{…})

    Builds every combination of the swept values (last --param fastest) for every hue, computes the ramp
    metrics on all cores, ranks the variants by an objective and prints a summary. With --out it also writes
    rows.csv/.npy/.json (one row per variant × hue), variants.csv/.npy (mean, .min, .max over hues),
    stops.npy (shape rows × stops × 3: the OKLCH of every stop of every row), summary.json (the sweep as
    asked, every generator parameter in force, versions, command, start time, wall time), summary.txt,
    ramp strips of the best and worst variants and metric-vs-parameter plots (PNG and SVG), each file
    atomically. Metric definitions: docs/metrics.md.

    options:
      --generator ID       uniform-lstar (default), oklch-curves, contrast-targets, cielab-list or a plugin's
      --param NAME=SPEC    a swept parameter: FROM:TO:STEPS (evenly spaced, inclusive) or V1,V2,… (a list);
                           uniform-lstar: margin (gamutMargin), chroma_scale, lightnessStar, chroma
      --set NAME=VALUE     a fixed parameter: a number, or one comma-separated number per stop (a per-stop table)
      --scale ID           the stops every ramp has: ctk (ColorTokensKit's 20, default), tailwind (11), radix (12)
                           or material (13 tones); per-stop tables and columns follow it (wcag_white_950)
      --hues LIST          all (the 36 ColorTokensKit hues, default) or degrees/family names: 0,50,blue
      --metrics LIST       default (all one-column metrics), all (plus per-stop columns), or metric ids
      --objective EXPR     what ranks variants, e.g. "chroma_mean - 0.5*de_cv" (default: -de_cv); names are
                           columns of the variants table (metric = mean over hues, metric.min, metric.max)
      --goal max|min       maximize (default) or minimize the objective
      --per variant|row    rank variants (default) or single variant × hue rows
      --top K              best and worst entries to list (default 3)
      --plot METRIC        metric to plot against each swept parameter (repeatable; default: a standard set)
      --stats LIST         statistics over hues in variants.csv: mean (always), min, max, p10, p50, p90 or all
                           (default all)
      --baseline LIST      also score baselines with the same metrics: tailwind (Tailwind CSS v4), radix (Radix
                           Colors light), material (HCT tonal palettes), leonardo (contrast targets) or all;
                           written to baselines.csv, baseline-rows.csv, strips-baselines.*, the plots and summaries
      --pareto A,B         write the Pareto front of two variant columns (pareto.csv, pareto.png/svg); each
                           improves in its metric's declared direction, or give A:max / A:min
      --threads N          cores to use (default: all)
      --out DIR            write the tables and pictures into DIR (created if needed)
      --npy-dtype f4|f8    element type of rows.npy, variants.npy and stops.npy: '<f4' (default) or '<f8'
      --stops              also write stops.csv: every stop of every row as OKLCH, hex, CSS and requested chroma
      --allow-nan          rank a NaN or infinite score last (default: an error naming the variant)
      --replay FILE        rerun the sweep recorded in a summary.json (its generator, parameters, hues,
                           metrics and ranking); --out, --threads and plugin options may be given with it
      --plugins DIR        also load the Lua plugins in DIR (their generators can be swept); repeatable
      --no-plugins         load no plugins (default: ./huebench-plugins and $XDG_CONFIG_HOME/huebench/plugins)
      --metric-list        print the metric ids with one-line descriptions and exit

    Progress of sweeps of 5,000 ramps or more goes to standard error when it is a terminal.

    example:
      huebench tune --generator uniform-lstar --param margin=0.90:1.00:11 --param chroma_scale=0.8:1.2:5 \\
        --objective "chroma_mean - 0.5*de_cv" --out study
    """

    static let options: Set<String> = ["generator", "param", "set", "scale", "hues", "metrics", "objective", "goal", "per", "top",
                                       "plot", "threads", "out", "npy-dtype", "replay", "stats", "baseline", "pareto"]
    static let ownFlags: Set<String> = ["metric-list", "stops", "allow-nan"]

    static func run(_ args: [String]) throws -> Int32 {
        if let script = args.first(where: { $0.hasSuffix(".lua") }) {
            return try TuneScript.run(script: script, args: args)
        }
        let p = try Arguments(args, command: name, flags: PluginContext.flags.union(ownFlags),
                              options: PluginContext.options.union(options))
        if p.has("metric-list") {
            for m in RampMetrics.all { Output.line("\(m.id)\(String(repeating: " ", count: max(1, 24 - m.id.count)))\(m.summary)") }
            return ExitStatus.ok
        }
        guard p.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(p.positionals[0])'; give a SCRIPT.lua or use --generator and --param")
        }
        let plugins = try PluginContext.load(p, command: name)
        if let path = p.value("replay") {
            let conflicting = ["generator", "param", "set", "scale", "hues", "metrics", "objective", "goal", "per", "top", "plot", "npy-dtype",
                               "stats", "baseline", "pareto"]
                .filter { p.value($0) != nil } + ["stops", "allow-nan"].filter { p.has($0) }
            guard conflicting.isEmpty else {
                throw UsageError("--replay reruns the recorded sweep; --\(conflicting[0]) cannot change it (edit a copy of the summary.json's \"replay\" record instead)")
            }
            return try replay(path, p, palettes: plugins.palettes, luaGenerator: { g in
                plugins.state?.registry.entries(kind: "generator").contains(where: { $0.name == g }) == true })
        }
        var sweep = try makeSweep(p)
        // A Lua generator runs in one single-threaded state: generate its ramps on one core.
        if plugins.state?.registry.entries(kind: "generator").contains(where: { $0.name == sweep.generator }) == true {
            sweep.threads = 1
        }
        var report = try makeReport(p)
        let baselines: [String]
        do {
            baselines = try p.value("baseline").map(Baseline.parseList) ?? []
            if let text = p.value("pareto") {
                report.pareto = try ParetoFront.axes(text, columns: try sweep.tableColumns(in: plugins.palettes).variants)
            }
        } catch let e as RampLabError { throw UsageError("--\(e)") }
        catch { throw UsageError("\(error)") }
        try validate(sweep, report, palettes: plugins.palettes)
        return try execute(sweep, report: report, out: p.value("out"), palettes: plugins.palettes, baselines: baselines)
    }

    /// `--replay FILE`: the sweep and settings recorded in a summary.json, run again.
    static func replay(_ path: String, _ p: Arguments, palettes: PaletteWorkbench, luaGenerator: (String) -> Bool) throws -> Int32 {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("--replay \(path): cannot read the file; give the summary.json a tune run wrote")
        }
        var (sweep, settings): (Sweep, StudySettings)
        do { (sweep, settings) = try Sweep.replay(summaryJSON: data, path: path) } catch { throw UsageError("--replay \(error)") }
        sweep.threads = luaGenerator(sweep.generator) ? 1 : (try p.int("threads", command: name, range: 1...1024) ?? 0)
        let objective: Objective
        do { objective = try Objective(expression: settings.objective) }
        catch {
            // A Lua function objective is not in the record: rank by the default objective.
            objective = try Objective(expression: TuningReport.defaultObjective)
        }
        var report = TuningReport(objective: objective, goal: settings.goal, level: settings.level, top: settings.top,
                                  plotMetrics: settings.plots)
        report.npyType = MatrixWriter.NPYType(rawValue: settings.npyType) ?? .f4
        report.stops = settings.stops
        report.allowNaN = settings.allowNaN
        let baselines: [String]
        do {
            baselines = settings.baselines.isEmpty ? [] : try Baseline.parseList(settings.baselines.joined(separator: ","))
            if !settings.pareto.isEmpty {
                report.pareto = try ParetoFront.axes(settings.pareto.joined(separator: ","), columns: try sweep.tableColumns(in: palettes).variants)
            }
        } catch { throw UsageError("--replay \(path): \(error)") }
        try validate(sweep, report, palettes: palettes)
        return try execute(sweep, report: report, out: p.value("out"), palettes: palettes, baselines: baselines)
    }

    static func makeSweep(_ p: Arguments) throws -> Sweep {
        let generator = p.value("generator") ?? UniformLStar.id
        var params: [(name: String, values: SweepValues)] = []
        for spec in p.all("param") {
            guard let eq = spec.firstIndex(of: "=") else {
                throw UsageError("--param '\(spec)' needs NAME=FROM:TO:STEPS or NAME=V1,V2,…")
            }
            let n = String(spec[..<eq]), v = String(spec[spec.index(after: eq)...])
            params.append((n, try parseValues(v, name: n)))
        }
        var fixed: [String: RampParameter] = [:]
        for spec in p.all("set") {
            guard let eq = spec.firstIndex(of: "=") else { throw UsageError("--set '\(spec)' needs NAME=VALUE") }
            let n = String(spec[..<eq]), v = String(spec[spec.index(after: eq)...])
            let nums = v.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            if let bad = nums.firstIndex(where: { $0.map { !$0.isFinite } ?? false }) {
                let text = v.split(separator: ",")[bad].trimmingCharacters(in: .whitespaces)
                throw UsageError("--set \(n)=\(v): '\(text)' is not a finite number; give a finite value")
            }
            if nums.count == 1, let x = nums[0] { fixed[n] = .number(x) }
            else if !nums.isEmpty, nums.allSatisfy({ $0 != nil }) { fixed[n] = .numbers(nums.map { $0! }) }
            else { fixed[n] = .text(v) }
        }
        let hues: [Double]
        do { hues = try Sweep.parseHues(p.value("hues") ?? "all") } catch { throw UsageError("--hues: \(error)") }
        let metrics = (p.value("metrics") ?? "default").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let threads = try p.int("threads", command: name, range: 1...1024) ?? 0
        var sweep = Sweep(generator: generator, parameters: params, fixed: fixed, hues: hues, metrics: metrics, threads: threads)
        if let id = p.value("scale") {
            do { sweep.scale = try Scale.named(id) } catch { throw UsageError("--scale: \(error)") }
        }
        if let st = p.value("stats") {
            do { sweep.stats = try VariantStat.parse(st) } catch { throw UsageError("--\(error)") }
        }
        return sweep
    }

    /// Checks generator, parameters, metrics, objective and plots before any work; faults are usage errors.
    static func validate(_ sweep: Sweep, _ report: TuningReport, palettes: PaletteWorkbench = .standard) throws {
        do {
            let g = try palettes.generators.lookup(sweep.generator)
            let params = try sweep.resolvedParameters(g)
            var fixed: [String: RampParameter] = [:]
            for (name, value) in sweep.fixed { fixed[try SweptParameter.resolve(name, generator: g)] = value }
            try g.validate(RampSpec(hue: sweep.hues.first ?? 0, parameters: fixed, scale: sweep.scale))
            let metrics = try RampMetrics.columns(for: sweep.metrics, scale: sweep.scale)
            let names = params.map(\.column)
            let variantColumns = ["variant"] + names + VariantStat.columns(metrics, sweep.stats)
            let rowColumns = ["variant", "hue"] + names + metrics
            try report.objective.check(columns: report.level == .variant ? variantColumns : rowColumns)
            for m in report.plotMetrics where !variantColumns.contains(m) || names.contains(m) || m == "variant" {
                throw UsageError("--plot '\(m)' is not a metric column of this sweep; use a metric from --metrics (see --metric-list), optionally ending in .min or .max")
            }
        } catch let e as UsageError {
            throw e
        } catch {
            throw UsageError("\(error)")
        }
    }

    /// `FROM:TO:STEPS` or `V1,V2,…`.
    static func parseValues(_ text: String, name: String) throws -> SweepValues {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 3 {
            guard let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite,
                  let n = Int(parts[2]), n >= 1, n <= SweepValues.maxSteps else {
                throw UsageError("--param \(name)=\(text): FROM:TO:STEPS needs two finite numbers and a whole number of steps in 1…\(SweepValues.maxSteps)")
            }
            return .range(a, b, n)
        }
        let nums = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !nums.isEmpty, nums.allSatisfy({ $0 != nil }) else {
            throw UsageError("--param \(name)=\(text): give FROM:TO:STEPS or a comma-separated list of numbers")
        }
        if let bad = nums.firstIndex(where: { !$0!.isFinite }) {
            throw UsageError("--param \(name)=\(text): '\(text.split(separator: ",")[bad].trimmingCharacters(in: .whitespaces))' is not a finite number; give finite values")
        }
        return .numbers(nums.map { $0! })
    }

    static func makeReport(_ p: Arguments) throws -> TuningReport {
        let objective: Objective
        do { objective = try Objective(expression: p.value("objective") ?? TuningReport.defaultObjective) }
        catch { throw UsageError("--objective: \(error)") }
        let goal: SweepResult.Goal = try p.choice("goal", ["max", "min"], default: "max", command: name) == "max" ? .maximize : .minimize
        let level = SweepResult.Level(rawValue: try p.choice("per", ["variant", "row"], default: "variant", command: name))!
        let top = try p.int("top", command: name, range: 1...1000) ?? 3
        var report = TuningReport(objective: objective, goal: goal, level: level, top: top, plotMetrics: p.all("plot"))
        report.npyType = MatrixWriter.NPYType(rawValue: try p.choice("npy-dtype", ["f4", "f8"], default: "f4", command: name))!
        report.stops = p.has("stops")
        report.allowNaN = p.has("allow-nan")
        return report
    }

    /// A progress printer for standard error, or nil when it is not a terminal: what is done, rate and ETA of the
    /// sweep (`ramps`: generation, metrics, row files and variant-table rows together, block by block).
    static func progressPrinter(unit: String = "ramps", minimum: Int = 5000) -> ((Int, Int) -> Void)? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        let box = ProgressBox(unit: unit)
        return { done, total in
            guard total >= minimum else { return }  // only long jobs
            let line = box.line(total: total)
            line.update(done)
            if done >= total { line.finish() }
        }
    }

    /// The one progress line of a sweep, made when its total is known.
    final class ProgressBox: @unchecked Sendable {
        private var current: ProgressLine?
        private let lock = NSLock()
        private let unit: String
        init(unit: String) { self.unit = unit }
        func line(total: Int) -> ProgressLine {
            lock.lock(); defer { lock.unlock() }
            if let c = current { return c }
            let c = ProgressLine("huebench tune", total: total, unit: unit)
            current = c
            return c
        }
    }

    /// One line on standard error (a terminal only) naming the phase that follows the sweep.
    static func phase(_ text: String) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        FileHandle.standardError.write(Data("tune: \(text)\n".utf8))
    }

    /// Runs a sweep, prints the summary and writes the report into `out` (rows streamed block by block).
    static func execute(_ sweep: Sweep, report: TuningReport, out: String?, palettes: PaletteWorkbench = .standard,
                        baselines: [String] = []) throws -> Int32 {
        let start = DispatchTime.now().uptimeNanoseconds
        var report = report
        // The recorded and printed time is wall time from the start until every output is in place.
        report.provenance = SweepProvenance(huebench: version, lua: luaVersion(), command: ["huebench"] + CommandLine.arguments.dropFirst(),
                                            started: Date().timeIntervalSince1970)
        var study = TuningStudy(sweep: sweep, report: report, palettes: palettes)
        study.progress = progressPrinter()
        study.phase = { phase($0) }
        study.baselines = baselines
        let outcome: TuningStudy.Outcome
        do { outcome = try study.run(out: out, start: start) } catch let e as RampLabError { throw UsageError("\(e)") }
        Output.write(outcome.text)
        if let dir = out {
            Output.line("wrote \(outcome.files.count) files to \(dir)" + String(format: " (%.3f s wall time in all)", outcome.wallSeconds))
        }
        return ExitStatus.ok
    }
}
