import Glibc

/// The record of the temp files a process streams into an output folder before its commit (a script's
/// `hb.matrix{out=…}`): `DIR/.huebench-streams.PID-N`, one line per temp file (`folder<TAB>temp name`, the folder
/// relative to DIR), each written before its temp file is made. The process holds an `flock` on the record for
/// as long as it lives, so a record nobody holds belongs to a process that died before its commit (`kill -9`):
/// `recover(in:)` — run by every commit into the folder and by every script run given it — removes the temp
/// files it lists, then the record. A commit or a failed run removes its own record with its temp files.
public final class StreamJournal {
    public static let prefix = ".huebench-streams."
    let root: Directory
    public let name: String
    private var fd: Int32

    /// Makes (and locks) a new record in `root`.
    public init(root: Directory) throws {
        self.root = root
        name = Self.prefix + String(AtomicFileWriter.tempName(for: "s").split(separator: "-").suffix(2).joined(separator: "-"))
        fd = openat(root.fd, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw IOError.failed(path: root.displayPath, reason: "cannot record streamed outputs in the folder (\(Directory.errorText())); check it is writable")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd); _ = unlinkat(root.fd, name, 0)
            throw IOError.failed(path: root.displayPath, reason: "cannot lock the record of streamed outputs (\(Directory.errorText()))")
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Records the temp file `tempName` in the folder `folder` (components below the root) before it is made.
    public func record(folder: [String], tempName: String) throws {
        let line = Array((folder.joined(separator: "/") + "\t" + tempName + "\n").utf8)
        let n = line.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard n == line.count else {
            throw IOError.failed(path: root.displayPath, reason: "cannot record a streamed output (\(Directory.errorText()))")
        }
    }

    /// Removes the record (its temp files were committed or removed) and releases it.
    public func finish() {
        guard fd >= 0 else { return }
        _ = unlinkat(root.fd, name, 0)
        close(fd); fd = -1
    }

    /// Removes what processes that died before their commit left in `root`: for each record nobody holds, the
    /// temp files it lists (regular files whose names carry the temp marker, reached without following links),
    /// then the record. Returns how many temp files were removed. Records of running processes are left alone.
    /// While an interrupted commit's journal is in the folder, nothing is removed: that commit may still rename
    /// the streamed files it adopted (the next commit completes or rolls it back first, then runs this).
    @discardableResult
    public static func recover(in root: Directory) -> Int {
        if root.entry(StagedFolder.journalName) != nil { return 0 }
        let names = entries(of: root).filter { $0.hasPrefix(prefix) }
        var removed = 0
        for name in names {
            guard let st = root.entry(name), st.st_mode & S_IFMT == S_IFREG else { continue }
            let fd = openat(root.fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }  // its process is still running
            let text = String(decoding: root.read(name, limit: 16 << 20) ?? [], as: UTF8.self)
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 2 else { continue }
                let parts = fields[0].split(separator: "/").map(String.init)
                let temp = fields[1]
                guard temp.hasPrefix("."), temp.contains(AtomicFileWriter.tempMarker), !temp.contains("/"),
                      parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
                      let dir = (try? root.folder(parts, create: false)) ?? nil else { continue }
                // The temp file, and the writer's own temp of it (a stream killed before it was complete).
                for name in [temp] + entries(of: dir).filter({ $0.hasPrefix("." + temp + AtomicFileWriter.tempMarker) }) {
                    if let tst = dir.entry(name), tst.st_mode & S_IFMT == S_IFREG, dir.remove(name) { removed += 1 }
                }
            }
            _ = unlinkat(root.fd, name, 0)
        }
        return removed
    }

    /// The names in `dir` (its descriptor's duplicate shares the offset of earlier listings: rewound first).
    static func entries(of dir: Directory) -> [String] {
        var names: [String] = []
        guard let d = fdopendir(dup(dir.fd)) else { return [] }
        defer { closedir(d) }
        rewinddir(d)
        while let e = readdir(d) {
            names.append(withUnsafePointer(to: e.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) })
        }
        return names
    }

    /// `recover(in:)` for a folder path (nothing when it does not exist or cannot be opened).
    @discardableResult
    public static func recover(folder path: String) -> Int {
        guard let root = try? Directory.open(path, create: false) else { return 0 }
        return recover(in: root)
    }
}
