import ArgumentParser
import ThemeloadToolSupport

/// A remote command as `themeload` knows it: listed in its help with its one-line summary, and
/// run, with every argument after its name (`--help` too), by the `themeload-remote` executable
/// beside the tool (see ``RemoteHelper``), which parses and checks them.
protocol RemoteCommandForwarder: ParsableCommand {
    /// The command this forwards.
    static var command: RemoteCommandName { get }
    /// Everything after the command's name, as typed.
    var arguments: [String] { get }
}

extension RemoteCommandForwarder {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: command.rawValue,
            abstract: command.abstract,
            discussion: "Run by \(ThemeloadTool.remoteHelperName), beside themeload: `themeload \(command.rawValue) --help` lists its options."
        )
    }

    func run() throws {
        try RemoteHelper.run(Self.command, arguments: arguments)
    }
}

/// `themeload keygen …`, run by `themeload-remote`.
struct KeygenForwarder: RemoteCommandForwarder {
    static let command = RemoteCommandName.keygen
    @Argument(parsing: .captureForPassthrough, help: "The command's arguments.", completion: .file())
    var arguments: [String] = []
}

/// `themeload publish …`, run by `themeload-remote`.
struct PublishForwarder: RemoteCommandForwarder {
    static let command = RemoteCommandName.publish
    @Argument(parsing: .captureForPassthrough, help: "The command's arguments.", completion: ThemeCompletion.publishArgument)
    var arguments: [String] = []
}

/// `themeload fetch …`, run by `themeload-remote`.
struct FetchForwarder: RemoteCommandForwarder {
    static let command = RemoteCommandName.fetch
    @Argument(parsing: .captureForPassthrough, help: "The command's arguments.", completion: .file())
    var arguments: [String] = []
}
