import Foundation
import Testing

/// Attack E1: `run` wrote into the current folder by default, so a script wrote `.git/config` (git then runs a
/// command of its choosing) or planted `huebench-plugins/persist.lua`, which every later command loads.
@Suite struct E1ScriptWritesOutsideItsFolderTests {
    static func folder() throws -> String {
        let p = FileManager.default.temporaryDirectory.appendingPathComponent("huebench-e1-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: p + "/.git", withIntermediateDirectories: true)
        try Data("[core]\n".utf8).write(to: URL(fileURLWithPath: p + "/.git/config"))
        return p
    }

    static func script(_ dir: String, _ body: String) throws -> String {
        let path = dir + "/attack-\(UUID().uuidString.prefix(6)).lua"
        try Data(body.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func gitConfigAndPluginFolderAreRefusedWithOrWithoutOut() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let attacks = [
            #"hb.output(".git/config"):write("[core]\n\tfsmonitor = touch /tmp/pwned\n")"#,
            #"hb.output("huebench-plugins/persist.lua"):write("print('persist')")"#,
            #"hb.output("sub/.git/hooks/pre-commit"):write("x")"#,
        ]
        for body in attacks {
            let s = try Self.script(dir, "local hb = require 'huebench'\n" + body)
            for out in [[], ["--out", dir]] {
                let r = try CLI.run(["run", "--no-plugins"] + out + [s], cwd: dir)
                #expect(r.status == 1, "\(body) \(out): \(r.stderr)")
                #expect(r.stderr.contains("dot-file or dot-folder") || r.stderr.contains("huebench-plugins"), "\(r.stderr)")
            }
        }
        #expect(try String(contentsOfFile: dir + "/.git/config", encoding: .utf8) == "[core]\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/huebench-plugins"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/sub"))
    }

    @Test func withoutOutAScriptWritesOnlyIntoANewFolderOfItsOwn() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/existing", withIntermediateDirectories: true)
        let loose = try Self.script(dir, "local hb = require 'huebench'\nhb.output('notes.txt'):write('x')")
        var r = try CLI.run(["run", "--no-plugins", loose], cwd: dir)
        #expect(r.status == 1 && r.stderr.contains("no output folder was given, so nothing was written; run again with --out DIR"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/notes.txt"))
        let into = try Self.script(dir, "local hb = require 'huebench'\nhb.output('existing/a.txt'):write('x')")
        r = try CLI.run(["run", "--no-plugins", into], cwd: dir)
        #expect(r.status == 1 && r.stderr.contains("'existing' already exists"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/existing").isEmpty)
        let fresh = try Self.script(dir, "local hb = require 'huebench'\nhb.output('study/a.txt'):write('x')")
        r = try CLI.run(["run", "--no-plugins", fresh], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: dir + "/study/a.txt", encoding: .utf8) == "x")
    }
}
