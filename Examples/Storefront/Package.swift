// swift-tools-version: 6.1
import PackageDescription

// An app-style package that adopts Themeload the way a real app would: its theme ships as a
// resource, the ThemeKeysPlugin turns the theme into typed Swift keys at build time, and the code
// reads the theme through those keys. Build and test it with `swift test --package-path Examples/Storefront`.
let package = Package(
    name: "Storefront",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "StorefrontStyle", targets: ["StorefrontStyle"]),
    ],
    dependencies: [
        .package(name: "Themeload", path: "../.."),
    ],
    targets: [
        .target(
            name: "StorefrontStyle",
            dependencies: [
                .product(name: "Themeload", package: "Themeload"),
                .product(name: "ThemeloadYAML", package: "Themeload"),
            ],
            resources: [.copy("Themes")],
            plugins: [.plugin(name: "ThemeKeysPlugin", package: "Themeload")]
        ),
        // The tests check the theme with ThemeloadTesting: it loads with no warning, and two levels
        // match golden files (Tests/StorefrontStyleTests/Golden, checked by hand).
        .testTarget(
            name: "StorefrontStyleTests",
            dependencies: ["StorefrontStyle", .product(name: "ThemeloadTesting", package: "Themeload")],
            exclude: ["Golden"]
        ),
    ]
)
