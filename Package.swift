// swift-tools-version: 6.1
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
        // For tests, the library's and an app's: an in-memory file system, stepped hot reload, the
        // format-plugin conformance check, and checks that themes load and match golden files.
        .library(name: "ThemeloadTesting", targets: ["ThemeloadTesting"]),
        // Signed themes from a server: publishing, conditional fetching, an atomic on-disk cache.
        .library(name: "ThemeloadRemote", targets: ["ThemeloadRemote"]),
        // Thin adapters over the core's bindings and traits; compiled on Apple platforms only
        // (on Linux their files are empty), so an app takes only the one it uses.
        .library(name: "ThemeloadUIKit", targets: ["ThemeloadUIKit"]),
        .library(name: "ThemeloadAppKit", targets: ["ThemeloadAppKit"]),
        .library(name: "ThemeloadSwiftUI", targets: ["ThemeloadSwiftUI"]),
        .executable(name: "themeload", targets: ["themeload"]),
        // The tool's keygen, publish and fetch commands, which `themeload` runs from beside itself.
        .executable(name: "themeload-remote", targets: ["themeload-remote"]),
        .plugin(name: "ThemeKeysPlugin", targets: ["ThemeKeysPlugin"]),
        .plugin(name: "LintThemesPlugin", targets: ["LintThemesPlugin"]),
        .plugin(name: "CompiledThemesPlugin", targets: ["CompiledThemesPlugin"]),
    ],
    // Earlier versions put the tool's remote commands behind this trait, and adopting packages
    // turned it off (`traits: []`) to keep swift-crypto out of the build plugins' tool. The
    // commands are now the themeload-remote executable, which the tool does not link, so the trait
    // changes nothing; it stays declared because SwiftPM refuses `traits: []` on a package that
    // declares no traits, and such manifests must keep resolving.
    traits: [
        .trait(name: "RemoteCommands", description: "No longer changes the build: the remote commands are the themeload-remote executable. Kept so that `traits: []` still resolves."),
        .default(enabledTraits: ["RemoteCommands"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Ed25519 signatures and SHA-256 for remote themes (CryptoKit's API; CryptoKit itself on
        // Apple platforms). Either major version: apps often already depend on one of them.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
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
            name: "ThemeloadRemote",
            dependencies: ["Themeload", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .target(name: "ThemeloadTesting", dependencies: ["Themeload"], swiftSettings: swiftSettings),
        .target(name: "ThemeloadUIKit", dependencies: ["Themeload"], swiftSettings: swiftSettings),
        .target(name: "ThemeloadAppKit", dependencies: ["Themeload"], swiftSettings: swiftSettings),
        .target(name: "ThemeloadSwiftUI", dependencies: ["Themeload"], swiftSettings: swiftSettings),
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
        // What the tool and its remote-commands helper share: theme options, output, allocator
        // tuning, the version.
        .target(
            name: "ThemeloadToolSupport",
            dependencies: [
                "Themeload",
                "ThemeloadYAML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // The tool. Its target has the product's name because a plugin in the same package cannot
        // depend on an executable target whose product is named otherwise (swiftlang/swift-package-manager#8831).
        // It does not link ThemeloadRemote: its keygen, publish and fetch run the themeload-remote
        // executable beside it. So no start of the tool loads FoundationNetworking (libcurl and some
        // 30 libraries on Linux), and the build plugins, which build this tool inside every adopting
        // package, never build swift-crypto (BoringSSL on Linux, minutes). No target dependency on
        // the helper either: SwiftPM would link the helper's libraries into the tool.
        .executableTarget(
            name: "themeload",
            dependencies: [
                "Themeload",
                "ThemeloadYAML",
                "ThemeloadBundledThemes",
                "ThemeloadToolSupport",
                "CYAML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/ThemeloadCLI",
            swiftSettings: swiftSettings
        ),
        // The tool's remote commands (signed themes: keygen, publish, fetch), a program of their own.
        .executableTarget(
            name: "themeload-remote",
            dependencies: [
                "Themeload",
                "ThemeloadRemote",
                "ThemeloadToolSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/ThemeloadRemoteCLI",
            swiftSettings: swiftSettings
        ),
        // Typed Swift keys for the theme bundles among a target's files, at build time.
        .plugin(
            name: "ThemeKeysPlugin",
            capability: .buildTool(),
            dependencies: [.target(name: "themeload")]
        ),
        // Compiled themes (images inside) as resources of a target, for apps to ship.
        .plugin(
            name: "CompiledThemesPlugin",
            capability: .buildTool(),
            dependencies: [.target(name: "themeload")]
        ),
        // `swift package lint-themes`: `themeload check` over the package's theme bundles.
        .plugin(
            name: "LintThemesPlugin",
            capability: .command(
                intent: .custom(verb: "lint-themes", description: "Check every theme bundle in the package (or --target NAME) and fail on errors")
            ),
            dependencies: [.target(name: "themeload")]
        ),
        .target(
            name: "ThemeloadTestSupport",
            dependencies: ["Themeload", "ThemeloadTesting"],
            path: "Tests/Support",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ThemeloadTests",
            dependencies: ["Themeload", "ThemeloadYAML", "ThemeloadTesting", "ThemeloadTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ThemeloadYAMLTests",
            dependencies: ["ThemeloadYAML", "ThemeloadBundledThemes", "Themeload", "ThemeloadTesting", "ThemeloadTestSupport"],
            exclude: ["HostileInputs"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ThemeloadRemoteTests",
            dependencies: ["ThemeloadRemote", "Themeload", "ThemeloadTesting", "ThemeloadTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ThemeloadPluginTests",
            dependencies: ["ThemeloadTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ThemeloadCLITests",
            dependencies: ["themeload", "ThemeloadTestSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
