// swift-tools-version: 6.0
import PackageDescription

// The benchmarks live in their own package so that nothing here slows down `swift build` or CI's
// test run. Run: swift run -c release --package-path Benchmarks themeload-bench [formats|loading|provider|compiled|reload];
// Benchmarks/whole-tool.sh times the whole tool on a 50,000-token theme.
let package = Package(
    name: "ThemeloadBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Themeload", path: ".."),
    ],
    targets: [
        // The system libyaml under a name of its own, for the bare event-loop baseline.
        .systemLibrary(name: "BenchLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        // Counts malloc calls on Linux (glibc), to show that a provider read allocates nothing.
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "themeload-bench",
            dependencies: [
                "BenchLibYAML", "MallocCounter",
                .product(name: "Themeload", package: "Themeload"),
                .product(name: "ThemeloadYAML", package: "Themeload"),
                .product(name: "ThemeloadTesting", package: "Themeload"),
            ]
        ),
    ]
)
