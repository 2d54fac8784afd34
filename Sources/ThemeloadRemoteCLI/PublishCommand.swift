import ArgumentParser
import Foundation
import Themeload
import ThemeloadRemote
import ThemeloadToolSupport

/// `themeload publish THEME... --private-key FILE -o DIR`.
struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: RemoteCommandName.publish.abstract,
        discussion: """
            Each theme is loaded and checked (a theme with errors is not published), compiled \
            with its images inside as themes/<sha256>.themec, and listed in index.json with its \
            size and SHA-256; index.json is signed by every --private-key and written last. \
            Serve the folder as it is; apps fetch it with RemoteThemeSource or themeload fetch. \
            Publishing what is already published rewrites nothing.

            Example:
              themeload publish Holiday Partner --private-key keys/themes.pem -o public/themes
            """
    )

    @Argument(help: "Theme bundle paths or names to publish; one index lists them all.")
    var themes: [String]

    @Option(help: "A private key to sign with (repeat it while apps rotate from an old key to a new one).", completion: .file())
    var privateKey: [String]

    @Option(name: .shortAndLong, help: "The folder to publish into.", completion: .directory)
    var output: String

    @Option(help: "The largest compiled theme to publish, in bytes: the RemoteFetchLimits.maxFileSize the apps fetch under (a client refuses the whole index when one theme passes it).")
    var maxFileSize = RemoteFetchLimits.default.maxFileSize

    @Option(help: "The most bytes the compiled themes may add up to: the RemoteFetchLimits.maxTotalSize the apps fetch under (a client refuses an index whose files pass it).")
    var maxTotalSize = RemoteFetchLimits.default.maxTotalSize

    @Flag(help: "Remove the compiled themes in themes/ that neither the new index nor the one it replaces lists (apps with an older index keep their themes, and fetch the new index when theirs is no longer fresh).")
    var prune = false

    @OptionGroup var options: ThemeOptions

    func validate() throws {
        guard !themes.isEmpty else { throw ValidationError("Name at least one theme to publish.") }
        guard !privateKey.isEmpty else { throw ValidationError("Give the private key to sign with (--private-key FILE; themeload keygen makes one).") }
        guard maxFileSize > 0 else { throw ValidationError("--max-file-size is a number of bytes greater than 0.") }
        guard maxTotalSize > 0 else { throw ValidationError("--max-total-size is a number of bytes greater than 0.") }
    }

    func run() throws {
        let keys = try privateKey.map { try readKeyFile($0, ThemeSigningKey.init(pem:)) }
        let loaded = try themes.map { argument in
            let (theme, _, bundleName) = try loadThemeAndSources(argument, options: options)
            // Apps find a theme they ship by its bundle's name, and a remote theme by its own:
            // under another name it is another theme there, and never replaces theirs.
            if theme.name != bundleName {
                printError("warning: the theme \(argument) is published as \"\(theme.name)\", its manifest's name; an app that ships it finds it as \"\(bundleName)\", "
                           + "so this version will not replace that one there (remove the manifest's name, or make it \"\(bundleName)\")")
            }
            return theme
        }
        do {
            let report = try ThemePublisher.publish(loaded, signedBy: keys, to: output, maxFileSize: maxFileSize, maxTotalSize: maxTotalSize, pruning: prune)
            let names = report.index.themes.map(\.name).joined(separator: ", ")
            if report.written.isEmpty {
                print("\(output) already publishes \(names) as version \(report.index.sequence); nothing written")
            } else {
                let removed = report.removed.isEmpty ? "" : ", \(report.removed.count) older file\(report.removed.count == 1 ? "" : "s") removed"
                print("published \(names) as version \(report.index.sequence) in \(output) (\(report.written.count) file\(report.written.count == 1 ? "" : "s") written\(removed))")
            }
        } catch {
            for diagnostic in error.diagnostics { printError(diagnostic.description) }
            throw ExitCode(1)
        }
    }
}
