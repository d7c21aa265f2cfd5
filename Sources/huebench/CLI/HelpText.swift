import ColorCore
import ColorExport
import Foundation
import Palettes

/// One option of a subcommand, as the command's `--help` text declares it: the help text is the one place a
/// command lists its options, so completions and the CLI reference are read from it (and a test checks that the
/// options a command accepts are exactly the ones its help lists).
struct OptionSpec: Equatable {
    /// Without the leading `--`.
    var name: String
    /// The value's placeholder (`SPACE`, `DIR`, `FILE.csv`…); nil for a flag.
    var placeholder: String?
    /// Literal values the help spells out (`--mode light|dark`, one `--format docs` line per value).
    var choices: [String]
    /// The first line of the option's description.
    var summary: String
    var takesValue: Bool { placeholder != nil || !choices.isEmpty }
}

/// What a command's help text says about its arguments.
struct CommandSyntax {
    let name: String
    let summary: String
    /// Options in the order the help lists them (usage-only options appended).
    let options: [OptionSpec]
    /// The positional placeholders of the usage lines (`COLOR…`, `SCRIPT.lua`, `FAMILY…`).
    let positionals: [String]

    init(_ command: any Command.Type) {
        self.init(name: command.name, summary: command.summary, help: command.help)
    }

    init(name: String, summary: String, help: String) {
        self.name = name
        self.summary = summary
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Usage lines: the first line and its indented continuations, plus further `usage:`/`huebench` lines.
        var usage: [String] = []
        for (i, l) in lines.enumerated() {
            let t = l.trimmingCharacters(in: .whitespaces)
            if t.isEmpty { if i > 0 { break } else { continue } }
            usage.append(t)
        }
        var options: [OptionSpec] = []
        var inOptions = false
        for l in lines {
            let t = l.trimmingCharacters(in: .whitespaces)
            if t == "options:" || t.hasSuffix(" options:") { inOptions = true; continue }
            guard inOptions, l.hasPrefix("  "), t.hasPrefix("--"), let spec = Self.parseOptionLine(t) else { continue }
            if let k = options.firstIndex(where: { $0.name == spec.name }) {
                // `--format docs …` / `--format hex …`: one line per value.
                if let p = spec.placeholder, p.first?.isLowercase == true, options[k].placeholder?.first?.isLowercase == true {
                    options[k].choices += spec.choices.isEmpty ? [p] : spec.choices
                }
                continue
            }
            var s = spec
            if let p = s.placeholder, p.first?.isLowercase == true, s.choices.isEmpty { s.choices = [p] }
            options.append(s)
        }
        // Choices and options that only the usage line spells out.
        var positionals: [String] = []
        for u in usage {
            var words = Self.usageWords(u)
            if words.first == "usage:" { words.removeFirst() }
            if words.first == "huebench" { words.removeFirst() }
            if words.first == name { words.removeFirst() }
            var i = 0
            while i < words.count {
                let w = words[i]
                if w.hasPrefix("--") {
                    var name = String(w.dropFirst(2)), value: String? = nil
                    if let eq = name.firstIndex(of: "=") { value = String(name[name.index(after: eq)...]); name = String(name[..<eq]) }
                    else if i + 1 < words.count, !words[i + 1].hasPrefix("-"), Self.looksLikeValue(words[i + 1]) { value = words[i + 1]; i += 1 }
                    let choices = value.map(Self.literalChoices) ?? []
                    if let k = options.firstIndex(where: { $0.name == name }) {
                        if options[k].choices.isEmpty { options[k].choices = choices }
                    } else if !name.isEmpty, name != "help", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) {
                        options.append(OptionSpec(name: name, placeholder: value, choices: choices, summary: ""))
                    }
                } else if w != "OPTIONS", w != "…", !w.hasPrefix("("), w.first.map({ $0.isUppercase || $0 == "'" }) == true,
                          !positionals.contains(w) {
                    positionals.append(w)
                }
                i += 1
            }
        }
        self.options = options.filter { $0.name != "help" }
        self.positionals = positionals
    }

    /// `--name VALUE   description` (or `--name=VALUE`, or a flag).
    static func parseOptionLine(_ t: String) -> OptionSpec? {
        var rest = Substring(t.dropFirst(2))
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard !name.isEmpty else { return nil }
        rest = rest.dropFirst(name.count)
        var placeholder: String? = nil
        if rest.first == "=" || rest.first == " " && rest.dropFirst().first != " " && !rest.dropFirst().isEmpty {
            let v = rest.dropFirst().prefix { $0 != " " }
            // `--time-limit SECONDS time budget…`: a value word, then one space and the description.
            if looksLikeValue(String(v)) || rest.dropFirst(1 + v.count).hasPrefix("  ") || rest.count == 1 + v.count {
                placeholder = String(v)
                rest = rest.dropFirst(1 + v.count)
            }
        }
        let summary = rest.trimmingCharacters(in: .whitespaces)
        let choices = placeholder.map(literalChoices) ?? []
        return OptionSpec(name: String(name), placeholder: placeholder, choices: choices, summary: summary)
    }

    /// A value word: upper case (`SPACE`, `FILE.csv`, `NAME=SPEC`), or literal choices (`light|dark`).
    static func looksLikeValue(_ w: String) -> Bool {
        let core = w.trimmingCharacters(in: CharacterSet(charactersIn: "[]…"))
        guard let f = core.first else { return false }
        return f.isUppercase || core.contains("|") || (core.contains(",") && core.allSatisfy { $0.isLowercase || $0 == "," || $0.isNumber })
    }

    /// `light|dark` or `protan,deutan,tritan` → the words; an upper-case placeholder → none.
    static func literalChoices(_ v: String) -> [String] {
        let core = v.trimmingCharacters(in: CharacterSet(charactersIn: "[]…"))
        guard core.first?.isLowercase == true || core.first?.isNumber == true else { return [] }
        let parts = core.split(whereSeparator: { $0 == "|" || $0 == "," }).map(String.init)
        return parts.count > 1 ? parts : []
    }

    /// A usage line's words with brackets taken off (`[--json]` → `--json`).
    static func usageWords(_ line: String) -> [String] {
        line.split(separator: " ").map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }.filter { !$0.isEmpty }
    }
}

