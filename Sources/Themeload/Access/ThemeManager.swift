import Foundation
import Observation

/// The object an app holds: the current theme and style, switching between themes and styles,
/// live providers that follow every change, events, and optional hot reload.
///
/// ```swift
/// let manager = ThemeManager(loader: .standard(searchDirectories: [themesPath]),
///                            defaultTheme: "Default", userID: "alice",
///                            store: UserDefaultsPreferenceStore())
/// let title = manager.colorProvider(level: "mainTitle")    // follows switches and reloads
/// label.textColor = UIColor(title(manager.style))
/// try manager.switchTheme(to: "Blossom")
/// try manager.setStyle("pink")
/// ```
///
/// It is safe from any thread: the theme and style live behind one lock, so a reader always sees
/// one whole theme. SwiftUI views follow it through Observation; other code can iterate
/// ``events()``. It remembers each user's choice through a ``ThemePreferenceStore`` and never
/// stores, or restores on start, a theme that does not load.
public final class ThemeManager: Sendable {
    /// What a manager tells its subscribers.
    public enum Event: Sendable {
        /// Another theme is current, by a switch or a reload; the changes say what differs.
        case themeChanged(Theme, [ThemeChange])
        /// The current style changed.
        case styleChanged(ThemeStyle)
        /// A reload failed; the current theme stays.
        case reloadFailed([Diagnostic])
    }

    /// Why the manager refused a request.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The theme does not load; its diagnostics say why. The current theme stays.
        case themeDoesNotLoad(String, [Diagnostic])
        /// The current theme has no such style.
        case unknownStyle(ThemeStyle, available: [ThemeStyle])

