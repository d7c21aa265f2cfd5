import CLua
import CLuaShims
import ColorCore
import ColorExport
import Foundation
import Palettes

/// What a build script asked `huebench build` to export (`hb.build{…}`), or nil for the defaults.
public struct ScriptBuild: Sendable {
    /// The palette's name in file headers (default `huebench`).
    public var name: String?
    /// The families, in order, with their ramps (registered, built-in or made with `hb.family`).
    public var families: [(family: Family, ramp: [RampColor])]
    /// The semantic tokens every family gets (nil: ColorTokensKit's 20).
    public var tokens: [SemanticToken]?
    /// The audit policy id (nil: the command's `--policy`).
    public var policy: String?
    /// App-level tokens (those naming a `family`), with their states expanded.
    public var appTokens: [SemanticToken] = []
    /// The prefix of CSS variables and Android names (`prefix = "acme"`).
    public var prefix: String?
    /// A policy given as a table (`policy = hb.policy{…}`).
    public var policyValue: Policy?
}

/// `hb.theme{family=…, tokens=…}` and `hb.build{…}`: semantic tokens resolved per mode and contrast level
/// (Palettes' `Theme` and `SemanticToken`), and what a build script exports.
enum ThemeBinding {
    static let roles = SemanticToken.Role.allCases.map(\.rawValue)

    /// Reads `tokens`: nil (ColorTokensKit's 20), a list of built-in token names and token tables, or a table of
    /// name = token table. A token table is `{name=, light=stop, dark=stop, light_high=, dark_high=, opacity=1,
    /// role=, family=, states={hover=1, pressed=2, disabled={opacity=0.38}}}`; `family` makes it app-level;
    /// `states` adds one derived token per state (`fillBrandHover`…), in sorted state order.
    static func tokens(_ lua: Lua, _ t: Int32, _ ctx: String) throws -> [SemanticToken]? {
        guard lua.type(t) != LUA_TNIL && lua.type(t) != LUA_TNONE else { return nil }
        guard lua.type(t) == LUA_TTABLE else { throw BindingError("\(ctx) must be a list of tokens, got \(lua.describe(t))") }
        var out: [SemanticToken] = []
        // Map form (name = {…}), names sorted: never pairs() order.
        var names: [String] = []
        lua.pushNil()
        while lua_next(lua.L, t) != 0 {
            lua.pop()
            if let k = lua.string(-1) { names.append(k) }
        }
        for name in names.sorted() {
            lua.getField(t, name)
            defer { lua.pop() }
            let v = lua.absolute(-1), c = "\(ctx), token '\(name)'"
            guard lua.type(v) == LUA_TTABLE else { throw BindingError("\(c) must be a token table {family=, light=, dark=, role=}, got \(lua.describe(v))") }
            out += try token(lua, v, c, name: name)
        }
        for i in 0..<lua.rawLength(t) {
            lua.getIndex(t, i + 1)
            defer { lua.pop() }
            let v = lua.absolute(-1), c = "\(ctx), item \(i + 1)"
            if let s = lua.string(v) { out.append(try FamilyBinding.wrap(c) { try SemanticToken.named(s) }); continue }
            guard lua.type(v) == LUA_TTABLE else {
                throw BindingError("\(c) must be a token name or {name=, light=, dark=, opacity=, role=}, got \(lua.describe(v))")
            }
            out += try token(lua, v, c, name: nil)
        }
        var seen = Set<String>()
        for tok in out where !seen.insert(tok.id).inserted { throw BindingError("\(ctx): token '\(tok.id)' appears twice") }
        return out
    }

