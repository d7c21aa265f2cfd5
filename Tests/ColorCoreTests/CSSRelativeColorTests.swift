import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorCore

/// CSS Color 5 relative color syntax and `light-dark()`. The value cases are WPT's
/// `css/css-color/parsing/color-valid-relative-color.html` and a selection of `color-computed-relative-color.html`,
/// the rejected inputs `color-invalid-relative-color.html` (Fixtures/css-relative-color.json names the commits). Cases we do not
/// pass are listed by id with a reason in css-known-failures.json; a listed case that passes is an issue too.
@Suite struct CSSRelativeColorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let input: String
        /// nil for an input that must be rejected.
        let expected: String?
        /// WPT's own epsilon for the case, when it gives one.
        let epsilon: Double?
        var testDescription: String { "\(id) \(input)" }
    }

    static func load(_ key: String) -> [Case] {
        guard let root = try? Fixtures().json("css-relative-color.json") as? [String: Any],
              let list = root[key] as? [[String: Any]] else { return [] }
        return list.compactMap { d in
            guard let id = d["id"] as? String, let input = d["input"] as? String else { return nil }
            return Case(id: id, input: input, expected: d["expected"] as? String,
                        epsilon: (d["epsilon"] as? NSNumber)?.doubleValue)
        }
    }

    static let cases = load("cases")
    static let computedCases = load("computed")
    static let invalidCases = load("invalid")
    static let knownFailures: [String: String] =
        ((try? Fixtures().reasons("css-known-failures.json")) ?? [:]).filter { $0.key.hasPrefix("wpt-rel-") }

    @Test func fixtureIsLoaded() {
        #expect(Self.cases.count == 1046)
        #expect(Self.computedCases.count == 68)
        #expect(Self.invalidCases.count == 131)
        let all = Self.cases + Self.computedCases + Self.invalidCases
        let ids = Set(all.map(\.id))
        #expect(ids.count == all.count)
        for id in Self.knownFailures.keys.sorted() where !ids.contains(id) {
            Issue.record("\(id) is listed in css-known-failures.json but is no case of css-relative-color.json")
        }
    }

    /// The printed tokens of an expected value (`0.098`, `none`…): the three components and the alpha.
    static func printedTokens(_ css: String) -> [String] {
        guard let open = css.firstIndex(of: "("), let close = css.lastIndex(of: ")") else { return [] }
        var words = css[css.index(after: open)..<close].split(whereSeparator: { $0 == " " || $0 == "/" }).map(String.init)
        if css.hasPrefix("color(") { words.removeFirst() }
        return words
    }

    /// Half a unit of the last decimal a token prints (at least 5e-6); 5e-6 for whole numbers.
    static func tolerance(_ token: String) -> Double {
        guard let dot = token.firstIndex(of: ".") else { return 5e-6 }  // whole numbers are exact
        let decimals = token.distance(from: dot, to: token.endIndex) - 1
        return max(5e-6, 0.5 * pow(10, -Double(decimals)))
    }

    /// What is wrong with a valid case's result (empty when it matches WPT's value).
    static func problems(_ c: Case) -> [String] {
        let wb = Workbench.standard
        guard let expectedText = c.expected else { return ["no expected value"] }
        let actual: Color, expected: Color
        do { actual = try wb.parse(c.input) } catch { return ["rejected: \(error)"] }
        do { expected = try wb.parse(expectedText) } catch { return ["expected value does not parse: \(error)"] }
        var out: [String] = []
        if actual.space != expected.space { out.append("space \(actual.space.rawValue), expected \(expected.space.rawValue)") }
        let tokens = printedTokens(expectedText)
        guard let space = try? wb.spaces.space(expected.space) else { return out + ["unknown space"] }
        for i in 0..<3 {
            let a = actual.coords[i], e = expected.coords[i]
            if e.isNaN { if !a.isNaN { out.append("component \(i) is \(a), expected none") }; continue }
            let t = c.epsilon ?? (i < tokens.count ? tolerance(tokens[i]) : 5e-6)
            var d = abs(a - e)
            if space.coordinates[i].isHue { d = abs((a - e).truncatingRemainder(dividingBy: 360)); d = min(d, 360 - d) }
            if !(d <= t) { out.append("component \(i) is \(a), expected \(e) ± \(t)") }
        }
        if expected.alpha.isNaN {
            if !actual.alpha.isNaN { out.append("alpha is \(actual.alpha), expected none") }
        } else {
            let t = c.epsilon ?? (tokens.count > 3 ? tolerance(tokens[3]) : 5e-6)
            if !(abs(actual.alpha - expected.alpha) <= t) { out.append("alpha is \(actual.alpha), expected \(expected.alpha)") }
        }
        // The serialized form is the expected value's function (`color(srgb` for rgb()/hsl()/hwb(), `lab(`…).
        let head = { (s: String) in
            s.hasPrefix("color(") ? String(s.prefix(while: { $0 != " " })) : String(s.prefix(while: { $0 != "(" }))
        }
        if head(wb.serialize(actual)) != head(expectedText) { out.append("serializes as \(wb.serialize(actual))") }
        return out
    }

    @Test(arguments: cases + computedCases)
    func parsesToTheWPTValue(_ c: Case) {
        let found = Self.problems(c)
        if let reason = Self.knownFailures[c.id] {
            #expect(!found.isEmpty, "\(c.id) is listed as a known failure (\(reason)) but passes: remove it from css-known-failures.json")
        } else {
            for p in found { Issue.record("\(c.id) \(c.input): \(p)") }
        }
    }

    @Test(arguments: invalidCases)
    func refusesTheWPTInvalidInput(_ c: Case) {
        let rejected = cssRejection(c.input) != nil
        if let reason = Self.knownFailures[c.id] {
            #expect(!rejected, "\(c.id) is listed as a known failure (\(reason)) but is rejected: remove it from css-known-failures.json")
        } else {
            #expect(rejected, "\(c.id) \(c.input) parses; WPT says it must not")
        }
    }

    @Test func theIssueExampleLightensInOKLCH() throws {
        let wb = Workbench.standard
        let base = try wb.convert(wb.parse("#00b386"), to: .oklch)
        let lighter = try wb.parse("oklch(from #00b386 calc(l + 0.1) c h)")
        #expect(abs(lighter.coords.x - (base.coords.x + 0.1)) < 1e-12)
        #expect(abs(lighter.coords.y - base.coords.y) < 1e-12)
        #expect(abs(lighter.coords.z - base.coords.z) < 1e-12)
        let halfAlpha = try wb.parse("rgb(from #00b386 r g b / 50%)")
        #expect(try wb.hex(halfAlpha) == "#00b38680")
    }

    @Test func channelKeywordsAreRefusedOutsideTheirColor() {
        #expect(cssRejection("rgb(r g b)")?.reason == "unexpected 'r' in 'rgb()'")
        #expect(cssRejection("lab(from red l a x)")?.reason
                == "unknown channel keyword 'x' in 'lab(from …)': this space has a, alpha, b, l")
        #expect(cssRejection("rgb(from red h s l)")?.reason
                == "unknown channel keyword 'h' in 'rgb(from …)': this space has alpha, b, g, r")
        #expect(cssRejection("rgb(from)")?.reason == "unexpected ')': expected a color name, #hex or a color function")
        #expect(cssRejection("rgb(from red r g)")?.reason == "expected 3 components, got 2")
        #expect(cssRejection("rgb(from red, r, g, b)") != nil)
        #expect(cssRejection("color(from red r g b)")?.reason == "unknown color space 'r'")
        #expect(cssRejection("color(from red lab l a b)")?.reason == "'lab' is not a color() space; write lab(…)")
        #expect(cssRejection("rgb(from currentcolor r g b)")?.reason
                == "'currentcolor' depends on the element it is used on and has no value here")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        var s = "red"
        for _ in 0..<40 { s = "rgb(from \(s) r g b)" }
        #expect(cssRejection(s)?.reason == "relative colors nested more than 32 levels deep")
        var ok = "red"
        for _ in 0..<30 { ok = "oklch(from \(ok) calc(l * 0.99) c h)" }
        #expect(cssRejection(ok) == nil)
    }

    @Test func lightDarkNeedsAScheme() throws {
        let wb = Workbench.standard
        #expect(cssRejection("light-dark(white, black)")?.reason
                == "light-dark() gives one color per appearance and stands for no single color here: write the light or the dark color (token files and CSS custom-property lists read both)")
        #expect(try wb.hex(wb.parse("light-dark(white, #102030)", colorScheme: .light)) == "#ffffff")
        #expect(try wb.hex(wb.parse("light-dark(white, #102030)", colorScheme: .dark)) == "#102030")
        let pair = try wb.parseSchemes("color-mix(in srgb, light-dark(#ff0000, #0000ff), white)")
        #expect(try wb.hex(pair.light) == "#ff8080")
        #expect(try wb.hex(pair.dark) == "#8080ff")
        let plain = try wb.parseSchemes("#00b386")
        #expect(plain.light == plain.dark)
        let rel = try wb.parseSchemes("rgb(from light-dark(#000000, #ffffff) r g b / 50%)")
        #expect(try wb.hex(rel.light) == "#00000080")
        #expect(try wb.hex(rel.dark) == "#ffffff80")
        #expect(cssRejection("light-dark(white)") != nil)
        #expect(throws: ColorCoreError.self) { try wb.parse("light-dark(white, black, red)", colorScheme: .light) }
    }
}
