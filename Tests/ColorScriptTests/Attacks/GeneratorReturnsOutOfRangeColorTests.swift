import ColorScript
import Foundation
import Testing

/// A Lua generator returning chroma 1e300 used to give #000000 (and crashed `TokenMath.fixed4` before that):
/// generator results are range-checked where they are read, and the error names the generator, the family and
/// the stop, at the script's line.
struct GeneratorReturnsOutOfRangeColorTests {
    static func generator(_ bad: String) -> String {
        """
        hb.register_generator{name = "broken", generate = function(spec)
          local t = {}
          for i = 1, 20 do t[i] = hb.oklch(0.97 - i * 0.04, 0.1, spec.hue) end
          t[9] = \(bad)
          return t
        end}
        """
    }

    @Test(arguments: [
        ("hb.oklch(0.5, 1e300, 30)", "chroma C = 1e+300"),
        ("hb.oklch(0.5, 1/0, 30)", "chroma C = inf"),
        ("hb.oklch(-0.5, 0.1, 30)", "lightness L = -0.5"),
        ("hb.oklch(2, 0.1, 30)", "lightness L = 2.0"),
        ("hb.oklch(0.5, 0.1, 1/0)", "hue h = inf"),
        ("hb.oklch(0.5, -0.5, 30)", "chroma C = -0.5"),
    ])
    func isAnErrorNamingGeneratorFamilyAndStop(_ c: (String, String)) throws {
        let (s, _) = try makeState()
        try s.run(source: Self.generator(c.0), name: "gen.lua")
        let e = try #require(errorOf(s, "local f = hb.family{name = 'acme', generator = 'broken', hue = 30}\nprint(f:stop(450):hex())", name: "use.lua"))
        #expect(e.description.hasPrefix("use.lua:1: "), "\(e)")
        #expect(e.description.contains("ramp generator 'broken' (family 'acme') returned at stop _450 \(c.1)"), "\(e)")
        #expect(!e.description.contains("\n"))
    }

    @Test func inRangeResultsStillWork() throws {
        let (s, printed) = try makeState()
        try s.run(source: Self.generator("hb.oklch(0.6, 0.12, 30)"), name: "gen.lua")
        try s.run(source: "print(hb.family{name = 'acme', generator = 'broken', hue = 30}:stop(450):to('oklch'):css())", name: "use.lua")
        #expect(printed.text == "oklch(0.6 0.12 30)\n", "\(printed.text)")
    }
}
