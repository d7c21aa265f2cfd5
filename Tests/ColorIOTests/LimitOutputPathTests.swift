import Foundation
import Testing
@testable import ColorIO

/// A script wrote `hb.output(string.rep('a/', 5000) .. 'x.txt')`: 5,000 nested folders, a tree longer than
/// PATH_MAX that common tools cannot remove (Python's `shutil.rmtree` fails with a RecursionError). Output paths
/// are now at most 32 components and 1,024 bytes.
struct LimitOutputPathTests {
    @Test func deepOrLongPathsAreRefused() throws {
        let deep = String(repeating: "a/", count: 32) + "x.txt"
        let e = try #require(throws: IOError.self) { _ = try RelativePath(deep) }
        #expect(e.description.hasSuffix("is nested deeper than 32 folders; keep outputs at most 31 folders deep"), "\(e)")
        let long = (0..<5).map { _ in String(repeating: "b", count: 250) }.joined(separator: "/")
        let l = try #require(throws: IOError.self) { _ = try RelativePath(long) }
        #expect(l.description.hasSuffix("is longer than 1024 bytes; use shorter names"), "\(l)")
        // The message shows the start of the path, not all of it.
        #expect(l.description.count < 200, "\(l.description.count)")
    }

    @Test func pathsWithinTheLimitsStillWork() throws {
        let ok = String(repeating: "a/", count: 31) + "x.txt"
        #expect(try RelativePath(ok).components.count == 32)
        let long = (0..<4).map { _ in String(repeating: "b", count: 255) }.joined(separator: "/")
        #expect(try RelativePath(long).description.utf8.count == 1023)
    }
}
