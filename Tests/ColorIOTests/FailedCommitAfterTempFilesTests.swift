import Foundation
import Testing
@testable import ColorIO

/// A commit that fails after its temp files are on disk (a full disk, an I/O error, a link placed at a target
/// while the build ran). Run as root, a read-only folder refuses nothing, so the failures are injected
/// (`FaultInjection`, armed for one folder). Before the commit point the folder is rolled back exactly; after
/// it, every other file is put in place and the next commit finishes the rest — never a temp file left that no
/// build removes, never a mix of two builds once the next build ran.
@Suite struct FailedCommitAfterTempFilesTests {
    /// A folder holding a first build (`a`, `sub/b`, `gone` at "old"); the second build writes `a`, `sub/b` and
    /// `sub/c` at "new" and no longer writes `gone`.
    static func firstBuild() throws -> String {
        let dir = IOTest.folder()
        _ = try IOTest.staged(["a.txt": "old", "sub/b.txt": "old", "gone.txt": "old"]).commit(to: dir)
        return dir
    }
    static let second = ["a.txt": "new", "sub/b.txt": "new", "sub/c.txt": "new"]
    static let secondTree = [".huebench-manifest", "a.txt", "sub/", "sub/b.txt", "sub/c.txt"]

    static func temps(_ dir: String) -> [String] { IOTest.tree(dir).filter { $0.contains(".tmp-") } }

    /// Failing after the 2nd of 3 temp files, or at the commit point: the folder is exactly the first build.
    @Test(arguments: [FaultInjection.Point.tempFile(2), .tempFile(3), .commitPoint])
    func beforeTheCommitPointTheFolderIsRolledBack(point: FaultInjection.Point) throws {
        let dir = try Self.firstBuild()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = IOTest.tree(dir)
        let manifest = IOTest.read(dir + "/.huebench-manifest")
        try FaultInjection.arm(point, folder: dir)
        defer { FaultInjection.disarm(folder: dir) }
        let e = try #require(throws: IOError.self) { try IOTest.staged(Self.second).commit(to: dir) }
        #expect(e.description.contains("injected by a test"), "\(e)")
        #expect(IOTest.tree(dir) == before, "\(IOTest.tree(dir))")
        #expect(IOTest.read(dir + "/a.txt") == "old" && IOTest.read(dir + "/sub/b.txt") == "old" && IOTest.read(dir + "/gone.txt") == "old")
        #expect(IOTest.read(dir + "/.huebench-manifest") == manifest)
        // The next build starts from a clean folder: nothing to recover.
        let r = try IOTest.staged(Self.second).commit(to: dir)
        #expect(r.recovered == nil)
        #expect(r.removed == ["gone.txt"])
        #expect(IOTest.tree(dir) == Self.secondTree)
    }

    /// Failing the 2nd rename: the other files are new, the failed one keeps its temp file, recorded in the
    /// journal; recovering finishes the second build exactly (the stale file removed, the manifest written).
    @Test func afterTheCommitPointTheOtherFilesLandAndRecoveryFinishes() throws {
        let dir = try Self.firstBuild()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FaultInjection.arm(.rename(2), folder: dir)
        defer { FaultInjection.disarm(folder: dir) }
        let e = try #require(throws: IOError.self) { try IOTest.staged(Self.second).commit(to: dir) }
        // Renames go in sorted order: a.txt, sub/b.txt, sub/c.txt.
        #expect(e.description.hasPrefix("cannot write 'sub/b.txt': Input/output error (injected by a test); 2 other files are in place, and the next build into"), "\(e)")
        #expect(IOTest.read(dir + "/a.txt") == "new" && IOTest.read(dir + "/sub/c.txt") == "new")
        #expect(IOTest.read(dir + "/sub/b.txt") == "old")
        #expect(Self.temps(dir).count == 1 && Self.temps(dir)[0].hasPrefix("sub/.b.txt.tmp-huebench-"), "\(Self.temps(dir))")
        #expect(FileManager.default.fileExists(atPath: dir + "/" + StagedFolder.journalName))

        let root = try Directory.open(dir, create: false)
        #expect(try Journal.recover(in: root) == "completed an interrupted commit (1 file)")
        #expect(IOTest.tree(dir) == Self.secondTree, "\(IOTest.tree(dir))")
        #expect(IOTest.read(dir + "/sub/b.txt") == "new")
        // The manifest is the second build's: a third build that writes only a.txt removes exactly its files.
        let r = try IOTest.staged(["a.txt": "third"]).commit(to: dir)
        #expect(r.recovered == nil)
        #expect(r.removed == ["sub/b.txt", "sub/c.txt"])
        #expect(IOTest.tree(dir) == [".huebench-manifest", "a.txt"])
    }

