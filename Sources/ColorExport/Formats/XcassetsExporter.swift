import ColorIO
/// Xcode asset catalog: `Colors.xcassets/` with one `.colorset` per family stop and per token.
///
/// Layout: `Colors.xcassets/Contents.json`, groups `Palette/<family>/` and `Tokens/<family>/` (each with a
/// `Contents.json`), and colorsets named `orange450` and `orangeForegroundPrimary`. A stop has one entry
/// (Any); a token has four: Any, Dark (`luminosity: dark`), High Contrast (`contrast: high`) and
/// Dark + High Contrast. Components are strings with 3 decimals in the chosen `color-space`: `display-p3`
/// (default, wide colors stay wide), `srgb` (the CSS Color 4 gamut-mapped fallback) or `extended-srgb`
/// (channels may leave 0…1). A token's opacity is its alpha.
/// With a build prefix (`acme`) the catalog is `AcmeColors.xcassets` and every asset name starts with the prefix
/// (`acmeOrange450`, `acmeTextError`): asset names are global in an app, so two design systems never collide.
/// Format: https://developer.apple.com/library/archive/documentation/Xcode/Reference/xcode_ref-Asset_Catalog_Format/Named_Color.html
public enum XcassetsExporter {
    public static let root = "Colors.xcassets"

    /// The catalog folder of a build: `Colors.xcassets`, or `AcmeColors.xcassets` with `prefix = "acme"`.
    public static func root(_ o: ExportOptions) -> String { o.hasOwnPrefix ? o.swiftTypePrefix + root : root }

    /// An asset's name: `orange450`, `orangeForegroundPrimary`, `textError` (app tokens), with the prefix's
    /// label in front when the build has one (`acmeTextError`).
    public static func assetName(_ o: ExportOptions, _ group: String, _ name: String) -> String {
        let plain = Fmt.camel(group, name)
        return o.hasOwnPrefix ? Fmt.camel(o.swiftLabel, plain) : plain
    }

    public static let exporter = Exporter(
        id: "xcassets", summary: "Xcode asset catalog (one colorset per stop and token; light/dark, high contrast)",
        outputs: ["Colors.xcassets/"], write: write)

    static let info = "  \"info\" : {\n    \"author\" : \"huebench\",\n    \"version\" : 1\n  }"

    static func folderContents() -> String { "{\n" + info + "\n}\n" }

    /// The components object of one color in the chosen color space.
    static func components(_ c: ExportColor, alpha: Double, space: String) -> String {
        let v: SIMD3<Double>
        switch space {
        case "srgb": v = c.isInSRGB ? c.srgb.clamped(lowerBound: .zero, upperBound: .one) : c.srgbFallback
        case "extended-srgb": v = c.srgb
        default: v = c.displayP3
        }
        return "      \"color\" : {\n"
            + "        \"color-space\" : \"\(space)\",\n"
            + "        \"components\" : {\n"
            + "          \"alpha\" : \"\(Fmt.fixed(alpha, 3))\",\n"
            + "          \"blue\" : \"\(Fmt.fixed(v.z, 3))\",\n"
            + "          \"green\" : \"\(Fmt.fixed(v.y, 3))\",\n"
            + "          \"red\" : \"\(Fmt.fixed(v.x, 3))\"\n"
            + "        }\n"
            + "      },"
    }

    static func appearances(_ v: TokenVariant) -> String? {
        var items: [String] = []
        if v.mode == .dark { items.append("        {\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"dark\"\n        }") }
        if v.contrast == .high { items.append("        {\n          \"appearance\" : \"contrast\",\n          \"value\" : \"high\"\n        }") }
        if items.isEmpty { return nil }
        return "      \"appearances\" : [\n" + items.joined(separator: ",\n") + "\n      ],\n"
    }

    /// A colorset's Contents.json from its entries (appearance variant or nil for Any, color, alpha).
    static func colorset(_ entries: [(TokenVariant?, ExportColor, Double)], space: String) -> String {
        let items = entries.map { (variant, color, alpha) -> String in
            "    {\n" + (variant.flatMap(appearances) ?? "") + components(color, alpha: alpha, space: space)
                + "\n      \"idiom\" : \"universal\"\n    }"
        }
        return "{\n  \"colors\" : [\n" + items.joined(separator: ",\n") + "\n  ],\n" + info + "\n}\n"
    }

    /// The folder names of the catalog: a group per family, a colorset per stop and token. Each must be a valid
    /// file name, and asset names are unique ignoring case (macOS file systems and Xcode fold case).
    static func checkNames(_ doc: ExportDocument, _ o: ExportOptions) throws {
        let root = root(o)
        var names = GeneratedNames("Xcode asset")
        do {
            for f in doc.families {
                _ = try Escape.fileName(f.name, in: root)
                for s in f.stops {
                    try names.claim(try Escape.fileName(assetName(o, f.name, s.name), in: root).lowercased(), for: GeneratedNames.stop(f.name, s.name))
                }
            }
            for set in doc.tokenSets {
                _ = try Escape.fileName(set.family, in: root)
                for t in set.tokens {
                    try names.claim(try Escape.fileName(assetName(o, set.namePart, t.name), in: root).lowercased(), for: GeneratedNames.token(set.family, t.name))
                }
            }
        } catch let e as NameError { throw ColorExportError.invalidName(e) }
    }

    public static func write(_ doc: ExportDocument, _ options: ExportOptions, _ out: OutputFolder) throws {
        try checkNames(doc, options)
        let root = root(options)
        let space = options.xcassetsColorSpace
        guard ExportOptions.xcassetsColorSpaces.contains(space) else {
            throw ColorExportError.invalidOption(name: "xcassets color-space", value: space, allowed: ExportOptions.xcassetsColorSpaces)
        }
        try out.write("\(root)/Contents.json", text: folderContents())
        try out.write("\(root)/Palette/Contents.json", text: folderContents())
        for f in doc.families {
            try out.write("\(root)/Palette/\(f.name)/Contents.json", text: folderContents())
            for s in f.stops {
                try out.write("\(root)/Palette/\(f.name)/\(assetName(options, f.name, s.name)).colorset/Contents.json",
                              text: colorset([(nil, s.color, 1)], space: space))
            }
        }
        guard !doc.tokenSets.isEmpty else { return }
        try out.write("\(root)/Tokens/Contents.json", text: folderContents())
        for set in doc.tokenSets {
            try out.write("\(root)/Tokens/\(set.family)/Contents.json", text: folderContents())
            for t in set.tokens {
                let entries = TokenVariant.all.map { v -> (TokenVariant?, ExportColor, Double) in
                    let value = t.value(v)
                    return (v, doc.color(value.reference)!, value.opacity)
                }
                try out.write("\(root)/Tokens/\(set.family)/\(assetName(options, set.namePart, t.name)).colorset/Contents.json",
                              text: colorset(entries, space: space))
            }
        }
    }
}
