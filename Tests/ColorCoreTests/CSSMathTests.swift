import Foundation
import Testing
@testable import ColorCore

/// CSS Values 4 math functions in color components (https://drafts.csswg.org/css-values-4/#math): values,
/// the special cases of §10.5–10.9, type errors and the nesting cap. `color(srgb …)` keeps its components
/// unclamped, so it shows a function's raw value; a top-level NaN is stored as 0 and flagged `calc(NaN)`.
@Suite struct CSSMathTests {
    let wb = Workbench.standard

    /// The three components of `color(srgb <a> <b> <c>)`.
    func values(_ a: String, _ b: String = "0", _ c: String = "0") throws -> [Double] {
        let color = try wb.parse("color(srgb \(a) \(b) \(c))")
        return [color.coords.x, color.coords.y, color.coords.z]
    }

    /// Whether component 0 of `color(srgb <a> 0 0)` was a top-level NaN (stored as 0).
    func isCensoredNaN(_ a: String) throws -> Bool {
        let color = try wb.parse("color(srgb \(a) 0 0)")
        return color.coords.x == 0 && color.cssSyntax?.isCalcNaN(0) == true
    }

    @Test func steppedValueFunctions() throws {
        #expect(try values("round(2.5)", "round(-2.5)", "round(2.4)") == [3, -2, 2])  // a tie goes up
        #expect(try values("round(up, 2.1, 1)", "round(down, -2.1, 1)", "round(to-zero, -2.7, 1)") == [3, -3, -2])
        #expect(try values("round(7, 5)", "round(8, 5)", "round(8, -5)") == [5, 10, 10])
        #expect(try values("mod(-7, 3)", "rem(-7, 3)", "mod(7, -3)") == [2, -1, -2])
        #expect(try values("round(5, infinity)", "round(up, 5, infinity)", "mod(5, infinity)") == [0, .infinity, 5])
        #expect(try isCensoredNaN("round(7, 0)"))
        #expect(try isCensoredNaN("mod(5, 0)"))
        #expect(try isCensoredNaN("rem(infinity, 3)"))
        #expect(try isCensoredNaN("mod(-5, infinity)"))  // opposite signs
        #expect(try values("mod(-5, -infinity)", "calc(1 / mod(-0, infinity))", "rem(-5, infinity)") == [-5, .infinity, -5])
        #expect(try values("calc(round(nearest, 10deg, 4deg) / 1deg)")[0] == 12)
    }

    @Test func exponentialAndSignFunctions() throws {
        #expect(try values("pow(2, 10)", "sqrt(16)", "hypot(3, 4)") == [1024, 4, 5])
        let logs = try values("log(8, 2)", "exp(0)", "calc(log(e))")
        #expect(abs(logs[0] - 3) < 1e-15 && logs[1] == 1 && abs(logs[2] - 1) < 1e-15)
        #expect(try values("abs(-3)", "sign(-5)", "sign(0.25)") == [3, -1, 1])
        #expect(try abs(values("hypot(1e200, 1e200)")[0] / (1e200 * 2.0.squareRoot()) - 1) < 1e-15)  // no overflow
        #expect(try isCensoredNaN("sqrt(-1)"))
        #expect(try isCensoredNaN("log(-1)"))
        #expect(try isCensoredNaN("hypot(infinity, NaN)"))
        #expect(try values("log(0)")[0] == -.infinity)
        #expect(try values("pow(10, 400)")[0] == .infinity)
    }

