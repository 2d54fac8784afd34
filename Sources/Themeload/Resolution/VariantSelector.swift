/// Picks each value's variant for one style (SPEC section 6): a map whose keys are all declared
/// styles or `default` holds one value per style; for style S the value is S's entry, else
/// `default`, else the fallback style's entry. Anything else in the theme must resolve in every
/// style too, so a missing one is `missing-variant` at load time, never later.
struct VariantSelector {
    let merger: DocumentMerger
    let fallbackStyle: String

    /// The node with every variant map replaced by its value for `style`; `nil` (and a
    /// diagnostic) when some variant map has nothing for it. Entries that fail are left out of
    /// their map, so one bad value does not hide the others' problems.
    func select(_ node: ThemeNode, style: String, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> ThemeNode? {
        switch node.value {
        case .map(let map) where merger.isVariantMap(map):
            guard let chosen = map[style] ?? map["default"] ?? map[fallbackStyle] else {
                let present = map.keys.joined(separator: ", ")
                diagnostics.error(.missingVariant, "no value for style \(style): the variants are \(present), with no default",
                                  at: node.location, keyPath: path)
                return nil
            }
            return select(chosen, style: style, path: path, diagnostics: &diagnostics)
        case .map(let map):
            var selected = NodeMap()
            var failed = false
            for (key, child) in map.entries {
                if let value = select(child, style: style, path: path.appending(key), diagnostics: &diagnostics) {
                    selected[key, keyLocation: map.keyLocation(key)] = value
                } else {
                    failed = true
                }
            }
            return failed && selected.isEmpty ? nil : ThemeNode(.map(selected), at: node.location)
        case .list(let items):
            var selected: [ThemeNode] = []
            for (index, item) in items.enumerated() {
                if let value = select(item, style: style, path: path.appending(index: index), diagnostics: &diagnostics) {
                    selected.append(value)
                }
            }
            return ThemeNode(.list(selected), at: node.location)
        default:
            return node
        }
    }
}
