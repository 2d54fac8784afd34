/// One node of a parsed document: the tree every format plugin produces, whatever its syntax.
///
/// A document is a tree of maps (string keys in source order), lists, strings, 64-bit integers,
/// floats, booleans and nulls. Every node remembers where it came from, so that later stages can
/// report a problem at the file, line and column of the value that caused it.
///
/// Two nodes compare equal when they hold the same data, wherever they came from: locations are
/// not part of equality.
public struct DocumentNode: Sendable {
    /// The node's data.
    public var value: DocumentValue
    /// Where the node was written.
    public var location: SourceLocation

    /// Creates a node.
    public init(_ value: DocumentValue, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// The data of a ``DocumentNode``.
public enum DocumentValue: Sendable {
    /// A map with string keys, in source order.
    case map([DocumentEntry])
    /// A list.
    case list([DocumentNode])
    /// A string.
    case string(String)
    /// An integer that fits in 64 bits.
    case integer(Int64)
    /// An integer written in hexadecimal (YAML's `0xFF8800`), for formats that have the notation.
    ///
    /// It is the same data as ``integer(_:)`` (the two compare equal) and every stage treats it
    /// as one, except one: a color may be an integer only when it is written in hex, so that
    /// `backgroundColor: 12` is an error rather than a silent `#00000C`.
    case hexInteger(Int64)
    /// A floating-point number (YAML's `.inf` and `.nan` included).
    case float(Double)
    /// A boolean.
    case bool(Bool)
    /// An explicit null.
    case null
}

/// One key and value of a map node.
public struct DocumentEntry: Sendable {
    /// The key.
    public var key: String
    /// Where the key was written (duplicate keys are reported here).
    public var keyLocation: SourceLocation
    /// The value.
    public var value: DocumentNode

    /// Creates an entry.
    public init(key: String, keyLocation: SourceLocation, value: DocumentNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

extension DocumentNode {
    /// How many nodes the tree has: this one and every map entry's and list item's, at any depth.
    var nodeCount: Int {
        switch value {
        case .map(let entries): entries.reduce(1) { $0 + $1.value.nodeCount }
        case .list(let items): items.reduce(1) { $0 + $1.nodeCount }
        default: 1
        }
    }

    /// A map node for a format plugin, refusing repeated keys as every plugin must: each key that
    /// comes again is a `duplicate-key` diagnostic at that entry's ``DocumentEntry/keyLocation``,
    /// all of them thrown together.
    ///
    /// ```swift
    /// let node = try DocumentNode(checkingKeys: entries, at: input.location(line: line, column: column))
    /// ```
    public init(checkingKeys entries: [DocumentEntry], at location: SourceLocation) throws(ThemeloadError) {
        var first: [String: SourceLocation] = [:]
        first.reserveCapacity(entries.count)
        var repeats: [Diagnostic] = []
        for entry in entries {
            if let earlier = first[entry.key] {
                repeats.append(.duplicateKey(entry.key, at: entry.keyLocation, first: earlier))
            } else {
                first[entry.key] = entry.keyLocation
            }
        }
        guard repeats.isEmpty else { throw ThemeloadError(repeats) }
        self.init(.map(entries), at: location)
    }
}

extension DocumentNode: Equatable {
    /// Data equality: locations are ignored; maps compare in order; `nan` equals `nan`.
    public static func == (lhs: DocumentNode, rhs: DocumentNode) -> Bool {
        lhs.value == rhs.value
    }
}

extension DocumentEntry: Equatable {
    /// Key and value equality; locations are ignored.
    public static func == (lhs: DocumentEntry, rhs: DocumentEntry) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }
}

extension DocumentValue: Equatable {
    /// Data equality; `nan` equals `nan` so that a document equals itself.
    public static func == (lhs: DocumentValue, rhs: DocumentValue) -> Bool {
        switch (lhs, rhs) {
        case (.map(let a), .map(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)), (.hexInteger(let a), .hexInteger(let b)),
             (.integer(let a), .hexInteger(let b)), (.hexInteger(let a), .integer(let b)): a == b
        case (.float(let a), .float(let b)): a == b || (a.isNaN && b.isNaN)
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }
}

extension DocumentValue {
    /// A short rendering of the value for messages: a scalar as written (`"#12345"`, `15`,
    /// `-1.5`, a long string cut short), a map or a list by its kind.
    var summary: String {
        switch self {
        case .string(let text): "\"\(text.count > 60 ? String(text.prefix(57)) + "..." : text)\""
        case .integer(let number): String(number)
        case .hexInteger(let number): "0x" + String(number, radix: 16, uppercase: true)
        case .float(let number): String(number)
        case .bool(let flag): String(flag)
        case .null: "null"
        case .map, .list: kindDescription
        }
    }

    /// A short English name of the kind of value, for messages: "a map", "a string".
    public var kindDescription: String {
        switch self {
        case .map: "a map"
        case .list: "a list"
        case .string: "a string"
        case .integer, .hexInteger: "an integer"
        case .float: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// The entries, if this is a map.
    public var mapEntries: [DocumentEntry]? {
        if case .map(let entries) = self { entries } else { nil }
    }

    /// The number, if this is an integer or a float.
    public var number: Double? {
        switch self {
        case .integer(let value), .hexInteger(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }

    /// The integer, if this is one (in any notation).
    public var integer: Int64? {
        switch self {
        case .integer(let value), .hexInteger(let value): value
        default: nil
        }
    }

    /// The string, if this is one.
    public var string: String? {
        if case .string(let value) = self { value } else { nil }
    }
}

extension DocumentNode {
    /// The value of the first entry with this key, if this node is a map that has one.
    public subscript(key: String) -> DocumentNode? {
        guard case .map(let entries) = value else { return nil }
        return entries.first(where: { $0.key == key })?.value
    }

    /// The node at a path of keys and indices below this one, if there is one.
    public func node(at path: DocumentPath) -> DocumentNode? {
        var node = self
        for component in path.components {
            switch (component, node.value) {
            case (.key(let key), .map):
                guard let next = node[key] else { return nil }
                node = next
            case (.index(let index), .list(let items)) where items.indices.contains(index):
                node = items[index]
            default:
                return nil
            }
        }
        return node
    }

    /// The greatest nesting of maps and lists in this tree (a scalar is 0, `[1]` is 1).
    ///
    /// Iterative, so it is safe on trees deeper than the stack would allow for recursion.
    public var nestingDepth: Int {
        var deepest = 0
        var pending: [(DocumentNode, Int)] = [(self, 0)]
        while let (node, depth) = pending.popLast() {
            switch node.value {
            case .map(let entries):
                deepest = max(deepest, depth + 1)
                pending.append(contentsOf: entries.map { ($0.value, depth + 1) })
            case .list(let items):
                deepest = max(deepest, depth + 1)
                pending.append(contentsOf: items.map { ($0, depth + 1) })
            default:
                break
            }
        }
        return deepest
    }
}
