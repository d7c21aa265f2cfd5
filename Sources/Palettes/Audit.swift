import Foundation
import ColorCore

/// One check of an audit: a foreground token against a background token for one family, mode, contrast
/// level and (for telling-apart rules) simulated vision.
public struct AuditCheck: Sendable {
    public let policy: String
    public let rule: String
    public let family: String
    public let mode: Mode
    public let contrast: ContrastLevel
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

/// The result of running a policy over families × modes × contrast levels.
public struct AuditReport: Sendable {
    public let policy: Policy
    public let checks: [AuditCheck]
    public var failures: [AuditCheck] { checks.filter { !$0.passed } }
    public var passed: Bool { checks.allSatisfy(\.passed) }
}

/// Runs policies over themes.
///
/// Translucent tokens are painted over their background first (a translucent background over
/// `backgroundPrimary` of the same mode), so each check measures what is on screen.
public enum Audit {
    /// - Complexity: O(families × rules × modes × levels × tokens²), one family per task.
    public static func run(_ policy: Policy, families: [Family], extraSimulations: [CVD] = [],
                           workbench: PaletteWorkbench = .standard, palette: Palette = .standard) throws -> AuditReport {
        let functions = ColorFunctions(workbench: workbench, palette: palette)
        let themes = try families.map { Theme(family: $0, ramp: try functions.ramp(for: $0)) }
        // Validate the policy once (unknown tokens or methods fail the whole run).
        for rule in policy.rules {
            for t in rule.foregrounds + rule.backgrounds { _ = try SemanticToken.named(t) }
            switch rule.kind {
            case .contrast: _ = try workbench.core.contrastMethods.lookup(rule.method)
            case .distinct: _ = try workbench.core.deltaEMethods.lookup(rule.method)
            }
        }
        let results = ResultBox<Result<[AuditCheck], any Error>>(count: themes.count)
        DispatchQueue.concurrentPerform(iterations: themes.count) { i in
            results.set(i, Result { try checks(policy, theme: themes[i], extraSimulations: extraSimulations, core: workbench.core) })
        }
        var all: [AuditCheck] = []
        for i in themes.indices { all += try results.get(i).get() }
        return AuditReport(policy: policy, checks: all)
    }

    static func checks(_ policy: Policy, theme: Theme, extraSimulations: [CVD], core: Workbench) throws -> [AuditCheck] {
        var out: [AuditCheck] = []
        for rule in policy.rules {
            let sims: [CVD?] = rule.kind == .distinct
                ? [nil] + (rule.simulations + extraSimulations.filter { !rule.simulations.contains($0) }).map { Optional($0) }
                : [nil]
            for mode in rule.modes {
                for level in rule.contrastLevels {
                    let base = theme.resolve(try SemanticToken.named("backgroundPrimary"), mode: mode, contrast: level).color
                    for bgID in rule.backgrounds {
                        let bg = theme.resolve(try SemanticToken.named(bgID), mode: mode, contrast: level)
                        let bgColor = bg.color.composited(over: base)
                        for fgID in rule.foregrounds {
                            let fg = theme.resolve(try SemanticToken.named(fgID), mode: mode, contrast: level)
                            let fgColor = fg.color.composited(over: bgColor)
                            for sim in sims {
                                let f = sim?.simulate(fgColor) ?? fgColor, b = sim?.simulate(bgColor) ?? bgColor
                                let value: Double
                                switch rule.kind {
                                case .contrast: value = abs(try core.contrast(text: f.color, background: b.color, method: rule.method))
                                case .distinct: value = try core.deltaE(f.color, b.color, method: rule.method)
                                }
                                out.append(AuditCheck(policy: policy.id, rule: rule.name, family: theme.family.id, mode: mode,
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
