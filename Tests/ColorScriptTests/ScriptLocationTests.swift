import ColorScript
import Testing

/// Script errors carry their chunk and line as data (`ColorScriptError.location`), and the message starts with
/// the same place, also when the error is raised in C or the error value is not a string.
struct ScriptLocationTests {
    @Test(arguments: [
        ("local x = 1\nerror('boom')", 2, "t:2: boom"),
        ("local x = 1\n\nlocal s = string.rep('x', 1 << 40)", 3, "t:3:"),
        ("error({})", 1, "t:1: error object is a table value"),
        ("local t = setmetatable({}, {__index = function(t, k) return t[k] end})\nreturn t.x", 1, "t:1:"),
        ("hb.color(42)", 1, "t:1: hb.color"),
    ])
    func errorsCarryChunkAndLine(_ c: (String, Int, String)) throws {
        let (s, _) = try makeState()
        let e = try #require(errorOf(s, c.0))
        #expect(e.location == ScriptLocation(chunk: "t", line: c.1), "\(e)")
        #expect(e.description.hasPrefix(c.2), "\(e)")
    }

    @Test func syntaxErrorsCarryTheirLine() throws {
        let (s, _) = try makeState()
        let e = try #require(errorOf(s, "local a = 1\nlocal b = = 2"))
        #expect(e.location == ScriptLocation(chunk: "t", line: 2))
    }

    @Test func errorsAtAnotherLevelKeepTheLocationTheMessageNames() throws {
        let (s, _) = try makeState()
        let e = try #require(errorOf(s, "local function f() error('bad argument', 2) end\n\nf()"))
        #expect(e.location == ScriptLocation(chunk: "t", line: 3), "\(e)")
        #expect(e.description.hasPrefix("t:3: bad argument"))
    }
}
