/// Where a ``ThemeKey``'s value stands in a theme.
public enum ThemeKeyLocation: Hashable, Sendable {
    /// A property of a level.
    case level(String, property: String)
    /// A palette color.
    case palette(String)
    /// A named font.
    case font(String)
    /// A metric.
    case metric(String)
    /// A named image set.
    case image(String)
    /// An entry of `custom`, by its name: where design tokens of types a theme's sections do not
    /// hold go (`elevation.card`, a shadow token), and the theme's own free-form data.
    case custom(String)
}
