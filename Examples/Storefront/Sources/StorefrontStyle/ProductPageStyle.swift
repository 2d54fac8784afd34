import Foundation
import Themeload
import ThemeloadYAML

/// What a price label needs, decoded from the theme's `priceTag` level.
public struct PriceTagStyle: Decodable, Sendable, Equatable {
    /// The price's color.
    public var textColor: ThemeColor
    /// The price's font.
    public var font: ThemeFont
}

/// Everything a product page draws with, as typed providers: give one a style (`.light`, `.dark`,
/// `"sale"`) and it gives that style's value. Every key below is one that the ThemeKeysPlugin
/// generated from `Themes/Storefront.theme` at build time (`StorefrontTheme`), so a misspelt level
/// or palette entry is a compile error, not gray text at run time.
public struct ProductPageStyle: Sendable {
    /// The product's name.
    public let title: ThemeProvider<ThemeColor>
    /// The price label.
    public let priceTag: ThemeProvider<PriceTagStyle>
    /// The buy button's background.
    public let buyButtonBackground: ThemeProvider<ThemeColor>
    /// The brand color, for accents.
    public let brand: ThemeProvider<ThemeColor>
    /// The height of the product image, in points.
    public let imageHeight: ThemeProvider<Double>
    /// The styles the theme has, the first being the fallback.
    public let styles: [ThemeStyle]

    /// A theme that lacks something the page needs (a theme other than the one the keys were
    /// generated from).
    public struct MissingKey: Error, CustomStringConvertible {
        /// What is missing.
        public var description: String
    }

    /// The page's style from a loaded theme.
    public init(theme: Theme) throws {
        func required<Value>(_ value: Value?, _ name: String) throws -> Value {
            guard let value else { throw MissingKey(description: "the theme \(theme.name) has no \(name)") }
            return value
        }
        title = try required(theme.colorProvider(StorefrontTheme.Level.mainTitle, .textColor), "mainTitle.textColor")
        buyButtonBackground = try required(theme.colorProvider(StorefrontTheme.Level.buyButton, .backgroundColor), "buyButton.backgroundColor")
        brand = try required(theme.paletteProvider(StorefrontTheme.Palette.brand), "palette.brand")
        imageHeight = try required(theme.metricProvider(StorefrontTheme.Metric.productImageHeight), "metrics.productImageHeight")
        priceTag = try theme.decodeProvider(PriceTagStyle.self, level: StorefrontTheme.Level.priceTag)
        styles = theme.styles
    }

    /// The page's style from the Storefront theme that ships in this package's resources.
    public static func bundled() throws -> ProductPageStyle {
        let loaded = try ThemeLoader.standard().load(named: StorefrontTheme.name, in: .module, subdirectory: "Themes")
        return try ProductPageStyle(theme: loaded.theme)
    }
}
