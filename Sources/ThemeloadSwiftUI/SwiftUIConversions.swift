#if canImport(SwiftUI)
import SwiftUI
import Themeload
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

extension Color {
    /// The color in its space: sRGB, or Display P3 for a wide color.
    public init(_ color: ThemeColor) {
        switch color.colorSpace {
        case .sRGB: self.init(.sRGB, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
        case .displayP3: self.init(.displayP3, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
        }
    }
}

extension Gradient {
    /// The theme gradient's stops.
    public init(_ gradient: ThemeGradient) {
        self.init(stops: gradient.stops.map { Gradient.Stop(color: Color($0.color), location: CGFloat($0.position)) })
    }
}

extension View {
    /// Draws a theme shadow's outer layers, the first on top (SwiftUI's `shadow` takes the blur
    /// radius as half the CSS blur and has no spread; inner layers are not drawn).
    public func themeShadow(_ shadow: ThemeShadow) -> some View {
        shadow.layers.filter { !$0.inset }.reversed().reduce(AnyView(self)) { view, layer in
            AnyView(view.shadow(color: Color(layer.color), radius: CGFloat(layer.blur / 2), x: CGFloat(layer.offsetX), y: CGFloat(layer.offsetY)))
        }
    }

    /// Strokes a theme border inside the view's bounds, with its dashes, rounded by `cornerRadius`.
    public func themeBorder(_ border: ThemeBorder, cornerRadius: CGFloat = 0) -> some View {
        var style = StrokeStyle(lineWidth: CGFloat(border.width))
        if case .dashes(let dashes, let lineCap) = border.style {
            style.dash = dashes.map { CGFloat($0) }
            style.lineCap = lineCap == "round" ? .round : lineCap == "square" ? .square : .butt
        }
        return overlay {
            RoundedRectangle(cornerRadius: cornerRadius).strokeBorder(Color(border.color), style: style)
        }
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

extension Font.Design {
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

extension Font {
    /// The first of the font's ``ThemeFont/faces`` the device has: its PostScript name, its
    /// family, each fallback family (relative to a Dynamic Type style where given), else the
    /// system font of that size and weight in the design a family such as `ui-rounded` names;
    /// italic where asked.
    ///
    /// A system face keeps its size whatever the style: SwiftUI makes a custom font relative
    /// to a text style, but no system font of a given size (`Font.system(size:weight:design:)`
    /// is fixed). ``ThemeManager/font(_:)`` gives a level's system face at the size the user's
    /// text size makes it.
    public static func themed(_ font: ThemeFont, relativeTo style: Themeload.TextStyle? = nil) -> Font {
        themed(font, relativeTo: style, systemSize: nil)
    }

    /// ``themed(_:relativeTo:)``, a system face (or the system font, where no face is there)
    /// taking `systemSize` where it is given: the size the manager's read scaled for the text
    /// style, which SwiftUI cannot scale itself.
    static func themed(_ font: ThemeFont, relativeTo style: Themeload.TextStyle?, systemSize: CGFloat?) -> Font {
        let size = CGFloat(font.size), weight = Font.Weight(font.weight)
        func named(_ name: String) -> Font {
            let made: Font = style.map { Font.custom(name, size: size, relativeTo: Font.TextStyle($0)) } ?? Font.custom(name, fixedSize: size)
            return made.weight(weight)
        }
        // `Font.custom` falls back to the system font without saying so: a name or family is
        // taken only where the platform has it, so that the next fallback can be tried.
        let made = font.firstAvailable { face -> Font? in
            switch face {
            case .postScriptName(let name): Self.hasFont(named: name, size: size) ? named(name) : nil
            case .family(let family): Self.hasFamily(family) ? named(family) : nil
            case .system(let design): Font.system(size: systemSize ?? size, weight: weight, design: Font.Design(design))
            }
        } ?? .system(size: systemSize ?? size, weight: weight)
        return font.italic ? made.italic() : made
    }

    private static func hasFont(named name: String, size: CGFloat) -> Bool {
        #if canImport(UIKit)
        UIFont(name: name, size: size) != nil
        #elseif canImport(AppKit)
        NSFont(name: name, size: size) != nil
        #else
        true
        #endif
    }

    private static func hasFamily(_ family: String) -> Bool {
        #if canImport(UIKit)
        !UIFont.fontNames(forFamilyName: family).isEmpty
        #elseif canImport(AppKit)
        NSFontManager.shared.availableMembers(ofFontFamily: family) != nil
        #else
        true
        #endif
    }
}

extension EdgeInsets {
    /// The insets.
    public init(_ insets: ThemeInsets) {
        self.init(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
    }
}

extension Image {
    /// The image of one variant, its embedded bytes (compiled themes) else its file's, sized in
    /// points by the variant's scale (``ImageVariant/pointSize(pixelWidth:pixelHeight:)``), as
    /// the UIKit and AppKit adapters size it; `nil` when its bytes cannot be read.
    public static func themed(_ variant: ImageVariant) -> Image? {
        #if canImport(UIKit)
        return variant.contents().flatMap { UIImage(data: $0, scale: CGFloat(variant.scale)) }.map { Image(uiImage: $0) }
        #elseif canImport(AppKit)
        guard let image = variant.contents().flatMap(NSImage.init(data:)) else { return nil }
        if let bitmap = image.representations.first, bitmap.pixelsWide > 0, bitmap.pixelsHigh > 0 {
            image.size = variant.pointSize(pixelWidth: bitmap.pixelsWide, pixelHeight: bitmap.pixelsHigh)
        }
        return Image(nsImage: image)
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
