/// Lays one document over another by the rules of SPEC section 4.
///
/// A theme document has a fixed shape: the sections, the entries of each section, the levels and
/// each level's properties are *structure*, merged key by key. What stands in an entry or a
/// property is a *value*, merged by the value rules:
///
/// - maps merge key by key, recursively; a list or a scalar replaces; `null` deletes the key;
/// - a variant map over any other value (a scalar, a list, a color, font or insets map) keeps that
///   value as the `default` entry, as if it had been written `{default: VALUE}`;
/// - a plain map over a variant map is laid over each of its variants, so `{size: 20}` over a
///   font with light and dark variants changes the size in both;
/// - a map over a reference merges over the value the reference points to, once references are
///   bound (``ThemeNode/Value/patched(reference:patches:)``).
///
/// Level rows keep their `null`s through the document merge, since a `null` in a level also
/// deletes what the level would inherit from its parents (SPEC section 5); level inheritance
/// applies them and drops them.
struct DocumentMerger {
    /// The declared style names, which tell a variant map from any other map.
    let styles: Set<String>
    /// The same names as a list: a theme declares a handful, which a scan compares faster than a
    /// hash finds them (every map of every value is asked whether it is a variant map).
    private let styleList: [String]

    init(styles: Set<String>) {
        self.styles = styles
        styleList = Array(styles)
    }

    /// The document that results from laying `overlay`, a whole theme document (manifest or
    /// partial file), over `base`.
    func mergeDocument(_ base: NodeMap, _ overlay: NodeMap) -> NodeMap {
        // Over nothing, a document only loses its nulls (those in level rows stay, to delete what
        // a level inherits): without any, it is the result as it stands, and is not copied.
        if base.isEmpty && !overlay.entries.contains(where: { section in
            section.node.isNull || (section.key != DocumentShape.levels && section.node.map.map(Self.containsNull) == true)
        }) {
            return overlay
        }
        return mergeEntries(base, overlay) { section, base, overlay in
            switch section {
            case DocumentShape.levels:
                return mergeStructure(base, overlay, keepingNulls: false) { _, level, row in
                    mergeStructure(level, row, keepingNulls: true) { _, value, property in
                        merge(value, property, keepingNulls: true)
                    }
                }
            default:
                return mergeStructure(base, overlay, keepingNulls: false) { _, value, entry in
                    merge(value, entry, keepingNulls: false)
                }
            }
        }
    }

    /// One level's row laid over another's: properties by the value rules, `null` deleting.
    func mergeRow(_ base: ThemeNode?, _ overlay: ThemeNode) -> ThemeNode? {
        mergeStructure(base, overlay, keepingNulls: false) { _, value, property in
            merge(value, property, keepingNulls: false)
        }
    }

    /// The result of laying the value `overlay` over the value `base`, or `nil` if the overlay
    /// deletes it.
    func merge(_ base: ThemeNode?, _ overlay: ThemeNode) -> ThemeNode? {
        merge(base, overlay, keepingNulls: false)
    }

    /// Whether a map holds one value per style: its keys are all declared styles or `default`.
    func isVariantMap(_ map: NodeMap) -> Bool {
        guard !map.isEmpty else { return false }
        if styleList.count > 8 { return map.entries.allSatisfy { $0.key == "default" || styles.contains($0.key) } }
        return map.entries.allSatisfy { entry in entry.key == "default" || styleList.contains(entry.key) }
    }

    /// The node with every `null` map entry removed, at any depth (a null never survives merging);
    /// the node itself when it holds none.
    private func withoutNulls(_ node: ThemeNode) -> ThemeNode {
        guard case .map(let map) = node.value, Self.containsNull(map) else { return node }
        let cleaned = map.entries.compactMap { entry in
            entry.node.isNull ? nil : NodeMap.Entry(key: entry.key, keyLocation: entry.keyLocation, node: withoutNulls(entry.node))
        }
        return ThemeNode(.map(NodeMap(distinctEntries: cleaned)), at: node.location)
    }

    private static func containsNull(_ map: NodeMap) -> Bool {
        map.entries.contains { entry in
            switch entry.node.value {
            case .scalar(.null): true
            case .map(let child): containsNull(child)
            default: false
            }
        }
    }

    // MARK: - Rules

