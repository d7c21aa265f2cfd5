import ColorScript
import Foundation
import Testing

/// C1 and L3a: `hb.matrix` of 100,000 colors trapped allocating 37 GB; 20,000 × 20,000 ran 9.9 s and 4.7 GB
/// against 1 s and 512 MiB. The Float32 values are now charged before they are allocated: a matrix that does
/// not fit is the memory limit at the script's line, naming the bytes, the cap and the streaming forms.
struct MatrixTooLargeToHoldTests {
    @Test(arguments: [
        (100_000, "hb.matrix: 100000 × 100000 float32 needs 37.3 GiB; the memory limit is 512 MiB (--memory-limit), or stream it with {out=…} / {summary=true}"),
        (20_000, "hb.matrix: 20000 × 20000 float32 needs 1.5 GiB; the memory limit is 512 MiB (--memory-limit)"),
    ])
    func isRefusedBeforeAllocating(_ c: (Int, String)) throws {
        let code = """
        local t, c = {}, hb.srgb(0.2, 0.4, 0.6)
        for i = 1, \(c.0) do t[i] = c end
        local b = hb.buffer(t)
        local m = hb.matrix(b, b, {method = 'apca'})
        """
        let r = try runAttack(code, time: 60, memoryMiB: 512)
        guard case .limit(.memory, let message, let at)? = r.error else {
            Issue.record("expected the memory limit, got \(String(describing: r.error))"); return
        }
        #expect(at == ScriptLocation(chunk: "attack", line: 4))
        #expect(message.hasPrefix("attack:4: ") && message.contains(c.1), "\(message)")
        #expect(r.peak < 512 << 20, "peak \(r.peak)")
    }
}