/// What a value can be, for completions: one of known words (ids of registered entries), files or folders.
enum ValueSet: Equatable {
    case words([String])
    /// A comma-separated list of these words (`--formats css,dtcg`).
    case list([String])
    case files(extension: String?)
    case directories
    case anything

    /// The value set of `--option` of `command`: registry ids where the option names a registry entry, the
    /// help's own choices, files or folders by placeholder.
    static func forOption(_ o: OptionSpec, command: String) -> ValueSet {
        let wb = Workbench.standard, pw = PaletteWorkbench.standard
        switch o.name {
        case "to": return .words(wb.spaces.spaces.ids)
        case "method":
            switch command {
            case "contrast": return .words(wb.contrastMethods.ids)
            case "deltae": return .words(wb.deltaEMethods.ids)
            case "gamut": return .words(wb.gamutMappers.ids)
            case "matrix": return .words(wb.pairMethodIDs)
            default: break
            }
        case "family", "feature": return .words(pw.families.ids)
        case "policy": return .words(pw.policies.ids + (command == "build" ? ["none"] : []))
        case "generator": return .words(pw.generators.ids)
        case "formats": return .list(Exporters.standard.ids)
        default: break
        }
        if !o.choices.isEmpty {
            return (o.placeholder ?? "").contains(",") && !(o.placeholder ?? "").contains("|") ? .list(o.choices) : .words(o.choices)
        }
        return forPlaceholder(o.placeholder ?? "")
    }

    /// By the placeholder's word: SPACE, FAMILY, DIR, FILE, PATH, SCRIPT.lua…
    static func forPlaceholder(_ p: String) -> ValueSet {
        let core = p.trimmingCharacters(in: CharacterSet(charactersIn: "[]…."))
        if core.hasSuffix(".lua") || core.hasPrefix("SCRIPT") { return .files(extension: "lua") }
        switch core {
        case "SPACE": return .words(Workbench.standard.spaces.spaces.ids)
        case "FAMILY": return .words(PaletteWorkbench.standard.families.ids)
        case "COMMAND": return .words(Commands.all.map { $0.name } + ["generators"])
        case "SHELL": return .words(CompletionsCommand.shells)
        case "DIR": return .directories
        case "FILE", "PATH", "OUT": return .files(extension: nil)
        default:
            if core.hasPrefix("FILE") { return .files(extension: nil) }
            return .anything
        }
    }

    /// Only words a shell can take as they are (plugin ids may hold anything; built-ins are plain).
    var safeWords: [String] {
        switch self {
        case .words(let w), .list(let w):
            return w.filter { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:+".contains($0)) } }
        default: return []
        }
    }
}
