import ColorIO
import Foundation

/// The files one build produces, collected in memory and then committed to disk atomically, file by file.
///
/// Exporters `write` relative paths; nothing touches the disk until `commit(to:)`. A build that throws before
/// the commit leaves the previous outputs as they were. `commit` writes each file to a temp file in the same
/// folder and renames it over the old one, so a killed run leaves every file either old or new, never half
/// written. Files whose bytes did not change are not rewritten. A manifest (`.huebench-manifest`) lists what
/// the build wrote, so the next build can remove files it wrote before and no longer produces (and nothing else).
public final class OutputFolder: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]

    /// The manifest's name inside the output folder.
    public static let manifestName = ".huebench-manifest"

    public init() {}

    /// Adds (or replaces) a file. `path` is relative, `/`-separated, and stays inside the folder.
    public func write(_ path: String, bytes: [UInt8]) throws {
        try Self.check(path)
        lock.lock(); defer { lock.unlock() }
        files[path] = bytes
    }

    /// Adds a UTF-8 text file.
    public func write(_ path: String, text: String) throws { try write(path, bytes: Array(text.utf8)) }

    /// The paths written so far, sorted.
    public var paths: [String] { lock.lock(); defer { lock.unlock() }; return files.keys.sorted() }

    /// The bytes of one file written so far.
    public func contents(_ path: String) -> [UInt8]? { lock.lock(); defer { lock.unlock() }; return files[path] }

    /// The text of one file written so far.
    public func text(_ path: String) -> String? { contents(path).map { String(decoding: $0, as: UTF8.self) } }

    static func check(_ path: String) throws {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.isEmpty || path.hasPrefix("/") || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
            || path == manifestName {
            throw ColorExportError.invalidPath(path)
        }
    }

    /// What a commit did.
    public struct CommitResult: Sendable, Equatable {
        /// Every file of the build with its size in bytes, sorted by path.
        public var files: [(path: String, size: Int)]
        /// How many files had new bytes (the others were already up to date).
        public var changed: Int
        /// Files of an earlier build that this build no longer produces, removed.
        public var removed: [String]
        public static func == (a: Self, b: Self) -> Bool {
            a.files.map(\.path) == b.files.map(\.path) && a.files.map(\.size) == b.files.map(\.size)
                && a.changed == b.changed && a.removed == b.removed
        }
    }

    /// Writes every file under `root` (created if needed), each atomically; then updates the manifest and
    /// removes files the previous manifest listed that this build did not write.
    public func commit(to root: URL, progress: ((Int, Int) -> Void)? = nil) throws -> CommitResult {
        let fm = FileManager.default
        let snapshot: [(String, [UInt8])] = { lock.lock(); defer { lock.unlock() }; return files.sorted { $0.key < $1.key } }()
        do { try fm.createDirectory(at: root, withIntermediateDirectories: true) } catch {
            throw ColorExportError.writeFailed(path: root.path, reason: "\(error.localizedDescription)")
        }
        let manifestURL = root.appendingPathComponent(Self.manifestName)
        let previous: [String] = (try? String(contentsOf: manifestURL, encoding: .utf8))
            .map { $0.split(separator: "\n").map(String.init) } ?? []
        var changed = 0
        var createdDirs = Set<String>()
        for (i, (path, bytes)) in snapshot.enumerated() {
            let url = root.appendingPathComponent(path)
            let dir = url.deletingLastPathComponent()
            if !createdDirs.contains(dir.path) {
                do { try fm.createDirectory(at: dir, withIntermediateDirectories: true) } catch {
                    // Name the part of the path that is in the way, e.g. a file 'pictures' where a folder goes.
                    var prefix = root, reason = error.localizedDescription
                    for part in path.split(separator: "/").dropLast() {
                        prefix.appendPathComponent(String(part))
                        var isDir: ObjCBool = false
                        if fm.fileExists(atPath: prefix.path, isDirectory: &isDir), !isDir.boolValue {
                            let rel = String(prefix.path.dropFirst(root.path.count + 1))
                            reason = "'\(rel)' in the output folder is a file where a folder must go; move or delete it"
                            break
                        }
                    }
                    throw ColorExportError.writeFailed(path: path, reason: reason)
                }
                createdDirs.insert(dir.path)
            }
            if let old = fm.contents(atPath: url.path), old.count == bytes.count, [UInt8](old) == bytes { continue }
            try Self.atomicWrite(bytes, to: url, displayPath: path)
            changed += 1
            progress?(i + 1, snapshot.count)
        }
        let written = Set(snapshot.map(\.0))
        var removed: [String] = []
        for old in previous where !written.contains(old) {
            guard (try? Self.check(old)) != nil else { continue }
            let url = root.appendingPathComponent(old)
            if fm.fileExists(atPath: url.path) { try? fm.removeItem(at: url); removed.append(old) }
        }
        try Self.atomicWrite(Array((snapshot.map(\.0).joined(separator: "\n") + "\n").utf8), to: manifestURL,
                             displayPath: Self.manifestName)
        return CommitResult(files: snapshot.map { ($0.0, $0.1.count) }, changed: changed, removed: removed.sorted())
    }

    /// Writes `bytes` to a temp file beside `url`, flushes it, and renames it over `url`.
    public static func atomicWrite(_ bytes: [UInt8], to url: URL, displayPath: String) throws {
        let dir = url.deletingLastPathComponent().path
        // The rename below replaces whatever is at `url`: never a folder, device, pipe or socket.
        var st = stat()
        if stat(url.path, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
            throw ColorExportError.writeFailed(path: displayPath, reason: "it exists and is not a regular file (a folder, device, pipe or socket); move or delete it")
        }
        let template = dir + "/." + url.lastPathComponent + ".tmp-XXXXXX"
        var name = Array(template.utf8CString)
        let fd = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw ColorExportError.writeFailed(path: displayPath, reason: String(cString: strerror(errno)))
        }
        let tmp = String(cString: name)
        var ok = true
        bytes.withUnsafeBytes { raw in
            var off = 0
            while off < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + off, raw.count - off)
                if n <= 0 { ok = false; break }
                off += n
            }
        }
        if ok { ok = fsync(fd) == 0 }
        fchmod(fd, 0o644)
        close(fd)
        guard ok, rename(tmp, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(tmp)
            throw ColorExportError.writeFailed(path: displayPath, reason: reason)
        }
    }
}
