/// What the system reports about how the app is shown, without UIKit or AppKit: the appearance,
/// the contrast setting, the display scale, the idiom and the preferred text size.
///
/// The adapters make one from a `UITraitCollection`, an `NSAppearance` or SwiftUI's environment;
/// everything that decides from it (which style, which image, which font size) lives here in the
/// core, where tests reach it.
public struct SystemTraits: Hashable, Sendable {
    /// Light or dark, as `UIUserInterfaceStyle` and SwiftUI's `ColorScheme` say.
    public enum Appearance: String, Hashable, Sendable, CaseIterable, Codable {
        /// Light mode.
        case light
        /// Dark mode.
        case dark
    }

    /// The Increase Contrast setting, as `UIAccessibilityContrast` and `ColorSchemeContrast` say.
    public enum Contrast: String, Hashable, Sendable, CaseIterable, Codable {
        /// The standard contrast.
        case normal
        /// Increase Contrast is on.
        case high
    }

    /// Light or dark.
    public var appearance: Appearance
    /// Normal or increased contrast.
    public var contrast: Contrast
    /// The display scale: 1, 2 or 3.
    public var displayScale: Int
    /// The device idiom, if known.
    public var idiom: Idiom?
    /// The preferred text size (Dynamic Type).
    public var contentSize: ContentSizeCategory

    /// Creates traits; the defaults are what a light, standard screen reports.
    public init(appearance: Appearance = .light, contrast: Contrast = .normal, displayScale: Int = 1,
                idiom: Idiom? = nil, contentSize: ContentSizeCategory = .large) {
        self.appearance = appearance
        self.contrast = contrast
        self.displayScale = displayScale
        self.idiom = idiom
        self.contentSize = contentSize
    }

    /// The traits an image variant is chosen by, for a style.
    public func imageTraits(style: ThemeStyle) -> Traits {
        Traits(style: style, scale: displayScale, idiom: idiom)
    }
}