    /// `keepingNulls`: a `null` stays in the result as a mark that deletes later (level rows).
    private func merge(_ base: ThemeNode?, _ overlay: ThemeNode, keepingNulls: Bool) -> ThemeNode? {
        let base = base?.isNull == true ? nil : base
        guard case .map(let overlayMap) = overlay.value else {
            return overlay.isNull && !keepingNulls ? nil : overlay
        }
        guard let base else { return keepingNulls ? overlay : withoutNulls(overlay) }
        let overlayIsVariantMap = isVariantMap(overlayMap)
        switch base.value {
        case .scalar(.string) where base.referencePath != nil:
            return ThemeNode(.patched(reference: base, patches: [overlay]), at: overlay.location)
        case .patched(let reference, let patches):
            return ThemeNode(.patched(reference: reference, patches: patches + [overlay]), at: overlay.location)
        case .map(let baseMap) where isVariantMap(baseMap) && !overlayIsVariantMap:
            // A plain map over a variant map: laid over each variant.
            var variants = NodeMap()
            for entry in baseMap.entries {
                if let merged = merge(entry.node, overlay, keepingNulls: keepingNulls) {
                    variants[entry.key, keyLocation: entry.keyLocation] = merged
                }
            }
            return ThemeNode(.map(variants), at: overlay.location)
        case .map(let baseMap) where isVariantMap(baseMap) == overlayIsVariantMap:
            return mergeKeyByKey(base, overlay, keepingNulls: keepingNulls)
        case _ where overlayIsVariantMap:
            // A variant map over a plain value (a scalar, a list, or a map that is not a variant
            // map): as if that value had been written `{default: VALUE}`.
            var asVariants = NodeMap()
            asVariants["default", keyLocation: base.location] = base
            return mergeKeyByKey(ThemeNode(.map(asVariants), at: base.location), overlay, keepingNulls: keepingNulls)
        default:
            return keepingNulls ? overlay : withoutNulls(overlay)
        }
    }

    private func mergeKeyByKey(_ base: ThemeNode, _ overlay: ThemeNode, keepingNulls: Bool) -> ThemeNode? {
        mergeStructure(base, overlay, keepingNulls: keepingNulls) { _, value, child in
            merge(value, child, keepingNulls: keepingNulls)
        }
    }

    /// Key by key: each key of `overlay` merged over the same key of `base` by `child`; a map
    /// over anything that is not a map replaces it.
    private func mergeStructure(
        _ base: ThemeNode?, _ overlay: ThemeNode, keepingNulls: Bool,
        child: (String, ThemeNode?, ThemeNode) -> ThemeNode?
    ) -> ThemeNode? {
        if overlay.isNull { return keepingNulls ? overlay : nil }
        guard case .map(let overlayMap) = overlay.value else { return overlay }
        return ThemeNode(.map(mergeEntries(base?.map ?? NodeMap(), overlayMap, child: child)), at: overlay.location)
    }

    private func mergeEntries(_ base: NodeMap, _ overlay: NodeMap, child: (String, ThemeNode?, ThemeNode) -> ThemeNode?) -> NodeMap {
        if base.isEmpty {
            // Nothing to look up: the overlay's entries, each merged over nothing.
            return NodeMap(distinctEntries: overlay.entries.compactMap { entry in
                child(entry.key, nil, entry.node).map { NodeMap.Entry(key: entry.key, keyLocation: entry.keyLocation, node: $0) }
            })
        }
        // A level's row over its parent's mostly names the same keys in the same order: the two
        // are merged pair by pair, without copying the base and looking each key up in it. The
        // result is the one below: the base's order, the overlay's key locations where it has them.
        if base.count == overlay.count, overlay.entries.indices.allSatisfy({ base.entries[$0].key == overlay.entries[$0].key }) {
            var entries: [NodeMap.Entry] = []
            entries.reserveCapacity(overlay.count)
            for position in overlay.entries.indices {
                let entry = overlay.entries[position]
                if let node = child(entry.key, base.entries[position].node, entry.node) {
                    entries.append(NodeMap.Entry(key: entry.key, keyLocation: entry.keyLocation ?? base.entries[position].keyLocation, node: node))
                }
            }
            return NodeMap(distinctEntries: entries)
        }
        var merged = base
        for entry in overlay.entries {
            merged[entry.key, keyLocation: entry.keyLocation] = child(entry.key, base[entry.key], entry.node)
        }
        return merged
    }
}
