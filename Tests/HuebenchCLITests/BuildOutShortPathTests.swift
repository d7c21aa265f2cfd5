import Foundation
import Testing

/// `huebench build --out a` crashed (NSString.deletingLastPathComponent on a missing one-character path).
@Suite struct BuildOutShortPathTests {
    @Test func oneCharacterMissingOutFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("huebench-outa-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for out in ["a", "b/c", "d/", "./e"] {
            let r = try CLI.run(["build", "--quiet", "--family", "orange", "--formats", "css", "--out", out], cwd: root)
            #expect(r.status == 0, "--out \(out): \(r.status) \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: root + "/" + out + "/huebench.css"), "--out \(out)")
        }
    }
}
