/// A map of theme nodes that keeps its keys in insertion order.
///
/// The entries are one array. Most maps of a theme are small (a color, a font, a variant map, a
/// level), where a scan of a few keys is cheaper than hashing; a map that grows past
/// ``indexThreshold`` entries (a section with hundreds of palette entries) also keeps a hash index.
struct NodeMap: Sendable {
    struct Entry: Sendable {
        var key: String
        var keyLocation: SourceLocation?
        var node: ThemeNode
    }

    /// From how many entries on a map keeps a hash index.
    static let indexThreshold = 12

    private(set) var entries: [Entry] = []
    /// Positions of the keys in ``entries``; empty below ``indexThreshold`` entries.
    private var index: [String: Int] = [:]

    init() {}

    /// A map of entries whose keys are known to be distinct.
    init(distinctEntries: [Entry]) {
        entries = distinctEntries
        if entries.count >= Self.indexThreshold { rebuildIndex() }
    }

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    /// The keys in order.
    var keys: LazyMapSequence<[Entry], String> { entries.lazy.map(\.key) }

    /// Where the entry of `key` stands in ``entries``.
    func position(of key: String) -> Int? {
        if !index.isEmpty { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    subscript(key: String) -> ThemeNode? {
        position(of: key).map { entries[$0].node }
    }

    /// Whether the node of `key` may hold a reference (``ThemeNode/mayHoldReference``), read in
    /// place; `nil` when there is no such key.
    func mayHoldReference(at key: String) -> Bool? {
        position(of: key).map { entries[$0].node.mayHoldReference }
    }

    /// Sets or removes a value; a new key goes last, an existing one keeps its place (and its key
    /// location, unless a new one is given).
    subscript(key: String, keyLocation keyLocation: SourceLocation?) -> ThemeNode? {
        get { self[key] }
        set {
            if let newValue {
                if let position = position(of: key) {
                    entries[position].node = newValue
                    if let keyLocation { entries[position].keyLocation = keyLocation }
                } else {
                    entries.append(Entry(key: key, keyLocation: keyLocation, node: newValue))
                    if !index.isEmpty {
                        index[key] = entries.count - 1
                    } else if entries.count >= Self.indexThreshold {
                        rebuildIndex()
                    }
                }
            } else if let position = position(of: key) {
                entries.remove(at: position)
                index = [:]
                if entries.count >= Self.indexThreshold { rebuildIndex() }
            }
        }
    }

    /// Each key's position in ``entries``, when the map keeps a hash index (from
    /// ``indexThreshold`` entries on): a dictionary of the same keys can be made from it with
    /// `mapValues`, hashing no key again.
    var positions: [String: Int]? { index.isEmpty ? nil : index }

    /// Lets go of the node at a position, keeping its key and place: for a reader that takes a
    /// map's nodes one by one and needs only its keys afterwards. The node becomes null.
    mutating func releaseNode(at position: Int) {
        entries[position].node = Self.releasedNode
    }

    /// What a released node is replaced with: one null node for every map.
    private static let releasedNode = ThemeNode(.scalar(.null), at: SourceLocation(file: "<released>"))

    func keyLocation(_ key: String) -> SourceLocation? {
        position(of: key).flatMap { entries[$0].keyLocation }
    }

    private mutating func rebuildIndex() {
        index = Dictionary(minimumCapacity: entries.count)
        // By position, so that no entry (and its node) is copied to read its key.
        for position in entries.indices { index[entries[position].key] = position }
    }
}
