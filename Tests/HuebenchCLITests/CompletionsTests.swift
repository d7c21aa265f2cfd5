import Foundation
import Testing

/// `huebench completions bash|zsh|fish`: the scripts load in their shells and complete what the commands accept.
@Suite struct CompletionsTests {
    static let bash = Programs.which("bash", fallbacks: ["/bin/bash"])

    /// The command names `huebench help` lists.
    static func commandNames() throws -> [String] {
        let help = try CLI.run(["help"])
        let lines = help.lines.drop { $0 != "commands:" }.dropFirst().prefix { !$0.isEmpty }
        return lines.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The options a command accepts, from its own unknown-option error (`known: --a, --b`).
    static func acceptedOptions(_ command: String) throws -> [String] {
        let r = try CLI.run([command, "--zz-no-such-option"])
        guard let known = r.stderr.components(separatedBy: "; known: ").last, r.stderr.contains("; known: ") else { return [] }
        let list = known.trimmingCharacters(in: .whitespacesAndNewlines)
        return list == "none" ? [] : list.components(separatedBy: ", ")
    }

    /// Writes the script for `shell` into a temp folder; returns its path.
    static func script(_ shell: String) throws -> (path: String, text: String) {
        let r = try CLI.run(["completions", shell])
        #expect(r.status == 0, "\(r.stderr)")
        let dir = TempFolder.make("completions")
        let path = dir.appendingPathComponent("huebench.\(shell)").path
        try r.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, r.stdout)
    }

    /// Runs bash with the script sourced: asks for the completions of `words` (the last word is the one typed).
    static func complete(_ script: String, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let r = try Programs.run(bash!, ["--norc", "--noprofile", "-c",
            "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _huebench; printf '%s\\n' \"${COMPREPLY[@]}\""])
        #expect(r.status == 0, "\(r.stderr)")
        return r.lines.filter { !$0.isEmpty }
    }

    @Test func bashLoadsTheScriptAndRegistersIt() throws {
        let bash = try #require(Self.bash, "bash is not installed")
        let (path, _) = try Self.script("bash")
        let syntax = try Programs.run(bash, ["-n", path])
        #expect(syntax.status == 0, "bash -n: \(syntax.stderr)")
        let r = try Programs.run(bash, ["--norc", "--noprofile", "-c", "source '\(path)' && complete -p huebench"])
        #expect(r.status == 0 && r.stdout == "complete -o bashdefault -o default -F _huebench huebench\n", "\(r.stdout) \(r.stderr)")
    }

    @Test func bashCompletesCommandsOptionsAndKnownValues() throws {
        _ = try #require(Self.bash, "bash is not installed")
        let (path, _) = try Self.script("bash")
        #expect(try Self.complete(path, ["huebench", "con"]) == ["convert", "contrast"])
        let spaces = try Self.complete(path, ["huebench", "convert", "--to", "ok"])
        #expect(spaces == ["oklab", "oklch"], "\(spaces)")
        #expect(try Self.complete(path, ["huebench", "contrast", "--method", ""]) == ["wcag21", "apca", "lstar", "weber", "michelson"])
        #expect(try Self.complete(path, ["huebench", "gamut", "--method", ""]).contains("raytrace"))
        #expect(try Self.complete(path, ["huebench", "matrix", "--method", "deltae-o"]) == ["deltae-ok"])
        #expect(try Self.complete(path, ["huebench", "palette", "--format", ""]) == ["docs", "hex", "oklch"])
        #expect(try Self.complete(path, ["huebench", "tokens", "--mode", ""]) == ["light", "dark"])
        #expect(try Self.complete(path, ["huebench", "build", "--family", "ora"]) == ["orange"])
        // A comma list completes its last item.
        #expect(try Self.complete(path, ["huebench", "build", "--formats", "css,dt"]) == ["css,dtcg"])
        #expect(try Self.complete(path, ["huebench", "audit", "--policy", "wcag-a"]) == ["wcag-aa", "wcag-aaa"])
        #expect(try Self.complete(path, ["huebench", "completions", ""]) == ["bash", "zsh", "fish"])
    }

    /// Every command's options in the script are exactly the options the command accepts (its unknown-option
    /// error lists them), so a command whose help leaves an option out fails here.
    @Test func everyCommandsOptionsAreTheOnesItAccepts() throws {
        _ = try #require(Self.bash, "bash is not installed")
        let (path, _) = try Self.script("bash")
        let names = try Self.commandNames()
        #expect(names.count >= 16 && names.contains("completions"))
        for name in names {
            let accepted = try Self.acceptedOptions(name)
            let offered = try Self.complete(path, ["huebench", name, "--"]).filter { $0 != "--help" }
            #expect(offered.sorted() == accepted.sorted(),
                    "huebench \(name): the help lists \(offered.sorted()) but the command accepts \(accepted.sorted()); list every option under 'options:' in its help text")
        }
    }

    @Test func zshAndFishScriptsParse() throws {
        let names = try Self.commandNames()
        for shell in ["zsh", "fish"] {
            let (path, text) = try Self.script(shell)
            // Structure: every command and its options are in the script.
            for name in names { #expect(text.contains(shell == "zsh" ? "    \(name))\n" : "-a \(name) -d "), "\(shell): no \(name)") }
            #expect(text.contains(shell == "zsh" ? "--to[" : "-l to ") && text.contains("oklch") && text.contains("wcag21"))
            if let exe = Programs.which(shell) {
                let r = try Programs.run(exe, ["-n", path])
                #expect(r.status == 0, "\(shell) -n: \(r.stderr)")
            }
        }
        if let zsh = Programs.which("zsh") {
            // Loaded in an interactive-style zsh with compinit, the function is registered for huebench.
            let (path, _) = try Self.script("zsh")
            let r = try Programs.run(zsh, ["-f", "-c", "autoload -Uz compinit && compinit -u -D && source '\(path)' && print -r -- $_comps[huebench]"])
            #expect(r.status == 0 && r.stdout == "_huebench\n", "\(r.stdout) \(r.stderr)")
        }
        if let fish = Programs.which("fish") {
            let (path, _) = try Self.script("fish")
            let r = try Programs.run(fish, ["--no-config", "-c", "source '\(path)'; complete -C 'huebench convert --to okl'"])
            #expect(r.status == 0 && r.lines.map { $0.split(separator: "\t").first.map(String.init) ?? "" } == ["oklab", "oklch"], "\(r.stdout) \(r.stderr)")
        }
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let r = try CLI.run(["completions", "bsh"])
        #expect(r.status == 2 && r.stderr == "huebench completions: unknown shell 'bsh'; known: bash, zsh, fish (did you mean 'bash'?)\n", "\(r.stderr)")
    }
}
