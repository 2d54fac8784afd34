import Themeload

/// Builds a ``DocumentNode`` tree from YAML events: resolves scalars by the core schema, checks
/// tags, keys and limits, expands aliases and applies merge keys.
///
/// Recoverable problems (a duplicate key, an unsupported tag) are collected so that one parse
/// reports them all; limits stop the parse at once.
struct YAMLTreeBuilder: ~Copyable {
    private let file: SourceFile
    private let limits: Limits
    private var diagnostics: [Diagnostic] = []
    private var anchors: [String: Anchored] = [:]
    private var assembler = DocumentAssembler()
    /// How many collections are open (their nodes are assembled by `assembler`).
    private var openCollections = 0
    /// The innermost open collection, kept apart from the others because every event touches it
    /// (a placeholder while none is open).
    private var innermost = Frame(anchor: nil)
    /// The open collections around the innermost one, outermost first.
    private var enclosing: [Frame] = []
    private var root: DocumentNode?
    /// Nodes written in the source (scalars and collections, not aliases).
    private var sourceNodes = 0
    /// Nodes added by expanding aliases.
    private var aliasNodes = 0
    /// Open collections that carry an anchor. The sizes and depths of open collections
    /// (``Frame/count``, ``Frame/depth``) matter only to an anchor that may be expanded later, so
    /// they are kept only while one is open.
    private var anchoredOpenCollections = 0

    private struct Anchored {
        var node: DocumentNode
        /// Nodes in the subtree, aliases inside it expanded.
        var count: Int
        /// Nesting depth of the subtree.
        var depth: Int
        /// The key text, when the anchored node is a scalar (so an alias can be a key).
        var keyText: String?
    }

    /// What the next node of a map is for, once its key has been read.
    private enum PendingValue {
        /// The value of an entry (of a duplicate key's entry, which the assembler drops).
        case entry
        /// A map, or a list of maps, to merge (`<<`).
        case merge
        /// The value of a key that is not a scalar, already reported.
        case invalid
    }

    /// What the builder keeps for an open collection besides its nodes (whether it is a map is
    /// the assembler's to say).
    private struct Frame {
        var anchor: String?
        /// In a map: `nil` while a key is expected, else what the coming value is for.
        var pendingValue: PendingValue?
        /// Entries added so far (not counting duplicates or merges).
        var entryCount = 0
        var merges: [DocumentNode] = []
        var mergeInsertionIndex: Int?
        /// Nodes in the collection, aliases expanded, and its nesting depth (kept only while an
        /// anchored collection is open).
        var count = 1
        var depth = 1
    }

    init(file: SourceFile, limits: Limits) {
        self.file = file
        self.limits = limits
    }

    // MARK: - Events

    /// A scalar without a tag or an anchor, as nearly all are: a key needs only its text; any other
    /// scalar is resolved and added without the key and anchor work of the general path.
    mutating func scalar(_ bytes: UnsafeBufferPointer<UInt8>, isPlain: Bool, at location: SourceLocation) throws(ThemeloadError) {
        sourceNodes += 1
        guard openCollections > 0 && assembler.innermostIsMap && innermost.pendingValue == nil else {
            return try add(DocumentNode(resolveScalar(bytes, isPlain: isPlain, tag: nil, at: location), at: location),
                           count: 1, depth: 0, keyText: nil, isMergeKey: false)
        }
        if anchoredOpenCollections > 0 { innermost.count += 1 }
        let isMerge = isPlain && bytes.count == 2 && bytes[0] == UInt8(ascii: "<") && bytes[1] == UInt8(ascii: "<")
        startEntry(UTF8Text.decoded(bytes), hash: DocumentAssembler.keyHash(bytes), at: location, isMerge: isMerge)
    }

    mutating func scalar(_ bytes: UnsafeBufferPointer<UInt8>, isPlain: Bool, tag: String?, anchor: String?, at location: SourceLocation) throws(ThemeloadError) {
        sourceNodes += 1
        let isKey = assembler.innermostIsMap && innermost.pendingValue == nil
        let value = resolveScalar(bytes, isPlain: isPlain, tag: tag, at: location)
        let node = DocumentNode(value, at: location)
        // The text is needed only for a key, or for an anchor that may be used as one.
        let keyText = isKey || anchor != nil ? value.string ?? UTF8Text.decoded(bytes) : nil
        if let anchor { anchors[anchor] = Anchored(node: node, count: 1, depth: 0, keyText: keyText) }
        try add(node, count: 1, depth: 0, keyText: keyText, isMergeKey: isPlain && tag == nil && keyText == "<<")
    }

    mutating func startCollection(isMap: Bool, tag: String?, anchor: String?, at location: SourceLocation) throws(ThemeloadError) {
        sourceNodes += 1
        guard openCollections < limits.maxDepth else {
            throw ThemeloadError(.limitExceeded, "nesting is deeper than the limit of \(limits.maxDepth)", at: location)
        }
        if let tag, tag != "!", tag != (isMap ? YAMLCoreSchema.mapTag : YAMLCoreSchema.seqTag) {
            diagnostics.append(Diagnostic(.syntax, "the tag \(YAMLCoreSchema.shortTag(tag)) is not supported; only the core schema's tags are", at: location))
        }
        if isMap { assembler.openMap(at: location) } else { assembler.openList(at: location) }
        if anchor != nil { anchoredOpenCollections += 1 }
        var frame = Frame(anchor: anchor)
        swap(&frame, &innermost)
        if openCollections > 0 { enclosing.append(frame) }
        openCollections += 1
    }

