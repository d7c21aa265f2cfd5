import CLua
import CLuaShims
import ColorCore
import Foundation
import Palettes

/// What a build script asked `huebench build` to export (`hb.build{…}`), or nil for the defaults.
public struct ScriptBuild: Sendable {
    /// The palette's name in file headers (default `huebench`).
    public var name: String?
    /// The families, in order, with their ramps (registered, built-in or made with `hb.family`).
    public var families: [(family: Family, ramp: [RampColor])]
    /// The semantic tokens (nil: ColorTokensKit's 20).
    public var tokens: [SemanticToken]?
    /// The audit policy id (nil: the command's `--policy`).
    public var policy: String?
}

/// `hb.theme{family=…, tokens=…}` and `hb.build{…}`: semantic tokens resolved per mode and contrast level
/// (Palettes' `Theme` and `SemanticToken`), and what a build script exports.
enum ThemeBinding {
    /// Reads `tokens`: nil (ColorTokensKit's 20), or a list of built-in token names and token tables
    /// `{name=, light=stop, dark=stop, opacity=1, role="text"|"invertedText"|"border"|"background"|…}`.
    static func tokens(_ lua: Lua, _ t: Int32, _ ctx: String) throws -> [SemanticToken]? {
        guard lua.type(t) != LUA_TNIL && lua.type(t) != LUA_TNONE else { return nil }
        guard lua.type(t) == LUA_TTABLE else { throw BindingError("\(ctx) must be a list of tokens, got \(lua.describe(t))") }
        var out: [SemanticToken] = []
        for i in 0..<lua.rawLength(t) {
            lua.getIndex(t, i + 1)
            defer { lua.pop() }
            let v = lua.absolute(-1), c = "\(ctx), item \(i + 1)"
            if let s = lua.string(v) { out.append(try FamilyBinding.wrap(c) { try SemanticToken.named(s) }); continue }
            guard lua.type(v) == LUA_TTABLE else {
                throw BindingError("\(c) must be a token name or {name=, light=, dark=, opacity=, role=}, got \(lua.describe(v))")
            }
            try lua.checkFields(v, Fields.token, c)
            guard let name = try lua.fieldString(v, "name", c), !name.isEmpty else { throw BindingError("\(c): field 'name' must be a non-empty string") }
            func stop(_ key: String) throws -> Stop {
                guard let n = try lua.fieldNumber(v, key, c), let i = try? Checked.int(n, key, in: 0...1000), let s = Stop(i) else {
                    throw BindingError("\(c): field '\(key)' must be a stop 50, 100 … 1000")
                }
                return s
            }
            let roleText = try lua.fieldString(v, "role", c) ?? guessRole(name)
            guard let role = SemanticToken.Role(rawValue: roleText) else {
                throw BindingError("\(c): role '\(roleText)' is not one of text, invertedText, border, background, invertedBackground, surface, invertedSurface")
            }
            let opacity = try lua.fieldNumber(v, "opacity", c) ?? 1
            guard (0...1).contains(opacity) else { throw BindingError("\(c): field 'opacity' must be in 0…1, got \(formatNumber(opacity))") }
            out.append(SemanticToken(name, light: try stop("light"), dark: try stop("dark"), opacity: opacity, role: role))
        }
        var seen = Set<String>()
        for tok in out where !seen.insert(tok.id).inserted { throw BindingError("\(ctx): token '\(tok.id)' appears twice") }
        return out
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
            lua.getField(t, "family")
            guard lua.type(-1) == LUA_TTABLE || lua.type(-1) == LUA_TSTRING else {
                throw BindingError("\(ctx): field 'family' must be a family (hb.families.x, hb.family{…}) or a family name, got \(lua.describe(-1))")
            }
            let (family, ramp) = try family(host, lua, lua.absolute(-1), "\(ctx): field 'family'")
            lua.pop()
            lua.getField(t, "tokens")
            let toks = try tokens(lua, lua.absolute(-1), "\(ctx): field 'tokens'") ?? SemanticToken.all
            lua.pop()
            let theme = Theme(family: family, ramp: ramp, tokens: toks)
            lua.newTable(record: 3)
            lua.push(family.id); lua.setField(-2, "family")
            lua.newTable(array: Int32(toks.count))
            for (i, tok) in toks.enumerated() {
                lua.newTable(record: 5)
                lua.push(tok.id); lua.setField(-2, "name")
                lua.push(tok.light.value); lua.setField(-2, "light")
                lua.push(tok.dark.value); lua.setField(-2, "dark")
                lua.push(tok.opacity); lua.setField(-2, "opacity")
                lua.push(tok.role.rawValue); lua.setField(-2, "role")
                lua.setIndex(-2, i + 1)
            }
            lua.setField(-2, "tokens")
            lua.newTable(record: 4)
            for mode in Mode.allCases {
                for level in ContrastLevel.allCases {
                    lua.newTable(array: Int32(toks.count), record: Int32(toks.count))
                    for (i, r) in theme.resolveAll(mode: mode, contrast: level).enumerated() {
                        lua.newTable(record: 3)
                        lua.push(r.token.id); lua.setField(-2, "name")
                        lua.push(r.stop.value); lua.setField(-2, "stop")
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

    /// `P.build(spec)`: `{name=, families={family or name…}, theme=t, tokens={…}, policy=}` — what
    /// `huebench build SCRIPT.lua` exports (a theme's tokens are used when `tokens` is not given).
    static let build: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.build")
            let t = try a.table(1, "spec")
            let ctx = "hb.build: argument 1 (spec)"
            try lua.checkFields(t, Fields.build, "hb.build")
            var b = ScriptBuild(name: try lua.fieldString(t, "name", ctx), families: [], tokens: nil,
                                policy: try lua.fieldString(t, "policy", ctx))
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
                    lua.getField(th, "family")
                    b.families.append(try family(host, lua, lua.absolute(-1), "\(ctx): field 'theme'"))
                    lua.pop()
                }
                lua.pop()
            } else { lua.pop() }
            var seen = Set<String>()
            for (f, _) in b.families where !seen.insert(f.id).inserted {
                throw BindingError("\(ctx): family '\(f.id)' appears twice")
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
