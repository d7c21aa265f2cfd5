import Foundation
import Glibc

/// The files of one build or run, held in memory, then committed into an output folder all at once.
///
/// Paths follow `RelativePath`'s rules (no `..`, no dot-folders, no `huebench-plugins`). Nothing touches the disk
/// until `commit(to:)`, which:
/// 1. locks the folder (`flock` on the folder itself, no lock file; a second build waits up to `lockWait`, then fails with
///    "another build is writing DIR");
/// 2. finishes or rolls back a commit a killed build left (`.huebench-journal`), removing its temp files;
/// 3. writes every changed file to a temp file beside its target (folders walked with `O_NOFOLLOW`, so a
///    symbolic link inside the folder is an error, never followed), recording each in the journal;
/// 4. marks the journal ready (the commit point), renames every temp file over its target, removes the files
///    of the previous build that this one no longer writes (only files the signed manifest lists whose inode,
///    size and time still match — never a folder, never a file someone replaced), then empty folders they
///    leave, writes the new manifest and deletes the journal.
/// A kill before step 4 leaves the old files; after it, the next commit completes the renames.
public final class StagedFolder: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]
    private var order: [String] = []
    private var bytes = 0

    /// The manifest, journal and lock files inside an output folder.
    public static let manifestName = ".huebench-manifest"
    public static let journalName = ".huebench-journal"
    public static let lockName = ".huebench-lock"

    public init() {}

    /// Adds (or replaces) a file.
    public func write(_ path: String, bytes: [UInt8]) throws {
        let p = try RelativePath(path).description
        lock.lock(); defer { lock.unlock() }
        if let old = files[p] { self.bytes -= old.count } else { order.append(p) }
        files[p] = bytes
        self.bytes += bytes.count
    }

    /// Adds a UTF-8 text file.
    public func write(_ path: String, text: String) throws { try write(path, bytes: Array(text.utf8)) }

    /// Appends to a file (created empty first).
    public func append(_ path: String, bytes: [UInt8]) throws {
        let p = try RelativePath(path).description
        lock.lock(); defer { lock.unlock() }
        if files[p] == nil { order.append(p); files[p] = [] }
        files[p]!.append(contentsOf: bytes)
        self.bytes += bytes.count
    }

    /// The paths written so far, sorted.
    public var paths: [String] { lock.lock(); defer { lock.unlock() }; return files.keys.sorted() }
    /// The paths in the order they were first written.
    public var orderedPaths: [String] { lock.lock(); defer { lock.unlock() }; return order }
    /// The bytes held so far (what staging costs in memory).
    public var byteCount: Int { lock.lock(); defer { lock.unlock() }; return bytes }
    public var isEmpty: Bool { lock.lock(); defer { lock.unlock() }; return files.isEmpty }

    /// The bytes of one file written so far.
    public func contents(_ path: String) -> [UInt8]? { lock.lock(); defer { lock.unlock() }; return files[path] }
    /// The text of one file written so far.
    public func text(_ path: String) -> String? { contents(path).map { String(decoding: $0, as: UTF8.self) } }

    /// Drops every staged file.
    public func removeAll() { lock.lock(); files = [:]; order = []; bytes = 0; adopted = [:]; lock.unlock() }

    /// Files already written to disk as temp files (streamed outputs too large to hold in memory), by path:
    /// the temp file's name in the path's folder. The commit renames them with the staged files, in the same
    /// journal (a kill rolls them back or completes them like the rest).
    private var adopted: [String: String] = [:]

    /// Takes over `tempName` (a file in `path`'s folder under the output folder, named like
    /// `AtomicFileWriter.tempName(for:)`) as the content of `path`: the commit renames it into place, a failed
    /// or rolled-back commit removes it.
    public func adopt(_ path: String, tempName: String) throws {
        let p = try RelativePath(path).description
        guard tempName.contains(AtomicFileWriter.tempMarker), !tempName.contains("/") else {
            throw IOError.invalidPath(path: tempName, reason: "is not a temp file name of the output layer")
        }
        lock.lock(); defer { lock.unlock() }
        guard files[p] == nil else { throw IOError.invalidPath(path: p, reason: "is staged twice; give each output its own path") }
        adopted[p] = tempName
    }

    /// The paths of adopted temp files.
    public var adoptedPaths: [String] { lock.lock(); defer { lock.unlock() }; return adopted.keys.sorted() }

    /// How a commit treats the folder.
    public struct CommitOptions: Sendable {
        /// Keep a manifest and remove files an earlier build wrote that this one does not (builds). Off for
        /// script runs, which own no files beyond the ones they write.
        public var manifest: Bool = true
        /// Seconds to wait for another build's lock.
        public var lockWait: Double = 5
        public init(manifest: Bool = true, lockWait: Double = 5) { self.manifest = manifest; self.lockWait = lockWait }
    }

    /// What a commit did.
    public struct CommitResult: Sendable, Equatable {
        /// Every file of the build with its size in bytes, sorted by path.
        public var files: [(path: String, size: Int)]
        /// How many files had new bytes (the others were already up to date).
        public var changed: Int
        /// Files of an earlier build that this build no longer produces, removed.
        public var removed: [String]
        /// What the commit did about a commit a killed build left (nil: there was none).
        public var recovered: String?
        /// Why the previous manifest was not used (nil: it was used or there was none).
        public var manifestIgnored: String?
        public static func == (a: Self, b: Self) -> Bool {
            a.files.map(\.path) == b.files.map(\.path) && a.files.map(\.size) == b.files.map(\.size)
                && a.changed == b.changed && a.removed == b.removed
        }
    }

    /// Commits into the folder at `url`.
    public func commit(to url: URL, options: CommitOptions = CommitOptions(), progress: ((Int, Int) -> Void)? = nil) throws -> CommitResult {
        try commit(to: url.path, options: options, progress: progress)
    }

    /// Commits every staged file into the folder at `root` (made if missing), as the type's summary describes.
    public func commit(to root: String, options: CommitOptions = CommitOptions(), progress: ((Int, Int) -> Void)? = nil) throws -> CommitResult {
        let snapshot: [(RelativePath, [UInt8])] = try {
            lock.lock(); defer { lock.unlock() }
            return try files.keys.sorted().map { (try RelativePath($0), files[$0]!) }
        }()
        let adoptedFiles: [(RelativePath, String)] = try {
            lock.lock(); defer { lock.unlock() }
            return try adopted.keys.sorted().map { (try RelativePath($0), adopted[$0]!) }
        }()
        var before = stat()
        let rootExisted = lstat(root, &before) == 0
        let dir = try Directory.open(root, create: true)
        var committed = false
        // A commit that fails leaves no new empty output folder behind (rmdir refuses a folder with anything in it).
        defer { if !committed && !rootExisted { _ = rmdir(root) } }
        let held = try FolderLock(dir, wait: options.lockWait)
        defer { held.release() }
        var result = CommitResult(files: snapshot.map { ($0.0.description, $0.1.count) }, changed: 0, removed: [])
        result.recovered = try Journal.recover(in: dir)
        let strays = StreamJournal.recover(in: dir)  // temp files of a script killed before its commit
        if strays > 0 {
            let note = "removed \(strays) streamed temp file\(strays == 1 ? "" : "s") of a killed run"
            result.recovered = result.recovered.map { $0 + "; " + note } ?? note
        }
        let previous: Manifest?
        if options.manifest {
            do { previous = try Manifest.read(in: dir) } catch let e as Manifest.Invalid {
                previous = nil; result.manifestIgnored = e.reason
            }
        } else { previous = nil }

        var folders = FolderCache(root: dir)
        var journal = Journal(state: .staging, renames: [], removals: [], manifest: nil)
        var writers: [AtomicFileWriter] = []
        var entries: [Manifest.Entry] = []
        // Plan the temp names first and record them, so a kill while writing leaves nothing unknown.
        var planned: [(RelativePath, [UInt8], Directory, String?)] = []
        do {
            for (path, data) in snapshot {
                let folder = try folders.folder(path.folder)
                try folder.requireRegularOrMissing(path.name)
                if let st = folder.entry(path.name), Int(st.st_size) == data.count, folder.read(path.name) == data {
                    entries.append(Manifest.Entry(path: path.description, stat: st))
                    planned.append((path, data, folder, nil))
                    continue
                }
                let temp = AtomicFileWriter.tempName(for: path.name)
                journal.renames.append(Journal.Rename(path: path.description, temp: temp))
                planned.append((path, data, folder, temp))
            }
            for (path, temp) in adoptedFiles {
                let folder = try folders.folder(path.folder)
                try folder.requireRegularOrMissing(path.name)
                guard let st = folder.entry(temp), st.st_mode & S_IFMT == S_IFREG else {
                    throw IOError.failed(path: path.description, reason: "its streamed temp file '\(temp)' is gone")
                }
                journal.renames.append(Journal.Rename(path: path.description, temp: temp))
                entries.append(Manifest.Entry(path: path.description, stat: st))
                result.files.append((path.description, Int(st.st_size)))
            }
            result.files.sort { $0.path < $1.path }
            try journal.write(in: dir)
        } catch {
            folders.removeMade()  // a refused commit leaves no new empty folders
            throw error
        }
        let batchSync = Directory.canSyncFilesystem
        do {
            var done = 0
            for (path, data, folder, temp) in planned {
                guard let temp else { continue }
                let w = try AtomicFileWriter(directory: folder, name: path.name, displayPath: path.description, tempName: temp)
                try w.write(data)
                try w.prepare(sync: !batchSync)
                writers.append(w)
                entries.append(Manifest.Entry(path: path.description, stat: w.preparedStat!))
                done += 1
                if done == 1 { KillPoint.hit("staging") }
                try FaultInjection.hit(.tempFile(done), in: dir, path: path.description)
                progress?(done, journal.renames.count)
            }
            result.changed = writers.count + adoptedFiles.count
            if let previous {
                let written = Set(snapshot.map { $0.0.description })
                journal.removals = previous.entries.filter { !written.contains($0.path) }
            }
            if options.manifest {
                journal.manifest = Manifest(entries: entries.sorted { $0.path < $1.path }).text(identity: dir.identity)
            }
            journal.state = .ready
            if batchSync && !dir.syncFilesystem() {
                throw IOError.failed(path: dir.displayPath, reason: "cannot flush the files to disk (\(Directory.errorText()))")
            }
            try FaultInjection.hit(.commitPoint, in: dir, path: StagedFolder.journalName)
            try journal.write(in: dir)  // the commit point: every temp file is on disk
        } catch {
            for w in writers { w.abandon() }
            try? Journal.rollBack(journal, in: dir)
            folders.removeMade()
            throw error
        }
        for w in writers { w.markCommittedByJournal() }
        committed = true
        result.removed = try Journal.apply(journal, in: dir)
        return result
    }
}

