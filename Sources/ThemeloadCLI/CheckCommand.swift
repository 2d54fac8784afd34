import ArgumentParser
import Themeload
import ThemeloadToolSupport

/// `themeload check THEME... [--strict]`: diagnostics in compiler form, exit 1 on any error.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check themes and print every problem found, in the form compilers use.",
        discussion: """
            Each diagnostic is one line, file:line:column: severity: message at key.path [code], \
            so editors and Xcode make it clickable. A summary line follows. The exit status is 1 \
            when any theme has an error; warnings (low-contrast, and unused-token with --strict) \
            do not fail the check.

            Examples:
              themeload check Themes/Moments.theme
              themeload check Moments Blossom --search-path Themes --strict
            """
    )

    @Argument(help: "Theme bundle paths or theme names.", completion: ThemeCompletion.theme)
    var themes: [String]

    @Flag(help: "Also warn about palette, font and metric entries nothing refers to.")
    var strict = false

    @OptionGroup var options: ThemeOptions

    func validate() throws {
        if themes.isEmpty { throw ValidationError("Name at least one theme to check.") }
    }

    func run() throws {
        var errors = 0, warnings = 0
        for theme in themes {
            let report = options.loader(strict: strict).report(for: options.source(theme))
            // Written once a theme, in one write: a large theme can have thousands of warnings,
            // and a line at a time costs more than making the lines does.
            Output.write(bytes: Diagnostic.compilerFormLines(report.diagnostics))
            for diagnostic in report.diagnostics {
                switch diagnostic.severity {
                case .error: errors += 1
                case .warning: warnings += 1
                }
            }
            ExitRetained.keep(report)
        }
        let themesText = themes.count == 1 ? "1 theme" : "\(themes.count) themes"
        Output.write("\(Self.count(errors, "error")), \(Self.count(warnings, "warning")) in \(themesText)\n")
        if errors > 0 { throw ExitCode(1) }
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
