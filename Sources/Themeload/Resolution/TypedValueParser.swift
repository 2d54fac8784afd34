/// Reads a value as the level properties of one kind read it (docs/SPEC.md, section 5): the
/// parsers of colors, insets, shadows, borders and gradients. The resolver reads level cells with
/// it, and a typed key of a `custom` entry (``ThemeKey/shadow(custom:)``) reads the entry's data
/// with it, so both read a value alike.
enum TypedValueParser {
    /// The value, or `nil` with the problem in `diagnostics`. Fonts and image sets, which need
    /// more than the node to read, and untyped values are not read here (`nil`, and nothing
    /// reported). `styles`, the theme's, name the key that keeps a map meant as values per style
    /// from being one (``StrayStyleKey``).
    static func parse(_ node: ThemeNode, as kind: PropertyKind, path: @autoclosure () -> DocumentPath, dimensions: DimensionParser, styles: [String],
                      diagnostics: inout DiagnosticCollector) -> ThemeValue? {
        switch kind {
        case .color: ColorParser.parse(node, path: path(), styles: styles, diagnostics: &diagnostics).map(ThemeValue.color)
        case .insets: InsetsParser.parse(node, path: path(), styles: styles, diagnostics: &diagnostics).map(ThemeValue.insets)
        case .shadow: ShadowParser(dimensions: dimensions, styles: styles).parse(node, path: path(), diagnostics: &diagnostics).map(ThemeValue.shadow)
        case .border: BorderParser(dimensions: dimensions, styles: styles).parse(node, path: path(), diagnostics: &diagnostics).map(ThemeValue.border)
        case .gradient: GradientParser.parse(node, path: path(), styles: styles, diagnostics: &diagnostics).map(ThemeValue.gradient)
        case .font, .image, .untyped: nil
        }
    }
}