/// Open subfolders of one commit, by path.
struct FolderCache {
    let root: Directory
    var open: [[String]: Directory] = [:]
    init(root: Directory) { self.root = root }
    /// Folders this commit made, in the order it made them.
    var made: [[String]] = []
    mutating func folder(_ parts: [String]) throws -> Directory {
        if parts.isEmpty { return root }
        if let d = open[parts] { return d }
        for i in 1...parts.count where open[Array(parts[..<i])] == nil {
            if (try? root.folder(Array(parts[..<i]), create: false)) ?? nil == nil { made.append(Array(parts[..<i])) }
        }
        let d = try root.folder(parts, create: true)!
        open[parts] = d
        return d
    }

    /// Removes the folders this commit made that are still empty (deepest first).
    mutating func removeMade() {
        for parts in made.reversed() {
            guard let parent = try? existing(Array(parts.dropLast())) else { continue }
            _ = unlinkat(parent.fd, parts.last!, AT_REMOVEDIR)
            open[parts] = nil
        }
        made = []
    }
}

/// The advisory lock of an output folder: `flock` on the folder itself (its own open file description), so no
/// lock file is left among the user's files. A `.huebench-lock` file an older version left is removed.
final class FolderLock {
    let fd: Int32
    init(_ dir: Directory, wait: Double) throws {
        fd = openat(dir.fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw IOError.failed(path: dir.displayPath, reason: "cannot open the folder to lock it (\(Directory.errorText()))")
        }
        let deadline = Date().addingTimeInterval(wait)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                throw IOError.locked(folder: dir.displayPath)
            }
            usleep(20_000)
        }
        if let st = dir.entry(StagedFolder.lockName), st.st_mode & S_IFMT == S_IFREG { _ = dir.remove(StagedFolder.lockName) }
    }
    func release() { flock(fd, LOCK_UN); close(fd) }
}

