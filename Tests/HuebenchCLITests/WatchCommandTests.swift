import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `huebench watch`: rebuild on change, one line per rebuild, the report served on 127.0.0.1 with live reload,
/// a failed rebuild shown on the page while the last good outputs stay. The page is open in headless Chromium;
/// the served page reports which build it shows (`/loaded?build=N`), and `/status` says what the server knows.
@Suite(.serialized) struct WatchCommandTests {
    static let chromium = Programs.which("chromium") ?? Programs.which("chromium-browser")

    /// Lines a child process prints, collected on a thread.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        init(_ pipe: Pipe) {
            let h = pipe.fileHandleForReading
            Thread {
                while true {
                    let d = h.availableData
                    if d.isEmpty { break }
                    self.lock.lock(); self.text += String(decoding: d, as: UTF8.self); self.lock.unlock()
                }
            }.start()
        }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return text.split(separator: "\n").map(String.init) }
    }

    /// Polls `condition` every 50 ms for up to `limit` seconds (generous: the machine may be loaded).
    static func wait(_ limit: Double = 60, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(limit)
        while Date() < end { if condition() { return true }; usleep(50_000) }
        return condition()
    }

    static func get(_ port: Int, _ path: String) -> String? {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)"), let d = try? Data(contentsOf: url) else { return nil }
        return String(decoding: d, as: UTF8.self)
    }

    struct Status: Decodable { let build: Int; let ok: Bool; let error: String; let loaded: Int; let clients: Int }
    static func status(_ port: Int) -> Status? {
        get(port, "/status").flatMap { try? JSONDecoder().decode(Status.self, from: Data($0.utf8)) }
    }

    static func script(anchor: String) -> String {
        "local hb = require \"huebench\"\nhb.build{ name = \"watch-test\", families = { hb.family{ name = \"brand\", hue = 160, anchor = \"\(anchor)\" } } }\n"
    }

    @Test func theOpenPageShowsEachRebuildAndAFailedOneKeepsTheLastGoodOutputs() throws {
        guard let chromium = Self.chromium else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("chromium is not installed: the watch browser test cannot run") }
            return
        }
        let dir = TempFolder.make("watch")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("palette.lua")
        try Self.script(anchor: "#00b386").write(to: script, atomically: true, encoding: .utf8)
        let out = Pipe()
        let watch = try CLI.start(["watch", "palette.lua", "--out", "out", "--port", "0", "--formats", "report", "--no-plugins"],
                                  cwd: dir.path, stdout: out, stderr: FileHandle.nullDevice)
        defer { kill(watch.processIdentifier, SIGKILL); watch.waitUntilExit() }
        let lines = Lines(out)
        #expect(Self.wait { lines.all.count >= 2 }, "watch printed \(lines.all)")
        let first = lines.all.first ?? ""
        let port = try #require(first.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) }, "\(first)")
        #expect(first == "serving out/report.html on http://127.0.0.1:\(port)/ (Ctrl-C stops)")
        #expect(lines.all[1].contains("  built in ") && lines.all[1].hasSuffix("audit wcag-aa: all 80 checks pass"), "\(lines.all)")

        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: chromium)
        browser.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
                             "--user-data-dir=\(dir.appendingPathComponent("profile").path)", "http://127.0.0.1:\(port)/"]
        browser.standardOutput = FileHandle.nullDevice
        browser.standardError = FileHandle.nullDevice
        try browser.run()
        defer { kill(browser.processIdentifier, SIGKILL); browser.waitUntilExit() }
        #expect(Self.wait { (Self.status(port)?.loaded ?? 0) == 1 && (Self.status(port)?.clients ?? 0) >= 1 }, "\(String(describing: Self.status(port)))")
        #expect(Self.get(port, "/")?.contains("#00b386") == true)

        // Edit the script: one rebuild, and the open page reloads and shows build 2 with the new color.
        try Self.script(anchor: "#b30086").write(to: script, atomically: true, encoding: .utf8)
        #expect(Self.wait { Self.status(port)?.loaded == 2 }, "the page did not reload: \(String(describing: Self.status(port))), \(lines.all)")
        let page = Self.get(port, "/") ?? ""
        #expect(page.contains("#b30086") && !page.contains("huebench-watch-error"))
        #expect(lines.all.count == 3 && lines.all[2].contains("  rebuilt in ") && lines.all[2].contains("(changed: palette.lua)"), "\(lines.all)")

        // A broken script: the page reloads and shows the error; the outputs stay those of build 2.
        try "local hb = require \"huebench\"\nhb.build{ name = \n".write(to: script, atomically: true, encoding: .utf8)
        #expect(Self.wait { Self.status(port)?.loaded == 3 }, "\(String(describing: Self.status(port)))")
        let s = try #require(Self.status(port))
        #expect(!s.ok && s.error.hasPrefix("palette.lua:3: "), "\(s.error)")
        let failed = Self.get(port, "/") ?? ""
        #expect(failed.contains("id=\"huebench-watch-error\"") && failed.contains("build failed: ") && failed.contains("#b30086"))
        let onDisk = try String(contentsOf: dir.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(onDisk.contains("#b30086") && !onDisk.contains("huebench-watch-error"))
        #expect(lines.all.count == 4 && lines.all[3].contains("  build failed (changed: palette.lua): ")
                && lines.all[3].hasSuffix("; keeping the last good outputs"), "\(lines.all)")
        // Served files stay inside the output folder.
        #expect(Self.get(port, "/../palette.lua") == nil || Self.get(port, "/../palette.lua")?.contains("not found") == true)
    }

    @Test func badArgumentsAreOneLineErrors() throws {
        let r = try CLI.run(["watch"])
        #expect(r.status == 2 && r.stderr == "huebench watch: name the script to watch: huebench watch SCRIPT.lua\n", "\(r.stderr)")
        let m = try CLI.run(["watch", "/nonexistent/x.lua"])
        #expect(m.status == 2 && m.stderr == "huebench watch: cannot read '/nonexistent/x.lua'; give the path of a palette script (.lua)\n", "\(m.stderr)")
    }
}
