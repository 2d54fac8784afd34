import ArgumentParser
import Themeload

/// `themeload export THEME --format json [--style S]`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a theme's resolved form.",
        discussion: """
            json writes the canonical form of the theme format specification (section 7): colors \
            as #RRGGBBAA, fonts, image sets and insets in fixed shapes, names sorted.

            Examples:
              themeload export Themes/Moments.theme --format json
              themeload export Blossom --format json --style pink
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
    }

    @Argument(help: "A theme bundle path, or a theme name to look up.", completion: .file(extensions: ["theme", "yaml", "yml", "json", "plist"]))
    var theme: String

    @Option(help: "The output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format

    @Option(help: "Write only this style.")
    var style: String?

    @OptionGroup var options: ThemeOptions

    func run() throws {
        let loaded = try loadTheme(theme, options: options)
        let style = try validateStyle(self.style, in: loaded)
        switch format {
        case .json: print(loaded.canonicalJSON(style: style))
        }
    }
}
