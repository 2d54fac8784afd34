import ArgumentParser
import Themeload
import ThemeloadYAML

/// The `themeload` command: shows, checks and exports themes.
@main
struct ThemeloadCommand: AsyncParsableCommand {
    /// The tool's version, as `--version` prints it.
    static let version = "0.3.0"

    static let configuration = CommandConfiguration(
        commandName: "themeload",
        abstract: "Load, check and export app themes written in YAML, JSON or property lists.",
        discussion: """
            With no command, shows the bundled Default theme. THEME arguments are a path to a \
            NAME.theme directory or a theme file, or a name looked up in --search-path \
            directories (default: the current directory), then among the bundled themes.

            Exit status: 0 on success, 1 when a theme has errors, 64 for usage errors.
            """,
        version: "themeload \(ThemeloadCommand.version) (theme format \(ThemeLoader.newestFormat), compiled format \(CompiledTheme.formatVersion))",
        subcommands: [ShowCommand.self, CheckCommand.self, ExportCommand.self, CompileCommand.self, PreviewCommand.self, ParseCommand.self, FormatsCommand.self]
            + remoteCommands,
        defaultSubcommand: ShowCommand.self
    )

    /// Tunes the allocator for one short run, then parses the arguments and runs the command.
    static func main() async {
        AllocatorTuning.forShortRun()
        await main(nil)
    }
}

/// The commands of signed remote themes, when the `RemoteCommands` trait (on by default) is on.
#if RemoteCommands
    let remoteCommands: [any ParsableCommand.Type] = [KeygenCommand.self, PublishCommand.self, FetchCommand.self]
#else
    let remoteCommands: [any ParsableCommand.Type] = []
#endif

/// The registry every command reads with: all built-in plugins.
let registry = FormatRegistry.standard

/// Writes a line to standard error.
func printError(_ text: String) {
    var standardError = StandardError()
    print(text, to: &standardError)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        Output.writeError(string)
    }
}
