import Foundation
import Testing
import Themeload
import ThemeloadTesting
import ThemeloadTestSupport
import ThemeloadYAML

/// A Tokens Studio folder (the plugin's multi-file sync) as a theme source: how it is found, what
/// a load of it depends on, and hot reload. Its values and diagnostics are fixture cases
/// (`tokens-studio-folder*`).
@Suite("Tokens Studio folders")
struct TokensStudioFolderTests {
    let files = InMemoryFileSystem()
    var loader: ThemeLoader { ThemeLoader(registry: .standard, searchDirectories: ["/themes"], fileSystem: files) }

    /// A folder `/themes/Brand` with two modes; `semantic/light.json` gives `accent` in light.
    func writeBrand(themes: Bool = true) {
        files.write("/themes/Brand/$metadata.json", #"{"tokenSetOrder": ["core", "semantic/light", "semantic/dark"]}"#)
        if themes {
            files.write("/themes/Brand/$themes.json", """
                [{"name": "light", "selectedTokenSets": {"core": "source", "semantic/light": "enabled"}},
                 {"name": "dark", "selectedTokenSets": {"core": "source", "semantic/dark": "enabled"}}]
                """)
        }
        files.write("/themes/Brand/core.json", ##"{"blue": {"500": {"value": "#2563EB", "type": "color"}, "300": {"value": "#93C5FD", "type": "color"}}}"##)
        files.write("/themes/Brand/semantic/light.json", ##"{"accent": {"value": "{blue.500}", "type": "color"}}"##)
        files.write("/themes/Brand/semantic/dark.json", ##"{"accent": {"value": "{blue.300}", "type": "color"}}"##)
    }

    @Test("a folder loads the same by name, by its path and by the path of either file that makes it one")
    func foundEveryWay() throws {
        writeBrand()
        let sources: [ThemeLoader.Source] = [.named("Brand"), .path("/themes/Brand"), .path("/themes/Brand/"),
                                             .path("/themes/Brand/$metadata.json"), .path("/themes/Brand/$themes.json")]
        let themes = try sources.map { try loader.load($0).theme }
        for theme in themes {
            #expect(theme.name == "Brand")
            #expect(theme.styles == [.light, .dark])
            #expect(theme.resolved(.light).palette["accent"]?.hex == "#2563EBFF")
            #expect(theme.resolved(.dark).palette["accent"]?.hex == "#93C5FDFF")
            #expect(theme.canonicalJSON() == themes[0].canonicalJSON())
        }
    }

    @Test("a load depends on every file of the folder it read, and watches for the folder's files that are not there")
    func dependencies() throws {
        writeBrand(themes: false)
        let loaded = try loader.load(.named("Brand"))
        #expect(loaded.dependencies.files.isSuperset(of: ["/themes/Brand/$metadata.json", "/themes/Brand/core.json",
                                                          "/themes/Brand/semantic/light.json", "/themes/Brand/semantic/dark.json"]))
        #expect(loaded.dependencies.missing.contains("/themes/Brand/$themes.json"))
        // A theme looked for by name watches for a folder of its name that is not there yet.
        files.write("/themes/Main.yaml", "levels: {normal: {textColor: \"#000000\"}}\n")
        let main = try loader.load(.named("Main"))
        #expect(main.dependencies.missing.isSuperset(of: ["/themes/Main/$metadata.json", "/themes/Main/$themes.json"]))
    }

    @Test("a folder beside a theme of the same name is ambiguous; a folder without either file is no theme")
    func ambiguousAndNotAFolder() {
        writeBrand()
        files.write("/themes/Brand.yaml", "levels: {normal: {textColor: \"#000000\"}}\n")
        let ambiguous = loader.report(for: .named("Brand"))
        #expect(ambiguous.errors.map(\.code) == [.ambiguousBundle])
        #expect(ambiguous.errors.first?.message.contains("/themes/Brand/$metadata.json") == true)

        files.write("/themes/Plain/notes.json", "{}")
        #expect(loader.report(for: .named("Plain")).errors.map(\.code) == [.themeNotFound])
        let byPath = loader.report(for: .path("/themes/Plain"))
        #expect(byPath.errors.map(\.code) == [.themeNotFound])
        #expect(byPath.errors.first?.message.contains("nor is it a Tokens Studio folder ($metadata.json or $themes.json)") == true)
    }

    @Test("a folder included through both of its files is included once; the second is duplicate-key")
    func includedOnce() throws {
        files.write("/themes/Main.theme/theme.yaml", "include: [tokens/$metadata.json, tokens/$themes.json]\nlevels: {normal: {textColor: \"{palette.ink}\"}}\n")
        files.write("/themes/Main.theme/tokens/$metadata.json", #"{"tokenSetOrder": ["base"]}"#)
        files.write("/themes/Main.theme/tokens/$themes.json", "[]")
        files.write("/themes/Main.theme/tokens/base.json", ##"{"ink": {"value": "#112233", "type": "color"}}"##)
        let report = loader.report(for: .named("Main"))
        #expect(report.errors.map(\.code) == [.duplicateKey])
        #expect(report.errors.first?.message == "the Tokens Studio folder of \"tokens/$themes.json\" is already included, as include[0]; include each file once")
        #expect(report.errors.first?.keyPath?.description == "include[1]")
        // Named once, it is one partial: an empty $themes.json gives no themes.
        files.write("/themes/Main.theme/theme.yaml", "include: [tokens/$themes.json]\nlevels: {normal: {textColor: \"{palette.ink}\"}}\n")
        let theme = try loader.load(.named("Main")).theme
        #expect(theme.resolved(.light).palette["ink"]?.hex == "#112233FF")
    }

    @Test("hot reload follows a set file of the folder, and a broken one keeps the last good theme")
    func hotReload() async {
        writeBrand()
        let watcher = ThemeWatcher(loader: loader, source: .path("/themes/Brand"))
        #expect(await watcher.theme?.resolved(.light).palette["accent"]?.hex == "#2563EBFF")

        files.write("/themes/Brand/semantic/light.json", ##"{"accent": {"value": "#FF0000", "type": "color"}}"##)
        guard case .settling = await watcher.poll() else { Issue.record("expected settling"); return }
        guard case .reloaded(let changed, _) = await watcher.poll() else { Issue.record("expected a reload"); return }
        #expect(changed.resolved(.light).palette["accent"]?.hex == "#FF0000FF")

        files.write("/themes/Brand/semantic/light.json", ##"{"accent": {"value": "{blue.900}", "type": "color"}}"##)
        guard case .settling = await watcher.poll() else { Issue.record("expected settling"); return }
        guard case .failed(let diagnostics) = await watcher.poll() else { Issue.record("expected a failure"); return }
        #expect(diagnostics.contains { $0.code == .unknownReference && $0.file == "/themes/Brand/semantic/light.json" })
        #expect(await watcher.theme?.resolved(.light).palette["accent"]?.hex == "#FF0000FF")
    }
}
