import Foundation
import Synchronization
import Testing
import ThemeloadTesting
import Themeload
import ThemeloadTestSupport
import ThemeloadYAML

/// Collects a watcher's events so tests can look at exactly what was published.
actor EventLog {
    private(set) var events: [ThemeWatcher.Event] = []
    func append(_ event: ThemeWatcher.Event) { events.append(event) }

    /// `reloaded:<normal textColor in light>` or `failed:<codes>`, one per event.
    var summary: [String] {
        events.map { event in
            switch event {
            case .reloaded(let theme, _): "reloaded:" + (lightTextColor(theme) ?? "-")
            case .failed(let diagnostics): "failed:" + diagnostics.map(\.code.rawValue).joined(separator: ",")
            }
        }
    }
}

/// Starts collecting a watcher's events; `drain` waits until the given count has arrived.
func record(_ watcher: ThemeWatcher) async -> (EventLog, Task<Void, Never>) {
    let log = EventLog()
    let stream = await watcher.events()
    let task = Task {
        for await event in stream { await log.append(event) }
    }
    return (log, task)
}

/// The light `normal` text color of a reload, or `nil` for any other outcome.
func reloadedColor(_ outcome: ReloadOutcome) -> String? {
    if case .reloaded(let theme, _) = outcome { lightTextColor(theme) } else { nil }
}

/// The light `normal` text color of a theme, which these tests change.
func lightTextColor(_ theme: Theme) -> String? {
    theme.level("normal", style: .light)?.textColor?.hex
}

/// Polls twice: the first poll sees a change, the second reads it once it has settled.
func pollSettled(_ watcher: ThemeWatcher) async -> ReloadOutcome {
    await watcher.poll()
    return await watcher.poll()
}

/// A clock whose sleeps return at once (time jumps to the deadline) and are recorded, so a test
/// can see how long a loop meant to wait.
final class RecordingClock: Clock, Sendable {
    private let state = Mutex((now: ContinuousClock.Instant.now, sleeps: [Duration]()))

    var now: ContinuousClock.Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .nanoseconds(1) }
    /// Every duration slept, in order.
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            state.sleeps.append(state.now.duration(to: deadline))
            state.now = deadline
        }
        await Task.yield()
    }

    func waitForSleeps(_ count: Int) async {
        while sleeps.count < count { await Task.yield() }
    }
}

func waitFor(_ log: EventLog, count: Int) async {
    while await log.events.count < count { await Task.yield() }
}

@Suite("Hot reload with an in-memory file system", .tags(.concurrency))
struct ThemeWatcherTests {
    let files = InMemoryFileSystem()
    var loader: ThemeLoader { ThemeLoader(registry: .standard, searchDirectories: ["/themes"], fileSystem: files) }

    func theme(_ color: String) -> String { "levels:\n  normal:\n    textColor: \"\(color)\"\n" }

