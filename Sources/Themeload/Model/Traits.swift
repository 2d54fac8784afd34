/// The device idioms an image variant can be made for, as in asset catalogs.
public enum Idiom: String, CaseIterable, Sendable, Codable {
    /// iPhone.
    case phone
    /// iPad.
    case pad
    /// Apple TV.
    case tv
    /// Mac (Mac Catalyst and AppKit).
    case mac
    /// CarPlay.
    case car
    /// Apple Vision Pro.
    case vision
}

/// What an image is drawn for: the style, the screen scale and the device idiom.
public struct Traits: Hashable, Sendable {
    /// The style.
    public var style: ThemeStyle
    /// The screen scale: 1, 2 or 3.
    public var scale: Int
    /// The device idiom, if known.
    public var idiom: Idiom?

    /// Creates traits.
    public init(style: ThemeStyle, scale: Int = 1, idiom: Idiom? = nil) {
        self.style = style
        self.scale = scale
        self.idiom = idiom
    }
}
