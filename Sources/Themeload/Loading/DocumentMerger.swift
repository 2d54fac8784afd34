/// Lays one document over another by the rules of SPEC section 4.
///
/// Maps merge key by key, recursively; a list or a scalar replaces; `null` deletes the key. Two
/// rules make partial overrides do what a reader expects: a variant map over a plain value keeps
/// that value as the `default` entry, and a map over a reference merges over the value the
/// reference points to, once references are bound (``ThemeNode/Value/patched(reference:patches:)``).
struct DocumentMerger {
    /// The declared style names, which tell a variant map from any other map.
    let styles: Set<String>

    /// The result of laying `overlay` over `base`, or `nil` if the overlay deletes the value.
    func merge(_ base: ThemeNode?, _ overlay: ThemeNode) -> ThemeNode? {
        switch overlay.value {
        case .scalar(.null):
            return nil
        case .map(let overlayMap):
            guard let base else { return withoutNulls(overlay) }
            switch base.value {
            case .map(let baseMap):
                var merged = baseMap
                for (key, node) in overlayMap.entries {
                    merged[key, keyLocation: overlayMap.keyLocation(key)] = merge(baseMap[key], node)
                }
                return ThemeNode(.map(merged), at: overlay.location)
            case .scalar(.string) where base.referencePath != nil:
                return ThemeNode(.patched(reference: base, patches: [overlay]), at: overlay.location)
            case .patched(let reference, let patches):
                return ThemeNode(.patched(reference: reference, patches: patches + [overlay]), at: overlay.location)
            case .scalar where isVariantMap(overlayMap) && overlayMap["default"] == nil:
                var variants = withoutNulls(overlay).map ?? overlayMap
                variants["default", keyLocation: base.location] = base
                return ThemeNode(.map(variants), at: overlay.location)
            default:
                return withoutNulls(overlay)
            }
        default:
            return overlay
        }
    }

    /// Whether a map holds one value per style: its keys are all declared styles or `default`.
    func isVariantMap(_ map: NodeMap) -> Bool {
        !map.isEmpty && map.keys.allSatisfy { $0 == "default" || styles.contains($0) }
    }

    /// The node with every `null` map entry removed (a null never survives merging).
    func withoutNulls(_ node: ThemeNode) -> ThemeNode {
        guard case .map(let map) = node.value else { return node }
        var cleaned = NodeMap()
        for (key, child) in map.entries where !child.isNull {
            cleaned[key, keyLocation: map.keyLocation(key)] = withoutNulls(child)
        }
        return ThemeNode(.map(cleaned), at: node.location)
    }
}
