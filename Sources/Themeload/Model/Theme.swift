/// A loaded theme: fully resolved, validated and immutable.
///
/// For every declared style it holds a ``ResolvedStyle``: the level table and the typed palette,
/// fonts, metrics, image sets and custom data. Reading never fails and never parses; a style the
/// theme does not declare reads as the fallback style (the first declared).
///
/// ```swift
/// let loaded = try ThemeLoader.standard(searchDirectories: ["Themes"]).load(named: "Moments")
/// let theme = loaded.theme
/// let title = theme.colorProvider(level: "mainTitle", property: "textColor")
/// title?(.dark)   // ThemeColor
/// ```
public struct Theme: Sendable {
    final class Storage: Sendable {
        let name: String
        let styles: [ThemeStyle]
        let resolved: [ResolvedStyle]
        let index: LevelIndex
        let tokenNotes: TokenNotes
        let remSize: Double

        init(name: String, styles: [ThemeStyle], resolved: [ResolvedStyle], index: LevelIndex, tokenNotes: TokenNotes, remSize: Double) {
            self.name = name
            self.styles = styles
            self.resolved = resolved
            self.index = index
            self.tokenNotes = tokenNotes
            self.remSize = remSize
        }
    }

    let storage: Storage

    init(name: String, styles: [ThemeStyle], resolved: [ResolvedStyle], index: LevelIndex, tokenNotes: TokenNotes = TokenNotes(),
         remSize: Double = DesignTokenOptions().remSize) {
        storage = Storage(name: name, styles: styles, resolved: resolved, index: index, tokenNotes: tokenNotes, remSize: remSize)
    }

    /// The points of a `rem` the theme was loaded with (``DesignTokenOptions/remSize``): typed
    /// reads of its `custom` data (``ThemeKey/shadow(custom:)``) take lengths in `rem` as its
    /// level properties did.
    package var remSize: Double { storage.remSize }

    /// What the design tokens a theme was read from say of its entries, by `section.name`
    /// (`palette.color.brand.primary`): their `$description` and `$deprecated`. Empty for a
    /// theme without token files, and for a compiled theme (which keeps values only).
    package var tokenNotes: TokenNotes { storage.tokenNotes }

    /// The theme's name.
    public var name: String { storage.name }
    /// The declared styles, in order.
    public var styles: [ThemeStyle] { storage.styles }
    /// The first declared style, which stands in for undeclared ones.
    public var fallbackStyle: ThemeStyle { storage.styles[0] }
    /// The level names, in row order.
    public var levels: [String] { storage.index.levels }
    /// The property names of the level tables, in column order.
    public var properties: [String] { storage.index.properties }

    /// The position of a style in ``styles``; an undeclared style gives the fallback's.
    func styleIndex(_ style: ThemeStyle) -> Int {
        storage.styles.firstIndex(of: style) ?? 0
    }

    /// Everything the theme resolves to in a style (the fallback style's for an undeclared one).
    public func resolved(_ style: ThemeStyle) -> ResolvedStyle {
        storage.resolved[styleIndex(style)]
    }

    /// The level table of a style.
    public func levelTable(_ style: ThemeStyle) -> LevelTable {
        resolved(style).levels
    }

    /// The interned position of a level, or `nil` if the theme has no such level.
    package func levelID(_ name: String) -> LevelID? {
        storage.index.levelIDs[name].map(LevelID.init)
    }

    /// The interned position of a property, or `nil` if no level has it.
    package func propertyID(_ name: String) -> PropertyID? {
        storage.index.propertyIDs[name].map(PropertyID.init)
    }

    /// A cell of a style's level table.
    package func value(level: LevelID, property: PropertyID, style: ThemeStyle) -> ThemeValue? {
        storage.resolved[styleIndex(style)].levels[level, property]
    }
}
