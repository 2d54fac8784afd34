// swift-tools-version: 6.1
import PackageDescription

// A package for ThemeloadPluginTests: `Shop` has a good theme, `BrokenShop` a theme with an error,
// `TypoShop` misspells one of Shop's generated keys (each of these adopts the ThemeKeysPlugin), and
// `CompiledShop` ships its theme compiled through the CompiledThemesPlugin. Shop's `Studio`
// holds a theme extending a Tokens Studio folder, away from the resolver in `Themes`. `Themes/Outlet.theme`
// is in no target, for lint-themes.
let package = Package(
    name: "Shop",
    platforms: [.macOS(.v15)],
    dependencies: [
        // `traits: []` as packages wrote it when the tool's remote commands were a trait: it must keep resolving.
        .package(name: "Themeload", path: "../../..", traits: []),
    ],
    targets: [
        .target(
            name: "Shop",
            dependencies: [.product(name: "Themeload", package: "Themeload")],
            resources: [.copy("Themes"), .copy("Studio")],
            plugins: [.plugin(name: "ThemeKeysPlugin", package: "Themeload")]
        ),
        .target(
            name: "BrokenShop",
            dependencies: [.product(name: "Themeload", package: "Themeload")],
            resources: [.copy("Themes")],
            plugins: [.plugin(name: "ThemeKeysPlugin", package: "Themeload")]
        ),
        .target(name: "TypoShop", dependencies: ["Shop"]),
        // Ships its theme compiled: the sources are excluded, the plugin compiles them, and the
        // typed keys are made from them all the same (as the README's compiled-themes section shows).
        .executableTarget(
            name: "CompiledShop",
            dependencies: [.product(name: "Themeload", package: "Themeload")],
            exclude: ["Themes"],
            plugins: [.plugin(name: "ThemeKeysPlugin", package: "Themeload"),
                      .plugin(name: "CompiledThemesPlugin", package: "Themeload")]
        ),
    ]
)
