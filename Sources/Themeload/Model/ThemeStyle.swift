/// A style a theme declares: `light`, `dark`, or a custom one such as `pink`.
///
/// ```swift
/// let color = provider(.dark)
/// let pink = provider("pink")
/// ```
public struct ThemeStyle: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The style's name as the theme declares it.
    public var rawValue: String

    /// Creates a style from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a style from its name.
    public init(_ name: String) {
        self.rawValue = name
    }

    /// Creates a style from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The light appearance.
    public static let light = ThemeStyle("light")
    /// The dark appearance.
    public static let dark = ThemeStyle("dark")

    /// The style's name.
    public var description: String { rawValue }

    /// What is left of the style's name when its spelling is set aside: its letters lowercased,
    /// without `-`, `_`, `.` and spaces, and a last word naming increased contrast (`hc`, `ax`
    /// for accessibility, `increasedcontrast`) read as `highcontrast`. So `darkHighContrast`,
    /// `dark-high-contrast`, `Dark High Contrast`, `dark-hc` and `dark_ax` are one name, and
    /// `Dark` is `dark`: how token files spell the styles the standard ``StyleMapping`` looks for.
    public var spellingKey: String {
        var key = String(rawValue.lowercased().filter { !"-_. ".contains($0) })
        for word in ["increasedcontrast", "hc", "ax"] where key.count > word.count && key.hasSuffix(word) {
            key.removeLast(word.count)
            key += "highcontrast"
            break
        }
        return key
    }

    /// Decodes a style from its name.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the style as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
