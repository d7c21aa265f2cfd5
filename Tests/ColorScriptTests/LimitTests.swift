import ColorScript
import Foundation
import Testing

/// Time and memory limits: a hook that pcall cannot swallow, an allocator cap, exit as `.limit`.
@Suite(.serialized) struct LimitTests {
    // Issue 5 requires the time budget to hold within 1.2× under nested pcall/coroutines: this bounds when the limit
    // fires (behaviour of the sandbox), not how fast anything runs; performance lives in the benchmark target.
    static let budget = 0.3

    /// Each attempt runs in a fresh state with a 0.3 s budget; it must end as a time limit within 1.2×.
    static let timeAttacks: [String] = [
        "while true do end",
        "while true do pcall(function() while true do end end) end",
        "while true do pcall(pcall, pcall, function() while true do end end) end",
        "local function f() while true do pcall(f) end end f()",
        "xpcall(function() while true do end end, function() while true do end end)",
        "while true do xpcall(function() while true do end end, function(e) return e end) end",
        "local co = coroutine.wrap(function() while true do coroutine.yield() end end) while true do co() end",
        "while true do coroutine.resume(coroutine.create(function() while true do end end)) end",
        "while true do pcall(coroutine.wrap(function() while true do pcall(error, 'x') end end)) end",
        "local t = setmetatable({}, {__index = function(t, k) while true do end end}) while true do pcall(function() return t.x end) end",
        "while true do local ok, e = pcall(string.rep, 'x', 10) end",
        "repeat local ok = pcall(function() for i = 1, math.huge do end end) until false",
    ]

    @Test(arguments: timeAttacks)
    func timeBudgetIsHonouredUnderNestedPcallAndCoroutines(_ code: String) throws {
        let (state, _) = try makeState(time: Self.budget)
        let e = errorOf(state, code, name: "attack")
        guard case .limit(.time, let message, _)? = e else {
            Issue.record("\(code): expected a time limit, got \(String(describing: e))"); return
        }
        #expect(message.contains("time limit of 0.3 s exceeded"), "\(message)")
        #expect(message.hasPrefix("attack:"), "\(message)")
        // The process keeps working: a new state runs normally.
        let (fresh, printed) = try makeState()
        try fresh.run(source: "print(hb.oklch(0.7, 0.1, 50):hex())")
        #expect(printed.text == "#d18c65\n")
    }

    static let memoryAttacks: [String] = [
        "local t = {} for i = 1, 1e9 do t[i] = i end",
        "local s = string.rep('x', 2^31)",
        "local parts = {} while true do pcall(function() parts[#parts + 1] = string.rep('x', 1e6) end) end",
        "local t = {} while true do t[#t + 1] = {1, 2, 3, 4, 5, 6, 7, 8} end",
        "local s = 'x' while true do s = s .. s end",
        "local colors = {} while true do colors[#colors + 1] = hb.srgb(1, 0, 0) end",
        "local t = {} for i = 1, 100000 do t[i] = '#ff0000' end local bufs = {} while true do bufs[#bufs + 1] = hb.buffer(t) end",
    ]

    @Test(arguments: memoryAttacks)
    func memoryCapEndsTheScript(_ code: String) throws {
        let (state, _) = try makeState(time: 20, memoryMiB: 32)
        let e = errorOf(state, code, name: "hog")
        if case .limit(.memory, let message, _)? = e {
            #expect(message.contains("memory limit") && message.contains("32 MiB"), "\(message)")
        } else if case .script(let message, _, _)? = e, message.contains("too large") {
            // string.rep refuses before allocating: also a clear refusal.
        } else {
            Issue.record("\(code): expected the memory limit, got \(String(describing: e))")
        }
        // The cap is 32 MiB; once the limit trips, allocations within a 64 MiB slack are granted so the limit is
        // raised at the script's line (HB_MEMORY_SLACK), so the heap stays under cap + 64 MiB. `<<` binds tighter
        // than `+` in Swift, so the sum is written with parentheses.
        #expect(state.peakMemory <= (32 << 20) + (64 << 20), "peak \(state.peakMemory)")
    }

    @Test func aLimitLeavesNoOutputFiles() throws {
        let dir = tempFolder()
        let (state, _) = try makeState(time: Self.budget, output: dir)
        let e = errorOf(state, "local out = hb.output('partial.txt'); out:line('half'); while true do end")
        #expect(e?.isLimit == true)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir)) == [])
    }

    @Test func outputsAreWrittenOnlyAfterSuccess() throws {
        let dir = tempFolder()
        let (state, _) = try makeState(output: dir)
        try state.run(source: "local out = hb.output('sub/a.txt'); out:write('x = ', 1.5):line(); out:line('done')")
        #expect(!FileManager.default.fileExists(atPath: dir + "/sub/a.txt"))
        try state.commitOutputs()
        #expect(try String(contentsOfFile: dir + "/sub/a.txt", encoding: .utf8) == "x = 1.5\ndone\n")
    }
}
