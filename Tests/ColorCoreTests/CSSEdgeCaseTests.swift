import Foundation
import Testing
@testable import ColorCore

/// Named edge cases of the CSS parser and serializer, and a deterministic fuzz run.
@Suite struct CSSEdgeCaseTests {
    let wb = Workbench.standard


    @Test func emptyAndWhitespace() {
        #expect(cssRejection("")?.reason == "empty color string")
        #expect(cssRejection("")?.position == 0)
        #expect(cssRejection("   \t\n")?.reason == "no color: only whitespace")
        #expect(cssRejection("   ")?.position == 3)
    }

    @Test func hashAlone() {
        let r = cssRejection("#")
        #expect(r?.position == 0)
        #expect(r?.reason.contains("hex digits") == true)
        #expect(cssRejection("#12")?.reason == "expected 3, 4, 6 or 8 hex digits after '#', got 2")
        #expect(cssRejection("#12345g")?.position == 6)
    }

    @Test func unterminatedFunctions() {
        let r = cssRejection("rgb(")
        #expect(r?.reason == "missing ')' to close 'rgb('")
        #expect(r?.position == 4)
        #expect(cssRejection("rgb(1 2 3")?.position == 9)
        #expect(cssRejection("lab(50 calc(1 + 2) 0")?.reason == "missing ')' to close 'lab('")
        #expect(cssRejection("oklch(0.5 calc(1 + 0.1 0)")?.reason.contains("calc") == true)
    }

    @Test func messagesNameTheProblem() {
        #expect(cssRejection("rgb(1, 2, 3))")?.reason == "unexpected ')' after the color")
        #expect(cssRejection("rgb(1, 2, 3))")?.position == 12)
        #expect(cssRejection("lab(0% 0 0 10%)")?.reason.hasPrefix("expected 3 components, got 4") == true)
        #expect(cssRejection("color(foo 1 2 3)")?.reason == "unknown color space 'foo'")
        #expect(cssRejection("color(foo 1 2 3)")?.position == 6)
        #expect(cssRejection("rgb(10%, 20, 30%)")?.reason == "mixing numbers and percentages in legacy rgb()")
        #expect(cssRejection("rgb(10%, 20, 30%)")?.position == 9)
        #expect(cssRejection("notacolor")?.reason == "unknown color name 'notacolor'")
        #expect(cssRejection("rgb(1 2)")?.reason == "expected 3 components, got 2")
        #expect(cssRejection("hsl(none, 30%, 50%)")?.reason.contains("'none' is not allowed") == true)
        #expect(cssRejection("color(lab 1 2 3)")?.reason.contains("write lab(") == true)
        #expect(cssRejection("rgb(1px 2 3)")?.reason.contains("unknown unit 'px'") == true)
        let e = ColorCoreError.invalidCSS(input: "rgb(1, 2, 3))", reason: "unexpected ')' after the color", position: 12)
        #expect(e.description == "invalid color 'rgb(1, 2, 3))': unexpected ')' after the color at 12")
    }

    @Test func hugeNumbers() throws {
        // Large finite numbers are kept (and clamped where CSS clamps at parse time).
        #expect(try wb.parse("color(srgb 1e308 -1e308 0)").coords == SIMD3(1e308, -1e308, 0))
        #expect(wb.serialize(try wb.parse("rgb(99999999999999999999 -5 0 / 1e30)")) == "rgb(255, 0, 0)")
        #expect(try wb.parse("lab(1e300 0 0)").coords.x == 100)
        // CSS's own infinities stay (WPT serializes them): the constant, and a division by zero.
        #expect(wb.serialize(try wb.parse("color(srgb calc(infinity) 0 0)")) == "color(srgb calc(Infinity) 0 0)")
        #expect(wb.serialize(try wb.parse("color(srgb calc(-1 / 0) 0 0)")) == "color(srgb calc(-Infinity) 0 0)")
        let big6 = wb.serialize(try wb.parse("oklab(0.5 123456789 0.0000012345678)"))
        #expect(big6 == "oklab(0.5 123457000 0.00000123457)", "\(big6)")
        // Below half a unit of the 6th decimal a component is conversion noise and prints as 0.
        #expect(wb.serialize(try wb.parse("oklab(0.5 0.00000012345678 0)")) == "oklab(0.5 0 0)")
    }

