import ColorCore
import Palettes

/// The registries a build reads: ColorCore's spaces and methods (`core`), Palettes' generators, families and
/// policies, and the exporters. `DesignWorkbench.standard` holds the built-ins; a host with plugins registers
/// into a copy with the same `register` calls.
public struct DesignWorkbench: Sendable {
    public var palettes: PaletteWorkbench
    public var exporters: Registry<Exporter>
    public var core: Workbench { palettes.core }

    public init(palettes: PaletteWorkbench = .standard, exporters: Registry<Exporter> = Exporters.standard) {
        self.palettes = palettes; self.exporters = exporters
    }

    public static let standard = DesignWorkbench()
}

/// What one build makes: families (generated, or with the ramps a script made), the tokens every family gets,
/// app-level tokens, a policy, the formats and their options.
///
/// `BuildRequest → ExportDocument → OutputFolder`: `document(in:)` resolves the tokens once (a `DesignSystem`)
/// and audits that same resolution, so the audit reports on exactly the values the exporters write;
/// `write(_:in:into:)` runs the exporters. `huebench build`, `hb.build` and `hb.export` all go through it.
public struct BuildRequest: Sendable {
    /// A family to build and, when the caller made it (`hb.family{…}`), its ramp; nil generates it.
    public struct Item: Sendable {
        public var family: Family
        public var ramp: [RampColor]?
        public init(_ family: Family, ramp: [RampColor]? = nil) { self.family = family; self.ramp = ramp }
    }

    /// The palette's name in file headers.
    public var name: String
    /// Families in order (a family named twice is built once).
    public var families: [Item]
    /// The tokens every family gets.
    public var tokens: [SemanticToken]
    /// App-level tokens (each names its family).
    public var appTokens: [SemanticToken]
    /// The audit policy; nil skips the audit.
    public var policy: Policy?
    /// Deficiencies simulated in telling-apart rules beyond each rule's own.
    public var extraSimulations: [CVD]
    /// Exporter ids in the order to run them; nil runs every registered exporter in registry order.
    public var formats: [String]?
    public var options: ExportOptions
    public var build: BuildInfo

    public init(name: String = "huebench", families: [Item], tokens: [SemanticToken] = SemanticToken.all,
                appTokens: [SemanticToken] = [], policy: Policy? = nil, extraSimulations: [CVD] = [],
                formats: [String]? = nil, options: ExportOptions = ExportOptions(),
                build: BuildInfo = BuildInfo(version: "0.1.0", source: "a BuildRequest", command: "")) {
        self.name = name; self.families = families; self.tokens = tokens; self.appTokens = appTokens
        self.policy = policy; self.extraSimulations = extraSimulations; self.formats = formats
        self.options = options; self.build = build
    }

    /// The resolved design system: the ramps given, the others generated (concurrently).
    public func system(in wb: DesignWorkbench = .standard) throws -> DesignSystem {
        var seen = Set<String>()
        let items = families.filter { seen.insert($0.family.id).inserted }
        let missing = items.filter { $0.ramp == nil }.map(\.family)
        let generated = try wb.palettes.palette(missing)
        var ramps: [String: [RampColor]] = [:]
        for item in items {
            let ramp = item.ramp ?? generated.ramp(item.family.id)!
            guard ramp.count == item.family.scale.count else {
                throw PalettesError.wrongStopCount(generator: item.family.generator, expected: item.family.scale.count, got: ramp.count)
            }
            if item.ramp != nil { try RampColor.validate(ramp, generator: item.family.generator, family: item.family.id, stops: item.family.scale.stops) }
            ramps[item.family.id] = ramp
        }
        return try DesignSystem(palette: Palette(families: items.map(\.family), ramps: ramps), tokens: tokens, appTokens: appTokens)
    }

    /// The export document of the resolved system, with the audit of that same resolution.
    public func document(in wb: DesignWorkbench = .standard) throws -> ExportDocument {
        let system = try system(in: wb)
        let report = try policy.map { try Audit.run($0, system: system, extraSimulations: extraSimulations, core: wb.core) }
        return try ExportDocument(system: system, audit: report, name: name, core: wb.core, build: build)
    }

    /// The exporters to run, in order; an unknown id lists the known ones.
    public func exporters(in wb: DesignWorkbench = .standard) throws -> [Exporter] {
        try (formats ?? wb.exporters.ids).map { id in
            guard let e = wb.exporters[id] else { throw ColorExportError.unknownExporter(id: id, known: wb.exporters.ids) }
            return e
        }
    }

    /// What one exporter wrote.
    public struct FormatSummary: Sendable, Equatable {
        public var id: String
        public var files: Int
        public var bytes: Int
        /// What it wrote, for a summary line: the files when there are at most four, else their top folders
        /// (`AcmeColors.xcassets/`, `tokens/`).
        public var written: [String] = []
    }

    /// Runs the exporters on the document into the folder (nothing reaches disk until the folder is committed).
    public func write(_ document: ExportDocument, in wb: DesignWorkbench = .standard, into folder: OutputFolder,
                      progress: (String) -> Void = { _ in }) throws -> [FormatSummary] {
        let list = try exporters(in: wb)
        try document.validate()
        var out: [FormatSummary] = []
        for e in list {
            progress("exporting \(e.id)…")
            let before = Set(folder.paths)
            try e.writeFunction(document, options, folder)
            var new = folder.paths.filter { !before.contains($0) }
            // In the order the exporter declares its files: each file ranked by the declared output it shares the
            // longest common prefix and suffix with (`Swift/AcmeColors+UIKit.swift` ~ `Swift/HuebenchColors+UIKit.swift`).
            func rank(_ p: String) -> Int {
                func shared(_ a: String, _ b: String) -> Int {
                    let x = Array(a.utf8), y = Array(b.utf8)
                    var i = 0; while i < min(x.count, y.count) && x[i] == y[i] { i += 1 }
                    var j = 0; while j < min(x.count, y.count) - i && x[x.count - 1 - j] == y[y.count - 1 - j] { j += 1 }
                    return i + j
                }
                return e.outputs.indices.max { shared(p, e.outputs[$0]) < shared(p, e.outputs[$1]) } ?? 0
            }
            if !e.outputs.isEmpty { new = new.map { (rank($0), $0) }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1) }
            var top: [String] = []
            for p in new {
                let first = p.split(separator: "/").first.map(String.init) ?? p
                let entry = first == p ? p : first + "/"
                if !top.contains(entry) { top.append(entry) }
            }
            out.append(FormatSummary(id: e.id, files: new.count, bytes: new.reduce(0) { $0 + (folder.contents($1)?.count ?? 0) },
                                     written: new.count <= 4 ? new : top))
        }
        return out
    }
}
