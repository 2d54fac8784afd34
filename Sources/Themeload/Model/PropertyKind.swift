/// The kind of value a level property holds, from its name (SPEC section 5): `color` or a name
/// ending in `Color` is a color, `font`/`…Font` a font, `image`/`…Image` an image set,
/// `insets`/`…Insets` insets; any other property keeps its value as written.
public enum PropertyKind: String, Sendable, CaseIterable {
    /// `color` or a name ending in `Color`: a ``ThemeColor``.
    case color
    /// `font` or a name ending in `Font`: a ``ThemeFont``.
    case font
    /// `image` or a name ending in `Image`: an ``ImageSet``.
    case image
    /// `insets` or a name ending in `Insets`: ``ThemeInsets``.
    case insets
    /// `shadow` or a name ending in `Shadow`: ``ThemeShadow``.
    case shadow
    /// `border` or a name ending in `Border`: ``ThemeBorder``.
    case border
    /// `gradient` or a name ending in `Gradient`: ``ThemeGradient``.
    case gradient
    /// Any other name: the value as written.
    case untyped

    /// The kind a property of this name holds.
    public init(propertyName name: String) {
        // Compared by bytes: a resolver asks for every property of every level.
        let utf8 = name.utf8
        for (kind, suffix) in Self.suffixes {
            let whole = kind.rawValue.utf8, tail = suffix.utf8
            if utf8.elementsEqual(whole) {
                self = kind
                return
            }
            guard utf8.count >= tail.count, utf8.suffix(tail.count).elementsEqual(tail) else { continue }
            // After a non-ASCII byte the suffix might not start a character of its own.
            if utf8.count == tail.count || utf8[utf8.index(utf8.endIndex, offsetBy: -tail.count - 1)] < 0x80 || name.hasSuffix(suffix) {
                self = kind
                return
            }
        }
        self = .untyped
    }

    /// The typed kinds and the suffix that gives each (`Color` for `color`).
    private static let suffixes: [(PropertyKind, String)] = [
        (.color, "Color"), (.font, "Font"), (.image, "Image"), (.insets, "Insets"), (.shadow, "Shadow"), (.border, "Border"), (.gradient, "Gradient"),
    ]

    /// What the kind holds, for messages and documentation: "a color", "an image set", "insets".
    public var description: String {
        switch self {
        case .color: "a color"
        case .font: "a font"
        case .image: "an image set"
        case .insets: "insets"
        case .shadow: "a shadow"
        case .border: "a border"
        case .gradient: "a gradient"
        case .untyped: "a value kept as written"
        }
    }
}
