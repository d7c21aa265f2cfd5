import ColorIO
import ColorCore

/// Options the built-in exporters read. Plugin exporters receive them too and may ignore them.
public struct ExportOptions: Sendable, Equatable {
    /// The asset catalog's `color-space`: `display-p3` (default), `srgb` or `extended-srgb`.
    public var xcassetsColorSpace: String = "display-p3"
    /// Also write the legacy string-valued design tokens (`*.legacy.tokens.json`).
    public var dtcgLegacy: Bool = true
    /// The family the contrast heatmap shows (nil: the first family).
    public var heatmapFamily: String? = nil
    /// The build's namespace (`prefix = "acme"`): CSS custom properties (`--acme-…`), Android names (`acme_…`),
    /// Swift type names (`AcmeTokens`, `UIColor.Acme`), asset names and file names. Two builds with different
    /// prefixes generate no common name, so two design systems can live in one app. The default `hb` keeps
    /// the plain names (`huebench.css`, `HuebenchTokens`, `Colors.xcassets`, `colors.xml`).
    public var prefix: String = ExportOptions.defaultPrefix
    public init() {}

    public static let defaultPrefix = "hb"
    /// Whether the build names its own namespace (file, type and asset names carry it).
    public var hasOwnPrefix: Bool { prefix != ExportOptions.defaultPrefix }
    /// The prefix's words (`my-brand` → `my`, `brand`).
    var prefixWords: [String] { prefix.split(separator: "-").map(String.init) }
    /// Swift type names start with this: `Huebench` by default, else the prefix in UpperCamelCase (`Acme`).
    public var swiftTypePrefix: String {
        hasOwnPrefix ? prefixWords.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() : "Huebench"
    }
    /// Argument labels and keys: `huebench` by default, else the prefix in lowerCamelCase (`acme`, `myBrand`).
    public var swiftLabel: String {
        guard hasOwnPrefix else { return "huebench" }
        let t = swiftTypePrefix
        return t.prefix(1).lowercased() + t.dropFirst()
    }
    /// Checks the prefix: letters, digits and `-`, starting with a letter (it becomes a Swift type name).
    public static func checkPrefix(_ p: String) -> String? {
        guard let f = p.first, f.isASCII, f.isLetter,
              p.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }), !p.hasSuffix("-"), !p.contains("--") else {
            return "must be ASCII letters, digits and single '-', starting with a letter, such as \"acme\", got \"\(p)\""
        }
        return nil
    }

    public static let xcassetsColorSpaces = ["display-p3", "srgb", "extended-srgb"]
}

/// An exporter: an id users pass to `--formats`, what it writes, and the function that writes it.
///
/// Built-ins and Lua plugin exporters are the same type and are registered through the same
/// `Registry.register` call (see `Exporters.makeStandard()`).
public struct Exporter: RegistryEntry {
    public typealias Write = @Sendable (ExportDocument, ExportOptions, OutputFolder) throws -> Void
    /// The id (`xcassets`, `swift`, `css`…).
    public let id: String
    /// One line for `huebench build --help`.
    public let summary: String
    /// The files or folders it writes, relative to the output folder (for help and docs).
    public let outputs: [String]
    public let writeFunction: Write

    public init(id: String, summary: String, outputs: [String], write: @escaping Write) {
        self.id = id; self.summary = summary; self.outputs = outputs; self.writeFunction = write
    }

    public var registryID: String { id }

    /// Validates the document and writes this exporter's files into the folder.
    public func write(_ document: ExportDocument, options: ExportOptions = ExportOptions(), into folder: OutputFolder) throws {
        try document.validate()
        try writeFunction(document, options, folder)
    }
}

/// The exporter registry and the built-ins.
public enum Exporters {
    /// The built-in exporters in the order `build` runs them.
    public static let builtins: [Exporter] = [
        XcassetsExporter.exporter, SwiftExporter.exporter, CSSExporter.exporter, DTCGExporter.exporter,
        AndroidExporter.exporter, SVGExporter.exporter, PNGExporter.exporter, ReportExporter.exporter,
    ]

    /// A registry with every built-in registered (the same `register` call plugins use).
    public static func makeStandard() -> Registry<Exporter> {
        var r = Registry<Exporter>(kind: "export format")
        do { for e in builtins { try r.register(e) } } catch {
            preconditionFailure("built-in exporter registration failed: \(error)")
        }
        return r
    }

    public static let standard = makeStandard()

    /// Runs the exporters with these ids (in the given order) into one folder.
    public static func run(_ ids: [String], registry: Registry<Exporter> = standard, document: ExportDocument,
                           options: ExportOptions = ExportOptions(), into folder: OutputFolder) throws {
        let exporters = try ids.map { id -> Exporter in
            guard let e = registry[id] else { throw ColorExportError.unknownExporter(id: id, known: registry.ids) }
            return e
        }
        try document.validate()
        for e in exporters { try e.writeFunction(document, options, folder) }
    }
}
