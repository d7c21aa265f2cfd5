import ColorIO
import Foundation

/// Files a script writes, held in memory (ColorIO's `StagedFolder`) until the run has succeeded, then committed
/// all at once: every file or none.
///
/// Where: into the output folder the user gave (`--out DIR`), or — without one — only into new folders of the
/// current folder that the script's own paths name (`hb.output("study/a.csv")` makes `./study`); a path whose
/// first folder already exists, or a file directly in the current folder, is refused then. Never into a dot-folder
/// (`.git`) or `huebench-plugins`, never through a symbolic link inside the output tree (`RelativePath`,
/// `Directory`).
struct OutputStage {
    let folder: String?
    let staged = StagedFolder()

    init(folder: String?) { self.folder = folder }

    /// Checks that `path` is relative and stays inside the output folder; returns it normalized.
    static func validate(_ path: String) throws -> String {
        do { return try RelativePath(path).description } catch let e as IOError {
            guard case let .invalidPath(_, reason) = e else { throw BindingError("\(e)") }
            throw BindingError("output path '\(Escape.swiftComment(path))' \(reason)")
        }
    }

    /// The staged paths in write order.
    var order: [String] { staged.orderedPaths }
    /// The staged files.
    var files: [String: Data] {
        Dictionary(uniqueKeysWithValues: staged.orderedPaths.map { ($0, Data(staged.contents($0)!)) })
    }
    /// The bytes held in memory (what the stage costs).
    var byteCount: Int { staged.byteCount }

    func stage(_ path: String, _ data: Data) throws {
        try staged.write(try OutputStage.validate(path), bytes: [UInt8](data))
    }

    func append(_ path: String, _ data: Data) throws {
        try staged.append(try OutputStage.validate(path), bytes: [UInt8](data))
    }

    /// Writes every staged file (all or none); returns the written paths (folder + path).
    func commit() throws -> [String] {
        let paths = staged.orderedPaths
        guard !paths.isEmpty else { return [] }
        if let folder {
            do { _ = try staged.commit(to: folder, options: .init(manifest: false)) } catch {
                throw ColorScriptError.output(path: folder, reason: "\(error)")
            }
            staged.removeAll()
            return paths.map { folder + "/" + $0 }
        }
        // No --out: each first folder must be new; it is made here and removed again if the commit fails.
        var groups: [String: StagedFolder] = [:], firsts: [String] = []
        for p in paths {
            let parts = p.split(separator: "/").map(String.init)
            guard parts.count > 1 else {
                throw ColorScriptError.output(path: p, reason: "no output folder was given, so nothing was written; run again with --out DIR")
            }
            if groups[parts[0]] == nil {
                var st = stat()
                if lstat(parts[0], &st) == 0 {
                    throw ColorScriptError.output(path: p, reason: "'\(parts[0])' already exists and no output folder was given, so nothing was written; run again with --out DIR (or name a new folder)")
                }
                groups[parts[0]] = StagedFolder(); firsts.append(parts[0])
            }
            try groups[parts[0]]!.write(parts.dropFirst().joined(separator: "/"), bytes: staged.contents(p)!)
        }
        var made: [String] = []
        do {
            for f in firsts {
                guard mkdir(f, 0o755) == 0 else {
                    throw ColorScriptError.output(path: f, reason: "cannot create the folder (\(String(cString: strerror(errno))))")
                }
                made.append(f)
            }
            for f in firsts { _ = try groups[f]!.commit(to: f, options: .init(manifest: false)) }
        } catch {
            for f in made { try? FileManager.default.removeItem(atPath: f) }  // new folders: only our files are in them
            if let e = error as? ColorScriptError { throw e }
            throw ColorScriptError.output(path: ".", reason: "\(error)")
        }
        staged.removeAll()
        return paths
    }
}