    /// The next build (not a bare recovery) finishes the failed commit first, then writes its own files.
    @Test func theNextBuildFinishesAFailedCommit() throws {
        let dir = try Self.firstBuild()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FaultInjection.arm(.rename(1), folder: dir)
        defer { FaultInjection.disarm(folder: dir) }
        #expect(throws: IOError.self) { try IOTest.staged(Self.second).commit(to: dir) }
        let r = try IOTest.staged(Self.second).commit(to: dir)
        #expect(r.recovered == "completed an interrupted commit (1 file)")
        #expect(IOTest.tree(dir) == Self.secondTree)
        #expect(Self.second.allSatisfy { IOTest.read(dir + "/" + $0.key) == $0.value })
    }

    /// A symbolic link placed at a target after the build wrote its temp files is never written through: that
    /// file is left (its temp file journaled), the others land, the link's target is untouched. Once the link
    /// is removed, the next build finishes.
    @Test func aLinkPlacedDuringTheBuildIsNotFollowed() throws {
        let dir = try Self.firstBuild()
        let victim = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: victim) }
        IOTest.write(victim + "/b.txt", "victim's")
        var placed = false
        let e = try #require(throws: IOError.self) {
            try IOTest.staged(Self.second).commit(to: dir) { done, total in
                // After the last temp file: past every check a build makes before its commit point.
                guard done == total, !placed else { return }
                placed = true
                try? FileManager.default.removeItem(atPath: dir + "/sub/b.txt")
                try? FileManager.default.createSymbolicLink(atPath: dir + "/sub/b.txt", withDestinationPath: victim + "/b.txt")
            }
        }
        #expect(e.description.contains("'sub/b.txt'") && e.description.contains("symbolic link"), "\(e)")
        #expect(IOTest.read(victim + "/b.txt") == "victim's")
        #expect(IOTest.read(dir + "/a.txt") == "new" && IOTest.read(dir + "/sub/c.txt") == "new")
        // Still refused while the link is there; the victim is never touched.
        #expect(throws: IOError.self) { try IOTest.staged(Self.second).commit(to: dir) }
        #expect(IOTest.read(victim + "/b.txt") == "victim's")
        try FileManager.default.removeItem(atPath: dir + "/sub/b.txt")
        let r = try IOTest.staged(Self.second).commit(to: dir)
        #expect(r.recovered == "completed an interrupted commit (1 file)")
        #expect(IOTest.tree(dir) == Self.secondTree)
        #expect(IOTest.read(dir + "/sub/b.txt") == "new")
    }

    /// A single atomic file whose rename fails keeps the old file and leaves no temp file.
    @Test func aFailedSingleFileRenameKeepsTheOldFile() throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        IOTest.write(dir + "/m.csv", "old")
        try FaultInjection.arm(.fileRename("m.csv"), folder: dir)
        defer { FaultInjection.disarm(folder: dir) }
        let e = try #require(throws: IOError.self) { try AtomicFile.write("new", to: dir + "/m.csv") }
        #expect(e.description.contains("injected by a test"))
        #expect(IOTest.tree(dir) == ["m.csv"])
        #expect(IOTest.read(dir + "/m.csv") == "old")
        try AtomicFile.write("new", to: dir + "/m.csv")
        #expect(IOTest.read(dir + "/m.csv") == "new")
    }
}
