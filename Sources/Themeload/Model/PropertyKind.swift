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
        var name = name
        self = name.withUTF8(Self.kind(ofUTF8:)) ?? Self.kindByCharacters(name)
    }

    /// The kind of an all-ASCII-before-its-suffix name from its bytes, or `nil` when a non-ASCII
    /// byte stands just before a typed suffix, where only characters can tell.
    private static func kind(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> PropertyKind? {
        // Every typed name ends in one of these letters: most untyped names go no further.
        guard let last = bytes.last, last == UInt8(ascii: "r") || last == UInt8(ascii: "t") || last == UInt8(ascii: "e")
            || last == UInt8(ascii: "s") || last == UInt8(ascii: "w") else { return .untyped }
        for (kind, whole, tail) in byteSuffixes {
            if bytes.elementsEqual(whole) { return kind }
            guard bytes.count >= tail.count, bytes[(bytes.count - tail.count)...].elementsEqual(tail) else { continue }
            // After a non-ASCII byte the suffix might not start a character of its own.
            if bytes.count == tail.count || bytes[bytes.count - tail.count - 1] < 0x80 { return kind }
            return nil
        }
        return .untyped
    }

    /// The kind by comparing characters, for a name with a non-ASCII byte before a typed suffix.
    private static func kindByCharacters(_ name: String) -> PropertyKind {
        suffixes.first { name.hasSuffix($0.1) }?.0 ?? .untyped
    }

    /// The typed kinds and the suffix that gives each (`Color` for `color`).
    private static let suffixes: [(PropertyKind, String)] = [
        (.color, "Color"), (.font, "Font"), (.image, "Image"), (.insets, "Insets"), (.shadow, "Shadow"), (.border, "Border"), (.gradient, "Gradient"),
    ]

    /// ``suffixes`` as bytes: each kind, its whole name (`color`) and its suffix (`Color`).
    private static let byteSuffixes: [(PropertyKind, [UInt8], [UInt8])] = suffixes.map { ($0.0, Array($0.0.rawValue.utf8), Array($0.1.utf8)) }

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
