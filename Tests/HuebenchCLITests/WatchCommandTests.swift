import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `huebench watch`: rebuild on change, one line per rebuild, the report served on 127.0.0.1 with live reload,
/// a failed rebuild shown on the page while the last good outputs stay. The page is open in headless Chromium;
/// the served page reports which build it shows (`/loaded?build=N`), and `/status` says what the server knows.
/// The server's limits, as `WatchState.maxClients` states them (the test target does not import the CLI's module).
enum WatchLimits { static let maxClients = 32 }

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
        let (watch, lines) = try Self.startWatch(in: dir)
        defer { kill(watch.processIdentifier, SIGKILL); watch.waitUntilExit() }
        let first = lines.all.first ?? ""
        let port = try #require(Self.port(lines), "\(first)")
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

    /// `huebench watch palette.lua --out out --port 0 --formats report --no-plugins` in `dir`, once it has printed
    /// its first two lines (the address and the first build).
    static func startWatch(in dir: URL) throws -> (Process, Lines) {
        let out = Pipe()
        let watch = try CLI.start(["watch", "palette.lua", "--out", "out", "--port", "0", "--formats", "report", "--no-plugins"],
                                  cwd: dir.path, stdout: out, stderr: FileHandle.nullDevice)
        let lines = Lines(out)
        #expect(Self.wait { lines.all.count >= 2 }, "watch printed \(lines.all)")
        return (watch, lines)
    }

    /// The port from the first line (`serving … on http://127.0.0.1:PORT/ (Ctrl-C stops)`).
    static func port(_ lines: Lines) -> Int? {
        lines.all.first?.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) }
    }

    /// An --input file outside the script's folder is passed to each build and watched: editing it rebuilds, and the
    /// report shows the color read from it.
    @Test func anInputFileIsWatchedAndReadable() throws {
        let dir = TempFolder.make("watch-input")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("palette"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("data"), withIntermediateDirectories: true)
        try """
            local hb = require "huebench"
            local c = hb.load_colors("data/colors.txt"):get(1):hex()
            hb.build{ name = "watch-input", families = { hb.family{ name = "brand", hue = 160, anchor = c } } }

            """.write(to: dir.appendingPathComponent("palette/palette.lua"), atomically: true, encoding: .utf8)
        let colors = dir.appendingPathComponent("data/colors.txt")
        try "brand\t#00b386\n".write(to: colors, atomically: true, encoding: .utf8)
        let out = Pipe()
        let watch = try CLI.start(["watch", "palette/palette.lua", "--input", "data/colors.txt", "--out", "out", "--port", "0",
                                   "--formats", "report", "--no-plugins"], cwd: dir.path, stdout: out, stderr: FileHandle.nullDevice)
        defer { kill(watch.processIdentifier, SIGKILL); watch.waitUntilExit() }
        let lines = Lines(out)
        #expect(Self.wait { lines.all.count >= 2 }, "watch printed \(lines.all)")
        let port = try #require(Self.port(lines), "\(lines.all)")
        #expect(lines.all[1].contains("  built in "), "\(lines.all)")
        #expect(Self.get(port, "/")?.contains("#00b386") == true)
        // An editor's save by rename (atomically: true writes a temp file, then renames it over the input).
        try "brand\t#b30086\n".write(to: colors, atomically: true, encoding: .utf8)
        #expect(Self.wait { Self.status(port)?.build == 2 }, "no rebuild after the input changed: \(lines.all)")
        #expect(Self.wait { lines.all.count >= 3 })
        #expect(lines.all.count == 3 && lines.all[2].contains("  rebuilt in ") && lines.all[2].contains("(changed: data/colors.txt)"), "\(lines.all)")
        #expect(Self.get(port, "/")?.contains("#b30086") == true)
        // Another file in that folder is not watched.
        try "x".write(to: dir.appendingPathComponent("data/other.txt"), atomically: true, encoding: .utf8)
        usleep(600_000)
        #expect(Self.status(port)?.build == 2 && lines.all.count == 3, "\(lines.all)")
    }

    /// `--open` runs `xdg-open URL`; without xdg-open on PATH, the second line says which address to open.
    @Test func openStartsTheBrowserOrSaysWhereToPointIt() throws {
        let dir = TempFolder.make("watch-open")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.script(anchor: "#00b386").write(to: dir.appendingPathComponent("palette.lua"), atomically: true, encoding: .utf8)
        let bin = dir.appendingPathComponent("bin"), empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let opened = dir.appendingPathComponent("opened.txt")
        let fake = bin.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(opened.path)'\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let args = ["watch", "palette.lua", "--out", "out", "--port", "0", "--formats", "report", "--no-plugins", "--open"]

        let out = Pipe()
        let watch = try CLI.start(args, cwd: dir.path, environment: ["PATH": bin.path + ":/usr/bin:/bin"], stdout: out, stderr: FileHandle.nullDevice)
        let lines = Lines(out)
        #expect(Self.wait { lines.all.count >= 2 }, "watch printed \(lines.all)")
        let port = try #require(Self.port(lines), "\(lines.all)")
        #expect(Self.wait { (try? String(contentsOf: opened, encoding: .utf8)) == "http://127.0.0.1:\(port)/\n" },
                "xdg-open was not run with the address: \(String(describing: try? String(contentsOf: opened, encoding: .utf8)))")
        #expect(lines.all[1].contains("  built in "), "with xdg-open there is no note: \(lines.all)")
        kill(watch.processIdentifier, SIGKILL); watch.waitUntilExit()

        let out2 = Pipe()
        let watch2 = try CLI.start(args, cwd: dir.path, environment: ["PATH": empty.path], stdout: out2, stderr: FileHandle.nullDevice)
        defer { kill(watch2.processIdentifier, SIGKILL); watch2.waitUntilExit() }
        let lines2 = Lines(out2)
        #expect(Self.wait { lines2.all.count >= 3 }, "watch printed \(lines2.all)")
        let port2 = try #require(Self.port(lines2), "\(lines2.all)")
        #expect(lines2.all[1] == "open http://127.0.0.1:\(port2)/ in a browser (--open needs xdg-open, which is not installed)", "\(lines2.all)")
        #expect(lines2.all[2].contains("  built in "), "\(lines2.all)")
    }

    /// One raw HTTP exchange: `request` sent as is, everything the server writes until it closes (nil: no
    /// connection).
    static func raw(_ port: Int, _ request: String) -> String? {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard s >= 0 else { return nil }
        defer { close(s) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard ok == 0 else { return nil }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(s, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply = [UInt8](), buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(s, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            reply += buffer[0..<n]
        }
        return String(decoding: reply, as: UTF8.self)
    }

    /// Hostile requests: a Host that is not this server (a DNS-rebinding page) is refused; files reached through
    /// a symbolic link out of the output folder, FIFOs and dot files are not served; a page opening many event
    /// streams keeps at most `WatchState.maxClients` of them, and the server still answers.
    @Test func theServerRefusesOtherHostsLinksOutOfTheFolderAndTooManyStreams() throws {
        let dir = TempFolder.make("watch-hostile")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try Self.script(anchor: "#00b386").write(to: dir.appendingPathComponent("palette.lua"), atomically: true, encoding: .utf8)
        let (watch, lines) = try Self.startWatch(in: dir)
        defer { kill(watch.processIdentifier, SIGKILL); watch.waitUntilExit() }
        let port = try #require(Self.port(lines), "\(lines.all)")

        let evil = Self.raw(port, "GET / HTTP/1.1\r\nHost: evil.example:\(port)\r\n\r\n") ?? ""
        #expect(evil.hasPrefix("HTTP/1.1 403 Forbidden\r\n") && !evil.contains("<html"), "\(evil.prefix(200))")
        let local = Self.raw(port, "GET / HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n") ?? ""
        #expect(local.hasPrefix("HTTP/1.1 200 OK\r\n") && local.contains("watch-test"), "\(local.prefix(200))")

        let outDir = dir.appendingPathComponent("out")
        let secret = dir.appendingPathComponent("secret.txt")
        try "not for the web".write(to: secret, atomically: true, encoding: .utf8)
        try "kept".write(to: outDir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: outDir.appendingPathComponent("leak.txt").path, withDestinationPath: secret.path)
        try fm.createSymbolicLink(atPath: outDir.appendingPathComponent("up").path, withDestinationPath: dir.path)
        try fm.createSymbolicLink(atPath: outDir.appendingPathComponent("alias.txt").path, withDestinationPath: "notes.txt")
        #expect(mkfifo(outDir.appendingPathComponent("pipe").path, 0o600) == 0)
        #expect(Self.get(port, "/notes.txt") == "kept")
        #expect(Self.get(port, "/alias.txt") == "kept", "a link that stays inside the folder is served")
        for path in ["/leak.txt", "/up/secret.txt", "/pipe", "/.huebench-manifest", "/../secret.txt", "/out"] {
            let r = Self.raw(port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n") ?? ""
            #expect(r.hasPrefix("HTTP/1.1 404 Not Found\r\n") && !r.contains("not for the web"), "\(path): \(r.prefix(200))")
        }

        var streams: [Int32] = []
        defer { for s in streams { close(s) } }
        for _ in 0..<(WatchLimits.maxClients + 8) {
            let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            addr.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
            _ = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            let req = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
            _ = req.withUnsafeBytes { send(s, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            streams.append(s)
        }
        #expect(Self.wait { (Self.status(port)?.clients ?? 0) == WatchLimits.maxClients }, "\(String(describing: Self.status(port)))")
        #expect(Self.get(port, "/notes.txt") == "kept", "the server answers with every stream slot taken")
    }

    @Test func badArgumentsAreOneLineErrors() throws {
        let r = try CLI.run(["watch"])
        #expect(r.status == 2 && r.stderr == "huebench watch: name the script to watch: huebench watch SCRIPT.lua\n", "\(r.stderr)")
        let m = try CLI.run(["watch", "/nonexistent/x.lua"])
        #expect(m.status == 2 && m.stderr == "huebench watch: cannot read '/nonexistent/x.lua'; give the path of a palette script (.lua)\n", "\(m.stderr)")
        let dir = TempFolder.make("watch-args")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.script(anchor: "#00b386").write(to: dir.appendingPathComponent("p.lua"), atomically: true, encoding: .utf8)
        let i = try CLI.run(["watch", "p.lua", "--input", "missing.txt"], cwd: dir.path)
        #expect(i.status == 2 && i.stderr == "huebench watch: --input 'missing.txt': no such file; give a file the script reads with hb.load_colors\n", "\(i.stderr)")
        let o = try CLI.run(["watch", "p.lua", "--opne"], cwd: dir.path)
        #expect(o.status == 2 && o.stderr.contains("--open"), "did-you-mean: \(o.stderr)")
    }
}
