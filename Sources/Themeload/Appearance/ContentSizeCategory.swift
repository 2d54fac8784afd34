/// The user's preferred text size, as Dynamic Type names it; `large` is the default.
public enum ContentSizeCategory: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// Whether the category is one of the larger accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Orders categories from the smallest to the largest.
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