    /// One token table, followed by its state tokens.
    static func token(_ lua: Lua, _ v: Int32, _ c: String, name key: String?) throws -> [SemanticToken] {
        try lua.checkFields(v, Fields.token, c)
        guard let name = try lua.fieldString(v, "name", c) ?? key, !name.isEmpty else { throw BindingError("\(c): field 'name' must be a non-empty string") }
        func stop(_ field: String) throws -> Stop? { try ScaleBinding.field(lua, v, field, c) }
        guard let light = try stop("light") else { throw BindingError("\(c): field 'light' must be a stop of the family's scale (e.g. 700)") }
        guard let dark = try stop("dark") else { throw BindingError("\(c): field 'dark' must be a stop of the family's scale (e.g. 300)") }
        let roleText = try lua.fieldString(v, "role", c) ?? guessRole(name)
        guard let role = SemanticToken.Role(rawValue: roleText) else {
            throw BindingError("\(c): role '\(roleText)' is not one of \(roles.joined(separator: ", "))\(Suggest.phrase(roleText, among: roles))")
        }
        let opacity = try lua.fieldNumber(v, "opacity", c) ?? 1
        guard opacity.isFinite, (0...1).contains(opacity) else { throw BindingError("\(c): field 'opacity' must be in 0…1, got \(formatNumber(opacity))") }
        let family = try lua.fieldString(v, "family", c)
        let base = SemanticToken(name, light: light, dark: dark, lightHigh: try stop("light_high"), darkHigh: try stop("dark_high"),
                                 opacity: opacity, role: role, family: family)
        var states: [TokenState] = []
        lua.getField(v, "states")
        defer { lua.pop() }
        let st = lua.absolute(-1)
        if lua.type(st) == LUA_TTABLE {
            var keys: [String] = []
            lua.pushNil()
            while lua_next(lua.L, st) != 0 {
                lua.pop()
                guard let k = lua.string(-1) else { lua.pop(); throw BindingError("\(c): field 'states' must be a table of name = steps or {steps=, opacity=}") }
                keys.append(k)
            }
            for k in keys.sorted() {
                lua.getField(st, k)
                defer { lua.pop() }
                let sc = "\(c): state '\(k)'"
                if let n = lua.number(-1) {
                    states.append(TokenState(k, steps: try FamilyBinding.wrap(sc) { try Checked.int(n, "steps", in: -19...19) }))
                } else if lua.type(-1) == LUA_TTABLE {
                    let s = lua.absolute(-1)
                    try lua.checkFields(s, ["steps", "opacity"], sc)
                    let steps = try lua.fieldNumber(s, "steps", sc) ?? 0
                    let op = try lua.fieldNumber(s, "opacity", sc)
                    if let op { _ = try FamilyBinding.wrap(sc) { try Checked.finite(op, "opacity", in: 0...1) } }
                    states.append(TokenState(k, steps: try FamilyBinding.wrap(sc) { try Checked.int(steps, "steps", in: -19...19) }, opacity: op))
                } else {
                    throw BindingError("\(sc) must be a number of stops or {steps=, opacity=}, got \(lua.describe(-1))")
                }
            }
        } else if lua.type(st) != LUA_TNIL {
            throw BindingError("\(c): field 'states' must be a table of name = steps or {steps=, opacity=}, got \(lua.describe(st))")
        }
        return base.withStates(states)
    }

    /// The role a token name suggests (how Increase Contrast moves it) when the script gives none.
    static func guessRole(_ name: String) -> String {
        let n = name.lowercased()
        if n.contains("inverted") && (n.contains("foreground") || n.contains("text")) { return "invertedText" }
        if n.contains("foreground") || n.contains("text") { return "text" }
        if n.contains("outline") || n.contains("border") { return "border" }
        if n.contains("surface") { return n.contains("inverted") ? "invertedSurface" : "surface" }
        return n.contains("inverted") ? "invertedBackground" : "background"
    }

    /// Reads one family argument: a family object or a family name.
    static func family(_ host: HostContext, _ lua: Lua, _ v: Int32, _ ctx: String) throws -> (Family, [RampColor]) {
        if let name = lua.string(v) {
            let f = try FamilyBinding.wrap(ctx) { try host.palettes.family(named: name) }
            return (f, try FamilyBinding.wrap(ctx) { try host.palettes.ramp(for: f) })
        }
        lua.newTable(array: 1)
        lua_pushvalue(lua.L, v); lua.setIndex(-2, 1)
        defer { lua.pop() }
        return try RegistrationBinding.families(host, lua, lua.absolute(-1), ctx)[0]
    }

