import Foundation
import Testing
import Themeload
import ThemeloadTestSupport
import ThemeloadYAML

/// Loads a theme from YAML text written to a temporary bundle.
func loadTheme(_ yaml: String, files: [String: String] = [:]) throws -> (Theme, TemporaryDirectory) {
    let directory = TemporaryDirectory()
    try directory.write("Main.theme/theme.yaml", yaml)
    for (name, text) in files { try directory.write("Main.theme/\(name)", text) }
    let loaded = try ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]).load(named: "Main")
    return (loaded.theme, directory)
}

@Suite("Typed providers")
struct ProviderTests {
    static let yaml = """
        styles: [light, dark, pink]
        palette:
          primary: {light: "#0770E3", dark: "#6D9FEB", pink: "#C2185B"}
        fonts:
          body: {name: Georgia, size: 15}
        metrics:
          spacing: {light: 8, dark: 8, pink: 12}
        levels:
          normal:
            textColor: "{palette.primary}"
            backgroundColor: "#FFFFFF"
            font: "{fonts.body}"
            insets: 4
            lines: 2
          mainTitle:
            font: {size: 20, weight: bold}
        """

    @Test("a color provider gives each style's value, and the fallback for an undeclared style")
    func colorProvider() throws {
        let (theme, _) = try loadTheme(Self.yaml)
        let provider = try #require(theme.colorProvider(level: "mainTitle", property: "textColor"))
        #expect(provider(.light).hex == "#0770E3FF")
        #expect(provider(.dark).hex == "#6D9FEBFF")
        #expect(provider("pink").hex == "#C2185BFF")
        #expect(provider("sepia").hex == "#0770E3FF")
        #expect(theme.fallbackStyle == .light)
    }

    @Test("map transforms every style's value once")
    func mapping() throws {
        let (theme, _) = try loadTheme(Self.yaml)
        let sizes = try #require(theme.fontProvider(level: "mainTitle")).map { $0.size * 2 }
        #expect(sizes(.dark) == 40)
        let spacing = try #require(theme.metricProvider("spacing"))
        #expect(spacing("pink") == 12 && spacing(.light) == 8)
    }

    @Test("providers exist only for what the theme has")
    func absent() throws {
        let (theme, _) = try loadTheme(Self.yaml)
        #expect(theme.colorProvider(level: "normal", property: "borderColor") == nil)
        #expect(theme.colorProvider(level: "nope") == nil)
        #expect(theme.colorProvider(level: "normal", property: "font") == nil)  // not a color
        #expect(theme.paletteProvider("primary")?(.dark).hex == "#6D9FEBFF")
        #expect(theme.paletteProvider("secondary") == nil)
        #expect(theme.insetsProvider(level: "subTitle")?(.light) == ThemeInsets(all: 4))
        #expect(theme.provider(level: "subTitle", property: "lines")?(.light) == .integer(2))
    }

    @Test("level cells are read by interned index")
    func interned() throws {
        let (theme, _) = try loadTheme(Self.yaml)
        let level = try #require(theme.levelID("mainTitle"))
        let property = try #require(theme.propertyID("font"))
        #expect(theme.value(level: level, property: property, style: .light)?.font?.size == 20)
        #expect(theme.levels.prefix(3) == ["normal", "mainTitle", "subTitle"])
        #expect(theme.properties == ["backgroundColor", "font", "insets", "lines", "textColor"])
    }

    @Test("typed access to a level's well-known properties")
    func levelStyle() throws {
        let (theme, _) = try loadTheme(Self.yaml)
        let title = try #require(theme.level("mainTitle", style: .dark))
        #expect(title.textColor?.hex == "#6D9FEBFF")
        #expect(title.backgroundColor?.hex == "#FFFFFFFF")
        #expect(title.font == ThemeFont(name: "Georgia", size: 20, weight: .bold))
        #expect(title.insets == ThemeInsets(all: 4))
        #expect(title["lines"] == .integer(2))
        #expect(theme.level("normal", style: "pink")?.textColor?.hex == "#C2185BFF")
    }

    struct TitleStyle: Decodable, Sendable, Equatable {
        var textColor: ThemeColor
        var font: ThemeFont
        var insets: ThemeInsets
        var lines: Int
        var backgroundColor: String
        var subtitle: String?
    }

