import ColorScript
import Foundation
import Testing

/// A memory limit hit where Lua raises "not enough memory" itself (a table growing in a loop, a C library call
/// such as `table.concat`) carried no file:line: Lua raises a refused allocation without the message handler.
/// Now the error names the script's line; in a coroutine the limit is raised at once, not at its next count.
struct MemoryLimitWithoutLineTests {
    @Test func aTableGrowingInALoopNamesItsLine() throws {
        let (s, _) = try makeState(memoryMiB: 32)
        let e = try #require(errorOf(s, "local t = {}\nfor i = 1, 1e9 do t[i] = i end", name: "grow.lua"))
        #expect(e.isLimit, "\(e)")
        #expect(e.location == ScriptLocation(chunk: "grow.lua", line: 2), "\(e)")
        #expect(e.description.hasPrefix("grow.lua:2: ") && e.description.contains("memory limit"), "\(e)")
        #expect(s.peakMemory <= (32 << 20) + (64 << 20), "\(s.peakMemory)")
    }

    @Test func aCLibraryCallNamesTheLineThatCalledIt() throws {
        let (s, _) = try makeState(memoryMiB: 64)
        let src = """
        local s = string.rep("x", 1 << 20)
        local t = {}
        for i = 1, 30 do t[i] = s .. i end
        local r = table.concat(t)
        """
        let e = try #require(errorOf(s, src, name: "concat.lua"))
        #expect(e.isLimit, "\(e)")
        #expect(e.location == ScriptLocation(chunk: "concat.lua", line: 4), "\(e)")
        #expect(e.description.hasPrefix("concat.lua:4: "), "\(e)")
        #expect(!e.description.contains("\n"))
    }

    @Test func aCoroutineStopsAtTheLimitNotAtItsNextCount() throws {
        let (s, printed) = try makeState(memoryMiB: 32)
        let src = """
        local co = coroutine.create(function()
          pcall(function() local t = {} for i = 1, 1e9 do t[i] = {} end end)
          print("ran after the limit")
        end)
        coroutine.resume(co)
        print("main ran after the limit")
        """
        let e = try #require(errorOf(s, src, name: "co.lua"))
        #expect(e.isLimit, "\(e)")
        #expect(e.location?.chunk == "co.lua", "\(e)")
        #expect(!printed.text.contains("after the limit"), "\(printed.text)")
    }

    @Test func coroutinesStillWork() throws {
        let (s, printed) = try makeState()
        try s.run(source: """
        local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
        local co = coroutine.create(function(a) local b = coroutine.yield(a + 1) return b * 2 end)
        local _, x = coroutine.resume(co, 1)
        local _, y = coroutine.resume(co, 10)
        print(gen(), gen(), gen(), x, y, coroutine.status(co))
        print(pcall(coroutine.wrap(function() error("boom") end)))
        """, name: "ok.lua")
        #expect(printed.text == "1\t2\t3\t2\t20\tdead\nfalse\tok.lua:6: boom\n", "\(printed.text)")
    }
}
