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
    /// Files streamed to disk while the script runs (matrices too large to hold in memory).
    let streams = StreamList()

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

    func stage(_ path: String, _ data: Data) throws { try stage(path, bytes: [UInt8](data)) }

    /// Whether `path` is staged already (by any spelling of it).
    func isStaged(_ path: String) -> Bool {
        guard let p = try? OutputStage.validate(path) else { return false }
        return staged.contents(p) != nil
    }

    /// The bytes staged for `path` (0: none).
    func stagedSize(_ path: String) -> Int {
        guard let p = try? OutputStage.validate(path) else { return 0 }
        return staged.contents(p)?.count ?? 0
    }

    /// Stages `bytes` as the whole file `path` (no copy is made).
    func stage(_ path: String, bytes: [UInt8]) throws {
        let p = try OutputStage.validate(path)
        if staged.contents(p) == nil { try precheck(p) }
        try staged.write(p, bytes: bytes)
    }

    func append(_ path: String, _ data: Data) throws {
        let p = try OutputStage.validate(path)
        if staged.contents(p) == nil { try precheck(p) }
        try staged.append(p, bytes: [UInt8](data))
    }

    /// A new output's path checked against the output folder as it is now, so a link or a folder in the way is an
    /// error at the script's line rather than a failed commit (the commit checks again: the folder may change).
    private func precheck(_ p: String) throws {
        guard let folder, let root = try? Directory.open(folder, create: false) else { return }
        do {
            let rp = try RelativePath(p)
            if let dir = try root.folder(rp.folder, create: false) { try dir.requireRegularOrMissing(rp.name) }
        } catch { throw BindingError("output '\(p)': \(error)") }
    }

    /// Writes every staged file and moves the streamed files into place, all in one journaled commit (all or
    /// none); returns the written paths (folder + path).
    func commit() throws -> [String] {
        if let folder, !streams.items.isEmpty {
            for s in streams.items {
                do { try staged.adopt(s.rel, tempName: s.tempName) } catch {
                    streams.discard()
                    throw ColorScriptError.output(path: folder + "/" + s.rel, reason: "\(error)")
                }
            }
        }
        do {
            let written = try commitStaged()
            streams.committed()  // renamed by the commit
            return written
        } catch {
            streams.discard()
            throw error
        }
    }

    /// The temporary path a streamed output `path` is written to: a hidden file in the output folder, renamed into
    /// place by `commit` or removed by `discardStreams` (a failed run leaves nothing). Needs an output folder.
    func streamPath(_ path: String) throws -> String {
        let p = try OutputStage.validate(path)
        guard let folder else {
            throw BindingError("'\(p)' is streamed to disk, which needs an output folder; run with --out DIR")
        }
        if staged.contents(p) != nil || streams.items.contains(where: { $0.rel == p }) {
            throw BindingError("output '\(p)' is already written by this script; give each output its own path")
        }
        // The folder is walked like every output (O_NOFOLLOW on each component: no link inside the output tree is
        // followed); the writer then reaches it through its descriptor (/proc/self/fd/N), so the checked folder is
        // the one written, whatever happens to the path meanwhile.
        let rp = try RelativePath(p)
        let dir: Directory
        do {
            dir = try Directory.open(folder, create: true).folder(rp.folder, create: true)!
            try dir.requireRegularOrMissing(rp.name)
        } catch { throw BindingError("\(error)") }
        let tempName = AtomicFileWriter.tempName(for: rp.name)
        // Recorded before the temp file exists, so a kill before the commit leaves nothing the next run cannot
        // find (`StreamJournal`).
        do {
            if streams.journal == nil {
                let root = try Directory.open(folder, create: true)
                StreamJournal.recover(in: root)
                streams.journal = try StreamJournal(root: root)
            }
            try streams.journal!.record(folder: rp.folder, tempName: tempName)
        } catch { throw BindingError("\(error)") }
        streams.items.append(StreamList.Item(rel: p, dir: dir, name: rp.name, tempName: tempName))
        return "/proc/self/fd/\(dir.fd)/\(tempName)"
    }

    /// Every output, staged files first, then the streamed ones as memory-mapped files (their temporary files
    /// are unlinked; the mapping stays valid). The stage is left holding nothing to commit.
    func takeAll() throws -> [(path: String, bytes: Data)] {
        var out = order.map { ($0, files[$0]!) }
        defer { streams.discard() }
        for s in streams.items {
            let url = URL(fileURLWithPath: "/proc/self/fd/\(s.dir.fd)/\(s.tempName)")
            do { out.append((s.rel, try Data(contentsOf: url, options: .alwaysMapped))) } catch {
                throw ColorScriptError.output(path: s.rel, reason: "cannot read back the streamed file (\(error))")
            }
        }
        return out
    }

    /// Forgets a streamed output whose writing failed (its temporary file is removed).
    func dropStream(_ path: String) {
        guard let p = try? OutputStage.validate(path), let k = streams.items.firstIndex(where: { $0.rel == p }) else { return }
        streams.items[k].remove()
        streams.items.remove(at: k)
    }

    /// Removes every streamed temporary file.
    func discardStreams() { streams.discard() }

    private func commitStaged() throws -> [String] {
        let paths = staged.orderedPaths + staged.adoptedPaths
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

/// The streamed outputs of a stage: path relative to the output folder, its folder (open), name and temp name.
final class StreamList {
    struct Item {
        let rel: String
        let dir: Directory
        let name: String
        let tempName: String
        func remove() { _ = unlinkat(dir.fd, tempName, 0) }
    }
    var items: [Item] = []
    /// The record of the streamed temp files (made with the first one).
    var journal: StreamJournal?
    func discard() {
        for s in items { s.remove() }
        items = []
        journal?.finish(); journal = nil
    }
    /// The temp files were renamed into place by a commit.
    func committed() {
        items = []
        journal?.finish(); journal = nil
    }
    deinit { discard() }
}
