/// The tool's commands for signed remote themes. `themeload` lists them and hands each to the
/// `themeload-remote` executable beside it, which runs it; only that program links
/// `ThemeloadRemote`, and with it FoundationNetworking and swift-crypto.
package enum RemoteCommandName: String, CaseIterable, Sendable {
    case keygen, publish, fetch

    /// The one line `themeload --help` and `themeload COMMAND --help` give the command.
    package var abstract: String {
        switch self {
        case .keygen: "Make an Ed25519 key pair for signing published themes."
        case .publish: "Write themes, compiled and signed, into a folder any static web server can serve."
        case .fetch: "Run one update of a folder of signed themes into a cache directory."
        }
    }
}
