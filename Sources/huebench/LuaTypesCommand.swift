import ColorIO
import ColorScript
import Foundation

/// `huebench lua-types [--out DIR]`: LuaLS / EmmyLua annotations of the whole `huebench` module.
enum LuaTypesCommand: Command {
    static let name = "lua-types"
    static let summary = "write Lua type annotations of the huebench module for editors (LuaLS, EmmyLua)"
    static let help = """
    usage: huebench lua-types [--out DIR]

    Prints (or writes to DIR/huebench.lua) a LuaLS / EmmyLua definition file for `require "huebench"` and the
    global `hb`: every function and method with its parameters, return types and one line of documentation,
    generated from the same declarations the tests check against the functions a script can call. Point the
    language server at DIR, e.g. in .luarc.json:
      { "workspace.library": ["types"], "runtime.version": "Lua 5.4", "diagnostics.globals": ["hb"] }

    options:
      --out DIR    write DIR/huebench.lua (DIR is created if needed) instead of printing
      --markdown   print the Lua reference as Markdown instead (docs/reference/lua.md)

    example:
      $ huebench lua-types --out types
      wrote types/huebench.lua (92 functions and methods)
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: ["markdown"], options: ["out"])
        if let p = a.positionals.first { throw UsageError("unexpected argument '\(p)'; use --out DIR to write a file") }
        if a.has("markdown") {
            if a.value("out") != nil { throw UsageError("--markdown prints the reference; drop --out") }
            Output.write("# Lua API reference\n\nGenerated from the same declarations as `huebench lua-types` (scripts/docs). "
                + "Scripts get the module as `local hb = require \"huebench\"` (also the global `hb`); `?` marks an optional "
                + "parameter. Guides: [Lua scripting](../guides/lua-scripting.md).\n\n" + LuaAPI.markdown())
            return ExitStatus.ok
        }
        let text = LuaAPI.annotations(version: version)
        guard let dir = a.value("out") else { Output.write(text); return ExitStatus.ok }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw UsageError("--out '\(dir)': cannot create the folder (\(error.localizedDescription)); give a folder you can write")
        }
        let path = (dir.hasSuffix("/") ? dir : dir + "/") + "huebench.lua"
        try AtomicFile.write(text, to: path)
        Output.line("wrote \(path) (\(LuaAPI.functions.count) functions and methods)")
        return ExitStatus.ok
    }
}
