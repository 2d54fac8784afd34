#if canImport(UIKit) && !os(watchOS)
import Themeload
import UIKit

extension UIColor {
    /// The color in its space: sRGB, or Display P3 for a wide color.
    public convenience init(_ color: ThemeColor) {
        switch color.colorSpace {
        case .sRGB: self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        case .displayP3: self.init(displayP3Red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        }
    }
}

extension UIFont.Weight {
    /// The weight of a ``ThemeFont/Weight``.
    public init(_ weight: ThemeFont.Weight) {
        switch weight {
        case .ultraLight: self = .ultraLight
        case .thin: self = .thin
        case .light: self = .light
        case .regular: self = .regular
        case .medium: self = .medium
        case .semibold: self = .semibold
        case .bold: self = .bold
        case .heavy: self = .heavy
        case .black: self = .black
        }
    }
}

extension UIFont.TextStyle {
    /// The UIKit text style of a ``TextStyle``.
    public init(_ style: TextStyle) {
        switch style {
        case .largeTitle: self = .largeTitle
        case .title1: self = .title1
        case .title2: self = .title2
        case .title3: self = .title3
        case .headline: self = .headline
        case .body: self = .body
        case .callout: self = .callout
        case .subheadline: self = .subheadline
        case .footnote: self = .footnote
        case .caption1: self = .caption1
        case .caption2: self = .caption2
        }
    }
}

extension UIFontDescriptor.SystemDesign {
    /// The system font design of a theme font's face.
    public init(_ design: ThemeFont.SystemDesign) {
        switch design {
        case .default: self = .default
        case .serif: self = .serif
        case .rounded: self = .rounded
        case .monospaced: self = .monospaced
        }
    }
}

extension UIFont {
    /// The first of the font's ``ThemeFont/faces`` this device has: its PostScript name, its
    /// family at its weight, each fallback family, else the system font of that size and weight
    /// (in the design a family such as `ui-rounded` or `SF Mono` names); italic where asked.
    public static func themed(_ font: ThemeFont) -> UIFont {
        let size = CGFloat(font.size), weight = UIFont.Weight(font.weight)
        let base = font.firstAvailable { face -> UIFont? in
            switch face {
            case .postScriptName(let name):
                return UIFont(name: name, size: size)
            case .family(let family):
                // A descriptor of a family the device lacks still makes a font (another one):
                // the family is asked for first.
                guard !UIFont.fontNames(forFamilyName: family).isEmpty else { return nil }
                let descriptor = UIFontDescriptor(fontAttributes: [.family: family, .traits: [UIFontDescriptor.TraitKey.weight: weight]])
                return UIFont(descriptor: descriptor, size: size)
            case .system(let design):
                let system = UIFont.systemFont(ofSize: size, weight: weight)
                guard design != .default, let designed = system.fontDescriptor.withDesign(UIFontDescriptor.SystemDesign(design)) else { return system }
                return UIFont(descriptor: designed, size: size)
            }
        } ?? .systemFont(ofSize: size, weight: weight)
        guard font.italic, let italic = base.fontDescriptor.withSymbolicTraits(.traitItalic) else { return base }
        return UIFont(descriptor: italic, size: size)
    }

    /// The font scaled by `UIFontMetrics` for a Dynamic Type style, for a label that sets
    /// `adjustsFontForContentSizeCategory` (the manager's own reads scale by ``TextStyle``).
    public static func themed(_ font: ThemeFont, scaledAs style: TextStyle, compatibleWith traits: UITraitCollection? = nil) -> UIFont {
        UIFontMetrics(forTextStyle: UIFont.TextStyle(style)).scaledFont(for: themed(font), compatibleWith: traits)
    }
}

extension UIEdgeInsets {
    /// The insets.
    public init(_ insets: ThemeInsets) {
        self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
}

extension UIImage {
    /// The image of one variant, its embedded bytes (compiled themes) else its file's, at the
    /// variant's scale (``ImageVariant/pointSize(pixelWidth:pixelHeight:)``): read as bytes, as
    /// `UIImage(contentsOfFile:)` would take the scale from the file's name alone.
    public static func themed(_ variant: ImageVariant) -> UIImage? {
        variant.contents().flatMap { UIImage(data: $0, scale: CGFloat(variant.scale)) }
    }

    /// The image with an image set's rendering mode and cap insets applied.
    func applying(_ set: ImageSet) -> UIImage {
        var image = self
        switch set.renderingMode {
        case .template: image = image.withRenderingMode(.alwaysTemplate)
        case .original: image = image.withRenderingMode(.alwaysOriginal)
        case .automatic: break
        }
        if let caps = set.capInsets {
            image = image.resizableImage(withCapInsets: UIEdgeInsets(caps), resizingMode: set.resizingMode == .tile ? .tile : .stretch)
        }
        return image
    }
}
#endif
