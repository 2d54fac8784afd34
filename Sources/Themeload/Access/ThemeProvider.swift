/// A value that depends on the style, in the spirit of JXTheme's `(ThemeStyle) -> UIColor`:
/// call it with a style to get the value. It can never fail: every style the theme declares has
/// a value, and an undeclared style reads as the fallback style.
///
/// ```swift
/// let title = theme.colorProvider(level: "mainTitle", property: "textColor")!
/// label.textColor = title.map { UIColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) }(.dark)
/// ```
///
/// A provider made from a ``Theme`` holds one value per style, so a read is a short scan of the
/// (two or three) style names and an array index. A provider from a `ThemeManager` reads the
/// manager's current theme instead, so it follows reloads and theme switches.
public struct ThemeProvider<Value: Sendable>: Sendable {
    // Plain stored arrays rather than an enum payload: a read then retains nothing.
    private let styles: [ThemeStyle]
    private let values: [Value]
    private let live: (@Sendable (ThemeStyle) -> Value)?

    /// A provider with one value per style; the first style is the fallback.
    ///
    /// - Precondition: `styles` is not empty and has as many elements as `values`.
    public init(styles: [ThemeStyle], values: [Value]) {
        precondition(!styles.isEmpty && styles.count == values.count, "a provider needs one value per style")
        self.styles = styles
        self.values = values
        self.live = nil
    }

    /// A provider that computes its value on every read (used by `ThemeManager`).
    public init(_ read: @escaping @Sendable (ThemeStyle) -> Value) {
        self.styles = []
        self.values = []
        self.live = read
    }

    /// A provider that gives the same value in every style.
    public static func constant(_ value: Value) -> ThemeProvider<Value> {
        ThemeProvider(styles: [.light], values: [value])
    }

    /// The value for a style; an undeclared style gets the fallback style's value.
    @inlinable
    public func callAsFunction(_ style: ThemeStyle) -> Value {
        value(for: style)
    }

    /// The value for a style; an undeclared style gets the fallback style's value.
    public func value(for style: ThemeStyle) -> Value {
        if let live { return live(style) }
        var index = 0
        while index < styles.count {
            if styles[index] == style { return values[index] }
            index += 1
        }
        return values[0]
    }

    /// A provider of something made from this provider's value: a `UIColor`, a SwiftUI `Color`, a
    /// `CGFloat`. A fixed provider transforms each style's value once, here.
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) -> Other) -> ThemeProvider<Other> {
        if let live { return ThemeProvider<Other> { transform(live($0)) } }
        return ThemeProvider<Other>(styles: styles, values: values.map(transform))
    }
}

extension ThemeProvider where Value == ImageSet {
    /// The image file that best fits the traits (style, scale, idiom), as `UIImageAsset` picks.
    public func image(for traits: Traits) -> ImageVariant? {
        value(for: traits.style).bestResolvedVariant(for: traits)
    }
}
