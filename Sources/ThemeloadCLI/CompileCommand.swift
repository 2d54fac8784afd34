import ArgumentParser
import Foundation
import Themeload
import ThemeloadToolSupport

/// `themeload compile THEME -o FILE.themec`.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Write a theme's compiled form, for an app to ship instead of its sources.",
        discussion: """
            A compiled theme is the resolved theme in a compact binary file: loading it needs no \
            format plugin (no libyaml on iOS) and parses and resolves nothing, and gives exactly \
            the theme its sources give. The images it names are copied into a folder beside it, \
            named after it (Moments.themec, Moments.images/); ship both. With --embed-images the \
            images travel inside the compiled file instead. Every command that takes a theme takes \
            a compiled file too.

            Examples:
              themeload compile Themes/Moments.theme -o Resources/Moments.themec
              themeload export Resources/Moments.themec --format json
            """
    )

    @Argument(help: "A theme bundle, file or Tokens Studio folder path, or a theme name to look up.", completion: ThemeCompletion.theme)
    var theme: String

    @Option(name: .shortAndLong, help: "The compiled file to write (NAME.themec).", completion: .file(extensions: [CompiledTheme.fileExtension]))
    var output: String

    @Flag(help: "Put the images' bytes in the compiled file instead of a folder beside it: one file to ship.")
    var embedImages = false

    @OptionGroup var options: ThemeOptions

    func validate() throws {
        guard output.hasSuffix("." + CompiledTheme.fileExtension) else {
            throw ValidationError("The compiled file's name must end in .\(CompiledTheme.fileExtension), so that loaders know it (for example Moments.themec).")
        }
    }

    func run() throws {
        let (theme, sourceFiles, _) = try loadThemeAndSources(theme, options: options)
        try refuseWritingOverSource(output, sourceFiles: sourceFiles)
        do {
            try CompiledTheme.write(theme, toPath: output, embeddingImages: embedImages)
        } catch {
            for diagnostic in error.diagnostics { printError(diagnostic.description) }
            throw ExitCode(1)
        }
        // Images embedded can make a file a loader with the default limits refuses unread.
        let size = LocalFileSystem().status(ofPath: output).map { Int($0.size) } ?? 0
        let limit = Limits.default.maxFileSize
        if size > limit {
            printError(Diagnostic(.limitExceeded, "the compiled theme is \(size) bytes, more than the \(limit) a loader reads with the default Limits.maxFileSize; "
                                  + "raise it where the app loads the theme, or leave the images beside it (without --embed-images)",
                                  severity: .warning, at: SourceLocation(file: output)).description)
        }
    }
}
