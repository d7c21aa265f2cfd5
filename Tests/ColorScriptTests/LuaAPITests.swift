import ColorScript
import Foundation
import HuebenchTestSupport
import Testing

/// The Lua API declarations (LuaAPI) against the functions a live interpreter installs: every installed
/// function has exactly one declaration and every declaration names an installed function.
@Suite struct LuaAPITests {
    @Test func everyInstalledFunctionIsDeclaredAndNoMore() throws {
        let (state, _) = try makeState()
        let installed = try state.installedFunctions()
        #expect(installed.count >= 80, "\(installed.count) installed functions: the enumeration missed a table")
        let declared = LuaAPI.functions.map(\.qualifiedName)
        let undeclared = Set(installed).subtracting(declared).sorted()
        let stale = Set(declared).subtracting(installed).sorted()
        #expect(undeclared.isEmpty, "installed but not declared in LuaAPI.declarations (add a line for each): \(undeclared)")
        #expect(stale.isEmpty, "declared in LuaAPI.declarations but not installed: \(stale)")
        #expect(Set(declared).count == declared.count, "a function is declared twice")
    }

    /// A function the prelude writes in Lua is declared by the `--- ` line right above its definition.
    @Test func preludeDeclarationsSitOnTheirDefinitions() {
        #expect(LuaAPI.preludeMismatches.isEmpty, "\(LuaAPI.preludeMismatches)")
        #expect(LuaAPI.defines("hbraw.family = function(spec)", "hb.family(spec: table): Family | a family"))
        #expect(!LuaAPI.defines("hbraw.theme = function(spec)", "hb.family(spec: table): Family | a family"))
        #expect(LuaAPI.defines("curve.bell = function(t)", "hb.curve.bell(spec?: table): table | a bell"))
        #expect(LuaAPI.defines("function Family.stop(f, s)", "Family:stop(stop: integer): Color | a stop"))
        #expect(!LuaAPI.defines("function Theme.stop(f, s)", "Family:stop(stop: integer): Color | a stop"))
        // Both sources feed the one list: Swift binding tables (hb.srgb, Color:to) and the prelude (hb.family, Theme:resolve).
        let names = Set(LuaAPI.functions.map(\.qualifiedName))
        #expect(names.isSuperset(of: ["hb.srgb", "Color:to", "SweepResult:best", "hb.family", "hb.curve.ease", "Theme:resolve"]))
    }

    @Test func everyModuleFieldIsDeclared() throws {
        let (state, _) = try makeState()
        let fields = try state.installedFields()
        #expect(fields == ["version": "string", "curve": "table", "families": "table"], "\(fields)")
        #expect(Set(LuaAPI.fields.map(\.name)) == Set(fields.keys))
    }

    /// The annotation file: every declaration becomes a `function` line with its `---@param`s and `---@return`s.
    @Test func annotationsCarryEveryDeclaration() throws {
        let text = LuaAPI.annotations(version: "test")
        #expect(text.hasPrefix("---@meta huebench\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var functionLines: [String: Int] = [:]
        for (i, l) in lines.enumerated() where l.hasPrefix("function ") {
            let name = String(l.dropFirst(9).prefix { $0 != "(" })
            functionLines[name] = i
        }
        for f in LuaAPI.functions {
            let prefix = f.owner == "hb" ? "hb." : f.owner == "hb.curve" ? "curve." : f.owner + ":"
            let i = try #require(functionLines[prefix + f.name], "no function line for \(f.qualifiedName)")
            // The block above the function line: summary, params in order, returns.
            var block: [String] = []
            var k = i - 1
            while k >= 0, lines[k].hasPrefix("---") { block.insert(lines[k], at: 0); k -= 1 }
            #expect(block.first == "---" + f.summary, "\(f.qualifiedName)")
            let params = block.filter { $0.hasPrefix("---@param ") }.map { $0.split(separator: " ")[1] }
            #expect(params.map(String.init) == f.parameters.map { $0.name == "..." ? "..." : $0.name + ($0.optional ? "?" : "") }, "\(f.qualifiedName)")
            #expect(block.filter { $0.hasPrefix("---@return ") }.count == f.returns.count, "\(f.qualifiedName)")
        }
        for c in LuaAPI.classes { #expect(text.contains("---@class huebench.\(c.name)\n")) }
        #expect(text.contains("---@param background huebench.Color|string\n"))
        #expect(text.hasSuffix("return hb\n"))
    }

    /// Parsed by Lua itself: the annotation file is a valid chunk (comments and empty functions).
    @Test func annotationsAreValidLua() throws {
        let (state, _) = try makeState()
        let text = LuaAPI.annotations(version: "test")
        // Run in a table environment of its own so the file's global `hb = {}` does not touch the sandbox's hb.
        let escaped = text.replacingOccurrences(of: "]==]", with: "")
        let r = try state.eval("local f, err = load([==[\(escaped)]==], 'huebench.lua', 't', {}) if not f then return err end local m = f() return type(m), type(m.srgb)")
        #expect(r == ["table", "function"], "\(r)")
    }
}
