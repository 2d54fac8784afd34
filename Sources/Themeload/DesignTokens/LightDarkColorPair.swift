/// A color token's value written as a list of two colors, the first for light surfaces and the
/// second for dark ones, as Red Hat's design tokens write their "responsive" colors
/// (`$value: ['{color.text.primary.on-light}', '{color.text.primary.on-dark}']`) and as CSS's
/// `light-dark()` takes its two colors. It is the theme's variant map `{light: FIRST, dark:
/// SECOND}` (SPEC section 6): a style of the theme other than those two takes the value of its
/// fallback chain, else the fallback style's, as with any variant map. DTCG gives a list no
/// meaning as a color, so no valid file reads otherwise.
enum LightDarkColorPair {
    /// The style each item of the list stands for, in order.
    static let styles = ["light", "dark"]

    /// The variant map the list stands for, or `nil` when it is no list.
    /// `.failure` holds the problem when it is a list but not of two values.
    static func variants(of value: DocumentNode) -> Result<DocumentNode, Problem>? {
        guard case .list(let items) = value.value else { return nil }
        guard items.count == styles.count else { return .failure(Problem(count: items.count)) }
        let entries = zip(styles, items).map { style, item in DocumentEntry(key: style, keyLocation: item.location, value: item) }
        return .success(DocumentNode(.map(entries), at: value.location))
    }

    /// A composite value (a border, a shadow or its layers, a gradient's stops) with each part
    /// `color` that is a list of two colors (an alias to such a token puts one there) made its
    /// variant map, or, given `style` (an index into ``styles``), that style's color, to check
    /// the composite as each style will read it. A list of another length is left for the
    /// composite's check to report.
    static func inComposite(_ value: DocumentNode, style: Int? = nil) -> DocumentNode {
        switch value.value {
        case .list(let items) where items.contains(where: holdsColorPair):
            return DocumentNode(.list(items.map { inComposite($0, style: style) }), at: value.location)
        case .map(var entries):
            guard let index = entries.firstIndex(where: { $0.key == "color" }), case .list(let colors) = entries[index].value.value,
                  case .success(let variants)? = variants(of: entries[index].value) else { return value }
            entries[index].value = style.map { colors[$0] } ?? variants
            return DocumentNode(.map(entries), at: value.location)
        default:
            return value
        }
    }

    /// Whether a composite value holds a part `color` that is a list of two colors.
    static func isInComposite(_ value: DocumentNode) -> Bool {
        if case .list(let items) = value.value { return items.contains(where: holdsColorPair) }
        return holdsColorPair(value)
    }

    private static func holdsColorPair(_ node: DocumentNode) -> Bool {
        guard case .map = node.value, case .list(let items)? = node["color"]?.value else { return false }
        return items.count == styles.count
    }

    /// A list of another length than two as a color.
    struct Problem: Error {
        let count: Int

        var message: String {
            "a color token's value that is a list holds two colors, for light and for dark surfaces (as CSS's light-dark() takes them), not \(count)"
        }
    }
}