    /// `P.theme(spec)` → `{family=name, tokens={{name, light, dark, opacity, role}…}, resolved={["light/standard"]=
    /// {{name, stop, opacity}…}, …}}`; the prelude wraps it with `:resolve` and `:tokens`.
    static let theme: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.theme")
            let t = try a.table(1, "spec")
            let ctx = "hb.theme: argument 1 (spec)"
            try lua.checkFields(t, Fields.theme, "hb.theme")
            if lua.getField(t, "families") != LUA_TNIL {
                lua.pop()
                return try appTheme(host, lua, t, ctx)
            }
            lua.pop()
            lua.getField(t, "family")
            guard lua.type(-1) == LUA_TTABLE || lua.type(-1) == LUA_TSTRING else {
                throw BindingError("\(ctx): field 'family' must be a family (hb.families.x, hb.family{…}) or a family name, got \(lua.describe(-1))")
            }
            let (family, ramp) = try family(host, lua, lua.absolute(-1), "\(ctx): field 'family'")
            lua.pop()
            lua.getField(t, "tokens")
            let toks = try tokens(lua, lua.absolute(-1), "\(ctx): field 'tokens'") ?? SemanticToken.all
            lua.pop()
            let theme = try FamilyBinding.wrap("hb.theme") { try Theme(family: family, ramp: ramp, tokens: toks) }
            lua.newTable(record: 3)
            lua.push(family.id); lua.setField(-2, "family")
            pushTokenList(toks, lua)
            lua.setField(-2, "tokens")
            lua.newTable(record: 4)
            for mode in Mode.allCases {
                for level in ContrastLevel.allCases {
                    lua.newTable(array: Int32(toks.count), record: Int32(toks.count))
                    for (i, r) in try FamilyBinding.wrap("hb.theme") { try theme.resolveAll(mode: mode, contrast: level) }.enumerated() {
                        lua.newTable(record: 3)
                        lua.push(r.token.id); lua.setField(-2, "name")
                        ScaleBinding.push(r.stop, lua); lua.setField(-2, "stop")
                        lua.push(r.token.opacity); lua.setField(-2, "opacity")
                        lua_pushvalue(lua.L, -1); lua.setField(-3, r.token.id)
                        lua.setIndex(-2, i + 1)
                    }
                    lua.setField(-2, "\(mode.rawValue)/\(level.rawValue)")
                }
            }
            lua.setField(-2, "resolved")
            return 1
        }
    }

    /// Reads `families = {family or name…}` (at least one, no name twice).
    static func familyList(_ host: HostContext, _ lua: Lua, _ t: Int32, _ ctx: String) throws -> [(Family, [RampColor])] {
        lua.getField(t, "families")
        defer { lua.pop() }
        let ft = lua.absolute(-1)
        guard lua.type(ft) == LUA_TTABLE, lua.rawLength(ft) > 0 else {
            throw BindingError("\(ctx): field 'families' must be a non-empty list of families or names, got \(lua.describe(ft))")
        }
        var out: [(Family, [RampColor])] = []
        for i in 0..<lua.rawLength(ft) {
            lua.getIndex(ft, i + 1)
            out.append(try family(host, lua, lua.absolute(-1), "\(ctx): field 'families', item \(i + 1)"))
            lua.pop()
        }
        var seen = Set<String>()
        for (f, _) in out where !seen.insert(f.id).inserted { throw BindingError("\(ctx): family '\(f.id)' appears twice") }
        return out
    }

    /// `hb.theme{families = {…}, tokens = {…}}`: an app theme. Every token names its family (`textError = {family =
    /// "danger", …}`); the tokens are resolved as a build resolves its app-level tokens (`DesignSystem`), so
    /// `t:resolve("textError", "dark", "high")` is the color `hb.build{theme = t}` exports.
    static func appTheme(_ host: HostContext, _ lua: Lua, _ t: Int32, _ ctx: String) throws -> Int32 {
        if lua.getField(t, "family") != LUA_TNIL {
            lua.pop()
            throw BindingError("\(ctx): give 'family' (one family's tokens) or 'families' (an app theme), not both")
        }
        lua.pop()
        let fams = try familyList(host, lua, t, ctx)
        lua.getField(t, "tokens")
        let toks = try tokens(lua, lua.absolute(-1), "\(ctx): field 'tokens'") ?? []
        lua.pop()
        guard !toks.isEmpty else {
            throw BindingError("\(ctx): an app theme needs tokens, each naming its family: tokens = {textError = {family = \"danger\", light = 700, dark = 300, role = \"text\"}}")
        }
        let ids = fams.map(\.0.id)
        for tok in toks {
            guard let f = tok.family else {
                throw BindingError("\(ctx): token '\(tok.id)' names no family; in a theme of several families every token says which one it takes its colors from (family = \"\(ids[0])\")")
            }
            guard ids.contains(f) else {
                throw BindingError("\(ctx): token '\(tok.id)': family '\(f)' is not one of the theme's families (\(ids.joined(separator: ", ")))\(Suggest.phrase(f, among: ids))")
            }
        }
        let system = try FamilyBinding.wrap("hb.theme") {
            try DesignSystem(palette: Palette(families: fams.map(\.0), ramps: Dictionary(uniqueKeysWithValues: fams.map { ($0.0.id, $0.1) })),
                             tokens: [], appTokens: toks)
        }
        let set = system.tokenSets.last!
        lua.newTable(record: 3)
        lua.push(system.appName); lua.setField(-2, "family")
        pushTokenList(toks, lua)
        lua.setField(-2, "tokens")
        lua.newTable(record: 4)
        for mode in Mode.allCases {
            for level in ContrastLevel.allCases {
                lua.newTable(array: Int32(toks.count), record: Int32(toks.count))
                for (i, tok) in toks.enumerated() {
                    let r = system.resolve(tok, in: set, mode: mode, contrast: level)
                    lua.newTable(record: 4)
                    lua.push(tok.id); lua.setField(-2, "name")
                    ScaleBinding.push(r.stop, lua); lua.setField(-2, "stop")
                    lua.push(tok.opacity); lua.setField(-2, "opacity")
                    lua.push(r.family.id); lua.setField(-2, "family")
                    lua_pushvalue(lua.L, -1); lua.setField(-3, tok.id)
                    lua.setIndex(-2, i + 1)
                }
                lua.setField(-2, "\(mode.rawValue)/\(level.rawValue)")
            }
        }
        lua.setField(-2, "resolved")
        return 1
    }

    /// `P.build(spec)`: `{name=, families={family or name…}, theme=t, tokens={…}, policy=}` — what
    /// `huebench build SCRIPT.lua` exports (a theme's tokens are used when `tokens` is not given).
    static let build: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.build")
            let t = try a.table(1, "spec")
            let ctx = "hb.build: argument 1 (spec)"
            try lua.checkFields(t, Fields.build, "hb.build")
            var b = ScriptBuild(name: try lua.fieldString(t, "name", ctx), families: [], tokens: nil, policy: nil)
            b.prefix = try lua.fieldString(t, "prefix", ctx)
            if let p = b.prefix, let problem = ExportOptions.checkPrefix(p) {
                throw BindingError("\(ctx): field 'prefix' \(problem)")
            }
            switch lua.getField(t, "policy") {
            case LUA_TNIL: break
            case LUA_TSTRING: b.policy = lua.string(-1)
            case LUA_TTABLE:
                let policy = try RegistrationBinding.policy(host, lua, lua.absolute(-1), "hb.build", argument: "field 'policy'", defaultName: "build-policy").0
                b.policyValue = policy
                b.policy = policy.id
            default:
                let d = lua.describe(-1); lua.pop()
                throw BindingError("\(ctx): field 'policy' must be a policy name or hb.policy{…}, got \(d)")
            }
            lua.pop()
            lua.getField(t, "families")
            let ft = lua.absolute(-1)
            if lua.type(ft) == LUA_TTABLE {
                for i in 0..<lua.rawLength(ft) {
                    lua.getIndex(ft, i + 1)
                    b.families.append(try family(host, lua, lua.absolute(-1), "\(ctx): field 'families', item \(i + 1)"))
                    lua.pop()
                }
            } else if lua.type(ft) != LUA_TNIL {
                throw BindingError("\(ctx): field 'families' must be a list of families or names, got \(lua.describe(ft))")
            }
            lua.pop()
            lua.getField(t, "tokens")
            b.tokens = try tokens(lua, lua.absolute(-1), "\(ctx): field 'tokens'")
            lua.pop()
            if b.tokens == nil, lua.getField(t, "theme") == LUA_TTABLE {
                let th = lua.absolute(-1)
                lua.getField(th, "_spec")
                if lua.type(-1) == LUA_TTABLE {
                    lua.getField(-1, "tokens")
                    b.tokens = try tokens(lua, lua.absolute(-1), "\(ctx): field 'theme'")
                    lua.pop()
                }
                lua.pop()
                if b.families.isEmpty {
                    // An app theme carries its families in its spec; a family theme has one family.
                    lua.getField(th, "_spec")
                    if lua.type(-1) == LUA_TTABLE {
                        let spec = lua.absolute(-1)
                        if lua.getField(spec, "families") == LUA_TTABLE {
                            b.families = try familyList(host, lua, spec, "\(ctx): field 'theme'")
                        }
                        lua.pop()
                    }
                    lua.pop()
                    if b.families.isEmpty {
                        lua.getField(th, "family")
                        b.families.append(try family(host, lua, lua.absolute(-1), "\(ctx): field 'theme'"))
                        lua.pop()
                    }
                }
                lua.pop()
            } else { lua.pop() }
            var seen = Set<String>()
            for (f, _) in b.families where !seen.insert(f.id).inserted {
                throw BindingError("\(ctx): family '\(f.id)' appears twice")
            }
            // Tokens that name a family are app-level; the others go to every family (default: ColorTokensKit's 20).
            if let all = b.tokens {
                b.appTokens = all.filter { $0.family != nil }
                let perFamily = all.filter { $0.family == nil }
                b.tokens = perFamily.isEmpty ? nil : perFamily
                let ids = Set(b.families.map(\.family.id))
                for tok in b.appTokens where !ids.contains(tok.family!) {
                    throw BindingError("\(ctx): token '\(tok.id)': family '\(tok.family!)' is not one of the build's families (\(b.families.map(\.family.id).joined(separator: ", ")))\(Suggest.phrase(tok.family!, among: b.families.map(\.family.id)))")
                }
            }
            host.buildConfig = b
            return 0
        }
    }
}

