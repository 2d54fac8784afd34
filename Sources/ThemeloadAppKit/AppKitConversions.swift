#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Themeload

extension NSColor {
    /// The color in its space: sRGB, or Display P3 for a wide color.
    public convenience init(_ color: ThemeColor) {
        switch color.colorSpace {
        case .sRGB: self.init(srgbRed: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        case .displayP3: self.init(displayP3Red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        }
    }
}

extension NSFont.Weight {
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

extension NSFontDescriptor.SystemDesign {
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

extension NSFont {
    /// The first of the font's ``ThemeFont/faces`` this Mac has: its PostScript name, its
    /// family at its weight, each fallback family, else the system font of that size and weight
    /// (in the design a family such as `ui-rounded` or `SF Mono` names); italic where asked.
    public static func themed(_ font: ThemeFont) -> NSFont {
        let size = CGFloat(font.size), weight = NSFont.Weight(font.weight)
        let base = font.firstAvailable { face -> NSFont? in
            switch face {
            case .postScriptName(let name):
                return NSFont(name: name, size: size)
            case .family(let family):
                // A descriptor of a family the Mac lacks can still make a font (another one):
                // the family is asked for first.
                guard NSFontManager.shared.availableMembers(ofFontFamily: family) != nil else { return nil }
                let descriptor = NSFontDescriptor(fontAttributes: [.family: family, .traits: [NSFontDescriptor.TraitKey.weight: weight]])
                return NSFont(descriptor: descriptor, size: size)
            case .system(let design):
                let system = NSFont.systemFont(ofSize: size, weight: weight)
                guard design != .default, let designed = system.fontDescriptor.withDesign(NSFontDescriptor.SystemDesign(design)) else { return system }
                return NSFont(descriptor: designed, size: size) ?? system
            }
        } ?? .systemFont(ofSize: size, weight: weight)
        guard font.italic else { return base }
        return NSFont(descriptor: base.fontDescriptor.withSymbolicTraits(.italic), size: size) ?? base
    }
}

extension NSImage {
    /// The image of one variant, its embedded bytes (compiled themes) else its file's, sized in
    /// points by the variant's scale (``ImageVariant/pointSize(pixelWidth:pixelHeight:)``)
    /// rather than by the resolution the file records. A vector image keeps its own size.
    public static func themed(_ variant: ImageVariant) -> NSImage? {
        guard let image = variant.contents().flatMap(NSImage.init(data:)) else { return nil }
        // A vector representation has no pixels (`NSImageRep.matchesDevice`).
        if let bitmap = image.representations.first, bitmap.pixelsWide > 0, bitmap.pixelsHigh > 0 {
            image.size = variant.pointSize(pixelWidth: bitmap.pixelsWide, pixelHeight: bitmap.pixelsHigh)
        }
        return image
    }
}

extension SystemTraits {
    /// What an appearance reports: dark or light, and high contrast for the accessibility
    /// appearances. The scale and text size are not part of an appearance.
    public init(_ appearance: NSAppearance, displayScale: Int = 2) {
        let match = appearance.bestMatch(from: [.aqua, .darkAqua, .accessibilityHighContrastAqua, .accessibilityHighContrastDarkAqua])
        self.init(appearance: match == .darkAqua || match == .accessibilityHighContrastDarkAqua ? .dark : .light,
                  contrast: match == .accessibilityHighContrastAqua || match == .accessibilityHighContrastDarkAqua ? .high : .normal,
                  displayScale: displayScale, idiom: .mac)
    }
}

extension ThemeManager {
    /// An `NSColor` that resolves for each appearance: the style comes from the manager's
    /// selection (a fixed choice, or the appearance through the style mapping). The key is
    /// required from now on.
    ///
    /// - Throws: ``ThemeLookupError`` when the current theme lacks the key.
    public func dynamicColor(_ key: ThemeKey<ThemeColor>, name: NSColor.Name? = nil) throws(ThemeLookupError) -> NSColor {
        let checked = try checked(key)
        return NSColor(name: name) { [weak self] appearance in
            NSColor(self?[checked, for: SystemTraits(appearance)] ?? checked.valueWhenChecked)
        }
    }

    /// The image file that best fits the current style and a display scale.
    ///
    /// - Throws: ``ThemeLookupError`` when the current theme lacks the key.
    public func image(_ key: ThemeKey<ImageSet>, displayScale: Int = 2) throws(ThemeLookupError) -> NSImage? {
        let set = try value(key)
        return set.bestResolvedVariant(for: Traits(style: style, scale: displayScale, idiom: .mac)).flatMap(NSImage.themed)
    }
}
#endif
