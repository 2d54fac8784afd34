import ArgumentParser
import Themeload
import ThemeloadBundledThemes

/// `themeload show [THEME] [--style S] [--level L] [--format table|json]`.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a theme's resolved level table.",
        discussion: """
            With no theme, shows the bundled Default theme.

            Examples:
              themeload show
              themeload show Themes/Moments.theme --style dark
              themeload show Moments --search-path Themes --level mainTitle
              themeload show Blossom --format json
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    @Argument(help: "A theme bundle path, or a theme name to look up.", completion: .file(extensions: ["theme", "yaml", "yml", "json", "plist"]))
    var theme: String = BundledThemes.defaultThemeName

    @Option(help: "Show only this style.")
    var style: String?

    @Option(help: "Show only this level.")
    var level: String?

    @Option(help: "table (default) or json (the canonical form).")
    var format: Format = .table

    @OptionGroup var options: ThemeOptions

    func run() throws {
        let loaded = try loadTheme(theme, options: options)
        let style = try validateStyle(self.style, in: loaded)
        if let level, !loaded.levels.contains(level) {
            throw ValidationError("The theme \(loaded.name) has no level \"\(level)\"; its levels are \(loaded.levels.joined(separator: ", ")).")
        }
        switch format {
        case .json:
            print(loaded.canonicalJSON(style: style))
        case .table:
            let styles = style.map { [$0] } ?? loaded.styles
            print(LevelTableRenderer(theme: loaded).render(styles: styles, levels: level.map { [$0] } ?? loaded.levels), terminator: "")
        }
    }
}
