import ColorScript
import Foundation
import Testing

/// Every script in examples/ runs, with its output checked.
@Suite struct ExampleTests {
    let examples = packageRoot + "/examples"

    func run(_ name: String, args: [String] = [], plugins: Bool = false, out: String? = nil) throws -> (String, LuaInterpreter) {
        let (s, printed) = try makeState(time: 30, memoryMiB: 512, output: out)
        if plugins {
            try PluginLoader.load([PluginLoader.Source(folder: examples + "/plugins", origin: "--plugins")], into: s)
        }
        try s.run(file: examples + "/" + name, arguments: args)
        return (printed.text, s)
    }

    @Test func customFamily() throws {
        let (out, _) = try run("custom-family.lua")
        let lines = out.split(separator: "\n")
        #expect(lines.count == 20)
        #expect(lines.first?.hasPrefix("  50  #") == true)
        #expect(lines.last?.hasPrefix("1000  #") == true)
        #expect(out.contains("oklch(0.97 ") && out.contains("oklch(0.22 "))
        // Contrast on white rises monotonically along the ramp.
        let ratios = lines.compactMap { Double($0.split(separator: " ").last ?? "") }
        #expect(ratios.count == 20 && zip(ratios, ratios.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func policy() throws {
        let (out, _) = try run("policy.lua")
        #expect(out.hasPrefix("policy text-on-tint: 12 checks, "))
        #expect(out.contains("_1000 on _500 is"))
    }

    @Test func exporterPlugin() throws {
        let dir = tempFolder()
        let (out, s) = try run("export.lua", plugins: true, out: dir)
        #expect(out == "staged palette.lua with 20 stops per family\n")
        #expect(s.registry.entries.map { "\($0.kind) \($0.name)" } == ["family brand-teal", "exporter lua-table"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/palette.lua"))
        try s.commitOutputs()
        let text = try String(contentsOfFile: dir + "/palette.lua", encoding: .utf8)
        #expect(text.hasPrefix("return {\n  [\"brand-teal\"] = {\n    [50] = \"#"))
        #expect(text.components(separatedBy: "] = \"#").count - 1 == 40)
    }

    @Test func contrastMatrixOver2000Colors() throws {
        let (out, _) = try run("contrast-matrix.lua")
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.first == "matrix(2000×2000, wcag21): 4000000 pairs")
        let counts = lines.dropFirst().prefix(3).compactMap { l in Int(l.split(separator: " ").dropLast().last ?? "") }
        #expect(counts.count == 3 && counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > 0)
        #expect(lines.filter { $0.hasPrefix("  worst: ") }.count == 3)
    }

    @Test func rampExperiment() throws {
        let (out, _) = try run("ramp-experiment.lua")
        let rows = out.split(separator: "\n").dropFirst().map { $0.split(separator: " ") }
        #expect(rows.count == 5)
        // More chroma never puts fewer stops outside sRGB.
        let outside = rows.compactMap { Int($0[1]) }
        #expect(outside.count == 5 && zip(outside, outside.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(outside.first == 0 && outside.last! > 0)
    }

    @Test func duplicateRegistrationsNameBothFiles() throws {
        let dir = tempFolder()
        try "hb.register_exporter{name = 'x', write = function() end}".write(toFile: dir + "/a.lua", atomically: true, encoding: .utf8)
        try "hb.register_exporter{name = 'x', write = function() end}".write(toFile: dir + "/b.lua", atomically: true, encoding: .utf8)
        let (s, _) = try makeState()
        #expect(throws: ColorScriptError.self) {
            try PluginLoader.load([PluginLoader.Source(folder: dir, origin: "--plugins")], into: s)
        }
        let (s2, _) = try makeState()
        let e = #expect(throws: (any Error).self) { try PluginLoader.load([PluginLoader.Source(folder: dir, origin: "--plugins")], into: s2) }
        #expect(e.map { "\($0)" }?.contains("duplicate exporter 'x': registered by \(dir)/a.lua and again by \(dir)/b.lua") == true)
    }

    @Test func pluginsCanRequireModulesFromTheirFolder() throws {
        let dir = tempFolder()
        try "return { greet = function() return 'hi' end }".write(toFile: dir + "/util.lua", atomically: true, encoding: .utf8)
        try "local u = require 'util'\nprint(u.greet())".write(toFile: dir + "/main.lua", atomically: true, encoding: .utf8)
        let (s, printed) = try makeState()
        try s.run(file: dir + "/main.lua")
        #expect(printed.text == "hi\n")
    }
}
