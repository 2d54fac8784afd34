#if canImport(UIKit) && !os(watchOS)
import Themeload
import UIKit

/// Bindings for the properties apps theme most: each applies at once and after every style,
/// theme and trait change, holds the view weakly and ends with it (``ThemeManager/bind(_:to:apply:)``).
@MainActor
extension ThemeManager {
    /// A view's background color.
    @discardableResult
    public func bind(_ view: UIView, backgroundColor key: ThemeKey<ThemeColor>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(view, to: key) { view, color in view.backgroundColor = UIColor(color) }
    }

    /// A view's tint color.
    @discardableResult
    public func bind(_ view: UIView, tintColor key: ThemeKey<ThemeColor>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(view, to: key) { view, color in view.tintColor = UIColor(color) }
    }

    /// A label's text color.
    @discardableResult
    public func bind(_ label: UILabel, textColor key: ThemeKey<ThemeColor>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(label, to: key) { label, color in label.textColor = UIColor(color) }
    }

    /// A label's font (scaled for Dynamic Type where the level names a `textStyle`).
    @discardableResult
    public func bind(_ label: UILabel, font key: ThemeKey<ThemeFont>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(label, to: key) { label, font in label.font = .themed(font) }
    }

    /// A button's title color for a control state.
    @discardableResult
    public func bind(_ button: UIButton, titleColor key: ThemeKey<ThemeColor>, for state: UIControl.State = .normal) throws(ThemeLookupError) -> ThemeBinding {
        try bind(button, to: key) { button, color in button.setTitleColor(UIColor(color), for: state) }
    }

    /// A text field's text color.
    @discardableResult
    public func bind(_ field: UITextField, textColor key: ThemeKey<ThemeColor>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(field, to: key) { field, color in field.textColor = UIColor(color) }
    }

    /// A text field's font.
    @discardableResult
    public func bind(_ field: UITextField, font key: ThemeKey<ThemeFont>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(field, to: key) { field, font in field.font = .themed(font) }
    }

    /// A text view's text color.
    @discardableResult
    public func bind(_ view: UITextView, textColor key: ThemeKey<ThemeColor>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(view, to: key) { view, color in view.textColor = UIColor(color) }
    }

    /// A text view's font.
    @discardableResult
    public func bind(_ view: UITextView, font key: ThemeKey<ThemeFont>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(view, to: key) { view, font in view.font = .themed(font) }
    }

    /// An image view's image, with every variant registered in a `UIImageAsset`.
    @discardableResult
    public func bind(_ view: UIImageView, image key: ThemeKey<ImageSet>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(view, to: key) { [weak self] view, _ in view.image = try? self?.image(key) }
    }

    /// A layer's border color. A `CGColor` does not follow traits by itself; the binding sets it
    /// again after each trait change the manager is told of (``followTraits(of:)``).
    @discardableResult
    public func bind(_ layer: CALayer, borderColor key: ThemeKey<ThemeColor>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(layer, to: key) { layer, color in layer.borderColor = color.cgColor }
    }

    /// A layer's shadow color, set again after each trait change.
    @discardableResult
    public func bind(_ layer: CALayer, shadowColor key: ThemeKey<ThemeColor>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(layer, to: key) { layer, color in layer.shadowColor = color.cgColor }
    }

    /// A layer's background color, set again after each trait change.
    @discardableResult
    public func bind(_ layer: CALayer, backgroundColor key: ThemeKey<ThemeColor>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(layer, to: key) { layer, color in layer.backgroundColor = color.cgColor }
    }

    /// A navigation bar's standard and scroll-edge appearance: an opaque background and the
    /// title's color.
    @discardableResult
    public func bind(_ bar: UINavigationBar, background: ThemeKey<ThemeColor>, title: ThemeKey<ThemeColor>) throws(ThemeLookupError) -> ThemeBinding {
        let titleKey = try checked(title)
        return try bind(bar, to: background) { [weak self] bar, color in
            let appearance = UINavigationBarAppearance()
            appearance.configureWithOpaqueBackground()
            appearance.backgroundColor = UIColor(color)
            let titleColor = UIColor(self?[titleKey] ?? titleKey.valueWhenChecked)
            appearance.titleTextAttributes = [.foregroundColor: titleColor]
            appearance.largeTitleTextAttributes = [.foregroundColor: titleColor]
            bar.standardAppearance = appearance
            bar.scrollEdgeAppearance = appearance
        }
    }

    /// A tab bar's standard and scroll-edge appearance: an opaque background.
    @discardableResult
    public func bind(_ bar: UITabBar, background key: ThemeKey<ThemeColor>) throws(ThemeLookupError) -> ThemeBinding {
        try bind(bar, to: key) { bar, color in
            let appearance = UITabBarAppearance()
            appearance.configureWithOpaqueBackground()
            appearance.backgroundColor = UIColor(color)
            bar.standardAppearance = appearance
            bar.scrollEdgeAppearance = appearance
        }
    }
}
#endif
