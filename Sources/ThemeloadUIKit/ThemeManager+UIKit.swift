#if canImport(UIKit) && !os(watchOS)
import Themeload
import UIKit

extension ThemeManager {
    /// A `UIColor` that resolves for each trait collection: the style comes from the manager's
    /// selection (a fixed choice, or the trait collection's appearance and contrast through the
    /// style mapping), the color from the current theme. The key is required from now on.
    ///
    /// - Throws: ``ThemeLookupError`` when the current theme lacks the key.
    public func dynamicColor(_ key: ThemeKey<ThemeColor>) throws(ThemeLookupError) -> UIColor {
        let checked = try checked(key)
        return UIColor { [weak self] collection in
            UIColor(self?[checked, for: SystemTraits(collection)] ?? checked.valueWhenChecked)
        }
    }

    /// An image whose variants are registered in a `UIImageAsset` with their display scale,
    /// idiom, appearance and contrast, so `UIImageView` shows the right file as traits change.
    /// `nil` when no variant's file can be read.
    ///
    /// - Throws: ``ThemeLookupError`` when the current theme lacks the key.
    public func image(_ key: ThemeKey<ImageSet>) throws(ThemeLookupError) -> UIImage? {
        let set = try value(key)
        let asset = UIImageAsset()
        var registered = false
        for registration in try imageRegistrations(key) {
            guard let image = UIImage.themed(registration.variant)?.applying(set) else { continue }
            asset.register(image, with: UITraitCollection(registration))
            registered = true
        }
        return registered ? asset.image(with: .current) : nil
    }

    /// Keeps the manager's system traits equal to a window's: call it once with the app's
    /// window; dark mode, Increase Contrast, the display scale and the text size then reach every
    /// binding and dynamic value.
    @MainActor
    public func followTraits(of window: UIWindow) {
        updateSystemTraits(SystemTraits(window.traitCollection))
        let traits: [UITrait] = [UITraitUserInterfaceStyle.self, UITraitAccessibilityContrast.self,
                                 UITraitDisplayScale.self, UITraitPreferredContentSizeCategory.self]
        window.registerForTraitChanges(traits) { [weak self] (window: UIWindow, _: UITraitCollection) in
            self?.updateSystemTraits(SystemTraits(window.traitCollection))
        }
    }
}
#endif
