import ColorScript
import Foundation
import Testing

/// The `huebench` module: values (checked against the core), and argument errors (their messages).
@Suite struct APITests {
    func eval(_ code: String) throws -> [String] {
        let (s, _) = try makeState()
        return try s.eval(code)
    }

    @Test func colorsMatchTheCore() throws {
        // WCAG 2.1: white on black is 21:1; #777 on white is 4.48:1 (WebAIM).
        #expect(try eval("string.format('%.2f', hb.color('white'):contrast('black'))") == ["21.00"])
        #expect(try eval("string.format('%.2f', hb.color('#777777'):contrast('#ffffff'))") == ["4.48"])
        #expect(try eval("hb.srgb(1, 0, 0):hex(), hb.color('oklch(70% 0.1 50)'):css()") == ["#ff0000", "oklch(0.7 0.1 50)"])
        #expect(try eval("hb.srgb(1, 0, 0) == hb.color('#f00'), hb.srgb(1, 0, 0) == hb.srgb(0, 0, 1)") == ["true", "false"])
        #expect(try eval("hb.oklch(0.9, 0.3, 140):in_gamut('srgb'), hb.oklch(0.9, 0.3, 140):map_gamut('srgb'):in_gamut('srgb')") == ["false", "true"])
        // A gray has a missing (nil) hue in OKLCH.
        #expect(try eval("select(3, hb.srgb(0.5, 0.5, 0.5):coords('oklch'))") == ["nil"])
        #expect(try eval("hb.srgb(0, 0, 0):mix(hb.srgb(1, 1, 1), 0.5, 'srgb'):hex()") == ["#808080"])
        // CSS Color 4 §12 through Workbench.interpolate: hue paths (WPT color-mix: hsl 120°/30° longer → 255°).
        #expect(try eval("hb.color('hsl(120deg 10% 20%)'):mix(hb.color('hsl(30deg 30% 40%)'), 0.5, 'hsl', 'longer'):coords('hsl')")
                .first.map { abs((Double($0) ?? 0) - 255) < 1e-9 } == true)
        #expect(try eval("string.format('%.4f', hb.color('#ff0000'):deltaE('#ff0000'))") == ["0.0000"])
    }

    @Test func batchMatchesPerColorCalls() throws {
        let r = try eval("""
        local t, b = {}, {}
        for i = 1, 50 do t[i] = hb.oklch(i / 50, 0.1, i * 7) b[i] = hb.oklch(1 - i / 60, 0.05, i * 11) end
        local tb, bb = hb.map_gamut(hb.buffer(t), 'srgb'), hb.map_gamut(hb.buffer(b), 'srgb')
        local m = hb.matrix(tb, bb, {method = 'wcag21'})
        local worst = 0
        for i = 1, 50 do for j = 1, 50 do
          worst = math.max(worst, math.abs(m:get(i, j) - tb:get(i):contrast(bb:get(j))))
        end end
        return worst < 1e-5, m:rows(), #tb
        """)
        #expect(r == ["true", "50", "50"])
    }

    /// (code, the message it must produce after "api:1: ")
    static let argumentErrors: [(String, String)] = [
        ("hb.oklch('x', 0.1, 50)", "hb.oklch: argument 1 (l) must be a number, got string \"x\""),
        ("hb.srgb(1, {}, 0)", "hb.srgb: argument 2 (g) must be a number, got table"),
        ("hb.color(42)", "hb.color: argument 1 (css) must be CSS color text such as \"oklch(70% 0.1 50)\" or \"#ff8800\", got number 42"),
        ("hb.color('oklch(70% 0.1')", "hb.color: argument 1 (css) must be a color or CSS color text, got string \"oklch(70% 0.1\""),
        ("hb.srgb(1, 0, 0):to('cmyk')", "color:to: argument 1 (space): unknown color space 'cmyk'"),
        ("hb.srgb(1, 0, 0):to()", "color:to: argument 1 (space) must be a color space name such as \"srgb\" or \"oklch\", got nil"),
        ("hb.srgb(1, 0, 0):contrast('white', 'wcag3')", "color:contrast: argument 2 (method): unknown contrast method 'wcag3'; known: wcag21, apca"),
        ("hb.srgb(1, 0, 0):contrast(5)", "color:contrast: argument 1 (background) must be a color or CSS color text, got number 5"),
        ("hb.srgb(1, 0, 0):mix(hb.srgb(0, 0, 0), 'half')", "color:mix: argument 2 (t) must be a number, got string \"half\""),
        ("hb.srgb(1, 0, 0).hex()", "color:hex: call it with ':' on a color"),
        ("hb.srgb(1, 0, 0):map_gamut('srgb', 'nope')", "color:map_gamut: argument 2 (method): unknown gamut-mapping method 'nope'"),
        // A color whose conversion overflows is the color's fault, not the method's.
        ("hb.color('color(srgb 1e300 0 0)'):map_gamut('srgb')", "color:map_gamut: color(srgb 1e300 0 0): cannot gamut-map a color whose conversion to OKLCH overflows"),
        ("hb.buffer('red')", "hb.buffer: argument 1 (colors) must be a table, got string \"red\""),
        // A NaN in a buffer is a missing component, and Float32 holds ±3.4e38: an overflow is refused where it enters.
        ("hb.buffer{'color(srgb 1e300 0 0)'}", "hb.buffer: argument 1 (colors), item 1: coordinate 1e+300 in srgb is beyond the Float32 range (±3.4e38); use {precision = \"f64\"} or smaller coordinates"),
        ("hb.buffer({'red', 'color(srgb 1e300 0 0)'}, 'oklch', {precision = 'f64'})", "hb.buffer: argument 1 (colors), item 2: its conversion to oklch overflows (a coordinate too large for srgb); use coordinates of a displayable size"),
        ("hb.map_gamut(hb.buffer({'red', 'lab(50 1e300 1e300)'}, 'lab', {precision = 'f64'}), 'srgb')", "hb.map_gamut: argument 1 (buffer), color 2: cannot gamut-map a color whose conversion to OKLCH overflows"),
        // Float32 math overflows where Double does not (chroma 1e30 cubed): refused, naming the color.
        ("hb.convert(hb.buffer({'#fff', 'oklch(0.5 1e30 30)'}, 'oklch'), 'srgb')", "hb.convert: argument 1 (buffer), color 2: its conversion to srgb overflows Float32 (a coordinate comes out infinite or not a number); use coordinates of a displayable size, or an f64 buffer"),
        ("hb.simulate(hb.buffer({'#fff', 'oklch(0.5 1e30 30)'}, 'oklch'), 'protan')", "hb.simulate: argument 1 (buffer), color 2: its conversion to linear sRGB overflows Float32 (a channel comes out infinite or not a number); use coordinates of a displayable size, or an f64 buffer"),
        ("hb.simulate(hb.buffer({'#fff', 'lab(50 1e300 1e300)'}, 'lab', {precision = 'f64'}), 'protan')", "hb.simulate: argument 1 (buffer), color 2: cannot simulate a color whose conversion to linear sRGB overflows (a coordinate too large for lab); use coordinates of a displayable size"),
        ("hb.buffer{'#fff', 3}", "hb.buffer: argument 1 (colors), item 2 must be a color or CSS color text, got number 3"),
        ("hb.matrix(hb.buffer{'#fff'}, 'x')", "hb.matrix: argument 2 (background) must be a buffer (make one with hb.buffer{…}), got string \"x\""),
        ("hb.matrix(hb.buffer{'#fff'}, hb.buffer{'#000'}, {method = 'nope'})", "hb.matrix: argument 3 (options.method): unknown matrix method 'nope'"),
        ("hb.buffer{'#fff'}:get(2)", "buffer:get: argument 1 (index) must be a whole number in 1…1, got number 2"),
        ("hb.family{hue = 20}", "hb.family: argument 1 (spec): field 'name' must be a non-empty string, got nil"),
        ("hb.family{name = 'x', generator = 'magic'}", "unknown ramp generator 'magic'"),
        ("hb.family{name = 'x', chroma = true}", "hb.family: argument 1 (spec): field 'chroma' must be a number, a list of numbers, a curve (hb.curve.*), a color or text, got boolean true"),
        ("hb.families.orange:stop(75)", "family:stop: argument 1 (stop): stop 75 is not in scale 'ctk' of family 'orange' (stops 50, 100, 150, 200, …, 950, 1000)"),
        ("local _ = hb.families.nope", "hb.families: no family 'nope'"),
        ("hb.export('nope', {})", "hb.export: argument 1 (name): unknown format 'nope'; known: xcassets, swift, css, dtcg, android, svg, png, report"),
        ("hb.register_exporter{name = 'e'}", "hb.register_exporter: argument 1 (spec): field 'write' must be a function(doc, out), got nil"),
    ]

    @Test func argumentErrorsSayWhichFunctionArgumentExpectedAndGiven() throws {
        let (s, _) = try makeState()
        for (code, expected) in Self.argumentErrors {
            let e = errorOf(s, code, name: "api")
            #expect(e?.description.hasPrefix("api:1: ") == true, "\(code) → \(String(describing: e))")
            #expect(e?.description.contains(expected) == true, "\(code) → \(String(describing: e))")
        }
    }

    @Test func pcallSeesAPIErrorsWithTheScriptLocation() throws {
        let (s, printed) = try makeState()
        try s.run(source: "local ok, e = pcall(hb.oklch, 'x')\nprint(ok, e)", name: "p")
        #expect(printed.text == "false\thb.oklch: argument 1 (l) must be a number, got string \"x\"\n"
                || printed.text.hasPrefix("false\tp:1: hb.oklch"))
    }

    @Test func errorsNameFileAndLineAndCarryATraceback() throws {
        let dir = tempFolder()
        let path = dir + "/bad.lua"
        try "local hb = require 'huebench'\nlocal function f()\n  return hb.oklch(nil, 'c', 1)\nend\nf()\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (s, _) = try makeState()
        do { try s.run(file: path); Issue.record("no error") } catch let ColorScriptError.script(message, traceback, _) {
            #expect(message == "\(path):3: hb.oklch: argument 2 (c) must be a number, got string \"c\"")
            #expect(traceback.contains("stack traceback"))
            #expect(traceback.contains("bad.lua:5"))
        }
    }

    @Test func syntaxErrorsNameFileAndLine() throws {
        let (s, _) = try makeState()
        let e = errorOf(s, "local x = \nprint(", name: "syn")
        #expect(e?.description.hasPrefix("syn:2:") == true, "\(String(describing: e))")
    }
}
