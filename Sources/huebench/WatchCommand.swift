import ColorIO
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `huebench watch SCRIPT.lua`: rebuilds on every change (inotify, debounced) and serves the report on 127.0.0.1
/// with live reload (server-sent events). Each rebuild is a `huebench build` child process, so a script that
/// crashes, loops or runs out of memory stops only that build; builds are atomic, so a failed one keeps the last
/// good outputs and the page shows its error above them.
enum WatchCommand: Command {
    static let name = "watch"
    static let summary = "rebuild a palette script on every change and serve its report with live reload"
    static let help = """
    usage: huebench watch SCRIPT.lua [--out DIR] [--port N] [--open] [--formats LIST] [--input FILE…] [--plugins DIR] [--no-plugins]

    Builds SCRIPT.lua as `huebench build SCRIPT.lua --out DIR` does, then rebuilds whenever the script, a Lua
    file next to it (modules it requires), a plugin or an --input file changes (changes within 150 ms are one
    rebuild). Prints one line per rebuild: the time, the files that changed, and the audit summary or the
    error. Serves the report on http://127.0.0.1:PORT/ (this machine only); an open page reloads itself after
    each rebuild. A failed rebuild keeps the last good outputs and shows its error at the top of the page.
    The server answers only requests addressed to 127.0.0.1 or localhost, serves only regular files inside
    the output folder (no link out of it), and live-reloads the 32 pages opened last. Ctrl-C stops.

    options:
      --out DIR        output folder (default huebench-out)
      --port N         port on 127.0.0.1 (default 8765; 0 picks a free one)
      --open           open the served report in the desktop's browser (xdg-open); without xdg-open, prints
                       the address to open
      --formats LIST   comma-separated exporter ids to build (default: all; the report is always built)
      --input FILE     a file the script reads with hb.load_colors: passed to each build and watched
                       (repeatable)
      --plugins DIR    also load (and watch) the Lua plugins in DIR; repeatable
      --no-plugins     load no plugins
      --time-limit SECONDS   time budget of each build (default 10)
      --memory-limit MIB     memory cap of each build (default 512)

    example:
      $ huebench watch palette.lua --out out --formats report
      serving out/report.html on http://127.0.0.1:8765/ (Ctrl-C stops)
      19:34:38  built in 0.27 s  audit wcag-aa: all 80 checks pass
      19:34:40  rebuilt in 0.18 s  (changed: palette.lua)  audit wcag-aa: all 80 checks pass
      19:34:41  build failed (changed: palette.lua): palette.lua:3: unexpected symbol near <eof>; keeping the last good outputs
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: ["no-plugins", "open"],
                              options: ["out", "port", "formats", "plugins", "time-limit", "memory-limit", "input"])
        guard let script = a.positionals.first else { throw UsageError("name the script to watch: huebench watch SCRIPT.lua") }
        if a.positionals.count > 1 { throw UsageError("watch one script, got '\(a.positionals[1])' too") }
        guard FileManager.default.isReadableFile(atPath: script) else {
            throw UsageError("cannot read '\(script)'; give the path of a palette script (.lua)")
        }
        let port = try a.int("port", command: name, range: 0...65535) ?? 8765
        let out = a.value("out") ?? "huebench-out"
        var buildArgs = ["build", script, "--out", out, "--quiet"]
        if var formats = a.value("formats") {
            if !formats.split(separator: ",").contains("report") { formats += ",report" }
            buildArgs += ["--formats", formats]
        }
        for dir in a.all("plugins") {
            guard PluginFolderCheck.isFolder(dir) else { throw UsageError("--plugins '\(dir)' is not a folder; give a folder of .lua plugins") }
            buildArgs += ["--plugins", dir]
        }
        if a.has("no-plugins") { buildArgs.append("--no-plugins") }
        let inputs = a.all("input")
        for f in inputs {
            guard FileManager.default.isReadableFile(atPath: f), !PluginFolderCheck.isFolder(f) else {
                throw UsageError("--input '\(f)': no such file; give a file the script reads with hb.load_colors")
            }
            buildArgs += ["--input", f]
        }
        for o in ["time-limit", "memory-limit"] { if let v = a.value(o) { buildArgs += ["--\(o)", v] } }

        var folders = [PathText.parent(script)]
        if !a.has("no-plugins") {
            folders += a.all("plugins") + ["huebench-plugins"]
            let xdg = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"] ?? (NSHomeDirectory() + "/.config")
            folders.append(xdg + "/huebench/plugins")
        }
        // Ctrl-C and SIGTERM end the watch even when the parent started it with them blocked.
        var stop = sigset_t()
        sigemptyset(&stop); sigaddset(&stop, SIGINT); sigaddset(&stop, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &stop, nil)
        let watcher = try FileWatcher(folders: folders.filter(PluginFolderCheck.isFolder), files: inputs)
        let state = WatchState(out: out)
        let server = try WatchServer(port: port, state: state)
        let url = "http://127.0.0.1:\(server.port)/"
        Output.line("serving \(out)/report.html on \(url) (Ctrl-C stops)")
        if a.has("open") { Browser.open(url) }
        Output.flush()
        let builder = WatchBuilder(arguments: buildArgs)
        func rebuild(_ changed: [String]) {
            let r = builder.build()
            let time = WatchBuilder.clock()
            let what = changed.isEmpty ? "built" : "rebuilt"
            let files = changed.isEmpty ? "" : "  (changed: \(changed.joined(separator: ", ")))"
            if r.ok {
                Output.line("\(time)  \(what) in \(String(format: "%.2f", r.seconds)) s\(files)\(r.audit.map { "  " + $0 } ?? "")")
            } else {
                Output.line("\(time)  build failed\(changed.isEmpty ? "" : " (changed: \(changed.joined(separator: ", ")))"): \(r.error); keeping the last good outputs")
            }
            Output.flush()
            state.finish(r)   // after the line: the page reloads once the line is out
        }
        rebuild([])
        while true {
            let changed = watcher.next(quiet: 0.15)
            if !changed.isEmpty { rebuild(changed) }
        }
    }
}

/// Opens a page in the desktop's browser with `xdg-open`, or says where to point one.
enum Browser {
    /// The first executable `name` on PATH.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// Starts `xdg-open URL` (not waited for; its output discarded); prints a one-line note when it is missing or
    /// fails to start.
    static func open(_ url: String) {
        guard let xdg = which("xdg-open") else {
            Output.line("open \(url) in a browser (--open needs xdg-open, which is not installed)")
            return
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: xdg)
        p.arguments = [url]
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do {
            try p.run()
            Thread { p.waitUntilExit() }.start()   // reaped when it ends
        } catch {
            Output.line("open \(url) in a browser (xdg-open could not start: \(error))")
        }
    }
}

/// A folder check that follows links (the user's own paths may).
enum PluginFolderCheck {
    static func isFolder(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}

/// inotify on a few folders: reports the names of Lua files written, moved in, created or deleted there, and of
/// single files (inputs) watched through their folder — so an editor's save by rename is seen too.
final class FileWatcher {
    private let fd: Int32
    /// Folders whose Lua files count, by watch descriptor.
    private var folders: [Int32: String] = [:]
    /// Single files, by watch descriptor of their folder: name in the folder → the path as the user gave it.
    private var files: [Int32: [String: String]] = [:]

    init(folders: [String], files: [String] = []) throws {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw UsageError("cannot watch files: inotify_init1 failed (\(String(cString: strerror(errno))))") }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        func watch(_ folder: String) throws -> Int32 {
            let wd = inotify_add_watch(fd, folder, mask)
            guard wd >= 0 else {
                throw UsageError("cannot watch '\(folder)': \(String(cString: strerror(errno))); check the folder and the inotify limits")
            }
            return wd
        }
        for f in Set(folders) { self.folders[try watch(f)] = f }
        for f in files {
            // The same folder gives the same descriptor: both kinds of watch share it.
            self.files[try watch(PathText.parent(f)), default: [:]][PathText.lastComponent(f)] = f
        }
    }

    /// Blocks until a Lua file changes, then collects further changes until `quiet` seconds pass without one.
    func next(quiet: Double) -> [String] {
        var changed: [String] = []
        var timeout: Int32 = -1
        while true {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let n = poll(&p, 1, timeout)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return changed }
            for name in readEvents() where !changed.contains(name) { changed.append(name) }
            if !changed.isEmpty { timeout = Int32(quiet * 1000) }
        }
    }

    private func readEvents() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return [] }
        var names: [String] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= n {
            let (wd, len) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (e.wd, Int(e.len))
            }
            let nameBytes = buffer[(offset + header)..<min(n, offset + header + len)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += header + len
            if let path = files[wd]?[name] { names.append(path); continue }
            // Lua files only; editors' swap and backup files (.x.swp, x~, .#x) are not changes.
            guard name.hasSuffix(".lua"), !name.hasPrefix("."), !name.hasPrefix("#") else { continue }
            if let folder = folders[wd] { names.append(folder == "." ? name : folder + "/" + name) }
        }
        return names
    }
}

/// Runs `huebench build …` as a child process of this same binary.
struct WatchBuilder {
    let arguments: [String]

    struct Result {
        var ok: Bool
        var seconds: Double
        var audit: String?
        var error: String
    }

    static func clock() -> String {
        let f = DateFormatter()
        f.dateFormat = "HH:mm:ss"
        return f.string(from: Date())
    }

    /// This binary (the build runs as its child).
    static let executable: String = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]

    /// Bytes read on another thread.
    final class Collected: @unchecked Sendable { var data = Data() }

    func build() -> Result {
        let start = Date()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.executable)
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch {
            return Result(ok: false, seconds: 0, audit: nil, error: "cannot start the build (\(error))")
        }
        // Both pipes are read to the end before waiting (a full pipe would block the child).
        let errData = Collected(), done = DispatchSemaphore(value: 0)
        Thread { errData.data = err.fileHandleForReading.readDataToEndOfFile(); done.signal() }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        p.waitUntilExit()
        let stdout = String(decoding: outData, as: UTF8.self), stderr = String(decoding: errData.data, as: UTF8.self)
        let audit = stdout.split(separator: "\n").first { $0.hasPrefix("audit ") }.map {
            String($0.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
        }
        let ok = p.terminationReason == .exit && p.terminationStatus == 0
        var message = stderr.split(separator: "\n").map(String.init).last { !$0.isEmpty } ?? ""
        if message.hasPrefix("huebench build: ") { message.removeFirst("huebench build: ".count) }
        let error = ok ? "" : (message.isEmpty ? "the build exited with status \(p.terminationStatus)" : message)
        return Result(ok: ok, seconds: Date().timeIntervalSince(start), audit: audit, error: error)
    }
}

/// What the server shows: the build number, whether it succeeded, its error, what the browser has loaded.
final class WatchState: @unchecked Sendable {
    let out: String
    private let lock = NSLock()
    private(set) var build = 0
    private(set) var ok = false
    private(set) var error = ""
    private var loaded = 0
    private var clients: [Int32] = []

    init(out: String) { self.out = out }

    func finish(_ r: WatchBuilder.Result) {
        lock.lock()
        build += 1
        ok = r.ok
        error = r.error
        // Sent under the lock without waiting (a page that reads nothing is dropped), so that no stream is closed
        // by `add` while it is written.
        let message = Array("data: \(build)\n\n".utf8)
        clients.removeAll { c in
            let sent = message.withUnsafeBytes { Glibc.send(c, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if sent == message.count { return false }
            close(c)
            return true
        }
        lock.unlock()
    }

    func snapshot() -> (build: Int, ok: Bool, error: String, loaded: Int, clients: Int) {
        lock.lock(); defer { lock.unlock() }
        return (build, ok, error, loaded, clients.count)
    }

    func markLoaded(_ n: Int) { lock.lock(); loaded = max(loaded, n); lock.unlock() }

    /// Open pages (event streams) kept at once: a new one beyond this closes the oldest (a page that reloads
    /// leaves its old stream behind; a hostile page opening thousands would otherwise use up the descriptors the
    /// builds need).
    static let maxClients = 32

    /// Starts an event stream on `client`: `head`, then the current build's number, both under the lock (so no
    /// rebuild's message comes before them). Returns false, the stream closed, when the page is gone.
    func add(client: Int32, head: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        let first = Array((head + "data: \(build)\n\n").utf8)
        let sent = first.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        guard sent == first.count else { close(client); return false }
        if clients.count >= Self.maxClients { close(clients.removeFirst()) }
        clients.append(client)
        return true
    }
}

/// A small HTTP/1.1 server on 127.0.0.1: the report with the reload script, the output folder's files, the
/// event stream, and a status document (for tests and tools).
final class WatchServer: @unchecked Sendable {
    let port: Int
    private let socketFD: Int32
    private let state: WatchState

    init(port requested: Int, state: WatchState) throws {
        self.state = state
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard s >= 0 else { throw UsageError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(requested).bigEndian)
        addr.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)   // 127.0.0.1 only
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(s, 16) == 0 else {
            let why = String(cString: strerror(errno))
            close(s)
            throw UsageError("cannot serve on 127.0.0.1:\(requested) (\(why)); pick another port with --port, or --port 0 for any free one")
        }
        var actual = sockaddr_in()
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) }
        }
        port = Int(UInt16(bigEndian: actual.sin_port))
        socketFD = s
        let t = Thread { [self] in self.acceptLoop() }
        t.start()
    }

    /// Writes all of `text`; false when the peer is gone (no SIGPIPE).
    static func send(_ fd: Int32, _ text: String) -> Bool {
        send(fd, Array(text.utf8))
    }

    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// At most this many requests are handled at once (each on its own thread); more are answered 503 at once.
    static let maxHandlers = 32
    /// A client that sends or reads nothing for this long is dropped (a request must arrive within it).
    static let idleSeconds = 5

    private let handlerLock = NSLock()
    private var handlers = 0

    private func acceptLoop() {
        while true {
            let c = accept(socketFD, nil, nil)
            if c < 0 { if errno == EINTR { continue }; usleep(10_000); continue }
            var idle = timeval(tv_sec: Self.idleSeconds, tv_usec: 0)
            setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &idle, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(c, SOL_SOCKET, SO_SNDTIMEO, &idle, socklen_t(MemoryLayout<timeval>.size))
            handlerLock.lock()
            let busy = handlers >= Self.maxHandlers
            if !busy { handlers += 1 }
            handlerLock.unlock()
            if busy {
                respond(c, 503, "text/plain", Array("busy; retry\n".utf8))
                close(c)
                continue
            }
            let t = Thread { [self] in
                self.handle(c)
                self.handlerLock.lock(); self.handlers -= 1; self.handlerLock.unlock()
            }
            t.start()
        }
    }

    /// Whether a request's Host header (nil: none sent) names this server: 127.0.0.1 or localhost on its port.
    /// Any other name is refused, so a web page whose domain an attacker re-points at 127.0.0.1 (DNS rebinding)
    /// cannot read the outputs.
    static func hostAllowed(_ host: String?, port: Int) -> Bool {
        guard let host else { return true }
        let h = host.trimmingCharacters(in: .whitespaces).lowercased()
        return h == "127.0.0.1:\(port)" || h == "localhost:\(port)"
    }

    /// The value of header `name` (case-insensitive) in a request's head.
    static func header(_ name: String, in request: [UInt8]) -> String? {
        let text = String(decoding: request, as: UTF8.self)
        for line in text.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == name.lowercased() { return String(line[line.index(after: colon)...]) }
        }
        return nil
    }

    private func handle(_ c: Int32) {
        var request = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while request.count < 16 * 1024 {
            let n = chunk.withUnsafeMutableBytes { recv(c, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            request += chunk[0..<n]
            if request.count >= 4, request.suffix(4) == [13, 10, 13, 10] { break }
        }
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self).split(separator: " ")
        guard line.count >= 2, line[0] == "GET" else { respond(c, 405, "text/plain", Array("only GET\n".utf8)); close(c); return }
        guard Self.hostAllowed(Self.header("host", in: request), port: port) else {
            respond(c, 403, "text/plain", Array("this server answers only to 127.0.0.1:\(port) and localhost:\(port)\n".utf8))
            close(c)
            return
        }
        let target = String(line[1])
        let path = String(target.prefix { $0 != "?" })
        let query = target.contains("?") ? String(target[target.index(after: target.firstIndex(of: "?")!)...]) : ""
        switch path {
        case "/events":
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: keep-alive\r\n\r\n"
            _ = state.add(client: c, head: head)
            return   // kept open: WatchState writes each rebuild's number
        case "/loaded":
            let n = query.split(separator: "&").first { $0.hasPrefix("build=") }.flatMap { Int($0.dropFirst(6)) } ?? 0
            state.markLoaded(n)
            respond(c, 204, "text/plain", [])
        case "/status":
            let s = state.snapshot()
            let json = "{\"build\":\(s.build),\"ok\":\(s.ok),\"error\":\(JSONText.string(s.error)),\"loaded\":\(s.loaded),\"clients\":\(s.clients)}\n"
            respond(c, 200, "application/json", Array(json.utf8))
        case "/", "/report.html":
            respond(c, 200, "text/html; charset=utf-8", Array(page().utf8))
        default:
            serveFile(c, path)
        }
        close(c)
    }

    /// report.html with the reload script and, after a failed rebuild, the error on top.
    func page() -> String {
        let s = state.snapshot()
        let report = (try? String(contentsOfFile: state.out + "/report.html", encoding: .utf8))
            ?? "<!doctype html><html><head><meta charset=\"utf-8\"><title>huebench watch</title></head><body><p>No report yet.</p></body></html>"
        let banner = s.ok ? "" : """
            <div id="huebench-watch-error" style="position:sticky;top:0;z-index:9999;background:#8b0000;color:#fff;\
            font:14px/1.4 monospace;padding:10px 14px;white-space:pre-wrap">build failed: \(Escape.xmlText(s.error))
            (showing the last good outputs)</div>
            """
        let script = """
            <script>(function(){var b=\(s.build);fetch('/loaded?build='+b);var es=new EventSource('/events');\
            es.onmessage=function(e){if(Number(e.data)>b){es.close();location.reload();}};})();</script>
            """
        var html = report
        if let body = html.range(of: "<body[^>]*>", options: .regularExpression) {
            html.insert(contentsOf: banner, at: body.upperBound)
        } else {
            html = banner + html
        }
        if let end = html.range(of: "</body>", options: .backwards) {
            html.insert(contentsOf: script, at: end.lowerBound)
        } else {
            html += script
        }
        return html
    }

    /// A regular file inside the output folder: no part starting with a dot, no escapes, and no symbolic link
    /// that leads out of the folder (the real path must lie inside the folder's real path); FIFOs, devices and
    /// folders are not served.
    private func serveFile(_ c: Int32, _ path: String) {
        let parts = path.split(separator: "/").map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.hasPrefix(".") && !$0.contains("%") }),
              let data = Self.readInside(state.out, parts.joined(separator: "/")) else {
            respond(c, 404, "text/plain", Array("not found\n".utf8)); return
        }
        let types = ["html": "text/html; charset=utf-8", "css": "text/css", "svg": "image/svg+xml", "png": "image/png",
                     "json": "application/json", "swift": "text/plain; charset=utf-8", "xml": "text/xml"]
        respond(c, 200, types[PathText.fileExtension(path).lowercased()] ?? "application/octet-stream", [UInt8](data))
    }

    /// The bytes of the regular file `relative` inside `folder` (nil: outside it by a link, not a regular file,
    /// over 256 MiB, or unreadable).
    static func readInside(_ folder: String, _ relative: String) -> [UInt8]? {
        guard let root = realpath(folder, nil) else { return nil }
        defer { free(root) }
        guard let real = realpath(folder + "/" + relative, nil) else { return nil }
        defer { free(real) }
        let base = String(cString: root), file = String(cString: real)
        guard file.hasPrefix(base == "/" ? "/" : base + "/") else { return nil }
        let fd = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size <= 256 << 20 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            done += n
        }
        return Array(bytes[0..<done])
    }

    private func respond(_ c: Int32, _ status: Int, _ type: String, _ body: [UInt8]) {
        let reason = [200: "OK", 204: "No Content", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
                      503: "Service Unavailable"][status] ?? "OK"
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        _ = Self.send(c, Array(head.utf8) + body)
    }
}
