import Foundation
import Testing

/// Attack O2 with a real `kill -9`: a `huebench build` is killed (SIGKILL, through the commit's test hook
/// `HUEBENCH_TEST_KILL_AT`) while it writes its temp files or after its commit point, in the middle of its
/// renames. The next build rolls back or completes what it left: the folder ends with exactly that build's files,
/// never a mix of two builds, and no temp file or journal is left.
@Suite struct O2KillDuringCommitTests {
    static func tree(_ dir: String) -> [String] {
        ((FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? []).sorted()
    }

    static func build(_ family: String, _ out: String, killAt: String? = nil) throws -> CLI.Result {
        try CLI.run(["build", "--quiet", "--family", family, "--formats", "css,dtcg,xcassets", "--out", out],
                    environment: killAt.map { ["HUEBENCH_TEST_KILL_AT": $0] } ?? [:])
    }

    @Test(arguments: [("staging", "rolled back an interrupted commit"), ("renaming", "completed an interrupted commit")])
    func theNextBuildRecoversAKilledCommit(_ c: (String, String)) throws {
        let root = TempFolder.make("o2").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/out"
        let first = try Self.build("orange", out)
        #expect(first.status == 0, "\(first.stderr)")
        let orange = Self.tree(out)
        #expect(orange.contains("Colors.xcassets/Palette/orange"))

        let killed = try Self.build("blue", out, killAt: c.0)
        #expect(killed.signal == SIGKILL, "status \(killed.status): \(killed.stderr)")
        let left = Self.tree(out)
        #expect(left.contains(".huebench-journal"), "\(left)")
        if c.0 == "staging" {
            // Killed before its commit point: temp files beside the untouched files of the first build.
            #expect(left.contains { $0.contains(".tmp-") })
            // (Folders it made for its files are there too, empty of files.)
            let files = left.filter { p in
                var isDir: ObjCBool = false
                return !p.contains(".tmp-") && p != ".huebench-journal"
                    && !(FileManager.default.fileExists(atPath: out + "/" + p, isDirectory: &isDir) && isDir.boolValue)
            }
            #expect(files == orange.filter { p in
                var isDir: ObjCBool = false
                return !(FileManager.default.fileExists(atPath: out + "/" + p, isDirectory: &isDir) && isDir.boolValue)
            })
        } else {
            // Killed after its first rename: a mix of two builds on disk until the next build completes it.
            #expect(left.contains("Colors.xcassets/Palette/blue") || left.contains { $0.contains(".tmp-") })
        }

        let next = try CLI.run(["build", "--family", "orange", "--formats", "css,dtcg,xcassets", "--out", out])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains(c.1), "\(next.stderr)")
        let after = Self.tree(out)
        #expect(after == orange, "\(Set(after).symmetricDifference(orange).sorted())")
        #expect(!after.contains { $0.contains(".tmp-") || $0.contains("journal") || $0.contains("blue") })
        let css = try String(contentsOfFile: out + "/huebench.css", encoding: .utf8)
        #expect(css.contains("--hb-orange-500:") && !css.contains("--hb-blue-"))
    }
}
