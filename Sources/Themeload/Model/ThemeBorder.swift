/// A border: its color, width in points and line style, as a DTCG `border` token gives it. A level
/// property named `border` or `…Border` is one (docs/SPEC.md, section 11).
public struct ThemeBorder: Hashable, Sendable, Codable {
    /// How the border's line is drawn: a DTCG stroke style.
    public enum Style: Hashable, Sendable, Codable {
        /// A keyword: `solid`, `dashed`, `dotted`, `double`, `groove`, `ridge`, `outset` or `inset`.
        case named(String)
        /// Dashes and gaps of these lengths in points, with this line cap (`round`, `butt` or
        /// `square`), as `CAShapeLayer.lineDashPattern` takes them.
        case dashes([Double], lineCap: String)
    }

    /// The keywords of ``Style/named(_:)``.
    public static let styleNames = ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"]
    /// The line caps of ``Style/dashes(_:lineCap:)``.
    public static let lineCaps = ["round", "butt", "square"]

    /// The border's color.
    public var color: ThemeColor
    /// The width in points, 0 or more.
    public var width: Double
    /// The line style.
    public var style: Style

    /// A border; solid unless a style is given.
    public init(color: ThemeColor, width: Double, style: Style = .named("solid")) {
        self.color = color
        self.width = width
        self.style = style
    }
}
