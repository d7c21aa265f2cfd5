import ColorScript
import Foundation
import Testing

/// Every Lua table argument rejects unknown fields with a did-you-mean, and numbers are range-checked: a typo is
/// an error naming the function, never a silently ignored value (the pink ramp from `color = …`).
@Suite struct StrictArgumentTests {
    /// (code, the whole message after `api:1: `), word for word.
    static let cases: [(String, String)] = [
        ("hb.register_family{name = 'p', color = '#00B386'}", "hb.register_family: unknown field 'color' (did you mean 'anchor'?)"),
        ("hb.family{name = 'p', anchor = {color = '#00B386', stp = 500}}", "hb.family: field 'anchor': unknown field 'stp' (did you mean 'stop'?)"),
        ("hb.family{name = 'p', anchor = {color = '#00B386', stop = 75}}", "hb.family: field 'anchor': stop _75 is not in scale 'ctk' (stops 50, 100, 150, 200, …, 950, 1000)"),
        ("hb.register_family{name = 'p', hue = 10, chroam = 0.1}",
         "hb.register_family: unknown field 'chroam' (did you mean 'chroma'?)"),
        ("hb.family{name = 'p', generator = 'uniform-lstar', hue = 10, gamutMargn = 0.9}",
         "hb.family: unknown field 'gamutMargn' (did you mean 'gamutMargin'?)"),
        ("hb.register_family{name = 'p', generator = 'uniform-lstar', hue = 10, gamutMargin = -1}",
         "hb.register_family: ramp generator 'uniform-lstar' parameter 'gamutMargin': -1 is outside 0…1"),
        ("hb.register_family{name = 'p', hue = 10, lightness = 1/0}",
         "hb.register_family: ramp generator 'oklch-curves' parameter 'lightness' at _50: inf is not a finite number; give a finite value"),
        ("hb.register_family{name = 'p', hue = 10, chroma = hb.curve.points{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}}",
         "hb.register_family: ramp generator 'oklch-curves': parameter 'chroma' has 19 values for 20 stops (scale 'ctk'); give one value per stop (20) or at most 10 evenly spaced control points"),
        ("hb.curve.bell{base = 0, peek = 1}", "hb.curve.bell: unknown field 'peek' (did you mean 'peak'?)"),
        ("hb.curve.ease{from = 1, to = 0, exponnt = 2}", "hb.curve.ease: unknown field 'exponnt' (did you mean 'exponent'?)"),
        ("hb.theme{family = 'orange', tokns = {}}", "hb.theme: unknown field 'tokns' (did you mean 'tokens'?)"),
        ("hb.theme{family = 'orange', tokens = {{name = 'x', light = 100, dark = 900, rol = 'text'}}}",
         "hb.theme: argument 1 (spec): field 'tokens', item 1: unknown field 'rol' (did you mean 'role'?)"),
        ("hb.theme{family = 'orange', tokens = {{name = 'x', light = 1/0, dark = 900}}}",
         "hb.theme: argument 1 (spec): field 'tokens', item 1: field 'light' must be a stop (a whole number ≥ 0 or a stop name), got inf"),
        ("hb.build{families = {'orange'}, polcy = 'wcag-aa'}", "hb.build: unknown field 'polcy' (did you mean 'policy'?)"),
        ("hb.theme{familes = {'gray'}, tokens = {}}", "hb.theme: unknown field 'familes' (did you mean 'families'?)"),
        ("hb.theme{families = {'gray'}, tokens = {a = {family = 'grey', light = 50, dark = 900, role = 'text'}}}",
         "hb.theme: argument 1 (spec): token 'a': family 'grey' is not one of the theme's families (gray) (did you mean 'gray'?)"),
        ("hb.theme{families = {'gray'}, tokens = {a = {light = 50, dark = 900, role = 'text'}}}",
         "hb.theme: argument 1 (spec): token 'a' names no family; in a theme of several families every token says which one it takes its colors from (family = \"gray\")"),
        ("hb.build{families = {'gray'}, prefix = '2x'}",
         "hb.build: argument 1 (spec): field 'prefix' must be ASCII letters, digits and single '-', starting with a letter, such as \"acme\", got \"2x\""),
        ("hb.register_policy{name = 'p', rules = {{foreground = 'foregroundPrimary', background = 'backgroundPrimary', minimum = 4.5}}}",
         "hb.register_policy: argument 1 (spec): rule 1: unknown field 'minimum'; known fields: background, backgrounds, contrast, foreground, foregrounds, kind, levels, method, min, mode, modes, name, simulations, text"),
        ("hb.register_policy{name = 'p', rules = {{text = 900, background = 50, min = 7, methd = 'apca'}}}",
         "hb.register_policy: argument 1 (spec): rule 1: unknown field 'methd' (did you mean 'method'?)"),
        ("hb.register_policy{name = 'p', rules = {{foreground = 'foregroundPrimary', background = 'backgroundPrimary', min = 0/0}}}",
         "hb.register_policy: argument 1 (spec): rule 1: field 'min': nan is not a finite number; give a finite value"),
        ("hb.register_generator{name = 'g', generate = function() end, sumary = 'x'}",
         "hb.register_generator: unknown field 'sumary' (did you mean 'summary'?)"),
        ("hb.register_exporter{name = 'e', write = function() end, extention = 'txt'}",
         "hb.register_exporter: unknown field 'extention' (did you mean 'extension'?)"),
        ("hb.sweep{generator = 'uniform-lstar', params = {gamutMargin = {from = 0.5, to = 1, step = 3}}}",
         "hb.sweep: argument 1 (spec): params.gamutMargin: unknown field 'step' (did you mean 'steps'?)"),
        ("hb.sweep{generator = 'uniform-lstar', top = 1/0}",
         "hb.sweep: argument 1 (spec): field 'top': inf is not a finite number; give a finite value"),
        ("hb.sweep{generatr = 'uniform-lstar'}", "hb.sweep: unknown field 'generatr' (did you mean 'generator'?)"),
        ("hb.matrix(hb.buffer{'white'}, hb.buffer{'black'}, {methd = 'apca'})",
         "hb.matrix: argument 3 (options): unknown field 'methd' (did you mean 'method'?)"),
    ]

