import ColorScript
import Foundation
import Palettes
import Testing

/// `hb.audit`: the same checks Palettes' `Audit` (what `huebench audit` runs) computes, plus a Lua policy's
/// stop rules and check function.
@Suite struct AuditAPITests {
    @Test func builtInPolicyByNameMatchesTheSwiftAudit() throws {
        let (s, _) = try makeState()
        let swift = try Audit.run(Policy.wcagAA, families: [try PaletteWorkbench.standard.family(named: "orange")])
        let r = try s.eval("""
        local r = hb.audit({hb.families.orange}, "wcag-aa")
        local c = r.checks[1]
        return r.policy, r.checked, #r.failures, r.passed, c.family, c.rule, c.mode, c.contrast, c.foreground,
          c.foreground_stop, c.background, c.background_stop, c.method, c.target, c.achieved, c.margin, c.pass
        """)
        let first = swift.checks[0]
        #expect(r[0] == "wcag-aa" && r[1] == "\(swift.checks.count)" && r[2] == "\(swift.failures.count)")
        #expect(r[3] == "\(swift.passed)")
        #expect(Array(r[4...12]) == [first.family, first.rule, first.mode.rawValue, first.contrast.rawValue,
                                     first.foreground.token.id, first.foreground.stop.label, first.background.token.id,
                                     first.background.stop.label, first.method])
        #expect(abs(Double(r[13])! - first.target) < 1e-12)
        #expect(abs(Double(r[14])! - first.achieved) < 1e-9)
        #expect(abs(Double(r[15])! - first.margin) < 1e-9)
        #expect(r[16] == "\(first.passed)")
    }

    /// An app theme is audited on its own tokens (each from its family), in every mode and contrast level: the
    /// same checks the library's audit of that design system makes.
    @Test func appThemeIsAuditedOnItsTokens() throws {
        let (s, printed) = try makeState()
        try s.run(source: """
        local danger = hb.register_family{ name = "danger", hue = 25 }
        local t = hb.theme{ families = { danger, "gray" }, tokens = {
          backgroundPrimary = { family = "gray", light = 50, dark = 1000, role = "background" },
          textError = { family = "danger", light = 700, dark = 300, light_high = 800, dark_high = 200, role = "text" },
          textFaint = { family = "danger", light = 300, dark = 700, role = "text" },
        } }
        local r = hb.audit(t, hb.policy{ name = "p", rules = { { text = {"textError", "textFaint"}, background = "backgroundPrimary", min = 4.5 } } })
        print(r.passed, r.checked, #r.failures)
        for _, c in ipairs(r.checks) do
          print(c.family, c.mode, c.contrast, c.foreground, c.foreground_stop, c.background_stop, ("%.6f"):format(c.achieved), c.pass)
        end
        """, name: "app-audit.lua")
        let wb = s.palettes
        let tokens = [
            SemanticToken("backgroundPrimary", light: Stop(50), dark: Stop(1000), role: .background, family: "gray"),
            SemanticToken("textError", light: Stop(700), dark: Stop(300), lightHigh: Stop(800), darkHigh: Stop(200), role: .text, family: "danger"),
            SemanticToken("textFaint", light: Stop(300), dark: Stop(700), role: .text, family: "danger"),
        ]
        let system = try DesignSystem.generate([try wb.families.lookup("danger"), Family.gray], tokens: [], appTokens: tokens, workbench: wb)
        let policy = Policy(id: "p", name: "p", rules: [PolicyRule("rule 1", foregrounds: ["textError", "textFaint"], backgrounds: ["backgroundPrimary"], minimum: 4.5)])
        let report = try Audit.run(policy, system: system)
        var expected = "false\t8\t4\n"
        for c in report.checks {
            expected += "app\t\(c.mode.rawValue)\t\(c.contrast.rawValue)\t\(c.foreground.token.id)\t\(c.foreground.stop.label)\t\(c.background.stop.label)\t\(String(format: "%.6f", c.achieved))\t\(c.passed)\n"
        }
        #expect(report.checks.count == 8 && report.failures.count == 4)
        #expect(printed.text == expected)
        // The explicit high-contrast stop is what is checked: dark high textError is _200 on _1000.
        #expect(printed.text.contains("app\tdark\thigh\ttextError\t200\t1000\t"))
    }

    @Test func tokenRulesStopRulesAndCheckInOneReport() throws {
        let (s, _) = try makeState()
        let r = try s.eval("""
        local p = hb.policy{ name = "mix", rules = {
            { name = "body", foreground = "foregroundPrimary", background = "backgroundPrimary", min = 4.5,
              modes = {"light"}, contrast = {"standard"} },
            { name = "tint", text = 900, background = 50, min = 30 } },
          check = function(ctx) return false, ctx.family.name .. ": nope" end }
        local r = hb.audit(hb.theme{family = "blue"}, p)
        local out = { r.policy, r.checked, #r.failures, tostring(r.passed) }
        for _, c in ipairs(r.checks) do out[#out + 1] = c.rule .. "/" .. tostring(c.pass) .. "/" .. tostring(c.script) end
        out[#out + 1] = r.failures[1].message
        return table.concat(out, " ")
        """)
        // blue light/standard foregroundPrimary on backgroundPrimary passes 4.5; _900 on _50 is far below 30.
        #expect(r == ["mix 3 2 false body/true/nil tint/false/true check/false/true blue: _900 on _50 is 12.08, needs 30"])
    }

    @Test func scriptFamiliesAndErrors() throws {
        let (s, _) = try makeState()
        #expect(try s.eval("return hb.audit(hb.family{name = 'mine', hue = 30}, 'apca-body').checked") == ["\(try Audit.run(Policy.apcaBody, families: [try PaletteWorkbench.standard.family(named: "orange")]).checks.count)"])
        #expect(errorOf(s, "hb.audit({hb.families.blue}, 'nope')")?.description.contains("hb.audit: argument 2 (policy): no policy 'nope'; known: wcag-aa") == true)
        #expect(errorOf(s, "hb.audit({hb.families.blue}, hb.policy{rules = {{foreground = 'nope', background = 'backgroundPrimary', min = 3}}})")?
            .description.contains("hb.audit: policy 'policy' rule 'rule-1': token 'nope' is not one this build defines (known: foregroundPrimary") == true)
        #expect(errorOf(s, "hb.audit({1}, 'wcag-aa')")?.description.contains("hb.audit: argument 1 (families), item 1 must be a family or theme, got number") == true)
    }

    @Test func aRegisteredLuaPolicyOnALuaGeneratorFamily() throws {
        let (s, _) = try makeState()
        let r = try s.eval("""
        hb.register_generator{ name = "flat", parameters = {"chroma"}, generate = function(spec)
          local out = {} for i = 1, 20 do out[i] = hb.oklch(0.97 - (i - 1) * 0.038, spec.chroma, spec.hue) end return out end }
        hb.register_family{ name = "brand", generator = "flat", hue = 200, chroma = 0.06 }
        hb.register_policy{ name = "brand-text", rules = {
            { name = "body", foreground = { "foregroundPrimary", "foregroundSecondary" }, background = "backgroundPrimary", min = 7 },
            { name = "light-pair", text = 300, background = 50, min = 4.5 } } }
        local r = hb.audit({hb.families.brand}, "brand-text")
        local tokens = 0
        for _, c in ipairs(r.checks) do if not c.script then tokens = tokens + 1 end end
        return r.checked, tokens, #r.failures, r.failures[1].rule, r.failures[1].script
        """)
        // 2 foregrounds × 1 background × 2 modes × 2 levels token checks, plus the stop rule (it fails: 1.83:1).
        #expect(r == ["9", "8", "1", "light-pair", "true"])
    }
}
