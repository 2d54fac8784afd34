import Themeload

/// Builds a ``DocumentNode`` tree from YAML events: resolves scalars by the core schema, checks
/// tags, keys and limits, expands aliases and applies merge keys.
///
/// Recoverable problems (a duplicate key, an unsupported tag) are collected so that one parse
/// reports them all; limits stop the parse at once.
struct YAMLTreeBuilder {
    private let file: String
    private let limits: Limits
    private var diagnostics: [Diagnostic] = []
    private var anchors: [String: Anchored] = [:]
    private var stack: [Frame] = []
    private var root: DocumentNode?
    /// Nodes written in the source (scalars and collections, not aliases).
    private var sourceNodes = 0
    /// Nodes added by expanding aliases.
    private var aliasNodes = 0

    private struct Anchored {
        var node: DocumentNode
        /// Nodes in the subtree, aliases inside it expanded.
        var count: Int
        /// Nesting depth of the subtree.
        var depth: Int
        /// The key text, when the anchored node is a scalar (so an alias can be a key).
        var keyText: String?
    }

    private struct PendingKey {
        var text: String
        var location: SourceLocation
        var isMerge: Bool
        var isValid: Bool
    }

    private struct Frame {
        var isMap: Bool
        var location: SourceLocation
        var anchor: String?
        var items: [DocumentNode] = []
        var entries: [DocumentEntry] = []
        /// Built once a map grows large; small maps are scanned, which beats hashing every key.
        var keyIndex: [String: Int]?
        var pendingKey: PendingKey?
        var merges: [DocumentNode] = []
        var mergeInsertionIndex: Int?
        var count = 1
        var depth = 1
    }

    init(file: String, limits: Limits) {
        self.file = file
        self.limits = limits
    }

    // MARK: - Events

    mutating func scalar(_ text: String, isPlain: Bool, tag: String?, anchor: String?, at location: SourceLocation) throws(ThemeloadError) {
        sourceNodes += 1
        let value = resolveScalar(text, isPlain: isPlain, tag: tag, at: location)
        let node = DocumentNode(value, at: location)
        if let anchor { anchors[anchor] = Anchored(node: node, count: 1, depth: 0, keyText: text) }
        try add(node, count: 1, depth: 0, keyText: text, isMergeKey: isPlain && tag == nil && text == "<<")
    }

    mutating func startCollection(isMap: Bool, tag: String?, anchor: String?, at location: SourceLocation) throws(ThemeloadError) {
        sourceNodes += 1
        guard stack.count < limits.maxDepth else {
            throw ThemeloadError(.limitExceeded, "nesting is deeper than the limit of \(limits.maxDepth)", at: location)
        }
        if let tag, tag != "!", tag != (isMap ? YAMLCoreSchema.mapTag : YAMLCoreSchema.seqTag) {
            diagnostics.append(Diagnostic(.syntax, "the tag \(YAMLCoreSchema.shortTag(tag)) is not supported; only the core schema's tags are", at: location))
        }
        stack.append(Frame(isMap: isMap, location: location, anchor: anchor))
    }

    mutating func endCollection() throws(ThemeloadError) {
        guard var frame = stack.popLast() else { return }
        let node: DocumentNode
        if frame.isMap {
            applyMerges(&frame)
            node = DocumentNode(.map(frame.entries), at: frame.location)
        } else {
            node = DocumentNode(.list(frame.items), at: frame.location)
        }
        if let anchor = frame.anchor {
            anchors[anchor] = Anchored(node: node, count: frame.count, depth: frame.depth, keyText: nil)
        }
        try add(node, count: frame.count, depth: frame.depth, keyText: nil, isMergeKey: false)
    }

    mutating func alias(_ name: String, at location: SourceLocation) throws(ThemeloadError) {
        guard let anchored = anchors[name] else {
            // libyaml does not check aliases; an alias to an unknown (or still open, recursive)
            // anchor is an error here.
            throw ThemeloadError(.syntax, "the alias *\(name) refers to no anchor defined before it", at: location)
        }
        aliasNodes += anchored.count
        if aliasNodes > limits.maxAliasExpandedNodes {
            throw ThemeloadError(.limitExceeded, "alias expansion creates more than \(limits.maxAliasExpandedNodes) nodes", at: location)
        }
        if stack.count + anchored.depth > limits.maxDepth {
            throw ThemeloadError(.limitExceeded, "the alias *\(name) nests the document deeper than the limit of \(limits.maxDepth)", at: location)
        }
        var node = anchored.node
        node.location = location
        try add(node, count: anchored.count, depth: anchored.depth, keyText: anchored.keyText, isMergeKey: false)
    }

