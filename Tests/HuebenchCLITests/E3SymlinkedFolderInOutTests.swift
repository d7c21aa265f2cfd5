import Foundation
import Testing

/// Attack E3: a symbolic link inside `--out` was followed: `out/link → /victim` made `hb.output("link/x")`
/// write `/victim/x`, and a build followed `out/pictures → /victim`.
@Suite struct E3SymlinkedFolderInOutTests {
    static func setUp() throws -> (root: String, out: String, victim: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("huebench-e3-\(UUID().uuidString)").path
        let out = root + "/out", victim = root + "/victim"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        return (root, out, victim)
    }

    @Test func scriptOutputThroughALinkIsRefused() throws {
        let (root, out, victim) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: out + "/link", withDestinationPath: victim)
        let s = root + "/a.lua"
        try Data("local hb = require 'huebench'\nhb.output('first.txt'):write('1')\nhb.output('link/x'):write('pwned')".utf8)
            .write(to: URL(fileURLWithPath: s))
        let r = try CLI.run(["run", "--no-plugins", "--out", out, s], cwd: root)
        #expect(r.status == 1 && r.stderr.contains("'link': it is a symbolic link; output never follows links inside the output folder"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim).isEmpty)
        // All or nothing: the file before the refused one is not written either.
        #expect(!FileManager.default.fileExists(atPath: out + "/first.txt"))
    }

    @Test func streamedMatrixThroughALinkIsRefused() throws {
        let (root, out, victim) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: out + "/link", withDestinationPath: victim)
        let s = root + "/m.lua"
        try Data("local hb = require 'huebench'\nlocal b = hb.buffer{'white', 'black'}\nhb.matrix(b, b, {out = 'link/m.npy'})".utf8)
            .write(to: URL(fileURLWithPath: s))
        let r = try CLI.run(["run", "--no-plugins", "--out", out, s], cwd: root)
        #expect(r.status == 1 && r.stderr.contains("'link': it is a symbolic link"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim).isEmpty)
        // The same matrix into a real folder streams and lands in place.
        try Data("local hb = require 'huebench'\nlocal b = hb.buffer{'white', 'black'}\nhb.matrix(b, b, {out = 'sub/m.npy'})".utf8)
            .write(to: URL(fileURLWithPath: s))
        let ok = try CLI.run(["run", "--no-plugins", "--out", out, s], cwd: root)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/sub") == ["m.npy"])
    }

    @Test func buildThroughALinkedPicturesFolderIsRefused() throws {
        let (root, out, victim) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: out + "/pictures", withDestinationPath: victim)
        let r = try CLI.run(["build", "--quiet", "--family", "orange", "--formats", "css,svg", "--out", out], cwd: root)
        #expect(r.status == 1 && r.stderr.contains("'pictures': it is a symbolic link"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out + "/huebench.css"))
    }

    @Test func aLinkedFileIsNotWrittenThrough() throws {
        let (root, out, victim) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("keep".utf8).write(to: URL(fileURLWithPath: victim + "/target.css"))
        try FileManager.default.createSymbolicLink(atPath: out + "/huebench.css", withDestinationPath: victim + "/target.css")
        let r = try CLI.run(["build", "--quiet", "--family", "orange", "--formats", "css", "--out", out], cwd: root)
        #expect(r.status == 1 && r.stderr.contains("'huebench.css': it is a symbolic link"), "\(r.stderr)")
        #expect(try String(contentsOfFile: victim + "/target.css", encoding: .utf8) == "keep")
    }
}
