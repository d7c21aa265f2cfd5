import ColorCore
import ColorIO
import ColorExport
import ColorScript
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
        usage: huebench build [SCRIPT.lua] [--out DIR] [--family F…] [--scale NAME] [--formats LIST] [--policy P] [--strict]

        With no SCRIPT, builds the built-in ColorTokensKit 3.x palette (all 37 families × 20 stops, the 20 semantic
        tokens of every family in light/dark × standard/high contrast), audits it, and writes every format into
        DIR (default huebench-out/). Output is byte-identical across runs; each file is written atomically, and
        a failed run leaves the previous outputs as they were. Prints a summary; on a terminal, one progress line
        on stderr (stage, formats and files done, rate, time left), cleared before the summary.

        With SCRIPT.lua, the script defines the palette: the families it registers (hb.register_family{…}), or
        what it passes to hb.build{name=, families={…}, theme=, tokens={…}, policy=}. Plugins load first. The
        script runs in the sandbox with the time and memory limits: a script error exits 1, a limit exits 3,
        and neither touches the previous outputs. Files the script writes itself (hb.output) join the build.

        options:
          --out DIR            output folder (default huebench-out)
          --family F           only these families (a name, a hex color or hue:DEGREES); repeat or comma-separate;
                               with SCRIPT, the families its app-level tokens use stay (their tokens are kept)
          --scale NAME         the stops of --family and built-in families: ctk (default), tailwind, radix, material
          --formats LIST       comma-separated exporter ids (default: all), in any order
          --policy P           audit policy for the report (default wcag-aa; 'none' skips the audit)
          --color-space S      Xcode asset catalog color space: display-p3 (default), srgb, extended-srgb
          --feature F          the family the token sheet and heatmap show (default: the first family)
          --no-legacy-tokens   skip tokens/legacy/ (string-valued design tokens)
          --strict             exit 1 when an audit check fails
          --quiet              no progress line on stderr
          --input FILE         a file SCRIPT may read with hb.load_colors (repeatable; files under the script's
                               folder are readable too)
          --time-limit SECONDS time budget of plugins and script (default 10)
          --memory-limit MIB   memory cap of the Lua heap (default 512)
          --verbose            add a short Lua traceback to script errors
        \(PluginContext.optionHelp)

        formats:
        \(formats)
              (plus the exporters of Lua plugins: 'huebench plugins' lists them)

        example:
          huebench build --family orange --family blue --formats css,dtcg,report --out web-colors
          huebench build examples/brand-palette.lua --out brand-out
        """
    }

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: name,
                              flags: PluginContext.flags.union(["strict", "quiet", "no-legacy-tokens", "verbose"]),
                              options: PluginContext.options.union(["out", "family", "formats", "policy", "color-space", "feature", "scale",
                                                                    "time-limit", "memory-limit", "input"]))
        if a.positionals.count > 1 {
            throw UsageError("give at most one SCRIPT.lua, got '\(a.positionals[1])' too (huebench build)")
        }
        let script = a.positionals.first
        if let script {
            guard FileManager.default.fileExists(atPath: script) else {
                throw UsageError("script '\(script)' does not exist; check the path (huebench build)")
            }
        }
        let quiet = a.has("quiet")
        // One line redrawn in place on a terminal; nothing when stderr is a pipe or a file (or with --quiet).
        let line = ProgressLine("huebench build", total: 0, unit: "formats", enabled: !quiet && isatty(STDERR_FILENO) == 1)
        defer { line.finish() }
        func progress(_ s: String) { line.stage(s) }
        let outDir = a.value("out") ?? "huebench-out"
        try OutputPath.checkFolder(outDir, command: name)

        var scriptOptions = ScriptOptions()
        if let t = try a.double("time-limit", command: name) {
            guard t > 0, t <= 86_400 else {
                throw UsageError("--time-limit needs seconds in (0, 86400], got '\(a.value("time-limit")!)' (huebench build)")
            }
            scriptOptions.timeLimit = t
        }
        if let m = try a.double("memory-limit", command: name) {
            // Capped at 1 TiB: a larger value would overflow the byte count.
            guard m >= 1, m <= 1_048_576 else {
                throw UsageError("--memory-limit needs MiB in 1…1048576, got '\(a.value("memory-limit")!)' (huebench build)")
            }
            scriptOptions.memoryLimit = Int(m * 1048576)
        }
        scriptOptions.outputFolder = outDir
        for f in a.all("input") {
            guard script != nil else { throw UsageError("--input needs a SCRIPT.lua that reads it (huebench build)") }
            guard FileManager.default.isReadableFile(atPath: f) else {
                throw UsageError("--input '\(f)': no such file; give a file the script reads with hb.load_colors (huebench build)")
            }
            scriptOptions.readableFiles.append(f)
        }
        // Plugins (and the script) run first: their families, policies and exporters are then registry entries.
        let plugins = try PluginContext.load(a, command: name, forceState: script != nil, options: scriptOptions,
                                             print: { line.finish(); Output.errorText($0.hasSuffix("\n") ? String($0.dropLast()) : $0) })
        if let script, let state = plugins.state {
            progress("running \(script)…")
            try state.run(file: script)
        }
        let wb = plugins.workbench
        let request = try request(a, args: args, script: script, plugins: plugins, workbench: wb)

        progress("generating \(request.families.count) \(request.families.count == 1 ? "family and its" : "families and their") tokens\(request.policy.map { ", auditing with \($0.id)" } ?? "")…")
        let doc = try request.document(in: wb)
        let folder = OutputFolder()
        line.restart(total: (request.formats ?? wb.exporters.ids).count, unit: "formats")
        var started = 0
        let perFormat = try request.write(doc, in: wb, into: folder, progress: { s in
            line.update(started, detail: s.hasSuffix("…") ? String(s.dropLast()) : s)
            started += 1
        })
        for (path, bytes) in try plugins.state?.takeStagedOutputs() ?? [] { try folder.write(path, bytes: [UInt8](bytes)) }
        line.restart(total: folder.paths.count, unit: "files")
        line.update(0, detail: "writing into \(outDir)/")
        let result = try folder.commit(to: outDir) { done, _ in line.update(done) }
        line.finish()
        if let r = result.recovered { Output.error("huebench build: \(outDir): \(r)") }
        if let why = result.manifestIgnored {
            Output.error("huebench build: \(outDir): \(why); files of earlier builds are kept (delete the folder to start clean)")
        }

        let stops = doc.families.reduce(0) { $0 + $1.stops.count }
        let tokens = doc.tokenSets.reduce(0) { $0 + $1.tokens.count }
        Output.line("huebench build: \(doc.families.count) \(doc.families.count == 1 ? "family" : "families"), \(stops) stops, \(tokens) tokens × 4 appearances → \(outDir)/")
        for f in perFormat {
            let outputs = (f.written.isEmpty ? wb.exporters[f.id]!.outputs : f.written).joined(separator: " ")
            Output.line("  \(f.id.padding(toLength: 9, withPad: " ", startingAt: 0)) \(String(f.files).leftPad(5)) \(f.files == 1 ? "file " : "files") \(byteString(f.bytes).leftPad(9))  \(outputs)")
        }
        let total = result.files.reduce(0) { $0 + $1.size }
        Output.line("wrote \(result.files.count) files, \(byteString(total)) (\(result.changed) changed, \(result.files.count - result.changed) unchanged, \(result.removed.count) stale removed)")
        var status = ExitStatus.ok
        if let audit = doc.audit {
            if audit.passed {
                Output.line("audit \(audit.policy): all \(audit.checks.count) checks pass")
            } else {
                let where_ = perFormat.contains { $0.id == "report" } ? "see \(outDir)/report.html or " : ""
                let rerun = (["huebench", "audit"] + (script.map { [$0] } ?? []) + ["--policy", audit.policy]).joined(separator: " ")
                Output.line("audit \(audit.policy): \(audit.failures.count) of \(audit.checks.count) checks fail (\(where_)run '\(rerun)')")
                if a.has("strict") { status = ExitStatus.someFailed }
            }
        }
        return status
    }

    /// The build request of these arguments: the script's `hb.build{…}` (or the families it registered) or the
    /// built-in palette, narrowed by --family, with --formats, --policy and the exporter options.
    static func request(_ a: Arguments, args: [String], script: String?, plugins: PluginContext,
                        workbench wb: DesignWorkbench) throws -> BuildRequest {
        var formats = wb.exporters.ids
        if let list = a.value("formats") {
            let wanted = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !wanted.isEmpty else { throw UsageError("--formats needs at least one id; known: \(wb.exporters.ids.joined(separator: ", "))") }
            for w in wanted where wb.exporters[w] == nil {
                throw UsageError("--formats: unknown format '\(w)'; known: \(wb.exporters.ids.joined(separator: ", "))")
            }
            let canonical = Set(wanted.map { wb.exporters[$0]!.id })
            formats = wb.exporters.ids.filter { canonical.contains($0) }  // registry order: the report comes last
        }

        var options = ExportOptions()
        if let cs = a.value("color-space") {
            guard ExportOptions.xcassetsColorSpaces.contains(cs) else {
                throw UsageError("--color-space '\(cs)' is not one of \(ExportOptions.xcassetsColorSpaces.joined(separator: ", "))\(Suggest.phrase(cs, among: ExportOptions.xcassetsColorSpaces)) (huebench build)")
            }
            options.xcassetsColorSpace = cs
        }
        options.dtcgLegacy = !a.has("no-legacy-tokens")

        // The recorded command leaves out what does not change the files (--out, --quiet, --strict, limits),
        // so the same content always has the same bytes.
        var recorded: [String] = []
        var i = 0
        while i < args.count {
            let arg = args[i]
            if ["--quiet", "--strict", "--verbose"].contains(arg) || ["--out=", "--time-limit=", "--memory-limit="].contains(where: arg.hasPrefix) {
                i += 1; continue
            }
            if ["--out", "--time-limit", "--memory-limit"].contains(arg) { i += 2; continue }
            recorded.append(arg); i += 1
        }
        let command = (["huebench", "build"] + recorded).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
        let build = BuildInfo(version: version, source: script.map { "the build script \($0)" } ?? "the built-in ColorTokensKit 3.x palette",
                              command: command)
        var request = try design(a, script: script, plugins: plugins, command: name)
        options.prefix = request.options.prefix
        if let feature = a.value("feature") {
            guard request.families.contains(where: { $0.family.id == feature }) else {
                throw UsageError("--feature '\(feature)' is not one of the built families (\(request.families.map(\.family.id).joined(separator: ", ")))\(Suggest.phrase(feature, among: request.families.map(\.family.id)))")
            }
            options.heatmapFamily = feature
        }
        request.formats = formats
        request.options = options
        request.build = build
        return request
    }

    /// What a build or an audit of these arguments covers: the families (--family, else the script's
    /// `hb.build{…}` or registered families, else the built-in palette), the script's tokens and the policy
    /// (--policy, else the script's, else wcag-aa; `none` skips the audit).
    static func design(_ a: Arguments, script: String?, plugins: PluginContext, command: String) throws -> BuildRequest {
        let wb = plugins.workbench
        let config = plugins.state?.buildConfig
        let names = a.all("family").flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
        if !a.all("family").isEmpty && names.isEmpty {
            throw UsageError("--family is empty; name a family (orange), a hex color (#00B386) or hue:DEGREES (huebench \(command))")
        }
        var items: [BuildRequest.Item]
        let scale = try PaletteJSON.scale(a, command: command)
        if !names.isEmpty, let script, let state = plugins.state {
            // A script's families by name (with the script's ramps); other names as on the command line. The
            // families the script's app-level tokens use stay in the build, so --family never drops those tokens.
            let scripted = try state.scriptBuildFamilies(script: script)
            var chosen: [BuildRequest.Item] = []
            for n in names {
                if let s = scripted.first(where: { $0.family.id == n }) { chosen.append(BuildRequest.Item(s.family, ramp: s.ramp)) }
                else { chosen += try PaletteJSON.families([n], workbench: wb.palettes, command: command, scale: scale).map { BuildRequest.Item($0) } }
            }
            let used = Set((config?.appTokens ?? []).compactMap(\.family))
            for s in scripted where used.contains(s.family.id) && !chosen.contains(where: { $0.family.id == s.family.id }) {
                chosen.append(BuildRequest.Item(s.family, ramp: s.ramp))
            }
            items = chosen
        } else if !names.isEmpty {
            items = try PaletteJSON.families(names, workbench: wb.palettes, command: command, scale: scale).map { BuildRequest.Item($0) }
        } else if let script, let state = plugins.state {
            items = try state.scriptBuildFamilies(script: script).map { BuildRequest.Item($0.family, ramp: $0.ramp) }
            guard !items.isEmpty else {
                throw ColorScriptError.script(message: "\(script): the script defines no families to build; register some with hb.register_family{…} or pass them to hb.build{families={…}}", traceback: "")
            }
        } else {
            items = wb.palettes.families.all.map { BuildRequest.Item(scale.map($0.on) ?? $0) }
        }
        var seen = Set<String>()
        items = items.filter { seen.insert($0.family.id).inserted }
        let policyID = a.value("policy") ?? config?.policy ?? "wcag-aa"
        var policy: Policy? = nil
        if a.value("policy") == nil, let p = config?.policyValue {
            policy = p  // hb.build{policy = hb.policy{…}}
        } else if policyID != "none" {
            guard let p = plugins.policy(policyID) else {
                throw UsageError("--policy '\(policyID)' is not one of \((wb.palettes.policies.ids + ["none"]).joined(separator: ", "))\(Suggest.phrase(policyID, among: wb.palettes.policies.ids + ["none"])) (huebench \(command))")
            }
            policy = p
        }
        let docName = script == nil ? "huebench"
            : config?.name ?? PathText.lastComponent(script!).replacingOccurrences(of: ".lua", with: "")
        // App tokens whose family is not built (a --family without a script) go.
        let built = Set(items.map(\.family.id))
        let appTokens = (config?.appTokens ?? []).filter { built.contains($0.family ?? "") }
        var request = BuildRequest(name: docName, families: items, tokens: config?.tokens ?? SemanticToken.all,
                                   appTokens: appTokens, policy: policy)
        if let prefix = config?.prefix { request.options.prefix = prefix }
        return request
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
