import ColorScript
import Foundation
import Palettes
import RampLab
import Testing

/// Issue 14's crash one-liners in the Lua host's reach: each is now a one-line error (or works), never a trap.
struct CrashOneLinerTests {
    @Test(arguments: [
        ("hb.sweep{generator = 'uniform-lstar', params = {margin = {0.9, 1, 1e300}, chroma_scale = {0.5, 1, 1e300}}, hues = {0}}", "1e+300 is outside 0…4"),
        ("hb.sweep{generator = 'uniform-lstar', params = {margin = {from = 0.9, to = 1, steps = 1/0}}, hues = {0}}", "not a finite number"),
        ("hb.sweep{generator = 'uniform-lstar', params = {margin = {from = 0.9, to = 1, steps = 1e300}}, hues = {0}}", "steps"),
        ("hb.sweep{generator = 'uniform-lstar', top = 0/0, hues = {0}}", "not a finite number"),
        ("hb.sweep{generator = 'uniform-lstar', objective = string.rep('(', 30000) .. 'contrast' .. string.rep(')', 30000), hues = {0}}", "nested deeper than 100 levels"),
        ("hb.theme{family = 'blue', tokens = {{name = 'x', light = 1/0, dark = 500}}}", "light"),
    ])
    func aCleanError(_ c: (String, String)) throws {
        let (s, _) = try makeState(time: 30, memoryMiB: 64)
        let e = try #require(errorOf(s, c.0))
        #expect(e.location == ScriptLocation(chunk: "t", line: 1), "\(e)")
        #expect(e.description.contains(c.1), "\(e)")
        #expect(!e.description.contains("\n"))
    }

    @Test func aHugeSweepGridIsRefusedBeforeItIsMade() throws {
        let (s, _) = try makeState(time: 30, memoryMiB: 64)
        let e = try #require(errorOf(s, "hb.sweep{generator = 'uniform-lstar', params = {margin = hb.range(0.5, 1, 1000000), chroma_scale = hb.range(0.5, 1, 1000000)}, hues = {0}}"))
        #expect(e.description.contains("more than 50000000 rows"), "\(e)")
        let m = try #require(errorOf(s, "hb.sweep{generator = 'uniform-lstar', params = {margin = hb.range(0.5, 1, 100000)}}"))
        // 100,000 variants × 36 hues × 2 KiB = 6.9 GiB against 64 MiB: the memory limit, before anything is generated.
        #expect(m.isLimit && m.description.contains("hb.sweep: 3600000 rows (variants × hues) needs 6.9 GiB; the memory limit is 64 MiB (--memory-limit)"), "\(m)")
        #expect(s.peakMemory < 64 << 20)
    }

    @Test func objectivesHaveADepthLimit() throws {
        let deep = String(repeating: "(", count: 30000) + "contrast" + String(repeating: ")", count: 30000)
        #expect(throws: PalettesError.self) { try Objective(expression: deep) }
        let minus = String(repeating: "-", count: 30000) + "contrast"
        #expect(throws: PalettesError.self) { try Objective(expression: minus) }
        let ok = String(repeating: "(", count: 50) + "contrast" + String(repeating: ")", count: 50)
        #expect(try Objective(expression: ok).score { $0 == "contrast" ? 2 : nil } == 2)
    }

    @Test func curveHelpersHaveDefaultsForEveryField() throws {
        let (s, _) = try makeState()
        let low = try s.eval("hb.family{name = 'b', hue = 250, chroma = hb.curve.bell{peak = 0.12}}:stop(500):to('oklch'):css()")
        let full = try s.eval("hb.family{name = 'c', hue = 250, chroma = hb.curve.bell{base = 0.03, peak = 0.12, center = 0.5, width = 0.25}}:stop(500):to('oklch'):css()")
        #expect(low == full)
        #expect(try s.eval("hb.family{name = 'd', hue = 250, lightness = hb.curve.linear{}}:stop(50):to('oklch'):css()").first?.hasPrefix("oklch(0 ") == true)
    }
}
