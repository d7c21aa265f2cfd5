import ColorScript
import Testing

/// L2: a short loop around a slow C function escaped the count hook (every 10,000 instructions: `s:upper()` on
/// a 64 MiB string 1,500 times ran 30 s against 1 s). Each such library function now checks the deadline
/// before it runs, the hook runs every 1,000 instructions, and big allocations look at the clock.
struct SlowCFunctionInShortLoopTests {
    @Test(arguments: [
        "local s = string.rep('x', 1 << 20) while true do local u = s:upper() end",
        "local s = string.rep('x', 1 << 20) while true do local u = s:lower() end",
        "local s = string.rep('x', 1 << 20) while true do local u = s:reverse() end",
        "local s = string.rep('x', 1 << 20) while true do local u = s:sub(2) end",
        "while true do local u = string.rep('x', 1 << 20) end",
        "local t = {} for i = 1, 50000 do t[i] = 'ab' end while true do local u = table.concat(t) end",
        "local t = {} for i = 1, 5000 do t[i] = i end while true do table.sort(t, nil) end",
        "local c = string.rep('local a = 1\\n', 20000) while true do load(c) end",
        "local s = string.rep('x', 1 << 20) while true do local u = s .. 'y' end",
        "local s = string.rep('x', 1 << 20) while true do pcall(string.upper, s) end",
        "local s = string.rep('\\u{48}', 1 << 19) while true do local n = utf8.len(s) end",
    ])
    func stopsAtTheTimeLimit(_ code: String) throws {
        try expectTimeLimit(code, memoryMiB: 128)
    }
}
