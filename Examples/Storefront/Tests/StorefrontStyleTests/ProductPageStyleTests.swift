import Foundation
import Testing
import Themeload
import ThemeloadYAML
@testable import StorefrontStyle

/// The expected values are read off `Themes/Storefront.theme/theme.yaml` and the bundled Default
/// theme it extends, by hand.
@Suite("Storefront's product page style")
struct ProductPageStyleTests {
    @Test("the bundled theme loads from the package's resources, with its three styles")
    func loads() throws {
        let style = try ProductPageStyle.bundled()
        #expect(style.styles == ["light", "dark", "sale"])
        #expect(StorefrontTheme.styles == style.styles)
    }

    @Test("typed providers give each style's value")
    func values() throws {
        let style = try ProductPageStyle.bundled()
        #expect(style.title(.light).hex == "#1B5E20FF")  // mainTitle.textColor is palette.brand
        #expect(style.title(.dark).hex == "#81C784FF")
        #expect(style.title("sale").hex == "#B71C1CFF")
        #expect(style.buyButtonBackground(.dark).hex == "#81C784FF")
        #expect(style.brand("sale") == style.buyButtonBackground("sale"))
        #expect(style.imageHeight(.light) == 240)
    }

    @Test("the price tag decodes from its level: inherited from normal, font from the theme's own fonts")
    func priceTag() throws {
        let style = try ProductPageStyle.bundled()
        let sale = style.priceTag("sale")
        #expect(sale.textColor.hex == "#B71C1CFF")
        #expect(sale.font.name == "PingFangSC-Semibold" && sale.font.size == 22 && sale.font.weight == .semibold)
        #expect(style.priceTag(.dark).textColor.hex == "#FFFFFFFF")
    }

    @Test("the generated keys list the theme's levels and palette, parent's included")
    func generatedKeys() {
        let levels = Set(StorefrontTheme.Level.allCases.map(\.rawValue))
        #expect(levels.isSuperset(of: ["normal", "mainTitle", "subTitle", "priceTag", "buyButton"]))
        #expect(StorefrontTheme.Palette.allCases.contains(.brand) && StorefrontTheme.Palette.allCases.contains(.primary))
        #expect(StorefrontTheme.Image.logo.rawValue == "logo")
    }

    @Test("a theme without the page's keys is an error that names the key, not a gray page")
    func otherTheme() throws {
        let blossom = try ThemeLoader.standard().load(named: "Blossom").theme
        let error = #expect(throws: ThemeLookupError.self) { try ProductPageStyle(theme: blossom) }
        #expect(error?.diagnostic.keyPath?.description == "levels.buyButton.backgroundColor")  // Blossom has no buyButton
    }

    @Test("views bound once follow the system's appearance, the user's choice and theme switches")
    @MainActor
    func bindings() throws {
        let manager = try ProductPageStyle.themeManager()
        let title = StandInLabel(), buyButton = StandInButton()
        try manager.bind(title, \.textColor, to: StorefrontTheme.Level.mainTitle.color(.textColor)) { $0 }
        try manager.bind(buyButton, to: StorefrontTheme.Level.buyButton.color(.backgroundColor)) { button, color in
            button.setBackgroundColor(color, for: .normal)
        }
        try manager.bind(title, \.fontSize, to: StorefrontTheme.Level.mainTitle.font(.font)) { $0.size }
        #expect(title.textColor?.hex == "#1B5E20FF" && buyButton.backgrounds[.normal]?.hex == "#1B5E20FF")

        manager.updateSystemTraits(SystemTraits(appearance: .dark))   // the system turns dark
        #expect(title.textColor?.hex == "#81C784FF" && buyButton.backgrounds[.normal]?.hex == "#81C784FF")

        try manager.setStyle("sale")                                   // the user picks the sale look
        #expect(title.textColor?.hex == "#B71C1CFF")
        manager.updateSystemTraits(SystemTraits(appearance: .light))  // a fixed choice ignores the system
        #expect(title.textColor?.hex == "#B71C1CFF")

        // Blossom lacks the page's levels: refused, and the page stays as it is.
        #expect(throws: ThemeManager.Failure.self) { try manager.switchTheme(to: "Blossom") }
        #expect(title.textColor?.hex == "#B71C1CFF" && manager.themeName == "Storefront")
    }
}

/// What a `UILabel` is to the page: a main-actor object with a text color and a font size.
@MainActor
final class StandInLabel {
    var textColor: ThemeColor?
    var fontSize: Double = 0
}

/// What a `UIButton` is to the page: colors set per control state.
@MainActor
final class StandInButton {
    enum State { case normal, highlighted }
    private(set) var backgrounds: [State: ThemeColor] = [:]
    func setBackgroundColor(_ color: ThemeColor, for state: State) { backgrounds[state] = color }
}
