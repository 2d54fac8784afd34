/// Reads a font value (SPEC section 6): `{name, family, size, weight, italic, lineHeight,
/// letterSpacing}` with `size` a length > 0 (docs/SPEC.md section 11, "Dimensions"),
/// `weight` a name or 100...900 in steps of 100 (default `regular`), `italic` a boolean (default
/// false). Anything else is `invalid-font`.
enum FontParser {
    static let keys: Set<String> = ["name", "family", "size", "weight", "italic", "lineHeight", "letterSpacing"]

    static func parse(_ node: ThemeNode, path: @autoclosure () -> DocumentPath, dimensions: DimensionParser, diagnostics: inout DiagnosticCollector) -> ThemeFont? {
        func fail(_ message: String, at location: SourceLocation? = nil) -> ThemeFont? {
            diagnostics.error(.invalidFont, message, at: location ?? node.location, keyPath: path())
            return nil
        }
        guard let map = node.map else {
            return fail("invalid font \(node.summary): a font is a map of name, family, size, weight and italic")
        }
        if let stray = map.keys.first(where: { !keys.contains($0) }) {
            return fail("invalid font: unknown key \"\(stray)\"" + Suggestion.phrase(for: stray, among: keys), at: map.keyLocation(stray))
        }
        var font = ThemeFont(size: 0)
        for key in ["name", "family"] {
            guard let value = map[key] else { continue }
            guard let text = value.string, !text.isEmpty else { return fail("invalid font: \(key) must be a non-empty string, not \(value.summary)", at: value.location) }
            if key == "name" { font.name = text } else { font.family = text }
        }
        guard let sizeNode = map["size"] else { return fail("invalid font: size is missing") }
        guard let size = dimensions.points(sizeNode), size > 0 else {
            return fail("invalid font: size must be a length greater than 0, not \(sizeNode.summary)", at: sizeNode.location)
        }
        font.size = size
        if let weightNode = map["weight"] {
            switch weightNode.value {
            case .scalar(.string(let name)) where ThemeFont.Weight(rawValue: name) != nil:
                font.weight = ThemeFont.Weight(rawValue: name) ?? .regular
            case .scalar(let scalar) where scalar.integer.flatMap({ ThemeFont.Weight(numericValue: Int($0)) }) != nil:
                font.weight = scalar.integer.flatMap { ThemeFont.Weight(numericValue: Int($0)) } ?? .regular
            default:
                let names = ThemeFont.Weight.allCases.map(\.rawValue)
                let hint = weightNode.string.map { Suggestion.phrase(for: $0, among: names) } ?? ""
                return fail("invalid font: weight \(weightNode.summary) is not one of \(names.joined(separator: " ")) or 100...900 in steps of 100\(hint)", at: weightNode.location)
            }
        }
        if let italicNode = map["italic"] {
            guard case .scalar(.bool(let italic)) = italicNode.value else {
                return fail("invalid font: italic must be true or false, not \(italicNode.summary)", at: italicNode.location)
            }
            font.italic = italic
        }
        if let lineHeightNode = map["lineHeight"] {
            guard case .scalar(let scalar) = lineHeightNode.value, let lineHeight = scalar.number, lineHeight > 0, lineHeight.isFinite else {
                return fail("invalid font: lineHeight is a multiple of the size greater than 0 (1.5), not \(lineHeightNode.summary)", at: lineHeightNode.location)
            }
            font.lineHeight = lineHeight
        }
        if let spacingNode = map["letterSpacing"] {
            guard let spacing = dimensions.points(spacingNode) else {
                return fail("invalid font: letterSpacing \(spacingNode.summary) is not a length; \(DimensionParser.acceptedForms)", at: spacingNode.location)
            }
            font.letterSpacing = spacing
        }
        return font
    }
}
