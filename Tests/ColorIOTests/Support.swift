import Foundation
import HuebenchTestSupport
@testable import ColorIO

/// Temp folders and file helpers for the output-layer tests.
enum IOTest {
    static func folder() -> String {
        TempFolder.make("io").path
    }
    static func write(_ path: String, _ text: String) {
        try! FileManager.default.createDirectory(atPath: PathText.parent(path), withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
    /// Every entry below `root` (relative paths, folders with a trailing `/`), sorted.
    static func tree(_ root: String) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        guard let e = fm.enumerator(atPath: root) else { return [] }
        while let p = e.nextObject() as? String {
            var isDir: ObjCBool = false
            _ = fm.fileExists(atPath: root + "/" + p, isDirectory: &isDir)
            out.append(isDir.boolValue ? p + "/" : p)
        }
        return out.sorted()
    }
    static func staged(_ files: [String: String]) -> StagedFolder {
        let s = StagedFolder()
        for (p, t) in files { try! s.write(p, text: t) }
        return s
    }
}
