import Glibc

/// Writes one file atomically: the bytes go to a temp file in the same folder (`.NAME.tmp-huebench-PID-N`),
/// which is flushed (`fsync`) and renamed over `NAME`. A killed run leaves the old file or the new one, never a
/// mix; the target is never a folder, link, device, pipe or socket. Streams: `write` as often as needed, then
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
        let base = name.utf8.count > 200 ? String(name.prefix(64)) : name
        return "." + base + tempMarker + "\(getpid())-\(n)"
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
    }

    /// A writer for a file path the user named (its folder may be reached through links the user chose).
    public convenience init(path: String) throws {
        let dir = try Directory.open(PathText.parent(path), create: false)
        try self.init(directory: dir, name: PathText.lastComponent(path), displayPath: path)
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
