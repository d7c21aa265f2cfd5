import CLua
import CLuaShims
import ColorCore

extension Lua {
    /// Rejects a table argument's unknown fields, so a typo is an error instead of a silently ignored value:
    /// `hb.register_family: unknown field 'color' (did you mean 'anchor'?)`. String keys must be in `known`; list
    /// items (integer keys 1…n) are allowed only with `list`. Keys are checked in sorted order (never `pairs`
    /// order), so the error is the same on every run.
    func checkFields(_ t: Int32, _ known: [String], _ context: String, list: Bool = false,
                     hints: [String: String] = [:]) throws {
        let t = absolute(t)
        var unknown: [String] = []
        var stray: String? = nil
        let n = rawLength(t)
        pushNil()
        while lua_next(L, t) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let k = string(-2) {
                if !known.contains(k) { unknown.append(k) }
            } else if list, lua_isinteger(L, -2) != 0, let i = integer(-2), i >= 1, i <= n {
                // a list item
            } else if stray == nil {
                stray = lua_type(L, -2) == LUA_TNUMBER ? "[\(formatNumber(number(-2) ?? .nan))]" : "a \(String(cString: lua_typename(L, lua_type(L, -2)))) key"
            }
            pop()
        }
        if let k = unknown.sorted().first {
            let known = known.sorted()
            let suggestion = Suggest.closest(k, among: known, hints: hints)
            throw BindingError("\(context): unknown field '\(k)'"
                + (suggestion.map { " (did you mean '\($0)'?)" } ?? "; known fields: \(known.joined(separator: ", "))"))
        }
        if let stray {
            throw BindingError("\(context): unexpected \(stray); give fields as name = value (known fields: \(known.sorted().joined(separator: ", ")))")
        }
    }
}

/// What each Lua table argument may contain (one place, so docs and checks agree).
enum Fields {
    /// Fields of a family spec besides the generator's parameters.
    static let family = ["name", "generator", "hue", "anchor", "scale"]
    /// Common mistakes in a family spec and the field meant.
    static let familyHints = ["color": "anchor", "seed": "anchor", "base": "anchor", "brand": "anchor", "colour": "anchor"]
    static let token = ["name", "light", "dark", "light_high", "dark_high", "opacity", "role", "family", "states"]
    static let theme = ["family", "families", "tokens"]
    static let build = ["name", "families", "theme", "tokens", "policy", "prefix"]
    static let policy = ["name", "title", "rules", "check"]
    static let contrastMethod = ["name", "title", "space", "symmetric", "thresholds", "evaluate"]
    static let deltaEMethod = ["name", "title", "space", "thresholds", "evaluate"]
    static let tokenRule = ["name", "kind", "foreground", "foregrounds", "text", "background", "backgrounds", "method", "min",
                            "modes", "mode", "contrast", "levels", "simulations"]
    static let stopRule = ["name", "text", "background", "min", "method"]
    static let generator = ["name", "generate", "summary", "parameters"]
    static let exporter = ["name", "extension", "summary", "write"]
    static let sweep = ["generator", "params", "set", "scale", "hues", "metrics", "goal", "per", "top", "out", "plots", "dtype", "objective",
                        "stops", "allow_nan", "keep_rows", "stats", "baselines", "pareto"]
    static let sweepRange = ["from", "to", "steps", "values"]
    static let matrixOptions = ["method", "alpha", "canvas", "summary", "out", "thresholds", "worst"]
    static let bufferOptions = ["precision"]
    static let loadColorsOptions = ["precision", "context"]
    static let saveOptions = ["table", "dtype"]
    static let curves: [String: [String]] = [
        "linear": ["kind", "from", "to"], "ease": ["kind", "from", "to", "exponent"],
        "bell": ["kind", "base", "peak", "center", "width"], "constant": ["kind", "value"], "points": ["kind", "values"],
    ]

    /// `P.check_fields(context, t, known, list)`: the same check for tables the prelude reads itself.
    static let checkFields: hb_swift_fn = { L in
        HostContext.guarded(L) { _, lua in
            let a = Args(lua, "check_fields")
            let ctx = try a.string(1, "context")
            let t = try a.table(2, "table")
            let kt = try a.table(3, "known")
            let known = try (0..<lua.rawLength(kt)).map { i -> String in
                lua.getIndex(kt, i + 1); defer { lua.pop() }
                guard let s = lua.string(-1) else { throw BindingError("check_fields: known names must be strings") }
                return s
            }
            try lua.checkFields(t, known, ctx, list: lua_toboolean(L, 4) != 0)
            return 0
        }
    }
}
