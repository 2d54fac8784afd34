import Foundation
import Testing
import Themeload
import ThemeloadTestSupport
import ThemeloadYAML

@Suite("System traits to styles", .tags(.concurrency))
struct StyleMappingTests {
    static let everyStyle: [ThemeStyle] = [.light, .dark, "lightHighContrast", "darkHighContrast"]

    @Test("the standard mapping", arguments: [
        (everyStyle, SystemTraits.Appearance.light, SystemTraits.Contrast.normal, "light"),
        (everyStyle, .dark, .normal, "dark"),
        (everyStyle, .light, .high, "lightHighContrast"),
        (everyStyle, .dark, .high, "darkHighContrast"),
        ([.light, .dark], .dark, .high, "dark"),                 // no high-contrast style: dark
        ([.light, .dark], .light, .high, "light"),
        ([.light, .dark, "darkHighContrast"], .light, .high, "light"),
        (["pink"], .dark, .high, "pink"),                        // neither: the fallback style
        (["paper", .dark], .light, .normal, "paper"),
        (["paper", .dark], .dark, .normal, "dark"),
        // Names as token files spell their modes and contexts: Figma's modes,
        (["Light", "Dark"], .dark, .normal, "Dark"),
        (["Light", "Dark"], .dark, .high, "Dark"),
        // the DTCG examples' Primer set and GitHub Primer's own themes,
        (["light", "light-hc", "dark", "dark-hc"], .dark, .high, "dark-hc"),
        (["light", "light-hc", "dark", "dark-hc"], .light, .high, "light-hc"),
        (["light", "light-hc", "dark", "dark-hc"], .dark, .normal, "dark"),
        (["light", "dark", "dark-dimmed", "dark-high-contrast"], .dark, .high, "dark-high-contrast"),
        (["light", "dark", "dark-dimmed", "dark-high-contrast"], .light, .high, "light"),
        // the Apple HIG set's increased-contrast colors, and words with spaces.
        (["light", "light_ax", "dark", "dark_ax"], .light, .high, "light_ax"),
        (["Light", "Light High Contrast"], .light, .high, "Light High Contrast"),
        // The name itself comes before another spelling of it, and a spelling of a preferred
        // name before the next name.
        (["dark-hc", "darkHighContrast"], .dark, .high, "darkHighContrast"),
        (["dark", "DARK-HC"], .dark, .high, "DARK-HC"),
        // A word that only ends as one does is no other spelling.
        (["paper", "darkish", "max"], .dark, .high, "paper"),
    ] as [([ThemeStyle], SystemTraits.Appearance, SystemTraits.Contrast, String)])
    func standard(styles: [ThemeStyle], appearance: SystemTraits.Appearance, contrast: SystemTraits.Contrast, expected: String) {
        let traits = SystemTraits(appearance: appearance, contrast: contrast)
        #expect(StyleMapping.standard.style(for: traits, among: styles) == ThemeStyle(expected))
    }

    let files = AppearanceFixture.files()
    var loader: ThemeLoader { AppearanceFixture.loader(files) }

