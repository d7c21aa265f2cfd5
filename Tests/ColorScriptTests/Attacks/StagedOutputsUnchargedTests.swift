import ColorScript
import Testing

/// L4: outputs a script stages (`hb.output(path):write(…)`) are held in Swift memory until the commit; 3 GB
/// were staged under `--memory-limit 64`. Every staged byte is now charged to the script's one budget first.
struct StagedOutputsUnchargedTests {
    @Test func stagingPastTheCapIsTheMemoryLimit() throws {
        // 1 MiB per write, 200 writes: 200 MiB staged against a 64 MiB cap. The string itself is collectable
        // Lua memory; only the staged copies accumulate.
        let code = "local s = string.rep('x', 1 << 20) for i = 1, 200 do hb.output('run/f' .. i .. '.txt'):write(s) end"
        let r = try runAttack(code, time: 10)
        guard case .limit(.memory, let message, let at)? = r.error else {
            Issue.record("expected the memory limit, got \(String(describing: r.error))"); return
        }
        #expect(message.hasPrefix("attack:1: staged output 'run/f"), "\(message)")
        #expect(message.contains("needs 1 MiB; the memory limit is 64 MiB (--memory-limit)"), "\(message)")
        #expect(at == ScriptLocation(chunk: "attack", line: 1))
        #expect(r.peak < (64 + 64) << 20, "peak \(r.peak)")
    }

    /// Empty files cost memory too (their paths and table entries): each new staged file is charged its
    /// overhead, so 50,000 empty outputs do not fit a 4 MiB cap (~160 bytes + twice the path each).
    @Test func manyEmptyFilesAreChargedToo() throws {
        let code = "for i = 1, 50000 do hb.output('run/f' .. i .. '.txt'):write('') end"
        let (s, _) = try makeState(time: 120, memoryMiB: 4)
        let e = errorOf(s, code, name: "attack")
        guard case .limit(.memory, let message, let at)? = e else {
            Issue.record("expected the memory limit, got \(String(describing: e))"); return
        }
        // The cap is reached in a host charge or in a Lua allocation, whichever comes first.
        #expect(message.hasPrefix("attack:1: ") && message.contains("memory limit"), "\(message)")
        #expect(at == ScriptLocation(chunk: "attack", line: 1))
        #expect(s.stagedOutputs.count > 1_000 && s.stagedOutputs.count < 4 << 20 / 160, "\(s.stagedOutputs.count)")
        // Writing to a file already staged charges only its bytes.
        let (t, _) = try makeState(time: 60, memoryMiB: 4)
        try t.run(source: "local o = hb.output('a.txt') for i = 1, 20000 do o:write('') hb.output('a.txt') end", name: "same")
        #expect(t.stagedOutputs == ["a.txt"])
    }

    @Test func stagingUnderTheCapStillWorks() throws {
        let code = "local s = string.rep('x', 1 << 20) for i = 1, 8 do hb.output('run/f' .. i .. '.txt'):write(s) end"
        let r = try runAttack(code, time: 10)
        #expect(r.error == nil, "\(String(describing: r.error))")
    }
}
