import Themeload

/// The title level, by the key the ThemeKeysPlugin generated from Themes/Good.theme.
public let titleLevel = GoodTheme.Level.mainTitle