    mutating func finish(emptyStreamLocation: SourceLocation) throws(ThemeloadError) -> DocumentNode {
        if aliasNodes > 0, sourceNodes + aliasNodes > limits.maxAliasExpansionRatio * sourceNodes {
            diagnostics.append(Diagnostic(
                .limitExceeded,
                "alias expansion grows the document from \(sourceNodes) to \(sourceNodes + aliasNodes) nodes, more than \(limits.maxAliasExpansionRatio) times its size",
                at: SourceLocation(file: file, line: 1, column: 1)))
        }
        if !diagnostics.isEmpty { throw ThemeloadError(diagnostics) }
        return root ?? DocumentNode(.null, at: emptyStreamLocation)
    }

    // MARK: - Building

    private mutating func add(_ node: DocumentNode, count: Int, depth: Int, keyText: String?, isMergeKey: Bool) throws(ThemeloadError) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].count += count
        stack[top].depth = max(stack[top].depth, depth + 1)
        guard stack[top].isMap else {
            stack[top].items.append(node)
            return
        }
        guard let key = stack[top].pendingKey else {
            if let keyText {
                stack[top].pendingKey = PendingKey(text: keyText, location: node.location, isMerge: isMergeKey, isValid: true)
            } else {
                diagnostics.append(Diagnostic(.syntax, "a mapping key must be a scalar, not \(node.value.kindDescription)", at: node.location))
                stack[top].pendingKey = PendingKey(text: "", location: node.location, isMerge: false, isValid: false)
            }
            return
        }
        stack[top].pendingKey = nil
        guard key.isValid else { return }
        if key.isMerge {
            addMergeSource(node, to: top)
            return
        }
        if let first = indexOfKey(key.text, inFrame: top) {
            let firstLine = stack[top].entries[first].keyLocation.line.map { " (first defined at line \($0))" } ?? ""
            diagnostics.append(Diagnostic(.duplicateKey, "duplicate key \"\(key.text)\"\(firstLine)", at: key.location))
            return
        }
        let position = stack[top].entries.count
        stack[top].keyIndex?[key.text] = position
        stack[top].entries.append(DocumentEntry(key: key.text, keyLocation: key.location, value: node))
    }

    /// The position of a key already in a map frame, if any.
    private mutating func indexOfKey(_ key: String, inFrame frame: Int) -> Int? {
        if stack[frame].keyIndex == nil && stack[frame].entries.count >= 16 {
            var index: [String: Int] = [:]
            for (position, entry) in stack[frame].entries.enumerated() { index[entry.key] = position }
            stack[frame].keyIndex = index
        }
        if let index = stack[frame].keyIndex { return index[key] }
        return stack[frame].entries.firstIndex { $0.key == key }
    }

    private mutating func addMergeSource(_ node: DocumentNode, to frame: Int) {
        if stack[frame].mergeInsertionIndex == nil {
            stack[frame].mergeInsertionIndex = stack[frame].entries.count
        }
        switch node.value {
        case .map:
            stack[frame].merges.append(node)
        case .list(let items) where items.allSatisfy({ $0.value.mapEntries != nil }):
            stack[frame].merges.append(contentsOf: items)
        default:
            diagnostics.append(Diagnostic(.syntax, "the merge key << needs a mapping or a list of mappings, not \(node.value.kindDescription)", at: node.location))
        }
    }

    /// Merge keys: entries of the merged maps that the map does not set itself, earlier maps
    /// first, inserted where the first `<<` stood.
    private func applyMerges(_ frame: inout Frame) {
        guard !frame.merges.isEmpty, let insertion = frame.mergeInsertionIndex else { return }
        var seen = Set(frame.entries.lazy.map(\.key))
        var merged: [DocumentEntry] = []
        for source in frame.merges {
            for entry in source.value.mapEntries ?? [] where seen.insert(entry.key).inserted {
                merged.append(entry)
            }
        }
        frame.entries.insert(contentsOf: merged, at: insertion)
    }

    private mutating func resolveScalar(_ text: String, isPlain: Bool, tag: String?, at location: SourceLocation) -> DocumentValue {
        let resolution: YAMLCoreSchema.Resolution
        if let tag, tag != "!" {
            resolution = YAMLCoreSchema.resolve(text, tag: tag)
        } else if isPlain && tag == nil {
            resolution = YAMLCoreSchema.resolvePlain(text)
        } else {
            resolution = .value(.string(text))
        }
        switch resolution {
        case .value(let value):
            return value
        case .tooLarge:
            diagnostics.append(Diagnostic(.limitExceeded, "the number \(text.prefix(40)) is too large for a 64-bit float", at: location))
        case .mismatch(let expected):
            diagnostics.append(Diagnostic(.syntax, "\"\(text.prefix(40))\" is tagged \(YAMLCoreSchema.shortTag(tag ?? "")) but is not \(expected)", at: location))
        case .unsupportedTag:
            diagnostics.append(Diagnostic(.syntax, "the tag \(YAMLCoreSchema.shortTag(tag ?? "")) is not supported; only the core schema's tags are", at: location))
        }
        return .string(text)
    }
}
