/// The raw tree of a design-token unit (one token file, or the sources of one resolver context
/// merged in order), before tokens are collected: JSON Pointers (`$ref`) and `$extends` are
/// resolved against it, as the DTCG Format and Resolver modules (2025.10) define them.
struct TokenTree {
    private(set) var root: DocumentNode
    /// The file is in Style Dictionary's older form: tokens hold `value` (and `type`) instead of
    /// `$value` (and `$type`). A unit is in one form: the older one when no `$value`, `$type`
    /// or `$ref` is in it.
    let isLegacy: Bool
    /// Some group says `$extends` (so the tree needs ``applyExtends(limits:diagnostics:)``).
    private var hasExtends = false

    /// Merges the sources in order: groups merge name by name, a token (a map with `$value`, or
    /// `value` in the older form, or a whole-token `$ref`) replaces whatever stood at its path.
    init(sources: [DocumentNode]) {
        var seen = KeysSeen()
        for source in sources { Self.scan(source, into: &seen) }
        self.init(sources: sources, legacy: !seen.dtcg, hasExtends: seen.extends)
    }

    /// Merges part of a unit's sources in the unit's form: the older one when `legacy`, whatever
    /// this part alone would say.
    init(sources: [DocumentNode], legacy: Bool) {
        var seen = KeysSeen()
        for source in sources { Self.scan(source, into: &seen) }
        self.init(sources: sources, legacy: legacy, hasExtends: seen.extends)
    }

    private init(sources: [DocumentNode], legacy: Bool, hasExtends: Bool) {
        isLegacy = legacy
        self.hasExtends = hasExtends
        root = sources.isEmpty ? DocumentNode(.map([]), at: SourceLocation(file: "<tokens>")) : Self.merge(sources[...], legacy: legacy)
    }

    /// `nodes` laid over each other in order, as ``merge(_:_:legacy:)`` would lay them one by one,
    /// but in one pass: each group's names are gathered once, however many sources share it
    /// (one by one, a resolver document of thousands of sets merged in time quadratic in them).
    private static func merge(_ nodes: ArraySlice<DocumentNode>, legacy: Bool) -> DocumentNode {
        func isGroup(_ node: DocumentNode) -> Bool {
            if case .map = node.value { !isToken(node, legacy: legacy) } else { false }
        }
        // Anything but a group replaces what is under it, and a group laid over it replaces it:
        // only the groups after the last such node merge.
        guard let last = nodes.lastIndex(where: { !isGroup($0) }) ?? (nodes.startIndex - 1) as Int?,
              last + 1 < nodes.endIndex else { return nodes[nodes.endIndex - 1] }
        let groups = nodes[(last + 1)...]
        if groups.count == 1 { return groups[groups.startIndex] }
        // Each name in the order it is first met, with every node it has, in order.
        var order: [DocumentEntry] = []
        var children: [[DocumentNode]] = []
        var positions: [String: Int] = [:]
        for group in groups {
            guard case .map(let entries) = group.value else { continue }
            for entry in entries {
                if let position = positions[entry.key] {
                    children[position].append(entry.value)
                } else {
                    positions[entry.key] = order.count
                    order.append(entry)
                    children.append([entry.value])
                }
            }
        }
        for position in order.indices where children[position].count > 1 {
            order[position].value = merge(children[position][...], legacy: legacy)
        }
        return DocumentNode(.map(order), at: groups[groups.startIndex].location)
    }

    /// Whether a map is a token rather than a group.
    static func isToken(_ node: DocumentNode, legacy: Bool) -> Bool {
        guard case .map(let entries) = node.value else { return false }
        if legacy { return entries.contains { $0.key == "value" } }
        return entries.contains { $0.key == "$value" } || (entries.count == 1 && entries[0].key == "$ref")
    }

    /// Which keys a scan met: any of `$value`, `$type` or `$ref`, and `$extends`.
    private struct KeysSeen {
        var dtcg = false
        var extends = false
    }

    private static func scan(_ node: DocumentNode, into seen: inout KeysSeen) {
        switch node.value {
        case .map(let entries):
            // By position, so that no entry is copied to be looked at.
            for position in entries.indices {
                let key = entries[position].key
                if key.utf8.first == UInt8(ascii: "$") {
                    switch key {
                    case "$value":
                        // A map with a `$value` is a token (the file being in the DTCG form),
                        // and a token holds no group, so no `$extends` that counts: the scan
                        // need not walk the rest of it.
                        seen.dtcg = true
                        return
                    case "$type", "$ref": seen.dtcg = true
                    case "$extends": seen.extends = true
                    default: break
                    }
                }
                scan(entries[position].value, into: &seen)
            }
        case .list(let items):
            for item in items { scan(item, into: &seen) }
        default:
            break
        }
    }

