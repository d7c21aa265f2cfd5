import ColorIO
import CLua
import CLuaShims
import ColorCore
import Foundation
import Palettes

/// `hb.audit(theme_or_families, policy)`: the declarative token rules of a policy (a built-in or registered
/// name, or an `hb.policy{…}` table) checked by Palettes' `Audit` — the engine `huebench audit` runs — over
/// the families × modes × contrast levels. The prelude adds the Lua policy's stop rules and `check` function.
enum AuditBinding {
    /// `P.audit(families, policy)` → `{policy, title, checked, passed, checks={…}, failures={…}}`; each check is
    /// `{family, rule, mode, contrast, foreground, foreground_stop, background, background_stop, method,
    /// simulation, target, achieved, margin, pass, value, message}` (failures are the failing checks).
    static let audit: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let fname = "hb.audit"
            let a = Args(lua, fname)
            let ft = try a.table(1, "families")
            var families: [Family] = []
            for i in 0..<lua.rawLength(ft) {
                lua.getIndex(ft, i + 1)
                defer { lua.pop() }
                let item = lua.absolute(-1)
                if lua.getField(item, "_handle") == LUA_TNUMBER, let h = lua.integer(-1), h >= 1, h <= host.scriptFamilies.count {
                    lua.pop(); families.append(host.scriptFamilies[h - 1]); continue
                }
                lua.pop()
                guard lua.getField(item, "name") == LUA_TSTRING, let name = lua.string(-1) else {
                    lua.pop()
                    throw BindingError("\(fname): argument 1 (families), item \(i + 1) must be a family, got \(lua.describe(item))")
                }
                lua.pop()
                families.append(try FamilyBinding.wrap("\(fname): argument 1 (families), item \(i + 1)") {
                    try host.palettes.family(named: name)
                })
            }
            let policy: Policy
            if let id = lua.string(2), lua.type(2) == LUA_TSTRING {
                guard let p = host.palettes.policies[id] else {
                    throw BindingError("\(fname): argument 2 (policy): no policy '\(id)'; known: \(host.palettes.policies.ids.joined(separator: ", "))")
                }
                policy = p
            } else if lua.type(2) == LUA_TTABLE {
                policy = try RegistrationBinding.policy(host, lua, 2, fname, argument: "argument 2 (policy)", defaultName: "policy").0
            } else {
                throw BindingError("\(fname): argument 2 (policy) must be a policy (hb.policy{…}) or a policy name, got \(lua.describe(2))")
            }
            // The prelude appends a Lua policy's stop rules and check function itself.
            var tokenRules = policy
            tokenRules.check = nil
            // An app theme (argument 3: its tokens, each naming its family) is audited as a build's app-level set.
            let appTokens = lua.type(3) == LUA_TTABLE ? try ThemeBinding.tokens(lua, 3, "\(fname): argument 1 (theme)") ?? [] : []
            let report = try FamilyBinding.wrap(fname) {
                appTokens.isEmpty
                    ? try Audit.run(tokenRules, families: families, workbench: host.palettes)
                    : try Audit.run(tokenRules, system: try DesignSystem.generate(families, tokens: [], appTokens: appTokens, workbench: host.palettes),
                                    core: host.palettes.core)
            }

            lua.newTable(record: 6)
            let r = lua.absolute(-1)
            lua.push(policy.id); lua.setField(r, "policy")
            lua.push(policy.name); lua.setField(r, "title")
            lua.push(report.checks.count); lua.setField(r, "checked")
            lua.push(report.passed); lua.setField(r, "passed")
            lua.newTable(array: Int32(report.checks.count))
            let checks = lua.absolute(-1)
            lua.newTable(array: Int32(report.failures.count))
            let failures = lua.absolute(-1)
            var nf = 0
            for (i, c) in report.checks.enumerated() {
                push(c, lua)
                if !c.passed { nf += 1; lua_pushvalue(L, -1); lua.setIndex(failures, nf) }
                lua.setIndex(checks, i + 1)
            }
            lua.setField(r, "failures")
            lua.setField(r, "checks")
            return 1
        }
    }

    /// One check as a table with the fields `huebench audit --json` prints (snake_case).
    static func push(_ c: AuditCheck, _ lua: Lua) {
        lua.newTable(record: 16)
        let t = lua.absolute(-1)
        lua.push(c.family); lua.setField(t, "family")
        lua.push(c.rule); lua.setField(t, "rule")
        lua.push(c.mode.rawValue); lua.setField(t, "mode")
        lua.push(c.contrast.rawValue); lua.setField(t, "contrast")
        lua.push(c.foreground.token.id); lua.setField(t, "foreground")
        ScaleBinding.push(c.foreground.stop, lua); lua.setField(t, "foreground_stop")
        lua.push(c.background.token.id); lua.setField(t, "background")
        ScaleBinding.push(c.background.stop, lua); lua.setField(t, "background_stop")
        lua.push(c.method); lua.setField(t, "method")
        if let s = c.simulation { lua.push(s.rawValue); lua.setField(t, "simulation") }
        lua.push(c.target); lua.setField(t, "target")
        lua.push(c.achieved); lua.setField(t, "achieved")
        lua.push(c.achieved); lua.setField(t, "value")
        lua.push(c.margin); lua.setField(t, "margin")
        lua.push(c.passed); lua.setField(t, "pass")
        let sim = c.simulation.map { " [\($0.rawValue)]" } ?? ""
        lua.push("\(c.family) \(c.mode.rawValue)/\(c.contrast.rawValue) \(c.rule): \(c.foreground.token.id) \(c.foreground.stop.name) on "
                 + "\(c.background.token.id) \(c.background.stop.name)\(sim) \(c.method) \(fixed2(c.achieved)), needs \(formatNumber(c.target))")
        lua.setField(t, "message")
    }

    static func fixed2(_ v: Double) -> String { ByteText.fixed(v, 2) }
}