    /// A number literal beyond the Double range became an infinite coordinate (`color(srgb 1e309 0 0)`: JSON
    /// `null`) or, clamped to the largest Double, overflowed every conversion; a calc() step or an angle unit
    /// that overflows did the same. They are refused, naming the number and what to write.
    @Test func numbersBeyondTheDoubleRangeAreRefused() throws {
        let cases: [(String, String, Int)] = [
            ("color(srgb 1e309 0 0)", "number '1e309' is out of range (beyond ±1.8e308); use a finite number", 11),
            ("oklch(0.5 0.1 1e400)", "number '1e400' is out of range (beyond ±1.8e308); use a finite number", 14),
            ("color(srgb 0 -1e400 0)", "number '-1e400' is out of range (beyond ±1.8e308); use a finite number", 13),
            ("rgb(1e309 0 0)", "number '1e309' is out of range (beyond ±1.8e308); use a finite number", 4),
            ("lab(1e999% 0 0)", "number '1e999' is out of range (beyond ±1.8e308); use a finite number", 4),
            ("oklch(0.5 0.1 1e400deg)", "number '1e400' is out of range (beyond ±1.8e308); use a finite number", 14),
            ("color-mix(in oklch, red 1e400%, blue)", "number '1e400' is out of range (beyond ±1.8e308); use a finite number", 24),
            ("oklch(0.5 0.1 1e308turn)", "angle '1e308turn' is out of range in degrees (beyond ±1.8e308); use a smaller angle", 14),
            ("oklch(0.5 0.1 calc(1e308turn))", "angle '1e308turn' is out of range in degrees (beyond ±1.8e308); use a smaller angle", 19),
            ("color(srgb calc(1e308 * 10) 0 0)", "'*' in calc() overflows (its result is beyond ±1.8e308); use smaller numbers", 22),
            ("color(srgb calc(1e308 + 1e308) 0 0)", "'+' in calc() overflows (its result is beyond ±1.8e308); use smaller numbers", 22),
            ("color(srgb calc(-1e308 - 1e308) 0 0)", "'-' in calc() overflows (its result is beyond ±1.8e308); use smaller numbers", 23),
            ("color(srgb calc(1e300 / 1e-300) 0 0)", "'/' in calc() overflows (its result is beyond ±1.8e308); use smaller numbers", 22),
            ("oklch(from red l c calc(h * 1e307))", "'*' in calc() overflows (its result is beyond ±1.8e308); use smaller numbers", 26),
        ]
        for (input, reason, position) in cases {
            let r = cssRejection(input)
            #expect(r?.reason == reason, "\(input): \(String(describing: r))")
            #expect(r?.position == position, "\(input): \(String(describing: r))")
        }
        do { _ = try wb.parse("color(srgb 1e309 0 0)"); Issue.record("1e309 was accepted") } catch {
            #expect("\(error)" == "invalid color 'color(srgb 1e309 0 0)': number '1e309' is out of range (beyond ±1.8e308); use a finite number at 11")
        }
    }

    @Test func noneEverywhere() throws {
        for s in ["rgb(none none none / none)", "hsl(none none none / none)", "hwb(none none none / none)",
                  "lab(none none none / none)", "lch(none none none / none)", "oklab(none none none / none)",
                  "oklch(none none none / none)", "color(display-p3 none none none / none)", "jzazbz(none none none / none)"] {
            let c = try wb.parse(s)
            #expect(c.coords.x.isNaN && c.coords.y.isNaN && c.coords.z.isNaN && c.alpha.isNaN, "\(s)")
        }
        #expect(wb.serialize(try wb.parse("rgb(none none none / none)")) == "rgba(0, 0, 0, 0)")
        #expect(wb.serialize(try wb.parse("oklch(none none none / none)")) == "oklch(none none none / none)")
        // A none hue survives conversion as missing: converting reads it as 0, the result keeps its own hue rule.
        let gray = try wb.convert(try wb.parse("oklch(0.5 0 none)"), to: .srgb)
        #expect(!gray.coords.x.isNaN && abs(gray.coords.x - gray.coords.z) < 1e-9)
    }

    @Test func blackWhiteAndOutOfGamut() throws {
        #expect(wb.serialize(try wb.parse("black")) == "rgb(0, 0, 0)")
        #expect(wb.serialize(try wb.parse("WHITE")) == "rgb(255, 255, 255)")
        #expect(wb.serialize(try wb.parse("transparent")) == "rgba(0, 0, 0, 0)")
        #expect(wb.serialize(try wb.parse("#ff000080")) == "rgba(255, 0, 0, 0.5)")
        #expect(try wb.hex(try wb.parse("rebeccapurple")) == "#663399")
        #expect(try wb.hex(try wb.parse("#ABCD")) == "#aabbccdd")
        #expect(try wb.hex(try wb.parse("color(srgb 1.2 -0.1 0.5)")) == "#ff0080")
        #expect(try wb.hex(try wb.parse("oklch(0.628 0.2577 29.23)")) == "#ff0000")
        #expect(wb.serialize(try wb.parse("color(srgb 1.2 -0.1 0.5)")) == "color(srgb 1.2 -0.1 0.5)")
        #expect(wb.serialize(try wb.parse("rgb(300 -20 128)")) == "rgb(255, 0, 128)")
        #expect(CSSNamedColors.table.count == 148)
    }

