import Foundation
import PackagePlugin

/// The build-tool plugin that ships compiled themes: for every `NAME.theme` bundle in a target's
/// folder it runs `themeload compile BUNDLE -o NAME.themec --embed-images`, and SwiftPM adds each
/// compiled file to the target's resources. The app loads it with no format plugin and no
/// libyaml, and resolves nothing at launch:
///
///     let theme = try ThemeLoader().load(named: "Moments", in: .module).theme
///
/// The bundles are found in the target's folder whether or not they are declared as resources,
/// so a target can `exclude: ["Themes"]` and ship only the compiled files. Every file of the
/// bundles is an input, and every theme file beside them a bundle can extend, so an unchanged
/// theme is not compiled again and one whose parent changed is; a theme with errors fails the
/// build with its diagnostics at their files and lines. Adopt it beside the typed keys:
///
///     .target(name: "App", dependencies: ["Themeload"], exclude: ["Themes"],
///             plugins: [.plugin(name: "ThemeKeysPlugin", package: "Themeload"),
///                       .plugin(name: "CompiledThemesPlugin", package: "Themeload")])
@main
struct CompiledThemesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        return try ThemeBundles.buildCommands(
            for: ThemeBundles.find(under: target.directoryURL), context: context,
            outputName: { "\($0).themec" }, displayName: { "Compiling the theme \($0)" }
        ) { bundle, output in
            ["compile", bundle.path, "-o", output.path, "--embed-images"]
        }
    }
}
