import ColorIO

/// The names one exporter generates in one namespace (Swift members, CSS custom properties, Android
/// resources), checked to be distinct: two source names that become the same generated name are rejected
/// with both names, instead of writing a file that does not compile or silently drops a color.
struct GeneratedNames {
    let language: String
    private var seen: [String: String] = [:]

    /// `reserved`: generated names the file already uses (e.g. `all`), with what uses them.
    init(_ language: String, reserved: [String: String] = [:]) { self.language = language; seen = reserved }

    /// Records `generated` as the name of `source` (a description such as `family 'orange' stop '450'`).
    @discardableResult
    mutating func claim(_ generated: String, for source: String) throws -> String {
        if let other = seen[generated], other != source {
            throw ColorExportError.invalidDocument(
                "\(other) and \(source) both become the \(language) name \(generated); rename one of them")
        }
        seen[generated] = source
        return generated
    }

    /// `family 'orange' stop '450'`.
    static func stop(_ family: String, _ stop: String) -> String {
        "family \(Escape.quoted(family)) stop \(Escape.quoted(stop))"
    }
    /// `family 'orange' token 'foregroundPrimary'`.
    static func token(_ family: String, _ token: String) -> String {
        "family \(Escape.quoted(family)) token \(Escape.quoted(token))"
    }
}
