import Foundation
import Observation

/// The object an app holds: the current theme and style, switching between themes and styles,
/// following the system's appearance, bindings that keep objects current, events, and optional
/// hot reload.
///
/// ```swift
/// let manager = try ThemeManager(loader: .standard(searchDirectories: [themesPath]),
///                                defaultTheme: "Default", userID: "alice",
///                                store: UserDefaultsPreferenceStore())
/// try manager.bind(label, \.textColor, to: .color(level: "mainTitle")) { UIColor($0) }
/// manager.updateSystemTraits(SystemTraits(appearance: .dark))   // follows the system by default
/// try manager.switchTheme(to: "Blossom")
/// try manager.setStyle("pink")                                   // a fixed choice, remembered
/// ```
///
/// It is safe from any thread: the theme, the style selection and the system traits live behind
/// one lock, so a reader always sees one whole theme. Bindings are applied on the main actor, at
/// once when the change is made there, else as soon as the main actor runs. A theme that lacks a
/// key something is bound to (or that ``require(_:)`` named) is refused, so a binding never fails
/// after it is made. SwiftUI views follow the manager through Observation; other code can
/// iterate ``events()``. It remembers each user's choice through a ``ThemePreferenceStore`` and
/// never stores, or restores on start, a theme that does not load.
public final class ThemeManager: Sendable {
    /// What a manager tells its subscribers.
    public enum Event: Sendable {
        /// Another theme is current, by a switch or a reload; the changes say what differs.
        case themeChanged(Theme, [ThemeChange])
        /// The current style changed.
        case styleChanged(ThemeStyle)
        /// A reload failed, or gave a theme without a key something is bound to; the current
        /// theme stays.
        case reloadFailed([Diagnostic])
        /// The choice could not be remembered (the store's error, in words); it still applies.
        case preferenceNotSaved(String)
    }

    /// Why the manager refused a request.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The theme does not load, or lacks a key something is bound to; its diagnostics say
        /// why. The current theme stays.
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

    /// A key a theme must have, with how many bindings and providers need it.
    private struct RequiredKey: Sendable {
        let check: @Sendable (Theme) -> Diagnostic?
        var count: Int
    }

    private struct State: Sendable {
        var theme: Theme
        var themeName: String
        var selection: StyleSelection
        var traits = SystemTraits()
        /// How many theme switches there have been. A reload does not count, so a watcher
        /// outlives the reloads it applies and a reload meant for a theme switched away from is
        /// recognised and dropped.
        var switches = 0
        var subscribers: [UUID: AsyncStream<Event>.Continuation] = [:]
        var required: [String: RequiredKey] = [:]
        /// Themes from a feed (``supply(_:)``), by name; they take precedence over the loader's.
        var supplied: [String: Theme] = [:]
    }

    private let state: Locked<State>
    private let registrar = ObservationRegistrar()
    private let bindings = BindingRegistry()
    /// The loader themes are switched with.
    public let loader: ThemeLoader
    /// The user whose choice is remembered, if any.
    public let userID: String?
    /// Where choices are remembered, if anywhere.
    public let store: (any ThemePreferenceStore)?
    /// How the system's traits map to the theme's styles while the selection follows the system.
    public let styleMapping: StyleMapping
    /// What happened on start: a stored theme that no longer loads (the manager then fell back to
    /// the default), or the default's warnings.
    public let startupDiagnostics: [Diagnostic]

