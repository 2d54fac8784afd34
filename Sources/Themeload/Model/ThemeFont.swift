/// A font: a PostScript name or a family (with families to fall back on), a size, a weight and
/// whether it is italic.
public struct ThemeFont: Hashable, Sendable {
    /// A font weight, by name; `100...900` in a theme file stand for these in order.
    public enum Weight: String, CaseIterable, Sendable, Codable {
        /// 100.
        case ultraLight
        /// 200.
        case thin
        /// 300.
        case light
        /// 400: the default.
        case regular
        /// 500.
        case medium
        /// 600.
        case semibold
        /// 700.
        case bold
        /// 800.
        case heavy
        /// 900.
        case black

        /// The CSS-style number: 100 for `ultraLight` up to 900 for `black`.
        public var numericValue: Int { (Self.allCases.firstIndex(of: self) ?? 3) * 100 + 100 }

        /// The weight a number from 100 to 900 in steps of 100 stands for.
        public init?(numericValue: Int) {
            guard numericValue % 100 == 0, (100...900).contains(numericValue) else { return nil }
            self = Self.allCases[numericValue / 100 - 1]
        }
    }

    /// The PostScript name, such as `PingFangSC-Regular`.
    public var name: String?
    /// The family, such as `PingFang SC`.
    public var family: String?
    /// The families to try, in order, when the platform has no font by ``name`` or ``family``,
    /// as a CSS `font-family` list goes on (`["Helvetica Neue", "sans-serif"]`); see ``faces``.
    public var fallbackFamilies: [String]
    /// The point size, greater than 0.
    public var size: Double
    /// The weight (default `regular`).
    public var weight: Weight
    /// Whether the font is italic (default `false`).
    public var italic: Bool
    /// The distance between baselines as a multiple of ``size`` (DTCG typography's
    /// `lineHeight`; `NSParagraphStyle.lineHeightMultiple`), or `nil` for the font's own.
    public var lineHeight: Double?
    /// Extra space between characters in points (`NSAttributedString.Key.kern`), or `nil`.
    public var letterSpacing: Double?

    /// Creates a font.
    public init(name: String? = nil, family: String? = nil, fallbackFamilies: [String] = [], size: Double, weight: Weight = .regular,
                italic: Bool = false, lineHeight: Double? = nil, letterSpacing: Double? = nil) {
        self.name = name
        self.family = family
        self.fallbackFamilies = fallbackFamilies
        self.size = size
        self.weight = weight
        self.italic = italic
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
    }
}

extension ThemeFont: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, family, fallbackFamilies, size, weight, italic, lineHeight, letterSpacing
    }

    /// Decodes a font; one encoded before fonts had fallback families reads with none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decodeIfPresent(String.self, forKey: .name),
                  family: try container.decodeIfPresent(String.self, forKey: .family),
                  fallbackFamilies: try container.decodeIfPresent([String].self, forKey: .fallbackFamilies) ?? [],
                  size: try container.decode(Double.self, forKey: .size),
                  weight: try container.decode(Weight.self, forKey: .weight),
                  italic: try container.decode(Bool.self, forKey: .italic),
                  lineHeight: try container.decodeIfPresent(Double.self, forKey: .lineHeight),
                  letterSpacing: try container.decodeIfPresent(Double.self, forKey: .letterSpacing))
    }
}
