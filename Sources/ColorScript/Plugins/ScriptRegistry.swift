/// What scripts and plugins registered, each with the file it came from (for `huebench plugins` and for
/// duplicate-name errors that name both files).
public struct ScriptRegistry: Sendable {
    /// One registration.
    public struct Entry: Sendable, Equatable {
        /// "family", "generator", "policy" or "exporter".
        public let kind: String
        public let name: String
        public let file: String
    }
    public private(set) var entries: [Entry] = []

    public init() {}

    /// Records a registration; a second one under the same kind and name is an error naming both files.
    public mutating func add(kind: String, name: String, file: String, builtins: [String] = []) throws {
        if let first = entries.first(where: { $0.kind == kind && $0.name == name }) {
            throw ColorScriptError.duplicate(kind: kind, name: name, first: first.file, second: file)
        }
        if builtins.contains(name) {
            throw ColorScriptError.duplicate(kind: kind, name: name, first: "a built-in", second: file)
        }
        entries.append(Entry(kind: kind, name: name, file: file))
    }

    public func entries(kind: String) -> [Entry] { entries.filter { $0.kind == kind } }
}