/// Test hook: `HUEBENCH_TEST_KILL_AT=<point>` ends the process with SIGKILL at that point of a commit
/// (`staging`: after the first temp file is written; `renaming`: after the first rename of a ready journal), so
/// tests can check that a later build completes or rolls back what a killed build left.
enum KillPoint {
    static let armed: String? = ProcessInfo.processInfo.environment["HUEBENCH_TEST_KILL_AT"]
    static func hit(_ point: String) {
        if armed == point { kill(getpid(), SIGKILL) }
    }
}

/// Test seam: makes one step of the commits into one folder fail as a full disk or a failing rename would, so
/// tests can check what a failure after the temp files are written leaves (run as root, a read-only folder
/// refuses nothing). Armed per folder identity (device and inode), so commits into other folders — other tests
/// running at the same time — are untouched; disarmed after it fires once. Costs one lock-free flag test when
/// nothing is armed.
enum FaultInjection {
    enum Point: Hashable, Sendable {
        /// After the Nth temp file of a commit is written and flushed (1-based).
        case tempFile(Int)
        /// Writing the ready journal (the commit point).
        case commitPoint
        /// The Nth rename of temp file over target (1-based, counting the renames attempted).
        case rename(Int)
        /// The rename of a single atomic file (`AtomicFileWriter.commit`) named so.
        case fileRename(String)
    }
    nonisolated(unsafe) private static var armed: [String: Point] = [:]
    nonisolated(unsafe) private static var any = false
    private static let lock = Mutex()