    mutating func endCollection() throws(ThemeloadError) {
        guard openCollections > 0 else { return }
        openCollections -= 1
        var frame = enclosing.popLast() ?? Frame(anchor: nil)
        swap(&frame, &innermost)
        var node = assembler.close()
        if !frame.merges.isEmpty { applyMerges(of: frame, to: &node) }
        if let anchor = frame.anchor {
            anchoredOpenCollections -= 1
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
        if openCollections + anchored.depth > limits.maxDepth {
            throw ThemeloadError(.limitExceeded, "the alias *\(name) nests the document deeper than the limit of \(limits.maxDepth)", at: location)
        }
        var node = anchored.node
        node.location = location
        try add(node, count: anchored.count, depth: anchored.depth, keyText: anchored.keyText, isMergeKey: false)
    }

    /// The recoverable problems found so far followed by `fatal`, the problem that ended the
    /// parse (unless `fatal` already holds them, as ``finish(emptyStreamLocation:)`` throws).
    func problems(endingWith fatal: [Diagnostic]) -> [Diagnostic] {
        fatal.starts(with: diagnostics) ? fatal : diagnostics + fatal
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

    /// Gives a finished node to the innermost collection: an item of a list, or a key or a value
    /// of a map.
    private mutating func add(_ node: consuming DocumentNode, count: Int, depth: Int, keyText: String?, isMergeKey: Bool) throws(ThemeloadError) {
        guard openCollections > 0 else {
            root = node
            return
        }
        if anchoredOpenCollections > 0 {
            innermost.count += count
            innermost.depth = max(innermost.depth, depth + 1)
        }
        guard assembler.innermostIsMap else {
            assembler.append(node)
            return
        }
        switch innermost.pendingValue {
        case nil:
            guard let keyText else {
                diagnostics.append(Diagnostic(.syntax, "a mapping key must be a scalar, not \(node.value.kindDescription)", at: node.location))
                innermost.pendingValue = .invalid
                return
            }
            startEntry(keyText, hash: DocumentAssembler.keyHash(keyText), at: node.location, isMerge: isMergeKey)
        case .entry?:
            assembler.completeEntry(with: node)
            innermost.pendingValue = nil
        case .merge?:
            addMergeSource(node)
            innermost.pendingValue = nil
        case .invalid?:
            innermost.pendingValue = nil
        }
    }

    /// Starts a map entry with its key (or notes a merge key); the value comes next.
    private mutating func startEntry(_ key: String, hash: UInt32, at location: SourceLocation, isMerge: Bool) {
        if isMerge {
            if innermost.mergeInsertionIndex == nil { innermost.mergeInsertionIndex = innermost.entryCount }
            innermost.pendingValue = .merge
            return
        }
        if let duplicate = assembler.beginEntry(key: key, hash: hash, at: location) {
            diagnostics.append(duplicate)
        } else {
            innermost.entryCount += 1
        }
        innermost.pendingValue = .entry
    }

    private mutating func addMergeSource(_ node: DocumentNode) {
        switch node.value {
        case .map:
            innermost.merges.append(node)
        case .list(let items) where items.allSatisfy({ $0.value.mapEntries != nil }):
            innermost.merges.append(contentsOf: items)
        default:
            diagnostics.append(Diagnostic(.syntax, "the merge key << needs a mapping or a list of mappings, not \(node.value.kindDescription)", at: node.location))
        }
    }

    /// Merge keys: entries of the merged maps that the map does not set itself, earlier maps
    /// first, inserted where the first `<<` stood.
    private func applyMerges(of frame: Frame, to node: inout DocumentNode) {
        guard case .map(var entries) = node.value, let insertion = frame.mergeInsertionIndex else { return }
        node.value = .null  // so that `entries` is the array's only reference
        var seen = Set(entries.lazy.map(\.key))
        var merged: [DocumentEntry] = []
        for source in frame.merges {
            for entry in source.value.mapEntries ?? [] where seen.insert(entry.key).inserted {
                merged.append(entry)
            }
        }
        entries.insert(contentsOf: merged, at: insertion)
        node.value = .map(entries)
    }

    /// The value of a scalar by the core schema (a String is made only for a string or a message).
    private mutating func resolveScalar(_ bytes: UnsafeBufferPointer<UInt8>, isPlain: Bool, tag: String?, at location: SourceLocation) -> DocumentValue {
        let resolution: YAMLCoreSchema.Resolution
        if let tag, tag != "!" {
            resolution = YAMLCoreSchema.resolve(UTF8Text.decoded(bytes), tag: tag)
        } else if isPlain && tag == nil, let plain = YAMLCoreSchema.resolvePlain(bytes) {
            resolution = plain
        } else {
            return .string(UTF8Text.decoded(bytes))
        }
        let text = { UTF8Text.decoded(bytes) }
        switch resolution {
        case .value(let value):
            return value
        case .tooLarge:
            diagnostics.append(Diagnostic(.limitExceeded, "the number \(text().prefix(40)) is too large for a 64-bit float", at: location))
        case .mismatch(let expected):
            diagnostics.append(Diagnostic(.syntax, "\"\(text().prefix(40))\" is tagged \(YAMLCoreSchema.shortTag(tag ?? "")) but is not \(expected)", at: location))
        case .unsupportedTag:
            diagnostics.append(Diagnostic(.syntax, "the tag \(YAMLCoreSchema.shortTag(tag ?? "")) is not supported; only the core schema's tags are", at: location))
        }
        return .string(text())
    }
}
