import ColorScript
import Testing

/// E4: `hb.families`' metatable cannot be replaced, and a family object cannot be changed — not its name, not
/// its colors — so no plugin can alter the families another plugin or the script sees.
struct FamilyMetatableReplacedTests {
    @Test(arguments: [
        ("setmetatable(hb.families, {__index = function() return 'owned' end})", "protected metatable"),
        ("hb.families.blue.name = 'red'", "read-only"),
        ("hb.families.blue._colors = {}", "read-only"),
        ("rawset(hb.families.blue, 'name', 'x')", "global 'rawset'"),
        ("setmetatable(hb.families.blue, nil)", "protected metatable"),
        ("hb.theme{family = 'blue'}.family = 1", "read-only"),
        ("hb.families.blue.stop({}, 500)", "call it on a family"),
    ])
    func refused(_ c: (String, String)) throws {
        let (s, _) = try makeState()
        let e = try #require(errorOf(s, c.0))
        #expect(e.description.contains(c.1), "\(e)")
        #expect(e.location == ScriptLocation(chunk: "t", line: 1))
    }

    @Test func changingACopyOfTheColorsChangesNothing() throws {
        let (s, _) = try makeState()
        let before = try s.eval("hb.families.blue:stop(500):hex()")
        try s.run(source: """
            local c = hb.families.blue._colors
            c[10] = hb.color('#ff0000')
            local _, st = pairs(hb.families.blue)
            st._colors[10] = hb.color('#00ff00'); st.name = 'x'
            local t = hb.theme{family = 'blue'}
            t.token_list[1] = nil
            """, name: "attack")
        #expect(try s.eval("hb.families.blue:stop(500):hex()") == before)
        #expect(try s.eval("hb.families.blue.name") == ["blue"])
        #expect(try s.eval("#hb.theme{family = 'blue'}.token_list > 0") == ["true"])
    }
}