    /// Makes `point` fail in the next commit into the folder at `path` (which must exist).
    static func arm(_ point: Point, folder path: String) throws {
        let id = try Directory.open(path, create: false).identity
        lock.lock(); armed[id] = point; any = true; lock.unlock()
    }

    static func disarm(folder path: String) {
        guard let id = try? Directory.open(path, create: false).identity else { return }
        lock.lock(); armed[id] = nil; any = !armed.isEmpty; lock.unlock()
    }

    /// Throws the injected failure when `point` is armed for `dir`.
    static func hit(_ point: Point, in dir: Directory, path: String) throws {
        guard any else { return }
        let id = dir.identity
        lock.lock()
        let fire = armed[id] == point
        if fire { armed[id] = nil; any = !armed.isEmpty }
        lock.unlock()
        if fire { throw IOError.failed(path: path, reason: "Input/output error (injected by a test)") }
    }
}

extension AtomicFileWriter {
    /// The journal owns the temp file now: dropping the writer must not remove it.
    func markCommittedByJournal() { markDone() }
}

/// The manifest: the files a build wrote, with the inode, size and modification time each had, signed with a
/// SHA-256 of its text and the output folder's identity (so a manifest copied from elsewhere or edited by
/// hand is not trusted).
struct Manifest {
    struct Entry: Equatable {
        var path: String
        var inode: UInt64, size: Int64, mtime: Int64
        init(path: String, inode: UInt64, size: Int64, mtime: Int64) {
            self.path = path; self.inode = inode; self.size = size; self.mtime = mtime
        }
        init(path: String, stat st: stat) {
            self.init(path: path, inode: UInt64(st.st_ino), size: Int64(st.st_size),
                      mtime: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
        }
        /// Whether a file's stat is still the one this build wrote.
        func matches(_ st: stat) -> Bool {
            st.st_mode & S_IFMT == S_IFREG && Entry(path: path, stat: st) == self
        }
    }
    struct Invalid: Error { let reason: String }

