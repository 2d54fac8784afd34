/// Finds nodes of a token tree by the names on their path, as the JSON Pointer of those names
/// finds them (``TokenTree/node(atPointer:in:)``), keeping the names of each map it looks a last
/// name up in by position. Many lookups in one large group (aliases that all miss a renamed group,
/// groups extending their neighbours) then read the group once, not once each.
struct TokenNodeFinder {
    private let root: DocumentNode
    /// The node each looked-up path's parent names, by the parent's names, with a map's names by
    /// position (the first of a repeated name, as the pointer finds it).
    private var parents: [[String]: (node: DocumentNode?, positions: [String: Int])] = [:]

    init(root: DocumentNode) {
        self.root = root
    }

    /// The node at `names` (no names: the pointer `#/`, which names the key `""` at the top).
    mutating func node(atNames names: [String]) -> DocumentNode? {
        let segments = names.isEmpty ? [""] : names
        let parentNames = Array(segments.dropLast())
        if parents[parentNames] == nil {
            let parent = TokenTree.node(atSegments: parentNames[...], in: root)
            var positions: [String: Int] = [:]
            if case .map(let entries)? = parent?.value {
                for (position, entry) in entries.enumerated() where positions[entry.key] == nil { positions[entry.key] = position }
            }
            parents[parentNames] = (parent, positions)
        }
        let (parent, positions) = parents[parentNames]!
        switch parent?.value {
        case .map(let entries)?:
            return positions[segments[segments.count - 1]].map { entries[$0].value }
        case .list:
            return TokenTree.node(atSegments: segments[...], in: root)
        default:
            return nil
        }
    }
}
