import ColorScript
import Testing

/// E4: `pairs`, `next` and `rawget` on the API tables reveal nothing writable. A script that changes what they
/// hand out changes only its own copy: `hb.color` and the string library stay the real ones for the script, the
/// next script and every plugin.
struct PairsRevealsRawModuleTests {
    @Test(arguments: [
        // The second value pairs() returns used to be the raw table behind the proxy.
        "local _, raw = pairs(hb); raw.color = function() return 'owned' end",
        "local _, raw = pairs(hb); for k in next, raw do raw[k] = nil end",
        "local _, raw = pairs(string); raw.upper = function() return 'owned' end",
        "local _, raw = pairs(hb.curve); raw.bell = nil",
        "for k, v in pairs(hb) do if type(v) == 'table' then local _, r = pairs(v); for x in next, r do r[x] = nil end end end",
        "local _, raw = pairs(table); raw.concat = nil",
    ])
    func changingWhatPairsReturnsChangesNothingShared(_ attack: String) throws {
        let (s, _) = try makeState()
        try s.run(source: attack, name: "attack")
        // The same state (as a later plugin or the script would see it) still has the real API.
        #expect(try s.eval("hb.color('#ff0000'):hex()") == ["#ff0000"])
        #expect(try s.eval("('abc'):upper() .. string.upper('d')") == ["ABCD"])
        #expect(try s.eval("type(hb.curve.bell)") == ["function"])
        #expect(try s.eval("table.concat({1, 2}, ',')") == ["1,2"])
    }

    @Test(arguments: [
        ("return next(hb)", "nil"),
        ("return rawget(hb, 'color')", "nil"),
        ("return rawget(string, 'rep')", "nil"),
        ("return rawlen(hb)", "0"),
        ("return getmetatable(hb)", "locked"),
        ("return getmetatable(hb.families)", "locked"),
        ("return getmetatable(string)", "locked"),
    ])
    func rawAccessSeesAnEmptyLockedProxy(_ c: (String, String)) throws {
        let (s, _) = try makeState()
        #expect(try s.eval(c.0) == [c.1])
    }

    @Test func pairsStillListsTheAPI() throws {
        let (s, _) = try makeState()
        let names = try s.eval("(function() local n = {} for k in pairs(hb) do n[#n + 1] = k end table.sort(n) return table.concat(n, ' ') end)()")
        #expect(names.first?.contains("color") == true)
        #expect(names.first?.contains("families") == true)
    }
}
