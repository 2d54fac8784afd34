/// Themes from somewhere other than a loader's directories that change over time, such as a
/// catalogue from a server (`RemoteThemeSource` in ThemeloadRemote). A ``ThemeManager`` follows
/// one with ``ThemeManager/follow(_:)``: its themes become switchable by name, and a new version
/// of the current theme is applied like a good hot reload.
public protocol ThemeFeed: Sendable {
    /// Each change from now on: first the themes held now, then every new set of good themes
    /// and every failed update, until the task iterating it is cancelled.
    func events() -> AsyncStream<ThemeFeedEvent>
}

/// What a ``ThemeFeed`` reports.
public enum ThemeFeedEvent: Sendable {
    /// The good themes the feed holds now, by name (all of them, not only what changed).
    case themes([String: Theme])
    /// An update failed; the themes held before stay. The diagnostics say why.
    case failed([Diagnostic])
}
