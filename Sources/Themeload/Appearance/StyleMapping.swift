/// Which of a theme's styles stands for what the system reports.
///
/// ``standard`` maps dark with Increase Contrast to `darkHighContrast` where the theme declares
/// it, else `dark`; light with Increase Contrast to `lightHighContrast`, else `light`; and each
/// appearance to the style of its name; a style the theme lacks gives way to its fallback style.
/// Each of those names is also found spelt as design-token files spell their modes and contexts
/// (``ThemeStyle/spellingKey``): `Dark` (Figma's modes), `dark-high-contrast` (GitHub Primer's
/// themes), `dark-hc` (the DTCG examples' Primer set), `dark_ax` (their Apple HIG set's
/// increased-contrast colors). An app with styles of other names supplies its own:
///
/// ```swift
/// let mapping = StyleMapping { traits, styles in
///     traits.appearance == .dark ? "midnight" : "paper"
/// }
/// ```
///
/// A mapping may return any name; one the theme does not declare reads as its fallback style.
public struct StyleMapping: Sendable {
    private let choose: @Sendable (SystemTraits, [ThemeStyle]) -> ThemeStyle

    /// A mapping from a function of the traits and the theme's declared styles.
    public init(_ choose: @escaping @Sendable (_ traits: SystemTraits, _ styles: [ThemeStyle]) -> ThemeStyle) {
        self.choose = choose
    }

    /// The style for `traits` among a theme's `styles` (the first being its fallback style).
    public func style(for traits: SystemTraits, among styles: [ThemeStyle]) -> ThemeStyle {
        choose(traits, styles)
    }

    /// The preferred style names for traits, best first, before the theme's fallback style.
    public static func preferredNames(for traits: SystemTraits) -> [String] {
        let base = traits.appearance.rawValue
        return traits.contrast == .high ? [base + "HighContrast", base] : [base]
    }

    /// The mapping described above: for each preferred name in turn, the style of that name,
    /// else the first declared style spelt as it (the same ``ThemeStyle/spellingKey``).
    public static let standard = StyleMapping { traits, styles in
        for name in preferredNames(for: traits) {
            if styles.contains(ThemeStyle(name)) { return ThemeStyle(name) }
            let key = ThemeStyle(name).spellingKey
            if let spelt = styles.first(where: { $0.spellingKey == key }) { return spelt }
        }
        return styles.first ?? .light
    }
}