    var entries: [Entry]
    static let header = "huebench-manifest \(IOFormat.version)"

    func body() -> String {
        entries.map { "\(JSONText.string($0.path)) \($0.inode) \($0.size) \($0.mtime)" }.joined(separator: "\n")
    }

    static func signature(_ body: String, identity: String) -> String {
        SHA256.hex(header + "\n" + identity + "\n" + body)
    }

    func text(identity: String) -> String {
        let b = body()
        return Self.header + "\nsignature " + Self.signature(b, identity: identity) + "\n" + b + (b.isEmpty ? "" : "\n")
    }

    /// The folder's manifest; nil when there is none; `Invalid` when it is not one a build wrote here.
    static func read(in dir: Directory) throws -> Manifest? {
        guard dir.entry(StagedFolder.manifestName) != nil else { return nil }
        try dir.requireRegularOrMissing(StagedFolder.manifestName)
        guard let raw = dir.read(StagedFolder.manifestName, limit: 256 << 20) else {
            throw Invalid(reason: "the manifest cannot be read")
        }
        let text = String(decoding: raw, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard lines.count >= 2, lines[0] == header, lines[1].hasPrefix("signature ") else {
            throw Invalid(reason: "the manifest was not written by this version of huebench")
        }
        let body = lines.dropFirst(2).joined(separator: "\n")
        guard String(lines[1].dropFirst("signature ".count)) == signature(body, identity: dir.identity) else {
            throw Invalid(reason: "the manifest's signature does not match its contents and this folder")
        }
        var entries: [Entry] = []
        for line in lines.dropFirst(2) {
            // "path" inode size mtime — the path is a JSON string.
            guard let end = line.lastIndex(of: "\""),
                  let path = (try? JSONSerialization.jsonObject(with: Data(line[...end].utf8), options: .fragmentsAllowed)) as? String
            else { throw Invalid(reason: "the manifest has a malformed line") }
            let nums = line[line.index(after: end)...].split(separator: " ")
            guard nums.count == 3, let ino = UInt64(nums[0]), let size = Int64(nums[1]), let mtime = Int64(nums[2]),
                  (try? RelativePath(path)) != nil
            else { throw Invalid(reason: "the manifest has a malformed line") }
            entries.append(Entry(path: path, inode: ino, size: size, mtime: mtime))
        }
        return Manifest(entries: entries)
    }
}

/// The journal of a commit in progress: the temp files and their targets, the files to remove and the new
/// manifest. `staging`: temp files may exist, nothing is renamed yet (a recovery removes them). `ready`: every
/// temp file is complete (a recovery renames the ones still there, removes, writes the manifest).
struct Journal {
    enum State: String { case staging, ready }
    struct Rename { var path: String; var temp: String }
    var state: State
    var renames: [Rename]
    var removals: [Manifest.Entry]
    var manifest: String?

    func text() -> String {
        var s = "{\"version\": \(IOFormat.version), \"state\": \(JSONText.string(state.rawValue)),\n\"renames\": ["
        s += renames.map { "[\(JSONText.string($0.path)), \(JSONText.string($0.temp))]" }.joined(separator: ",\n")
        s += "],\n\"removals\": ["
        s += removals.map { "[\(JSONText.string($0.path)), \($0.inode), \($0.size), \($0.mtime)]" }.joined(separator: ",\n")
        s += "],\n\"manifest\": " + (manifest.map(JSONText.string) ?? "null") + "}\n"
        return s
    }