    @Test("a level decodes into the app's own Decodable type")
    func decoding() throws {
        let (theme, _) = try loadTheme(Self.yaml)
        let provider = try theme.decodeProvider(TitleStyle.self, level: "mainTitle")
        #expect(provider(.dark) == TitleStyle(
            textColor: try #require(ThemeColor(hex: "#6D9FEB")), font: ThemeFont(name: "Georgia", size: 20, weight: .bold),
            insets: ThemeInsets(all: 4), lines: 2, backgroundColor: "#FFFFFFFF", subtitle: nil))
    }

    struct WrongShape: Decodable { var lines: String }
    struct FontAsText: Decodable { var font: String }
    struct ColorAsNumber: Decodable { var textColor: Int }
    struct MissingKey: Decodable { var shadowColor: ThemeColor }
    struct Sizes: Decodable, Equatable { var small: Float; var large: Float; var lines: Int8 }

    @Test("decoding a level that does not fit the type throws a DecodingError")
    func decodingErrors() throws {
        let (theme, _) = try loadTheme(Self.yaml)
        #expect(throws: DecodingError.self) { try theme.decode(WrongShape.self, level: "normal", style: .light) }
        #expect(throws: DecodingError.self) { try theme.decode(MissingKey.self, level: "normal", style: .light) }
        #expect(throws: DecodingError.self) { try theme.decode(TitleStyle.self, level: "nope", style: .light) }
        // The error names what the level holds: a scalar with its value, anything else by its kind.
        for (decode, expected) in [
            ({ _ = try theme.decode(WrongShape.self, level: "normal", style: .light) }, "Expected String, found the integer 2."),
            ({ _ = try theme.decode(FontAsText.self, level: "normal", style: .light) }, "Expected String, found a font."),
            ({ _ = try theme.decode(ColorAsNumber.self, level: "normal", style: .light) }, "Expected Int, found the color #0770E3FF."),
        ] as [(() throws -> Void, String)] {
            let error = try #require(throws: DecodingError.self, performing: decode)
            guard case .typeMismatch(_, let context) = error else {
                Issue.record("not a type mismatch: \(error)")
                continue
            }
            #expect(context.debugDescription == expected)
        }
        // Numbers that the field's type cannot hold do not fit: no infinity, no wrapped integer.
        let (sized, _) = try loadTheme("levels:\n  normal: {small: 0.5, large: 1e300, lines: 2}\n  fits: {large: 3.4e38, lines: 127}\n  wraps: {large: 1, lines: 128}\n")
        #expect(throws: DecodingError.self) { try sized.decode(Sizes.self, level: "normal", style: .light) }
        #expect(try sized.decode(Sizes.self, level: "fits", style: .light) == Sizes(small: 0.5, large: 3.4e38, lines: 127))
        #expect(throws: DecodingError.self) { try sized.decode(Sizes.self, level: "wraps", style: .light) }
    }
}

@Suite("Image best match")
struct ImageBestMatchTests {
    static func variant(_ file: String, scale: Int = 1, idiom: Idiom? = nil, style: ThemeStyle? = nil) -> ImageVariant {
        ImageVariant(file: file, path: "/b/" + file, scale: scale, idiom: idiom, style: style)
    }

    static let set = ImageSet(variants: [
        variant("a@1x"), variant("a@2x", scale: 2), variant("a@3x", scale: 3),
        variant("dark@2x", scale: 2, style: .dark), variant("pad@1x", idiom: .pad),
        variant("pad-dark@3x", scale: 3, idiom: .pad, style: .dark),
    ])

    struct Case: Sendable, CustomTestStringConvertible {
        var traits: Traits
        var file: String
        var testDescription: String { "\(traits.style) @\(traits.scale)x \(traits.idiom?.rawValue ?? "any") → \(file)" }
    }

    /// Worked out by hand from SPEC section 6's rule.
    static let cases: [Case] = [
        Case(traits: Traits(style: .light, scale: 2), file: "a@2x"),                 // exact scale
        Case(traits: Traits(style: .light, scale: 1, idiom: .phone), file: "a@1x"),  // pad variants dropped
        Case(traits: Traits(style: .dark, scale: 3), file: "dark@2x"),               // names the style: beats a@3x
        Case(traits: Traits(style: .dark, scale: 1), file: "dark@2x"),               // then the nearest larger scale
        Case(traits: Traits(style: .light, scale: 2, idiom: .pad), file: "pad@1x"),  // names the idiom: beats a@2x
        Case(traits: Traits(style: .dark, scale: 1, idiom: .pad), file: "pad-dark@3x"),  // names both
    ]

    @Test("the best variant for traits", arguments: cases)
    func bestMatch(_ testCase: Case) {
        #expect(Self.set.bestVariant(for: testCase.traits)?.file == testCase.file)
    }

    @Test("larger scales before smaller ones, and ties go to the first listed")
    func scalesAndTies() {
        let set = ImageSet(variants: [Self.variant("one"), Self.variant("three", scale: 3), Self.variant("first2", scale: 2), Self.variant("second2", scale: 2)])
        #expect(set.bestVariant(for: Traits(style: .light, scale: 2))?.file == "first2")
        let smaller = ImageSet(variants: [Self.variant("one"), Self.variant("two", scale: 2)])
        #expect(smaller.bestVariant(for: Traits(style: .light, scale: 3))?.file == "two")
        let none = ImageSet(variants: [Self.variant("dark", style: .dark)])
        #expect(none.bestVariant(for: Traits(style: .light)) == nil)
    }
}
