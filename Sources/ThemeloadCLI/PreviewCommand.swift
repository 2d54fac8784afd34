import ArgumentParser
import Foundation
import Themeload
import ThemeloadToolSupport

/// `themeload preview THEME -o FILE.html`.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write a self-contained HTML page of a theme's palette, fonts, images and levels.",
        discussion: """
            The page needs nothing else: styles are shown side by side, the palette as swatches \
            with names and hex values, every level as a line of sample text in its color, font and \
            background, and images embedded.

            Example:
              themeload preview Themes/Moments.theme -o moments.html
            """
    )

    @Argument(help: "A theme bundle, file or Tokens Studio folder path, or a theme name to look up.", completion: ThemeCompletion.theme)
    var theme: String

    @Option(name: .shortAndLong, help: "The HTML file to write.", completion: .file(extensions: ["html"]))
    var output: String

    @OptionGroup var options: ThemeOptions

    func run() throws {
        let (loaded, sourceFiles, _) = try loadThemeAndSources(theme, options: options)
        try refuseWritingOverSource(output, sourceFiles: sourceFiles)
        do {
            try Data(HTMLPreview(theme: loaded).render().utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            printError("error: cannot write \(output): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        printError("Wrote \(output)")
    }
}
