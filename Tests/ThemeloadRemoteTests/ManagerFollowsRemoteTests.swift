import Foundation
import Testing
import ThemeloadTesting
import Themeload
import ThemeloadRemote
import ThemeloadTestSupport

/// A ThemeManager following a RemoteThemeSource served by a real HTTP server: the app's view.
@Suite("ThemeManager following a remote source", .tags(.concurrency), .serialized)
struct ManagerFollowsRemoteTests {
    @Test("remote themes become switchable, updates apply with their changes, failures are events and change nothing")
    func follows() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let bundled = InMemoryFileSystem()
        bundled.write("/bundle/Base.json", ##"{"levels": {"normal": {"textColor": "#000000", "backgroundColor": "#FFFFFF"}}}"##)
        let loader = ThemeLoader(registry: .builtIn, searchDirectories: ["/bundle"], fileSystem: bundled)
        // Taken as the shortest interval, a second: a source never polls faster.
        let source = fixture.source(pollInterval: .zero)
        #expect(source.pollInterval == RemoteThemeSource.shortestPollInterval)
        // Nothing cached yet: the app starts on its bundled theme.
        let first = try ThemeManager(loader: loader, defaultTheme: "Base", selection: .fixed(.light), suppliedThemes: source.cachedThemes)
        #expect(first.themeName == "Base" && first.suppliedThemeNames.isEmpty)
        #expect(throws: ThemeManager.Failure.self) { try first.switchTheme(to: "Sunny") }
        // Once the source holds themes, an app that starts with them can switch to them at once.
        #expect(await source.update().succeeded)
        let manager = try ThemeManager(loader: loader, defaultTheme: "Base", selection: .fixed(.light), suppliedThemes: source.cachedThemes)
        let events = manager.events()
        let following = Task { await manager.follow(source) }
        defer { following.cancel() }
        try manager.switchTheme(to: "Sunny")
        let text = try manager.provider(.color(level: "normal"))
        #expect(text(.light).hex == "#112233FF")

        try fixture.publishSecondVersion()
        var iterator = events.makeAsyncIterator()
        guard case .themeChanged(let switched, _)? = await iterator.next() else { Issue.record("expected the switch"); return }
        #expect(switched.name == "Sunny")
        guard case .themeChanged(_, let changes)? = await iterator.next() else { Issue.record("expected the update"); return }
        #expect(changes.contains { $0.name == "normal" && $0.property == "textColor" })
        #expect(text(.light).hex == "#AA0000FF")

        fixture.server.setBehavior(.status(500), for: "index.json")
        try fixture.publish([RemoteFixture.theme("Sunny", textColor: "#0000AA")])
        guard case .reloadFailed(let diagnostics)? = await iterator.next() else { Issue.record("expected the failure"); return }
        #expect(diagnostics.map(\.code) == [.network])
        #expect(text(.light).hex == "#AA0000FF" && manager.themeName == "Sunny")

        // The next start begins with the cached themes, the stored choice holding.
        let restarted = try ThemeManager(loader: loader, defaultTheme: "Base", selection: .fixed(.light), suppliedThemes: fixture.source().cachedThemes)
        try restarted.switchTheme(to: "Night")
        #expect(try restarted.value(.color(level: "normal")).hex == "#445566FF")
    }
}
