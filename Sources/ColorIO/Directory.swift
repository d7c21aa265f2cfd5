import Glibc

/// An open folder. Everything below it is reached with `openat` and `O_NOFOLLOW` on every component, so a
/// symbolic link inside an output tree is never followed, whatever it points at.
public final class Directory: @unchecked Sendable {
    /// The file descriptor (`O_DIRECTORY`), closed when the value goes away.
    public let fd: Int32
    /// How messages name it (the user's path, or `root/relative`).
    public let displayPath: String
    /// Its components below the root it was opened from (empty for a root).
    public let components: [String]

    init(fd: Int32, displayPath: String, components: [String]) {
        self.fd = fd; self.displayPath = displayPath; self.components = components
    }

    deinit { close(fd) }

    static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// Opens (and with `create`, makes) a folder the user named. The user's own path may pass through links;
    /// only what lies inside it is walked without following them.
    public static func open(_ path: String, create: Bool) throws -> Directory {
        if create { try makeFolders(path) }
        let fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let why = code == ENOTDIR ? "it (or a part of it) is not a folder" : errorText(code)
            throw IOError.failed(path: path, reason: "\(why); give a folder path")
        }
        return Directory(fd: fd, displayPath: path, components: [])
    }

    /// `mkdir -p` for a path the user named.
    static func makeFolders(_ path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 { return }
        let parent = PathText.parent(path)
        if parent != path, parent != "." && parent != "/" { try makeFolders(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            let code = errno
            let why = code == ENOTDIR ? "a part of it is a file, not a folder" : errorText(code)
            throw IOError.failed(path: path, reason: "cannot create the folder (\(why))")
        }
    }

    func shown(_ parts: [String]) -> String { (components + parts).joined(separator: "/") }

    /// The `lstat` of an entry of this folder (links are not followed), or nil when it does not exist.
    public func entry(_ name: String) -> stat? {
        var st = stat()
        return fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? st : nil
    }

    /// The folder `parts` below this one, walked with `O_NOFOLLOW`; missing folders are made when `create`
    /// (else nil). A symbolic link, or a file where a folder must go, is an error naming it.
    public func folder(_ parts: [String], create: Bool) throws -> Directory? {
        var current = self
        for (i, part) in parts.enumerated() {
            let here = Array(parts[...i])
            var sub = openat(current.fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if sub < 0 && errno == ENOENT {
                guard create else { return nil }
                if mkdirat(current.fd, part, 0o755) != 0 && errno != EEXIST {
                    throw IOError.failed(path: shown(here), reason: "cannot create the folder (\(Self.errorText()))")
                }
                sub = openat(current.fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard sub >= 0 else {
                let code = errno
                if let st = current.entry(part) {
                    if st.st_mode & S_IFMT == S_IFLNK {
                        throw IOError.unsafePath(path: shown(here), reason: "it is a symbolic link; output never follows links inside the output folder — remove the link")
                    }
                    if st.st_mode & S_IFMT != S_IFDIR {
                        throw IOError.unsafePath(path: shown(here), reason: "it is a file where a folder must go; move or delete it")
                    }
                }
                throw IOError.failed(path: shown(here), reason: Self.errorText(code))
            }
            current = Directory(fd: sub, displayPath: displayPath + "/" + here.joined(separator: "/"),
                                components: components + here)
        }
        return current
    }

    /// Fails unless the entry is missing or a regular file: an output never replaces a folder, link, device,
    /// pipe or socket.
    public func requireRegularOrMissing(_ name: String) throws {
        guard let st = entry(name) else { return }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK:
            throw IOError.unsafePath(path: shown([name]), reason: "it is a symbolic link; output never writes through links — remove the link")
        case S_IFDIR:
            throw IOError.unsafePath(path: shown([name]), reason: "it is a folder where a file goes; move or delete it")
        default:
            throw IOError.unsafePath(path: shown([name]), reason: "it is not a regular file (a device, pipe or socket); move it or choose another output folder")
        }
    }

    /// The bytes of a regular file of this folder (not following links), or nil.
    public func read(_ name: String, limit: Int = 1 << 30) -> [UInt8]? {
        let f = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard f >= 0 else { return nil }
        defer { close(f) }
        var st = stat()
        guard fstat(f, &st) == 0, st.st_mode & S_IFMT == S_IFREG, Int(st.st_size) <= limit else { return nil }
        var out = [UInt8](repeating: 0, count: Int(st.st_size))
        var off = 0
        while off < out.count {
            let n = out.withUnsafeMutableBytes { Glibc.read(f, $0.baseAddress! + off, $0.count - off) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            off += n
        }
        return out
    }

    /// Removes a file (not a folder) of this folder; true when it was removed.
    @discardableResult
    public func remove(_ name: String) -> Bool { unlinkat(fd, name, 0) == 0 }

    /// Flushes the folder's entries (renames) to disk.
    public func sync() { _ = fsync(fd) }

    typealias SyncFS = @convention(c) (Int32) -> Int32
    /// Linux `syncfs(2)`, looked up at run time (Glibc's Swift module does not export it).
    static let syncfsFunction: SyncFS? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs")
        .map { unsafeBitCast($0, to: SyncFS.self) }

    /// Whether one `syncFilesystem()` can replace an `fsync` per file and folder.
    public static var canSyncFilesystem: Bool { syncfsFunction != nil }

    /// Flushes everything written on this folder's file system (`syncfs`): one call for a commit of thousands
    /// of files, instead of an `fsync` each. Returns false when it is not available or failed.
    @discardableResult
    public func syncFilesystem() -> Bool { Self.syncfsFunction.map { $0(fd) == 0 } ?? false }

    /// The (device, inode) of the folder: its identity for manifests.
    public var identity: String {
        var st = stat()
        _ = fstat(fd, &st)
        return "\(st.st_dev):\(st.st_ino)"
    }
}
