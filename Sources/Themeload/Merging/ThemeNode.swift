/// A node of a theme's merged document: a ``DocumentNode`` tree plus the one thing merging can
/// produce that a file cannot say, a map laid over a reference (SPEC section 4), which stays
/// unresolved until references are bound in the final document.
struct ThemeNode: Sendable {
    enum Value: Sendable {
        case map(NodeMap)
        case list([ThemeNode])
        /// A string, number, boolean or null.
        case scalar(DocumentValue)
        /// Maps merged over a reference: bound late, then merged in order over its target.
        indirect case patched(reference: ThemeNode, patches: [ThemeNode])
    }

    let value: Value
    /// Whether the node is, or holds, a string that may be a reference (one that starts with `{`
    /// and ends with `}`) or a map laid over a reference: when not, binding references leaves it
    /// as it is. Worked out as the node is made, from its children's, so asking costs nothing.
    /// (Kept beside ``value``, where it takes no more room.)
    let mayHoldReference: Bool
    let location: SourceLocation

    init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
        mayHoldReference = switch value {
        case .scalar(let scalar): Self.mayBeReference(scalar)
        case .patched: true
        case .map(let map): map.entries.contains { $0.node.mayHoldReference }
        case .list(let items): items.contains { $0.mayHoldReference }
        }
    }

    /// The theme node of a parsed tree that nothing else holds (a manifest's sections, as
    /// their parser made them): each map's and list's children are moved out as they are
    /// converted, so the tree's arrays are let go one by one while the theme's are made, and a
    /// large file's two forms are never held whole at once. (On a tree held elsewhere too it
    /// gives the same node, copying the arrays it empties.)
    init(taking document: consuming DocumentNode) {
        var document = document
        self.init(taking: &document)
    }

    /// The theme node of a tree that may be held elsewhere too: the same node, its keys and
    /// scalars shared with the tree rather than moved out of it. (Read in place: moving them out
    /// of a shared tree would first copy each of its arrays.)
    init(_ document: DocumentNode) {
        location = document.location
        switch document.value {
        case .map(let entries):
            var converted: [NodeMap.Entry] = []
            converted.reserveCapacity(entries.count)
            for position in entries.indices {
                converted.append(NodeMap.Entry(key: entries[position].key, keyLocation: entries[position].keyLocation, node: ThemeNode(entries[position].value)))
            }
            value = .map(NodeMap(distinctEntries: converted))
            mayHoldReference = converted.contains { $0.node.mayHoldReference }
        case .list(let items):
            let converted = items.map(ThemeNode.init(_:))
            value = .list(converted)
            mayHoldReference = converted.contains { $0.mayHoldReference }
        default:
            value = .scalar(document.value)
            mayHoldReference = Self.mayBeReference(document.value)
        }
    }

    /// The theme node of a tree that nothing else holds, its children moved out: each entry's
    /// key, and each scalar, is swapped for an empty one that holds no reference, so nothing is
    /// copied or retained; the emptied arrays go as their nodes are made.
    private init(taking document: inout DocumentNode) {
        location = document.location
        if var entries = document.value.takeMapEntries() {
            // A document's keys are distinct (its parser reports a repeat), so no lookups are needed.
            var holdsReference = false
            var converted: [NodeMap.Entry] = []
            converted.reserveCapacity(entries.count)
            for position in entries.indices {
                let node = ThemeNode(taking: &entries[position].value)
                holdsReference = holdsReference || node.mayHoldReference
                var key = ""
                swap(&key, &entries[position].key)
                converted.append(NodeMap.Entry(key: key, keyLocation: entries[position].keyLocation, node: node))
            }
            value = .map(NodeMap(distinctEntries: converted))
            mayHoldReference = holdsReference
        } else if var items = document.value.takeListItems() {
            var holdsReference = false
            var converted: [ThemeNode] = []
            converted.reserveCapacity(items.count)
            for position in items.indices {
                let node = ThemeNode(taking: &items[position])
                holdsReference = holdsReference || node.mayHoldReference
                converted.append(node)
            }
            value = .list(converted)
            mayHoldReference = holdsReference
        } else {
            var scalar = DocumentValue.null
            swap(&scalar, &document.value)
            mayHoldReference = Self.mayBeReference(scalar)
            value = .scalar(scalar)
        }
    }

    /// Whether a scalar is a string that starts with `{` and ends with `}`.
    private static func mayBeReference(_ scalar: DocumentValue) -> Bool {
        guard case .string(let text) = scalar else { return false }
        return text.utf8.first == UInt8(ascii: "{") && text.utf8.last == UInt8(ascii: "}")
    }

    var map: NodeMap? {
        if case .map(let map) = value { map } else { nil }
    }

    /// How many nodes the tree has, counting a subtree as often as it stands in it, or any
    /// number past `limit` once the count passes it (so counting costs no more than the limit).
    func nodeCount(upTo limit: Int) -> Int {
        var count = 1
        switch value {
        case .scalar:
            break
        case .map(let map):
            for entry in map.entries where count <= limit { count += entry.node.nodeCount(upTo: limit - count) }
        case .list(let items):
            for item in items where count <= limit { count += item.nodeCount(upTo: limit - count) }
        case .patched(let reference, let patches):
            count += reference.nodeCount(upTo: limit - count)
            for patch in patches where count <= limit { count += patch.nodeCount(upTo: limit - count) }
        }
        return count
    }

    var string: String? {
        if case .scalar(.string(let text)) = value { text } else { nil }
    }

    var isNull: Bool {
        if case .scalar(.null) = value { true } else { false }
    }

    /// The path a reference string `{a.b.c}` names, if this node is one.
    var referencePath: [String]? {
        guard let text = string else { return nil }
        return ThemeNode.referencePath(in: text)
    }

    /// The path of a reference: a string that is exactly `{a.b.c}` (keys of letters, digits, `_`
    /// and `-`, separated by dots).
    static func referencePath(in text: String) -> [String]? {
        guard text.utf8.count > 2, text.utf8.first == UInt8(ascii: "{"), text.utf8.last == UInt8(ascii: "}") else { return nil }
        var text = text
        if let keys = text.withUTF8(asciiReferencePath) { return keys }
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        let inner = text.dropFirst().dropLast()
        let keys = inner.split(separator: ".", omittingEmptySubsequences: false)
        guard keys.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } })
        else { return nil }
        return keys.map(String.init)
    }

    /// The keys of an all-ASCII reference `{a.b-c.d_e}` read from its bytes, or `nil` if it is not
    /// one (then a reference with other letters is read by characters).
    private static func asciiReferencePath(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var keys: [String] = []
        var start = 1
        for index in 1..<bytes.count {
            let byte = bytes[index]
            if isReferenceKeyByte(byte) { continue }
            guard byte == UInt8(ascii: ".") || index == bytes.count - 1, index > start else { return nil }
            keys.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            start = index + 1
        }
        return keys
    }

    /// Whether a string that is no reference holds one inside other text, a `{` before a `}`
    /// (`"rgba({palette.blue}, 0.5)"`, `"{space.md} * 2"`): what a value's error then notes,
    /// for nothing evaluates it.
    static func holdsReferenceInsideText(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "{") else { return false }
        return text[open...].contains("}")
    }

    /// Whether an ASCII byte may stand in a reference's key: a letter, a digit, `_` or `-`.
    static func isReferenceKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// Whether two nodes hold the same data, as ``DocumentNode``'s `==` says of documents:
    /// locations are ignored, maps compare in order.
    func hasSameData(as other: ThemeNode) -> Bool {
        switch (value, other.value) {
        case (.scalar(let a), .scalar(let b)):
            a == b
        case (.map(let a), .map(let b)):
            a.count == b.count && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.node.hasSameData(as: $1.node) }
        case (.list(let a), .list(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.hasSameData(as: $1) }
        case (.patched(let a, let patchesA), .patched(let b, let patchesB)):
            a.hasSameData(as: b) && patchesA.count == patchesB.count && zip(patchesA, patchesB).allSatisfy { $0.hasSameData(as: $1) }
        default:
            false
        }
    }

    /// A short rendering of the value for messages: `"#12345"`, `15`, `a map`.
    var summary: String {
        switch value {
        case .scalar(let scalar): scalar.summary
        case .map: "a map"
        case .list: "a list"
        case .patched: "a reference with overrides"
        }
    }
}

private extension DocumentValue {
    /// A map's entries, moved out (the value left null), so that whoever held the only copy of
    /// the value holds the only copy of the entries, which can then be emptied in place.
    mutating func takeMapEntries() -> [DocumentEntry]? {
        guard case .map(let entries) = self else { return nil }
        self = .null
        return entries
    }

    /// A list's items, moved out as ``takeMapEntries()`` moves a map's entries.
    mutating func takeListItems() -> [DocumentNode]? {
        guard case .list(let items) = self else { return nil }
        self = .null
        return items
    }
}
