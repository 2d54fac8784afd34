import Foundation

/// Hot reload by polling files (SPEC section 9): watches every file a theme was loaded from, and
/// every path probed and found missing, and reloads when they change.
///
/// ```swift
/// let watcher = ThemeWatcher(loader: .standard(searchDirectories: ["Themes"]), source: .named("Moments"))
/// let polling = Task { await watcher.run() }
/// for await event in await watcher.events() {
///     switch event {
///     case .reloaded(let theme, let changes): apply(theme, changes)
///     case .failed(let diagnostics): show(diagnostics)    // the last good theme stays
///     }
/// }
/// polling.cancel()   // stops polling and ends the event streams
/// ```
///
/// Polling reads only file statuses; a file's contents are read once a change has settled for one
/// more poll. Tests call `poll()` (from the ThemeloadTesting product) directly, with an in-memory file system, and
/// need no clock at all.
public actor ThemeWatcher {
    /// What the watcher publishes.
    public enum Event: Sendable {
        /// A theme loaded; the first event carries the initial theme with no changes.
        case reloaded(Theme, [ThemeChange])
        /// A load failed; the last good theme (if any) stays in place.
        case failed([Diagnostic])
    }

    private var controller: ReloadController
    private var subscribers: [UUID: AsyncStream<Event>.Continuation] = [:]
    /// How long the watcher waits between polls; at least ``shortestWait``.
    public nonisolated let interval: Duration
    /// How long a change must stay as it is before it is read: once a poll sees a change, the
    /// next poll comes after this time instead of a whole interval, and the files are read only
    /// if it sees the same statuses. A change is so published about one interval after it is
    /// written, not two.
    ///
    /// What this guarantees: a save whose every pause between two writes is shorter than the
    /// settle time is read only once it is complete. Editors and scripts save with pauses of a
    /// few milliseconds at most (docs/SPEC.md section 11 gives the measurements). What it cannot
    /// guarantee: a writer that stops mid-file for longer than the settle time can be read
    /// half-written; if that half does not load, the last good theme stays and the rest is read
    /// when it arrives, but a half that happens to be a valid theme is published until then.
    /// Such a writer should write a temporary file and rename it over the theme file.
    public nonisolated let settleTime: Duration
    /// The default ``settleTime``: 50 ms, about fifteen times the longest pause measured in an
    /// editor's or a script's save.
    public static let defaultSettleTime: Duration = .milliseconds(50)
    /// The shortest ``interval`` and ``settleTime``: a shorter one given is taken as this (at
    /// zero or less, polling never waited and took a whole core for as long as it ran).
    public static let shortestWait: Duration = .milliseconds(1)
    private let clock: any Clock<Duration>

    /// Loads the theme now and prepares to watch it.
    ///
    /// - Parameters:
    ///   - loader: loads the theme (its formats, search directories and file system).
    ///   - source: the theme to watch, by name or path.
    ///   - interval: the time between polls (default 500 ms; at least ``shortestWait``).
    ///   - settleTime: how long a change must stay as it is before it is read (default 50 ms;
    ///     at least ``shortestWait``).
    ///   - clock: the clock ``run()`` sleeps on.
    public init(loader: ThemeLoader, source: ThemeLoader.Source, interval: Duration = .milliseconds(500),
                settleTime: Duration = ThemeWatcher.defaultSettleTime, clock: any Clock<Duration> = ContinuousClock()) {
        self.controller = ReloadController(loader: loader, source: source)
        self.interval = max(interval, Self.shortestWait)
        self.settleTime = max(settleTime, Self.shortestWait)
        self.clock = clock
    }

    /// The last theme that loaded, if any did.
    public var theme: Theme? { controller.theme }

    /// The diagnostics of the last load attempt (warnings after a good one, errors after a failure).
    public var diagnostics: [Diagnostic] { controller.diagnostics }

    /// The paths being watched.
    public var watchedPaths: [String] { controller.watched }

    /// A stream of events that starts with the current state: the current theme, or the
    /// diagnostics if the theme has never loaded.
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        if let theme = controller.theme {
            continuation.yield(.reloaded(theme, []))
            if controller.diagnostics.contains(where: { $0.severity == .error }) {
                continuation.yield(.failed(controller.diagnostics))
            }
        } else {
            continuation.yield(.failed(controller.diagnostics))
        }
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return stream
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    /// Polls once, publishes what a reload produced, and says what happened. Tests reach it as
    /// `poll()` from the ThemeloadTesting product.
    @discardableResult
    package func pollOnce() -> ReloadOutcome {
        let outcome = controller.poll()
        switch outcome {
        case .reloaded(let theme, let changes): publish(.reloaded(theme, changes))
        case .failed(let diagnostics): publish(.failed(diagnostics))
        default: break
        }
        return outcome
    }

    private func publish(_ event: Event) {
        for continuation in subscribers.values { continuation.yield(event) }
    }

    /// Polls every ``interval`` (after ``settleTime`` while a change settles) until the task is
    /// cancelled, then ends every event stream.
    public func run() async {
        while !Task.isCancelled {
            let outcome = pollOnce()
            let pause = if case .settling = outcome { settleTime } else { interval }
            do { try await clock.sleep(for: pause) } catch { break }
        }
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }
}
