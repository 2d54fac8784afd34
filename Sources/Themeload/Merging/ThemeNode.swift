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

    var value: Value
    var location: SourceLocation

    init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    init(_ document: DocumentNode) {
        location = document.location
        switch document.value {
        case .map(let entries):
            var map = NodeMap()
            for entry in entries { map[entry.key, keyLocation: entry.keyLocation] = ThemeNode(entry.value) }
            value = .map(map)
        case .list(let items):
            value = .list(items.map(ThemeNode.init))
        default:
            value = .scalar(document.value)
        }
    }

    var map: NodeMap? {
        if case .map(let map) = value { map } else { nil }
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
        let inner = text.dropFirst().dropLast()
        let keys = inner.split(separator: ".", omittingEmptySubsequences: false)
        guard keys.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } })
        else { return nil }
        return keys.map(String.init)
    }

    /// A short rendering of the value for messages: `"#12345"`, `15`, `a map`.
    var summary: String {
        switch value {
        case .scalar(.string(let text)): "\"\(text.count > 60 ? String(text.prefix(57)) + "..." : text)\""
        case .scalar(.integer(let number)): String(number)
        case .scalar(.float(let number)): String(number)
        case .scalar(.bool(let flag)): String(flag)
        case .scalar(.null): "null"
        case .scalar(let other): other.kindDescription
        case .map: "a map"
        case .list: "a list"
        case .patched: "a reference with overrides"
        }
    }
}

/// A map of theme nodes that keeps its keys in insertion order, with constant-time lookup.
struct NodeMap: Sendable {
    private(set) var keys: [String] = []
    private var values: [String: ThemeNode] = [:]
    private var keyLocations: [String: SourceLocation] = [:]

    var isEmpty: Bool { keys.isEmpty }
    var count: Int { keys.count }

    subscript(key: String) -> ThemeNode? {
        values[key]
    }

    /// Sets or removes a value; a new key goes last, an existing one keeps its place.
    subscript(key: String, keyLocation keyLocation: SourceLocation?) -> ThemeNode? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
                if let keyLocation { keyLocations[key] = keyLocation }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
                keyLocations[key] = nil
            }
        }
    }

    func keyLocation(_ key: String) -> SourceLocation? {
        keyLocations[key]
    }

    /// The entries in order.
    var entries: [(key: String, node: ThemeNode)] {
        keys.compactMap { key in values[key].map { (key, $0) } }
    }
}