    func write(in dir: Directory) throws {
        try AtomicFile.write(Array(text().utf8), in: dir, name: StagedFolder.journalName)
    }

    static func parse(_ bytes: [UInt8]) -> Journal? {
        guard let obj = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let stateText = obj["state"] as? String, let state = State(rawValue: stateText),
              let renames = obj["renames"] as? [[Any]], let removals = obj["removals"] as? [[Any]] else { return nil }
        var j = Journal(state: state, renames: [], removals: [], manifest: obj["manifest"] as? String)
        for r in renames {
            guard r.count == 2, let p = r[0] as? String, let t = r[1] as? String else { return nil }
            j.renames.append(Rename(path: p, temp: t))
        }
        for r in removals {
            guard r.count == 4, let p = r[0] as? String, let i = r[1] as? NSNumber, let s = r[2] as? NSNumber,
                  let m = r[3] as? NSNumber else { return nil }
            j.removals.append(Manifest.Entry(path: p, inode: i.uint64Value, size: s.int64Value, mtime: m.int64Value))
        }
        return j
    }

    /// Finishes or rolls back a commit a killed build left; returns what it did, or nil when there was none.
    static func recover(in dir: Directory) throws -> String? {
        // Temp files of the journal or manifest themselves, from a kill while they were written.
        var strays = 0
        if let d = fdopendir(dup(dir.fd)) {
            defer { closedir(d) }
            while let e = readdir(d) {
                let name = withUnsafePointer(to: e.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
                if (name.hasPrefix(StagedFolder.journalName + AtomicFileWriter.tempMarker)
                    || name.hasPrefix(StagedFolder.manifestName + AtomicFileWriter.tempMarker)
                    || name.hasPrefix("." + StagedFolder.journalName + AtomicFileWriter.tempMarker)
                    || name.hasPrefix("." + StagedFolder.manifestName + AtomicFileWriter.tempMarker)),
                   dir.remove(name) { strays += 1 }
            }
        }
        guard dir.entry(StagedFolder.journalName) != nil else {
            return strays > 0 ? "removed \(strays) temp files of an interrupted commit" : nil
        }
        try dir.requireRegularOrMissing(StagedFolder.journalName)
        guard let raw = dir.read(StagedFolder.journalName, limit: 256 << 20), let journal = parse(raw) else {
            dir.remove(StagedFolder.journalName)
            return "removed an unreadable journal of an interrupted commit"
        }
        switch journal.state {
        case .staging:
            try rollBack(journal, in: dir)
            return "rolled back an interrupted commit (\(journal.renames.count) temp files removed)"
        case .ready:
            _ = try apply(journal, in: dir)
            return "completed an interrupted commit (\(journal.renames.count) file\(journal.renames.count == 1 ? "" : "s"))"
        }
    }

    /// Removes the journal's temp files and the journal.
    static func rollBack(_ journal: Journal, in dir: Directory) throws {
        var folders = FolderCache(root: dir)
        var parents = Set<[String]>()
        for r in journal.renames {
            guard let path = try? RelativePath(r.path), r.temp.contains(AtomicFileWriter.tempMarker), !r.temp.contains("/") else { continue }
            if let folder = try? folders.existing(path.folder) { folder.remove(r.temp) }
            for i in stride(from: path.folder.count, to: 0, by: -1) { parents.insert(Array(path.folder[..<i])) }
        }
        // Folders the killed commit made for its files and left empty go too (deepest first; rmdir refuses a
        // folder with anything in it, so no file of anyone's is touched).
        for parts in parents.sorted(by: { $0.count > $1.count || ($0.count == $1.count && $0.joined(separator: "/") < $1.joined(separator: "/")) }) {
            guard let parent = try? folders.existing(Array(parts.dropLast())) else { continue }
            if unlinkat(parent.fd, parts.last!, AT_REMOVEDIR) == 0 { folders.open[parts] = nil }
        }
        dir.remove(StagedFolder.journalName)
        dir.sync()
    }

    /// Renames the temp files still present, removes the stale files (and the empty folders they leave),
    /// writes the manifest and deletes the journal. Returns the removed paths.
    ///
    /// Past the commit point the old files may already be replaced, so a rename that fails (a link or folder
    /// placed at the target meanwhile, an I/O error) does not stop the others: every other file is put in
    /// place, and the journal is kept naming only what is left (its temp files, the removals, the manifest),
    /// so the next commit into the folder finishes it. The error names the first path left.
    static func apply(_ journal: Journal, in dir: Directory) throws -> [String] {
        var folders = FolderCache(root: dir)
        var left: [(rename: Rename, error: Error)] = []
        var renamed = 0
        for r in journal.renames {
            guard let path = try? RelativePath(r.path), r.temp.contains(AtomicFileWriter.tempMarker), !r.temp.contains("/"),
                  let folder = try? folders.existing(path.folder), folder.entry(r.temp) != nil else { continue }
            do {
                try FaultInjection.hit(.rename(renamed + left.count + 1), in: dir, path: r.path)
                try folder.requireRegularOrMissing(path.name)
                guard renameat(folder.fd, r.temp, folder.fd, path.name) == 0 else {
                    throw IOError.failed(path: r.path, reason: Directory.errorText())
                }
            } catch {
                left.append((r, error))
                continue
            }
            renamed += 1
            KillPoint.hit("renaming")
        }
        if !dir.syncFilesystem() { for f in folders.open.values { f.sync() } }
        if let first = left.first {
            var rest = journal
            rest.renames = left.map(\.rename)
            try? rest.write(in: dir)
            dir.sync()
            let others = left.count == 1 ? "" : " (and \(left.count - 1) more)"
            throw IOError.failed(path: first.rename.path, reason: "\(Self.reason(first.error))\(others); \(renamed) other files are in place, and the next build into \(Escape.quoted(dir.displayPath)) finishes this commit once the cause is fixed")
        }
        var removed: [String] = []
        for entry in journal.removals {
            guard let path = try? RelativePath(entry.path), let folder = try? folders.existing(path.folder),
                  let st = folder.entry(path.name), entry.matches(st) else { continue }
            if folder.remove(path.name) {
                removed.append(entry.path)
                // Folders the removal left empty go too (rmdir refuses a folder that is not empty).
                var parts = path.folder
                while !parts.isEmpty {
                    let name = parts.removeLast()
                    guard let parent = try? folders.existing(parts), unlinkat(parent.fd, name, AT_REMOVEDIR) == 0 else { break }
                    folders.open[parts + [name]] = nil
                }
            }
        }
        if let manifest = journal.manifest {
            try AtomicFile.write(Array(manifest.utf8), in: dir, name: StagedFolder.manifestName)
        }
        dir.remove(StagedFolder.journalName)
        dir.sync()
        return removed.sorted()
    }

    /// The reason part of an output error (its path is named separately).
    static func reason(_ error: Error) -> String {
        switch error as? IOError {
        case let .failed(_, reason)?, let .unsafePath(_, reason)?, let .invalidPath(_, reason)?: return reason
        default: return "\(error)"
        }
    }
}

extension FolderCache {
    /// An existing subfolder (no folders are made), or an error.
    mutating func existing(_ parts: [String]) throws -> Directory {
        if parts.isEmpty { return root }
        if let d = open[parts] { return d }
        guard let d = try root.folder(parts, create: false) else {
            throw IOError.failed(path: parts.joined(separator: "/"), reason: "the folder is gone")
        }
        open[parts] = d
        return d
    }
}
