import Foundation
import PackagePlugin

/// The build-tool plugin: typed Swift keys for every theme bundle in a target's folder, whether the
/// target ships it as a resource or excludes it and ships it compiled.
///
/// For each `NAME.theme` bundle it runs `themeload export BUNDLE --format swift -o NAMETheme.swift`
/// as a build command. Every file of the target's theme bundles is an input (a child theme reads its
/// parent), and so are the single-file themes, resolvers and token files beside the bundles that
/// one can extend; the one generated file is the output, so an unchanged theme is not exported
/// again and nothing recompiles needlessly. A theme with errors fails the build, and `themeload` prints
/// its diagnostics in the compiler form (`FILE:LINE:COLUMN: error: …`), which Xcode and
/// `swift build` show at that file and line.
///
/// Adopt it in `Package.swift`:
///
///     .target(name: "App", dependencies: ["Themeload"], resources: [.copy("Themes")],
///             plugins: [.plugin(name: "ThemeKeysPlugin", package: "Themeload")])
@main
struct ThemeKeysPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // The bundles in the target's folder, declared as resources or not: a target that ships
        // its themes compiled excludes their sources, and still wants their keys.
        return try ThemeBundles.buildCommands(
            for: ThemeBundles.find(under: target.directoryURL), context: context,
            outputName: { "\($0)Theme.swift" }, displayName: { "Generating typed keys for the theme \($0)" }
        ) { bundle, output in
            ["export", bundle.path, "--format", "swift", "-o", output.path]
        }
    }
}
