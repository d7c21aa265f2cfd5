import Foundation
import Testing

/// A script's streamed matrix (`hb.matrix{out=…}`, written to disk while the script runs) used to be renamed
/// into place after the journaled commit of its other outputs, outside the journal: a kill in between left a
/// hidden temp file no later run removed. Streamed files now commit in the same journal: a kill after the
/// commit point is completed by the next run into that folder, and a failed run leaves none of them.
@Suite struct StreamedOutputsInJournalTests {
    static let script = """
    local t = {}
    for i = 1, 200 do t[i] = string.format("oklch(%.3f 0.1 200)", i / 201) end
    local b = hb.buffer(t)
    hb.matrix(b, b, {out = "m/ratios.npy", summary = true})
    hb.output("notes.txt"):write("done")
    """

    static func tree(_ dir: String) -> [String] {
        ((FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? []).sorted()
    }

    @Test func aKillAfterTheCommitPointIsCompletedByTheNextRun() throws {
        let root = TempFolder.make("stream-journal").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: root + "/s.lua"))
        try Data("print(1)\n".utf8).write(to: URL(fileURLWithPath: root + "/noop.lua"))
        let killed = try CLI.run(["run", "--out", "out", "s.lua"], cwd: root, environment: ["HUEBENCH_TEST_KILL_AT": "renaming"])
        #expect(killed.signal == SIGKILL, "\(killed.status) \(killed.stderr)")
        #expect(Self.tree(root + "/out").contains(".huebench-journal"))
        // Any later run into the folder completes the commit.
        let next = try CLI.run(["run", "--out", "out", "s.lua"], cwd: root)
        #expect(next.status == 0, "\(next.stderr)")
        let files = Self.tree(root + "/out")
        #expect(files == ["m", "m/ratios.npy", "notes.txt"], "\(files)")
        let npy = try Data(contentsOf: URL(fileURLWithPath: root + "/out/m/ratios.npy"))
        #expect(npy.count == 128 + 200 * 200 * 4)
    }

    @Test func aFailedRunLeavesNoStreamedFile() throws {
        let root = TempFolder.make("stream-journal").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data((Self.script + "\nerror('late failure')\n").utf8).write(to: URL(fileURLWithPath: root + "/s.lua"))
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        let r = try CLI.run(["run", "--out", "out", "s.lua"], cwd: root)
        #expect(r.status == 1 && r.stderr.contains("late failure"), "\(r.stderr)")
        // No file (an empty folder the stream made may stay).
        let left = Self.tree(root + "/out").filter { p in
            var isDir: ObjCBool = false
            return !(FileManager.default.fileExists(atPath: root + "/out/" + p, isDirectory: &isDir) && isDir.boolValue)
        }
        #expect(left == [], "\(left)")
    }
}