    /// Starts with the user's stored theme and style selection if that theme loads, else with the
    /// default theme and `selection`.
    ///
    /// - Parameters:
    ///   - loader: loads the themes by name (the default theme, switches, hot reloads).
    ///   - defaultTheme: the theme to start with when nothing is stored, and to fall back to when
    ///     the stored theme no longer loads.
    ///   - userID: whose choice to read and remember; `nil` for one choice per device.
    ///   - store: where choices are remembered; `nil` to remember nothing.
    ///   - selection: the style selection when none is stored: by default the style follows the
    ///     system (``updateSystemTraits(_:)``), through `styleMapping`.
    ///   - styleMapping: how the system's traits pick a style of the theme.
    ///   - suppliedThemes: themes that do not come from the loader, by name, as ``supply(_:)``
    ///     takes them: a remote source's cached themes, so a stored choice of one of them holds
    ///     from the first frame.
    /// - Throws: ``Failure/themeDoesNotLoad(_:_:)`` when the default theme itself does not load.
    public init(loader: ThemeLoader, defaultTheme: String, userID: String? = nil, store: (any ThemePreferenceStore)? = nil,
                selection: StyleSelection = .followsSystem, styleMapping: StyleMapping = .standard,
                suppliedThemes: [String: Theme] = [:]) throws(Failure) {
        self.loader = loader
        self.userID = userID
        self.store = store
        self.styleMapping = styleMapping
        var notes: [Diagnostic] = []
        let preference = userID.flatMap { store?.preference(for: $0) }
        var chosen: (theme: Theme, name: String)?
        if let preference {
            let report = Self.theme(named: preference.themeName, supplied: suppliedThemes, loader: loader)
            if let theme = report.theme {
                chosen = (theme, preference.themeName)
            } else {
                notes.append(Diagnostic(.themeNotFound, "the stored theme \"\(preference.themeName)\" does not load; using \"\(defaultTheme)\" instead", severity: .warning))
                notes.append(contentsOf: report.diagnostics)
            }
        }
        if chosen == nil {
            let report = Self.theme(named: defaultTheme, supplied: suppliedThemes, loader: loader)
            guard let theme = report.theme else { throw .themeDoesNotLoad(defaultTheme, report.diagnostics) }
            chosen = (theme, defaultTheme)
        }
        guard let chosen else { throw .themeDoesNotLoad(defaultTheme, []) }
        state = Locked(State(theme: chosen.theme, themeName: chosen.name, selection: preference?.selection ?? selection, supplied: suppliedThemes))
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

    /// The current style: the fixed choice, or what the system's traits map to; always one the
    /// current theme declares.
    public var style: ThemeStyle {
        registrar.access(self, keyPath: \.style)
        return state.withLock { effectiveStyle($0) }
    }

    /// How the style is chosen: fixed, or following the system.
    public var selection: StyleSelection {
        registrar.access(self, keyPath: \.style)
        return state.withLock { $0.selection }
    }

    /// What the system last reported (``updateSystemTraits(_:)``).
    public var systemTraits: SystemTraits {
        registrar.access(self, keyPath: \.style)
        return state.withLock { $0.traits }
    }

    /// The current theme and style, read together.
    public var current: (theme: Theme, style: ThemeStyle) {
        registrar.access(self, keyPath: \.theme)
        registrar.access(self, keyPath: \.style)
        return state.withLock { ($0.theme, effectiveStyle($0)) }
    }

    /// The style for some traits under the current selection: the fixed style, or the one
    /// `styleMapping` gives for `traits`. Dynamic colors ask this for each trait collection.
    public func style(for traits: SystemTraits) -> ThemeStyle {
        state.withLock { effectiveStyle($0, traits: traits) }
    }

    /// The style the selection gives in `state`, for its own traits or for `traits`; always one
    /// the theme declares.
    private func effectiveStyle(_ state: State, traits: SystemTraits? = nil) -> ThemeStyle {
        let styles = state.theme.styles
        let wanted = switch state.selection {
        case .fixed(let style): style
        case .followsSystem: styleMapping.style(for: traits ?? state.traits, among: styles)
        }
        return styles.contains(wanted) ? wanted : state.theme.fallbackStyle
    }

    /// The theme, style and traits values are read in, taken together.
    private var readingState: (theme: Theme, style: ThemeStyle, traits: SystemTraits) {
        state.withLock { ($0.theme, effectiveStyle($0), $0.traits) }
    }

    /// A key's value in the current theme and style (a level font with a Dynamic Type
    /// `textStyle` scaled to the current traits).
    ///
    /// - Throws: ``ThemeLookupError`` when the current theme lacks the key: where it is asked
    ///   for, never a default color or size.
    public func value<Value>(_ key: ThemeKey<Value>) throws(ThemeLookupError) -> Value {
        registrar.access(self, keyPath: \.theme)
        registrar.access(self, keyPath: \.style)
        let (theme, style, traits) = readingState
        return try theme.value(key, style: style, traits: traits)
    }

    /// A key's value for some traits: in the style ``style(for:)`` gives, scaled and chosen for
    /// them. The UIKit and AppKit adapters' dynamic colors call this for each trait collection.
    public func value<Value>(_ key: ThemeKey<Value>, for traits: SystemTraits) throws(ThemeLookupError) -> Value {
        let (theme, style) = state.withLock { ($0.theme, effectiveStyle($0, traits: traits)) }
        return try theme.value(key, style: style, traits: traits)
    }

    // MARK: - Changing

    /// Makes another theme current, looked up by name; keeps the style selection. Remembers the
    /// choice. A theme that does not load, or lacks a key something is bound to, changes nothing
    /// and is not remembered.
    public func switchTheme(to name: String) throws(Failure) {
        let report = Self.theme(named: name, supplied: state.withLock { $0.supplied }, loader: loader)
        guard let theme = report.theme else { throw .themeDoesNotLoad(name, report.diagnostics) }
        let lacking = missingRequiredKeys(in: theme)
        guard lacking.isEmpty else { throw .themeDoesNotLoad(name, lacking) }
        install(theme, switchingTo: name)
        remember()
    }

    /// Makes a style current as a fixed choice, and remembers it.
    public func setStyle(_ style: ThemeStyle) throws(Failure) {
        let styles = state.withLock { $0.theme.styles }
        guard styles.contains(style) else { throw .unknownStyle(style, available: styles) }
        setSelection(.fixed(style))
    }

    /// Lets the style follow the system's traits from now on, and remembers it.
    public func followSystem() {
        setSelection(.followsSystem)
    }

    /// Sets how the style is chosen and remembers it. A fixed style the theme lacks reads as its
    /// fallback style.
    public func setSelection(_ selection: StyleSelection) {
        updateStyle { $0.selection = selection }
        remember()
    }

    /// Tells the manager what the system reports now: the adapters call this when the trait
    /// collection, appearance or environment changes. While the selection follows the system,
    /// the style changes with it; bindings are re-applied either way (a new scale or text size
    /// changes images and fonts).
    public func updateSystemTraits(_ traits: SystemTraits) {
        updateStyle { $0.traits = traits }
    }

    /// Applies a change of the selection or traits and tells everyone what it changed.
    private func updateStyle(_ change: (inout State) -> Void) {
        let (old, new, changed) = state.withLock { state -> (ThemeStyle, ThemeStyle, Bool) in
            let before = (effectiveStyle(state), state.selection, state.traits)
            change(&state)
            let after = effectiveStyle(state)
            return (before.0, after, before.1 != state.selection || before.2 != state.traits || before.0 != after)
        }
        guard changed else { return }
        registrar.withMutation(of: self, keyPath: \.style) {}
        if old != new { publish(.styleChanged(new)) }
        applyBindings()
    }

    /// Replaces the theme and tells everyone: a switch to the theme named `name`, or (with
    /// `reloadOf`, the switch count the reload was watched under) a good reload of the current
    /// one, dropped if a switch came in between. The check and the replacement are one step.
    private func install(_ theme: Theme, switchingTo name: String? = nil, reloadOf switches: Int? = nil) {
        let installed = state.withLock { state -> (old: Theme, oldStyle: ThemeStyle, newStyle: ThemeStyle)? in
            if let switches, switches != state.switches { return nil }
            let old = state.theme, oldStyle = effectiveStyle(state)
            state.theme = theme
            if let name {
                state.themeName = name
                state.switches += 1
            }
            return (old, oldStyle, effectiveStyle(state))
        }
        guard let (old, oldStyle, newStyle) = installed else { return }
        registrar.withMutation(of: self, keyPath: \.theme) {}
        registrar.withMutation(of: self, keyPath: \.themeName) {}
        publish(.themeChanged(theme, ThemeChange.between(old, theme)))
        if oldStyle != newStyle {
            registrar.withMutation(of: self, keyPath: \.style) {}
            publish(.styleChanged(newStyle))
        }
        applyBindings()
    }

    private func remember() {
        guard let userID, let store else { return }
        let (name, selection) = state.withLock { ($0.themeName, $0.selection) }
        let preference = switch selection {
        case .fixed(let style): ThemePreference(themeName: name, style: style)
        case .followsSystem: ThemePreference(themeName: name, followsSystem: true)
        }
        do {
            try store.setPreference(preference, for: userID)
        } catch {
            publish(.preferenceNotSaved("\(error)"))
        }
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

    // MARK: - Themes from a feed

    /// The theme named `name`: the supplied one if there is one, else the loader's, with the
    /// loader's diagnostics when it does not load.
    private static func theme(named name: String, supplied: [String: Theme], loader: ThemeLoader) -> (theme: Theme?, diagnostics: [Diagnostic]) {
        if let theme = supplied[name] { return (theme, []) }
        let report = loader.report(for: .named(name))
        return (report.theme, report.diagnostics)
    }

    /// Replaces the themes that come from elsewhere than the loader (a remote source), by name.
    /// They can be switched to like the loader's, and a name in both means the supplied theme.
    /// When the current theme is among them and differs, it is applied like a good hot reload:
    /// ``Event/themeChanged(_:_:)`` with the changes, bindings re-applied; unless it lacks a key
    /// something is bound to, which is published as ``Event/reloadFailed(_:)`` and not applied.
    /// A current theme that is no longer supplied stays current.
    public func supply(_ themes: [String: Theme]) {
        let (name, switches, current) = state.withLock { state in
            state.supplied = themes
            return (state.themeName, state.switches, state.theme)
        }
        guard let theme = themes[name], !ThemeChange.between(current, theme).isEmpty else { return }
        // The same step as a good hot reload: refused if a required key is missing, dropped if
        // a switch came in between.
        apply(.reloaded(theme, []), switches: switches)
    }

    /// The names of the themes supplied by ``supply(_:)`` or a followed feed.
    public var suppliedThemeNames: [String] {
        state.withLock { $0.supplied.keys.sorted() }
    }

    /// Follows a feed until the task is cancelled: every set of themes it reports is
    /// ``supply(_:)``'d, every failure is published as ``Event/reloadFailed(_:)`` and changes
    /// nothing.
    public func follow(_ feed: some ThemeFeed) async {
        for await event in feed.events() {
            switch event {
            case .themes(let themes): supply(themes)
            case .failed(let diagnostics): publish(.reloadFailed(diagnostics))
            }
        }
    }

    // MARK: - Hot reload

    /// Watches the current theme's files and applies every good reload until the task is
    /// cancelled; a failed reload is published as ``Event/reloadFailed(_:)`` and the theme stays.
    /// After a theme switch it watches the new theme. The polling is a ``ThemeWatcher``'s, with
    /// its `interval`, `settleTime` and `clock`: one reload engine for the tool and the app.
    public func watch(interval: Duration = .milliseconds(500), settleTime: Duration = ThemeWatcher.defaultSettleTime,
                      clock: any Clock<Duration> = ContinuousClock()) async {
        while !Task.isCancelled {
            let (name, switches, isSupplied) = state.withLock { ($0.themeName, $0.switches, $0.supplied[$0.themeName] != nil) }
            if isSupplied {
                // A supplied theme has no files here to watch: its feed updates it. Wait for
                // the next switch.
                await nextSwitch(after: switches)
                continue
            }
            let watcher = ThemeWatcher(loader: loader, source: .named(name), interval: interval, settleTime: settleTime, clock: clock)
            let reloads = await watcher.events()
            let polling = Task { await watcher.run() }
            // A theme switch ends this watcher (which ends its stream); the loop then watches the
            // new theme. A reload does not: the watcher goes on from the theme it reloaded.
            let managerEvents = events()
            let stopOnSwitch = Task { [weak self] in
                for await event in managerEvents {
                    guard case .themeChanged = event, self?.state.withLock({ $0.switches }) != switches else { continue }
                    polling.cancel()
                    return
                }
            }
            // A switch between reading the count and subscribing would otherwise go unseen.
            if state.withLock({ $0.switches }) != switches { polling.cancel() }
            await withTaskCancellationHandler {
                var isFirst = true
                for await event in reloads {
                    defer { isFirst = false }
                    switch event {
                    case .reloaded(let theme, let changes):
                        // The watcher starts with the theme as it loads now: a change written
                        // since this manager loaded it is applied, the same theme is not.
                        if isFirst, ThemeChange.between(self.theme, theme).isEmpty { continue }
                        apply(.reloaded(theme, changes), switches: switches)
                    case .failed(let diagnostics):
                        apply(.failed(diagnostics), switches: switches)
                    }
                }
            } onCancel: {
                polling.cancel()
            }
            stopOnSwitch.cancel()
            polling.cancel()
        }
    }

    /// Returns once a theme switch has happened since `switches` (or the task is cancelled).
    private func nextSwitch(after switches: Int) async {
        let changes = events()
        if state.withLock({ $0.switches }) != switches { return }
        for await event in changes {
            if case .themeChanged = event, state.withLock({ $0.switches }) != switches { return }
        }
    }

    /// Steps hot reload by hand: one poll of a controller (for tests and custom loops).
    func apply(_ outcome: ReloadOutcome, switches: Int) {
        switch outcome {
        case .reloaded(let theme, _):
            guard state.withLock({ $0.switches }) == switches else { return }  // switched meanwhile: a stale reload
            let lacking = missingRequiredKeys(in: theme)
            guard lacking.isEmpty else { return publish(.reloadFailed(lacking)) }
            install(theme, reloadOf: switches)
        case .failed(let diagnostics):
            publish(.reloadFailed(diagnostics))
        default:
            break
        }
    }

    /// A reload loop stepped by the caller: each call to the returned closure is one poll.
    /// Tests reach it as `makeReloadStepper()` from the ThemeloadTesting product.
    package func reloadStepper() -> @Sendable () -> ReloadOutcome {
        let (name, switches) = state.withLock { ($0.themeName, $0.switches) }
        let controller = Locked(ReloadController(loader: loader, source: .named(name)))
        return { [weak self] in
            let outcome = controller.withLock { $0.poll() }
            self?.apply(outcome, switches: switches)
            return outcome
        }
    }

    // MARK: - Keys that must stay

    /// Requires every theme this manager makes current from now on to have `key` in every style:
    /// a switch or reload to a theme without it is refused with a diagnostic. Bindings and live
    /// providers require their keys themselves.
    ///
    /// - Throws: ``ThemeLookupError`` when the current theme already lacks it.
    public func require<Value>(_ key: ThemeKey<Value>) throws(ThemeLookupError) {
        _ = try requireKey(key)
    }

    /// Checks a key against the current theme and adds one need for it; gives the name to
    /// release it by.
    private func requireKey<Value>(_ key: ThemeKey<Value>) throws(ThemeLookupError) -> String {
        let name = "\(key.kind) \(key.description)"
        let check: @Sendable (Theme) -> Diagnostic? = { theme in
            do throws(ThemeLookupError) { try theme.check(key); return nil } catch { return error.diagnostic }
        }
        let problem = state.withLock { state -> Diagnostic? in
            if let problem = check(state.theme) { return problem }
            state.required[name, default: RequiredKey(check: check, count: 0)].count += 1
            return nil
        }
        if let problem { throw ThemeLookupError(problem) }
        return name
    }

    private func releaseKey(_ name: String) {
        state.withLock { state in
            guard let need = state.required[name] else { return }
            if need.count <= 1 { state.required.removeValue(forKey: name) } else { state.required[name]?.count -= 1 }
        }
    }

    /// What a theme lacks of the keys required now, one diagnostic each, in key order.
    private func missingRequiredKeys(in theme: Theme) -> [Diagnostic] {
        let checks = state.withLock { $0.required.sorted { $0.key < $1.key }.map(\.value.check) }
        return checks.compactMap { $0(theme) }
    }

    // MARK: - Live providers

    /// A provider of a key that reads the current theme on every call, so it follows switches and
    /// reloads. The key is required from now on (see ``require(_:)``), so the provider cannot
    /// fail later.
    ///
    /// - Throws: ``ThemeLookupError`` when the current theme lacks the key.
    public func provider<Value>(_ key: ThemeKey<Value>) throws(ThemeLookupError) -> ThemeProvider<Value> {
        let fallback = try theme.provider(key)
        _ = try requireKey(key)
        return ThemeProvider { [weak self] style in
            guard let self else { return fallback(style) }
            let theme = self.state.withLock { $0.theme }
            return (try? theme.value(key, style: style)) ?? fallback(style)
        }
    }

    // MARK: - Bindings

    /// Binds a property of an object to a theme value: the value is written at once and again
    /// after every style switch, theme switch, good hot reload and change of the system's traits,
    /// until the object is released or the binding cancelled. The object is held weakly.
    ///
    /// ```swift
    /// try manager.bind(label, \.textColor, to: .color(level: "mainTitle")) { UIColor($0) }
    /// ```
    ///
    /// - Throws: ``ThemeLookupError`` when the current theme lacks the key; after that the key is
    ///   required, so the binding never fails.
    @MainActor @discardableResult
    public func bind<Object: AnyObject, Value, Target>(_ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Target>,
                                                      to key: ThemeKey<Value>,
                                                      _ transform: @escaping @MainActor (Value) -> Target) throws(ThemeLookupError) -> ThemeBinding {
        try bind(object, to: key) { object, value in object[keyPath: keyPath] = transform(value) }
    }

    /// Binds a property whose type is the theme value's own (a `ThemeColor`, a `Double`).
    @MainActor @discardableResult
    public func bind<Object: AnyObject, Value>(_ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>,
                                              to key: ThemeKey<Value>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(object, to: key) { object, value in object[keyPath: keyPath] = value }
    }

    /// Binds an object to a theme value through a closure, for what a key path cannot say
    /// (`button.setTitleColor(_:for:)`, a layer's `CGColor`).
    @MainActor @discardableResult
    public func bind<Object: AnyObject, Value>(_ object: Object, to key: ThemeKey<Value>,
                                              apply: @escaping @MainActor (Object, Value) -> Void) throws(ThemeLookupError) -> ThemeBinding {
        let name = try requireKey(key)
        let reader = CachedKeyReader(key)
        let write: @MainActor (AnyObject, Theme, ThemeStyle, SystemTraits) -> Void = { object, theme, style, traits in
            // The registry hands back the very object bound here, so the cast cannot fail.
            guard let value = reader.read(theme, style: style, traits: traits) else { return }
            apply(unsafeDowncast(object, to: Object.self), value)
        }
        let entry = BindingRegistry.Entry(object: object, apply: write, release: { [weak self] in self?.releaseKey(name) })
        bindings.add(entry)
        let (theme, style, traits) = readingState
        write(object, theme, style, traits)
        return ThemeBinding(registry: bindings, entry: entry)
    }

    /// The number of live bindings (objects released since the last change are counted until
    /// the next one drops them).
    @MainActor
    public var bindingCount: Int { bindings.count }

    /// Re-applies every binding on the main actor: at once when called there, else queued on
    /// the main queue, where it reads the state current when it runs.
    private func applyBindings() {
        let apply: @Sendable () -> Void = { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                let (theme, style, traits) = self.readingState
                self.bindings.applyAll(theme: theme, style: style, traits: traits)
            }
        }
        if MainQueue.isCurrent { apply() } else { DispatchQueue.main.async(execute: apply) }
    }
}

extension ThemeManager: Observable {}
