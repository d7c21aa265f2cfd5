import Foundation
import Testing

/// `huebench lua-types [--out DIR]`: the annotation file, printed or written.
@Suite struct LuaTypesCommandTests {
    @Test func printsAndWritesTheSameFile() throws {
        let printed = try CLI.run(["lua-types"])
        #expect(printed.status == 0 && printed.stdout.hasPrefix("---@meta huebench\n"), "\(printed.stderr)")
        #expect(printed.stdout.contains("---@param background huebench.Color|string\n"))
        let dir = TempFolder.make("luatypes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["lua-types", "--out", "types"], cwd: dir.path)
        let functions = printed.lines.filter { $0.hasPrefix("function ") }.count
        #expect(r.status == 0 && r.stdout == "wrote types/huebench.lua (\(functions) functions and methods)\n", "\(r.stdout) \(r.stderr)")
        let written = try String(contentsOf: dir.appendingPathComponent("types/huebench.lua"), encoding: .utf8)
        #expect(written == printed.stdout)
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let r = try CLI.run(["lua-types", "extra"])
        #expect(r.status == 2 && r.stderr == "huebench lua-types: unexpected argument 'extra'; use --out DIR to write a file\n", "\(r.stderr)")
        let f = TempFolder.make("luatypes").appendingPathComponent("file")
        try "x".write(to: f, atomically: true, encoding: .utf8)
        let o = try CLI.run(["lua-types", "--out", f.path])
        #expect(o.status == 2 && o.stderr.hasPrefix("huebench lua-types: --out '\(f.path)': cannot create the folder"), "\(o.stderr)")
    }
}
