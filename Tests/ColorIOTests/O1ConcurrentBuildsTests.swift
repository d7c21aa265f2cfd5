import Foundation
import Glibc
import Testing
@testable import ColorIO

/// Attack O1: two builds write into one output folder at the same time and delete each other's files.
/// The folder's lock (`flock` on `.huebench-lock`) makes the second wait, or fail with a clear message.
@Suite struct O1ConcurrentBuildsTests {
    @Test func aHeldLockMakesTheSecondBuildFailWithAMessage() throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fd = open(dir + "/" + StagedFolder.lockName, O_RDWR | O_CREAT, 0o644)
        #expect(flock(fd, LOCK_EX) == 0)
        let start = Date()
        let e = try #require(throws: IOError.self) {
            try IOTest.staged(["x.txt": "1"]).commit(to: dir, options: .init(lockWait: 0.3))
        }
        #expect(Date().timeIntervalSince(start) >= 0.3)
        #expect(e.description == "another build is writing '\(dir)'; wait for it to finish or choose another output folder")
        #expect(IOTest.tree(dir) == [StagedFolder.lockName])
        flock(fd, LOCK_UN); close(fd)
        _ = try IOTest.staged(["x.txt": "1"]).commit(to: dir, options: .init(lockWait: 0.3))
        #expect(IOTest.read(dir + "/x.txt") == "1")
    }

    /// Two builds with different families, started together, many times: each commit is whole, the folder
    /// ends with exactly the files of the build that committed last, and nothing else is lost.
    @Test func concurrentBuildsSerializeAndNeitherLosesTheOthersCommit() async throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        IOTest.write(dir + "/user.txt", "mine")
        let a = (0..<40).reduce(into: [String: String]()) { $0["orange/\($1).json"] = "a\($1)" }
        let b = (0..<40).reduce(into: [String: String]()) { $0["blue/\($1).json"] = "b\($1)" }
        for _ in 0..<6 {
            async let ra = Task.detached { try IOTest.staged(a).commit(to: dir, options: .init(lockWait: 30)) }.value
            async let rb = Task.detached { try IOTest.staged(b).commit(to: dir, options: .init(lockWait: 30)) }.value
            let (x, y) = try await (ra, rb)
            // Exactly one of the two is on disk, whole: the other was committed first and then removed as stale.
            let files = IOTest.tree(dir).filter { !$0.hasPrefix(".") && $0 != "user.txt" && !$0.hasSuffix("/") }
            let expectA = a.keys.sorted(), expectB = b.keys.sorted()
            #expect(files == expectA || files == expectB, "\(files.prefix(4))")
            // The later commit removed exactly the earlier one's files, as a build removes its predecessor's.
            #expect((files == expectA && x.removed == expectB) || (files == expectB && y.removed == expectA))
            #expect(IOTest.read(dir + "/user.txt") == "mine")
            #expect(!IOTest.tree(dir).contains { $0.contains(".tmp-") })
        }
    }
}
