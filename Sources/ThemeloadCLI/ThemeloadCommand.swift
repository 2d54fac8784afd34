import ArgumentParser
import Themeload
import ThemeloadYAML

/// The `themeload` command: shows, checks and exports themes.
@main
struct ThemeloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themeload",
        abstract: "Load, check and export app themes written in YAML, JSON or property lists.",
        subcommands: [ShowCommand.self, CheckCommand.self, ExportCommand.self, ParseCommand.self, FormatsCommand.self],
        defaultSubcommand: ShowCommand.self
    )
}

/// The registry every command reads with: all built-in plugins.
let registry = FormatRegistry.standard

/// Writes a line to standard error.
func printError(_ text: String) {
    var standardError = StandardError()
    print(text, to: &standardError)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandleOutput.standardError.write(string)
    }
}
