/// A Dynamic Type text style. A level opts into Dynamic Type by naming one in its `textStyle`
/// property (`textStyle: body`); its fonts then grow and shrink with the user's preferred text
/// size as that style does, by the sizes of Apple's Human Interface Guidelines.
public enum TextStyle: String, Hashable, Sendable, CaseIterable, Codable {
    /// Large titles (34 pt at the default size).
    case largeTitle
    /// First-level headings (28 pt).
    case title1
    /// Second-level headings (22 pt).
    case title2
    /// Third-level headings (20 pt).
    case title3
    /// Headings (17 pt, semibold).
    case headline
    /// Body text (17 pt).
    case body
    /// Callouts (16 pt).
    case callout
    /// Subheadings (15 pt).
    case subheadline
    /// Footnotes (13 pt).
    case footnote
    /// Captions (12 pt).
    case caption1
    /// Secondary captions (11 pt).
    case caption2

    /// The point size of the style at each ``ContentSizeCategory``, smallest first (the iOS
    /// table of the Human Interface Guidelines, "Dynamic Type sizes").
    public var pointSizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// How much the style grows at `category` against the default size, `large` (as
    /// `UIFontMetrics` scales a custom font).
    public func scaleFactor(at category: ContentSizeCategory) -> Double {
        let sizes = pointSizes
        let index = ContentSizeCategory.allCases.firstIndex(of: category) ?? 3
        return sizes[index] / sizes[3]
    }
}

extension ThemeFont {
    /// The font at the user's preferred text size for a Dynamic Type style: its size times the
    /// style's growth from `large`, rounded to a tenth of a point.
    public func scaled(as textStyle: TextStyle, to category: ContentSizeCategory) -> ThemeFont {
        var font = self
        font.size = (size * textStyle.scaleFactor(at: category) * 10).rounded() / 10
        return font
    }
}
