/// The canonical JSON form of a resolved theme (SPEC section 7), as `themeload export --format
/// json` writes it: colors `#RRGGBBAA`, fonts, image sets, insets, shadows, borders and gradients
/// in fixed shapes, every map of
/// names sorted by key.
extension Theme {
    /// The canonical JSON text, for every style or only `style`.
    ///
    /// - Parameters:
    ///   - style: write only this style's resolved data (it must be one of ``styles``); `nil`
    ///     writes them all.
    ///   - pretty: indent by two spaces (the default), or write one line.
    public func canonicalJSON(style: ThemeStyle? = nil, pretty: Bool = true) -> String {
        canonicalJSONValue(style: style).text(pretty: pretty)
    }

    /// The canonical JSON of one level: `{"name", "level", "resolved": {STYLE: {PROPERTY: VALUE}}}`,
    /// for every style or only `style`, each value in its canonical form. The level must be one
    /// of ``levels``.
    public func canonicalJSON(level: String, style: ThemeStyle? = nil, pretty: Bool = true) -> String {
        let chosen = style.map { [$0] } ?? styles
        return JSONValue.object([
            ("name", .string(name)),
            ("level", .string(level)),
            ("resolved", .object(chosen.map { ($0.rawValue, Self.sortedObject(resolved($0).levels.row(level)) { Self.json($0) }) })),
        ]).text(pretty: pretty)
    }

    /// The canonical JSON as a value; with `imagePath`, every image variant also gets a `"path"`
    /// member, that function's answer (the exports use it to say where the files are).
    package func canonicalJSONValue(style: ThemeStyle? = nil, imagePath: ((ImageVariant) -> String)? = nil) -> JSONValue {
        let chosen = style.map { [$0] } ?? styles
        return .object([
            ("name", .string(name)),
            ("styles", .array(styles.map { .string($0.rawValue) })),
            ("resolved", .object(chosen.map { ($0.rawValue, Self.json(resolved($0), imagePath: imagePath)) })),
        ])
    }

    private static func json(_ resolved: ResolvedStyle, imagePath: ((ImageVariant) -> String)?) -> JSONValue {
        let levels = resolved.levels
        let value = { (value: ThemeValue) in json(value, imagePath: imagePath) }
        return .object([
            ("palette", sortedObject(resolved.palette) { .string($0.canonicalText) }),
            ("fonts", sortedObject(resolved.fonts, json)),
            ("metrics", sortedObject(resolved.metrics, value)),
            ("images", sortedObject(resolved.images) { json($0, imagePath: imagePath) }),
            ("levels", .object(levels.levels.sorted().map { level in (level, sortedObject(levels.row(level), value)) })),
            ("custom", sortedObject(resolved.custom, value)),
        ])
    }

    private static func sortedObject<Value>(_ values: [String: Value], _ transform: (Value) -> JSONValue) -> JSONValue {
        .object(values.sorted { $0.key < $1.key }.map { ($0.key, transform($0.value)) })
    }

    static func json(_ value: ThemeValue, imagePath: ((ImageVariant) -> String)? = nil) -> JSONValue {
        switch value {
        case .color(let color): .string(color.canonicalText)
        case .font(let font): json(font)
        case .imageSet(let set): json(set, imagePath: imagePath)
        case .insets(let insets): json(insets)
        case .shadow(let shadow): json(shadow)
        case .border(let border): json(border)
        case .gradient(let gradient): json(gradient)
        case .string(let text): .string(text)
        case .integer(let number): .integer(number)
        case .number(let number): .double(number)
        case .bool(let flag): .bool(flag)
        case .list(let items): .array(items.map { json($0, imagePath: imagePath) })
        case .map(let map): sortedObject(map) { json($0, imagePath: imagePath) }
        }
    }

    static func json(_ font: ThemeFont) -> JSONValue {
        .object([
            ("name", font.name.map(JSONValue.string) ?? .null),
            ("family", font.family.map(JSONValue.string) ?? .null),
            ("size", .double(font.size)),
            ("weight", .string(font.weight.rawValue)),
            ("italic", .bool(font.italic)),
        ] + (font.fallbackFamilies.isEmpty ? [] : [("fallbackFamilies", .array(font.fallbackFamilies.map(JSONValue.string)))])
            + (font.lineHeight.map { [("lineHeight", .double($0))] } ?? []) + (font.letterSpacing.map { [("letterSpacing", .double($0))] } ?? []))
    }

    /// A shadow: always a list of layers, each with every member.
    static func json(_ shadow: ThemeShadow) -> JSONValue {
        .array(shadow.layers.map { layer in
            .object([
                ("color", .string(layer.color.canonicalText)), ("offsetX", .double(layer.offsetX)), ("offsetY", .double(layer.offsetY)),
                ("blur", .double(layer.blur)), ("spread", .double(layer.spread)), ("inset", .bool(layer.inset)),
            ])
        })
    }

    /// A border: `{color, width, style}`, the style a keyword or `{dashArray, lineCap}`.
    static func json(_ border: ThemeBorder) -> JSONValue {
        let style: JSONValue = switch border.style {
        case .named(let name): .string(name)
        case .dashes(let dashes, let lineCap): .object([("dashArray", .array(dashes.map(JSONValue.double))), ("lineCap", .string(lineCap))])
        }
        return .object([("color", .string(border.color.canonicalText)), ("width", .double(border.width)), ("style", style)])
    }

    /// A gradient: its stops, `[{color, position}]`.
    static func json(_ gradient: ThemeGradient) -> JSONValue {
        .array(gradient.stops.map { .object([("color", .string($0.color.canonicalText)), ("position", .double($0.position))]) })
    }

    static func json(_ set: ImageSet, imagePath: ((ImageVariant) -> String)? = nil) -> JSONValue {
        .object([
            ("variants", .array(set.variants.map { variant in
                .object([
                    ("file", .string(variant.file)),
                    ("scale", .integer(variant.scale)),
                    ("idiom", variant.idiom.map { .string($0.rawValue) } ?? .null),
                    ("style", variant.style.map { .string($0.rawValue) } ?? .null),
                ] + (imagePath.map { [("path", .string($0(variant)))] } ?? []))
            })),
            ("renderingMode", .string(set.renderingMode.rawValue)),
            ("capInsets", set.capInsets.map(json) ?? .null),
            ("resizingMode", .string(set.resizingMode.rawValue)),
        ])
    }

    static func json(_ insets: ThemeInsets) -> JSONValue {
        .object([
            ("top", .double(insets.top)), ("left", .double(insets.left)),
            ("bottom", .double(insets.bottom)), ("right", .double(insets.right)),
        ])
    }
}
