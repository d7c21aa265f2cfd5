import Foundation
import Glibc
import Testing
@testable import ColorIO

/// Attack O1: two builds write into one output folder at the same time and delete each other's files.
/// The folder's lock (`flock` on the folder itself, no lock file) makes the second wait, or fail with a clear
/// message.
@Suite struct O1ConcurrentBuildsTests {
    /// Holds the folder's lock as another build would.
    static func hold(_ dir: String) -> Int32 {
        let fd = open(dir, O_RDONLY | O_DIRECTORY)
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        return fd
    }

    /// Runs a build's blocking commit on a thread of its own. On the tests' cooperative pool a commit waiting for
    /// the lock would hold one of only as many threads as there are cores, and the test that is to release the
    /// lock might then wait for a thread.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { c in
            Thread { c.resume(with: Result { try body() }) }.start()
        }
    }

    @Test func aHeldLockMakesTheSecondBuildFailWithAMessageAndWriteNothing() throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fd = Self.hold(dir)
        let e = try #require(throws: IOError.self) {
            try IOTest.staged(["x.txt": "1"]).commit(to: dir, options: .init(lockWait: 0.3))
        }
        #expect(e.description == "another build is writing '\(dir)'; wait for it to finish or choose another output folder")
        #expect(IOTest.tree(dir) == [])
        flock(fd, LOCK_UN); close(fd)
        _ = try IOTest.staged(["x.txt": "1"]).commit(to: dir, options: .init(lockWait: 0.3))
        #expect(IOTest.read(dir + "/x.txt") == "1")
        // No lock file (or any other file of the build's machinery but the manifest) is left among the user's files.
        #expect(IOTest.tree(dir) == [".huebench-manifest", "x.txt"])
    }

    /// A second build started while the lock is held waits: nothing of it is on disk while the lock is held, and
    /// once the lock is released it commits.
    @Test func aSecondBuildWaitsForTheLockThenCommits() async throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fd = Self.hold(dir)
        async let second = Self.onThread { try IOTest.staged(["x.txt": "2"]).commit(to: dir, options: .init(lockWait: 120)) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(IOTest.tree(dir) == [], "the waiting build wrote while the lock was held")
        flock(fd, LOCK_UN); close(fd)
        let r = try await second
        #expect(r.files.map(\.path) == ["x.txt"])
        #expect(IOTest.read(dir + "/x.txt") == "2")
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
            async let ra = Self.onThread { try IOTest.staged(a).commit(to: dir, options: .init(lockWait: 30)) }
            async let rb = Self.onThread { try IOTest.staged(b).commit(to: dir, options: .init(lockWait: 30)) }
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
