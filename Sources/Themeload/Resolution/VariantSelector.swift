/// Picks each value's variant for one style (SPEC section 6): a map whose keys are all declared
/// styles or `default` holds one value per style; for style S the value is S's entry, else that
/// of S's fallback chain, else `default`, else the fallback style's entry. Anything else in the theme must resolve in every
/// style too, so a missing one is `missing-variant` at load time, never later.
struct VariantSelector {
    let merger: DocumentMerger
    /// The theme's fallback style.
    private let fallbackStyle: String
    /// The lookup order (``StyleList/lookupOrder(for:)``) of each style that has a fallback of
    /// its own, made once; empty for most themes, which then take the short path.
    private let chainedLookupOrders: [String: [String]]

    init(merger: DocumentMerger, styles: StyleList) {
        self.merger = merger
        fallbackStyle = styles.first
        chainedLookupOrders = Dictionary(uniqueKeysWithValues: styles.names.filter { styles.fallbacks[$0] != nil }.map { ($0, styles.lookupOrder(for: $0)) })
    }

    /// A variant map's value for `style`: its entry for the style, else for the style's fallback
    /// chain, else `default`, else the theme's fallback style's. This runs for every variant map
    /// in every style, so a theme without style fallbacks does no more than three lookups.
    private func variant(of map: NodeMap, style: String) -> ThemeNode? {
        guard !chainedLookupOrders.isEmpty, let order = chainedLookupOrders[style] else {
            return map[style] ?? map["default"] ?? map[fallbackStyle]
        }
        for key in order {
            if let node = map[key] { return node }
        }
        return nil
    }

    /// The node with every variant map replaced by its value for `style`; `nil` (and a
    /// diagnostic) when some variant map has nothing for it. Entries that fail are left out of
    /// their map, so one bad value does not hide the others' problems.
    func select(_ node: ThemeNode, style: String, path: @autoclosure () -> DocumentPath, diagnostics: inout DiagnosticCollector) -> ThemeNode? {
        selectTellingIfShared(node, style: style, path: path(), diagnostics: &diagnostics).node
    }

    /// ``select(_:style:path:diagnostics:)``, and whether the node holds no variant map at all, so
    /// that what it gives is the same in every style.
    func selectTellingIfShared(_ node: ThemeNode, style: String, path: @autoclosure () -> DocumentPath,
                               diagnostics: inout DiagnosticCollector) -> (node: ThemeNode?, isShared: Bool) {
        switch quickSelect(node, style: style) {
        case .same: (node, true)
        case .changed(let selected): (selected, false)
        case .failed: (reportingSelect(node, style: style, path: path(), diagnostics: &diagnostics), false)
        }
    }

    /// The common case, with no key paths made: nothing is copied where nothing is chosen, and a
    /// problem sends the node to ``reportingSelect(_:style:path:diagnostics:)`` to be reported.
    private func quickSelect(_ node: ThemeNode, style: String) -> NodeRewrite {
        switch node.value {
        case .map(let map) where merger.isVariantMap(map):
            guard let chosen = variant(of: map, style: style) else { return .failed }
            switch quickSelect(chosen, style: style) {
            case .same: return .changed(chosen)
            case let other: return other
            }
        case .map(let map) where map.entries.allSatisfy({ Self.holdsNoMap($0.node) }):
            // Most maps that are not variant maps (a font, a color's fields) hold nothing a
            // variant could be chosen in: no children are rewritten to find that out.
            return .same
        case .map, .list:
            let (rewrite, anyFailed) = node.rewritingChildren { _, _, child in quickSelect(child, style: style) }
            return anyFailed ? .failed : rewrite
        default:
            return .same
        }
    }

    /// Whether a node holds no map at any depth: a scalar, a map laid over a reference (bound
    /// before variants are chosen), or a list of such. Choosing a variant leaves it as it is.
    private static func holdsNoMap(_ node: ThemeNode) -> Bool {
        switch node.value {
        case .scalar, .patched: true
        case .list(let items): items.allSatisfy(holdsNoMap)
        case .map: false
        }
    }

    private func reportingSelect(_ node: ThemeNode, style: String, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> ThemeNode? {
        switch node.value {
        case .map(let map) where merger.isVariantMap(map):
            guard let chosen = variant(of: map, style: style) else {
                let present = map.keys.joined(separator: ", ")
                diagnostics.error(.missingVariant, "no value for style \(style): the variants are \(present), with no default",
                                  at: node.location, keyPath: path)
                return nil
            }
            return reportingSelect(chosen, style: style, path: path, diagnostics: &diagnostics)
        case .map(let map):
            var selected: [NodeMap.Entry] = []
            var failed = false
            for entry in map.entries {
                if let value = reportingSelect(entry.node, style: style, path: path.appending(entry.key), diagnostics: &diagnostics) {
                    selected.append(NodeMap.Entry(key: entry.key, keyLocation: entry.keyLocation, node: value))
                } else {
                    failed = true
                }
            }
            return failed && selected.isEmpty ? nil : ThemeNode(.map(NodeMap(distinctEntries: selected)), at: node.location)
        case .list(let items):
            var selected: [ThemeNode] = []
            for (index, item) in items.enumerated() {
                if let value = reportingSelect(item, style: style, path: path.appending(index: index), diagnostics: &diagnostics) {
                    selected.append(value)
                }
            }
            return ThemeNode(.list(selected), at: node.location)
        default:
            return node
        }
    }
}