extension HostContext {
    /// The families a build script exports: those of `hb.build{families=…}`, else the families the script
    /// itself registered (in order), else none.
    public func scriptBuildFamilies(script: String) throws -> [(family: Family, ramp: [RampColor])] {
        if let b = buildConfig, !b.families.isEmpty { return b.families }
        let names = registry.entries(kind: "family").filter { $0.file == script }.map(\.name)
        return try names.map { n in
            let f = try palettes.families.lookup(n)
            return (f, try palettes.ramp(for: f))
        }
    }
}

extension ThemeBinding {
    /// The theme's `token_list`: one record per token (name, light, dark, opacity, role, and family when the token
    /// names one).
    static func pushTokenList(_ toks: [SemanticToken], _ lua: Lua) {
        lua.newTable(array: Int32(toks.count))
        for (i, tok) in toks.enumerated() {
            lua.newTable(record: 6)
            lua.push(tok.id); lua.setField(-2, "name")
            ScaleBinding.push(tok.light, lua); lua.setField(-2, "light")
            ScaleBinding.push(tok.dark, lua); lua.setField(-2, "dark")
            lua.push(tok.opacity); lua.setField(-2, "opacity")
            lua.push(tok.role.rawValue); lua.setField(-2, "role")
            if let family = tok.family { lua.push(family); lua.setField(-2, "family") }
            lua.setIndex(-2, i + 1)
        }
    }
}
