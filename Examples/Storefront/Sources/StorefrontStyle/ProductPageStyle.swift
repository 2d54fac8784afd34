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

    /// The page's style from a loaded theme.
    ///
    /// - Throws: `ThemeLookupError` when the theme lacks something the page needs (a theme other
    ///   than the one the keys were generated from), naming the key.
    public init(theme: Theme) throws {
        title = try theme.colorProvider(StorefrontTheme.Level.mainTitle, .textColor)
        buyButtonBackground = try theme.colorProvider(StorefrontTheme.Level.buyButton, .backgroundColor)
        brand = try theme.paletteProvider(StorefrontTheme.Palette.brand)
        imageHeight = try theme.metricProvider(StorefrontTheme.Metric.productImageHeight)
        priceTag = try theme.decodeProvider(PriceTagStyle.self, level: StorefrontTheme.Level.priceTag)
        styles = theme.styles
    }

    /// A manager over the package's themes (and the bundled ones), following the system's
    /// appearance, for the app to bind its views to. It requires the keys the page binds, so a
    /// switch or reload to a theme without them is refused instead of graying the page.
    public static func themeManager(store: (any ThemePreferenceStore)? = nil, userID: String? = nil) throws -> ThemeManager {
        let themes = Bundle.module.resourceURL?.appendingPathComponent("Themes").path
        let manager = try ThemeManager(loader: .standard(searchDirectories: themes.map { [$0] } ?? []),
                                       defaultTheme: StorefrontTheme.name, userID: userID, store: store)
        try manager.require(StorefrontTheme.Level.mainTitle.color(.textColor))
        try manager.require(StorefrontTheme.Level.buyButton.color(.backgroundColor))
        return manager
    }

    /// The page's style from the Storefront theme that ships in this package's resources.
    public static func bundled() throws -> ProductPageStyle {
        let loaded = try ThemeLoader.standard().load(named: StorefrontTheme.name, in: .module, subdirectory: "Themes")
        return try ProductPageStyle(theme: loaded.theme)
    }
}
