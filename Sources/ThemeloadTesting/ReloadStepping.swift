import Themeload

extension ThemeWatcher {
    /// Polls once, publishes what a reload produced, and says what happened: hot reload stepped by
    /// a test instead of a clock, with an ``InMemoryFileSystem`` in the loader.
    ///
    /// ```swift
    /// let files = InMemoryFileSystem()
    /// files.write("/themes/Main.json", ##"{"levels": {"normal": {"textColor": "#000000"}}}"##)
    /// let watcher = ThemeWatcher(loader: ThemeLoader(searchDirectories: ["/themes"], fileSystem: files), source: .named("Main"))
    /// _ = await watcher.poll()                          // the first load
    /// files.write("/themes/Main.json", ##"{"levels": {"normal": {"textColor": "#FFFFFF"}}}"##)
    /// if case .reloaded(_, let changes) = await watcher.poll() { print(changes) }
    /// ```
    @discardableResult
    public func poll() -> ReloadOutcome {
        pollOnce()
    }
}

extension ThemeManager {
    /// A reload loop stepped by the caller instead of ``ThemeManager/watch(interval:settleTime:clock:)``:
    /// each call to the returned closure is one poll of the current theme's files, applied to the
    /// manager as a hot reload would be (a good reload installs the theme, a failed one keeps the
    /// last good theme and publishes the diagnostics).
    public func makeReloadStepper() -> @Sendable () -> ReloadOutcome {
        reloadStepper()
    }
}
