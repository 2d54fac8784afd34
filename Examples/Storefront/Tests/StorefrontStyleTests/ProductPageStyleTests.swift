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

    @Test("a theme without the page's keys is an error, not a gray page")
    func otherTheme() throws {
        let blossom = try ThemeLoader.standard().load(named: "Blossom").theme
        #expect(throws: ProductPageStyle.MissingKey.self) { try ProductPageStyle(theme: blossom) }
    }
}