    @Test("a manager follows the system by default, and a fixed choice wins over the traits")
    func selection() throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Main")
        #expect(manager.selection == .followsSystem && manager.style == .light)
        manager.updateSystemTraits(SystemTraits(appearance: .dark, contrast: .high))
        #expect(manager.style == "darkHighContrast")
        #expect(try manager.value(.palette("ink")).hex == "#FFFFFFFF")
        // What a dynamic color asks for each trait collection:
        #expect(try manager.value(.palette("ink"), for: SystemTraits(appearance: .light)).hex == "#111111FF")
        try manager.setStyle("pink")
        #expect(manager.selection == .fixed("pink") && manager.style == "pink")
        #expect(manager.style(for: SystemTraits(appearance: .dark)) == "pink")
        manager.followSystem()
        #expect(manager.style == "darkHighContrast")
    }

    @Test("an app can replace the mapping")
    func customMapping() throws {
        let mapping = StyleMapping { traits, _ in traits.appearance == .dark ? "pink" : .light }
        let manager = try ThemeManager(loader: loader, defaultTheme: "Main", styleMapping: mapping)
        manager.updateSystemTraits(SystemTraits(appearance: .dark))
        #expect(manager.style == "pink")
        let unknown = try ThemeManager(loader: loader, defaultTheme: "Main", styleMapping: StyleMapping { _, _ in "sepia" })
        #expect(unknown.style == .light)  // a style the theme lacks reads as its fallback style
    }

    @Test("the selection is remembered: fixed with its style, or following the system")
    func remembered() throws {
        let store = MemoryStore()
        let manager = try ThemeManager(loader: loader, defaultTheme: "Main", userID: "ann", store: store)
        try manager.setStyle("pink")
        #expect(store.preference(for: "ann") == ThemePreference(themeName: "Main", style: "pink"))
        manager.followSystem()
        #expect(store.preference(for: "ann") == ThemePreference(themeName: "Main", followsSystem: true))
        let restored = try ThemeManager(loader: loader, defaultTheme: "Main", userID: "ann", store: store, selection: .fixed(.dark))
        #expect(restored.selection == .followsSystem)
        // A preference stored before followsSystem existed reads as a fixed choice.
        let old = try JSONDecoder().decode(ThemePreference.self, from: Data(#"{"themeName":"Main","style":"dark"}"#.utf8))
        #expect(old.selection == .fixed(.dark))
    }

    @Test("style events: a trait change that changes the style publishes it once")
    func events() async throws {
        let manager = try ThemeManager(loader: loader, defaultTheme: "Main")
        let stream = manager.events()
        manager.updateSystemTraits(SystemTraits(appearance: .light, displayScale: 3))  // same style
        manager.updateSystemTraits(SystemTraits(appearance: .dark))
        var iterator = stream.makeAsyncIterator()
        guard case .styleChanged(let style)? = await iterator.next() else { Issue.record("expected a style change"); return }
        #expect(style == .dark)
    }

    @Test("image traits come from the system traits and a style")
    func imageTraits() {
        let traits = SystemTraits(appearance: .dark, displayScale: 3, idiom: .pad)
        #expect(traits.imageTraits(style: .dark) == Traits(style: .dark, scale: 3, idiom: .pad))
    }

    @Test("Dynamic Type sizes follow the HIG table", arguments: [
        (TextStyle.body, ContentSizeCategory.large, 17.0, 17.0),
        (.body, .extraSmall, 17, 14),
        (.body, .accessibilityMedium, 17, 28),
        (.largeTitle, .extraExtraExtraLarge, 34, 40),
        (.footnote, .small, 13, 12),
        (.caption2, .accessibilityExtraExtraExtraLarge, 22, 80),
    ])
    func dynamicType(style: TextStyle, category: ContentSizeCategory, size: Double, expected: Double) {
        #expect(ThemeFont(size: size).scaled(as: style, to: category).size == expected)
    }
}

@Suite("Images for the system's traits")
struct ImageTraitTests {
    @Test("a high-contrast style shows its fallback's artwork until it has its own")
    func fallbackArtwork() throws {
        let theme = try ThemeLoader.standard().load(named: "Default").theme
        let logo = try theme.provider(.image(named: "logo"))
        #expect(logo.image(for: Traits(style: "darkHighContrast", scale: 2))?.file == "logo-dark.png")
        #expect(logo.image(for: Traits(style: "lightHighContrast", scale: 2))?.file == "logo@2x.png")
    }

    @Test("UIImageAsset registrations: each appearance and contrast gets its style's variants")
    func registrations() throws {
        let manager = try ThemeManager(loader: .standard(), defaultTheme: "Default")
        let registrations = try manager.imageRegistrations(.image(named: "logo"))
        func files(_ appearance: SystemTraits.Appearance, _ contrast: SystemTraits.Contrast) -> [String] {
            registrations.filter { $0.appearance == appearance && $0.contrast == contrast }.map(\.variant.file)
        }
        #expect(files(.light, .normal) == ["logo.png", "logo@2x.png", "logo@3x.png"])  // scales 1, 2, 3
        #expect(files(.light, .high) == ["logo.png", "logo@2x.png", "logo@3x.png"])
        #expect(files(.dark, .normal) == ["logo-dark.png", "logo-dark.png", "logo-dark.png"])  // the styled one wins
        #expect(files(.dark, .high) == files(.dark, .normal))
        #expect(registrations.allSatisfy { $0.idiom == nil } && registrations.count == 12)
        // A fixed choice shows its style whatever the system's appearance.
        try manager.setStyle(.dark)
        let fixed = try manager.imageRegistrations(.image(named: "logo"))
        #expect(fixed.filter { $0.appearance == .light }.allSatisfy { $0.variant.file == "logo-dark.png" })
    }
}