    @Test func caseInsensitiveAndAngles() throws {
        #expect(wb.serialize(try wb.parse("RGBA(255, 0, 0, 50%)")) == "rgba(255, 0, 0, 0.5)")
        #expect(wb.serialize(try wb.parse("OKLCH(0.5 0.1 0.5TURN)")) == "oklch(0.5 0.1 180)")
        #expect(wb.serialize(try wb.parse("lch(50 10 200grad)")) == "lch(50 10 180)")
        #expect(wb.serialize(try wb.parse("lch(50 10 3.14159265358979rad)")) == "lch(50 10 180)")
        #expect(wb.serialize(try wb.parse("oklch(0.5 0.1 calc(pi * 1rad))")) == "oklch(0.5 0.1 180)")
        #expect(try wb.parse("lab(calc(e * 10) 0 0)").coords.x == M_E * 10)
        #expect(wb.serialize(try wb.parse("color(srgb calc((0.25 + 0.25) * 2) calc(1 / (2 + 2)) 0)")) == "color(srgb 1 0.25 0)")
        #expect(wb.serialize(try wb.parse("color(srgb calc(NaN) 0 0)")) == "color(srgb calc(NaN) 0 0)")
        #expect(wb.serialize(try wb.parse("color(--jzazbz 0.1 0 0)")) == "jzazbz(0.1 0 0)")
        #expect(wb.serialize(Color(.hsv, 10, 20, 30)) == "color(--hsv 10 20 30)")
        #expect(wb.serialize(Color(.hsl, 400, 20, 30, alpha: 0.25)) == "hsl(40 20 30 / 0.25)")
        #expect(try Color(css: "lime") == Color(.srgb, 0, 1, 0))
    }

    @Test func calcNestingIsCapped() {
        let deep = String(repeating: "calc(", count: 40) + "1" + String(repeating: ")", count: 40)
        #expect(cssRejection("color(srgb \(deep) 0 0)")?.reason.contains("nested") == true)
        let parens = "color(srgb calc(" + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + ") 0 0)"
        #expect(cssRejection(parens)?.reason.contains("nested") == true)
        #expect(cssRejection("calc(1)") != nil)
    }

    /// A 64-bit linear congruential generator (Knuth's MMIX constants): deterministic on every platform.
    struct LCG {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    }

    /// 10⁵ strings (random printable characters, and mutations and truncations of the vector inputs): no
    /// crash, every failure an `invalidCSS` whose position lies inside the string (or at its end).
    @Test func fuzz() throws {
        let url = CSSVectorTests.fixtures.appendingPathComponent("css-parse.json")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let seeds = ((root?["cases"] as? [[String: Any]]) ?? []).compactMap { $0["input"] as? String }
        #expect(seeds.count > 400)
        let alphabet = Array(" ()/,.%+-*#0123456789eEabcdfghlnoprstuwxyzk-_\t\u{00E9}\u{1F600}".unicodeScalars)
        let tokens = ["calc(", "none", "rgb(", "(", ")", "/", ",", "%", "deg", "e", "-", "+", " ", "1e400", "--", "#"]
        var rng = LCG(state: 0x5EED)
        var accepted = 0
        for n in 0..<100_000 {
            var s: [Unicode.Scalar]
            switch n % 4 {
            case 0:
                s = (0..<rng.below(24)).map { _ in Unicode.Scalar(UInt8(32 + rng.below(95))) }
            case 1:
                s = (0..<rng.below(24)).map { _ in alphabet[rng.below(alphabet.count)] }
            default:
                s = Array(seeds[rng.below(seeds.count)].unicodeScalars)
                for _ in 0...rng.below(3) {
                    let at = rng.below(s.count + 1)
                    switch rng.below(4) {
                    case 0: if !s.isEmpty { s.remove(at: Swift.min(at, s.count - 1)) }
                    case 1: s.insert(alphabet[rng.below(alphabet.count)], at: at)
                    case 2: s.insert(contentsOf: tokens[rng.below(tokens.count)].unicodeScalars, at: at)
                    default: s = Array(s.prefix(at))
                    }
                }
            }
            var str = String.UnicodeScalarView()
            str.append(contentsOf: s)
            let input = String(str)
            do {
                let c = try wb.parse(input)
                _ = wb.serialize(c)
                accepted += 1
            } catch let ColorCoreError.invalidCSS(i, _, position) {
                if i != input || position < 0 || position > s.count {
                    Issue.record("bad error for '\(input)': position \(position) of \(s.count)")
                }
            } catch {
                Issue.record("non-CSS error for '\(input)': \(error)")
            }
        }
        print("fuzz: 100000 strings, \(accepted) parsed, the rest rejected with in-range positions")
    }
}

