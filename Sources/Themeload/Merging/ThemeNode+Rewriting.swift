/// What rewriting a node gave: the node as it was, a new node, or nothing (a problem, already
/// reported or to be reported by the caller).
enum NodeRewrite {
    case same, changed(ThemeNode), failed
}

extension ThemeNode {
    /// The node with each child of its map or list rewritten by `rewrite` (given the child's key,
    /// or `nil` and its position in a list), copied only where some child changed; children that
    /// fail are left out. Also says whether any child failed. A scalar is `.same`.
    func rewritingChildren(_ rewrite: (_ key: String?, _ position: Int, _ child: ThemeNode) -> NodeRewrite) -> (rewrite: NodeRewrite, anyFailed: Bool) {
        switch value {
        case .map(let map):
            var rebuilt: [NodeMap.Entry]?
            var anyFailed = false
            for (position, entry) in map.entries.enumerated() {
                switch rewrite(entry.key, position, entry.node) {
                case .same:
                    rebuilt?.append(entry)
                case .changed(let new):
                    if rebuilt == nil { rebuilt = Array(map.entries[..<position]) }
                    rebuilt?.append(NodeMap.Entry(key: entry.key, keyLocation: entry.keyLocation, node: new))
                case .failed:
                    anyFailed = true
                    if rebuilt == nil { rebuilt = Array(map.entries[..<position]) }
                }
            }
            return (rebuilt.map { .changed(ThemeNode(.map(NodeMap(distinctEntries: $0)), at: location)) } ?? .same, anyFailed)
        case .list(let items):
            var rebuilt: [ThemeNode]?
            var anyFailed = false
            for (position, item) in items.enumerated() {
                switch rewrite(nil, position, item) {
                case .same:
                    rebuilt?.append(item)
                case .changed(let new):
                    if rebuilt == nil { rebuilt = Array(items[..<position]) }
                    rebuilt?.append(new)
                case .failed:
                    anyFailed = true
                    if rebuilt == nil { rebuilt = Array(items[..<position]) }
                }
            }
            return (rebuilt.map { .changed(ThemeNode(.list($0), at: location)) } ?? .same, anyFailed)
        case .scalar, .patched:
            return (.same, false)
        }
    }
}
