/// What one poll of a ``ThemeWatcher`` found.
public enum ReloadOutcome: Sendable {
    /// Nothing that the theme depends on changed.
    case unchanged
    /// Something changed; the watcher waits one more poll for it to settle before reading it.
    case settling
    /// Files changed on disk, but their contents are what was loaded: nothing to reload.
    case sameContent
    /// The theme was reloaded; the changes say what differs from the last good theme.
    case reloaded(Theme, [ThemeChange])
    /// The reload failed; the last good theme stays in place.
    case failed([Diagnostic])
}
