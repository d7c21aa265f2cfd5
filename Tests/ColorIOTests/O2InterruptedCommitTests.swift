import Foundation
import Testing
@testable import ColorIO

/// Attack O2: `kill -9` during the commit leaves files of two builds and temp files no later build removes.
/// Simulated by leaving a journal (and its temp files) behind exactly as a killed commit would.
@Suite struct O2InterruptedCommitTests {
    /// Temp files and a journal in `staging` state, as a build killed while writing temp files leaves them.
    static func interrupted(_ dir: String, state: Journal.State, files: [String: String]) throws {
        let root = try Directory.open(dir, create: true)
        var journal = Journal(state: .staging, renames: [], removals: [], manifest: nil)
        var entries: [Manifest.Entry] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let p = try RelativePath(path)
            let folder = try root.folder(p.folder, create: true)!
            let temp = AtomicFileWriter.tempName(for: p.name)
            journal.renames.append(Journal.Rename(path: path, temp: temp))
            let w = try AtomicFileWriter(directory: folder, name: p.name, tempName: temp)
            try w.write(Array(text.utf8)); try w.prepare(); w.markDone()
            entries.append(Manifest.Entry(path: path, stat: w.preparedStat!))
        }
        journal.state = state
        journal.manifest = Manifest(entries: entries).text(identity: root.identity)
        try journal.write(in: root)
    }

    @Test func aCommitKilledWhileStagingIsRolledBack() throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try IOTest.staged(["a.txt": "old", "sub/b.txt": "old"]).commit(to: dir)
        try Self.interrupted(dir, state: .staging, files: ["a.txt": "new", "sub/b.txt": "new", "sub/c.txt": "new"])
        #expect(IOTest.tree(dir).filter { $0.contains(".tmp-") }.count == 3)
        let r = try IOTest.staged(["a.txt": "old", "sub/b.txt": "old"]).commit(to: dir)
        #expect(r.recovered == "rolled back an interrupted commit (3 temp files removed)")
        #expect(IOTest.read(dir + "/a.txt") == "old" && IOTest.read(dir + "/sub/b.txt") == "old")
        #expect(IOTest.tree(dir) == [".huebench-manifest", "a.txt", "sub/", "sub/b.txt"])
    }

    @Test func aCommitKilledAfterItsCommitPointIsCompleted() throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try IOTest.staged(["a.txt": "old", "sub/b.txt": "old"]).commit(to: dir)
        try Self.interrupted(dir, state: .ready, files: ["a.txt": "new", "sub/b.txt": "new", "sub/c.txt": "new"])
        // Half the renames had happened when the build was killed.
        let root = try Directory.open(dir, create: false)
        let sub = try root.folder(["sub"], create: false)!
        let temps = IOTest.tree(dir + "/sub").filter { $0.hasPrefix(".b.txt") }
        #expect(renameat(sub.fd, temps[0], sub.fd, "b.txt") == 0)
        // The next build writes only a.txt: it completes the killed commit first (so sub/c.txt belongs to a
        // build), then removes what it no longer writes — no mix of two builds, no temp file left.
        let r = try IOTest.staged(["a.txt": "next"]).commit(to: dir)
        #expect(r.recovered == "completed an interrupted commit (3 files)")
        #expect(r.removed == ["sub/b.txt", "sub/c.txt"])
        #expect(IOTest.tree(dir) == [".huebench-manifest", "a.txt"])
        #expect(IOTest.read(dir + "/a.txt") == "next")
    }

    @Test func strayJournalTempFilesAreRemoved() throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        IOTest.write(dir + "/." + StagedFolder.journalName + AtomicFileWriter.tempMarker + "123-1", "{")
        let r = try IOTest.staged(["a.txt": "1"]).commit(to: dir)
        #expect(r.recovered == "removed 1 temp files of an interrupted commit")
        #expect(!IOTest.tree(dir).contains { $0.contains(".tmp-") })
    }
}
