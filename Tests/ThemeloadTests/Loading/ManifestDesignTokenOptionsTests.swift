import Foundation
import Testing
import Themeload
import ThemeloadTestSupport
import ThemeloadTesting

/// A manifest's `designTokens:` (docs/SPEC.md section 11, "A theme's own design-token
/// options"): what a theme states of its tokens holds whatever loads it. The fixtures
/// `manifest-rem-size*`, `manifest-modifier-contexts*` and `manifest-design-tokens-*` check the
/// values and the diagnostics; these check what only several loads show.
@Suite("A theme's own design-token options")
struct ManifestDesignTokenOptionsTests {
    /// The fixture's resolver: a `density` modifier whose `space.row` is 12 points regular and 8
    /// compact, a `brand` whose `accent` is #0055FF main and #FF5500 partner.
    static let resolver = FixtureSuiteTests.root.appendingPathComponent("manifest-modifier-contexts/Main.resolver.json")

    static func workspace() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        try directory.write("Themes/Main.resolver.json", try Data(contentsOf: resolver))
        try directory.write("Themes/Regular.yaml", "extends: Main\nlevels: {normal: {textColor: \"{palette.ink}\"}}\n")
        try directory.write("Themes/Compact.yaml", """
            extends: Main
            designTokens: {modifierContexts: {density: compact, brand: partner}, remSize: 10}
            metrics: {gutter: 2rem}
            levels: {normal: {textColor: "{palette.ink}"}}
            """)
        return directory
    }

    @Test("one loader loads two themes of one resolver, each with the contexts its manifest chooses, and their compiled files keep them")
    func twoThemesOfOneResolver() throws {
        let directory = try Self.workspace()
        let loader = ThemeLoader(registry: .standard, searchDirectories: [directory.path("Themes")])
        let regular = try loader.load(named: "Regular").theme
        let compact = try loader.load(named: "Compact").theme
        for style in [ThemeStyle.light, .dark] {
            #expect(regular.resolved(style).metrics["space.row"]?.number == 12)
            #expect(regular.resolved(style).palette["accent"]?.hex == "#0055FFFF")
            #expect(compact.resolved(style).metrics["space.row"]?.number == 8)
            #expect(compact.resolved(style).palette["accent"]?.hex == "#FF5500FF")
            #expect(compact.resolved(style).metrics["gutter"]?.number == 20)
        }
        // What the build plugin ships: the compiled files are the same themes, the stated rem
        // kept for typed reads of custom data.
        for theme in [regular, compact] {
            let path = directory.path("Build/\(theme.name).themec")
            try CompiledTheme.write(theme, toPath: path)
            let loaded = try ThemeLoader().load(atPath: path).theme
            #expect(loaded.canonicalJSON() == theme.canonicalJSON())
            #expect(ThemeRoundTrip.compiledDifferences(theme) == [])
        }
        let compiled = try Data(contentsOf: URL(fileURLWithPath: directory.path("Build/Compact.themec")))
        #expect(compiled[8] == 6, "a rem other than 16 is kept (format 6)")
    }

    @Test("the loader's options hold where no manifest states one, and a manifest's win where it does")
    func loaderOptionsFillTheRest() throws {
        let directory = try Self.workspace()
        var loader = ThemeLoader(registry: .standard, searchDirectories: [directory.path("Themes")])
        loader.designTokens.modifierContexts = ["density": "compact", "brand": "main"]
        loader.designTokens.remSize = 20
        let regular = try loader.load(named: "Regular").theme
        #expect(regular.resolved(.light).metrics["space.row"]?.number == 8)
        #expect(regular.resolved(.light).palette["accent"]?.hex == "#0055FFFF")
        let compact = try loader.load(named: "Compact")
        #expect(compact.theme.resolved(.light).palette["accent"]?.hex == "#FF5500FF")
        #expect(compact.theme.resolved(.light).metrics["gutter"]?.number == 20, "the manifest's rem of 10, not the loader's 20")
        #expect(compact.warnings.isEmpty)
    }

    @Test("a changed statement is read by the next load: the manifest is a dependency, so a hot reload sees it")
    func changedStatementReloads() throws {
        let directory = try Self.workspace()
        let loader = ThemeLoader(registry: .standard, searchDirectories: [directory.path("Themes")])
        let before = try loader.load(named: "Compact")
        #expect(before.dependencies.files.contains(directory.path("Themes/Compact.yaml")))
        try directory.write("Themes/Compact.yaml", """
            extends: Main
            designTokens: {modifierContexts: {density: regular}}
            metrics: {gutter: 2rem}
            levels: {normal: {textColor: "{palette.ink}"}}
            """)
        let after = try loader.load(named: "Compact").theme
        #expect(after.resolved(.dark).metrics["space.row"]?.number == 12)
        #expect(after.resolved(.dark).metrics["gutter"]?.number == 32)
        #expect(after.resolved(.dark).palette["accent"]?.hex == "#0055FFFF")
    }
}
