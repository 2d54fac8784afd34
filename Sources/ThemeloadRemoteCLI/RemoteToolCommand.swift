import ArgumentParser
import ThemeloadToolSupport

/// The `themeload-remote` executable: the tool's commands for signed remote themes. `themeload
/// keygen|publish|fetch …` runs it in its own place, so it names itself `themeload` in usage and
/// help; run directly, it takes the same arguments.
@main
struct RemoteToolCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themeload",
        abstract: "Sign, publish and fetch remote themes (the themeload tool's remote commands).",
        version: ThemeloadTool.versionLine,
        subcommands: [KeygenCommand.self, PublishCommand.self, FetchCommand.self]
    )

    /// Tunes the allocator for one short run, then parses the arguments and runs the command.
    static func main() async {
        AllocatorTuning.forShortRun()
        await main(nil)
    }
}
