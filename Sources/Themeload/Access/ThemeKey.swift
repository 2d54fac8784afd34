/// A typed name of one value in a theme: a level property, a palette color, a named font, a
/// metric, an image set or a `custom` entry, with the type it is read as.
///
/// ```swift
/// let title = ThemeKey.color(level: "mainTitle")             // levels.mainTitle.textColor
/// let brand = ThemeKey.palette("brand")
/// let color = try manager.value(title)                        // the current style's ThemeColor
/// ```
///
/// Reading a key the theme lacks is an error where it is asked for (``ThemeLookupError``, with a
/// suggestion), never a default value. The typed keys the ThemeKeysPlugin generates give these
/// keys for a theme's own names, so a misspelt one does not compile.
public struct ThemeKey<Value: Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// Where the value stands in a theme.
    public typealias Location = ThemeKeyLocation

    /// Where the value stands.
    public let location: Location
    /// What the value must be, for messages: "a color", "a font".
    let kind: String
    /// The typed value out of a theme value; `nil` when it is of another type.
    let extract: @Sendable (ThemeValue) -> Value?
    /// Whether the key is a level's font, which a Dynamic Type `textStyle` scales.
    let scalesWithTextStyle: Bool
    /// How a `custom` entry's data is read: as a level property of this kind reads a value
    /// (``PropertyKind/untyped``: as it is).
    let customKind: PropertyKind

    init(_ location: Location, kind: String, scalesWithTextStyle: Bool = false, customKind: PropertyKind = .untyped,
         extract: @escaping @Sendable (ThemeValue) -> Value?) {
        self.location = location
        self.kind = kind
        self.scalesWithTextStyle = scalesWithTextStyle
        self.customKind = customKind
        self.extract = extract
    }

    /// The key path: `levels.mainTitle.textColor`, `palette.brand`.
    public var description: String {
        switch location {
        case .level(let level, let property): "levels.\(level).\(property)"
        case .palette(let name): "palette.\(name)"
        case .font(let name): "fonts.\(name)"
        case .metric(let name): "metrics.\(name)"
        case .image(let name): "images.\(name)"
        case .custom(let name): "custom.\(name)"
        }
    }

    /// Keys are equal when they name the same place and type.
    public static func == (lhs: ThemeKey, rhs: ThemeKey) -> Bool { lhs.location == rhs.location && lhs.kind == rhs.kind }

    /// Hashes the place and type.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(kind)
    }
}

extension ThemeKey where Value == ThemeValue {
    /// Any property of a level, untyped.
    public static func level(_ level: String, _ property: String) -> ThemeKey {
        ThemeKey(.level(level, property: property), kind: "a value") { $0 }
    }

    /// A `custom` entry as it resolved: a design token's data (`motion.ease`, a cubic Bézier, is
    /// a list of four numbers), or the theme's own.
    public static func custom(_ name: String) -> ThemeKey {
        ThemeKey(.custom(name), kind: "a value") { $0 }
    }
}

extension ThemeKey where Value == ThemeColor {
    /// A level's color property, `textColor` by default.
    public static func color(level: String, _ property: String = "textColor") -> ThemeKey {
        ThemeKey(.level(level, property: property), kind: "a color", extract: \.color)
    }

    /// A palette color.
    public static func palette(_ name: String) -> ThemeKey {
        ThemeKey(.palette(name), kind: "a color", extract: \.color)
    }

    /// A `custom` entry read as a color, in any form a level's `…Color` property takes.
    public static func color(custom name: String) -> ThemeKey {
        ThemeKey(.custom(name), kind: "a color", customKind: .color, extract: \.color)
    }
}

extension ThemeKey where Value == ThemeFont {
    /// A level's font property, `font` by default. Where the level names a Dynamic Type
    /// `textStyle`, reads for ``SystemTraits`` scale it to the preferred text size.
    public static func font(level: String, _ property: String = "font") -> ThemeKey {
        ThemeKey(.level(level, property: property), kind: "a font", scalesWithTextStyle: true, extract: \.font)
    }

    /// A named font.
    public static func font(named name: String) -> ThemeKey {
        ThemeKey(.font(name), kind: "a font", extract: \.font)
    }
}

extension ThemeKey where Value == ThemeInsets {
    /// A level's insets property, `insets` by default.
    public static func insets(level: String, _ property: String = "insets") -> ThemeKey {
        ThemeKey(.level(level, property: property), kind: "insets", extract: \.insets)
    }

    /// A `custom` entry read as insets, as a level's `…Insets` property reads them (a Tokens Studio
    /// spacing of two to four values is kept in `custom` as insets).
    public static func insets(custom name: String) -> ThemeKey {
        ThemeKey(.custom(name), kind: "insets", customKind: .insets, extract: \.insets)
    }
}

extension ThemeKey where Value == ThemeShadow {
    /// A level's shadow property, `shadow` by default.
    public static func shadow(level: String, _ property: String = "shadow") -> ThemeKey {
        ThemeKey(.level(level, property: property), kind: "a shadow", extract: \.shadow)
    }

    /// A `custom` entry read as a shadow, as a level's `…Shadow` property reads it: a DTCG shadow
    /// token (`elevation.card`), whose lengths in `rem` take the `rem` the theme was loaded with,
    /// or a shadow the theme wrote there itself.
    public static func shadow(custom name: String) -> ThemeKey {
        ThemeKey(.custom(name), kind: "a shadow", customKind: .shadow, extract: \.shadow)
    }
}

extension ThemeKey where Value == ThemeBorder {
    /// A level's border property, `border` by default.
    public static func border(level: String, _ property: String = "border") -> ThemeKey {
        ThemeKey(.level(level, property: property), kind: "a border", extract: \.border)
    }

    /// A `custom` entry read as a border, as a level's `…Border` property reads it: a DTCG border
    /// token (`outline.focus`), or a border the theme wrote there itself.
    public static func border(custom name: String) -> ThemeKey {
        ThemeKey(.custom(name), kind: "a border", customKind: .border, extract: \.border)
    }
}

extension ThemeKey where Value == ThemeGradient {
    /// A level's gradient property, `gradient` by default.
    public static func gradient(level: String, _ property: String = "gradient") -> ThemeKey {
        ThemeKey(.level(level, property: property), kind: "a gradient", extract: \.gradient)
    }

    /// A `custom` entry read as a gradient, as a level's `…Gradient` property reads it: a DTCG
    /// gradient token (`fade.hero`), or a gradient the theme wrote there itself.
    public static func gradient(custom name: String) -> ThemeKey {
        ThemeKey(.custom(name), kind: "a gradient", customKind: .gradient, extract: \.gradient)
    }
}

extension ThemeKey where Value == ImageSet {
    /// A level's image property, `image` by default.
    public static func image(level: String, _ property: String = "image") -> ThemeKey {
        ThemeKey(.level(level, property: property), kind: "an image set", extract: \.imageSet)
    }

    /// A named image set.
    public static func image(named name: String) -> ThemeKey {
        ThemeKey(.image(name), kind: "an image set", extract: \.imageSet)
    }
}

extension ThemeKey where Value == Double {
    /// A level's numeric property (`cornerRadius`, `alpha`).
    public static func number(level: String, _ property: String) -> ThemeKey {
        ThemeKey(.level(level, property: property), kind: "a number", extract: \.number)
    }

    /// A metric.
    public static func metric(_ name: String) -> ThemeKey {
        ThemeKey(.metric(name), kind: "a number", extract: \.number)
    }

    /// A `custom` entry that is a number.
    public static func number(custom name: String) -> ThemeKey {
        ThemeKey(.custom(name), kind: "a number", extract: \.number)
    }
}
