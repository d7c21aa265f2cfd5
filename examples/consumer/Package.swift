// swift-tools-version:6.0
// An app-side package that uses Huebench as a dependency: `import Huebench` for conversions, contrast matrices
// and palettes. In your own package, depend on Huebench by URL instead of by path:
//     .package(url: "https://…/huebench.git", from: "0.2.0")
import PackageDescription

let package = Package(
    name: "consumer",
    dependencies: [.package(name: "Huebench", path: "../..")],
    targets: [
        // palette.lua in this target becomes Swift values at build time (HuebenchPalette.brand500, HuebenchTokens…).
        .target(name: "BrandColors", dependencies: [.product(name: "Huebench", package: "Huebench")],
                plugins: [.plugin(name: "HuebenchPlugin", package: "Huebench")]),
        .executableTarget(name: "consumer", dependencies: ["BrandColors"]),
        .testTarget(name: "ConsumerTests", dependencies: ["BrandColors", .product(name: "Huebench", package: "Huebench")]),
    ],
    swiftLanguageModes: [.v6]
)
