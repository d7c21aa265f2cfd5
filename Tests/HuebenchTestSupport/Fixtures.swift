import Foundation

/// A test target's Fixtures/ folder (test data read through #filePath, not bundled) and its files.
public struct Fixtures: Sendable {
    public let folder: URL

    /// The Fixtures/ folder beside the calling file: `Fixtures()` in Tests/XTests/Foo.swift is Tests/XTests/Fixtures.
    public init(_ file: String = #filePath) {
        folder = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    public func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
    public func path(_ name: String) -> String { url(name).path }
    public func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }
    public func text(_ name: String) throws -> String { String(decoding: try data(name), as: UTF8.self) }
    /// The file parsed as JSON.
    public func json(_ name: String) throws -> Any { try JSONSerialization.jsonObject(with: try data(name)) }

    /// The `cases` array of a vector file (`{"meta": …, "cases": [ … ]}`).
    public func cases(_ name: String) throws -> [[String: Any]] {
        guard let root = try json(name) as? [String: Any], let cases = root["cases"] as? [[String: Any]] else {
            throw FixtureError(message: "\(name): expected an object with a \"cases\" array")
        }
        return cases
    }
}

extension Fixtures {
    /// id → reason from a list of `{"id": …, "reason": …}` entries: the whole file, or the array under `key`
    /// (known failures, skip lists).
    public func reasons(_ name: String, key: String? = nil) throws -> [String: String] {
        let root = try json(name)
        let list = key.map { (root as? [String: Any])?[$0] } ?? root
        guard let entries = list as? [[String: Any]] else {
            throw FixtureError(message: "\(name): expected a list of {id, reason}\(key.map { " under \"\($0)\"" } ?? "")")
        }
        var out: [String: String] = [:]
        for e in entries { if let id = e["id"] as? String { out[id] = e["reason"] as? String ?? "" } }
        return out
    }
}

public struct FixtureError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
