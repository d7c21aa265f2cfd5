import Foundation
import Testing

/// Lua plugins extend the CLI: a plugin folder's generator, family, policy and exporter are used by `palette`,
/// `audit`, `tokens` and `build` like built-ins; `huebench build SCRIPT.lua` builds a script's palette.
@Suite struct PluginCLITests {
    static let root = CLI.packageRoot
    static let plugins = Fixtures().path("plugins")

    /// Runs huebench in `cwd` with XDG_CONFIG_HOME pointing at an empty folder (unless given), so the user's own
    /// plugins never leak into a test.
    static func run(_ args: [String], cwd: String? = nil, xdg: String? = nil) throws -> CLI.Result {
        try CLI.run(args, cwd: cwd ?? root.path, xdg: xdg)
    }

    static func temp() -> String {
        let p = NSTemporaryDirectory() + "hb-plugcli-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true)
        return p
    }

    static func snapshot(_ dir: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: dir)!
        while let p = e.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir + "/" + p, isDirectory: &isDir), !isDir.boolValue {
                files[p] = FileManager.default.contents(atPath: dir + "/" + p)
            }
        }
        return files
    }

    @Test func paletteUsesAPluginFamilyOnAPluginGenerator() throws {
        let r = try Self.run(["palette", "brand", "--format", "oklch", "--plugins", Self.plugins])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.count == 20)
        // The Lua generator's formula: L = 0.97 − 0.038·i, C = the family's chroma 0.06, h = 200.
        #expect(r.lines.first == "brand  _50    oklch(0.97 0.06 200)")
        #expect(r.lines.last == "brand  _1000  oklch(0.248 0.06 200)")
        let g = try Self.run(["palette", "orange", "--generator", "flat-ramp", "--format", "oklch", "--plugins", Self.plugins])
        #expect(g.status == 0 && g.lines.first == "orange  _50    oklch(0.97 0.05 50)", "\(g.stdout)\(g.stderr)")
    }

    @Test func tokensResolveForAPluginFamily() throws {
        let r = try Self.run(["tokens", "--family", "brand", "--mode", "dark", "--plugins", Self.plugins])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.count == 20 && r.lines[0].hasPrefix("foregroundPrimary") && r.lines[0].contains("_50"))
    }

    @Test func auditRunsAPluginPolicyWithItsStopRulesAndCheck() throws {
        let r = try Self.run(["audit", "--policy", "brand-text", "--family", "brand", "--family", "orange", "--plugins", Self.plugins])
        // _300 on _50 cannot reach 4.5:1 in any family: the stop rule fails, so the audit exits 1.
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("FAIL brand script light-pair: brand: _300 on _50 is "))
        #expect(r.stdout.contains("FAIL orange script light-pair: orange: _300 on _50 is "))
        #expect(r.stdout.contains("brand-text: 16/16 checks pass over 2 families"))
        #expect(r.stdout.contains("  body: 16/16 pass"))
        #expect(r.stdout.contains("script checks (stop rules and check function): 2/4 pass"))
        let json = try Self.run(["audit", "--policy", "brand-text", "--family", "brand", "--json", "--plugins", Self.plugins])
        let scripted = json.lines.filter { $0.contains("\"script\":true") }
        #expect(scripted.count == 2)
        #expect(scripted.contains { $0.contains("\"rule\":\"check\"") && $0.contains("\"pass\":true") })
    }

    @Test func buildWritesAPluginExporterNamedInFormats() throws {
        let out = Self.temp() + "/out"
        let r = try Self.run(["build", "--plugins", Self.plugins, "--family", "brand", "--family", "orange",
                              "--formats", "txt-list,css", "--policy", "brand-text", "--out", out, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("  txt-list      2 files"), "\(r.stdout)")
        let text = try String(contentsOfFile: out + "/txt-list.txt", encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 40 && lines[0].hasPrefix("brand 50 #") && lines[20].hasPrefix("orange 50 #"))
        let tokens = try String(contentsOfFile: out + "/txt-list/tokens.txt", encoding: .utf8)
        #expect(tokens.hasPrefix("brand foregroundPrimary 1000 50\n"))
        #expect(FileManager.default.fileExists(atPath: out + "/huebench.css"))
        #expect(!FileManager.default.fileExists(atPath: out + "/report.html"))
        // The plugin policy's failing stop rule is part of the build's audit.
        #expect(r.stdout.contains("audit brand-text: 2 of "), "\(r.stdout)")
    }

    @Test func unknownIDsListBuiltinsAndPluginEntries() throws {
        let f = try Self.run(["palette", "nope", "--plugins", Self.plugins])
        #expect(f.status == 2 && f.stderr.contains("gray, pink") && f.stderr.contains("rose, brand"), "\(f.stderr)")
        let p = try Self.run(["audit", "--policy", "nope", "--plugins", Self.plugins])
        #expect(p.status == 2 && p.stderr.contains("wcag-aa, wcag-aaa, apca-body, cvd-distinct, brand-text"), "\(p.stderr)")
        let e = try Self.run(["build", "--formats", "nope", "--plugins", Self.plugins])
        #expect(e.status == 2 && e.stderr.contains("xcassets") && e.stderr.contains("report, txt-list"), "\(e.stderr)")
        let g = try Self.run(["palette", "orange", "--generator", "nope", "--plugins", Self.plugins])
        #expect(g.status == 2 && g.stderr.contains("contrast-targets, hct-tonal, flat-ramp"), "\(g.stderr)")
        let d = try Self.run(["palette", "--plugins", "/nonexistent-folder"])
        #expect(d.status == 2 && d.stderr.contains("--plugins '/nonexistent-folder' is not a folder"), "\(d.stderr)")
    }

    @Test func pluginsLoadFromTheWorkingFolderAndXDGConfigHome() throws {
        let cwd = Self.temp()
        try FileManager.default.createDirectory(atPath: cwd + "/huebench-plugins", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.plugins + "/brand-kit.lua", toPath: cwd + "/huebench-plugins/brand-kit.lua")
        let local = try Self.run(["palette", "brand", "--format", "hex"], cwd: cwd)
        #expect(local.status == 0 && local.lines.count == 20, "\(local.stderr)")
        let off = try Self.run(["palette", "brand", "--no-plugins"], cwd: cwd)
        #expect(off.status == 2 && off.stderr.contains("unknown color family 'brand'"))

        let xdg = Self.temp()
        try FileManager.default.createDirectory(atPath: xdg + "/huebench/plugins", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.plugins + "/brand-kit.lua", toPath: xdg + "/huebench/plugins/brand-kit.lua")
        let config = try Self.run(["audit", "--policy", "brand-text", "--family", "orange"], cwd: Self.temp(), xdg: xdg)
        #expect(config.stdout.contains("script checks"), "\(config.stdout)\(config.stderr)")
        // Both folders at once: the same names twice is an error naming both files.
        let both = try Self.run(["palette", "brand"], cwd: cwd, xdg: xdg)
        #expect(both.status == 1, "\(both.stderr)")
        #expect(both.stderr.contains("duplicate generator 'flat-ramp': registered by \(cwd)/huebench-plugins/brand-kit.lua and again by \(xdg)/huebench/plugins/brand-kit.lua"), "\(both.stderr)")
    }

    @Test func buildScriptExampleBuildsItsFamiliesAndTokens() throws {
        let out = Self.temp() + "/out"
        let r = try Self.run(["build", "examples/brand-palette.lua", "--out", out, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.first == "huebench build: 4 families, 80 stops, 93 tokens × 4 appearances → \(out)/", "\(r.stdout)")
        #expect(r.stdout.contains("audit acme-aa: all 56 checks pass"), "\(r.stdout)")
        let css = try String(contentsOfFile: out + "/acme.css", encoding: .utf8)
        #expect(css.contains("--acme-brand-400: oklch(68.04% 0.1395 166.99);") && css.contains("--acme-danger-450: ") && css.contains("--acme-gray-50: "))
        #expect(css.contains("--acme-text-error: light-dark(var(--acme-danger-700), var(--acme-danger-300));"))
        #expect(css.contains("--acme-fill-brand-hover: light-dark(var(--acme-brand-750), var(--acme-brand-350));"))
        let notes = try String(contentsOfFile: out + "/brand-notes.txt", encoding: .utf8)
        let lines = notes.split(separator: "\n")
        #expect(notes.hasPrefix("brand: _500 #") && lines.count == 5, "\(notes)")
        // The app theme resolves what the build exports: the explicit high-contrast stops of textError.
        #expect(lines.count == 5 && lines[3].hasPrefix("textError light high contrast: danger _800 #") && lines[4].hasPrefix("textError dark high contrast: danger _200 #"))
        // Deterministic: a second build changes nothing.
        let again = try Self.run(["build", "examples/brand-palette.lua", "--out", out, "--quiet"])
        #expect(again.stdout.contains("(0 changed, "), "\(again.stdout)")
        // --family picks among the script's families; the families the app tokens use stay (every app token here
        // uses one of the four), so no app token is dropped.
        let one = try Self.run(["build", "examples/brand-palette.lua", "--family", "brand", "--policy", "none", "--formats", "css", "--out", Self.temp(), "--quiet"])
        #expect(one.status == 0 && one.lines.first?.hasPrefix("huebench build: 4 families, 80 stops, 93 tokens") == true, "\(one.stdout)\(one.stderr)")
    }

    @Test func aFailingOrRunawayBuildScriptLeavesThePreviousOutputs() throws {
        let out = Self.temp() + "/out"
        #expect(try Self.run(["build", "examples/brand-palette.lua", "--formats", "css,dtcg", "--out", out, "--quiet"]).status == 0)
        let before = Self.snapshot(out)
        #expect(before.count > 3)
        let dir = Self.temp()
        try "hb.register_family{name = 'x', hue = 10}\nlocal n = 0 while true do n = n + 1 end".write(toFile: dir + "/loop.lua", atomically: true, encoding: .utf8)
        try "hb.register_family{name = 'x', hue = 10}\nerror('the brand team has not decided')".write(toFile: dir + "/fail.lua", atomically: true, encoding: .utf8)
        try "local s = string.rep('x', 1e6) local t = {} while true do t[#t + 1] = s .. #t end".write(toFile: dir + "/hog.lua", atomically: true, encoding: .utf8)
        try "print('nothing registered')".write(toFile: dir + "/empty.lua", atomically: true, encoding: .utf8)

        let loop = try Self.run(["build", "loop.lua", "--out", out, "--quiet", "--time-limit", "0.3"], cwd: dir)
        #expect(loop.status == 3)
        #expect(loop.stderr == "huebench build: loop.lua:2: time limit of 0.3 s exceeded; raise it with --time-limit\n", "\(loop.stderr)")
        let hog = try Self.run(["build", "hog.lua", "--out", out, "--quiet", "--memory-limit", "32"], cwd: dir)
        #expect(hog.status == 3 && hog.stderr.contains("memory limit of 32 MiB exceeded"), "\(hog.stderr)")
        let fail = try Self.run(["build", "fail.lua", "--out", out, "--quiet"], cwd: dir)
        #expect(fail.status == 1 && fail.stderr == "huebench build: fail.lua:2: the brand team has not decided\n", "\(fail.stderr)")
        let empty = try Self.run(["build", "empty.lua", "--out", out, "--quiet"], cwd: dir)
        #expect(empty.status == 1 && empty.stderr.contains("defines no families to build"), "\(empty.stderr)")
        #expect(Self.snapshot(out) == before)
    }
}

/// String pattern functions run in C, where the time hook cannot fire: the CLI's watchdog ends the process.
@Suite struct WatchdogTests {
    static let attacks = [
        "return string.find(string.rep('a', 40000), string.rep('a*', 40) .. 'b')",
        "for w in string.gmatch(string.rep('a', 30000), string.rep('a*', 30) .. 'b') do end",
        "return (string.rep('a', 30000)):gsub(string.rep('a-', 30) .. 'b', '')",
        "while true do pcall(string.match, string.rep('a', 30000), string.rep('a*', 30) .. 'b') end",
    ]

    /// The pattern function an attack spends its time in (the watchdog's message names it).
    static func fn(_ code: String) -> String {
        for f in ["gmatch", "gsub", "match", "find"] where code.contains(f) { return "string." + f }
        return "?"
    }

    @Test(arguments: attacks)
    func aPathologicalPatternIsStoppedWithinTheBudgetsBound(_ code: String) throws {
        let r = try PluginCLITests.run(["eval", code, "--time-limit", "0.5"])
        #expect(r.status == 3)
        #expect(r.stderr == "huebench eval: eval:1: time limit of 0.5 s exceeded in one call of \(Self.fn(code)); raise it with --time-limit or give it less work per call\n", "\(r.stderr)")
    }

    @Test func theMessageNamesTheScriptLineOfThePatternCall() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hb-wd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "local s = string.rep('a', 30000)\n\nlocal ok = pcall(function()\n  return s:match(string.rep('a*', 30) .. 'b')\nend)\n"
            .write(to: dir.appendingPathComponent("slow.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "--time-limit", "0.4", "slow.lua"], cwd: dir.path, xdg: dir.path)
        #expect(r.status == 3)
        #expect(r.stderr == "huebench run: slow.lua:4: time limit of 0.4 s exceeded in one call of string.match; raise it with --time-limit or give it less work per call\n", "\(r.stderr)")
    }

    /// NaN and ±∞ results print the same on every platform (C's printf writes -nan), with a warning naming them.
    @Test func nonFiniteEvalResultsPrintAsNaNAndInfWithAWarning() throws {
        let r = try PluginCLITests.run(["eval", "return 0/0, 1/0, 1.5, -1/0, 'nan'"])
        #expect(r.status == 0 && r.stdout == "NaN\tinf\t1.5\t-inf\tnan\n", "\(r.stdout)\(r.stderr)")
        #expect(r.stderr == "huebench eval: warning: results 1, 2, 4 are not finite numbers (NaN or ±inf)\n", "\(r.stderr)")
        let one = try PluginCLITests.run(["eval", "return math.huge"])
        #expect(one.stdout == "inf\n" && one.stderr == "huebench eval: warning: result 1 is not a finite number (NaN or ±inf)\n", "\(one.stderr)")
        let fine = try PluginCLITests.run(["eval", "return 2, 'x'"])
        #expect(fine.stdout == "2\tx\n" && fine.stderr.isEmpty, "\(fine.stderr)")
    }

    @Test func patternFunctionsStillWorkAndTheirErrorsStillReachPcall() throws {
        let r = try PluginCLITests.run(["eval", "return (('hello world'):gsub('o', '0')), #string.rep('ab', 3), ('a,b'):match('(%a),(%a)')"])
        #expect(r.status == 0 && r.stdout == "hell0 w0rld\t6\ta\tb\n", "\(r.stdout)\(r.stderr)")
        let e = try PluginCLITests.run(["eval", "return pcall(string.gsub, 'abc', '%w', function(c) error('no ' .. c, 0) end)"])
        #expect(e.stdout == "false\tno a\n", "\(e.stdout)\(e.stderr)")
        // A runaway gsub callback is Lua code: the hook stops it as usual (with the script line).
        let h = try PluginCLITests.run(["eval", "return ('abc'):gsub('%w', function(c) while true do end end)", "--time-limit", "0.3"])
        // (On a loaded machine the watchdog may end the gsub call first: then its message names string.gsub.)
        #expect(h.status == 3 && h.stderr.hasPrefix("huebench eval: eval:1: time limit of 0.3 s exceeded"), "\(h.stderr)")
    }
}
