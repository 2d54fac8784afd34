/// Reads a font value (SPEC section 6): `{name, family, size, weight, italic, lineHeight,
/// letterSpacing}` with `family` a name, a list of names to fall back on in order, or such a list
/// in one string as CSS writes it (`"Inter, 'Helvetica Neue', sans-serif"`)
/// (docs/SPEC.md section 11, "Font fallbacks"), `size` a length > 0 (section 11,
/// "Dimensions"), `weight` a name or 100...900 in steps of 100 (default `regular`), `italic` a
/// boolean (default false). Anything else is `invalid-font`.
enum FontParser {
    static let keys: Set<String> = ["name", "family", "size", "weight", "italic", "lineHeight", "letterSpacing"]
    /// Each weight by its name: one hash lookup, where `Weight(rawValue:)` compares the name with
    /// every case in turn.
    private static let weightsByName = Dictionary(uniqueKeysWithValues: ThemeFont.Weight.allCases.map { ($0.rawValue, $0) })

    /// `styles`, the theme's, name the key that keeps a map meant as values per style from
    /// being one (``StrayStyleKey``).
    static func parse(_ node: ThemeNode, path: @autoclosure () -> DocumentPath, dimensions: DimensionParser, styles: [String] = [],
                      diagnostics: inout DiagnosticCollector) -> ThemeFont? {
        func fail(_ message: String, at location: SourceLocation? = nil) -> ThemeFont? {
            diagnostics.error(.invalidFont, message, at: location ?? node.location, keyPath: path())
            return nil
        }
        guard let map = node.map else {
            return fail("invalid font \(node.summary): a font is a map of name, family, size, weight and italic")
        }
        // One pass finds each field's position; the first key that is none of them is reported
        // before anything else. (Positions, not the nodes: no entry is copied to be looked at, and
        // no optional node made and let go of for each field a font has not.)
        var nameAt, familyAt, sizeAt, weightAt, italicAt, lineHeightAt, spacingAt: Int?
        let entries = map.entries
        for position in entries.indices {
            switch entries[position].key {
            case "name": nameAt = position
            case "family": familyAt = position
            case "size": sizeAt = position
            case "weight": weightAt = position
            case "italic": italicAt = position
            case "lineHeight": lineHeightAt = position
            case "letterSpacing": spacingAt = position
            case let key:
                if StrayStyleKey.report(in: map, isField: keys.contains, kind: "font", styles: styles, path: path(), diagnostics: &diagnostics) { return nil }
                return fail("invalid font: unknown key \"\(key)\"" + Suggestion.phrase(for: key, among: keys), at: entries[position].keyLocation)
            }
        }
        var font = ThemeFont(size: 0)
        if let nameAt {
            let nameNode = entries[nameAt].node
            guard let text = nameNode.string, !text.isEmpty else { return fail("invalid font: name must be a non-empty string, not \(nameNode.summary)", at: nameNode.location) }
            font.name = text
        }
        if let familyAt {
            let familyNode = entries[familyAt].node
            if case .list(let items) = familyNode.value {
                // A fallback list, as CSS's font-family: the first family, then the others.
                guard !items.isEmpty else { return fail("invalid font: family must not be an empty list", at: familyNode.location) }
                for (position, item) in items.enumerated() {
                    guard let text = item.string, !text.isEmpty else {
                        return fail("invalid font: each family of the list must be a non-empty string, not \(item.summary)", at: item.location)
                    }
                    if position == 0 {
                        font.family = text
                        font.fallbackFamilies.reserveCapacity(items.count - 1)
                    } else {
                        font.fallbackFamilies.append(text)
                    }
                }
            } else {
                guard let text = familyNode.string, !text.isEmpty else {
                    return fail("invalid font: family must be a non-empty string, not \(familyNode.summary) (or a list of them to fall back on in order)", at: familyNode.location)
                }
                if text.utf8.contains(UInt8(ascii: ",")) {
                    // A CSS font-family list in one string: no family's name has a comma.
                    guard let names = CSSFontFamilyList.names(in: text) else {
                        return fail("invalid font: family \(familyNode.summary) is a CSS list with an empty name or a quote not closed "
                                    + "(\"Inter, 'Helvetica Neue', sans-serif\", or a list of names)", at: familyNode.location)
                    }
                    font.family = names[0]
                    font.fallbackFamilies = Array(names.dropFirst())
                } else {
                    font.family = text
                }
            }
        }
        guard let sizeAt else { return fail("invalid font: size is missing") }
        let sizeNode = entries[sizeAt].node
        guard let size = dimensions.points(sizeNode), size > 0 else {
            return fail("invalid font: size must be a length greater than 0, not \(sizeNode.summary)\(dimensions.overflowNote(sizeNode))", at: sizeNode.location)
        }
        font.size = size
        if let weightAt {
            let weightNode = entries[weightAt].node
            let number: Int64? = if case .scalar(let scalar) = weightNode.value { scalar.integer } else { nil }
            if let weight = weightNode.string.flatMap({ weightsByName[$0] }) ?? number.flatMap({ ThemeFont.Weight(numericValue: Int($0)) }) {
                font.weight = weight
            } else {
                let names = ThemeFont.Weight.allCases.map(\.rawValue)
                let hint = weightNode.string.map { Suggestion.phrase(for: $0, among: names) } ?? ""
                return fail("invalid font: weight \(weightNode.summary) is not one of \(names.joined(separator: " ")) or 100...900 in steps of 100\(hint)", at: weightNode.location)
            }
        }
        if let italicAt {
            let italicNode = entries[italicAt].node
            guard case .scalar(.bool(let italic)) = italicNode.value else {
                return fail("invalid font: italic must be true or false, not \(italicNode.summary)", at: italicNode.location)
            }
            font.italic = italic
        }
        if let lineHeightAt {
            let lineHeightNode = entries[lineHeightAt].node
            guard case .scalar(let scalar) = lineHeightNode.value, let lineHeight = scalar.number, lineHeight > 0, lineHeight.isFinite else {
                return fail("invalid font: lineHeight is a multiple of the size greater than 0 (1.5), not \(lineHeightNode.summary)", at: lineHeightNode.location)
            }
            font.lineHeight = lineHeight
        }
        if let spacingAt {
            let spacingNode = entries[spacingAt].node
            guard let spacing = dimensions.points(spacingNode) else {
                return fail("invalid font: letterSpacing \(spacingNode.summary) is not a length\(dimensions.overflowNote(spacingNode)); \(DimensionParser.acceptedForms)", at: spacingNode.location)
            }
            font.letterSpacing = spacing
        }
        return font
    }
}