    @Test func trigonometricFunctions() throws {
        let v = try values("sin(90deg)", "cos(pi)", "tan(0.25turn - 0.25turn)")
        #expect(abs(v[0] - 1) < 1e-15 && abs(v[1] + 1) < 1e-15 && v[2] == 0)
        // asin/acos/atan/atan2 give angles: a hue takes them as they are, a number needs them divided away.
        #expect(try abs(wb.parse("lch(50 10 atan2(1, 1))").coords.z - 45) < 1e-12)
        #expect(try abs(wb.parse("lch(50 10 acos(0))").coords.z - 90) < 1e-12)
        #expect(try abs(values("calc(asin(1) / 1deg)")[0] - 90) < 1e-12)
        #expect(try isCensoredNaN("calc(acos(2) / 1deg)"))
        // Angle units and typed division inside calc() (WPT: sin(l * (50rad / (50deg * (180 / pi))))).
        #expect(try abs(values("sin(50rad / (50deg * (180 / pi)))")[0] - sin(1)) < 1e-12)
    }

    @Test func typeErrorsAreRejected() {
        #expect(cssRejection("color(srgb pow(2deg, 2) 0 0)")?.reason == "pow() takes numbers, not angles")
        #expect(cssRejection("color(srgb sin(10%) 0 0)")?.reason == "sin() takes a number or an angle, not a percentage")
        #expect(cssRejection("lch(50 10 round(10deg))")?.reason
                == "round() of an angle needs the rounding interval as its second argument")
        #expect(cssRejection("color(srgb mod(1, 2deg) 0 0)")?.reason == "mod() arguments must all have the same type")
        #expect(cssRejection("color(srgb calc(1deg * 1deg) 0 0)")?.reason == "cannot multiply angle by angle in calc()")
        #expect(cssRejection("color(srgb calc(1 / 1deg) 0 0)")?.reason == "cannot divide number by angle in calc()")
        #expect(cssRejection("color(srgb pow(2) 0 0)")?.reason == "pow() takes 2 arguments, got 1")
        #expect(cssRejection("color(srgb clamp(1, 2) 0 0)")?.reason == "clamp() takes 3 arguments, got 2")
        #expect(cssRejection("color(srgb round(sideways, 1, 2) 0 0)")?.reason == "unknown constant 'sideways' in calc()")
        #expect(cssRejection("color(srgb round(up 1, 2) 0 0)")?.reason == "expected ',' after the rounding strategy 'up' in round()")
        #expect(cssRejection("color(srgb foo(1) 0 0)")?.reason == "unsupported function 'foo()' inside 'color()'")
        #expect(cssRejection("color(srgb calc(abs(1) + foo(1)) 0 0)")?.reason == "unsupported function 'foo()' in calc()")
    }

    @Test func nestingIsCapped() {
        var ok = "1"
        for _ in 0..<30 { ok = "abs(\(ok))" }
        #expect(cssRejection("color(srgb \(ok) 0 0)") == nil)
        var deep = "1"
        for _ in 0..<40 { deep = "sign(\(deep))" }
        #expect(cssRejection("color(srgb \(deep) 0 0)")?.reason == "math functions nested more than 32 levels deep")
        var parens = "1"
        for _ in 0..<40 { parens = "(\(parens))" }
        #expect(cssRejection("color(srgb calc\(parens) 0 0)")?.reason == "math functions nested more than 32 levels deep")
        // A long flat expression is linear work, not recursion.
        let flat = "calc(" + Array(repeating: "sin(1)", count: 20_000).joined(separator: " + ") + ")"
        #expect(cssRejection("color(srgb \(flat) 0 0)") == nil)
    }

    @Test func channelKeywordsFeedMathFunctions() throws {
        let c = try wb.parse("oklch(from oklch(0.6 0.1 200) clamp(0.7, l, 0.9) max(c, 0.15) round(h, 90))")
        #expect(c.coords.x == 0.7 && c.coords.y == 0.15 && c.coords.z == 180)
        let r = try wb.parse("rgb(from rgb(10 20 30) calc(r * 2) pow(g, 1) mod(b, 7))")
        #expect(abs(r.coords.x - 20.0 / 255) < 1e-12 && abs(r.coords.y - 20.0 / 255) < 1e-12 && abs(r.coords.z - 2.0 / 255) < 1e-12)
    }
}
