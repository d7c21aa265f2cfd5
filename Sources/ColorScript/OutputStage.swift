import Foundation

/// Files a script writes, held in memory until the run has succeeded, then written atomically (each to a
/// temporary file in its folder, all renamed at the end). A failed or killed script leaves no partial file.
struct OutputStage {
    let folder: String
    private(set) var files: [String: Data] = [:]
    private(set) var order: [String] = []

    init(folder: String) { self.folder = folder }

    /// Checks that `path` is relative and stays inside the output folder; returns it normalized.
    static func validate(_ path: String) throws -> String {
        guard !path.isEmpty else { throw BindingError("output path is empty") }
        guard !path.hasPrefix("/") && !path.hasPrefix("~") else {
            throw BindingError("output path '\(path)' must be relative to the output folder (set it with --out)")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.contains(".."), !parts.isEmpty, !path.contains("\0") else {
            throw BindingError("output path '\(path)' may not leave the output folder ('..' is not allowed)")
        }
        return parts.filter { $0 != "." }.joined(separator: "/")
    }

    mutating func stage(_ path: String, _ data: Data) throws {
        let p = try OutputStage.validate(path)
        if files[p] == nil { order.append(p) }
        files[p] = data
    }

    mutating func append(_ path: String, _ data: Data) throws {
        let p = try OutputStage.validate(path)
        if files[p] == nil { order.append(p); files[p] = Data() }
        files[p]!.append(data)
    }

    /// Writes every staged file: all temporaries first, then the renames.
    mutating func commit() throws -> [String] {
        let fm = FileManager.default
        var temps: [(String, String)] = []
        do {
            for rel in order {
                let dest = folder + "/" + rel
                let dir = (dest as NSString).deletingLastPathComponent
                try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
                let tmp = dir + "/.\((dest as NSString).lastPathComponent).tmp-\(getpid())"
                guard fm.createFile(atPath: tmp, contents: files[rel]!) else {
                    throw ColorScriptError.output(path: rel, reason: "cannot create a file in \(dir)")
                }
                temps.append((tmp, dest))
            }
            for (tmp, dest) in temps where rename(tmp, dest) != 0 {
                throw ColorScriptError.output(path: dest, reason: String(cString: strerror(errno)))
            }
        } catch {
            for (tmp, _) in temps { try? fm.removeItem(atPath: tmp) }
            throw error
        }
        let written = order.map { folder + "/" + $0 }
        files = [:]; order = []
        return written
    }
}
