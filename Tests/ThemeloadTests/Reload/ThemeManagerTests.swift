import Foundation
import Observation
import Synchronization
import Testing
import ThemeloadTesting
import Themeload
import ThemeloadTestSupport
import ThemeloadYAML

/// A store in memory, to watch what the manager remembers.
final class MemoryStore: ThemePreferenceStore {
    let saved = Mutex<[String: ThemePreference]>([:])
    init(_ initial: [String: ThemePreference] = [:]) { saved.withLock { $0 = initial } }
    func preference(for userID: String) -> ThemePreference? { saved.withLock { $0[userID] } }
    func setPreference(_ preference: ThemePreference, for userID: String) { saved.withLock { $0[userID] = preference } }
}

@Suite("ThemeManager", .tags(.concurrency))
struct ThemeManagerTests {
    let files = InMemoryFileSystem()
    var loader: ThemeLoader { ThemeLoader(registry: .standard, searchDirectories: ["/themes"], fileSystem: files) }

    init() {
        files.write("/themes/Light.yaml", "levels:\n  normal:\n    textColor: \"#111111\"\n    backgroundColor: \"#FFFFFF\"\n")
        files.write("/themes/Pinky.yaml", "styles: [light, dark, pink]\nlevels:\n  normal:\n    textColor: {pink: \"#550022\", default: \"#222222\"}\n    backgroundColor: \"#FFFFFF\"\n")
        files.write("/themes/Broken.yaml", "levels: {normal: {textColor: nope}}\n")
    }

