import ColorCore
import Foundation
import Palettes

/// `huebench audit`: run a contrast policy over families × modes × contrast levels.
enum AuditCommand: Command {
    static let name = "audit"
    static let summary = "check families' tokens against a contrast policy (exit 1 when a check fails)"
    static var help: String { """
    usage: huebench audit [SCRIPT.lua] [--policy P] [--family F…] [--scale NAME] [--cvd protan,deutan,tritan] [--all] [--json] [--plugins DIR]

    Runs policy P (default wcag-aa) over each family (default: all 37 built-in), in light and dark mode at
    standard and high contrast. With SCRIPT.lua, audits exactly what 'huebench build SCRIPT.lua' exports: the
    script's families and its tokens (overridden and custom ones included), with the script's policy unless
    --policy is given; what the script prints goes to stderr. Each check is a foreground token on a background token with a target, the
    achieved value, the margin and pass/fail. Exits 1 when any check fails, so it can gate a build.

    options:
      --policy P     wcag-aa (text 4.5, large text and borders 3), wcag-aaa, apca-body (|Lc| 75/60/45),
                     cvd-distinct (ΔEOK ≥ 0.1 under simulated protan, deutan, tritan)
      --family F     a family name, hex color or hue:DEGREES; repeat or comma-separate for several
      --scale NAME   the stops of --family and built-in families: ctk (default), tailwind, radix, material
      --cvd LIST     also simulate these deficiencies in telling-apart rules
      --all          list every check, not only the failures
      --json         one JSON object per check
    \(PluginContext.optionHelp)

    Plugin policies (hb.register_policy) work like built-ins: their token rules run here, and their stop rules
    and Lua check function are listed after them as 'script' checks.

    example:
      huebench audit --policy wcag-aa --family orange --family "#00B386"
    """ }

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: PluginContext.flags.union(["json", "all"]),
                              options: PluginContext.options.union(["policy", "family", "cvd", "scale"]))
        if a.positionals.count > 1 {
            throw UsageError("give at most one SCRIPT.lua, got '\(a.positionals[1])' too (huebench audit)")
        }
        let script = a.positionals.first
        if let script {
            guard script.hasSuffix(".lua") || FileManager.default.fileExists(atPath: script) else {
                throw UsageError("unexpected argument '\(script)'; give a build script (SCRIPT.lua) or name families with --family (huebench audit)")
            }
            guard FileManager.default.fileExists(atPath: script) else {
                throw UsageError("script '\(script)' does not exist; check the path (huebench audit)")
            }
        }
        // A script's print goes to stderr, so stdout stays the report (and valid --json).
        let plugins = try PluginContext.load(a, command: name, forceState: script != nil,
                                             print: { Output.errorText($0.hasSuffix("\n") ? String($0.dropLast()) : $0) })
        if let script, let state = plugins.state { try state.run(file: script) }
        var sims: [CVD] = []
        for item in a.all("cvd").flatMap({ $0.split(separator: ",").map(String.init) }) {
            guard let c = CVD(rawValue: item) else {
                throw UsageError("--cvd '\(item)' is not one of protan, deutan, tritan\(Suggest.phrase(item, among: ["protan", "deutan", "tritan"])) (huebench audit)")
            }
            sims.append(c)
        }
        // Comma-separated like build's --family; a family named twice is audited once. With a script, the
        // audit covers exactly what `huebench build SCRIPT.lua` exports (its families and tokens).
        let names = a.all("family").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces) } }
        if names.contains(where: \.isEmpty) {
            throw UsageError("empty family name; give a name (orange), a hex color (#00B386) or hue:DEGREES (huebench audit)")
        }
        var request = try BuildCommand.design(a, script: script, plugins: plugins, command: name)
        if a.value("policy") == "none" { throw UsageError("--policy none audits nothing; name a policy: \(plugins.workbench.palettes.policies.ids.joined(separator: ", ")) (huebench audit)") }
        guard let policy = request.policy else { throw UsageError("no policy to audit with (huebench audit)") }
        request.extraSimulations = sims
        let wb = plugins.workbench
        let system = try request.system(in: wb)
        let families = system.palette.families
        let report = try Audit.run(policy, system: system, extraSimulations: sims, core: wb.core)
        let scripted = report.findings
        let listed = a.has("all") || a.has("json") ? report.checks : report.failures
        for c in listed {
            if a.has("json") {
                Output.line("{\"policy\":\(jsonString(c.policy)),\"rule\":\(jsonString(c.rule)),\"family\":\(jsonString(c.family)),"
                    + "\"mode\":\(jsonString(c.mode.rawValue)),\"contrast\":\(jsonString(c.contrast.rawValue)),"
                    + "\"foreground\":\(jsonString(c.foreground.token.id)),\"foregroundStop\":\(jsonString(c.foreground.stop.name)),"
                    + "\"background\":\(jsonString(c.background.token.id)),\"backgroundStop\":\(jsonString(c.background.stop.name)),"
                    + "\"method\":\(jsonString(c.method)),\"simulation\":\(c.simulation.map { jsonString($0.rawValue) } ?? "null"),"
                    + "\"target\":\(jsonNumber(c.target)),\"achieved\":\(jsonNumber(c.achieved)),\"margin\":\(jsonNumber(c.margin)),"
                    + "\"pass\":\(c.passed),\"foregroundCSS\":\(jsonString(c.foreground.color.css)),"
                    + "\"backgroundCSS\":\(jsonString(c.background.color.css))}")
            } else {
                Output.line(line(c))
            }
        }
        for c in scripted where a.has("all") || a.has("json") || !c.passed {
            if a.has("json") {
                Output.line("{\"policy\":\(jsonString(c.policy)),\"rule\":\(jsonString(c.rule)),\"family\":\(jsonString(c.family)),"
                    + "\"script\":true,\"target\":\(c.target.map(jsonNumber) ?? "null"),\"achieved\":\(c.value.map(jsonNumber) ?? "null"),"
                    + "\"pass\":\(c.passed),\"message\":\(jsonString(c.message))}")
            } else {
                Output.line("\(c.passed ? "pass" : "FAIL") \(c.family) script \(c.rule): \(c.message)")
            }
        }
        if !a.has("json") {
            Output.line(summary(report, families: families.count))
            if !scripted.isEmpty {
                let failed = scripted.filter { !$0.passed }.count
                Output.line("  script checks (stop rules and check function): \(scripted.count - failed)/\(scripted.count) pass")
            }
        }
        return report.passed ? ExitStatus.ok : ExitStatus.someFailed
    }

    static func fmt(_ v: Double) -> String { TokenMath.fixed4((v * 100).rounded(.toNearestOrAwayFromZero) / 100) }

    static func line(_ c: AuditCheck) -> String {
        let sim = c.simulation.map { " [\($0.rawValue)]" } ?? ""
        return "\(c.passed ? "pass" : "FAIL") \(c.family) \(c.mode.rawValue)/\(c.contrast.rawValue) \(c.rule): "
            + "\(c.foreground.token.id) \(c.foreground.stop.name) on \(c.background.token.id) \(c.background.stop.name)\(sim) "
            + "\(c.method) \(fmt(c.achieved)) (target \(fmt(c.target)), margin \(c.margin >= 0 ? "+" : "")\(fmt(c.margin)))"
    }

    static func summary(_ r: AuditReport, families: Int) -> String {
        var rules: [String] = []
        for rule in r.policy.rules {
            let cs = r.checks.filter { $0.rule == rule.name }
            guard let worst = cs.min(by: { $0.margin < $1.margin }) else { continue }
            rules.append("  \(rule.name): \(cs.filter(\.passed).count)/\(cs.count) pass, lowest \(fmt(worst.achieved)) "
                + "(\(worst.family) \(worst.mode.rawValue)/\(worst.contrast.rawValue) \(worst.foreground.token.id) on \(worst.background.token.id))")
        }
        let failed = r.failures.count
        return (["\(r.policy.id): \(r.checks.count - failed)/\(r.checks.count) checks pass over \(families) famil\(families == 1 ? "y" : "ies") × 2 modes × 2 contrast levels"
            + (failed == 0 ? "" : "; \(failed) fail")] + rules).joined(separator: "\n")
    }
}
