import Foundation
import Testing

/// The documentation's runnable examples: every code block in README.md and docs/ that follows a
/// `<!-- runnable -->` line is run, command by command (`$ huebench …`; a line of several commands is one), and
/// its output (standard output and error, merged) compared with the lines the block shows. A last shown line `…` means "and more": only the
/// lines before it are compared. Commands run in a fresh folder per page, with `examples/` linked in and the
/// built `huebench` first on PATH. The generated references (docs/reference/cli.md and lua.md) must equal what
/// `huebench help --markdown` and `huebench lua-types --markdown` print (`scripts/docs` rewrites them).
@Suite struct DocExampleTests {
    struct Example { let page: String; let line: Int; let command: String; let expected: [String]; let prefixOnly: Bool }

    static func pages() throws -> [String] {
        var out = ["README.md"]
        let docs = CLI.packageRoot.appendingPathComponent("docs").path
        let e = FileManager.default.enumerator(atPath: docs)!
        while let p = e.nextObject() as? String { if p.hasSuffix(".md") { out.append("docs/" + p) } }
        return out.sorted()
    }

    static func examples(in page: String) throws -> [Example] {
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(page), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var out: [Example] = []
        var i = 0
        while i < lines.count {
            guard lines[i].trimmingCharacters(in: .whitespaces) == "<!-- runnable -->", i + 1 < lines.count,
                  lines[i + 1].hasPrefix("```") else { i += 1; continue }
            i += 2
            var current: (line: Int, command: String, expected: [String])? = nil
            func finish() {
                guard var c = current else { return }
                while c.expected.last == "" { c.expected.removeLast() }
                let prefixOnly = c.expected.last == "…"
                out.append(Example(page: page, line: c.line, command: c.command,
                                   expected: prefixOnly ? Array(c.expected.dropLast()) : c.expected, prefixOnly: prefixOnly))
            }
            while i < lines.count, !lines[i].hasPrefix("```") {
                if lines[i].hasPrefix("$ ") {
                    finish()
                    current = (i + 1, String(lines[i].dropFirst(2)), [])
                } else {
                    current?.expected.append(lines[i])
                }
                i += 1
            }
            finish()
            i += 1
        }
        return out
    }

    @Test func runnableExamplesPrintWhatTheDocsShow() throws {
        let bash = try #require(Programs.which("bash", fallbacks: ["/bin/bash"]))
        var count = 0
        for page in try Self.pages() {
            let examples = try Self.examples(in: page)
            guard !examples.isEmpty else { continue }
            let dir = TempFolder.make("docs")
            defer { try? FileManager.default.removeItem(at: dir) }
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("examples").path,
                                                       withDestinationPath: CLI.packageRoot.appendingPathComponent("examples").path)
            let path = CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            for ex in examples {
                let r = try Programs.run(bash, ["--norc", "--noprofile", "-c", "{ " + ex.command + "\n} 2>&1"], cwd: dir.path, environment: ["PATH": path])
                let got = r.lines
                let shown = ex.prefixOnly ? Array(got.prefix(ex.expected.count)) : got
                #expect(shown == ex.expected, "\(ex.page):\(ex.line): `\(ex.command)` printed:\n\(r.stdout)")
                count += 1
            }
        }
        #expect(count >= 8, "only \(count) runnable examples found")
    }

    /// Every relative link `](path)` in README.md and docs/ names a file or folder that exists.
    /// Docs describe the product as it is, for its readers: never how or when it was built (issue numbers,
    /// work sessions, promises of what lands later), and nothing outside the repository.
    @Test func docsDescribeTheProductNotItsHistory() throws {
        let forbidden = [#"\bissues? #?\d+"#, #"\bsessions?\b"#, #"\.\./shared/"#, #"README-(matrix|build|lua)"#,
                         #"until .{0,40} lands"#, #"\bnot (yet )?implemented\b"#]
        for page in try Self.pages() {
            let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(page), encoding: .utf8)
            for pattern in forbidden {
                let r = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
                let hit = r.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
                #expect(hit == nil, "\(page): '\(hit.map { (text as NSString).substring(with: $0.range) } ?? "")' describes how the docs or code were built")
            }
        }
        // The check itself can fail: a line with an issue number is caught.
        let probe = try NSRegularExpression(pattern: forbidden[0], options: [.caseInsensitive])
        let line = "As built in issue 3, the matrix …"
        #expect(probe.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil)
    }

    @Test func relativeLinksPointToFiles() throws {
        var checked = 0
        for page in try Self.pages() {
            let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(page), encoding: .utf8)
            let folder = CLI.packageRoot.appendingPathComponent(page).deletingLastPathComponent()
            var rest = Substring(text)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                let target = String(rest.prefix { $0 != ")" && $0 != " " && $0 != "#" })
                guard !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(target).path), "\(page): broken link \(target)")
                checked += 1
            }
        }
        #expect(checked >= 20)
    }

    /// Every subcommand's help ends with examples: `$ COMMAND` lines, each followed by the output it prints. Each
    /// is run (in a fresh folder, as the runnable docs are) and must print exactly those lines; `huebench help CMD`
    /// examples show the first lines only, and `watch` (a server that runs until stopped) is left out. This also
    /// catches an example that is not one shell command (a quote left open, a literal newline).
    @Test func helpExamplesPrintWhatTheyShow() throws {
        let bash = try #require(Programs.which("bash", fallbacks: ["/bin/bash"]))
        let listing = try CLI.run(["help"])
        let commands = listing.stdout.components(separatedBy: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), let word = line.split(separator: " ").first,
                  word.allSatisfy({ $0.isLowercase || $0 == "-" }) else { return nil }
            return String(word)
        }
        #expect(commands.contains("simulate") && commands.contains("contrast"), "\(commands)")
        let path = CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var count = 0
        for command in Set(commands).sorted() where command != "watch" {
            let help = try CLI.run(["help", command]).stdout.components(separatedBy: "\n")
            guard let start = help.firstIndex(where: { $0.hasPrefix("example") }) else { continue }
            var examples: [(command: String, shown: [String])] = []
            for line in help[(start + 1)...] {
                if line.hasPrefix("  $ ") { examples.append((String(line.dropFirst(4)), [])) }
                else if line.hasPrefix("  "), !examples.isEmpty { examples[examples.count - 1].shown.append(String(line.dropFirst(2))) }
                else if !line.isEmpty, !examples.isEmpty {
                    Issue.record("help \(command): example line '\(line)' is neither a command nor its indented output")
                }
            }
            let dir = TempFolder.make("help-\(command)")
            defer { try? FileManager.default.removeItem(at: dir) }
            for ex in examples {
                let r = try Programs.run(bash, ["--norc", "--noprofile", "-c", "{ " + ex.command + "\n} 2>&1"], cwd: dir.path, environment: ["PATH": path])
                let got = ex.command.hasPrefix("huebench help ") ? Array(r.lines.prefix(ex.shown.count)) : r.lines
                #expect(got == ex.shown, "help \(command): `\(ex.command)` printed:\n\(r.stdout)")
                count += 1
            }
        }
        #expect(count >= 15, "only \(count) help examples found")
    }

    @Test func generatedReferencesAreCurrent() throws {
        for (page, args) in [("docs/reference/cli.md", ["help", "--markdown"]), ("docs/reference/lua.md", ["lua-types", "--markdown"])] {
            let r = try CLI.run(args)
            #expect(r.status == 0)
            let file = try String(contentsOf: CLI.packageRoot.appendingPathComponent(page), encoding: .utf8)
            #expect(file == r.stdout, "\(page) is out of date: run scripts/docs")
        }
    }
}
