// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets, in a package of their own so that nothing here slows down `swift build` or
// CI's test run. Build and run them with Fuzz/fuzz.sh (see Fuzz/README.md); they need
// `-sanitize=fuzzer,address -parse-as-library`, which the script passes.
let package = Package(
    name: "ThemeloadFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Themeload", path: ".."),
    ],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "Themeload", package: "Themeload"),
                .product(name: "ThemeloadYAML", package: "Themeload"),
                .product(name: "ThemeloadTesting", package: "Themeload"),
            ]
        ),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzJSON5", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzYAML", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzPlist", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzLoader", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzCompiled", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzTokens", dependencies: ["FuzzSupport"]),
        .executableTarget(
            name: "FuzzIndex",
            dependencies: ["FuzzSupport", .product(name: "ThemeloadRemote", package: "Themeload")]
        ),
    ]
)
