/// Plain string operations on `/`-separated paths, for messages and for splitting a user's path into folder
/// and file name (no Foundation path methods: they differ between platforms and have crashed on short paths).
public enum PathText {
    /// The folder part of a path: `a/b/c.txt` → `a/b`, `c.txt` → `.`, `/c` → `/`, `a/` → `.`.
    public static func parent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        var head = p[..<slash]
        while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
        return head.isEmpty ? "/" : String(head)
    }

    /// The last component: `a/b/c.txt` → `c.txt`, `a/` → `a`.
    public static func lastComponent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return String(p) }
        return String(p[p.index(after: slash)...])
    }

    /// The extension of the last component, lowercased, without the dot (`x.NPY` → `npy`; none → empty).
    public static func fileExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }

    /// The last component without its extension (`a/brand.lua` → `brand`).
    public static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

/// A relative path inside an output folder, checked against the output rules.
///
/// Rules: not empty, no NUL, not absolute (`/`, `~`), no `..`; no component that starts with `.` (dot-files and
/// dot-folders such as `.git` or `.huebench-manifest` belong to tools and to builds); no `huebench-plugins`
/// component (plugins there run on every later command); components of at most 255 bytes; at most 32
/// components and 1,024 bytes in all. `.` components and repeated slashes are dropped.
public struct RelativePath: Sendable, Hashable, CustomStringConvertible {
    public let components: [String]
    public var description: String { components.joined(separator: "/") }
    /// Most components (folders and the file) in an output path.
    public static let maxComponents = 32
    /// Longest output path, in bytes.
    public static let maxBytes = 1024

    public init(_ path: String) throws {
        func bad(_ reason: String) -> IOError { .invalidPath(path: path, reason: reason) }
        guard !path.isEmpty else { throw bad("is empty; name a file inside the output folder") }
        guard !path.contains("\0") else { throw bad("contains a NUL character") }
        guard !path.hasPrefix("/"), !path.hasPrefix("~") else {
            throw bad("must be relative to the output folder (set the folder with --out)")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.map(String.init)
        guard !parts.isEmpty else { throw bad("names no file inside the output folder") }
        // A tree deeper or longer than this is one many tools cannot list or remove (PATH_MAX is 4096 bytes).
        guard parts.count <= Self.maxComponents else {
            throw bad("is nested deeper than \(Self.maxComponents) folders; keep outputs at most \(Self.maxComponents - 1) folders deep")
        }
        guard parts.reduce(parts.count - 1, { $0 + $1.utf8.count }) <= Self.maxBytes else {
            throw bad("is longer than \(Self.maxBytes) bytes; use shorter names")
        }
        for p in parts {
            if p == ".." { throw bad("may not leave the output folder ('..' is not allowed)") }
            if p.hasPrefix(".") {
                throw bad("may not name a dot-file or dot-folder ('\(Escape.swiftComment(p))') inside the output folder")
            }
            if p == "huebench-plugins" {
                throw bad("may not write into huebench-plugins (plugins there run on every later command)")
            }
            if p.utf8.count > 255 { throw bad("has a component longer than 255 bytes") }
        }
        components = parts
    }

    /// The folder components (all but the last).
    public var folder: [String] { Array(components.dropLast()) }
    /// The file name (the last component).
    public var name: String { components.last! }
}

extension PathText {
    /// `folder/name` with one slash between them (`a/` + `b` → `a/b`; `.` + `b` → `./b`).
    public static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Whether `path` is relative and names no `..` component (stays inside the folder it is read from).
    public static func isInside(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }
}