    @Test("starts with the default theme and its fallback style")
    func defaults() throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light")
        #expect(manager.themeName == "Light" && manager.style == .light)
        #expect(manager.startupDiagnostics.isEmpty)
    }

    @Test("restores a user's stored theme and style")
    func restores() throws {
        let store = MemoryStore(["alice": ThemePreference(themeName: "Pinky", style: "pink")])
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light", userID: "alice", store: store)
        #expect(manager.themeName == "Pinky" && manager.style == "pink")
        #expect(try manager.value(.color(level: "normal")).hex == "#550022FF")
    }

    @Test("a stored theme that no longer loads is not restored: the default is used, and it says so")
    func storedBroken() throws {
        let store = MemoryStore(["bob": ThemePreference(themeName: "Broken", style: .dark)])
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light", userID: "bob", store: store)
        #expect(manager.themeName == "Light")
        #expect(manager.startupDiagnostics.first?.message.contains("\"Broken\" does not load") == true)
        #expect(manager.startupDiagnostics.contains { $0.code == .invalidColor })
    }

    @Test("switching to a theme that does not load changes nothing and stores nothing")
    func switchBroken() throws {
        let store = MemoryStore()
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light", userID: "carol", store: store)
        #expect(throws: ThemeManager.Failure.self) { try manager.switchTheme(to: "Broken") }
        #expect(manager.themeName == "Light")
        #expect(store.preference(for: "carol") == nil)
        try manager.switchTheme(to: "Pinky")
        try manager.setStyle("pink")
        #expect(store.preference(for: "carol") == ThemePreference(themeName: "Pinky", style: "pink"))
        #expect(throws: ThemeManager.Failure.self) { try manager.setStyle("sepia") }
        #expect(manager.style == "pink")
    }

    @Test("the default theme not loading is an error at start")
    func defaultBroken() {
        #expect(throws: ThemeManager.Failure.self) { _ = try ThemeManager(loader: loader, defaultTheme: "Broken") }
    }

    @Test("live providers follow theme switches, and the style falls back when the new theme lacks it")
    func liveProviders() throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Pinky")
        let text = try manager.provider(.color(level: "normal"))
        try manager.setStyle("pink")
        #expect(text(manager.style).hex == "#550022FF")
        try manager.switchTheme(to: "Light")
        #expect(manager.style == .light)  // Light has no pink
        #expect(text(manager.style).hex == "#111111FF")
        #expect(try manager.value(.color(level: "normal")).hex == "#111111FF")  // no style argument
    }

    @Test("a key the theme lacks is an error where it is asked for, with a suggestion; never black")
    func missingKeys() throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light")
        let property = #expect(throws: ThemeLookupError.self) { try manager.provider(.color(level: "normal", "borderColor")) }
        #expect(property?.diagnostic.code == .unknownKey)
        #expect(property?.description == #"error: the level "normal" of theme "Light" has no property "borderColor" at levels.normal.borderColor [unknown-key]"#)
        let level = #expect(throws: ThemeLookupError.self) { try manager.value(.color(level: "nromal")) }
        #expect(level?.description == #"error: the theme "Light" has no level "nromal"; did you mean "normal"? at levels.nromal.textColor [unknown-level]"#)
        let typed = #expect(throws: ThemeLookupError.self) { try manager.value(.font(level: "normal", "textColor")) }
        #expect(typed?.diagnostic.code == .type)
        #expect(typed?.diagnostic.message == #"levels.normal.textColor of theme "Light" is a color, not a font"#)
        let palette = #expect(throws: ThemeLookupError.self) { try manager.value(.palette("brand")) }
        #expect(palette?.diagnostic.message == #"the theme "Light" has no palette color "brand""#)
    }

    @Test("events tell theme and style changes, with the change list")
    func events() async throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light")
        let stream = manager.events()
        try manager.switchTheme(to: "Pinky")
        try manager.setStyle(.dark)
        var iterator = stream.makeAsyncIterator()
        guard case .themeChanged(let theme, let changes)? = await iterator.next() else { Issue.record("expected a theme change"); return }
        #expect(theme.name == "Pinky")
        #expect(changes.contains { $0.style == .light && $0.path == "levels.normal.textColor" })
        guard case .styleChanged(let style)? = await iterator.next() else { Issue.record("expected a style change"); return }
        #expect(style == .dark)
    }

    @Test("hot reload applies good reloads to live providers and reports bad ones")
    func reload() async throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light")
        let text = try manager.provider(.color(level: "normal"))
        let stream = manager.events()
        let step = manager.makeReloadStepper()
        files.write("/themes/Light.yaml", "levels:\n  normal:\n    textColor: \"#123456\"\n    backgroundColor: \"#FFFFFF\"\n")
        _ = step()
        _ = step()
        #expect(text(.light).hex == "#123456FF")
        files.write("/themes/Light.yaml", "levels: {normal: {textColor: \"#12\"}}\n")
        _ = step()
        _ = step()
        #expect(text(.light).hex == "#123456FF")  // the last good theme stays
        var iterator = stream.makeAsyncIterator()
        guard case .themeChanged? = await iterator.next() else { Issue.record("expected a theme change"); return }
        guard case .reloadFailed(let diagnostics)? = await iterator.next() else { Issue.record("expected a failure"); return }
        #expect(diagnostics.map(\.code) == [.invalidColor])
    }

    /// A theme loaded from YAML text, as a feed would supply it.
    func suppliedTheme(_ name: String, _ yaml: String) throws -> Theme {
        files.write("/supplied/\(name).yaml", yaml)
        return try ThemeLoader(registry: .standard, searchDirectories: ["/supplied"], fileSystem: files).load(named: name).theme
    }

    @Test("supplied themes switch by name, win over the loader's, and a new version of the current one applies like a reload")
    func suppliedThemes() async throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light", selection: .fixed(.light))
        let stream = manager.events()
        let holiday = try suppliedTheme("Holiday", "levels:\n  normal:\n    textColor: \"#AA0000\"\n    backgroundColor: \"#FFFFFF\"\n")
        manager.supply(["Holiday": holiday])
        #expect(manager.suppliedThemeNames == ["Holiday"])
        try manager.switchTheme(to: "Holiday")
        let text = try manager.provider(.color(level: "normal"))
        #expect(text(.light).hex == "#AA0000FF")
        let newer = try suppliedTheme("Holiday", "levels:\n  normal:\n    textColor: \"#00AA00\"\n    backgroundColor: \"#FFFFFF\"\n")
        manager.supply(["Holiday": newer])
        #expect(text(.light).hex == "#00AA00FF" && manager.themeName == "Holiday")
        // A version without a key something depends on is refused, and the current theme stays.
        try manager.require(.color(level: "normal", "backgroundColor"))
        let lacking = try suppliedTheme("Holiday", "levels:\n  normal:\n    textColor: \"#0000AA\"\n")
        manager.supply(["Holiday": lacking])
        #expect(text(.light).hex == "#00AA00FF")
        // The same theme supplied again is no change at all.
        manager.supply(["Holiday": newer])
        // A supplied name wins over the loader's theme of that name.
        manager.supply(["Light": newer])
        try manager.switchTheme(to: "Light")
        #expect(text(.light).hex == "#00AA00FF")

        var iterator = stream.makeAsyncIterator()
        guard case .themeChanged(let first, _)? = await iterator.next() else { Issue.record("expected the switch"); return }
        #expect(first.name == "Holiday")
        guard case .themeChanged(_, let changes)? = await iterator.next() else { Issue.record("expected the new version"); return }
        // textColor of the three fixed levels (mainTitle and subTitle inherit it) in both styles.
        #expect(changes.count == 6 && changes.allSatisfy { $0.property == "textColor" })
        #expect(Set(changes.map(\.name)) == ["normal", "mainTitle", "subTitle"])
        guard case .reloadFailed(let diagnostics)? = await iterator.next() else { Issue.record("expected the refusal"); return }
        #expect(diagnostics.first?.message.contains("backgroundColor") == true)
        guard case .themeChanged? = await iterator.next() else { Issue.record("expected the switch to Light"); return }
    }

    /// A feed that reports what a test sends it.
    struct ScriptedFeed: ThemeFeed {
        let stream: AsyncStream<ThemeFeedEvent>
        func events() -> AsyncStream<ThemeFeedEvent> { stream }
    }

    @Test("follow() supplies each set of themes a feed reports and publishes its failures without applying them")
    func followsFeed() async throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light", selection: .fixed(.light))
        let (stream, feed) = AsyncStream.makeStream(of: ThemeFeedEvent.self)
        let holiday = try suppliedTheme("Holiday", "levels:\n  normal:\n    textColor: \"#AA0000\"\n    backgroundColor: \"#FFFFFF\"\n")
        let events = manager.events()
        feed.yield(.themes(["Holiday": holiday]))
        feed.yield(.failed([Diagnostic(.network, "could not fetch")]))
        feed.finish()
        await manager.follow(ScriptedFeed(stream: stream))
        #expect(manager.suppliedThemeNames == ["Holiday"])
        var iterator = events.makeAsyncIterator()
        guard case .reloadFailed(let diagnostics)? = await iterator.next() else { Issue.record("expected the failure"); return }
        #expect(diagnostics.map(\.code) == [.network])
        #expect(manager.themeName == "Light")
    }

    @Test("a stored choice of a supplied theme holds from the start")
    func storedSuppliedTheme() throws {
        let holiday = try suppliedTheme("Holiday", "levels:\n  normal:\n    textColor: \"#AA0000\"\n    backgroundColor: \"#FFFFFF\"\n")
        let store = MemoryStore(["dana": ThemePreference(themeName: "Holiday", style: .light)])
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light", userID: "dana", store: store, suppliedThemes: ["Holiday": holiday])
        #expect(manager.themeName == "Holiday" && manager.startupDiagnostics.isEmpty)
        let without = try ThemeManager(loader: loader, defaultTheme: "Light", userID: "dana", store: store)
        #expect(without.themeName == "Light")
    }

    @Test("watch() applies reloads through a ThemeWatcher, follows a theme switch, and stops when cancelled")
    func watchLoop() async throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light", selection: .fixed(.light))
        let stream = manager.events()
        let watching = Task { await manager.watch(interval: .milliseconds(10), settleTime: .milliseconds(5)) }
        var iterator = stream.makeAsyncIterator()
        // Whether this lands before the watcher's first load or after, it is applied.
        files.write("/themes/Light.yaml", "levels:\n  normal:\n    textColor: \"#123456\"\n    backgroundColor: \"#FFFFFF\"\n")
        guard case .themeChanged(let reloaded, let changes)? = await iterator.next() else { Issue.record("expected a reload"); return }
        #expect(reloaded.name == "Light" && changes.contains { $0.path == "levels.normal.textColor" })
        #expect(try manager.value(.color(level: "normal")).hex == "#123456FF")

        try manager.switchTheme(to: "Pinky")
        guard case .themeChanged(let switched, _)? = await iterator.next(), switched.name == "Pinky" else { Issue.record("expected the switch"); return }
        files.write("/themes/Pinky.yaml", "styles: [light, dark, pink]\nlevels:\n  normal:\n    textColor: \"#654321\"\n    backgroundColor: \"#FFFFFF\"\n")
        guard case .themeChanged(let pinky, _)? = await iterator.next() else { Issue.record("expected Pinky's reload"); return }
        #expect(pinky.name == "Pinky")
        #expect(try manager.value(.color(level: "normal")).hex == "#654321FF")
        watching.cancel()
        await watching.value  // returns: cancelling stops the watcher
    }

    @Test("one watch goes on across reloads: a second good reload applies, a reload after a switch does not")
    func reloadsInARow() throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Light", selection: .fixed(.light))
        let step = manager.makeReloadStepper()
        for color in ["#123456", "#654321"] {
            files.write("/themes/Light.yaml", "levels:\n  normal:\n    textColor: \"\(color)\"\n    backgroundColor: \"#FFFFFF\"\n")
            _ = step()
            _ = step()
            #expect(try manager.value(.color(level: "normal")).hex == color + "FF")
        }
        try manager.switchTheme(to: "Pinky")
        files.write("/themes/Light.yaml", "levels:\n  normal:\n    textColor: \"#ABCDEF\"\n    backgroundColor: \"#FFFFFF\"\n")
        _ = step()
        _ = step()
        #expect(manager.themeName == "Pinky")  // Light's reload is stale: dropped
    }

    @Test("Observation tells SwiftUI-style observers about style and theme changes")
    func observation() throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Pinky")
        let fired = Mutex(0)
        withObservationTracking { _ = manager.style } onChange: { fired.withLock { $0 += 1 } }
        try manager.setStyle(.dark)
        #expect(fired.withLock { $0 } == 1)
        withObservationTracking { _ = manager.theme } onChange: { fired.withLock { $0 += 1 } }
        try manager.switchTheme(to: "Light")
        #expect(fired.withLock { $0 } == 2)
    }

    @Test("readers on many threads always see one whole theme while themes switch")
    func concurrentReaders() async throws {
        // Two themes whose text and background agree with each other: a reader that saw half of
        // one and half of the other would find a mismatched pair.
        files.write("/themes/A.yaml", "levels: {normal: {textColor: \"#AAAAAA\", backgroundColor: \"#000000\"}}\n")
        files.write("/themes/B.yaml", "levels: {normal: {textColor: \"#BBBBBB\", backgroundColor: \"#FFFFFF\"}}\n")
        let manager = try ThemeManager(loader: loader, defaultTheme: "A")
        let mismatches = await withTaskGroup(of: Int.self) { group in
            group.addTask {
                for index in 0..<200 { try? manager.switchTheme(to: index.isMultiple(of: 2) ? "B" : "A") }
                return 0
            }
            for _ in 0..<4 {
                group.addTask {
                    var bad = 0
                    for _ in 0..<2_000 {
                        let level = manager.theme.level("normal", style: .light)
                        let pair = (level?.textColor?.hex, level?.backgroundColor?.hex)
                        if pair != ("#AAAAAAFF", "#000000FF") && pair != ("#BBBBBBFF", "#FFFFFFFF") { bad += 1 }
                    }
                    return bad
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}

@Suite("Preference stores", .tags(.concurrency))
struct PreferenceStoreTests {
    @Test("the JSON file store keeps each user's choice")
    func jsonFile() throws {
        let directory = TemporaryDirectory()
        let store = JSONFilePreferenceStore(url: directory.url.appendingPathComponent("prefs/themes.json"))
        #expect(store.preference(for: "a") == nil)
        try store.setPreference(ThemePreference(themeName: "Blossom", style: "pink"), for: "a")
        try store.setPreference(ThemePreference(themeName: "Default"), for: "b")
        let reopened = JSONFilePreferenceStore(url: directory.url.appendingPathComponent("prefs/themes.json"))
        #expect(reopened.preference(for: "a") == ThemePreference(themeName: "Blossom", style: "pink"))
        #expect(reopened.preference(for: "b") == ThemePreference(themeName: "Default"))
    }

    /// Reading the whole file failed on one entry it could not decode, and the next write then
    /// replaced the file with that one user's choice: every other user's was lost.
    @Test("the JSON file store writes other users' entries back as they were, even ones it cannot read; a file it cannot read is left alone")
    func jsonFileKeepsOthers() throws {
        let directory = TemporaryDirectory()
        let url = directory.url.appendingPathComponent("themes.json")
        let written = #"{"a": {"themeName": 5}, "b": {"themeName": "Default", "followsSystem": true}, "c": {"themeName": "Blossom", "style": "pink", "fromANewerApp": [1, "x"]}}"#
        try Data(written.utf8).write(to: url)
        let store = JSONFilePreferenceStore(url: url)
        #expect(store.preference(for: "a") == nil)
        #expect(store.preference(for: "b") == ThemePreference(themeName: "Default", followsSystem: true))
        #expect(store.preference(for: "c") == ThemePreference(themeName: "Blossom", style: "pink"))
        try store.setPreference(ThemePreference(themeName: "Night", style: .dark), for: "d")
        // Compared as JSON text with sorted keys, each entry apart.
        func entries(_ data: Data) throws -> [String: String] {
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try object.mapValues { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }
        }
        let after = try entries(Data(contentsOf: url))
        #expect(after.count == 4)
        for (user, entry) in try entries(Data(written.utf8)) { #expect(after[user] == entry, "\(user)") }
        #expect(store.preference(for: "d") == ThemePreference(themeName: "Night", style: .dark))

        try Data("not json {".utf8).write(to: url)
        #expect(throws: ThemeloadError.self) { try store.setPreference(ThemePreference(themeName: "Night"), for: "d") }
        #expect(try Data(contentsOf: url) == Data("not json {".utf8))
        #expect(store.preference(for: "d") == nil)
    }

    @Test("the UserDefaults store keeps each user's choice")
    func userDefaults() throws {
        let suite = "themeload-tests-\(UUID().uuidString)"
        let store = UserDefaultsPreferenceStore(suiteName: suite)
        try store.setPreference(ThemePreference(themeName: "Default", style: .dark), for: "u")
        #expect(UserDefaultsPreferenceStore(suiteName: suite).preference(for: "u") == ThemePreference(themeName: "Default", style: .dark))
        UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite)
    }

    @Test("a choice that cannot be written is reported, by the store and through the manager, and still applies")
    func writeFailure() async throws {
        let directory = TemporaryDirectory()
        let blocker = directory.url.appendingPathComponent("blocker")
        try Data("a file where the store wants a folder".utf8).write(to: blocker)
        let store = JSONFilePreferenceStore(url: blocker.appendingPathComponent("themes.json"))
        #expect(throws: (any Error).self) { try store.setPreference(ThemePreference(themeName: "Default"), for: "a") }

        let manager = try ThemeManager(loader: .standard(), defaultTheme: "Default", userID: "a", store: store)
        let stream = manager.events()
        try manager.setStyle(.dark)
        #expect(manager.style == .dark)
        var iterator = stream.makeAsyncIterator()
        guard case .styleChanged? = await iterator.next(), case .preferenceNotSaved(let reason)? = await iterator.next() else {
            Issue.record("expected the style change, then the failed save"); return
        }
        #expect(!reason.isEmpty)
    }
}
