import ColorIO
import ColorCore
import Palettes
import Foundation

/// Where a study's numbers came from: program versions, the command or script (path and SHA-256), the seed,
/// the metric definitions' version, when it started and how long it took (wall time). Written into
/// `summary.json` beside the `replay` record (the sweep itself), from which `huebench tune --replay` reruns it.
public struct SweepProvenance: Sendable {
    public var huebench: String
    public var lua: String
    /// The command line as given (program name first).
    public var command: [String]
    /// The script that ran the sweep, if any: its path and the SHA-256 of its bytes.
    public var script: (path: String, sha256: String)?
    /// The `math.random` seed of a script run (nil: the sweep itself uses no randomness).
    public var seed: Int?
    /// Start, seconds since 1970 (UTC).
    public var started: Double
    /// Wall time from start to the last output staged, seconds.
    public var wallSeconds: Double?

    public init(huebench: String, lua: String, command: [String], script: (path: String, sha256: String)? = nil,
                seed: Int? = nil, started: Double = Date().timeIntervalSince1970, wallSeconds: Double? = nil) {
        self.huebench = huebench; self.lua = lua; self.command = command; self.script = script
        self.seed = seed; self.started = started; self.wallSeconds = wallSeconds
    }

    /// ISO 8601 UTC with milliseconds: `2026-12-01T19:10:00.123Z`.
    public static func iso8601(_ seconds: Double) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"
        return f.string(from: Date(timeIntervalSince1970: seconds))
    }
}

/// The settings of a study besides the sweep (how it is ranked and what is written), as recorded for replay.
public struct StudySettings: Sendable, Equatable {
    public var objective: String = TuningReport.defaultObjective
    public var goal: SweepResult.Goal = .maximize
    public var level: SweepResult.Level = .variant
    public var top: Int = 3
    public var plots: [String] = []
    public var npyType: String = "f4"
    public var stops: Bool = false
    public var allowNaN: Bool = false
    /// Baselines scored beside the variants (`Baseline.known` ids).
    public var baselines: [String] = []
    /// Two objectives whose Pareto front is written (`pareto.csv`, a scatter plot), or empty.
    public var pareto: [String] = []
    public init() {}
}

extension Sweep {
    /// The JSON record from which `Sweep.replay` rebuilds this sweep exactly: generator, each swept parameter as
    /// written (a range `[from, to, steps]` or its list of values), fixed parameters, hues, metrics.
    /// Numbers are written shortest round-trip, so they read back bit for bit.
    public func replayJSON(settings: StudySettings) -> String {
        let js = JSONText.string
        var s = "{\"generator\": \(js(generator)), \"scale\": \(Self.scaleJSON(scale)),\n    \"params\": ["
        s += parameters.map { name, values in
            switch values {
            case let .range(a, b, n):
                return "{\"name\": \(js(name)), \"range\": [\(Self.exact(a)), \(Self.exact(b)), \(n)]}"
            case let .list(v):
                return "{\"name\": \(js(name)), \"values\": [" + v.map(Self.json).joined(separator: ", ") + "]}"
            }
        }.joined(separator: ", ") + "],\n"
        s += "    \"set\": {" + fixed.keys.sorted().map { "\(js($0)): \(Self.json(fixed[$0]!))" }.joined(separator: ", ") + "},\n"
        s += "    \"hues\": [" + hues.map(Self.exact).joined(separator: ", ") + "],\n"
        s += "    \"metrics\": [" + metrics.map(js).joined(separator: ", ") + "], \"stats\": [" + stats.map { js($0.rawValue) }.joined(separator: ", ") + "],\n"
        s += "    \"baselines\": [" + settings.baselines.map(js).joined(separator: ", ") + "], \"pareto\": [" + settings.pareto.map(js).joined(separator: ", ") + "],\n"
        s += "    \"objective\": \(js(settings.objective)), \"goal\": \(js(settings.goal == .maximize ? "max" : "min")), "
        s += "\"per\": \(js(settings.level.rawValue)), \"top\": \(settings.top),\n"
        s += "    \"plots\": [" + settings.plots.map(js).joined(separator: ", ") + "], \"npy_dtype\": \(js(settings.npyType)), "
        s += "\"stops\": \(settings.stops), \"allow_nan\": \(settings.allowNaN)}"
        return s
    }