    /// `over` laid over `base`: groups merge, anything else replaces.
    static func merge(_ base: DocumentNode, _ over: DocumentNode, legacy: Bool) -> DocumentNode {
        guard case .map(let baseEntries) = base.value, case .map(let overEntries) = over.value,
              !isToken(base, legacy: legacy), !isToken(over, legacy: legacy) else { return over }
        var entries = baseEntries
        var positions = Dictionary(entries.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in overEntries {
            if let position = positions[entry.key] {
                entries[position].value = merge(entries[position].value, entry.value, legacy: legacy)
            } else {
                positions[entry.key] = entries.count
                entries.append(entry)
            }
        }
        return DocumentNode(.map(entries), at: base.location)
    }

    /// The `$ref` of a reference object, a map holding only `{"$ref": "…"}`: a whole-token
    /// alias, a part of a value, an `$extends` target, or a resolver document's set, modifier or
    /// file.
    static func reference(_ node: DocumentNode) -> String? {
        guard case .map(let entries) = node.value, entries.count == 1, entries[0].key == "$ref" else { return nil }
        return entries[0].value.value.string
    }

    /// The node a JSON Pointer (RFC 6901, `#/a/b`) names in the tree, or `nil`.
    func node(atPointer pointer: String) -> DocumentNode? {
        Self.node(atPointer: pointer, in: root)
    }

    /// The node a JSON Pointer names in a document (a token file a resolver points into).
    static func node(atPointer pointer: String, in root: DocumentNode) -> DocumentNode? {
        guard let segments = pointerSegments(pointer) else { return nil }
        return node(atSegments: segments[...], in: root)
    }

    /// The node a pointer's reference tokens (unescaped) name in a document, or `nil`.
    static func node(atSegments segments: ArraySlice<String>, in root: DocumentNode) -> DocumentNode? {
        var node = root
        for segment in segments {
            switch node.value {
            case .map(let entries):
                guard let child = entries.first(where: { $0.key == segment })?.value else { return nil }
                node = child
            case .list(let items):
                guard let index = Int(segment), String(index) == segment, items.indices.contains(index) else { return nil }
                node = items[index]
            default:
                return nil
            }
        }
        return node
    }

    /// The reference tokens of a pointer `#/a/b~1c`: `["a", "b/c"]`; `nil` unless it is a
    /// fragment of the same document.
    static func pointerSegments(_ pointer: String) -> [String]? {
        guard pointer.hasPrefix("#") else { return nil }
        let body = pointer.dropFirst()
        if body.isEmpty { return [] }
        guard body.hasPrefix("/") else { return nil }
        return body.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { segment in
            // Most segments hold no escape: only those with a `~` are searched for one.
            segment.utf8.contains(UInt8(ascii: "~"))
                ? segment.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String(segment)
        }
    }

    /// The group path an `$extends` value names: `"{a.b}"` or `{"$ref": "#/a/b"}`.
    static func groupPath(_ node: DocumentNode) -> [String]? {
        if case .string(let text) = node.value, let path = DesignTokenAlias.path(in: text) { return path }
        return reference(node).flatMap(pointerSegments)
    }

    /// Applies every group's `$extends`: the group gets the tokens and groups of the group it
    /// names, under its own, which win (a group deep-merged over the one it extends). A group
    /// that extends itself or an ancestor of itself, or a loop of groups, is `reference-cycle`.
    /// A chain of more than ``Limits/maxExtendsChain`` groups, each extending the next, is
    /// `limit-exceeded` (it is followed recursively). What the groups take from the groups they
    /// extend is bounded as aliases are (``ExpansionBudget``): a thousand groups extending one
    /// group of a thousand tokens would make a million tokens of a file of a few hundred
    /// kilobytes; past the bound, `limit-exceeded` at the `$extends` that passes it.
    mutating func applyExtends(limits: Limits = .default, diagnostics: inout DiagnosticCollector) {
        guard hasExtends else { return }
        let ownRoot = root
        var walk = ExtendsWalk(maxChain: limits.maxExtendsChain, finder: TokenNodeFinder(root: root), budget: ExpansionBudget(limits: limits),
                               ownNodes: { ownRoot.nodeCount })
        root = expand(root, path: [], walk: &walk, diagnostics: &diagnostics)
    }

    /// What expanding `$extends` keeps as it goes: the groups done, the keys of the groups being
    /// expanded (to find loops), how many `$extends` are being followed, the groups found, and
    /// what the groups have taken, each extended group's nodes counted once.
    private struct ExtendsWalk {
        let maxChain: Int
        var finder: TokenNodeFinder
        var budget: ExpansionBudget
        let ownNodes: () -> Int
        var done: [String: DocumentNode] = [:]
        var sizes: [String: Int] = [:]
        var visiting: [String] = []
        var depth = 0
    }

    private func expand(_ node: DocumentNode, path: [String], walk: inout ExtendsWalk, diagnostics: inout DiagnosticCollector) -> DocumentNode {
        guard case .map(let entries) = node.value, !Self.isToken(node, legacy: isLegacy) else { return node }
        let key = path.joined(separator: ".")
        if let finished = walk.done[key] { return finished }
        walk.visiting.append(key)
        defer { walk.visiting.removeLast() }
        var own: [DocumentEntry] = []
        var base: DocumentNode?
        for entry in entries {
            if entry.key == "$extends" {
                base = extended(entry.value, from: path, walk: &walk, diagnostics: &diagnostics)
                continue
            }
            own.append(DocumentEntry(key: entry.key, keyLocation: entry.keyLocation,
                                     value: expand(entry.value, path: path + [entry.key], walk: &walk, diagnostics: &diagnostics)))
        }
        let local = DocumentNode(.map(own), at: node.location)
        let result = base.map { Self.merge(Self.withoutGroupProperties($0), local, legacy: isLegacy) } ?? local
        walk.done[key] = result
        return result
    }

    private func extended(_ value: DocumentNode, from path: [String], walk: inout ExtendsWalk, diagnostics: inout DiagnosticCollector) -> DocumentNode? {
        let keyPath = DocumentPath(path.map(DocumentPath.Component.key) + [.key("$extends")])
        guard let target = Self.groupPath(value) else {
            diagnostics.error(.type, "$extends names a group as \"{group.path}\" or {\"$ref\": \"#/group/path\"}, not \(value.value.kindDescription)",
                              at: value.location, keyPath: keyPath)
            return nil
        }
        let targetKey = target.joined(separator: ".")
        if let start = walk.visiting.firstIndex(of: targetKey) {
            let loop = (walk.visiting[start...] + [targetKey]).map { "{\($0)}" }.joined(separator: " → ")
            diagnostics.error(.referenceCycle, "groups extend each other in a loop: \(loop)", at: value.location, keyPath: keyPath)
            return nil
        }
        guard let group = walk.finder.node(atNames: target),
              case .map = group.value, !Self.isToken(group, legacy: isLegacy) else {
            diagnostics.error(.unknownReference, "$extends names {\(targetKey)}, which is not a group", at: value.location, keyPath: keyPath)
            return nil
        }
        guard walk.depth < walk.maxChain else {
            diagnostics.error(.limitExceeded, "a chain of $extends is longer than the limit of \(walk.maxChain)", at: value.location, keyPath: keyPath)
            return nil
        }
        walk.depth += 1
        defer { walk.depth -= 1 }
        let expanded = expand(group, path: target, walk: &walk, diagnostics: &diagnostics)
        // The extending group holds a copy of the group it names: its nodes, less the group's
        // own node, are added.
        let size = walk.sizes[targetKey] ?? expanded.nodeCount
        walk.sizes[targetKey] = size
        switch walk.budget.add(size - 1, ownNodes: walk.ownNodes) {
        case .within:
            return expanded
        case .passed:
            diagnostics.error(.limitExceeded, "groups extending groups add more than the limit of \(walk.budget.limit) nodes to the file's tokens",
                              at: value.location, keyPath: keyPath)
            return nil
        case .alreadyPassed:
            return nil
        }
    }

    /// A group's own `$description` and `$deprecated` describe it, not the group extending it;
    /// its `$type` is inherited.
    private static func withoutGroupProperties(_ group: DocumentNode) -> DocumentNode {
        guard case .map(let entries) = group.value else { return group }
        return DocumentNode(.map(entries.filter { $0.key != "$description" && $0.key != "$deprecated" }), at: group.location)
    }

    static func escape(_ segment: String) -> String {
        segment.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
