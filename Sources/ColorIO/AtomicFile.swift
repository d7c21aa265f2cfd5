import Glibc

/// Writes one file atomically: the bytes go to a temp file in the same folder (`.NAME.tmp-huebench-PID-N`),
/// which is flushed (`fsync`) and renamed over `NAME`. A killed run leaves the old file or the new one, never a
/// mix (and its temp file, which the next write of the same path removes); the target is never a folder, link,
/// device, pipe or socket. Streams: `write` as often as needed, then
/// `commit()` (or `abandon()`; a writer dropped without `commit` removes its temp file).
public final class AtomicFileWriter {
    /// The marker in every temp file name (so a later build can recognize its own leftovers).
    public static let tempMarker = ".tmp-huebench-"
    nonisolated(unsafe) private static var counter = 0
    private static let counterLock = Mutex()

    public let directory: Directory
    public let name: String
    public let tempName: String
    public let displayPath: String
    public private(set) var bytesWritten = 0
    private var fd: Int32 = -1
    private var done = false
    /// The stat of the temp file after `prepare()` (its inode, size and time stay the same through the rename).
    public private(set) var preparedStat: stat? = nil

    /// The temp name for `name` (unique in this process).
    public static func tempName(for name: String) -> String {
        counterLock.lock(); counter += 1; let n = counter; counterLock.unlock()
        return tempPrefix(for: name) + "\(getpid())-\(n)"
    }

    /// What every temp name for `name` starts with (then `PID-N`).
    static func tempPrefix(for name: String) -> String {
        "." + (name.utf8.count > 200 ? String(name.prefix(64)) : name) + tempMarker
    }

    /// How old (seconds since its last write) a temp file nobody holds must be before it counts as left over
    /// when the process its name names cannot be seen (another PID namespace may share the folder).
    public static let leftoverAge = 600

    /// Removes the temp files for `name` in `directory` that runs killed before their commit left (`kill -9`,
    /// power loss): regular files `.NAME.tmp-huebench-PID-N` that no writer holds (every writer keeps an `flock`
    /// on its temp file while it writes) and whose process is gone (or that were last written over
    /// `leftoverAge` seconds ago). Links and other files are never touched. Returns how many were removed.
    @discardableResult
    public static func removeLeftovers(of name: String, in directory: Directory) -> Int {
        let prefix = tempPrefix(for: name)
        var removed = 0
        for entry in StreamJournal.entries(of: directory) where entry.hasPrefix(prefix) {
            // The rest must be exactly PID-N.
            let rest = entry.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard rest.count == 2, rest.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 18 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
                  let pid = Int32(rest[0]), let st = directory.entry(entry), st.st_mode & S_IFMT == S_IFREG else { continue }
            let fd = openat(directory.fd, entry, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var now = stat()
            // Held by a writer (a run still writing it), or replaced since it was listed: left alone.
            guard flock(fd, LOCK_EX | LOCK_NB) == 0, fstat(fd, &now) == 0, now.st_ino == st.st_ino, now.st_dev == st.st_dev else { continue }
            let gone = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            let old = time(nil) - now.st_mtim.tv_sec > leftoverAge
            guard gone || old else { continue }
            if directory.remove(entry) { removed += 1 }
        }
        return removed
    }

    /// A writer for `name` in `directory`; fails when `name` exists and is not a regular file.
    public init(directory: Directory, name: String, displayPath: String? = nil, tempName: String? = nil) throws {
        self.directory = directory; self.name = name
        self.displayPath = displayPath ?? directory.shown([name])
        try directory.requireRegularOrMissing(name)
        self.tempName = tempName ?? Self.tempName(for: name)
        fd = openat(directory.fd, self.tempName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw IOError.failed(path: self.displayPath, reason: "cannot create a file in its folder (\(Directory.errorText())); check the folder is writable")
        }
        // Held while this writer writes: `removeLeftovers` never takes a temp file a live run is writing.
        _ = flock(fd, LOCK_EX | LOCK_NB)
    }

    /// A writer for a file path the user named (its folder may be reached through links the user chose). Temp
    /// files that killed runs left for the same file are removed first (`removeLeftovers`).
    public convenience init(path: String) throws {
        let dir = try Directory.open(PathText.parent(path), create: false)
        let name = PathText.lastComponent(path)
        Self.removeLeftovers(of: name, in: dir)
        try self.init(directory: dir, name: name, displayPath: path)
    }

    deinit { if !done { abandon() } }

    public func write(_ buffer: UnsafeRawBufferPointer) throws {
        precondition(fd >= 0, "AtomicFileWriter: write after prepare/commit/abandon")
        var off = 0
        while off < buffer.count {
            let n = Glibc.write(fd, buffer.baseAddress! + off, buffer.count - off)
            if n < 0 {
                if errno == EINTR { continue }
                let why = Directory.errorText()
                abandon()
                throw IOError.failed(path: displayPath, reason: "\(why); check free disk space")
            }
            off += n
        }
        bytesWritten += buffer.count
    }

    public func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }

    /// Flushes (`sync`: `fsync`; a caller that syncs the whole file system later passes false) and closes the
    /// temp file; `commit()` then only renames.
    public func prepare(sync: Bool = true) throws {
        guard fd >= 0 else { return }
        var st = stat()
        let ok = (!sync || fsync(fd) == 0) && fstat(fd, &st) == 0
        let why = Directory.errorText()
        let closed = close(fd) == 0
        fd = -1
        guard ok, closed else {
            abandon()
            throw IOError.failed(path: displayPath, reason: "\(why); check free disk space")
        }
        preparedStat = st
    }

    /// Renames the temp file over the target (after a last check that the target is not a folder or link).
    public func commit() throws {
        try prepare()
        do {
            try directory.requireRegularOrMissing(name)
            try FaultInjection.hit(.fileRename(name), in: directory, path: displayPath)
        } catch { abandon(); throw error }
        guard renameat(directory.fd, tempName, directory.fd, name) == 0 else {
            let why = Directory.errorText()
            abandon()
            throw IOError.failed(path: displayPath, reason: why)
        }
        done = true
        directory.sync()
    }

    /// Leaves the temp file to its new owner (a commit journal).
    func markDone() { if fd >= 0 { close(fd); fd = -1 }; done = true }

    /// Removes the temp file; the target is untouched.
    public func abandon() {
        if fd >= 0 { close(fd); fd = -1 }
        if !done { _ = unlinkat(directory.fd, tempName, 0) }
        done = true
    }
}

/// One-call atomic writes.
public enum AtomicFile {
    /// Writes `bytes` to a file path the user named, atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let w = try AtomicFileWriter(path: path)
        try w.write(bytes)
        try w.commit()
    }

    public static func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }

    /// Writes `bytes` to `name` in an open folder, atomically.
    public static func write(_ bytes: [UInt8], in directory: Directory, name: String) throws {
        let w = try AtomicFileWriter(directory: directory, name: name)
        try w.write(bytes)
        try w.commit()
    }
}

/// A small pthread mutex (ColorIO uses no Foundation locks).
final class Mutex: @unchecked Sendable {
    private var m = pthread_mutex_t()
    init() { pthread_mutex_init(&m, nil) }
    deinit { pthread_mutex_destroy(&m) }
    func lock() { pthread_mutex_lock(&m) }
    func unlock() { pthread_mutex_unlock(&m) }
}
