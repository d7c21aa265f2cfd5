/// An entry a `Registry` can hold: anything with a string id.
public protocol RegistryEntry: Sendable {
    /// The entry's id, as users write it (`srgb`, `wcag21`, `2000`…).
    var registryID: String { get }
    /// Other names that find the same entry (e.g. `xyz` for `xyz-d65`).
    var registryAliases: [String] { get }
}

extension RegistryEntry {
    public var registryAliases: [String] { [] }
}

/// An ordered table of pluggable values by id. Built-ins and plugins register through the same call.
///
/// Duplicate ids throw; looking up an unknown id throws an error that lists the known ids.
public struct Registry<Entry: RegistryEntry>: Sendable {
    /// What the entries are, for error messages ("color space", "contrast method"…).
    public let kind: String
    private var entries: [String: Entry] = [:]
    private var aliases: [String: String] = [:]
    /// Ids in registration order.
    public private(set) var ids: [String] = []

    public init(kind: String) { self.kind = kind }

    /// Adds an entry. Throws `ColorCoreError.duplicateID` if its id or an alias is taken.
    public mutating func register(_ entry: Entry) throws {
        let names = [entry.registryID] + entry.registryAliases
        for name in names where entries[name] != nil || aliases[name] != nil {
            throw ColorCoreError.duplicateID(kind: kind, id: name)
        }
        entries[entry.registryID] = entry
        for alias in entry.registryAliases { aliases[alias] = entry.registryID }
        ids.append(entry.registryID)
    }

    /// The entry for an id or alias (ASCII case-insensitive), or an error listing the known ids.
    public func lookup(_ id: String) throws -> Entry {
        if let entry = self[id] { return entry }
        throw ColorCoreError.unknownID(kind: kind, id: id, known: ids)
    }

    /// The entry for an id or alias, or nil.
    public subscript(_ id: String) -> Entry? {
        if let e = entries[id] { return e }
        if let canonical = aliases[id] { return entries[canonical] }
        let lower = id.lowercased()
        if lower != id { return entries[lower] ?? aliases[lower].flatMap { entries[$0] } }
        return nil
    }

    public func contains(_ id: String) -> Bool { self[id] != nil }

    /// Entries in registration order.
    public var all: [Entry] { ids.map { entries[$0]! } }
}
