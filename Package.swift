// swift-tools-version:6.0
// Huebench: a color-science workbench. One target table; products are derived from it.
import PackageDescription
import Foundation

/// (name, dependencies) for every library module, bottom layer first. Arrows only point down.
let libraries: [(name: String, deps: [Target.Dependency])] = [
    ("ColorIO", []),
    ("ColorCore", []),
    ("ColorKernels", ["ColorCore", "ColorIO"]),
    ("Palettes", ["ColorIO", "ColorCore"]),
    ("ColorExport", ["ColorIO", "ColorCore", "Palettes", "CCairo", "CZlib"]),
    // Ramp studies: sweeps over generators, ramp metrics, objectives, study tables and plots.
    ("RampLab", ["ColorIO", "ColorCore", "ColorKernels", "Palettes", "ColorExport"]),
    ("ColorScript", ["ColorIO", "ColorCore", "ColorKernels", "Palettes", "ColorExport", "RampLab", "CLua", "CLuaShims"]),
]

/// Test data read through #filePath, not bundled: excluded from the targets' sources.
func fixtures(_ testTarget: String) -> [String] {
    FileManager.default.fileExists(atPath: Context.packageDirectory + "/Tests/\(testTarget)/Fixtures") ? ["Fixtures"] : []
}

var targets: [Target] = [
    .systemLibrary(
        name: "CLua", pkgConfig: "lua5.4",
        providers: [.apt(["liblua5.4-dev", "pkg-config"])]),
    .target(name: "CLuaShims", dependencies: ["CLua"]),
    // PNG pictures: Cairo draws them (anti-aliased shapes, text in DejaVu Sans through fontconfig).
    .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev", "fonts-dejavu-core"])]),
    // PNG files: ColorExport encodes Cairo's pixels itself (deflate by zlib, which Cairo's own dependencies install).
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // The CLI's module is HuebenchCLI (its product, the binary, is `huebench`): a module `huebench` beside the
    // umbrella module `Huebench` would collide on case-insensitive file systems.
    .executableTarget(
        name: "HuebenchCLI",
        dependencies: libraries.map { .target(name: $0.name) },
        path: "Sources/huebench"),
    // The umbrella module: `import Huebench` re-exports every public module.
    .target(name: "Huebench", dependencies: libraries.map { .target(name: $0.name) }, path: "Sources/HuebenchUmbrella"),
    // Build-tool plugin: a target holding palette.lua (or huebench.lua) gets the generated Swift colors.
    .plugin(name: "HuebenchPlugin", capability: .buildTool(), dependencies: ["HuebenchCLI"]),
    // `swift package huebench-build --out DIR`: every output of `huebench build` into DIR.
    .plugin(
        name: "HuebenchBuildCommand",
        capability: .command(
            intent: .custom(verb: "huebench-build", description: "Build a palette script into a folder: asset catalog, Swift, CSS, tokens, Android, pictures, report"),
            permissions: [.writeToPackageDirectory(reason: "huebench-build writes the palette's outputs into the folder given with --out")]),
        dependencies: ["HuebenchCLI"]),
    .executableTarget(
        name: "benchmarks",
        dependencies: ["ColorIO", "ColorCore", "ColorKernels", "Palettes", "RampLab", "ColorScript", "HuebenchTestSupport"],
        path: "benchmarks"),
    // What every test target (and the benchmarks) share: the seeded SplitMix64 generator, tolerance comparison,
    // the CLI and program runners, temporary folders, fixture loading.
    .target(name: "HuebenchTestSupport", path: "Tests/HuebenchTestSupport"),
    .testTarget(name: "HuebenchCLITests", dependencies: ["HuebenchCLI", "ColorIO", "ColorCore", "ColorExport", "HuebenchTestSupport"],
                exclude: fixtures("HuebenchCLITests")),
    // Hostile arguments from a seeded generator through every subcommand and every `hb.*` function
    // (HUEBENCH_FUZZ_COUNT=N runs N/100 times the default count).
    .testTarget(name: "HuebenchFuzzTests", dependencies: ["HuebenchCLI", "ColorScript", "HuebenchTestSupport"]),
]
/// The Lua prelude (Sources/ColorScript/Prelude/*.lua) is compiled into the binary as byte arrays.
let embedded: [String: [Resource]] = ["ColorScript": [.embedInCode("Prelude")]]
for lib in libraries {
    // No unsafe flags anywhere (a package with them cannot be a versioned dependency): the kernels get their
    // speed from the code itself (raw pointers, wrapping index arithmetic, @_transparent vector functions).
    targets.append(.target(name: lib.name, dependencies: lib.deps, resources: embedded[lib.name]))
    targets.append(.testTarget(name: "\(lib.name)Tests", dependencies: [.target(name: lib.name), "HuebenchTestSupport"] + lib.deps,
                               exclude: fixtures("\(lib.name)Tests")))
}

let package = Package(
    name: "Huebench",
    products: [.library(name: "Huebench", targets: ["Huebench"])]
        + libraries.map { .library(name: $0.name, targets: [$0.name]) }
        + [.executable(name: "huebench", targets: ["HuebenchCLI"]),
           .plugin(name: "HuebenchPlugin", targets: ["HuebenchPlugin"]),
           .plugin(name: "HuebenchBuildCommand", targets: ["HuebenchBuildCommand"])],
    targets: targets,
    swiftLanguageModes: [.v6]
)