    @Test func unknownFieldsAndBadNumbersAreErrorsWordForWord() throws {
        let (s, _) = try makeState()
        for (code, expected) in Self.cases {
            let e = errorOf(s, code, name: "api")?.description
            #expect(e == "api:1: " + expected, "\(code)")
        }
    }

    @Test func aCorrectSpecStillWorks() throws {
        let (s, _) = try makeState()
        try s.run(source: """
            local f = hb.register_family{ name = "ok", generator = "uniform-lstar", hue = 160, gamutMargin = 0.9, chromaScale = 1.1 }
            local g = hb.family{ name = "ok2", hue = 20, chroma = hb.curve.points{ 0.02, 0.09, 0.12, 0.09, 0.04 },
                                 lightness = hb.curve.ease{ from = 0.97, to = 0.25, exponent = 1.3 } }
            assert(f:stop(500) and g:stop(500))
            -- anchors: CSS text at the nearest stop, or a color at a given stop; the ramp passes through it exactly
            local a = hb.family{ name = "brand", anchor = "#00B386" }
            local found = false
            for _, s in ipairs(a:stops()) do if s.color:hex() == "#00b386" then found = true end end
            assert(found, "anchor not in the ramp")
            local b = hb.register_family{ name = "brand2", generator = "contrast-targets", anchor = { color = hb.color("#00B386"), stop = 500 } }
            assert(b:stop(500):hex() == "#00b386", b:stop(500):hex())
            """, name: "ok")
    }

    /// Generators describe themselves: the declarations the checks use, listed to scripts.
    @Test func generatorsListTheirParameters() throws {
        let (s, _) = try makeState()
        #expect(try s.eval("local g = hb.generators() return #g, g[1].name, g[1].parameters[4].name, g[1].parameters[4].min, g[1].parameters[4].max, g[1].parameters[4].default")
                == ["5", "uniform-lstar", "gamutMargin", "0.0", "1.0", "0.98"])
        #expect(try s.eval("local g = hb.generators() return g[3].name, g[3].parameters[1].name, g[3].parameters[1].kind")
                == ["oklch-curves", "lightness", "per-stop"])
    }
}
