import ColorCore
import ColorExport
import ColorScript
import Foundation
import Palettes
import Testing

/// Lua registrations become the Swift registry entries the built-ins are, and call back into their state.
@Suite struct PluginEntryTests {
    static let generator = """
    hb.register_generator{
      name = "steps", summary = "equal OKLCH lightness steps",
      generate = function(spec)
        local out = {}
        for i = 1, 20 do out[i] = hb.oklch(0.96 - (i - 1) * 0.036, spec.chroma or 0.04, spec.hue) end
        return out
      end,
    }
    """

    @Test func aLuaGeneratorIsARampGeneratorCallableFromSwiftAndFromManyThreads() throws {
        let (s, _) = try makeState()
        try s.run(source: Self.generator, name: "gen.lua")
        #expect(s.palettes.generators.ids.last == "steps")
        let f = Family(id: "x", hue: 120, generator: "steps", parameters: ["chroma": .number(0.05)])
        let ramp = try s.palettes.ramp(for: f)
        #expect(ramp.count == 20)
        #expect(abs(ramp[0].oklch.x - 0.96) < 1e-12 && abs(ramp[19].oklch.x - (0.96 - 19 * 0.036)) < 1e-12)
        #expect(abs(ramp[5].oklch.y - 0.05) < 1e-12 && abs(ramp[5].oklch.z - 120) < 1e-9)
        // PaletteWorkbench.palette generates families concurrently: the Lua calls are serialized by the state's lock.
        let families = (0..<24).map { Family(id: "h\($0)", hue: Double($0 * 15), generator: "steps") }
        let p = try s.palettes.palette(families)
        for (i, fam) in families.enumerated() {
            #expect(abs(p.ramp(fam.id)![3].oklch.z - Double(i * 15)) < 1e-9)
        }
        // Scripts use it through hb.family, families registered on it are ordinary Families.
        try s.run(source: "local f = hb.register_family{name = 'mint-steps', generator = 'steps', hue = 170}\nprint(f:stop(50):css())", name: "fam.lua")
        #expect(try s.palettes.families.lookup("mint-steps").generator == "steps")
    }

