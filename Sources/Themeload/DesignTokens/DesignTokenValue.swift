/// A `custom` entry that a design token gave, read as its token's type (the type the theme's
/// token notes keep): what an export that writes values typed, the CSS export, needs of it.
///
/// Shadows, borders, gradients and stroke styles are read as a level property of their type reads
/// them; the other types from their resolved data, which loading checked. An entry the theme's
/// own files wrote, or a token kept as data for another reason (a typography in a relative
/// unit), is none.
package enum DesignTokenValue: Sendable, Equatable {
    case shadow(ThemeShadow)
    case border(ThemeBorder)
    case gradient(ThemeGradient)
    case strokeStyle(ThemeBorder.Style)
    /// The families, first choice first.
    case fontFamily([String])
    /// `x1, y1, x2, y2`.
    case cubicBezier([Double])
    /// Durations in seconds, and the timing function's `x1, y1, x2, y2`.
    case transition(duration: Double, delay: Double, timingFunction: [Double])
    case text(String)
    case link(String)
    case boolean(Bool)
    /// A dimension in a unit relative to what a theme does not know (`2vw`, `0.05em`, `4dp`).
    case relativeLength(amount: Double, unit: String)

    /// CSS's relative length units (CSS Values 4): relative to a font size (`em`, `ex`, `ch`,
    /// `lh`, `rlh`), a viewport or container (`vw`, `vh`, …) or a parent (`%`).
    package static let cssRelativeUnits: Set<String> = [
        "em", "ex", "ch", "lh", "rlh", "vw", "vh", "vmin", "vmax", "svw", "svh", "lvw", "lvh", "dvw", "dvh", "cqw", "cqh", "%",
    ]
}

extension Theme {
    /// The custom entry `name` of `style` as the design token that gave it (see
    /// ``DesignTokenValue``); `nil` for an entry no typed token gave. The lengths of a shadow,
    /// border or gradient written in `rem` take the theme's ``remSize``, as loading did.
    package func designTokenValue(custom name: String, in style: ThemeStyle) -> DesignTokenValue? {
        guard let type = tokenNotes[.custom, name]?.type, let value = resolved(style).custom[name] else { return nil }
        let dimensions = DimensionParser(remSize: remSize)
        var ignored = DiagnosticCollector()
        func node() -> ThemeNode { ThemeNode(Self.documentNode(value)) }
        func read(as kind: PropertyKind) -> ThemeValue? { self.read(customData: value, named: name, as: kind, diagnostics: &ignored) }
        switch type {
        case TokenType.shadow.name:
            return read(as: .shadow)?.shadow.map(DesignTokenValue.shadow)
        case TokenType.border.name:
            return read(as: .border)?.border.map(DesignTokenValue.border)
        case TokenType.gradient.name:
            return read(as: .gradient)?.gradient.map(DesignTokenValue.gradient)
        case TokenType.strokeStyle.name:
            return (try? StrokeStyleParser(dimensions: dimensions).parse(node()).get()).map(DesignTokenValue.strokeStyle)
        case TokenType.fontFamily.name:
            if case .string(let family) = value { return .fontFamily([family]) }
            guard case .list(let items) = value else { return nil }
            let families = items.compactMap { if case .string(let family) = $0 { family } else { nil } }
            return families.count == items.count && !families.isEmpty ? .fontFamily(families) : nil
        case TokenType.cubicBezier.name:
            return Self.numbers(value, count: 4).map(DesignTokenValue.cubicBezier)
        case TokenType.transition.name:
            // Durations as a DTCG file writes them, read as loading read them.
            let converter = TokenValueConverter(options: DesignTokenOptions(remSize: remSize), legacy: false, tokenCount: 0)
            guard case .map(let parts) = value, let duration = parts["duration"].flatMap({ converter.seconds(Self.documentNode($0)) }),
                  let delay = parts["delay"].flatMap({ converter.seconds(Self.documentNode($0)) }),
                  let timing = parts["timingFunction"].flatMap({ Self.numbers($0, count: 4) }) else { return nil }
            return .transition(duration: duration, delay: delay, timingFunction: timing)
        case TokenType.string.name:
            if case .string(let text) = value { return .text(text) }
            return nil
        case TokenType.link.name:
            if case .string(let text) = value { return .link(text) }
            return nil
        case TokenType.boolean.name:
            if case .bool(let flag) = value { return .boolean(flag) }
            return nil
        case TokenType.dimension.name:
            return TokenValueConverter.relativeDimension(Self.documentNode(value)).map { DesignTokenValue.relativeLength(amount: $0.amount, unit: $0.unit) }
        default:
            return nil
        }
    }

    /// A custom entry's data read as a level property of `kind` reads a value: the same parsers,
    /// lengths in `rem` taking the theme's ``remSize``; `nil` with the problem in `diagnostics`.
    /// (A typed key of the entry, ``ThemeKey/shadow(custom:)``, and the exports read it so.)
    func read(customData value: ThemeValue, named name: String, as kind: PropertyKind, diagnostics: inout DiagnosticCollector) -> ThemeValue? {
        TypedValueParser.parse(ThemeNode(Self.documentNode(value)), as: kind, path: DocumentPath(keys: DocumentShape.custom, name),
                               dimensions: DimensionParser(remSize: remSize), styles: styles.map(\.rawValue), diagnostics: &diagnostics)
    }

    /// Resolved data as the document node it was read from, for the parsers of typed values.
    private static func documentNode(_ value: ThemeValue) -> DocumentNode {
        let location = SourceLocation(file: "<custom>")
        let converted: DocumentValue = switch value {
        case .string(let text): .string(text)
        case .integer(let number): .integer(number)
        case .number(let number): .float(number)
        case .bool(let flag): .bool(flag)
        case .list(let items): .list(items.map(documentNode))
        case .map(let entries): .map(entries.sorted { $0.key < $1.key }.map { DocumentEntry(key: $0.key, keyLocation: location, value: documentNode($0.value)) })
        // Typed values are no token's data.
        case .color, .font, .imageSet, .insets, .shadow, .border, .gradient: .null
        }
        return DocumentNode(converted, at: location)
    }

    private static func number(_ value: ThemeValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .number(let number): number
        default: nil
        }
    }

    private static func numbers(_ value: ThemeValue, count: Int) -> [Double]? {
        guard case .list(let items) = value, items.count == count else { return nil }
        let numbers = items.compactMap(number)
        return numbers.count == count ? numbers : nil
    }
}
