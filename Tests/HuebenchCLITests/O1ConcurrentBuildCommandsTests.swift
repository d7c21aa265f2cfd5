import Foundation
import Testing

/// Attack O1 through the CLI: two `huebench build` processes into one `--out` at the same time deleted each
/// other's files (6 of 6 trials). With the folder lock the second waits; the folder ends with exactly one
/// build's files, whole.
@Suite struct O1ConcurrentBuildCommandsTests {
    @Test func twoBuildsAtOnceLeaveOneWholeBuild() throws {
        let root = TempFolder.make("o1").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        func start(_ family: String) throws -> (Process, Pipe) {
            let err = Pipe()
            let p = try CLI.start(["build", "--quiet", "--family", family, "--formats", "css,dtcg,xcassets", "--out", root + "/out"],
                                  stderr: err)
            return (p, err)
        }
        for _ in 0..<3 {
            let (a, ea) = try start("orange"), (b, eb) = try start("blue")
            let ma = String(decoding: ea.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let mb = String(decoding: eb.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            a.waitUntilExit(); b.waitUntilExit()
            #expect(a.terminationStatus == 0 && b.terminationStatus == 0, "\(ma) \(mb)")
            let groups = try FileManager.default.contentsOfDirectory(atPath: root + "/out/Colors.xcassets/Palette").filter { !$0.hasPrefix(".") && $0 != "Contents.json" }
            #expect(groups == ["orange"] || groups == ["blue"], "\(groups)")
            let css = try String(contentsOfFile: root + "/out/huebench.css", encoding: .utf8)
            #expect(css.contains("--hb-\(groups.first ?? "?")-500:"))
            let all = FileManager.default.enumerator(atPath: root + "/out")!.allObjects as! [String]
            #expect(!all.contains { $0.contains(".tmp-") || $0.hasSuffix(".huebench-journal") })
        }
    }
}
