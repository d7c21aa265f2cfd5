import ColorScript
import Foundation
import Testing

/// L3c: `m:save('m.csv')` of a 3,000 × 3,000 matrix fifty times ran 2.9 s against a 1 s budget: formatting
/// nine million values was one host call that looked at the deadline only when it returned. The CSV text is
/// now made in chunks of ~65,536 values that poll the deadline (the `.npy`/`.f32` copy in 16 MiB blocks).
struct SaveInAShortLoopTests {
    static func code(_ ext: String) -> String {
        """
        local t = {} for i = 1, 1000 do t[i] = hb.oklch(0.3 + (i % 60) / 100, 0.12, (i * 7) % 360) end
        local b = hb.buffer(t) local m = hb.matrix(b, b)
        while true do m:save('m.\(ext)') end
        """
    }

    @Test(arguments: ["csv", "npy"])
    func stopsAtTheTimeLimit(_ ext: String) throws {
        let dir = tempFolder()
        try expectTimeLimit(Self.code(ext), time: 2, memoryMiB: 256, line: 3, output: dir)
        // A run that hit its limit writes nothing.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir)) == [])
    }

    @Test func aSaveStillWritesEveryValue() throws {
        let dir = tempFolder()
        let (s, _) = try makeState(output: dir)
        try s.run(source: """
        local b = hb.buffer{'#000000', '#ffffff', '#767676'}
        local m = hb.matrix(b, b)
        m:save('m.csv') m:save('m.f32')
        """)
        try s.commitOutputs()
        // WCAG 2.1: black on white 21, #767676 on white 4.54 (the AA edge), on black 4.62.
        let rows = try String(contentsOfFile: dir + "/m.csv", encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: ",").map { Double($0)! } }
        #expect(rows.count == 3 && rows.allSatisfy { $0.count == 3 })
        #expect(rows[0][1] == 21 && rows[1][0] == 21 && rows[0][0] == 1)
        #expect(abs(rows[2][1] - 4.542) < 0.001 && abs(rows[2][0] - 4.623) < 0.001, "\(rows)")
        let f32 = try Data(contentsOf: URL(fileURLWithPath: dir + "/m.f32"))
        #expect(f32.count == 9 * 4)
    }
}
