/// Reads insets (SPEC section 6): a number for all four sides, a list `[top, left, bottom,
/// right]`, or a map with those keys (missing ones 0). Anything else is a `type` error.
enum InsetsParser {
    static let sides = ["top", "left", "bottom", "right"]

    /// `styles`, the theme's, name the key that keeps a map meant as values per style from
    /// being one (``StrayStyleKey``).
    static func parse(_ node: ThemeNode, path: DocumentPath, styles: [String] = [], diagnostics: inout DiagnosticCollector) -> ThemeInsets? {
        func fail(_ message: String) -> ThemeInsets? {
            diagnostics.error(.type, message, at: node.location, keyPath: path)
            return nil
        }
        func number(_ node: ThemeNode) -> Double? {
            if case .scalar(let value) = node.value, let number = value.number, number.isFinite { number } else { nil }
        }
        switch node.value {
        case .scalar:
            guard let value = number(node) else { return fail("invalid insets \(node.summary): expected a number, a list [top, left, bottom, right] or a map") }
            return ThemeInsets(all: value)
        case .list(let items):
            let values = items.compactMap(number)
            guard items.count == 4, values.count == 4 else { return fail("invalid insets: a list of insets holds four numbers, top, left, bottom and right") }
            return ThemeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
        case .map(let map):
            var values: [Double] = []
            if let stray = map.keys.first(where: { !sides.contains($0) }) {
                if StrayStyleKey.report(in: map, isField: sides.contains, kind: "insets", styles: styles, path: path, diagnostics: &diagnostics) { return nil }
                return fail("invalid insets: unknown side \"\(stray)\"" + Suggestion.phrase(for: stray, among: sides))
            }
            for side in sides {
                guard let sideNode = map[side] else {
                    values.append(0)
                    continue
                }
                guard let value = number(sideNode) else { return fail("invalid insets: \(side) must be a number, not \(sideNode.summary)") }
                values.append(value)
            }
            return ThemeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
        case .patched:
            return fail("invalid insets")
        }
    }
}
