import ColorScript
import Testing

/// `string.rep("x", 1 << 40)` said "resulting string too large" with no file:line. It is now refused before
/// anything is allocated, as the memory limit, naming the function, the bytes and the cap, at the script's line.
struct HugeStringRepTests {
    @Test(arguments: [
        ("local s = string.rep('x', 1 << 40)", "string.rep: the result needs 1.0 TiB; the memory limit is 64 MiB (--memory-limit)"),
        ("local s = ('ab'):rep(1 << 30, ',')", "string.rep: the result needs 3.0 GiB; the memory limit is 64 MiB (--memory-limit)"),
        ("while true do pcall(string.rep, 'x', 1 << 40) end", "string.rep: the result needs 1.0 TiB"),
    ])
    func refusedAsTheMemoryLimit(_ c: (String, String)) throws {
        let r = try runAttack(c.0, time: 5)
        guard case .limit(.memory, let message, let at)? = r.error else {
            Issue.record("expected the memory limit, got \(String(describing: r.error))"); return
        }
        #expect(message.hasPrefix("attack:1: " + c.1), "\(message)")
        #expect(at == ScriptLocation(chunk: "attack", line: 1))
        #expect(r.peak < 64 << 20)
    }

    @Test func smallRepeatsStillWork() throws {
        let (s, _) = try makeState()
        #expect(try s.eval("('ab'):rep(3, '-')") == ["ab-ab-ab"])
        #expect(try s.eval("#string.rep('x', 1 << 20)") == ["1048576"])
        #expect(try s.eval("string.rep('x', 0) == ''") == ["true"])
    }
}

/// `hb.color` on a 400 MB string took 3.4 GB: color text over 1 MiB is refused before it leaves Lua.
struct HugeColorTextTests {
    @Test func refusedBeforeCopyingIt() throws {
        let r = try runAttack("local c = hb.color(string.rep('#', (1 << 20) + 1))", time: 10)
        guard case .script(let message, _, _)? = r.error else {
            Issue.record("expected a script error, got \(String(describing: r.error))"); return
        }
        #expect(message.hasPrefix(
            "attack:1: hb.color: argument 1 (css) is 1048577 bytes of text; a CSS color is at most 1048576 bytes (1 MiB)"),
            "\(message)")
    }
}
