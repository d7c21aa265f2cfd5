import ColorCore
import ColorScript
import Foundation
import Testing

/// `hb.load_colors` of a named pipe (a FIFO in the script's folder, or one the user passed) waited forever in
/// `open()` — no deadline or watchdog can interrupt a blocked open — and a resolver could name a FIFO or a
/// device as a source. Scripts now read regular files (or a folder holding a resolver) only, and resolver
/// sources must be regular files; both are checked without blocking.
struct LoadColorsOfAFifoTests {
    static func fifo(in dir: String) -> String {
        let path = dir + "/pipe.txt"
        #expect(mkfifo(path, 0o600) == 0)
        // Should a regression block in open(), a writer that closes at once after 20 s ends the wait.
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        return path
    }

    @Test func aFifoIsRefusedNotWaitedOn() throws {
        let dir = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = Self.fifo(in: dir)
        let (s, _) = try makeState(time: 60, allowed: [dir])
        let e = try #require(errorOf(s, "local b = hb.load_colors('\(path)')", name: "attack"))
        #expect(e.description == "attack:1: hb.load_colors: argument 1 (path): '\(ColorCoreError.excerpt(path))' is not a regular file (a pipe, device or socket); give a colors file or a token file", "\(e)")
    }

    @Test func aResolverSourceThatIsAFifoOrADeviceIsRefused() throws {
        let dir = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = Self.fifo(in: dir)
        try FileManager.default.createSymbolicLink(atPath: dir + "/zero.tokens.json", withDestinationPath: "/dev/zero")
        for source in ["pipe.txt", "zero.tokens.json"] {
            try ##"{"resolutionOrder": [{"$ref": "#/sets/s"}], "sets": {"s": {"sources": [{"$ref": "SOURCE"}]}}}"##
                .replacingOccurrences(of: "SOURCE", with: source)
                .write(toFile: dir + "/huebench.resolver.json", atomically: true, encoding: .utf8)
            let (s, _) = try makeState(time: 60, allowed: [dir])
            let e = try #require(errorOf(s, "local b = hb.load_colors('\(dir)')", name: "attack"))
            #expect(e.description.contains("is not a regular file"), "\(e)")
        }
    }
}
