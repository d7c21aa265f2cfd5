import ColorCore
import ColorKernels
import ColorScript
import CLuaShims
import Foundation

/// The subcommands, in the order `huebench help` lists them. Add a line here for a new `XCommand.swift`.
enum Commands {
    static let all: [any Command.Type] = [
        HelpCommand.self,
        ParseCommand.self,
        ConvertCommand.self,
        GamutCommand.self,
        SimulateCommand.self,
        ContrastCommand.self,
        DeltaECommand.self,
        PaletteCommand.self,
        TokensCommand.self,
        AuditCommand.self,
        MatrixCommand.self,
        BuildCommand.self,
        RunCommand.self,
        EvalCommand.self,
        PluginsCommand.self,
        TuneCommand.self,
        CompletionsCommand.self,
        LuaTypesCommand.self,
        WatchCommand.self,
    ]
    static func find(_ name: String) -> (any Command.Type)? { all.first { $0.name == name } }
}

let version = HuebenchVersion.text

func luaVersion() -> String {
    var buf = [CChar](repeating: 0, count: 128)
    guard hb_lua_version(&buf, 128) == 0 else { return "Lua (unavailable)" }
    return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func runCLI(_ argv: [String]) -> Int32 {
    guard let first = argv.first else {
        Output.line(HelpCommand.overview)
        return ExitStatus.usage
    }
    if first == "--version" || first == "version" {
        Output.line("huebench \(version) (\(luaVersion()))")
        return ExitStatus.ok
    }
    if first == "--help" || first == "-h" { Output.line(HelpCommand.overview); return ExitStatus.ok }
    guard let cmd = Commands.find(first) else {
        Output.error("huebench: unknown command '\(first)'; run 'huebench help' for the list")
        return ExitStatus.usage
    }
    let rest = Array(argv.dropFirst())
    if rest.contains("--help") || rest.contains("-h") { Output.line(cmd.help); return ExitStatus.ok }
    do {
        let status = try cmd.run(rest)
        return status
    } catch let e as UsageError {
        Output.error("huebench \(first): \(e.message)")
        return ExitStatus.usage
    } catch let e as ColorListError {
        // Every bad entry on its own line (one message would be cut past 2,000 bytes and lose the middle ones).
        for line in e.description.split(separator: "\n", omittingEmptySubsequences: false) {
            Output.error((line.hasPrefix("  ") ? "" : "huebench \(first): ") + line)
        }
        return ExitStatus.someFailed
    } catch let e as ColorScriptError {
        // A plugin or build script failed: one line; exit 3 for a time or memory limit, else 1.
        return ScriptCLI.report(e, command: first, verbose: rest.contains("--verbose"))
    } catch {
        Output.error("huebench \(first): \(error)")
        return ExitStatus.someFailed
    }
}

let status = runCLI(Array(CommandLine.arguments.dropFirst()))
exit(Output.finish(status))
