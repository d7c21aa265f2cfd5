import ColorCore
import ColorExport
import ColorScript
import Foundation
import Palettes

/// Lua plugins for the subcommands that take `--family`, `--policy`, `--generator` or `--formats` (palette,
/// tokens, audit, build): one shared set of options and one loader, so plugin families, generators, policies
/// and exporters are the same registry entries the built-ins are.
struct PluginContext {
    static let options: Set<String> = ["plugins"]
    static let flags: Set<String> = ["no-plugins"]
    static let optionHelp = """
      --plugins DIR    also load the Lua plugins in DIR (repeatable; after ./huebench-plugins and
                       $XDG_CONFIG_HOME/huebench/plugins)
      --no-plugins     load no plugins
    """

    /// Families, generators and policies: built-ins plus plugin entries.
    let palettes: PaletteWorkbench
    /// Export formats: built-ins plus plugin exporters.
    let exporters: Registry<Exporter>
    /// The Lua state the plugin entries call back into (nil when no plugin folder exists).
    let state: LuaInterpreter?
    let sources: [PluginLoader.Source]

    /// The built-ins only.
    static var builtins: PluginContext { PluginContext(palettes: .standard, exporters: Exporters.standard, state: nil, sources: []) }

    /// Loads the plugins these arguments ask for. `forceState` creates a Lua state even with no plugins (for a
    /// build script). A missing `--plugins DIR` is a usage error; a plugin error or limit is thrown as
    /// `ColorScriptError` (exit 1 or 3).
    static func load(_ a: Arguments, command: String, forceState: Bool = false, options: ScriptOptions = ScriptOptions(),
                     print: @escaping (String) -> Void = { Output.write($0) }) throws -> PluginContext {
        for dir in a.all("plugins") where !PluginLoader.isFolder(dir) {
            throw UsageError("--plugins '\(dir)' is not a folder; give a folder of .lua plugins (huebench \(command))")
        }
        let sources = a.has("no-plugins") ? [] : PluginLoader.defaultSources(extra: a.all("plugins"))
        if sources.isEmpty && !forceState { return builtins }
        var o = options
        o.allowedFolders += sources.map(\.folder)
        if o.watchdogMessage == nil {
            o.watchdogMessage = ScriptCLI.watchdogMessage(command: command, script: a.positionals.first.map { $0.hasSuffix(".lua") ? $0 : "plugins" } ?? "plugins", budget: o.timeLimit)
        }
        let state = try LuaInterpreter(options: o, print: print)
        try PluginLoader.load(sources, into: state)
        return PluginContext(palettes: state.palettes, exporters: state.exporters, state: state, sources: sources)
    }

    /// The registries as they are now: a script run after loading may have registered more.
    var workbench: DesignWorkbench {
        if let state { return DesignWorkbench(palettes: state.palettes, exporters: state.exporters) }
        return DesignWorkbench(palettes: palettes, exporters: exporters)
    }

    /// A registered policy (a Lua policy's stop rules and check function are its `check`).
    func policy(_ id: String) -> Policy? { workbench.palettes.policies[id] }

    /// Resolves family names typed by the user against built-ins and plugin families.
    func families(_ names: [String], command: String, scale: Scale? = nil) throws -> [Family] {
        try PaletteJSON.families(names, workbench: palettes, command: command, scale: scale)
    }
}
