/// One level's resolved properties in one style, with typed access to the well-known ones.
///
/// ```swift
/// let title = theme.level("mainTitle", style: .dark)
/// title?.textColor   // ThemeColor?
/// title?.font        // ThemeFont?
/// title?["lines"]    // ThemeValue? for any other property
/// ```
public struct LevelStyle: Sendable, Hashable {
    /// The level's name.
    public let name: String
    /// The style these values are for.
    public let style: ThemeStyle
    /// Every property that has a value.
    public let properties: [String: ThemeValue]

    /// Any property's value.
    public subscript(property: String) -> ThemeValue? { properties[property] }

    /// `textColor`.
    public var textColor: ThemeColor? { properties["textColor"]?.color }
    /// `backgroundColor`.
    public var backgroundColor: ThemeColor? { properties["backgroundColor"]?.color }
    /// `borderColor`.
    public var borderColor: ThemeColor? { properties["borderColor"]?.color }
    /// `tintColor`.
    public var tintColor: ThemeColor? { properties["tintColor"]?.color }
    /// `font`.
    public var font: ThemeFont? { properties["font"]?.font }
    /// `image`.
    public var image: ImageSet? { properties["image"]?.imageSet }
    /// `insets`.
    public var insets: ThemeInsets? { properties["insets"]?.insets }
    /// `contentInsets`.
    public var contentInsets: ThemeInsets? { properties["contentInsets"]?.insets }
}