    /// A scale as the replay record holds it: a built-in's id, or a custom scale's id, stop names and target L\*.
    static func scaleJSON(_ scale: Scale) -> String {
        if Scale.builtins.contains(scale) { return JSONText.string(scale.id) }
        return "{\"id\": \(JSONText.string(scale.id)), \"stops\": [" + scale.stops.map { JSONText.string($0.label) }.joined(separator: ", ")
            + "], \"lightness\": [" + scale.lightness.map(exact).joined(separator: ", ") + "]}"
    }

    /// A finite number in shortest round-trip text (reads back to the same bits).
    static func exact(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }

    /// A parameter value as JSON: a number, a list, text, `{"color": css}` or `{"curve": [stop values]}`.
    static func json(_ p: RampParameter) -> String {
        switch p {
        case .number(let v): return exact(v)
        case .numbers(let v): return "[" + v.map(exact).joined(separator: ", ") + "]"
        case .text(let t): return JSONText.string(t)
        case .curve(let c): return "{\"curve\": [" + c.stopValues.map(exact).joined(separator: ", ") + "]}"
        case .color(let c):
            return "{\"color\": " + JSONText.string(c.css) + ", \"oklch\": [\(exact(c.oklch.x)), \(exact(c.oklch.y)), \(exact(c.oklch.z))], "
                + "\"srgb\": [\(exact(c.srgb.x)), \(exact(c.srgb.y)), \(exact(c.srgb.z))], \"alpha\": \(exact(c.alpha))}"
        }
    }

