import ColorScript
import Foundation
import Testing

/// One allocation larger than the cap plus the 64 MiB slack (`a .. a .. a …` of a 20 MiB string: one 140 MiB
/// request under a 64 MiB cap) was refused, but Lua raises a refused allocation without the message handler, so
/// the error named no line. Such a request now trips the limit at once, is refused before anything is
/// allocated, and the error names the script's line and the request's size.
struct SingleHugeAllocationTests {
    static let concat = "local a = string.rep('x', 20 << 20)\nlocal b = a .. a .. a .. a .. a .. a .. a"

    @Test func isRefusedAtItsLine() throws {
        let r = try runAttack(Self.concat, time: 30, memoryMiB: 64)
        guard case .limit(.memory, let message, let at)? = r.error else {
            Issue.record("expected the memory limit, got \(String(describing: r.error))"); return
        }
        #expect(at == ScriptLocation(chunk: "attack", line: 2), "\(message)")
        #expect(message == "attack:2: one allocation of 140.0 MiB is larger than the memory limit of 64 MiB; raise it with --memory-limit", "\(message)")
        // Refused before allocating: the 20 MiB string (and string.rep's buffer) is all that was ever held.
        #expect(r.peak < 64 << 20, "peak \(r.peak)")
    }

    @Test func pcallCannotSwallowIt() throws {
        let code = "local a = string.rep('x', 20 << 20)\nlocal ok = pcall(function() return a .. a .. a .. a .. a .. a .. a end)\nprint(ok)"
        let r = try runAttack(code, time: 30, memoryMiB: 64)
        #expect(r.error?.isLimit == true && r.error?.location == ScriptLocation(chunk: "attack", line: 2), "\(String(describing: r.error))")
    }

    @Test func aRequestThatFitsStillWorks() throws {
        let (s, printed) = try makeState(memoryMiB: 64)
        try s.run(source: "local a = string.rep('x', 4 << 20)\nlocal b = a .. a .. a\nprint(#b)")
        #expect(printed.text == "\(12 << 20)\n")
    }
}
