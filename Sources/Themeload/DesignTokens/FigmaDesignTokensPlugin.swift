/// The types of the Design Tokens Figma plugin (lukasoppermann/design-tokens), which exports a
/// Figma file's styles in the older `value`/`type` form for Style Dictionary: `custom-fontStyle`
/// for a text style, `custom-shadow` for a drop or inner shadow, `custom-stroke` for a stroke,
/// `custom-opacity` for an opacity. Each is read as the DTCG type it stands for, its value put
/// in DTCG's shape first (``dtcgValue(_:writtenType:)``). Its other types (`custom-gradient`
/// with a kind and rotation, `custom-grid`, `custom-transition`, `custom-spacing`,
/// `custom-radius` with a radius for each corner) have no typed form in a theme and stay data.
enum FigmaDesignTokensPlugin {
    /// The plugin's types that a theme reads, and the DTCG type each stands for.
    static let types: [String: TokenType] = [
        "custom-fontStyle": .typography, "custom-shadow": .shadow, "custom-stroke": .border, "custom-opacity": .number,
    ]

    /// A value of one of the plugin's ``types`` in DTCG's shape; any other as it is.
    /// - A text style's `lineHeight` is in pixels (the plugin turns Figma's percentages into
    ///   them): written `{"value": N, "unit": "px"}`, so that it is divided by the size, where a
    ///   bare number in a typography is a multiple of it. Its `fontStyle` is read by the
    ///   typography itself (``TokenValueConverter``), in every older-form file.
    /// - A shadow `{shadowType, radius, color, offsetX, offsetY, spread}` is DTCG's
    ///   `{color, offsetX, offsetY, blur, spread, inset}`: `radius` is the blur, and an
    ///   `innerShadow` is inset.
    /// - A stroke `{weight, color, dashPattern, lineCap, align, lineJoin, miterLimit}` is a
    ///   border `{color, width, style}`: solid where every dash is 0 (Figma's pattern for a plain
    ///   line), else `{dashArray, lineCap}` with Figma's cap `none` as `butt`. Where the stroke
    ///   sits (`align`) and how its corners join have no place in a border and are not read.
    static func dtcgValue(_ value: DocumentNode, writtenType: String) -> DocumentNode {
        guard case .map(let entries) = value.value else { return value }
        var result: [DocumentEntry] = []
        result.reserveCapacity(entries.count)
        func entry(_ key: String, _ node: DocumentNode, from original: DocumentEntry) {
            result.append(DocumentEntry(key: key, keyLocation: original.keyLocation, value: node))
        }
        switch writtenType {
        case "custom-fontStyle":
            for original in entries {
                if original.key == "lineHeight", original.value.value.number != nil {
                    entry("lineHeight", pixels(original.value), from: original)
                } else {
                    result.append(original)
                }
            }
        case "custom-shadow":
            for original in entries {
                switch original.key {
                case "radius": entry("blur", original.value, from: original)
                case "shadowType": entry("inset", DocumentNode(.bool(original.value.value.string == "innerShadow"), at: original.value.location), from: original)
                default: result.append(original)
                }
            }
        case "custom-stroke":
            let cap = entries.first { $0.key == "lineCap" }
            for original in entries {
                switch original.key {
                case "weight": entry("width", original.value, from: original)
                case "color": result.append(original)
                case "dashPattern": entry("style", strokeStyle(original.value, cap: cap?.value), from: original)
                default: break  // align, lineJoin, miterLimit; the cap goes into the style
                }
            }
        default:
            return value
        }
        return DocumentNode(.map(result), at: value.location)
    }

    /// A length in pixels as DTCG writes one.
    private static func pixels(_ node: DocumentNode) -> DocumentNode {
        DocumentNode(.map([
            DocumentEntry(key: "value", keyLocation: node.location, value: node),
            DocumentEntry(key: "unit", keyLocation: node.location, value: DocumentNode(.string("px"), at: node.location)),
        ]), at: node.location)
    }

    /// A stroke's dash pattern as a border's style: `solid` when it has no dash longer than 0.
    /// (Anything but a list of numbers is left as written, for the border's own message.)
    private static func strokeStyle(_ pattern: DocumentNode, cap: DocumentNode?) -> DocumentNode {
        guard case .list(let dashes) = pattern.value else { return pattern }
        if dashes.allSatisfy({ $0.value.number == 0 }) { return DocumentNode(.string("solid"), at: pattern.location) }
        var lineCap = cap ?? DocumentNode(.string("butt"), at: pattern.location)
        if lineCap.value.string == "none" { lineCap = DocumentNode(.string("butt"), at: lineCap.location) }
        return DocumentNode(.map([
            DocumentEntry(key: "dashArray", keyLocation: pattern.location, value: pattern),
            DocumentEntry(key: "lineCap", keyLocation: lineCap.location, value: lineCap),
        ]), at: pattern.location)
    }
}
