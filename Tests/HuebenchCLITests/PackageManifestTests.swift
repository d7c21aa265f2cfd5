import Foundation
import Testing

/// Huebench as a dependency: SwiftPM refuses a package whose targets use unsafe flags as a versioned dependency,
/// so neither this package nor the example consumer may use them; the umbrella module re-exports every library.
@Suite struct PackageManifestTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The manifest's code, without `//` comments (a comment may mention the flags it avoids).
    static func code(_ manifest: String) -> String {
        manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
    }

    @Test func noTargetUsesUnsafeFlags() throws {
        for path in ["Package.swift", "examples/consumer/Package.swift"] {
            let code = Self.code(try Self.text(path))
            #expect(!code.contains("unsafeFlags"), "\(path) uses unsafeFlags: the package could not be a versioned dependency")
        }
        // The check reads code, not comments: a flag in code is found.
        #expect(Self.code(".target(name: \"X\", swiftSettings: [.unsafeFlags([\"-Ounchecked\"])]) // fast").contains("unsafeFlags"))
        #expect(!Self.code("// no .unsafeFlags here").contains("unsafeFlags"))
    }

    /// Every library module of the target table is re-exported by `import Huebench`.
    @Test func theUmbrellaReExportsEveryLibrary() throws {
        let manifest = try Self.text("Package.swift")
        let table = try #require(manifest.range(of: "let libraries").map { String(manifest[$0.upperBound...]) })
        let body = String(table[..<(table.range(of: "\n]\n")?.lowerBound ?? table.endIndex)])
        let names = try NSRegularExpression(pattern: #"^\s*\("([A-Za-z]+)","#, options: [.anchorsMatchLines])
            .matches(in: body, range: NSRange(body.startIndex..., in: body))
            .map { (body as NSString).substring(with: $0.range(at: 1)) }
        #expect(names == ["ColorIO", "ColorCore", "ColorKernels", "Palettes", "ColorExport", "RampLab", "ColorScript"], "\(names)")
        let umbrella = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("Sources/HuebenchUmbrella").path)
            .filter { $0.hasSuffix(".swift") }
            .map { try Self.text("Sources/HuebenchUmbrella/" + $0) }.joined()
        for n in names { #expect(umbrella.contains("@_exported import \(n)\n"), "import Huebench does not re-export \(n)") }
        // The consumer uses the umbrella product and the build plugin, by path, as an app would by URL.
        let consumer = try Self.text("examples/consumer/Package.swift")
        #expect(consumer.contains(".package(name: \"Huebench\", path: \"../..\")"))
        #expect(consumer.contains(".product(name: \"Huebench\", package: \"Huebench\")"))
        #expect(consumer.contains(".plugin(name: \"HuebenchPlugin\", package: \"Huebench\")"))
    }
}
