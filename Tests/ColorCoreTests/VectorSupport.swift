import Foundation
import HuebenchTestSupport
@testable import ColorCore

/// Loading and comparing the published test vectors (Fixtures/*.json, copied from the shared vector set with
/// their `meta`: sources, commits and conventions). Every case is run; a case that does not pass must be listed
/// in Fixtures/vector-skips.json with its reason, and every listed case must fail to pass (the list is exact).
enum Vectors {
    static let fixtures = Fixtures().folder

    /// The result of one case (or one sub-case `id#method` of a multi-method case).
    enum Outcome {
        case pass
        /// Not run: something it needs is not implemented (a method, a space); the message says what.
        case unsupported(String)
        /// Ran and disagreed (or threw); the message has the numbers.
        case fail(String)
        var passed: Bool { if case .pass = self { return true } else { return false } }
    }

    static func load(_ name: String) throws -> [[String: Any]] { try Fixtures().cases(name) }

    /// The skip list: id → reason.
    static func skips() throws -> [String: String] { try Fixtures().reasons("vector-skips.json", key: "skips") }

    static func number(_ v: Any?) -> Double? {
        if let n = v as? NSNumber { return n.doubleValue }
        return nil
    }

    /// Whether `actual` meets `expected` under a case's tolerance: `abs` (absolute; 0 means exact up to
    /// 1e-12 relative, as the fixture notes say), `sig_digits` (equal when both are rounded to that many
    /// significant digits: half a unit in the last digit, 1e-5 absolute for an expected 0), or `round`
    /// (rounded to that many decimals). Hues compare on the circle.
    static func close(_ actual: Double, _ expected: Double, tolerance t: [String: Any], isHue: Bool = false) -> Bool {
        guard actual.isFinite else { return false }
        var d = abs(actual - expected)
        if isHue { d = min(d, abs(360 - d)) }
        let slack = 1e-12 * max(1, abs(expected))
        if let a = number(t["abs"]) { return d <= a + slack }
        if let n = number(t["sig_digits"]) {
            // ColorAide's serializer: n significant digits but never more than n decimals
            // (0.041162 prints as 0.04116); checked against every `peer_actual` in conversions.json.
            let decimals = expected == 0 ? n : min(n, n - 1 - floor(log10(abs(expected))))
            return d <= 0.5 * pow(10, -decimals) + slack
        }
        if let n = number(t["round"]) { return d <= 0.5 * pow(10, -n) + slack }
        return d <= slack
    }

    /// Compares coordinates: `null` expects missing (NaN), `"*"` is not checked.
    static func compare(_ actual: SIMD3<Double>, _ expected: [Any], tolerance: [String: Any],
                        hueIndex: Int?) -> String? {
        for i in 0..<3 {
            let e = expected[i]
            if let s = e as? String, s == "*" { continue }
            if e is NSNull {
                if !actual[i].isNaN { return "coord \(i): expected missing (none), got \(actual[i])" }
                continue
            }
            guard let ev = number(e) else { return "coord \(i): unreadable expectation" }
            if !close(actual[i], ev, tolerance: tolerance, isHue: i == hueIndex) {
                return "coord \(i): expected \(ev), got \(actual[i])"
            }
        }
        return nil
    }

    /// CSS functions and predefined `color()` spaces the vectors use that name a space Huebench does not
    /// implement (e.g. `jzazbz(…)`, `color(--hsluv …)`, `color(acescc …)`), or nil when the input's space exists.
    static func unimplementedSpace(in css: String, _ wb: Workbench) -> String? {
        let s = css.trimmingCharacters(in: .whitespaces).lowercased()
        guard let open = s.firstIndex(of: "(") else { return nil }
        var name = String(s[..<open])
        if name == "color" {
            let rest = s[s.index(after: open)...].drop { $0 == " " }
            name = String(rest.prefix { $0 != " " && $0 != ")" })
            if name.hasPrefix("--") { name.removeFirst(2) }
        }
        let functions: Set<String> = ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch"]
        if functions.contains(name) || wb.spaces.spaces.contains(name) { return nil }
        return name
    }

    static func describe(_ v: SIMD3<Double>) -> String { "[\(v.x), \(v.y), \(v.z)]" }
}
