import Foundation
import ColorCore

/// One check of an audit: a foreground token against a background token in one token set (a family's tokens
/// or the app-level set), mode, contrast level and (for telling-apart rules) simulated vision.
public struct AuditCheck: Sendable {
    public let policy: String
    public let rule: String
    /// The token set: the family id for a family's tokens, the app-level set's name for app tokens.
    public let family: String
    public let mode: Mode
    public let contrast: ContrastLevel
    /// The tokens as resolved for export (family, stop, opacity, color).
    public let foreground: ResolvedToken
    public let background: ResolvedToken
    public let method: String
    /// nil = normal vision.
    public let simulation: CVD?
    public let target: Double
    public let achieved: Double
    /// achieved − target.
    public var margin: Double { achieved - target }
    public var passed: Bool { achieved >= target }
}

/// One result of a policy's `check` function (a Lua policy's stop rules and check): pass or fail with a message.
public struct PolicyFinding: Sendable, Equatable {
    public let policy: String
    public let family: String
    /// The rule's name (`rule 2`, `check`).
    public let rule: String
    public let passed: Bool
    /// The achieved value (nil when the check gives none).
    public let value: Double?
    public let target: Double?
    public let message: String
    public init(policy: String, family: String, rule: String, passed: Bool, value: Double? = nil, target: Double? = nil,
                message: String) {
        self.policy = policy; self.family = family; self.rule = rule; self.passed = passed
        self.value = value; self.target = target; self.message = message
    }
}

/// The result of running a policy over a design system's token sets × modes × contrast levels.
public struct AuditReport: Sendable {
    public let policy: Policy
    public let checks: [AuditCheck]
    /// The results of the policy's `check` function, per family.
    public let findings: [PolicyFinding]
    public init(policy: Policy, checks: [AuditCheck], findings: [PolicyFinding] = []) {
        self.policy = policy; self.checks = checks; self.findings = findings
    }
    public var failures: [AuditCheck] { checks.filter { !$0.passed } }
    public var passed: Bool { checks.allSatisfy(\.passed) && findings.allSatisfy(\.passed) }
}

/// Runs policies over design systems.
///
/// A rule runs on every token set that defines all the tokens it names; a rule that no set can run is an
/// error (it would otherwise pass without checking anything). Translucent tokens are painted over their
/// background first (a translucent background over the set's page background), so each check measures what is
/// on screen.
public enum Audit {
    /// Audits exactly the tokens of `system` (the values a build exports).
    /// - Complexity: O(sets × rules × modes × levels × tokens²), one token set per task; the policy's `check`
    ///   runs once per family, serially.
    public static func run(_ policy: Policy, system: DesignSystem, extraSimulations: [CVD] = [],
                           core: Workbench = .standard) throws -> AuditReport {
        let sets = system.tokenSets
        for rule in policy.rules {
            switch rule.kind {
            case .contrast: _ = try core.contrastMethods.lookup(rule.method)
            case .distinct: _ = try core.deltaEMethods.lookup(rule.method)
            }
            let names = rule.foregrounds + rule.backgrounds
            guard !sets.isEmpty else { continue }
            if !sets.contains(where: { set in names.allSatisfy { set.token($0) != nil } }) {
                let missing = names.first { n in !sets.contains { $0.token(n) != nil } } ?? names[0]
                let known = (system.tokens + system.appTokens).map(\.id)
                throw PalettesError.invalidRule(policy: policy.id, rule: rule.name,
                    reason: "token '\(missing)' is not one this build defines\(Suggest.phrase(missing, among: known)) (known: \(known.joined(separator: ", "))); define it or name a token the build ships")
            }
        }
        let results = ResultBox<Result<[AuditCheck], any Error>>(count: sets.count)
        DispatchQueue.concurrentPerform(iterations: sets.count) { i in
            results.set(i, Result { try checks(policy, set: sets[i], system: system, extraSimulations: extraSimulations, core: core) })
        }
        var all: [AuditCheck] = []
        for i in sets.indices { all += try results.get(i).get() }
        var findings: [PolicyFinding] = []
        if let check = policy.check {
            for f in system.palette.families { findings += try check(f, system.palette.ramp(f.id)!) }
        }
        return AuditReport(policy: policy, checks: all, findings: findings)
    }

    /// Audits these families' ColorTokensKit tokens (their ramps from `palette`, else generated).
    public static func run(_ policy: Policy, families: [Family], extraSimulations: [CVD] = [],
                           workbench: PaletteWorkbench = .standard, palette: Palette = .standard) throws -> AuditReport {
        let functions = ColorFunctions(workbench: workbench, palette: palette)
        var ramps: [String: [RampColor]] = [:]
        for f in families where ramps[f.id] == nil { ramps[f.id] = try functions.ramp(for: f) }
        var seen = Set<String>()
        let system = try DesignSystem(palette: Palette(families: families.filter { seen.insert($0.id).inserted }, ramps: ramps))
        return try run(policy, system: system, extraSimulations: extraSimulations, core: workbench.core)
    }

    static func checks(_ policy: Policy, set: DesignSystem.TokenSet, system: DesignSystem, extraSimulations: [CVD],
                       core: Workbench) throws -> [AuditCheck] {
        var out: [AuditCheck] = []
        for rule in policy.rules {
            let fgs = rule.foregrounds.compactMap { set.token($0) }, bgs = rule.backgrounds.compactMap { set.token($0) }
            guard fgs.count == rule.foregrounds.count, bgs.count == rule.backgrounds.count else { continue }
            let sims: [CVD?] = rule.kind == .distinct
                ? [nil] + (rule.simulations + extraSimulations.filter { !rule.simulations.contains($0) }).map { Optional($0) }
                : [nil]
            for mode in rule.modes {
                for level in rule.contrastLevels {
                    let base = system.pageBackground(of: set, mode: mode, contrast: level)
                    for bgToken in bgs {
                        let bg = system.resolve(bgToken, in: set, mode: mode, contrast: level)
                        let bgColor = bg.color.composited(over: base)
                        for fgToken in fgs {
                            let fg = system.resolve(fgToken, in: set, mode: mode, contrast: level)
                            let fgColor = fg.color.composited(over: bgColor)
                            for sim in sims {
                                let f = sim?.simulate(fgColor) ?? fgColor, b = sim?.simulate(bgColor) ?? bgColor
                                let value: Double
                                switch rule.kind {
                                case .contrast: value = abs(try core.contrast(text: f.color, background: b.color, method: rule.method))
                                case .distinct: value = try core.deltaE(f.color, b.color, method: rule.method)
                                }
                                out.append(AuditCheck(policy: policy.id, rule: rule.name, family: set.name, mode: mode,
                                                      contrast: level, foreground: fg, background: bg, method: rule.method,
                                                      simulation: sim, target: rule.minimum, achieved: value))
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
