/// The user's preferred text size, as Dynamic Type names it; `large` is the default.
public enum ContentSizeCategory: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    /// The smallest size (xSmall in Settings).
    case extraSmall
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large: the default.
    case large
    /// Extra large (xLarge).
    case extraLarge
    /// Extra extra large (xxLarge).
    case extraExtraLarge
    /// The largest size without the accessibility sizes (xxxLarge).
    case extraExtraExtraLarge
    /// The first of the larger accessibility sizes (AX1).
    case accessibilityMedium
    /// Accessibility large (AX2).
    case accessibilityLarge
    /// Accessibility extra large (AX3).
    case accessibilityExtraLarge
    /// Accessibility extra extra large (AX4).
    case accessibilityExtraExtraLarge
    /// The largest size of all (AX5).
    case accessibilityExtraExtraExtraLarge

    /// Whether the category is one of the larger accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Orders categories from the smallest to the largest.
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
