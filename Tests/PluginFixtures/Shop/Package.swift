// swift-tools-version: 6.0
import PackageDescription

// A package for ThemeloadPluginTests: `Shop` has a good theme, `BrokenShop` a theme with an error,
// and `TypoShop` misspells one of Shop's generated keys. Each adopts the ThemeKeysPlugin.
let package = Package(
    name: "Shop",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Themeload", path: "../../.."),
    ],
    targets: [
        .target(
            name: "Shop",
            dependencies: [.product(name: "Themeload", package: "Themeload")],
            resources: [.copy("Themes")],
            plugins: [.plugin(name: "ThemeKeysPlugin", package: "Themeload")]
        ),
        .target(
            name: "BrokenShop",
            dependencies: [.product(name: "Themeload", package: "Themeload")],
            resources: [.copy("Themes")],
            plugins: [.plugin(name: "ThemeKeysPlugin", package: "Themeload")]
        ),
        .target(name: "TypoShop", dependencies: ["Shop"]),
    ]
)
