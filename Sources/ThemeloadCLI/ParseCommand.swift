import ArgumentParser
import Themeload
import ThemeloadToolSupport

/// `themeload parse FILE [--locations]`: the document a format plugin makes of one file.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Print the document a format plugin makes of one file, as JSON.",
        discussion: """
            Any top-level value is printed. Floats that JSON cannot hold are written as the \
            strings ".inf", "-.inf" and ".nan". A file the plugin rejects prints its diagnostics \
            on standard error and exits with status 1.

            Examples:
              themeload parse Themes/Moments.theme/theme.yaml
              themeload parse palette.json --locations
            """
    )

    @Argument(help: "The file to parse.", completion: .file(extensions: registry.fileExtensions))
    var file: String

    @Flag(help: "Wrap every node as {\"value\", \"line\", \"column\"}.")
    var locations = false

    func run() throws {
        do {
            let document = try registry.parseFile(atPath: file)
            print(document.jsonValue(includingLocations: locations).text())
        } catch {
            for diagnostic in error.diagnostics { printError(diagnostic.description) }
            throw ExitCode(1)
        }
    }
}
