import Foundation
import Testing
import Themeload
import ThemeloadTestSupport
import ThemeloadYAML

/// Keys of `custom` entries: design tokens of types the theme's sections do not hold (shadows,
/// borders, gradients) and the theme's own data, read typed as the level properties that refer to
/// them read them.
@Suite("Keys of custom entries")
struct CustomKeyTests {
    /// A theme that includes a DTCG file of shadows, borders and gradients, and whose levels refer
    /// to some of them (`cardShadow: "{custom.elevation.raised}"`).
    static let tokensFixture = Repository.url("Tests/ThemeloadTests/Fixtures/tokens-composite-types")

    static func tokensTheme(remSize: Double = 16) throws -> Theme {
        var loader = ThemeLoader(registry: .standard, searchDirectories: [tokensFixture.path])
        loader.designTokens.remSize = remSize
        return try loader.load(named: "Main").theme
    }

    @Test("a design token's shadow, border and gradient read typed from custom, as the level properties that refer to them read them")
    func designTokens() throws {
        let theme = try Self.tokensTheme()
        let shadow = try theme.value(.shadow(custom: "elevation.raised"), style: .light)
        #expect(shadow == (try theme.value(.shadow(level: "normal", "cardShadow"), style: .light)))
        // The token file's three layers: two of `elevation.base`, then an inset one of its own.
        #expect(shadow.layers == [
            ThemeShadow.Layer(color: try #require(ThemeColor(hex: "#0000001A")), offsetY: 1, blur: 2),
            ThemeShadow.Layer(color: try #require(ThemeColor(hex: "#00000033")), offsetY: 4, blur: 8, spread: -2),
            ThemeShadow.Layer(color: try #require(ThemeColor(hex: "#202020")), offsetY: 12, blur: 24, inset: true),
        ])
        // 0.125rem at 16 points a rem.
        let focus = try theme.value(.border(custom: "outline.focus"), style: .dark)
        #expect(focus.width == 2)
        #expect(focus == (try theme.value(.border(level: "normal", "focusBorder"), style: .dark)))
        let fade = try theme.value(.gradient(custom: "fade.long"), style: .light)
        #expect(fade.stops.map(\.position) == [0, 1, 1])
        #expect(fade == (try theme.value(.gradient(level: "normal", "backgroundGradient"), style: .light)))
        // A cubic Bézier stays the data it is.
        #expect(try theme.value(.custom("motion.ease"), style: .light) == .list([.number(0.4), .integer(0), .number(0.2), .integer(1)]))
    }

    @Test("lengths in rem take the rem the theme was loaded with, also once it is compiled", arguments: [16.0, 18])
    func remSize(_ remSize: Double) throws {
        let theme = try Self.tokensTheme(remSize: remSize)
        #expect(try theme.value(.border(custom: "outline.focus"), style: .light).width == 0.125 * remSize)
        #expect(try theme.value(.border(level: "normal", "focusBorder"), style: .light).width == 0.125 * remSize)

        // A theme from design tokens keeps their notes, in format 7. Without them (as the remote
        // publisher writes it), format 6 only when the rem is not 16 points, so that readers of
        // format 4 read the rest.
        let compiled = CompiledTheme.encode(theme, images: .files(relativePath: { $0.path }))
        #expect(compiled[8] == 7)
        let published = CompiledTheme.encode(theme, images: .files(relativePath: { $0.path }), keepingTokenNotes: false)
        #expect(published[8] == (remSize == 16 ? 4 : 6))
        for bytes in [compiled, published] {
            let decoded = try CompiledTheme.decode(bytes, file: "Main.themec", directory: "/nowhere")
            #expect(try decoded.value(.border(custom: "outline.focus"), style: .light).width == 0.125 * remSize)
            #expect(decoded.canonicalJSON() == theme.canonicalJSON())
        }
    }

    static let ownData = """
        levels:
          normal: {textColor: "#000000"}
        custom:
          hero: {color: "#00000033", offsetY: 2, blur: 6}
          glow: {light: {color: "#000000", blur: 4}, dark: {color: "#FFFFFF", blur: 4}}
          brand: "#0770E3"
          padding: [4, 8, 4, 8]
          ratio: 1.5
        """

    @Test("a theme's own custom data reads typed too, in each style")
    func ownData() throws {
        let (theme, _) = try loadTheme(Self.ownData)
        let hero = try theme.value(.shadow(custom: "hero"), style: .dark)
        #expect(hero.layers == [ThemeShadow.Layer(color: try #require(ThemeColor(hex: "#00000033")), offsetY: 2, blur: 6)])
        let glow = try theme.provider(.shadow(custom: "glow"))
        #expect(glow(.light).layers.map(\.color.hex) == ["#000000FF"])
        #expect(glow(.dark).layers.map(\.color.hex) == ["#FFFFFFFF"])
        #expect(try theme.value(.color(custom: "brand"), style: .light).hex == "#0770E3FF")
        #expect(try theme.value(.insets(custom: "padding"), style: .light) == ThemeInsets(top: 4, left: 8, bottom: 4, right: 8))
        #expect(try theme.value(.number(custom: "ratio"), style: .light) == 1.5)
        #expect(try theme.value(.custom("brand"), style: .light) == .string("#0770E3"))
    }

    @Test("a custom entry the theme lacks, or that is not of the key's type, is an error that says why")
    func problems() throws {
        let (theme, _) = try loadTheme(Self.ownData)
        let missing = #expect(throws: ThemeLookupError.self) { try theme.value(.shadow(custom: "heroo"), style: .light) }
        #expect(missing?.diagnostic.code == .unknownKey)
        #expect(missing?.diagnostic.message == "the theme \"Main\" has no custom entry \"heroo\"; did you mean \"hero\"?")
        #expect(missing?.diagnostic.keyPath?.description == "custom.heroo")

        // The shadow parser's own words say what is wrong with the data.
        let notShadow = #expect(throws: ThemeLookupError.self) { try theme.value(.shadow(custom: "brand"), style: .light) }
        #expect(notShadow?.diagnostic.code == .type)
        #expect(notShadow?.diagnostic.message == "custom.brand of theme \"Main\" is a string, not a shadow: invalid shadow: a shadow is "
            + "{color, offsetX, offsetY, blur, spread, inset} or a list of them, not \"#0770E3\"")
        let notColor = #expect(throws: ThemeLookupError.self) { try theme.value(.color(custom: "ratio"), style: .light) }
        #expect(notColor?.diagnostic.message.hasPrefix("custom.ratio of theme \"Main\" is a number, not a color: invalid color 1.5") == true)
        // A number is data as it is: nothing to read it as.
        let notNumber = #expect(throws: ThemeLookupError.self) { try theme.value(.number(custom: "hero"), style: .light) }
        #expect(notNumber?.diagnostic.message == "custom.hero of theme \"Main\" is a map, not a number")
    }
}
