import Foundation
import Testing
@testable import ColorIO

/// Attack O3: a script writes `.huebench-manifest` naming the user's files; the next build deletes them (and a
/// listed path since replaced by a user folder is deleted recursively).
@Suite struct O3ForgedManifestTests {
    @Test func aStagedFolderRefusesToWriteTheManifest() {
        #expect(throws: IOError.self) { try StagedFolder().write(StagedFolder.manifestName, text: "user.txt\n") }
    }

    @Test func aManifestNotSignedForThisFolderDeletesNothing() throws {
        let dir = IOTest.folder(), other = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: other) }
        IOTest.write(dir + "/user.txt", "mine")
        IOTest.write(dir + "/docs/notes.md", "mine")
        // The old format: a plain list.
        IOTest.write(dir + "/" + StagedFolder.manifestName, "user.txt\ndocs/notes.md\n")
        var r = try IOTest.staged(["a.txt": "1"]).commit(to: dir)
        #expect(r.removed.isEmpty && r.manifestIgnored == "the manifest was not written by this version of huebench")
        // A well-formed manifest with the right stats, signed for another folder (copied in).
        let st = try Directory.open(dir, create: false).entry("user.txt")!
        let forged = Manifest(entries: [Manifest.Entry(path: "user.txt", stat: st)])
            .text(identity: try Directory.open(other, create: false).identity)
        IOTest.write(dir + "/" + StagedFolder.manifestName, forged)
        r = try IOTest.staged(["a.txt": "1"]).commit(to: dir)
        #expect(r.removed.isEmpty && r.manifestIgnored == "the manifest's signature does not match its contents and this folder")
        #expect(IOTest.read(dir + "/user.txt") == "mine" && IOTest.read(dir + "/docs/notes.md") == "mine")
    }

    @Test func aListedFileTheUserReplacedIsKept() throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try IOTest.staged(["pictures/a.png": "1", "b.txt": "1", "c.txt": "1"]).commit(to: dir)
        // The user replaces pictures/a.png's folder entry with a folder of their own, and rewrites b.txt.
        try FileManager.default.removeItem(atPath: dir + "/pictures/a.png")
        IOTest.write(dir + "/pictures/a.png/mine.txt", "mine")
        IOTest.write(dir + "/b.txt", "edited by the user")
        let r = try IOTest.staged(["d.txt": "1"]).commit(to: dir)
        #expect(r.removed == ["c.txt"])
        #expect(IOTest.read(dir + "/pictures/a.png/mine.txt") == "mine")
        #expect(IOTest.read(dir + "/b.txt") == "edited by the user")
    }
}
