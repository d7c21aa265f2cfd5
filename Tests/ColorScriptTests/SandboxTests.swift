import ColorScript
import Foundation
import Testing

/// Escape and abuse attempts: each must be refused with a clear error, and the host must keep working.
@Suite struct SandboxTests {
    /// (attempt, a part of the error message that says why it was refused)
    static let attempts: [(String, String)] = [
        ("io.open('/etc/passwd')", "global 'io'"),
        ("io.popen('ls')", "global 'io'"),
        ("os.execute('ls')", "field 'execute'"),
        ("os.exit(1)", "field 'exit'"),
        ("os.remove('x')", "field 'remove'"),
        ("os.rename('a', 'b')", "field 'rename'"),
        ("os.getenv('HOME')", "field 'getenv'"),
        ("package.loadlib('libc.so.6', 'system')", "global 'package'"),
        ("require('os')", "module 'os' not found"),
        ("require('io')", "module 'io' not found"),
        ("require('../../etc/passwd')", "not a valid module name"),
        ("debug.getregistry()", "global 'debug'"),
        ("debug.sethook()", "global 'debug'"),
        ("string.dump(print)", "field 'dump'"),
        ("local d = ('').dump; d(print)", "local 'd'"),
        ("load(string.char(27) .. 'LuaT', 'x', 'b')", "binary chunks are not allowed"),
        ("local f, e = load(string.char(27) .. 'LuaT\\0'); error(e)", "attempt to load a binary chunk"),
        ("load('return 1', 'x', 'bt')", "binary chunks are not allowed"),
        ("assert(loadfile('/etc/passwd'))", "outside the folders scripts may read"),
        ("dofile('/etc/passwd')", "outside the folders scripts may read"),
        ("dofile('../../../../../../etc/passwd')", "outside the folders scripts may read"),
        ("loadfile('/etc/passwd', 'b')", "binary chunks are not allowed"),
        ("rawset(hb, 'color', 1)", "global 'rawset'"),
        ("hb.color = nil", "sandbox API is read-only"),
        ("hb.new_thing = 1", "sandbox API is read-only"),
        ("setmetatable(hb, nil)", "cannot change a protected metatable"),
        ("getmetatable(hb).__newindex = nil", "attempt to index a string value"),
        ("getmetatable('').__index.rep = nil", "attempt to index a nil value (field '__index')"),
        ("getmetatable(hb.srgb(1, 0, 0)).__index = {}", "attempt to index a string value"),
        ("string.rep = nil", "sandbox API is read-only"),
        ("table.insert(string, 1)", "sandbox API is read-only"),
        ("math.random = function() return 4 end", "sandbox API is read-only"),
        ("print = nil", "part of the sandbox API"),
        ("hb = {}", "part of the sandbox API"),
        ("setmetatable(_G, nil)", "cannot change a protected metatable"),
        ("setmetatable({}, {__gc = function() while true do end end})", "__gc metamethods are not allowed"),
        ("collectgarbage('stop')", "not allowed in scripts"),
        ("math.randomseed()", "scripts are deterministic"),
        ("local function f(n) return 1 + f(n + 1) end f(1)", "stack overflow"),
        ("local t = setmetatable({}, {}); getmetatable(t).__index = t; return t.x", "'__index' chain too long"),
        ("string.format('%99999999d', 1)", "invalid conversion"),
        ("hb.output('/etc/evil')", "must be relative"),
        ("hb.output('../evil')", "may not leave the output folder"),
        ("local s = hb.srgb(1, 0, 0); s.to = 1", "attempt to index a color value"),
    ]

    @Test func eachAttemptIsRefusedAndTheHostKeepsWorking() throws {
        let (state, printed) = try makeState()
        #expect(Self.attempts.count >= 30)
        for (code, why) in Self.attempts {
            let e = errorOf(state, code, name: "abuse")
            #expect(e != nil, "not refused: \(code)")
            if let e {
                #expect(e.description.contains(why), "\(code) → \(e.description)")
                #expect(e.description.hasPrefix("abuse:1:"), "no location: \(code) → \(e)")
                #expect(!e.isLimit)
            }
            // The host still works after each refusal.
            printed.text = ""
            #expect(errorOf(state, "print(hb.srgb(1, 0, 0):hex())") == nil)
            #expect(printed.text == "#ff0000\n")
        }
    }

    @Test func stringMetatableAndAPIMetatablesAreLocked() throws {
        let (state, printed) = try makeState()
        try state.run(source: "print(getmetatable(''), getmetatable(hb), getmetatable(hb.srgb(0, 0, 0)), getmetatable(_G))")
        #expect(printed.text == "locked\tlocked\thuebench.color\tlocked\n")
    }

    @Test func onlyAllowListedGlobalsExist() throws {
        let (state, printed) = try makeState()
        try state.run(source: """
        local names = {}
        for k in pairs(getmetatable ~= nil and _G or {}) do names[#names + 1] = k end
        for _, n in ipairs({'io', 'debug', 'package', 'rawset', 'dofile', 'require', 'load', 'os', 'string'}) do
          print(n, type(_G[n]))
        end
        """)
        #expect(printed.text == "io\tnil\ndebug\tnil\npackage\tnil\nrawset\tnil\ndofile\tfunction\nrequire\tfunction\nload\tfunction\nos\ttable\nstring\ttable\n")
    }

    @Test func scriptsCanStillUseTheLanguage() throws {
        let (state, printed) = try makeState()
        try state.run(source: """
        local t = setmetatable({}, {__index = function(_, k) return k * 2 end})
        local co = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
        x = 5  -- a new global is fine
        print(t[21], co() + co() + co(), x, ("%05.1f"):format(3.14159), #("héllo"), utf8.len("héllo"), math.floor(2.5))
        local f = load("return 1 + ...")
        print(f(41), pcall(error, "boom"))
        """)
        #expect(printed.text == "42\t6\t5\t003.1\t6\t5\t2\n42\tfalse\tboom\n")
    }

    @Test func randomIsSeededAndDeterministic() throws {
        let (a, pa) = try makeState(), (b, pb) = try makeState()
        for s in [a, b] { try s.run(source: "print(math.random(1, 1000000), math.random())") }
        #expect(pa.text == pb.text)
    }
}
