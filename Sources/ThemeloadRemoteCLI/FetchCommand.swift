import ArgumentParser
import Foundation
import Themeload
import ThemeloadRemote
import ThemeloadToolSupport

/// `themeload fetch URL --public-key FILE --cache DIR`.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: RemoteCommandName.fetch.abstract,
        discussion: """
            Fetches URL/index.json conditionally, verifies its signature by a --public-key, \
            fetches the files whose hash changed, checks and loads every theme, and only then \
            makes the new version current in the cache, whole. The cache directory is then a \
            search directory: themeload export NAME --search-path DIR works on it. Says what \
            happened in one sentence.

            Exit status: 0 when the cache holds a good theme that is current, or was left as it \
            was because nothing changed; 1 when the update was refused, the server could not be \
            reached, or the cache holds nothing usable.

            Example:
              themeload fetch https://cdn.example.com/themes/ --public-key themes-public.pem --cache Caches/themes
            """
    )

    @Argument(help: "The URL of the published folder (the one holding index.json).")
    var url: String

    @Option(help: "A public key the index may be signed by (repeat it while rotating keys).", completion: .file())
    var publicKey: [String]

    @Option(help: "The cache directory.", completion: .directory)
    var cache: String

    @Flag(help: "Ask the server even while the index is fresh by its Cache-Control max-age.")
    var force = false

    @Option(help: "Seconds one request may take.")
    var timeout: Double = 30

    func validate() throws {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme), parsed.host != nil else {
            throw ValidationError("\(url) is not an http or https URL.")
        }
        guard !publicKey.isEmpty else { throw ValidationError("Give the public key to verify with (--public-key FILE).") }
        guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds.") }
    }

    func run() async throws {
        let keys = try publicKey.map { try readKeyFile($0, ThemeVerifyingKey.init(pem:)) }
        let limits = RemoteFetchLimits(requestTimeout: .milliseconds(Int(timeout * 1000)))
        let source = RemoteThemeSource(baseURL: URL(string: url)!, publicKeys: keys, cacheDirectory: cache, limits: limits)
        let outcome = await source.update(force: force)
        let held = source.cachedThemes.keys.sorted()
        switch outcome {
        case .failed(let error):
            printError("error: " + PrintableText.escaped("\(error)"))
            if !held.isEmpty { printError("the cache keeps " + PrintableText.escaped(held.joined(separator: ", ")) + " as it was") }
            throw ExitCode(1)
        case .fresh, .notModified, .updated:
            guard !held.isEmpty else {
                printError("error: the cache holds no usable theme")
                throw ExitCode(1)
            }
            print("\(outcome); the cache holds \(held.joined(separator: ", "))")
        }
    }
}
