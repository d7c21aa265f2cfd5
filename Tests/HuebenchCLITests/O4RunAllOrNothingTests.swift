import Foundation
import Testing

/// Attack O4: `run` wrote some outputs when it failed (`first.txt` written, then "Is a directory", exit 1).
@Suite struct O4RunAllOrNothingTests {
    @Test func aRefusedOutputLeavesNoOtherOutput() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("huebench-o4-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/out/second.txt", withIntermediateDirectories: true)
        let s = root + "/a.lua"
        try Data("local hb = require 'huebench'\nhb.output('first.txt'):write('1')\nhb.output('new/deep/third.txt'):write('3')\nhb.output('second.txt'):write('2')".utf8)
            .write(to: URL(fileURLWithPath: s))
        let r = try CLI.run(["run", "--no-plugins", "--out", root + "/out", s], cwd: root)
        #expect(r.status == 1 && r.stderr.contains("'second.txt': it is a folder where a file goes"), "\(r.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: root + "/out").filter { !$0.hasPrefix(".huebench-lock") }
        #expect(left == ["second.txt"])  // no first.txt, and no empty new/deep folders
        #expect(!left.contains { $0.contains(".tmp-") })
    }

    @Test func aFailingScriptWritesNothing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("huebench-o4-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        let s = root + "/a.lua"
        try Data("local hb = require 'huebench'\nhb.output('first.txt'):write('1')\nerror('boom')".utf8).write(to: URL(fileURLWithPath: s))
        let r = try CLI.run(["run", "--no-plugins", "--out", root + "/out", s], cwd: root)
        #expect(r.status == 1 && r.stderr.contains("boom"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/out").isEmpty)
    }
}
