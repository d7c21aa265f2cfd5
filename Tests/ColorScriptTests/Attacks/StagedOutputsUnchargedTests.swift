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

    @Test func stagingUnderTheCapStillWorks() throws {
        let code = "local s = string.rep('x', 1 << 20) for i = 1, 8 do hb.output('run/f' .. i .. '.txt'):write(s) end"
        let r = try runAttack(code, time: 10)
        #expect(r.error == nil, "\(String(describing: r.error))")
    }
}
