/// A resolved value of a theme: typed where the theme format types it (colors, fonts, image
/// sets, insets), as written otherwise.
///
/// Fonts, borders and image sets are kept out of line (`indirect`): they are the largest
/// payloads, and inline they would make every value, colors and numbers included, twice the
/// size in a theme's level tables.
public enum ThemeValue: Hashable, Sendable {
    /// A color: a palette entry or a color property (`textColor`, `…Color`).
    case color(ThemeColor)
    /// A font: a `fonts` entry or a font property (`font`, `…Font`).
    indirect case font(ThemeFont)
    /// An image set: an `images` entry or an image property (`image`, `…Image`).
    indirect case imageSet(ImageSet)
    /// Insets: an insets property (`insets`, `…Insets`).
    case insets(ThemeInsets)
    /// A shadow: a shadow property (`shadow`, `…Shadow`).
    case shadow(ThemeShadow)
    /// A border: a border property (`border`, `…Border`).
    indirect case border(ThemeBorder)
    /// A gradient: a gradient property (`gradient`, `…Gradient`).
    case gradient(ThemeGradient)
    /// An untyped string.
    case string(String)
    /// An untyped integer, or a metric written as one.
    case integer(Int64)
    /// An untyped number with a fraction, or a metric written as one.
    case number(Double)
    /// An untyped boolean.
    case bool(Bool)
    /// An untyped list.
    case list([ThemeValue])
    /// An untyped map.
    case map([String: ThemeValue])

    /// The color, if this is one.
    public var color: ThemeColor? { if case .color(let value) = self { value } else { nil } }
    /// The font, if this is one.
    public var font: ThemeFont? { if case .font(let value) = self { value } else { nil } }
    /// The shadow, if this is one.
    public var shadow: ThemeShadow? { if case .shadow(let value) = self { value } else { nil } }
    /// The border, if this is one.
    public var border: ThemeBorder? { if case .border(let value) = self { value } else { nil } }
    /// The gradient, if this is one.
    public var gradient: ThemeGradient? { if case .gradient(let value) = self { value } else { nil } }
    /// The image set, if this is one.
    public var imageSet: ImageSet? { if case .imageSet(let value) = self { value } else { nil } }
    /// The insets, if these are.
    public var insets: ThemeInsets? { if case .insets(let value) = self { value } else { nil } }
    /// The string, if this is one.
    public var string: String? { if case .string(let value) = self { value } else { nil } }
    /// The boolean, if this is one.
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The number, if this is an integer or a number.
    public var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}

extension ThemeValue {
    /// How many values this one counts as against ``Limits/maxResolvedValues``, up to a little
    /// past `limit`: 1, and one more for each shadow layer, gradient stop, border dash and
    /// image variant, and for each item of an untyped list or map, with what it holds. (A
    /// value that many levels inherit, or that is the same in every style, is kept once, but
    /// a theme's level tables hold it, and its exports write it, at each of them.)
    func partCount(upTo limit: Int) -> Int {
        switch self {
        case .color, .font, .insets, .string, .integer, .number, .bool: 1
        case .shadow(let shadow): 1 + shadow.layers.count
        case .gradient(let gradient): 1 + gradient.stops.count
        case .border(let border):
            if case .dashes(let dashes, _) = border.style { 1 + dashes.count } else { 1 }
        case .imageSet(let set): 1 + set.variants.count
        case .list(let items):
            items.reduce(into: 1) { count, item in if count <= limit { count += item.partCount(upTo: limit - count) } }
        case .map(let entries):
            entries.values.reduce(into: 1) { count, item in if count <= limit { count += item.partCount(upTo: limit - count) } }
        }
    }

    /// What kind of value this is, for messages: "a color", "a string".
    var kindDescription: String {
        switch self {
        case .color: "a color"
        case .font: "a font"
        case .imageSet: "an image set"
        case .insets: "insets"
        case .shadow: "a shadow"
        case .border: "a border"
        case .gradient: "a gradient"
        case .string: "a string"
        case .integer, .number: "a number"
        case .bool: "a boolean"
        case .list: "a list"
        case .map: "a map"
        }
    }
}
