#if canImport(SwiftUI)
import SwiftUI
import Themeload

extension Color {
    /// The color in the sRGB space.
    public init(_ color: ThemeColor) {
        self.init(.sRGB, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
    }
}

extension Font.Weight {
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

extension Font.TextStyle {
    /// The SwiftUI text style of a ``TextStyle``.
    public init(_ style: Themeload.TextStyle) {
        switch style {
        case .largeTitle: self = .largeTitle
        case .title1: self = .title
        case .title2: self = .title2
        case .title3: self = .title3
        case .headline: self = .headline
        case .body: self = .body
        case .callout: self = .callout
        case .subheadline: self = .subheadline
        case .footnote: self = .footnote
        case .caption1: self = .caption
        case .caption2: self = .caption2
        }
    }
}

extension Font {
    /// The font by PostScript name (relative to a Dynamic Type style where given), else the
    /// system font of that size and weight; italic where asked.
    public static func themed(_ font: ThemeFont, relativeTo style: Themeload.TextStyle? = nil) -> Font {
        let size = CGFloat(font.size)
        var made: Font
        if let name = font.name ?? font.family {
            made = style.map { .custom(name, size: size, relativeTo: Font.TextStyle($0)) } ?? .custom(name, fixedSize: size)
            made = made.weight(Font.Weight(font.weight))
        } else {
            made = .system(size: size, weight: Font.Weight(font.weight))
        }
        return font.italic ? made.italic() : made
    }
}

extension EdgeInsets {
    /// The insets.
    public init(_ insets: ThemeInsets) {
        self.init(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
    }
}

extension Image {
    /// The image of one variant, or `nil` when its file cannot be read.
    public static func themed(_ variant: ImageVariant) -> Image? {
        #if canImport(UIKit)
        let image = variant.data.flatMap { UIImage(data: $0, scale: CGFloat(variant.scale)) } ?? UIImage(contentsOfFile: variant.path)
        return image.map { Image(uiImage: $0) }
        #elseif canImport(AppKit)
        let image = variant.data.flatMap { NSImage(data: $0) } ?? NSImage(contentsOfFile: variant.path)
        return image.map { Image(nsImage: $0) }
        #else
        return nil
        #endif
    }
}

extension ColorScheme {
    /// The appearance a color scheme stands for.
    var appearance: SystemTraits.Appearance { self == .dark ? .dark : .light }
}
#endif
