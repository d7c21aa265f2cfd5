import Foundation

/// Finds and loads Lua plugins: every `*.lua` file in `./huebench-plugins/`, then
/// `$XDG_CONFIG_HOME/huebench/plugins/` (default `~/.config/huebench/plugins/`), then each `--plugins DIR`,
/// files in byte order of their names within a folder. The order is stable, so duplicate-name errors are too.
public enum PluginLoader {
    /// A folder plugins are loaded from and why it is searched.
    public struct Source: Sendable, Equatable {
        public let folder: String
        public let origin: String
        public init(folder: String, origin: String) { self.folder = folder; self.origin = origin }
    }

    /// What one plugin file registered.
    public struct Report: Sendable {
        public let file: String
        public let origin: String
        public let registrations: [ScriptRegistry.Entry]
    }

    /// The default folders (only those that exist), then `extra` (which must exist).
    public static func defaultSources(extra: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
                                      currentDirectory: String = FileManager.default.currentDirectoryPath) -> [Source] {
        var out: [Source] = []
        let local = currentDirectory + "/huebench-plugins"
        if isDirectory(local) { out.append(Source(folder: local, origin: "./huebench-plugins")) }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].map { $0 + "/.config" } ?? "")
        if !config.isEmpty, isDirectory(config + "/huebench/plugins") {
            out.append(Source(folder: config + "/huebench/plugins", origin: "$XDG_CONFIG_HOME/huebench/plugins"))
        }
        for e in extra { out.append(Source(folder: e, origin: "--plugins")) }
        return out
    }

    /// Whether `path` is an existing folder.
    public static func isFolder(_ path: String) -> Bool { isDirectory(path) }

    static func isDirectory(_ path: String) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
    }

    /// The plugin files of `sources`, in load order.
    public static func files(_ sources: [Source]) throws -> [(file: String, source: Source)] {
        var out: [(String, Source)] = []
        for s in sources {
            guard isDirectory(s.folder) else {
                throw ColorScriptError.file(path: s.folder, reason: "plugin folder not found (\(s.origin)); give an existing folder")
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: s.folder)
                .filter { $0.hasSuffix(".lua") && !$0.hasPrefix(".") }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            for n in names { out.append((s.folder + "/" + n, s)) }
        }
        return out
    }

    /// Runs each plugin file in `state` (each in its own environment) and reports what it registered.
    @discardableResult
    public static func load(_ sources: [Source], into state: LuaInterpreter) throws -> [Report] {
        var reports: [Report] = []
        for (file, source) in try files(sources) {
            let before = state.registry.entries.count
            try state.run(file: file)
            reports.append(Report(file: file, origin: source.origin,
                                  registrations: Array(state.registry.entries[before...])))
        }
        return reports
    }
}