    @Test func generatorMistakesNameTheGeneratorAndFile() throws {
        let (s, _) = try makeState()
        try s.run(source: "hb.register_generator{name = 'short', generate = function() return {hb.srgb(1, 0, 0)} end}", name: "bad.lua")
        #expect {
            _ = try s.palettes.ramp(for: Family(id: "y", hue: 0, generator: "short"))
        } throws: { "\($0)" == "bad.lua: generator 'short' must return a list of 20 colors (scale 'ctk', _50 first), got a list of 1" }
        try s.run(source: "hb.register_generator{name = 'boom', generate = function() error('no colors today') end}", name: "boom.lua")
        #expect {
            _ = try s.palettes.ramp(for: Family(id: "y", hue: 0, generator: "boom"))
        } throws: { "\($0)".hasPrefix("boom.lua:1: no colors today") }
        // Inside a script the error carries the script's own line too, and the host keeps working.
        let e = errorOf(s, "local ok, err = pcall(hb.family, {name = 'z', generator = 'short'})\nprint(ok)\nhb.family{name = 'z', generator = 'short'}", name: "use.lua")
        #expect(e?.description.contains("use.lua:3:") == true, "\(String(describing: e))")
    }

    @Test func aLuaExporterIsAnExporterWritingThroughTheOutputFolder() throws {
        let (s, _) = try makeState()
        try s.run(source: """
        hb.register_exporter{
          name = "names", extension = "txt",
          write = function(doc, out)
            for _, f in ipairs(doc.families) do out:line(f.name, " ", #f.stops, " ", f.stops[10].hex) end
            out:file("extra/tokens.txt"):write(#doc.tokens[1].tokens)
          end,
        }
        hb.register_exporter{ name = "broken", write = function(doc, out) out:line("half") error("disk full?") end }
        """, name: "exp.lua")
        #expect(s.exporters.ids.suffix(2) == ["names", "broken"])
        let doc = try ExportDocument.fromPalette(families: [Family.builtins[6]], workbench: s.palettes,
                                                 build: BuildInfo(version: "t", source: "t", command: "t"))
        let folder = OutputFolder()
        try Exporters.run(["names"], registry: s.exporters, document: doc, into: folder)
        #expect(folder.text("names.txt") == "orange 20 \(doc.families[0].stops[9].color.hex)\n")
        #expect(folder.text("extra/tokens.txt") == "20")
        let f2 = OutputFolder()
        #expect(throws: ColorScriptError.self) { try Exporters.run(["broken"], registry: s.exporters, document: doc, into: f2) }
        #expect(f2.paths.isEmpty)
    }

    @Test func hbExportRunsBuiltInAndPluginExporters() throws {
        let dir = tempFolder()
        let (s, printed) = try makeState(output: dir)
        try s.run(source: """
        local f = hb.family{name = "sea", hue = 220}
        local path, n = hb.export("css", {f, hb.families.orange})
        print(path, n)
        """, name: "e.lua")
        #expect(printed.text == "huebench.css\t1\n")
        try s.commitOutputs()
        let css = try String(contentsOfFile: dir + "/huebench.css", encoding: .utf8)
        #expect(css.contains("--hb-sea-500: ") && css.contains("--hb-orange-foreground-primary: "))
    }

    @Test func aLuaPolicyIsAPolicyWithItsScriptChecksKeptInLua() throws {
        let (s, _) = try makeState()
        try s.run(source: """
        hb.register_policy{
          name = "mine",
          rules = {
            { name = "text", foreground = "foregroundPrimary", background = {"backgroundPrimary", "backgroundSecondary"}, min = 7, modes = "light" },
            { text = 1000, background = 50, min = 15 },
          },
          check = function(ctx) return ctx.family.name ~= "gray", "gray is not welcome" end,
        }
        """, name: "pol.lua")
        let p = try s.palettes.policies.lookup("mine")
        #expect(p.rules.count == 1 && p.rules[0].modes == [.light] && p.rules[0].backgrounds.count == 2 && p.rules[0].minimum == 7)
        let fams = [Family.gray, Family.builtins[6]]
        let report = try Audit.run(p, families: fams, workbench: s.palettes)
        #expect(report.checks.count == 2 * 2 * 2)
        let extra = try s.policyChecks("mine", families: fams)
        #expect(extra.map(\.rule) == ["rule 2", "check", "rule 2", "check"])
        #expect(extra[1].passed == false && extra[1].message == "gray is not welcome" && extra[3].passed)
        #expect(extra[0].value! > 15 && extra[0].passed)
        #expect(!s.hasPolicyChecks("wcag-aa"))
    }

    @Test func themesResolvePerModeAndContrastLevelAsPalettesDoes() throws {
        let (s, printed) = try makeState()
        try s.run(source: """
        local t = hb.theme{ family = hb.families.orange }
        for _, m in ipairs({"light", "dark"}) do
          for _, l in ipairs({"standard", "high"}) do
            local c, stop = t:resolve("foregroundSecondary", m, l)
            local s2 = t:resolve("surfacePrimary", m, l)
            print(m, l, stop, c:hex(), s2:alpha())
          end
        end
        local custom = hb.theme{ family = "blue", tokens = { "backgroundPrimary", { name = "link", light = 600, dark = 300 } } }
        print(#custom:tokens("dark"), custom:tokens("dark")[2].stop, custom:tokens("light", "high")[2].stop)
        """, name: "theme.lua")
        let theme = try Theme(family: Family.builtins[6])
        var expected = ""
        for m in Mode.allCases {
            for l in ContrastLevel.allCases {
                let r = try theme.resolve(try SemanticToken.named("foregroundSecondary"), mode: m, contrast: l)
                expected += "\(m.rawValue)\t\(l.rawValue)\t\(r.stop.label)\t\(try Workbench.standard.hex(Color(.oklch, coords: r.color.oklch)))\t0.5\n"
            }
        }
        // A custom "link" token guesses the text role from nothing: background; high contrast leaves it.
        #expect(printed.text == expected + "2\t300\t600\n")
    }

    /// An app theme: tokens that name their family, with states, resolved exactly as a build's app-level tokens.
    @Test func appThemesResolveTokensFromTheirOwnFamilies() throws {
        let (s, printed) = try makeState()
        try s.run(source: """
        local danger = hb.register_family{ name = "danger", hue = 25 }
        local t = hb.theme{ families = { danger, "gray" }, tokens = {
          backgroundPrimary = { family = "gray", light = 50, dark = 1000, role = "background" },
          textError = { family = "danger", light = 700, dark = 300, light_high = 800, dark_high = 200, role = "text" },
          fillDanger = { family = "danger", light = 600, dark = 400, role = "fill", states = { hover = 1, pressed = 2, disabled = { opacity = 0.38 } } },
        } }
        print(tostring(t))
        for _, m in ipairs({"light", "dark"}) do
          for _, l in ipairs({"standard", "high"}) do
            for _, name in ipairs({"textError", "fillDanger", "fillDangerHover", "fillDangerPressed", "fillDangerDisabled", "backgroundPrimary"}) do
              local c, stop = t:resolve(name, m, l)
              print(m, l, name, stop, c:hex(), c:alpha())
            end
          end
        end
        """, name: "app-theme.lua")
        // The same tokens through the library: a DesignSystem's app-level set.
        let wb = s.palettes
        let danger = try wb.families.lookup("danger"), gray = Family.gray
        let app = [
            SemanticToken("backgroundPrimary", light: Stop(50), dark: Stop(1000), role: .background, family: "gray"),
            SemanticToken("fillDanger", light: Stop(600), dark: Stop(400), role: .fill, family: "danger"),
        ]
        var tokens = [SemanticToken("textError", light: Stop(700), dark: Stop(300), lightHigh: Stop(800), darkHigh: Stop(200), role: .text, family: "danger")]
        tokens += app[1].withStates([TokenState("disabled", opacity: 0.38), TokenState("hover", steps: 1), TokenState("pressed", steps: 2)])
        tokens.append(app[0])
        let system = try DesignSystem(palette: try wb.palette([danger, gray]), tokens: [], appTokens: tokens)
        let set = system.tokenSets.last!
        var expected = "theme(app: danger, gray; 6 tokens)\n"
        for m in Mode.allCases {
            for l in ContrastLevel.allCases {
                for name in ["textError", "fillDanger", "fillDangerHover", "fillDangerPressed", "fillDangerDisabled", "backgroundPrimary"] {
                    let r = system.resolve(set.token(name)!, in: set, mode: m, contrast: l)
                    // Lua's hex carries a translucent color's alpha byte (0.38 → 61).
                    let hex = try Workbench.standard.hex(Color(.oklch, coords: r.color.oklch))
                        + (r.token.opacity < 1 ? String(format: "%02x", Int((r.token.opacity * 255).rounded())) : "")
                    expected += "\(m.rawValue)\t\(l.rawValue)\t\(name)\t\(r.stop.label)\t\(hex)\t\(r.token.opacity == 1 ? "1.0" : "0.38")\n"
                }
            }
        }
        #expect(printed.text == expected)
        // Spot values: dark high-contrast error text is the explicit _200; pressed is two stops darker in light mode.
        #expect(printed.text.contains("dark\thigh\ttextError\t200\t") && printed.text.contains("light\tstandard\tfillDangerPressed\t700\t"))
    }

    @Test func colorFunctionsMatchPalettesColorFunctions() throws {
        let (s, printed) = try makeState()
        try s.run(source: """
        local c = hb.color("#d6702d")
        local function p(x) print(("%.9f %.9f %.9f"):format(x:coords("oklch"))) end
        p(c:lighten(2)) p(c:darken()) p(c:soften(1, "dark")) p(c:strengthen(3, "light")) p(c:invert())
        p(c:saturate(0.2)) p(c:desaturate(0.5)) p(c:rotate_hue(120)) p(c:blend("#0000ff", 0.25))
        print(#c:harmony("split_complement"), #c:harmony("tints"))
        """, name: "fn.lua")
        let f = ColorFunctions()
        let sw = Swatch(color: try RampColor(hex: "#d6702d"))
        let expected: [RampColor] = [
            try f.lighten(sw, by: 2).color, try f.darken(sw).color, try f.soften(sw, by: 1, mode: .dark).color,
            try f.strengthen(sw, by: 3, mode: .light).color, try f.invert(sw).color, f.saturate(sw, by: 0.2).color,
            f.desaturate(sw, by: 0.5).color, try f.rotateHue(sw, by: 120).color,
            try f.blend(sw.color, try RampColor(hex: "#0000ff"), 0.25),
        ]
        let lines = printed.text.split(separator: "\n")
        #expect(lines.count == 10)
        for (line, e) in zip(lines, expected) {
            let v = line.split(separator: " ").compactMap { Double($0) }
            #expect(v.count == 3 && abs(v[0] - e.oklch.x) < 1e-6 && abs(v[1] - e.oklch.y) < 1e-6 && abs(v[2] - e.oklch.z) < 1e-4, "\(line) vs \(e.oklch)")
        }
        #expect(lines.last == "3\t5")
    }
}
