import CLua
import CLuaShims
import ColorCore
import ColorExport
import Foundation
import Palettes

/// The registration points: `hb.register_generator`, `hb.register_exporter`, `hb.register_policy` (and
/// `hb.export`). Each makes the same Swift registry entry a built-in is — a `RampGenerator`, an `Exporter`,
/// a `Policy` — registered with the same `register` call, so every subcommand can use it.
enum RegistrationBinding {
    /// `P.register_generator(spec)`: `{name=, generate=function(spec) → 20 colors, summary=, parameters={…}}`.
    static let registerGenerator: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let fname = "hb.register_generator", ctx = "hb.register_generator: argument 1 (spec)"
            let t = try Args(lua, fname).table(1, "spec")
            try lua.checkFields(t, Fields.generator, fname)
            guard let name = try lua.fieldString(t, "name", ctx), !name.isEmpty else {
                throw BindingError("\(ctx): field 'name' must be a non-empty string")
            }
            guard lua.getField(t, "generate") == LUA_TFUNCTION else {
                let got = lua.describe(-1); lua.pop()
                throw BindingError("\(ctx): field 'generate' must be a function(spec) returning 20 colors, got \(got)")
            }
            let summary = try lua.fieldString(t, "summary", ctx) ?? "Lua generator from \(host.currentFile)"
            lua.getField(t, "parameters")
            var params: [String] = []
            if lua.type(-1) == LUA_TTABLE {
                for i in 0..<lua.rawLength(-1) {
                    lua.getIndex(-1, i + 1); if let s = lua.string(-1) { params.append(s) }; lua.pop()
                }
            }
            lua.pop()
            try host.registry.add(kind: "generator", name: name, file: host.currentFile,
                                  builtins: PaletteWorkbench.standard.generators.ids)
            let cb = LuaCallback(host: host, ref: host.reference(-1), file: host.currentFile, what: "generator '\(name)'")
            lua.pop()
            try FamilyBinding.wrap(fname) { try host.palettes.register(host.luaGenerator(name: name, summary: summary, parameters: params, callback: cb)) }
            return 0
        }
    }

    /// `P.register_exporter(spec)`: `{name=, extension=, summary=, write=function(doc, out)}`.
    static let registerExporter: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let fname = "hb.register_exporter", ctx = "hb.register_exporter: argument 1 (spec)"
            let t = try Args(lua, fname).table(1, "spec")
            try lua.checkFields(t, Fields.exporter, fname)
            guard let name = try lua.fieldString(t, "name", ctx), !name.isEmpty else {
                throw BindingError("\(ctx): field 'name' must be a non-empty string")
            }
            let ext = try lua.fieldString(t, "extension", ctx) ?? "txt"
            guard !ext.isEmpty, !ext.contains("/") else { throw BindingError("\(ctx): field 'extension' must be a file extension such as \"json\", got \"\(ext)\"") }
            let summary = try lua.fieldString(t, "summary", ctx) ?? "Lua exporter from \(host.currentFile)"
            guard lua.getField(t, "write") == LUA_TFUNCTION else {
                let got = lua.describe(-1); lua.pop()
                throw BindingError("\(ctx): field 'write' must be a function(doc, out), got \(got)")
            }
            try host.registry.add(kind: "exporter", name: name, file: host.currentFile, builtins: Exporters.standard.ids)
            let cb = LuaCallback(host: host, ref: host.reference(-1), file: host.currentFile, what: "exporter '\(name)'")
            lua.pop()
            try FamilyBinding.wrap(fname) {
                try host.exporters.register(host.luaExporter(name: name, fileExtension: ext, summary: summary, callback: cb))
            }
            return 0
        }
    }

    /// `P.register_policy(spec, extras)`: token rules become `PolicyRule`s of a registered `Policy`; stop rules
    /// and `check` run in Lua through `extras` (the prelude's per-family evaluator), as the entry's `check`.
    static let registerPolicy: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let fname = "hb.register_policy"
            let t = try Args(lua, fname).table(1, "spec")
            var (policy, hasExtras) = try policy(host, lua, t, fname)
            try host.registry.add(kind: "policy", name: policy.id, file: host.currentFile,
                                  builtins: PaletteWorkbench.standard.policies.ids)
            if hasExtras, lua.type(2) == LUA_TFUNCTION {
                let cb = LuaCallback(host: host, ref: host.reference(2), file: host.currentFile, what: "policy '\(policy.id)'")
                host.policyExtras[policy.id] = cb
                // The stop rules and check function are the entry's `check`: every audit of the policy runs them.
                let id = policy.id
                policy.check = { family, ramp in try HostContext.policyChecks(cb, id, family: family, ramp: ramp) }
            }
            try FamilyBinding.wrap(fname) { try host.palettes.register(policy) }
            return 0
        }
    }

    /// Reads a policy spec: `{name=, title=, rules={…}, check=function(ctx)}`. A token rule is
    /// `{foreground="foregroundPrimary" or {…}, background="backgroundPrimary" or {…}, min=4.5, method="wcag21",
    /// kind="contrast"|"distinct", modes={"light","dark"}, contrast={"standard","high"}, simulations={…}, name=}`;
    /// a stop rule is `{text=900, background=50, min=7, method=}`. Returns the policy and whether it has stop
    /// rules or a check.
    static func policy(_ host: HostContext, _ lua: Lua, _ t: Int32, _ fname: String, argument: String = "argument 1 (spec)",
                       defaultName: String? = nil) throws -> (Policy, Bool) {
        let ctx = "\(fname): \(argument)"
        try lua.checkFields(t, Fields.policy, fname)
        guard let name = try lua.fieldString(t, "name", ctx) ?? defaultName, !name.isEmpty else {
            throw BindingError("\(ctx): field 'name' must be a non-empty string")
        }
        let title = try lua.fieldString(t, "title", ctx) ?? name
        var rules: [PolicyRule] = []
        var extras = lua.getField(t, "check") == LUA_TFUNCTION
        lua.pop()
        lua.getField(t, "rules")
        defer { lua.pop() }
        let rt = lua.absolute(-1)
        if lua.type(rt) != LUA_TNIL && lua.type(rt) != LUA_TTABLE {
            throw BindingError("\(ctx): field 'rules' must be a list of rules, got \(lua.describe(rt))")
        }
        if lua.type(rt) == LUA_TTABLE {
            for i in 0..<lua.rawLength(rt) {
                lua.getIndex(rt, i + 1)
                defer { lua.pop() }
                let r = lua.absolute(-1)
                let rc = "\(ctx): rule \(i + 1)"
                guard lua.type(r) == LUA_TTABLE else { throw BindingError("\(rc) must be a table, got \(lua.describe(r))") }
                lua.getField(r, "background"); let bgIsStop = lua.type(-1) == LUA_TNUMBER; lua.pop()
                try lua.checkFields(r, bgIsStop ? Fields.stopRule : Fields.tokenRule, rc)
                if bgIsStop {
                    guard try lua.fieldNumber(r, "text", rc) != nil, try lua.fieldNumber(r, "min", rc) != nil else {
                        throw BindingError("\(rc): a stop rule needs numbers text=, background= and min=")
                    }
                    extras = true
                    continue
                }
                let kindText = try lua.fieldString(r, "kind", rc) ?? "contrast"
                guard let kind = PolicyRule.Kind(rawValue: kindText) else {
                    throw BindingError("\(rc): field 'kind' must be \"contrast\" or \"distinct\", got \"\(kindText)\"")
                }
                let fgs = try strings(lua, r, ["foreground", "foregrounds", "text"], rc)
                let bgs = try strings(lua, r, ["background", "backgrounds"], rc)
                guard !fgs.isEmpty, !bgs.isEmpty else {
                    throw BindingError("\(rc): give foreground= and background= token names (e.g. \"foregroundPrimary\", \"backgroundPrimary\") or stop numbers text= and background=")
                }
                // Token names are checked against the tokens a build defines when it is audited (custom and
                // app-level tokens included), not against the built-in list.
                let method = try lua.fieldString(r, "method", rc) ?? (kind == .contrast ? "wcag21" : "ok")
                _ = try FamilyBinding.wrap(rc) {
                    kind == .contrast ? try host.workbench.contrastMethods.lookup(method).id : try host.workbench.deltaEMethods.lookup(method).id
                }
                guard let min = try lua.fieldNumber(r, "min", rc) else { throw BindingError("\(rc): field 'min' must be a number") }
                _ = try FamilyBinding.wrap(rc) { try Checked.finite(min, "field 'min'", in: 0...1000) }
                let modes = try strings(lua, r, ["modes", "mode"], rc).map { m -> Mode in
                    guard let v = Mode(rawValue: m) else { throw BindingError("\(rc): mode '\(m)' is not light or dark") }
                    return v
                }
                let levels = try strings(lua, r, ["contrast", "levels"], rc).map { m -> ContrastLevel in
                    guard let v = ContrastLevel(rawValue: m) else { throw BindingError("\(rc): contrast level '\(m)' is not standard or high") }
                    return v
                }
                let sims = try strings(lua, r, ["simulations"], rc).map { m -> CVD in
                    guard let v = CVD(rawValue: m) else { throw BindingError("\(rc): simulation '\(m)' is not protan, deutan or tritan") }
                    return v
                }
                rules.append(PolicyRule(try lua.fieldString(r, "name", rc) ?? "rule-\(i + 1)", kind: kind,
                                        foregrounds: fgs, backgrounds: bgs, method: method, minimum: min,
                                        modes: modes.isEmpty ? Mode.allCases : modes,
                                        contrastLevels: levels.isEmpty ? ContrastLevel.allCases : levels, simulations: sims))
            }
        }
        return (Policy(id: name, name: title, rules: rules), extras)
    }

    /// The first present field of `keys` as a list of strings (a single string counts as a list of one).
    static func strings(_ lua: Lua, _ t: Int32, _ keys: [String], _ ctx: String) throws -> [String] {
        for k in keys {
            lua.getField(t, k)
            defer { lua.pop() }
            let v = lua.absolute(-1)
            switch lua.type(v) {
            case LUA_TNIL: continue
            case LUA_TSTRING: return [lua.string(v)!]
            case LUA_TTABLE:
                return try (0..<lua.rawLength(v)).map { i in
                    lua.getIndex(v, i + 1); defer { lua.pop() }
                    guard let s = lua.string(-1) else { throw BindingError("\(ctx): field '\(k)', item \(i + 1) must be a string, got \(lua.describe(-1))") }
                    return s
                }
            default: throw BindingError("\(ctx): field '\(k)' must be a string or a list of strings, got \(lua.describe(v))")
            }
        }
        return []
    }

    /// Reads a list of family objects (`hb.family`, `hb.families.x`) at `t`: the families (with their scales)
    /// and colors.
    static func families(_ host: HostContext, _ lua: Lua, _ t: Int32, _ ctx: String) throws -> [(Family, [RampColor])] {
        var out: [(Family, [RampColor])] = []
        for i in 0..<lua.rawLength(t) {
            lua.getIndex(t, i + 1)
            defer { lua.pop() }
            let f = lua.absolute(-1)
            guard lua.type(f) == LUA_TTABLE, let name = try? lua.fieldString(f, "name", ctx) else {
                throw BindingError("\(ctx), item \(i + 1) must be a family (hb.family{…} or hb.families.name), got \(lua.describe(f))")
            }
            // The object's scale: its stop names and target lightness.
            let scale = try objectScale(lua, f, "\(ctx), item \(i + 1)")
            lua.getField(f, "_colors")
            defer { lua.pop() }
            let ramp = try host.readRamp(lua, -1, "family '\(name)'", ctx, scale: scale)
            var family: Family
            if let h = try? lua.fieldNumber(f, "_handle", ctx), let k = Int(exactly: h), k >= 1, k <= host.scriptFamilies.count,
               host.scriptFamilies[k - 1].id == name {
                family = host.scriptFamilies[k - 1]
            } else if let registered = host.palettes.families[name] {
                family = registered
            } else {
                family = Family(id: name, hue: (try? lua.fieldNumber(f, "hue", ctx)) ?? nil,
                                generator: ((try? lua.fieldString(f, "generator", ctx)) ?? nil) ?? OKLCHCurves.id)
            }
            out.append((family.on(scale), ramp))
        }
        return out
    }

    /// The scale of a family object (`scale`, `stop_names`, `lightness` fields); ColorTokensKit's when it has none.
    static func objectScale(_ lua: Lua, _ f: Int32, _ ctx: String) throws -> Scale {
        guard let id = try lua.fieldString(f, "scale", ctx) else { return .ctk }
        if let builtin = Scale.builtins.first(where: { $0.id == id }) { return builtin }
        lua.getField(f, "stop_names"); defer { lua.pop() }
        let st = lua.absolute(-1)
        lua.getField(f, "lightness"); defer { lua.pop() }
        let lt = lua.absolute(-1)
        guard lua.type(st) == LUA_TTABLE, lua.type(lt) == LUA_TTABLE else { return .ctk }
        var stops: [Stop] = [], lightness: [Double] = []
        for k in 0..<lua.rawLength(st) {
            lua.getIndex(st, k + 1); defer { lua.pop() }
            guard let s = try ScaleBinding.stop(lua, lua.absolute(-1), "\(ctx): stop \(k + 1)") else { break }
            stops.append(s)
            lua.getIndex(lt, k + 1); lightness.append(lua.number(-1) ?? .nan); lua.pop()
        }
        return try FamilyBinding.wrap(ctx) { try Scale(id: id, stops: stops, lightness: lightness) }
    }

    /// `P.export(name, families, path)`: runs exporter `name` (built-in or plugin) on these families (their stops
    /// and the tokens of `hb.build{…}`, else the 20 semantic tokens) and stages its files in the output folder. Returns the first file's path and
    /// the number of files.
    static let export: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.export")
            let name = try a.string(1, "name")
            let exporter = try a.core(1, "name") { () throws -> Exporter in
                guard let e = host.exporters[name] else { throw ColorExportError.unknownExporter(id: name, known: host.exporters.ids) }
                return e
            }
            let fams = try families(host, lua, try a.table(2, "families"), "hb.export: argument 2 (families)")
            let path = a.isNil(3) ? nil : try WriterBinding.validated(try a.string(3, "path"), "hb.export")
            // The same build path as `huebench build`: resolve the tokens once, then run the one exporter.
            let request = BuildRequest(name: host.buildConfig?.name ?? "huebench",
                                       families: fams.map { BuildRequest.Item($0.0, ramp: $0.1) },
                                       tokens: host.buildConfig?.tokens ?? SemanticToken.all, formats: [exporter.id],
                                       build: BuildInfo(version: "0.1.0", source: host.currentFile, command: "hb.export"))
            let wb = DesignWorkbench(palettes: host.palettes, exporters: host.exporters)
            let doc = try a.core(2, "families") { try request.document(in: wb) }
            let folder = OutputFolder()
            let saved = host.exportPathOverride
            host.exportPathOverride = path
            defer { host.exportPathOverride = saved }
            do { _ = try request.write(doc, in: wb, into: folder) } catch let e as ColorScriptError {
                throw BindingError("\(e)", located: true)
            } catch let e as BindingError { throw e } catch {
                throw BindingError("hb.export: exporter '\(name)': \(error)")
            }
            var first: String? = nil
            for p in folder.paths {
                try host.stage(p, bytes: folder.contents(p)!, for: "hb.export output '\(p)'")
                if first == nil || p == path { first = p }
            }
            if let first { lua.push(first) } else { lua.pushNil() }
            lua.push(folder.paths.count)
            return 2
        }
    }

    /// `P.generators()`: every ramp generator (built-ins first, then Lua ones) as `{name, summary, parameters =
    /// {{name, kind, min, max, default, summary}…}}`, from the declarations `RampGenerator.validate` checks.
    static let generators: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let all = host.palettes.generators.all
            lua.newTable(array: Int32(all.count))
            for (i, g) in all.enumerated() {
                lua.newTable(record: 3)
                lua.push(g.id); lua.setField(-2, "name")
                lua.push(g.name); lua.setField(-2, "summary")
                lua.newTable(array: Int32(g.parameters.count))
                for (j, p) in g.parameters.enumerated() {
                    lua.newTable(record: 6)
                    lua.push(p.name); lua.setField(-2, "name")
                    lua.push(p.kind.rawValue); lua.setField(-2, "kind")
                    if let r = p.range { lua.push(r.lowerBound); lua.setField(-2, "min"); lua.push(r.upperBound); lua.setField(-2, "max") }
                    lua.push(p.defaultValue); lua.setField(-2, "default")
                    lua.push(p.summary); lua.setField(-2, "summary")
                    lua.setIndex(-2, j + 1)
                }
                lua.setField(-2, "parameters")
                lua.setIndex(-2, i + 1)
            }
            return 1
        }
    }

    /// `P.exporter_ids()`: every export format id, built-ins first.
    static let exporterIDs: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let ids = host.exporters.ids
            lua.newTable(array: Int32(ids.count))
            for (i, id) in ids.enumerated() { lua.push(id); lua.setIndex(-2, i + 1) }
            return 1
        }
    }
}
