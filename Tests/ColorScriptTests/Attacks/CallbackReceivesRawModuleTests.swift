import ColorScript
import Foundation
import Testing

/// E4: callbacks never receive the raw module: a policy's `check` gets the same read-only `hb` scripts get, and
/// each plugin runs in its own environment (globals and required modules are its own).
struct CallbackReceivesRawModuleTests {
    @Test func aPolicyCheckCannotReplaceTheAPI() throws {
        let (s, _) = try makeState()
        let e = try #require(errorOf(s, """
            local p = hb.policy{ name = 'evil', check = function(ctx) ctx.hb.color = nil return true end }
            hb.audit(hb.families.blue, p)
            """))
        #expect(e.description.contains("read-only"), "\(e)")
        try s.run(source: """
            local p = hb.policy{ name = 'evil2', check = function(ctx)
              local _, raw = pairs(ctx.hb); raw.color = nil; return true end }
            hb.audit(hb.families.blue, p)
            """, name: "attack")
        #expect(try s.eval("hb.color('#0000ff'):hex()") == ["#0000ff"])
    }

    @Test func pluginsDoNotShareGlobalsOrModules() throws {
        let dir = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "return { value = 1 }".write(toFile: dir + "/shared.lua", atomically: true, encoding: .utf8)
        try "X = 'from a'; local m = require('shared'); m.value = 666".write(toFile: dir + "/a.lua", atomically: true, encoding: .utf8)
        try "seen_x = tostring(X); seen_value = require('shared').value; print(seen_x, seen_value)"
            .write(toFile: dir + "/b.lua", atomically: true, encoding: .utf8)
        let (s, printed) = try makeState(allowed: [dir])
        try s.run(file: dir + "/a.lua")
        try s.run(file: dir + "/b.lua")
        #expect(printed.text == "nil\t1\n")
    }
}
