// swift-tools-version: 6.0
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode (the tools version's default, so
/// complete strict concurrency checking) plus existential `any` spelled out everywhere.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Themeload",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Themeload", targets: ["Themeload"]),
        .library(name: "ThemeloadYAML", targets: ["ThemeloadYAML"]),
        .library(name: "ThemeloadBundledThemes", targets: ["ThemeloadBundledThemes"]),
        .executable(name: "themeload", targets: ["ThemeloadCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(
            name: "Themeload",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ThemeloadBundledThemes",
            path: "Resources",
            sources: ["BundledThemes.swift"],
            resources: [.copy("Themes")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ThemeloadYAML",
            dependencies: ["Themeload", "CYAML", "ThemeloadBundledThemes"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ThemeloadCLI",
            dependencies: [
                "Themeload",
                "ThemeloadYAML",
                "ThemeloadBundledThemes",
                "CYAML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ThemeloadTestSupport",
            dependencies: ["Themeload"],
            path: "Tests/Support",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ThemeloadTests",
            dependencies: ["Themeload", "ThemeloadYAML", "ThemeloadTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ThemeloadYAMLTests",
            dependencies: ["ThemeloadYAML", "Themeload", "ThemeloadTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ThemeloadCLITests",
            dependencies: ["ThemeloadCLI", "ThemeloadTestSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
