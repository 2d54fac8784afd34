import Themeload

/// The title level, by the key the ThemeKeysPlugin generated from Themes/Good.theme.
public let titleLevel = GoodTheme.Level.mainTitle

/// A level of Themes/Brands/Sale.theme, which extends Good from another folder of the target.
public let priceTagLevel = SaleTheme.Level.priceTag
