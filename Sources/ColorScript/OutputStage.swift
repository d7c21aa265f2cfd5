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

    /// Files streamed to disk while the script runs (matrices too large to hold): each is written to a hidden
    /// temporary file in its final folder and renamed into place by `commit`, or removed by `discardStreams`.
    private(set) var streams: [(rel: String, temp: String)] = []

    /// The temporary path a streamed output `path` is written to (its folder is created).
    mutating func streamPath(_ path: String) throws -> String {
        let p = try OutputStage.validate(path)
        if files[p] != nil || streams.contains(where: { $0.rel == p }) {
            throw BindingError("output '\(p)' is already written by this script; give each output its own path")
        }
        let dest = folder + "/" + p
        let dir = (dest as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw BindingError("cannot create the folder of output '\(p)' (\(error.localizedDescription))")
        }
        let temp = dir + "/.\((dest as NSString).lastPathComponent).stream-\(getpid())"
        streams.append((p, temp))
        return temp
    }

    /// Forgets a streamed output whose writing failed (its temporary file is removed).
    mutating func dropStream(_ path: String) {
        guard let p = try? OutputStage.validate(path), let k = streams.firstIndex(where: { $0.rel == p }) else { return }
        unlink(streams[k].temp)
        streams.remove(at: k)
    }

    /// Removes every streamed temporary file (a failed run leaves nothing).
    mutating func discardStreams() {
        for s in streams { unlink(s.temp) }
        streams = []
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
            for s in streams where rename(s.temp, folder + "/" + s.rel) != 0 {
                throw ColorScriptError.output(path: folder + "/" + s.rel, reason: String(cString: strerror(errno)))
            }
        } catch {
            for (tmp, _) in temps { try? fm.removeItem(atPath: tmp) }
            discardStreams()
            throw error
        }
        let written = order.map { folder + "/" + $0 } + streams.map { folder + "/" + $0.rel }
        files = [:]; order = []; streams = []
        return written
    }
}
