import ArgumentParser
import Foundation
import Themeload
import ThemeloadYAML

/// What shell completion offers for a theme argument: bundles, every built-in format's files and
/// compiled themes.
package let themeFileExtensions = ["theme"] + registry.fileExtensions + [CompiledTheme.fileExtension]

/// The options every command that takes a theme shares.
package struct ThemeOptions: ParsableArguments {
    @Option(
        name: .customLong("search-path"),
        help: ArgumentHelp("A directory to look themes up in by name (repeatable; default: the current directory). The bundled themes are always searched last.", valueName: "dir"),
        completion: .directory)
    package var searchPaths: [String] = []

    @Option(
        name: .customLong("context"),
        help: ArgumentHelp("For a design-token resolver: the context a modifier other than the one that gives the styles takes, MODIFIER=CONTEXT (repeatable; a theme's manifest that chooses one in designTokens.modifierContexts wins; default: the modifier's default context, else its first).",
                           valueName: "modifier=context"))
    package var contexts: [String] = []

    @Option(
        name: .customLong("rem-size"),
        help: ArgumentHelp("Points per rem in design tokens and a theme's lengths, for a theme whose manifest does not state designTokens.remSize.", valueName: "points"))
    package var remSize: Double = DesignTokenOptions().remSize

    package init() {}

    package func validate() throws {
        for context in contexts where Self.modifierAndContext(context) == nil {
            throw ValidationError("--context takes MODIFIER=CONTEXT (for example size=mobile), not \"\(context)\".")
        }
        if Set(contexts.compactMap { Self.modifierAndContext($0)?.modifier }).count < contexts.count {
            throw ValidationError("--context names a modifier more than once.")
        }
        if !(remSize.isFinite && remSize > 0) {
            throw ValidationError("--rem-size takes a number of points greater than 0, not \(remSize).")
        }
    }

    /// `MODIFIER=CONTEXT` split at its first `=`; `nil` when either side is empty.
    private static func modifierAndContext(_ text: String) -> (modifier: String, context: String)? {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// The contexts `--context` chooses, by modifier (checked in ``validate()``).
    package var modifierContexts: [String: String] {
        Dictionary(contexts.compactMap(Self.modifierAndContext), uniquingKeysWith: { _, last in last })
    }

    /// The loader for these options: every built-in format, the search paths, then the bundled
    /// themes; design tokens read with the chosen contexts and `rem`.
    package func loader(strict: Bool = false) -> ThemeLoader {
        var loader = ThemeLoader.standard(searchDirectories: searchPaths.isEmpty ? ["."] : searchPaths, strict: strict)
        loader.designTokens.modifierContexts = modifierContexts
        loader.designTokens.remSize = remSize
        return loader
    }

    /// A theme argument is a path when it looks like one (a slash, a `.theme` or theme-file
    /// extension, or an existing file); otherwise a name to look up.
    package func source(_ argument: String) -> ThemeLoader.Source {
        if argument.contains("/") || argument.hasSuffix(".theme") || argument.hasSuffix("." + CompiledTheme.fileExtension)
            || registry.plugin(forPath: argument) != nil
            || FileManager.default.fileExists(atPath: argument)
        {
            return .path(argument)
        }
        return .named(argument)
    }
}

/// Loads one theme for a command, printing its diagnostics (errors on failure, warnings always)
/// to standard error; exits 1 when it does not load.
package func loadTheme(_ argument: String, options: ThemeOptions) throws -> Theme {
    try loadThemeAndSources(argument, options: options).theme
}

/// ``loadTheme(_:options:)``, with the files the theme was read from (for a command that writes
/// files to refuse writing over one; see ``refuseWritingOverSource(_:sourceFiles:)``) and the
/// name of its bundle, which a loader finds it by.
package func loadThemeAndSources(_ argument: String, options: ThemeOptions) throws -> (theme: Theme, sourceFiles: Set<String>, bundleName: String) {
    let report = options.loader().report(for: options.source(argument))
    ExitRetained.keep(report)
    Output.writeError(bytes: Diagnostic.compilerFormLines(report.diagnostics))
    guard let theme = report.theme else { throw ExitCode(1) }
    return (theme, report.dependencies.files, report.bundleName ?? theme.name)
}

/// Exits 1, saying why, when `output` is one of the theme's own files (the same file by device
/// and inode, whatever path names it): `themeload export Moments.yaml --format json -o
/// Moments.yaml` replaced the theme's source with its export.
package func refuseWritingOverSource(_ output: String, sourceFiles: Set<String>) throws {
    let files = LocalFileSystem()
    guard let target = files.status(ofPath: output), target.kind == .regular else { return }
    guard let source = sourceFiles.sorted().first(where: { files.status(ofPath: $0)?.identity == target.identity }) else { return }
    printError("error: cannot write \(output): it is " + (source == output ? "" : "\(source), ") + "a file the theme is read from; write elsewhere")
    throw ExitCode(1)
}

/// Checks that a style option names one of the theme's styles; a usage error (64) otherwise.
package func validateStyle(_ style: String?, in theme: Theme) throws -> ThemeStyle? {
    guard let style else { return nil }
    guard theme.styles.contains(ThemeStyle(style)) else {
        throw ValidationError("The theme \(theme.name) has no style \"\(style)\"; its styles are \(theme.styles.map(\.rawValue).joined(separator: ", ")).")
    }
    return ThemeStyle(style)
}
