import ColorCore
import ColorIO
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Checks of user-given output paths, done before any work starts, so a bad `--out` is a one-line usage error
/// (exit 2) instead of a failure after minutes of computing — and never a rename over a device such as
/// /dev/null or /dev/full, over a folder, or over the command's own input.
enum OutputPath {
    /// The `stat` of a path, or nil when it does not exist (or cannot be reached).
    private static func info(_ path: String) -> stat? {
        var st = stat()
        return stat(path, &st) == 0 ? st : nil
    }

    private static func isDirectory(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFDIR }
    private static func isRegular(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFREG }

    /// A file to be written atomically (temp file beside it, then rename).
    /// - Parameter inputs: (option, path) of the files the command reads; writing over one is refused.
    static func checkFile(_ path: String, option: String = "out", command: String,
                          inputs: [(option: String, path: String)] = []) throws {
        let shown = ColorCoreError.excerpt(path)
        guard !path.isEmpty else {
            throw UsageError("--\(option) is empty; give a file path (huebench \(command))")
        }
        let nameBytes = PathText.lastComponent(path).utf8.count
        if nameBytes > Int(NAME_MAX) {
            throw UsageError("--\(option) '\(shown)': the file name is \(nameBytes) bytes; a name holds at most \(NAME_MAX) — give a shorter one (huebench \(command))")
        }
        if path.hasSuffix("/") || info(path).map(isDirectory) == true {
            // The example keeps the extension the option was given (--list d.csv → d.csv/list.csv).
            let last = path.split(separator: "/").last.map(String.init) ?? ""
            let ext = last.contains(".") ? String(last[last.index(after: last.lastIndex(of: ".")!)...]) : ""
            let example = ext.isEmpty || ext.count > 8 ? "matrix.npy" : "\(option == "out" ? "matrix" : option).\(ext)"
            throw UsageError("--\(option) '\(shown)' is a folder; give a file path, e.g. \(ColorCoreError.excerpt(path.hasSuffix("/") ? path : path + "/"))\(example) (huebench \(command))")
        }
        if let st = info(path), !isRegular(st) {
            throw UsageError("--\(option) '\(shown)' is not a regular file (a device, pipe or socket); give a file path — output is written to a temp file and renamed (huebench \(command))")
        }
        var link = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
            throw UsageError("--\(option) '\(shown)' is a symbolic link; output never writes through links — remove the link or choose another path (huebench \(command))")
        }
        let folder = PathText.parent(path)
        if let st = info(folder) {
            guard isDirectory(st) else {
                throw UsageError("--\(option) '\(shown)': '\(ColorCoreError.excerpt(folder))' is not a folder; give a path inside a folder (huebench \(command))")
            }
            guard access(folder, W_OK) == 0 else {
                throw UsageError("--\(option) '\(shown)': cannot write in folder '\(ColorCoreError.excerpt(folder))' (\(String(cString: strerror(errno)))); choose a writable folder (huebench \(command))")
            }
        } else {
            let why = errno == ENOTDIR ? "a part of it is a file, not a folder" : "the folder does not exist"
            throw UsageError("--\(option) '\(shown)': \(why); create the folder '\(ColorCoreError.excerpt(folder))' first or choose another path (huebench \(command))")
        }
        if let out = info(path) {
            for input in inputs where input.path != "-" {
                if let st = info(input.path), st.st_dev == out.st_dev, st.st_ino == out.st_ino {
                    throw UsageError("--\(option) '\(shown)' is the --\(input.option) input file; write the output to another path (huebench \(command))")
                }
            }
        }
    }

    /// A folder that will be created if missing and filled with files.
    static func checkFolder(_ path: String, option: String = "out", command: String) throws {
        let shown = ColorCoreError.excerpt(path)
        guard !path.isEmpty else {
            throw UsageError("--\(option) is empty; give a folder path such as huebench-out (huebench \(command))")
        }
        if let st = info(path) {
            guard isDirectory(st) else {
                throw UsageError("--\(option) '\(shown)' exists and is not a folder; give a folder path (it is created when missing) (huebench \(command))")
            }
            guard access(path, W_OK) == 0 else {
                throw UsageError("--\(option) '\(shown)': cannot write in this folder (\(String(cString: strerror(errno)))); choose a writable folder (huebench \(command))")
            }
            return
        }
        // Missing: the nearest existing ancestor must be a writable folder.
        var folder = PathText.parent(path)
        while folder != ".", folder != "/", info(folder) == nil { folder = PathText.parent(folder) }
        guard let st = info(folder), isDirectory(st) else {
            throw UsageError("--\(option) '\(shown)': '\(ColorCoreError.excerpt(folder))' is not a folder; give a path inside a folder (huebench \(command))")
        }
        guard access(folder, W_OK) == 0 else {
            throw UsageError("--\(option) '\(shown)': cannot create it inside '\(ColorCoreError.excerpt(folder))' (\(String(cString: strerror(errno)))); choose a writable folder (huebench \(command))")
        }
    }
}
