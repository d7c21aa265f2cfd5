import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorCore

/// Runs every case of interpolation-steps.json (Color.js / ColorAide 7-step ramps) and color-mix.json (WPT
/// css-color `color-mix()` computed values); see each file's `meta`. Cases we do not pass are listed with a reason
/// in interpolation-known-failures.json, and the tests assert that the failing set is exactly that list.
@Suite struct InterpolationVectorTests {
    static let fixtures = Fixtures().folder
    let wb = Workbench.standard

    static func load(_ name: String) throws -> [[String: Any]] { try Fixtures().cases(name) }

    static func knownFailures() throws -> [String: String] { try Fixtures().reasons("interpolation-known-failures.json") }

    /// Asserts that the failing ids are exactly the known failures of this file (prefix), and reports the rate.
    static func assertExact(_ failing: [String: String], total: Int, prefix: String, label: String) throws {
        let known = Set(try knownFailures().keys.filter { $0.hasPrefix(prefix) })
        let passed = total - failing.count
        print("\(label): \(passed)/\(total) pass")
        for (id, why) in failing.sorted(by: { $0.key < $1.key }) where !known.contains(id) {
            Issue.record("\(id) fails and is not a known failure: \(why)")
        }
        for id in known.sorted() where failing[id] == nil {
            Issue.record("\(id) is listed as a known failure but passes: remove it from interpolation-known-failures.json")
        }
    }

    // MARK: interpolation-steps.json

    /// nil when the ramp matches within the case's absolute tolerance.
    func checkSteps(_ c: [String: Any]) -> String? {
        guard let from = c["from"] as? String, let to = c["to"] as? String, let space = c["space"] as? String,
              let count = c["steps"] as? Int, let expected = c["expected_srgb"] as? [[NSNumber]],
              let tol = (c["tolerance"] as? [String: Any])?["abs"] as? NSNumber else { return "malformed case" }
        let hue = HueInterpolation(rawValue: c["hue"] as? String ?? "") ?? .shorter
        do {
            let ramp = try wb.steps(from: try wb.parse(from), to: try wb.parse(to), count: count,
                                    in: ColorSpaceID(space), hue: hue)
            guard ramp.count == expected.count else { return "\(ramp.count) steps, expected \(expected.count)" }
            for (k, color) in ramp.enumerated() {
                let rgb = try wb.convert(color, to: .srgb).coords
                for i in 0..<3 where !(abs(rgb[i] - expected[k][i].doubleValue) <= tol.doubleValue) {
                    return "step \(k) channel \(i): \(rgb[i]), expected \(expected[k][i]) (± \(tol))"
                }
            }
        } catch {
            return "threw \(error)"
        }
        return nil
    }

    @Test func stepsVectors() throws {
        let cases = try Self.load("interpolation-steps.json")
        #expect(cases.count == 21)
        var failing: [String: String] = [:]
        for c in cases {
            let id = c["id"] as? String ?? "?"
            if let why = checkSteps(c) { failing[id] = why }
        }
        try Self.assertExact(failing, total: cases.count, prefix: "steps-", label: "interpolation-steps")
    }

    // MARK: color-mix.json

    /// The WPT fuzzy comparison: |actual − expected| ≤ ε·max(1, |expected|), ε = 1e-4 (0.1 where the case says
    /// so); hues compare on the circle; `none` must match `none`.
    static func close(_ a: Double, _ e: Double, epsilon: Double, isHue: Bool) -> Bool {
        if e.isNaN || a.isNaN { return e.isNaN && a.isNaN }
        var d = abs(a - e)
        if isHue { d = min(d, abs(360 - d)) }
        return d <= epsilon * max(1, abs(e))
    }

    func checkMix(_ c: [String: Any]) -> String? {
        guard let input = c["input"] as? String, let want = c["expected_computed"] as? String,
              let compare = c["compare"] as? String else { return "malformed case" }
        let epsilon = compare.contains("this case 0.1") ? 0.1 : 1e-4
        do {
            let got = try wb.parse(input)
            let exp = try wb.parse(want)
            guard got.space == exp.space else { return "space \(got.space), expected \(exp.space) (\(wb.serialize(got)))" }
            let meta = try wb.spaces.space(got.space).coordinates
            for i in 0..<3 where !Self.close(got.coords[i], exp.coords[i], epsilon: epsilon, isHue: meta[i].isHue) {
                return "coord \(i): got \(wb.serialize(got)), expected \(want)"
            }
            if !Self.close(got.alpha, exp.alpha, epsilon: epsilon, isHue: false) {
                return "alpha: got \(wb.serialize(got)), expected \(want)"
            }
        } catch {
            return "threw \(error)"
        }
        return nil
    }

    @Test func colorMixVectors() throws {
        let cases = try Self.load("color-mix.json")
        #expect(cases.count == 44)
        var failing: [String: String] = [:]
        for c in cases {
            let id = c["id"] as? String ?? "?"
            if let why = checkMix(c) { failing[id] = why }
        }
        try Self.assertExact(failing, total: cases.count, prefix: "wpt-mix-", label: "color-mix")
    }
}
