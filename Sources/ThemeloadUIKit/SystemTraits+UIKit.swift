#if canImport(UIKit) && !os(watchOS)
import Themeload
import UIKit

extension SystemTraits {
    /// What a trait collection reports: its interface style, accessibility contrast, display
    /// scale, idiom and preferred content size category.
    public init(_ collection: UITraitCollection) {
        self.init(appearance: collection.userInterfaceStyle == .dark ? .dark : .light,
                  contrast: collection.accessibilityContrast == .high ? .high : .normal,
                  displayScale: max(1, min(3, Int(collection.displayScale.rounded()))),
                  idiom: Idiom(collection.userInterfaceIdiom),
                  contentSize: ContentSizeCategory(collection.preferredContentSizeCategory))
    }
}

extension Idiom {
    /// The idiom of a `UIUserInterfaceIdiom`; `nil` for `unspecified`.
    public init?(_ idiom: UIUserInterfaceIdiom) {
        switch idiom {
        case .phone: self = .phone
        case .pad: self = .pad
        case .tv: self = .tv
        case .mac: self = .mac
        case .carPlay: self = .car
        case .vision: self = .vision
        default: return nil
        }
    }
}

extension UIUserInterfaceIdiom {
    /// The UIKit idiom of an ``Idiom``.
    public init(_ idiom: Idiom) {
        switch idiom {
        case .phone: self = .phone
        case .pad: self = .pad
        case .tv: self = .tv
        case .mac: self = .mac
        case .car: self = .carPlay
        case .vision: self = .vision
        }
    }
}

extension ContentSizeCategory {
    /// The category of a `UIContentSizeCategory`; `large` for `unspecified`.
    public init(_ category: UIContentSizeCategory) {
        switch category {
        case .extraSmall: self = .extraSmall
        case .small: self = .small
        case .medium: self = .medium
        case .extraLarge: self = .extraLarge
        case .extraExtraLarge: self = .extraExtraLarge
        case .extraExtraExtraLarge: self = .extraExtraExtraLarge
        case .accessibilityMedium: self = .accessibilityMedium
        case .accessibilityLarge: self = .accessibilityLarge
        case .accessibilityExtraLarge: self = .accessibilityExtraLarge
        case .accessibilityExtraExtraLarge: self = .accessibilityExtraExtraLarge
        case .accessibilityExtraExtraExtraLarge: self = .accessibilityExtraExtraExtraLarge
        default: self = .large
        }
    }
}

extension UITraitCollection {
    /// A trait collection with an image registration's appearance, contrast, scale and idiom.
    convenience init(_ registration: ImageRegistration) {
        self.init { traits in
            traits.userInterfaceStyle = registration.appearance == .dark ? .dark : .light
            traits.accessibilityContrast = registration.contrast == .high ? .high : .normal
            traits.displayScale = CGFloat(registration.scale)
            if let idiom = registration.idiom { traits.userInterfaceIdiom = UIUserInterfaceIdiom(idiom) }
        }
    }
}
#endif
