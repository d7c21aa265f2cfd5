import ColorCore
import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorScript

/// Contrast and ΔE methods registered from Lua (`hb.register_contrast`, `hb.register_deltae`) are registry
/// entries like the built-ins: `hb.matrix` runs them (serially, on the Lua thread), by their name.
struct PluginMethodTests {
    static let methods = LuaScripts.pluginMethods

    @Test func registeredMethodsRunInHbMatrix() throws {
        let (s, _) = try makeState()
        let r = try s.eval(Self.methods + """
        local t = hb.buffer{'#000', '#fff', '#808080'}
        local b = hb.buffer{'white', 'black'}
        local m = hb.matrix(t, b, {method = 'luma-gap'})
        local sm = hb.matrix(t, b, {method = 'luma-gap', summary = true})
        local d = hb.matrix(t, b, {method = 'deltae-l-only'})
        local d2 = hb.matrix(t, b, {method = 'l-only', summary = true})
        return m:get(1, 1), m:get(2, 1), string.format('%.5f', m:get(3, 2)), sm.counts[1].threshold, sm.counts[1].pairs,
               m:count_at_least(0.5), string.format('%.4f', d:get(1, 1)), d2.counts[1].pairs, m:method(), d:method()
        """)
        // Channel means: #000 → 0, #fff → 1, #808080 → 128/255; OKLab L: black 0, white 1.
        #expect(r == ["1.0", "0.0", String(format: "%.5f", 128.0 / 255), "0.5", "3", "3", "1.0000", "4", "luma-gap", "deltae-l-only"])
        // The Double path agrees: the method is in the host's workbench, for `c:contrast` too.
        #expect(try s.eval("return string.format('%.4f', hb.color('#808080'):contrast('black', 'luma-gap'))") == ["0.5020"])
    }

    @Test func specsAreStrictAndFailuresNameTheMethod() throws {
        let (s, _) = try makeState()
        let e1 = errorOf(s, "hb.register_contrast{ name = 'x', evalute = function() return 1 end }")
        #expect("\(e1!)".contains("unknown field 'evalute' (did you mean 'evaluate'?)"), "\(e1!)")
        let e2 = errorOf(s, "hb.register_deltae{ name = 'y' }")
        #expect("\(e2!)".contains("field 'evaluate' must be a function(a, b) returning a number"), "\(e2!)")
        let e3 = errorOf(s, "hb.register_contrast{ name = 'wcag21', evaluate = function() return 1 end }")
        #expect("\(e3!)".contains("wcag21"), "\(e3!)")
        let e4 = errorOf(s, """
        hb.register_contrast{ name = 'bad', evaluate = function(t, b) return nil end }
        hb.matrix(hb.buffer{'#000'}, hb.buffer{'#fff'}, {method = 'bad'})
        """)
        #expect("\(e4!)".contains("contrast method 'bad'") && "\(e4!)".contains("return a number"), "\(e4!)")
        let e5 = errorOf(s, """
        hb.register_deltae{ name = 'boom', evaluate = function(a, b) error('no luck here') end }
        hb.matrix(hb.buffer{'#000'}, hb.buffer{'#fff'}, {method = 'boom', summary = true})
        """)
        #expect("\(e5!)".contains("no luck here"), "\(e5!)")
    }

    /// A method that loops forever stops at the script's time limit (the limit error, not a hang).
    @Test func aLoopingMethodStopsAtTheTimeLimit() throws {
        let (s, _) = try makeState(time: 2)
        let e = errorOf(s, """
        hb.register_contrast{ name = 'spin', evaluate = function(t, b) while true do end end }
        local m = hb.matrix(hb.buffer{'#000', '#111'}, hb.buffer{'#fff'}, {method = 'spin'})
        """)
        guard case .limit(let kind, _, _)? = e else { Issue.record("expected the time limit, got \(String(describing: e))"); return }
        #expect(kind == .time)
    }
}