        /// A sentence saying what was refused.
        public var description: String {
            switch self {
            case .themeDoesNotLoad(let name, let diagnostics):
                "The theme \(name) does not load:\n" + diagnostics.map(\.description).joined(separator: "\n")
            case .unknownStyle(let style, let available):
                "The theme has no style \(style); it has \(available.map(\.rawValue).joined(separator: ", "))."
            }
        }
    }

    private struct State: Sendable {
        var theme: Theme
        var themeName: String
        var style: ThemeStyle
        var generation = 0
        var subscribers: [UUID: AsyncStream<Event>.Continuation] = [:]
    }

    private let state: Locked<State>
    private let registrar = ObservationRegistrar()
    /// The loader themes are switched with.
    public let loader: ThemeLoader
    /// The user whose choice is remembered, if any.
    public let userID: String?
    /// Where choices are remembered, if anywhere.
    public let store: (any ThemePreferenceStore)?
    /// What happened on start: a stored theme that no longer loads (the manager then fell back to
    /// the default), or the default's warnings.
    public let startupDiagnostics: [Diagnostic]

    /// Starts with the user's stored theme and style if that theme loads, else with the default.
    ///
    /// - Throws: ``Failure/themeDoesNotLoad(_:_:)`` when the default theme itself does not load.
    public init(loader: ThemeLoader, defaultTheme: String, userID: String? = nil, store: (any ThemePreferenceStore)? = nil) throws(Failure) {
        self.loader = loader
        self.userID = userID
        self.store = store
        var notes: [Diagnostic] = []
        let preference = userID.flatMap { store?.preference(for: $0) }
        var chosen: (Theme, String)?
        if let preference {
            let report = loader.report(for: .named(preference.themeName))
            if let theme = report.theme {
                chosen = (theme, preference.themeName)
            } else {
                notes.append(Diagnostic(.themeNotFound, "the stored theme \"\(preference.themeName)\" does not load; using \"\(defaultTheme)\" instead", severity: .warning))
                notes.append(contentsOf: report.diagnostics)
            }
        }
        if chosen == nil {
            let report = loader.report(for: .named(defaultTheme))
            guard let theme = report.theme else { throw .themeDoesNotLoad(defaultTheme, report.diagnostics) }
            chosen = (theme, defaultTheme)
        }
        let (theme, name) = chosen ?? (Theme(name: "", styles: [.light], resolved: [], index: LevelIndex(levels: [], properties: [])), defaultTheme)
        let style = preference?.style.flatMap { theme.styles.contains($0) ? $0 : nil } ?? theme.fallbackStyle
        state = Locked(State(theme: theme, themeName: name, style: style))
        startupDiagnostics = notes
    }

    // MARK: - Reading

    /// The current theme.
    public var theme: Theme {
        registrar.access(self, keyPath: \.theme)
        return state.withLock { $0.theme }
    }

    /// The current theme's name, as it was looked up.
    public var themeName: String {
        registrar.access(self, keyPath: \.themeName)
        return state.withLock { $0.themeName }
    }

    /// The current style.
    public var style: ThemeStyle {
        registrar.access(self, keyPath: \.style)
        return state.withLock { $0.style }
    }

    /// The current theme and style, read together.
    public var current: (theme: Theme, style: ThemeStyle) {
        registrar.access(self, keyPath: \.theme)
        registrar.access(self, keyPath: \.style)
        return state.withLock { ($0.theme, $0.style) }
    }

    // MARK: - Changing

    /// Makes another theme current, looked up by name; keeps the style if the new theme has it.
    /// Remembers the choice. A theme that does not load changes nothing and is not remembered.
    public func switchTheme(to name: String) throws(Failure) {
        let report = loader.report(for: .named(name))
        guard let theme = report.theme else { throw .themeDoesNotLoad(name, report.diagnostics) }
        install(theme, name: name, changes: nil)
        remember()
    }

    /// Makes a style current and remembers it.
    public func setStyle(_ style: ThemeStyle) throws(Failure) {
        let changed = try state.withLock { state throws(Failure) -> Bool in
            guard state.theme.styles.contains(style) else { throw .unknownStyle(style, available: state.theme.styles) }
            defer { state.style = style }
            return state.style != style
        }
        guard changed else { return }
        registrar.withMutation(of: self, keyPath: \.style) {}
        publish(.styleChanged(style))
        remember()
    }

    /// Replaces the theme (a switch or a good reload) and tells everyone.
    private func install(_ theme: Theme, name: String, changes: [ThemeChange]?) {
        let (old, styleChanged) = state.withLock { state -> (Theme, ThemeStyle?) in
            let old = state.theme
            state.theme = theme
            state.themeName = name
            state.generation += 1
            guard !theme.styles.contains(state.style) else { return (old, nil) }
            state.style = theme.fallbackStyle
            return (old, state.style)
        }
        registrar.withMutation(of: self, keyPath: \.theme) {}
        registrar.withMutation(of: self, keyPath: \.themeName) {}
        publish(.themeChanged(theme, changes ?? ThemeChange.between(old, theme)))
        if let styleChanged {
            registrar.withMutation(of: self, keyPath: \.style) {}
            publish(.styleChanged(styleChanged))
        }
    }

    private func remember() {
        guard let userID, let store else { return }
        let (name, style) = state.withLock { ($0.themeName, $0.style) }
        store.setPreference(ThemePreference(themeName: name, style: style), for: userID)
    }

    // MARK: - Events

    /// A stream of changes from now on. It ends when the manager is released.
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        let id = UUID()
        state.withLock { $0.subscribers[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Delivers an event outside the lock.
    private func publish(_ event: Event) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for continuation in subscribers { continuation.yield(event) }
    }

    deinit {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for continuation in subscribers { continuation.finish() }
    }

    // MARK: - Hot reload

    /// Watches the current theme's files and applies every good reload until the task is
    /// cancelled; a failed reload is published as ``Event/reloadFailed(_:)`` and the theme stays.
    /// After a theme switch it watches the new theme. `settleTime` is how long a change must stay
    /// as it is before it is read (see ``ThemeWatcher/settleTime``).
    public func watch(interval: Duration = .milliseconds(500), settleTime: Duration = ThemeWatcher.defaultSettleTime,
                      clock: any Clock<Duration> = ContinuousClock()) async {
        while !Task.isCancelled {
            let (name, generation) = state.withLock { ($0.themeName, $0.generation) }
            var controller = ReloadController(loader: loader, source: .named(name))
            var pause = interval
            while !Task.isCancelled, state.withLock({ $0.generation }) == generation {
                do { try await clock.sleep(for: pause) } catch { return }
                let outcome = controller.poll()
                apply(outcome, generation: generation)
                // Confirm a change once it has settled, as ThemeWatcher does.
                pause = if case .settling = outcome { settleTime } else { interval }
            }
        }
    }

    /// Steps hot reload by hand: one poll of a controller (for tests and custom loops).
    func apply(_ outcome: ReloadOutcome, generation: Int) {
        switch outcome {
        case .reloaded(let theme, _):
            let (current, name) = state.withLock { ($0.generation, $0.themeName) }
            guard current == generation else { return }  // switched meanwhile: drop the stale reload
            install(theme, name: name, changes: nil)
        case .failed(let diagnostics):
            publish(.reloadFailed(diagnostics))
        default:
            break
        }
    }

    /// A reload loop stepped by the caller: each call to the returned closure is one poll.
    /// Deterministic tests use it with an ``InMemoryFileSystem`` instead of ``watch(interval:clock:)``.
    public func makeReloadStepper() -> @Sendable () -> ReloadOutcome {
        let (name, generation) = state.withLock { ($0.themeName, $0.generation) }
        let controller = Locked(ReloadController(loader: loader, source: .named(name)))
        return { [weak self] in
            let outcome = controller.withLock { $0.poll() }
            self?.apply(outcome, generation: generation)
            return outcome
        }
    }

    // MARK: - Live providers

    /// A provider of any level property that reads the current theme on every call; where the
    /// current theme lacks the property, it gives `fallback`.
    public func provider(level: String, property: String, fallback: ThemeValue) -> ThemeProvider<ThemeValue> {
        ThemeProvider { [self] style in
            let theme = self.state.withLock { $0.theme }
            guard let row = theme.levelID(level), let column = theme.propertyID(property) else { return fallback }
            return theme.value(level: row, property: column, style: style) ?? fallback
        }
    }

    /// A live color provider (`textColor` by default); `fallback` where the current theme lacks it.
    public func colorProvider(level: String, property: String = "textColor", fallback: ThemeColor = ThemeColor(red: 0, green: 0, blue: 0)) -> ThemeProvider<ThemeColor> {
        provider(level: level, property: property, fallback: .color(fallback)).map { $0.color ?? fallback }
    }

    /// A live font provider (`font` by default); `fallback` where the current theme lacks it.
    public func fontProvider(level: String, property: String = "font", fallback: ThemeFont = ThemeFont(size: 17)) -> ThemeProvider<ThemeFont> {
        provider(level: level, property: property, fallback: .font(fallback)).map { $0.font ?? fallback }
    }

    /// A live palette provider; `fallback` where the current theme lacks the entry.
    public func paletteProvider(_ name: String, fallback: ThemeColor = ThemeColor(red: 0, green: 0, blue: 0)) -> ThemeProvider<ThemeColor> {
        ThemeProvider { [self] style in
            self.state.withLock { $0.theme }.resolved(style).palette[name] ?? fallback
        }
    }
}

extension ThemeManager: Observable {}