    /// Rebuilds the sweep and the study settings from the `replay` record of a `summary.json`.
    public static func replay(summaryJSON data: Data, path: String) throws -> (sweep: Sweep, settings: StudySettings) {
        func fail(_ why: String) -> RampLabError { .replay(path: path, reason: why) }
        guard let top = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw fail("is not a JSON object; give the summary.json a tune run wrote")
        }
        guard let r = top["replay"] as? [String: Any] else {
            throw fail("has no \"replay\" record; give the summary.json a tune run wrote (huebench 0.1.0 or later)")
        }
        func number(_ any: Any?, _ what: String) throws -> Double {
            guard let n = any as? NSNumber else { throw fail("\(what) must be a number") }
            return n.doubleValue
        }
        func value(_ any: Any, _ what: String) throws -> RampParameter {
            if let n = any as? NSNumber { return .number(n.doubleValue) }
            if let t = any as? String { return .text(t) }
            if let a = any as? [Any] { return .numbers(try a.enumerated().map { try number($1, "\(what)[\($0)]") }) }
            if let o = any as? [String: Any], o["color"] != nil {
                guard let l = o["oklch"] as? [Any], let rgb = o["srgb"] as? [Any], l.count == 3, rgb.count == 3 else {
                    throw fail("\(what): a color needs \"oklch\": [l, c, h] and \"srgb\": [r, g, b]")
                }
                let lv = try l.map { $0 is NSNull ? Double.nan : try number($0, what) }, sv = try rgb.map { try number($0, what) }
                return .color(RampColor(oklch: SIMD3(lv[0], lv[1], lv[2]), srgb: SIMD3(sv[0], sv[1], sv[2]),
                                        alpha: try number(o["alpha"] ?? NSNumber(value: 1), what)))
            }
            if let o = any as? [String: Any], let pts = o["curve"] as? [Any] {
                return .curve(.points(try pts.enumerated().map { try number($1, "\(what).curve[\($0)]") }))
            }
            throw fail("\(what) must be a number, a list of numbers, text, {\"color\": …} or {\"curve\": […]}")
        }
        guard let generator = r["generator"] as? String else { throw fail("replay.generator is missing") }
        var params: [(name: String, values: SweepValues)] = []
        for (k, any) in ((r["params"] as? [Any]) ?? []).enumerated() {
            guard let p = any as? [String: Any], let name = p["name"] as? String else { throw fail("replay.params[\(k)] needs a name") }
            if let range = p["range"] as? [Any], range.count == 3 {
                let steps = try number(range[2], "replay.params[\(k)].range steps")
                params.append((name, .range(try number(range[0], "range from"), try number(range[1], "range to"),
                                            try Checked.count(steps, "replay.params[\(k)].range steps", limit: SweepValues.maxSteps))))
            } else if let values = p["values"] as? [Any] {
                params.append((name, .list(try values.enumerated().map { try value($1, "replay.params[\(k)].values[\($0)]") })))
            } else {
                throw fail("replay.params[\(k)] needs \"range\": [from, to, steps] or \"values\": […]")
            }
        }
        var fixed: [String: RampParameter] = [:]
        for (k, v) in (r["set"] as? [String: Any]) ?? [:] { fixed[k] = try value(v, "replay.set.\(k)") }
        let hues = try ((r["hues"] as? [Any]) ?? []).enumerated().map { try number($1, "replay.hues[\($0)]") }
        guard !hues.isEmpty else { throw fail("replay.hues is empty") }
        let metrics = (r["metrics"] as? [String]) ?? ["default"]
        var s = StudySettings()
        if let o = r["objective"] as? String { s.objective = o }
        if let g = r["goal"] as? String { s.goal = g == "min" ? .minimize : .maximize }
        if let l = r["per"] as? String, let level = SweepResult.Level(rawValue: l) { s.level = level }
        if let t = r["top"] as? NSNumber { s.top = try Checked.int(t.doubleValue, "replay.top", in: 0...1_000_000) }
        if let p = r["plots"] as? [String] { s.plots = p }
        if let d = r["npy_dtype"] as? String { s.npyType = d }
        if let b = r["stops"] as? Bool { s.stops = b }
        if let b = r["allow_nan"] as? Bool { s.allowNaN = b }
        if let b = r["baselines"] as? [String] { s.baselines = b }
        if let p = r["pareto"] as? [String] { s.pareto = p }
        // A record from before the quantile columns had mean, min and max only.
        var stats: [VariantStat] = [.mean, .min, .max]
        if let st = r["stats"] as? [String] {
            do { stats = try VariantStat.parse(st.joined(separator: ",")) } catch { throw fail("replay.stats: \(error)") }
        }
        var sweep = Sweep(generator: generator, parameters: params, fixed: fixed, hues: hues, metrics: metrics)
        sweep.stats = stats
        // A record without a scale is from a ColorTokensKit-only sweep.
        switch r["scale"] {
        case nil: break
        case let id as String:
            do { sweep.scale = try Scale.named(id) } catch { throw fail("replay.scale: \(error)") }
        case let o as [String: Any]:
            guard let id = o["id"] as? String, let names = o["stops"] as? [String], let ls = o["lightness"] as? [Any] else {
                throw fail("replay.scale needs \"id\", \"stops\" (names) and \"lightness\" (numbers)")
            }
            do {
                sweep.scale = try Scale(id: id, stops: try names.map { try Stop(parsing: $0) },
                                        lightness: try ls.enumerated().map { try number($1, "replay.scale.lightness[\($0)]") })
            } catch let e as RampLabError { throw e } catch { throw fail("replay.scale: \(error)") }
        default:
            throw fail("replay.scale must be a scale id or {\"id\", \"stops\", \"lightness\"}")
        }
        return (sweep, s)
    }

    /// Every declared parameter of the generator with the value in force: swept (its column), set (the value) or
    /// the generator's default (as it declares it). Generators that declare no parameters list the set ones.
    public func parametersInForce(_ g: RampGenerator) throws -> [(name: String, source: String, value: String)] {
        let swept = Set(try resolvedParameters(g).map(\.generatorName))
        var set: [String: RampParameter] = [:]
        for (k, v) in fixed { set[try SweptParameter.resolve(k, generator: g)] = v }
        var out: [(String, String, String)] = []
        for p in g.parameters {
            if swept.contains(p.name) { out.append((p.name, "swept", "")) }
            else if let v = set[p.name] { out.append((p.name, "set", Self.json(v))) }
            else { out.append((p.name, "default", JSONText.string(p.defaultValue))) }
        }
        for k in set.keys.sorted() where !g.parameters.contains(where: { $0.name == k }) {
            out.append((k, "set", Self.json(set[k]!)))
        }
        return out
    }
}
