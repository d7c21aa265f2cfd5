import ColorScript
import Foundation
import Testing

/// L3b: `m:worst(1e6)` on a 2,000 × 2,000 matrix ran 3.8 s (and, in a debug build, 47 s) against a 2 s budget:
/// the selection and the million result tables were one host call that looked at the deadline only when it
/// returned. (C8, `m:worst(2147483647)`, trapped before k was capped.) The selection now polls the deadline per 65,536 values and the tables are built in blocks that
/// poll it too.
struct WorstOfAHugeMatrixTests {
    /// A matrix of `n` × `n` APCA values, then `m:worst(k)` on line 3.
    static func code(n: Int, k: String) -> String {
        """
        local t = {} for i = 1, \(n) do t[i] = hb.oklch(0.3 + (i % 60) / 100, 0.12, (i * 7) % 360) end
        local b = hb.buffer(t) local m = hb.matrix(b, b, {method = 'apca'})
        while true do local w = m:worst(\(k)) end
        """
    }

    @Test func stopsAtTheTimeLimitInsideTheCall() throws {
        try expectTimeLimit(Self.code(n: 700, k: "1e6"), time: 3, memoryMiB: 256, line: 3)
    }

    /// C8: `m:worst(2147483647)` trapped; k is now capped at the matrix's size and charged before the heap is made.
    @Test func aHugeKIsTheWholeMatrix() throws {
        let (s, _) = try makeState()
        #expect(try s.eval("local b = hb.buffer{'#000', '#fff', '#777'} return #hb.matrix(b, b):worst(2147483647)") == ["9"])
        let e = try #require(errorOf(s, "local b = hb.buffer{'#000'} hb.matrix(b, b):worst(2147483648)"))
        #expect(e.description.contains("matrix:worst: argument 1 (k)"), "\(e)")
    }

    @Test func theResultIsStillTheKSmallestMagnitudes() throws {
        let (s, printed) = try makeState()
        try s.run(source: """
        local t = {} for i = 1, 60 do t[i] = hb.oklch(0.2 + (i % 13) / 16, 0.1, (i * 37) % 360) end
        local b = hb.buffer(t) local m = hb.matrix(b, b, {method = 'apca'})
        local w = m:worst(300)
        local all = {}
        for i = 1, 60 do for j = 1, 60 do all[#all + 1] = {i = i, j = j, v = math.abs(m:get(i, j))} end end
        table.sort(all, function(x, y)
          if x.v ~= y.v then return x.v < y.v end
          return (x.i - 1) * 60 + x.j < (y.i - 1) * 60 + y.j
        end)
        local same = #w == 300
        for k = 1, 300 do same = same and w[k].i == all[k].i and w[k].j == all[k].j and math.abs(w[k].value) == all[k].v end
        print(same, #m:worst(0), #m:worst(5000))
        """)
        #expect(printed.text == "true\t0\t3600\n", "\(printed.text)")
    }
}
