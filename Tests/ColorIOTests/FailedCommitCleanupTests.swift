import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorIO

/// A commit that fails leaves the folder as it found it: no temp file, no journal, none of the folders it made
/// for its files, and no output folder it created itself; the user's files are untouched.
struct FailedCommitCleanupTests {
    @Test func aRefusedFileLeavesTheFolderAsItWas() throws {
        let dir = IOTest.folder()
        IOTest.write(dir + "/notes.txt", "mine")
        try FileManager.default.createDirectory(atPath: dir + "/z.txt", withIntermediateDirectories: true)
        IOTest.write(dir + "/z.txt/inside", "also mine")
        let before = IOTest.tree(dir)
        // Sorted, "a/b/c.txt" is planned first (making a/ and a/b/), then "z.txt" is a folder: refused.
        #expect(throws: IOError.self) { try IOTest.staged(["a/b/c.txt": "1", "z.txt": "2"]).commit(to: dir) }
        #expect(IOTest.tree(dir) == before, "\(IOTest.tree(dir))")
        #expect(IOTest.read(dir + "/notes.txt") == "mine" && IOTest.read(dir + "/z.txt/inside") == "also mine")
    }

    @Test func aFailedCommitRemovesTheOutputFolderItMade() throws {
        let parent = IOTest.folder()
        let dir = parent + "/new-out"
        let s = IOTest.staged(["sub/a.txt": "1"])
        try s.adopt("sub/b.npy", tempName: ".b.npy" + AtomicFileWriter.tempMarker + "gone-1")  // no such temp file
        #expect(throws: IOError.self) { try s.commit(to: dir) }
        #expect(!FileManager.default.fileExists(atPath: dir))
        #expect(IOTest.tree(parent) == [])
    }
}