    @Test("a quiet poll reads statuses only, never contents")
    func quiet() async {
        files.write("/themes/Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        let reads = files.readCount
        for _ in 0..<5 { guard case .unchanged = await watcher.poll() else { Issue.record("expected unchanged"); return } }
        #expect(files.readCount == reads)
        #expect(await watcher.watchedPaths.contains("/themes/Main.yaml"))
        #expect(await watcher.watchedPaths.contains("/themes/Main.theme/theme.yaml"))  // probed and missing
    }

    @Test("a change is read once it has settled for one more poll, and the changes are listed")
    func settles() async throws {
        files.write("/themes/Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        files.write("/themes/Main.yaml", theme("#222222"))
        guard case .settling = await watcher.poll() else { Issue.record("expected settling"); return }
        guard case .reloaded(let newTheme, let changes) = await watcher.poll() else { Issue.record("expected a reload"); return }
        #expect(newTheme.level("normal", style: .dark)?.textColor?.hex == "#222222FF")
        let light = changes.filter { $0.style == .light && $0.name == "normal" }
        #expect(light.count == 1)
        #expect(light.first?.path == "levels.normal.textColor")
        #expect(light.first?.old == .color(try #require(ThemeColor(hex: "#111111"))))
        #expect(light.first?.new == .color(try #require(ThemeColor(hex: "#222222"))))
        #expect(changes.count == 6)  // normal, mainTitle, subTitle in two styles
    }

    @Test("a file written in two halves with a poll between is never published half-written")
    func halves() async {
        files.write("/themes/Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        let (log, task) = await record(watcher)
        let full = theme("#333333")
        files.write("/themes/Main.yaml", String(full.prefix(full.count / 2)))
        #expect({ if case .settling = $0 { true } else { false } }(await watcher.poll()))
        files.write("/themes/Main.yaml", full)
        #expect({ if case .settling = $0 { true } else { false } }(await watcher.poll()))
        #expect({ if case .reloaded = $0 { true } else { false } }(await watcher.poll()))
        await waitFor(log, count: 2)
        #expect(await log.summary == ["reloaded:#111111FF", "reloaded:#333333FF"])
        task.cancel()
    }

    @Test("a file saved again while a reload reads it is reloaded at the next polls, not left a save behind")
    func savedDuringReload() async {
        files.write("/themes/Main.yaml", theme("#111111"))
        let saving = SavingAfterRead(files)
        let watcher = ThemeWatcher(loader: ThemeLoader(registry: .standard, searchDirectories: ["/themes"], fileSystem: saving), source: .named("Main"))
        files.write("/themes/Main.yaml", theme("#222222"))
        #expect({ if case .settling = $0 { true } else { false } }(await watcher.poll()))
        // The editor saves #333333 just after the reload has read #222222 (the settled poll reads
        // the file once to see whether its bytes changed, then the load reads it).
        saving.arm(path: "/themes/Main.yaml", with: theme("#333333"), afterReads: 2)
        #expect(reloadedColor(await watcher.poll()) == "#222222FF")
        #expect(reloadedColor(await pollSettled(watcher)) == "#333333FF")
        guard case .unchanged = await watcher.poll() else { Issue.record("expected unchanged"); return }
    }

    @Test("a touch that leaves the contents alone reloads nothing")
    func touch() async {
        files.write("/themes/Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        files.write("/themes/Main.yaml", theme("#111111"))
        #expect({ if case .settling = $0 { true } else { false } }(await watcher.poll()))
        #expect({ if case .sameContent = $0 { true } else { false } }(await watcher.poll()))
        #expect({ if case .unchanged = $0 { true } else { false } }(await watcher.poll()))
    }

    @Test("a broken file publishes diagnostics and keeps the last good theme; fixing it recovers")
    func breakAndFix() async {
        files.write("/themes/Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        let (log, task) = await record(watcher)
        files.write("/themes/Main.yaml", "levels:\n  normal:\n    textColor: \"#12345\"\n")
        await watcher.poll()
        guard case .failed(let diagnostics) = await watcher.poll() else { Issue.record("expected a failure"); return }
        #expect(diagnostics.first?.code == .invalidColor && diagnostics.first?.line == 3 && diagnostics.first?.column == 16)
        #expect(await watcher.theme.flatMap(lightTextColor) == "#111111FF")
        files.write("/themes/Main.yaml", theme("#444444"))
        await watcher.poll()
        await watcher.poll()
        await waitFor(log, count: 3)
        #expect(await log.summary == ["reloaded:#111111FF", "failed:invalid-color", "reloaded:#444444FF"])
        task.cancel()
    }

    @Test("a file deleted and created again: a failure, then a recovery")
    func deleteAndRecreate() async {
        files.write("/themes/Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        files.remove("/themes/Main.yaml")
        await watcher.poll()
        guard case .failed(let diagnostics) = await watcher.poll() else { Issue.record("expected a failure"); return }
        #expect(diagnostics.map(\.code) == [.themeNotFound])
        files.write("/themes/Main.yaml", theme("#555555"))
        #expect(reloadedColor(await pollSettled(watcher)) == "#555555FF")
    }

    @Test("an editor's save by rename over the file is seen")
    func renameOver() async {
        files.write("/themes/Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        files.write("/themes/.Main.yaml.swp", theme("#666666"))
        files.rename("/themes/.Main.yaml.swp", to: "/themes/Main.yaml")
        #expect(reloadedColor(await pollSettled(watcher)) == "#666666FF")
    }

    @Test("a change to a parent theme or an included file reloads the child")
    func parentsAndIncludes() async {
        files.write("/themes/Base.yaml", "palette: {ink: \"#111111\"}\n")
        files.write("/themes/Main.theme/theme.yaml", "extends: Base\ninclude: [levels.json]\n")
        files.write("/themes/Main.theme/levels.json", ##"{"levels": {"normal": {"textColor": "{palette.ink}"}}}"##)
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        files.write("/themes/Base.yaml", "palette: {ink: \"#777777\"}\n")
        #expect(reloadedColor(await pollSettled(watcher)) == "#777777FF")
        files.write("/themes/Main.theme/levels.json", ##"{"levels": {"normal": {"textColor": "#888888"}}}"##)
        #expect(reloadedColor(await pollSettled(watcher)) == "#888888FF")
    }

    @Test("a higher-priority manifest that appears takes over")
    func newManifest() async {
        let loader = ThemeLoader(registry: .standard, searchDirectories: ["/first", "/second"], fileSystem: files)
        files.write("/second/Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        files.write("/first/Main.json", ##"{"levels": {"normal": {"textColor": "#999999"}}}"##)
        #expect(reloadedColor(await pollSettled(watcher)) == "#999999FF")
    }

    @Test("an unreadable file is retried when it becomes readable again, with no edit in between")
    func permissionChange() async {
        files.write("/themes/Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        files.setPermissions("/themes/Main.yaml", 0o000)
        files.write("/themes/Main.yaml", theme("#222222"))
        await watcher.poll()
        guard case .failed(let diagnostics) = await watcher.poll() else { Issue.record("expected a failure"); return }
        #expect(diagnostics.map(\.code) == [.io])
        #expect(await watcher.theme.flatMap(lightTextColor) == "#111111FF")
        files.setPermissions("/themes/Main.yaml", 0o644)
        #expect(reloadedColor(await pollSettled(watcher)) == "#222222FF")
    }

    @Test("a theme that could not be read at all at launch loads once its file becomes readable")
    func failedLoadRetried() async {
        files.write("/themes/Main.yaml", theme("#111111"))
        files.setPermissions("/themes/Main.yaml", 0o200)
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        #expect(await watcher.theme == nil)
        files.setPermissions("/themes/Main.yaml", 0o600)
        #expect(reloadedColor(await pollSettled(watcher)) == "#111111FF")
    }

    @Test("while a change settles, run() waits the settle time before it reads; then the interval", arguments: [5, 80])
    func settleTime(milliseconds: Int) async {
        files.write("/themes/Main.yaml", theme("#111111"))
        let clock = RecordingClock()
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"), interval: .milliseconds(500),
                                   settleTime: .milliseconds(milliseconds), clock: clock)
        files.write("/themes/Main.yaml", theme("#222222"))
        let polling = Task { await watcher.run() }
        await clock.waitForSleeps(2)
        polling.cancel()
        await polling.value
        #expect(Array(clock.sleeps.prefix(2)) == [.milliseconds(milliseconds), .milliseconds(500)])
        #expect(await watcher.theme.flatMap(lightTextColor) == "#222222FF")
    }

    @Test("the event stream starts with the current state: diagnostics when the theme never loaded")
    func startsWithDiagnostics() async {
        files.write("/themes/Main.yaml", "levels: [\n")
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        let (log, task) = await record(watcher)
        await waitFor(log, count: 1)
        #expect(await log.summary == ["failed:syntax"])
        #expect(await watcher.theme == nil)
        task.cancel()
    }
}

@Suite("Hot reload on real files", .tags(.concurrency))
struct RealFileReloadTests {
    func theme(_ color: String) -> String { "levels:\n  normal:\n    textColor: \"\(color)\"\n" }

    @Test("save by writing a temporary file and renaming it over the old one")
    func atomicSave() async throws {
        let directory = TemporaryDirectory()
        try directory.write("Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]), source: .named("Main"))
        try Data(theme("#222222").utf8).write(to: directory.url.appendingPathComponent("Main.yaml"), options: .atomic)
        #expect(reloadedColor(await pollSettled(watcher)) == "#222222FF")
    }

    @Test("two halves with a poll between, delete and recreate, break and fix")
    func editorSequence() async throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]), source: .named("Main"))
        let full = theme("#333333")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(full.prefix(10).utf8))
        #expect({ if case .settling = $0 { true } else { false } }(await watcher.poll()))
        try handle.write(contentsOf: Data(full.dropFirst(10).utf8))
        try handle.close()
        #expect({ if case .settling = $0 { true } else { false } }(await watcher.poll()))
        #expect(reloadedColor(await watcher.poll()) == "#333333FF")

        try FileManager.default.removeItem(atPath: path)
        await watcher.poll()
        guard case .failed = await watcher.poll() else { Issue.record("expected a failure"); return }
        try directory.write("Main.yaml", "levels: {normal: {textColor: oops}}\n")
        await watcher.poll()
        guard case .failed(let diagnostics) = await watcher.poll() else { Issue.record("expected a failure"); return }
        #expect(diagnostics.map(\.code) == [.invalidColor])
        #expect(await watcher.theme.flatMap(lightTextColor) == "#333333FF")
        try directory.write("Main.yaml", theme("#444444"))
        #expect(reloadedColor(await pollSettled(watcher)) == "#444444FF")
    }

    @Test("a change of permissions alone is seen on disk (and, the contents being the same, reloads nothing)")
    func chmodOnDisk() async throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]), source: .named("Main"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect({ if case .settling = $0 { true } else { false } }(await watcher.poll()))
        #expect({ if case .sameContent = $0 { true } else { false } }(await watcher.poll()))
    }

    @Test("a parent, an included file and a new higher-priority manifest, on disk")
    func dependenciesOnDisk() async throws {
        let directory = TemporaryDirectory()
        try directory.write("second/Base.yaml", "palette: {ink: \"#111111\"}\n")
        try directory.write("second/Main.theme/theme.yaml", "extends: Base\ninclude: [part.yaml]\n")
        try directory.write("second/Main.theme/part.yaml", "levels: {normal: {textColor: \"{palette.ink}\"}}\n")
        let loader = ThemeLoader(registry: .standard, searchDirectories: [directory.path("first"), directory.path("second")])
        let watcher = ThemeWatcher(loader: loader, source: .named("Main"))
        try directory.write("second/Base.yaml", "palette: {ink: \"#222222\"}\n")
        #expect(reloadedColor(await pollSettled(watcher)) == "#222222FF")
        try directory.write("second/Main.theme/part.yaml", "levels: {normal: {textColor: \"#333333\"}}\n")
        #expect(reloadedColor(await pollSettled(watcher)) == "#333333FF")
        try directory.write("first/Main.json", ##"{"levels": {"normal": {"textColor": "#444444"}}}"##)
        #expect(reloadedColor(await pollSettled(watcher)) == "#444444FF")
    }

    @Test("an interval or settle time of zero or less is taken as the shortest wait, so polling never spins", arguments: [Duration.zero, .seconds(-1), .nanoseconds(1)])
    func shortestWait(_ given: Duration) {
        let watcher = ThemeWatcher(loader: ThemeLoader(registry: .builtIn, searchDirectories: [], fileSystem: InMemoryFileSystem()),
                                   source: .named("Main"), interval: given, settleTime: given)
        #expect(watcher.interval == ThemeWatcher.shortestWait && watcher.settleTime == .milliseconds(1))
        #expect(ThemeWatcher(loader: ThemeLoader(registry: .builtIn, searchDirectories: [], fileSystem: InMemoryFileSystem()),
                             source: .named("Main"), interval: .milliseconds(2)).interval == .milliseconds(2))
    }

    @Test("smoke test with the real clock: run() notices a change; cancelling ends the streams")
    func realClock() async throws {
        let directory = TemporaryDirectory()
        try directory.write("Main.yaml", theme("#111111"))
        let watcher = ThemeWatcher(loader: ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]),
                                   source: .named("Main"), interval: .milliseconds(20))
        let stream = await watcher.events()
        let polling = Task { await watcher.run() }
        try directory.write("Main.yaml", theme("#222222"))
        var seen: [String] = []
        for await event in stream {
            if case .reloaded(let theme, _) = event { seen.append(lightTextColor(theme) ?? "") }
            if seen.last == "#222222FF" { polling.cancel() }
        }
        #expect(seen == ["#111111FF", "#222222FF"])  // the stream ended because polling was cancelled
        await polling.value
    }
}

@Suite("Hot reload content check", .tags(.concurrency))
struct ReloadContentTests {
    @Test("an edit only near the end of a large file is a real change, not a touch")
    func editAtTheEnd() async {
        let files = InMemoryFileSystem()
        let padding = String(repeating: "# padding padding padding padding padding padding\n", count: 2_000)
        files.write("/themes/Main.yaml", "levels: {normal: {lines: 1}}\n" + padding + "# edit 0\n")
        let watcher = ThemeWatcher(loader: ThemeLoader(registry: .standard, searchDirectories: ["/themes"], fileSystem: files), source: .named("Main"))
        files.write("/themes/Main.yaml", "levels: {normal: {lines: 1}}\n" + padding + "# edit 1\n")
        #expect({ if case .settling = $0 { true } else { false } }(await watcher.poll()))
        #expect({ if case .reloaded = $0 { true } else { false } }(await watcher.poll()))
    }
}

/// A file system that writes a file once, right after a read of it has returned: an editor saving
/// again while a reload reads the file.
final class SavingAfterRead: FileSystem, Sendable {
    private let files: InMemoryFileSystem
    private let pending = Mutex<(path: String, text: String, reads: Int)?>(nil)

    init(_ files: InMemoryFileSystem) { self.files = files }

    /// Writes `text` to `path` right after the `afterReads`th read of it from now.
    func arm(path: String, with text: String, afterReads: Int = 1) { pending.withLock { $0 = (path, text, afterReads) } }

    func status(ofPath path: String) -> FileStatus? { files.status(ofPath: path) }

    func readFile(atPath path: String, maxSize: Int) throws(ThemeloadError) -> Data {
        let data = try files.readFile(atPath: path, maxSize: maxSize)
        let save = pending.withLock { pending -> String? in
            guard let armed = pending, armed.path == path else { return nil }
            guard armed.reads <= 1 else {
                pending?.reads -= 1
                return nil
            }
            pending = nil
            return armed.text
        }
        if let save { files.write(path, save) }
        return data
    }

    func resolvedPath(_ path: String) -> String? { files.resolvedPath(path) }
}
