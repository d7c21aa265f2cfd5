import ColorCore
import ColorExport
import Foundation
import Palettes

/// `huebench build`: the main job — build a palette and write every export, the pictures and the report.
enum BuildCommand: Command {
    static let name = "build"
    static let summary = "build the palette into huebench-out/: Xcode, Swift, CSS, design tokens, Android, pictures, report"
    static var help: String {
        let formats = Exporters.standard.all.map { "      \($0.id.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0.summary)" }
            .joined(separator: "\n")
        return """
        usage: huebench build [SCRIPT.lua] [--out DIR] [--family F…] [--formats LIST] [--policy P] [--strict]

        With no SCRIPT, builds the built-in ColorTokensKit 3.x palette (all 37 families × 20 stops, the 20 semantic
        tokens of every family in light/dark × standard/high contrast), audits it, and writes every format into
        DIR (default huebench-out/). Output is byte-identical across runs; each file is written atomically, and
        a failed run leaves the previous outputs as they were. Prints a summary; progress goes to stderr.

        options:
          --out DIR            output folder (default huebench-out)
          --family F           only these families (a name, a hex color or hue:DEGREES); repeat or comma-separate
          --formats LIST       comma-separated exporter ids (default: all), in any order
          --policy P           audit policy for the report (default wcag-aa; 'none' skips the audit)
          --color-space S      Xcode asset catalog color space: display-p3 (default), srgb, extended-srgb
          --feature F          the family the token sheet and heatmap show (default: the first family)
          --no-legacy-tokens   skip tokens/legacy/ (string-valued design tokens)
          --strict             exit 1 when an audit check fails
          --quiet              no progress on stderr

        formats:
        \(formats)

        example:
          huebench build --family orange --family blue --formats css,dtcg,report --out web-colors
        """
    }

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name, flags: ["strict", "quiet", "no-legacy-tokens"],
                              options: ["out", "family", "formats", "policy", "color-space", "feature"])
        if a.positionals.count > 1 {
            throw UsageError("give at most one SCRIPT.lua, got '\(a.positionals[1])' too (huebench build)")
        }
        if let script = a.positionals.first {
            guard FileManager.default.fileExists(atPath: script) else {
                throw UsageError("script '\(script)' does not exist; check the path (huebench build)")
            }
            throw UsageError("script '\(script)': running Lua build scripts needs the Lua host, which this build does not have yet; run 'huebench build' without a script for the built-in palette")
        }
        let quiet = a.has("quiet")
        func progress(_ s: String) { if !quiet { Output.error("huebench build: " + s) } }

        let registry = Exporters.standard
        var ids = registry.ids
        if let list = a.value("formats") {
            let wanted = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !wanted.isEmpty else { throw UsageError("--formats needs at least one id; known: \(registry.ids.joined(separator: ", "))") }
            for w in wanted where registry[w] == nil {
                throw UsageError("--formats: unknown format '\(w)'; known: \(registry.ids.joined(separator: ", "))")
            }
            let canonical = Set(wanted.map { registry[$0]!.id })
            ids = registry.ids.filter { canonical.contains($0) }  // registry order: the report comes last
        }

        var options = ExportOptions()
        if let cs = a.value("color-space") {
            guard ExportOptions.xcassetsColorSpaces.contains(cs) else {
                throw UsageError("--color-space '\(cs)' is not one of \(ExportOptions.xcassetsColorSpaces.joined(separator: ", ")) (huebench build)")
            }
            options.xcassetsColorSpace = cs
        }
        options.dtcgLegacy = !a.has("no-legacy-tokens")

        let wb = PaletteWorkbench.standard
        let names = a.all("family").flatMap { $0.split(separator: ",").map(String.init) }
        let families = names.isEmpty ? wb.families.all : try PaletteJSON.families(names, workbench: wb, command: name)
        var seen = Set<String>()
        let unique = families.filter { seen.insert($0.id).inserted }
        if let feature = a.value("feature") {
            guard unique.contains(where: { $0.id == feature }) else {
                throw UsageError("--feature '\(feature)' is not one of the built families (\(unique.map(\.id).joined(separator: ", ")))")
            }
            options.heatmapFamily = feature
        }

        let policyID = a.value("policy") ?? "wcag-aa"
        var policy: Policy? = nil
        if policyID != "none" {
            guard let p = wb.policies[policyID] else {
                throw UsageError("--policy '\(policyID)' is not one of \((wb.policies.ids + ["none"]).joined(separator: ", ")) (huebench build)")
            }
            policy = p
        }

        let outDir = a.value("out") ?? "huebench-out"
        // The recorded command leaves out what does not change the files (--out, --quiet, --strict), so the same
        // content always has the same bytes.
        var recorded: [String] = []
        var i = 0
        while i < args.count {
            let arg = args[i]
            if arg == "--quiet" || arg == "--strict" || arg.hasPrefix("--out=") { i += 1; continue }
            if arg == "--out" { i += 2; continue }
            recorded.append(arg); i += 1
        }
        let command = (["huebench", "build"] + recorded).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
        let build = BuildInfo(version: version, source: "the built-in ColorTokensKit 3.x palette", command: command)

        progress("generating \(unique.count) families and their tokens\(policy.map { ", auditing with \($0.id)" } ?? "")…")
        let doc = try ExportDocument.fromPalette(families: unique, policy: policy, workbench: wb, build: build)

        let folder = OutputFolder()
        var perFormat: [(String, Int, Int)] = []
        for id in ids {
            progress("exporting \(id)…")
            let before = Set(folder.paths)
            try registry.lookup(id).write(doc, options: options, into: folder)
            let new = folder.paths.filter { !before.contains($0) }
            perFormat.append((id, new.count, new.reduce(0) { $0 + (folder.contents($1)?.count ?? 0) }))
        }
        progress("writing \(folder.paths.count) files into \(outDir)/…")
        let result = try folder.commit(to: URL(fileURLWithPath: outDir)) { done, total in
            if !quiet && done % 500 == 0 { Output.error("huebench build: \(done)/\(total) files") }
        }

        let stops = doc.families.reduce(0) { $0 + $1.stops.count }
        let tokens = doc.tokenSets.reduce(0) { $0 + $1.tokens.count }
        Output.line("huebench build: \(doc.families.count) families, \(stops) stops, \(tokens) tokens × 4 appearances → \(outDir)/")
        for (id, count, bytes) in perFormat {
            let outputs = registry[id]!.outputs.joined(separator: " ")
            Output.line("  \(id.padding(toLength: 9, withPad: " ", startingAt: 0)) \(String(count).leftPad(5)) files \(byteString(bytes).leftPad(9))  \(outputs)")
        }
        let total = result.files.reduce(0) { $0 + $1.size }
        Output.line("wrote \(result.files.count) files, \(byteString(total)) (\(result.changed) changed, \(result.files.count - result.changed) unchanged, \(result.removed.count) stale removed)")
        var status = ExitStatus.ok
        if let audit = doc.audit {
            if audit.passed {
                Output.line("audit \(audit.policy): all \(audit.checks.count) checks pass")
            } else {
                Output.line("audit \(audit.policy): \(audit.failures.count) of \(audit.checks.count) checks fail (see \(outDir)/report.html or 'huebench audit --policy \(audit.policy)')")
                if a.has("strict") { status = ExitStatus.someFailed }
            }
        }
        return status
    }

    static func byteString(_ n: Int) -> String {
        if n < 1024 { return "\(n) B" }
        if n < 1024 * 1024 { return String(format: "%.1f KB", Double(n) / 1024) }
        return String(format: "%.1f MB", Double(n) / 1048576)
    }
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
