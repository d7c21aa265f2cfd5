import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorCore

/// Runs every case of css-parse.json and css-serialize.json (WPT css-color, Color.js, ColorAide, culori; see
/// each file's `meta`). Cases we do not pass are listed with a reason in css-known-failures.json; the tests
/// assert that the failing set is exactly that list, so a regression and a new pass both show up.
@Suite struct CSSVectorTests {
    static let fixtures = Fixtures().folder

    static func load(_ name: String) throws -> [[String: Any]] { try Fixtures().cases(name) }

    static func knownFailures() throws -> [String: String] { try Fixtures().reasons("css-known-failures.json") }

    let wb = Workbench.standard

    /// Absolute tolerance for an expected value: half a unit in the last of `sig` significant digits, or
    /// 1e-9 (relative to the magnitude, at least 1e-9) when the case gives none.
    static func tolerance(_ expected: Double, sig: Int?) -> Double {
        let mag = Swift.max(abs(expected), 1e-300)
        guard let sig else { return Swift.max(1e-9, 1e-9 * mag) }
        let unit = pow(10, floor(log10(mag)) - Double(sig - 1))
        return Swift.max(0.5 * unit + 1e-12, 1e-9)
    }

    static func matches(_ actual: Double, _ expected: Any, sig: Int?) -> Bool {
        if expected is NSNull { return actual.isNaN }
        if let s = expected as? String { return s == "*" }
        guard let e = (expected as? NSNumber)?.doubleValue else { return false }
        if actual.isNaN { return false }
        return abs(actual - e) <= tolerance(e, sig: sig)
    }

    /// Returns nil when the case passes, else what went wrong.
    func checkParse(_ c: [String: Any]) -> String? {
        guard let input = c["input"] as? String, let valid = c["valid"] as? Bool else { return "malformed case" }
        let color: Color
        do {
            color = try wb.parse(input)
        } catch let ColorCoreError.invalidCSS(_, reason, position) {
            if position < 0 || position > input.unicodeScalars.count { return "error position \(position) outside input" }
            return valid ? "rejected: \(reason) at \(position)" : nil
        } catch {
            return "unexpected error \(error)"
        }
        if !valid { return "accepted invalid input as \(color)" }
        let sig = (c["tolerance"] as? [String: Any])?["sig_digits"] as? Int
        if let exp = c["expected"] as? [String: Any] {
            if let space = exp["space"] as? String {
                let want = (try? wb.spaces.canonicalID(space)) ?? ColorSpaceID(space)
                if want != color.space { return "space \(color.space), expected \(space)" }
            }
            if let coords = exp["coords"] as? [Any] {
                for (i, e) in coords.enumerated() where i < 3 {
                    if !Self.matches(color.coords[i], e, sig: sig) { return "coord \(i) = \(color.coords[i]), expected \(e)" }
                }
            }
            if let a = exp["alpha"], !Self.matches(color.alpha, a, sig: sig) {
                return "alpha = \(color.alpha), expected \(a)"
            }
        }
        if let sers = c["expected_serialization"] as? [String] {
            let s = wb.serialize(color)
            if !sers.contains(s) { return "serialized '\(s)', expected \(sers)" }
        }
        return nil
    }

    @Test func parseVectors() throws {
        let cases = try Self.load("css-parse.json")
        let known = try Self.knownFailures()
        var failing: [String: String] = [:]
        for c in cases {
            let id = c["id"] as? String ?? "?"
            if let why = checkParse(c) { failing[id] = why }
        }
        let passed = cases.count - failing.count
        print("css-parse: \(passed)/\(cases.count) pass (\(String(format: "%.1f", 100 * Double(passed) / Double(cases.count)))%)")
        let parseKnown = Set(known.keys.filter { $0.contains("-parse-") })
        for (id, why) in failing.sorted(by: { $0.key < $1.key }) where !parseKnown.contains(id) {
            Issue.record("\(id) fails and is not a known failure: \(why)")
        }
        for id in parseKnown.sorted() where failing[id] == nil {
            Issue.record("\(id) is listed as a known failure but passes: remove it from css-known-failures.json")
        }
        #expect(Double(passed) / Double(cases.count) >= 0.98)
    }

    /// Serializes one case; nil when it passes.
    func checkSerialize(_ c: [String: Any]) -> String? {
        guard let expected = c["expected"] as? [String] else { return "malformed case" }
        var color: Color
        if let s = c["input"] as? String {
            do { color = try wb.parse(s) } catch { return "parse failed: \(error)" }
        } else if let d = c["input"] as? [String: Any], let space = d["space"] as? String,
                  let coords = d["coords"] as? [Any] {
            let v = coords.map { ($0 as? NSNumber)?.doubleValue ?? .nan }
            color = Color(ColorSpaceID(space), v[0], v[1], v[2], alpha: (d["alpha"] as? NSNumber)?.doubleValue ?? 1)
        } else {
            return "malformed input"
        }
        let out = wb.serialize(color)
        return expected.contains(out) ? nil : "got '\(out)', expected \(expected)"
    }

    @Test func serializeVectors() throws {
        let cases = try Self.load("css-serialize.json")
        let known = try Self.knownFailures()
        // Only the CSS Color 4 / CSSOM specified-value cases are the spec's serialization; the other cases record
        // Color.js, ColorAide and culori's own output styles, which Huebench does not produce: they are not run.
        var cssomTotal = 0, cssomPass = 0, otherTotal = 0
        var failing: [String: String] = [:]
        for c in cases {
            let id = c["id"] as? String ?? "?"
            guard (c["style"] as? String) == "cssom-specified-value" else { otherTotal += 1; continue }
            cssomTotal += 1
            if let why = checkSerialize(c) { failing[id] = why } else { cssomPass += 1 }
        }
        print("css-serialize (cssom-specified-value): \(cssomPass)/\(cssomTotal) pass; \(otherTotal) library-style cases not run")
        let serKnown = Set(known.keys.filter { $0.contains("-ser-") })
        for (id, why) in failing.sorted(by: { $0.key < $1.key }) where !serKnown.contains(id) {
            Issue.record("\(id) fails and is not a known failure: \(why)")
        }
        for id in serKnown.sorted() where failing[id] == nil {
            Issue.record("\(id) is listed as a known failure but passes: remove it from css-known-failures.json")
        }
        #expect(Double(cssomPass) / Double(cssomTotal) >= 0.98)
    }
}
