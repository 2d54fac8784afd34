import ArgumentParser
import Themeload
import ThemeloadToolSupport

/// The `themeload` command: shows, checks and exports themes.
@main
struct ThemeloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themeload",
        abstract: "Load, check and export app themes written in YAML, JSON, property lists or design tokens.",
        discussion: """
            With no command, shows the bundled Default theme. THEME arguments are a path to a \
            NAME.theme directory, a theme file (YAML, JSON, a property list, a design-token file \
            such as NAME.tokens.json, a resolver document NAME.resolver.json, or a compiled \
            NAME.themec), a Tokens Studio folder, or a name looked up in --search-path \
            directories (default: the current directory), then among the bundled themes.

            Exit status: 0 on success, 1 when a theme has errors, 64 for usage errors.
            """,
        version: ThemeloadTool.versionLine,
        subcommands: [
            ShowCommand.self, CheckCommand.self, ExportCommand.self, CompileCommand.self, PreviewCommand.self, ParseCommand.self,
            FormatsCommand.self, KeygenForwarder.self, PublishForwarder.self, FetchForwarder.self,
        ],
        defaultSubcommand: ShowCommand.self
    )

    /// Tunes the allocator for one short run, then parses the arguments and runs the command.
    static func main() async {
        AllocatorTuning.forShortRun()
        await main(nil)
    }
}