/// The examples of docs/reference/css.md, so the documentation cannot drift from the code.
@Suite struct CSSDocExamplesTests {
    @Test(arguments: [
        ("hsl(120 30% 50% / 0.5)", "rgba(89, 166, 89, 0.5)"),
        ("oklch(0.7 0.15 -340deg)", "oklch(0.7 0.15 20)"),
        ("color(display-p3 100% 50% calc(0.25 * 2))", "color(display-p3 1 0.5 0.5)"),
        ("lab(120 -20 none / 150%)", "lab(100 -20 none)"),
        ("oklch(62.8% 0.2577 29.23)", "oklch(0.628 0.2577 29.23)"),
    ])
    func example(_ input: String, _ expected: String) throws {
        #expect(Workbench.standard.serialize(try Workbench.standard.parse(input)) == expected)
    }

    @Test func hexExample() throws {
        #expect(try Workbench.standard.hex(try Workbench.standard.parse("oklch(62.8% 0.2577 29.23)")) == "#ff0000")
    }
}

/// Issue 14 (wrong results): out-of-range numbers in CSS colors.
@Suite struct CSSRangeTests {
    let wb = Workbench.standard

    /// CSS Color 4 §5.1: rgb() channels are clamped to 0…255 at parsed-value time (not only when serialized).
    @Test func legacyRGBClampsAtParseTime() throws {
        let c = try wb.parse("rgb(300 0 0)")
        #expect(c.coords == SIMD3(1, 0, 0))
        #expect(try wb.parse("rgba(-20, 510, 128, 2)").coords == SIMD3(0, 1, 128.0 / 255))
        #expect(try wb.parse("rgb(150% -5% 50%)").coords == SIMD3(1, 0, 0.5))
        #expect(try wb.parse("rgb(none 300 0)").coords.x.isNaN, "none stays missing")
        // The clamp changes what a conversion sees: rgb(300 0 0) is red, not a brighter-than-red color.
        let red = try wb.spaces.convert(try wb.parse("red"), to: .oklch)
        #expect(try wb.spaces.convert(c, to: .oklch) == red)
        // color(srgb …) is not legacy syntax: extended values survive.
        #expect(try wb.parse("color(srgb 1.2 -0.1 0.5)").coords == SIMD3(1.2, -0.1, 0.5))
    }

    /// The recursive parts of the parser (calc() parentheses and functions, nested color-mix) stop at a fixed
    /// depth with an error instead of exhausting the stack.
    @Test func deepNestingIsAnErrorNotACrash() {
        let depth = 30_000
        for s in ["oklch(calc(" + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + ") 0 0)",
                  "oklch(" + String(repeating: "calc(", count: depth) + "1" + String(repeating: ")", count: depth) + " 0 0)",
                  String(repeating: "color-mix(in srgb, ", count: depth) + "red" + String(repeating: ", blue)", count: depth)] {
            #expect(throws: ColorCoreError.self) { _ = try wb.parse(s) }
        }
        #expect(CSSParser.maxDepth == 32)
    }
}

/// A color text of hundreds of megabytes (`hb.color` on a 400 MB string took 3.4 GB) is refused before the
/// tokenizer allocates anything; the cap is 1 MiB of UTF-8.
@Suite struct HugeColorTextTests {
    @Test func refusedBeforeTokenizing() {
        let huge = "#" + String(repeating: "0", count: (1 << 20) + 7)
        let e = #expect(throws: ColorCoreError.self) { try Color(css: huge) }
        #expect(e == .invalidCSS(input: huge, reason: "the text is 1048584 bytes; a CSS color is at most 1048576 bytes (1 MiB)",
                                 position: 1 << 20))
        #expect(e.map { "\($0)" }?.count ?? 0 < 200)
    }

    @Test func justUnderTheCapIsParsedNormally() {
        // 1 MiB of spaces around a color is still a color (whitespace is allowed around it).
        let padded = String(repeating: " ", count: (1 << 20) - 10) + "#00b386"
        #expect(throws: Never.self) { try Color(css: padded) }
    }
}
