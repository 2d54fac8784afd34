/// Assembles the trees that the parsers build, one container at a time, and finds duplicate keys
/// as entries arrive.
///
/// The items of every open container wait on one shared stack (one for list items, one for map
/// entries), so each container's array is allocated once, at its final size, when it closes. A
/// duplicate key is found by comparing cheap hashes of the keys' bytes before comparing strings;
/// a map that grows large gets an open-addressing table of those hashes, so checking stays linear.
/// The cheap hash is not keyed, so a file can be written whose keys all collide in the table;
/// a probe that runs long moves that map to a dictionary keyed by Swift's seeded hasher, so
/// checking stays linear on any input. A map with a key beyond ASCII moves to that dictionary
/// too, whose keys are equal when canonically equivalent, as Swift's strings are.
///
/// A parser owns one assembler for one document; the JSON parser and the YAML tree builder share
/// it, so both build their trees the same way. It is not copyable: its stacks are moved out of,
/// never shared.
package struct DocumentAssembler: ~Copyable {
    private let items = ScratchStack<DocumentNode>()
    private let entries = ScratchStack<DocumentEntry>()
    /// The key hash of each entry in `entries`, at the same position.
    private let entryHashes = ScratchStack<UInt32>()
    private var frames: [Frame] = []

    /// Maps with fewer entries than this are scanned; larger ones get a table.
    private static let tableThreshold = 16
    /// A probe in a map's table longer than this means its keys collide more than any keys a
    /// person writes do (the table is at most half full, where a probe takes about two steps):
    /// the map moves to ``Frame/keyPositions``.
    private static let maximumProbe = 64

    private struct Frame {
        var isMap: Bool
        var location: SourceLocation
        /// Where the container's items (or entries) begin on the shared stack.
        var start: Int
        /// Open addressing over the map's entries: 0 is empty, `n` is the entry at `start + n - 1`.
        /// Empty until the map reaches ``DocumentAssembler/tableThreshold`` entries.
        var table: [Int32] = []
        /// Each key's offset from `start`, in a dictionary, once a probe in `table` ran longer
        /// than ``DocumentAssembler/maximumProbe`` or a key beyond ASCII came (`table` is let go
        /// then).
        var keyPositions: [String: Int]?
        /// Whether the value being read belongs to a duplicate key and is to be dropped.
        var dropsValue = false
    }

    /// Creates an assembler with no open container.
    package init() {}

    /// How many containers are open.
    package var depth: Int { frames.count }

    /// Whether the innermost open container is a map (`false` for a list or when none is open).
    package var innermostIsMap: Bool { frames.last?.isMap ?? false }

    /// Whether the innermost open map checks its keys in a dictionary keyed by Swift's seeded
    /// hasher, as a map does once a probe in its table ran long.
    package var innermostChecksKeysByDictionary: Bool { frames.last?.keyPositions != nil }

    /// Where the innermost open container starts.
    package var innermostLocation: SourceLocation? { frames.last?.location }

    /// Opens a map; entries go to it until it closes.
    package mutating func openMap(at location: SourceLocation) {
        frames.append(Frame(isMap: true, location: location, start: entries.count))
    }

    /// Opens a list; items go to it until it closes.
    package mutating func openList(at location: SourceLocation) {
        frames.append(Frame(isMap: false, location: location, start: items.count))
    }

    /// Adds an item to the innermost container, which must be an open list.
    @inline(__always)
    package mutating func append(_ item: consuming DocumentNode) {
        items.append(item)
    }

    /// Starts an entry of the innermost container, which must be an open map, with its key; the
    /// value follows with ``completeEntry(with:)`` once it has been read (a value that is a map or
    /// a list is opened and closed in between).
    ///
    /// When the map already has the key, the value that follows is dropped (the first entry stays)
    /// and the `duplicate-key` diagnostic for the repeat is returned.
    ///
    /// - Parameter hash: ``keyHash(_:)-(UnsafeBufferPointer<UInt8>)`` of the key's UTF-8 bytes.
    package mutating func beginEntry(key: consuming String, hash: UInt32, at keyLocation: SourceLocation) -> Diagnostic? {
        let frame = frames.count - 1
        let start = frames[frame].start
        let position = entries.count
        var earlier: Int?
        // Swift's strings are equal when canonically equivalent ("café" written with é or with e
        // and a combining accent; "K" and the Kelvin sign), which their bytes do not show: a map
        // with a key beyond ASCII checks its keys by Swift's own hashing, as its dictionaries
        // later will, so that two such keys are a duplicate here rather than one value
        // silently replacing the other there.
        if frames[frame].keyPositions == nil, Self.isBeyondASCII(hash) {
            moveToDictionary(frame)
        }
        if frames[frame].keyPositions != nil {
            earlier = findOrInsertInDictionary(key: key, position: position, in: frame)
        } else if frames[frame].table.isEmpty {
            for index in start..<position where entryHashes[index] == hash && entries[index].key == key {
                earlier = index
                break
            }
        } else {
            earlier = findOrInsert(hash: hash, key: key, position: position, in: frame)
        }
        if let earlier {
            frames[frame].dropsValue = true
            return .duplicateKey(key, at: keyLocation, first: entries[earlier].keyLocation)
        }
        // The value is a placeholder until completeEntry(with:) gives the entry its own.
        entries.append(DocumentEntry(key: key, keyLocation: keyLocation, value: DocumentNode(.null, at: keyLocation)))
        entryHashes.append(hash)
        let count = position + 1 - start
        // From the threshold on, the table is rebuilt whenever it is half full (it starts empty).
        if count >= Self.tableThreshold && count * 2 > frames[frame].table.count && frames[frame].keyPositions == nil {
            rebuildTable(of: frame)
        }
        return nil
    }

    /// Gives the entry that ``beginEntry(key:hash:at:)`` started its value.
    @inline(__always)
    package mutating func completeEntry(with value: consuming DocumentNode) {
        let frame = frames.count - 1
        if frames[frame].dropsValue {
            frames[frame].dropsValue = false
            return
        }
        entries[entries.count - 1].value = value
    }

    /// Closes the innermost container and returns it as a node at the location it was opened.
    package mutating func close() -> DocumentNode {
        let frame = frames.removeLast()
        if frame.isMap {
            entryHashes.removeAll(from: frame.start)
            return DocumentNode(.map(entries.moveOut(from: frame.start)), at: frame.location)
        }
        return DocumentNode(.list(items.moveOut(from: frame.start)), at: frame.location)
    }

    // MARK: - Key hashes

    /// The hash of a key's UTF-8 bytes (FNV-1a): cheap, and enough to tell most keys apart before
    /// their strings are compared. Its top bit is set when a byte is beyond ASCII
    /// (``isBeyondASCII(_:)``), learned in the same pass.
    @inline(__always)
    package static func keyHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        var bits: UInt8 = 0
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
            bits |= byte
        }
        return hash & 0x7FFF_FFFF | UInt32(bits & 0x80) << 24
    }

    /// Whether the key a ``keyHash(_:)-(UnsafeBufferPointer<UInt8>)`` was made of has a byte beyond
    /// ASCII.
    @inline(__always)
    static func isBeyondASCII(_ hash: UInt32) -> Bool { hash & 0x8000_0000 != 0 }

    /// The hash of a key, for keys that were not read straight from the input.
    package static func keyHash(_ key: String) -> UInt32 {
        var key = key
        return key.withUTF8 { keyHash($0) }
    }

    // MARK: - Tables for large maps

    /// The position of an entry with this key if the frame has one; otherwise `position` is
    /// recorded as the key's place and `nil` returned.
    private mutating func findOrInsert(hash: UInt32, key: String, position: Int, in frame: Int) -> Int? {
        let start = frames[frame].start
        let mask = frames[frame].table.count - 1
        var slot = Int(hash) & mask
        for _ in 0...Self.maximumProbe {
            let stored = Int(frames[frame].table[slot])
            if stored == 0 {
                frames[frame].table[slot] = Int32(position - start + 1)
                return nil
            }
            let index = start + stored - 1
            if entryHashes[index] == hash && entries[index].key == key { return index }
            slot = (slot + 1) & mask
        }
        moveToDictionary(frame)
        return findOrInsertInDictionary(key: key, position: position, in: frame)
    }

    /// ``findOrInsert(hash:key:position:in:)`` for a map whose keys are in a dictionary.
    private mutating func findOrInsertInDictionary(key: String, position: Int, in frame: Int) -> Int? {
        let start = frames[frame].start
        if let offset = frames[frame].keyPositions![key] { return start + offset }
        frames[frame].keyPositions![key] = position - start
        return nil
    }

    /// Puts the keys of a map whose table probes too long into a dictionary, and lets the table go.
    private mutating func moveToDictionary(_ frame: Int) {
        let start = frames[frame].start
        var positions = [String: Int](minimumCapacity: (entries.count - start) * 2)
        for index in start..<entries.count { positions[entries[index].key] = index - start }
        frames[frame].keyPositions = positions
        frames[frame].table = []
    }

    /// Sizes the frame's table to four times its entries (a power of two) and fills it.
    private mutating func rebuildTable(of frame: Int) {
        let start = frames[frame].start
        let count = entries.count - start
        var capacity = 64
        while capacity < count * 4 { capacity *= 2 }
        var table = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for offset in 0..<count {
            var slot = Int(entryHashes[start + offset]) & mask
            var probe = 0
            while table[slot] != 0 {
                probe += 1
                if probe > Self.maximumProbe { return moveToDictionary(frame) }
                slot = (slot + 1) & mask
            }
            table[slot] = Int32(offset + 1)
        }
        frames[frame].table = table
    }
}

/// A stack that hands its top elements over to a new array by moving them, without the copy and
/// the release that slicing an array and removing the slice would cost for every element.
private final class ScratchStack<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity = 64
    private(set) var count = 0

    init() {
        storage = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    @inline(__always)
    func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        unsafeAddress { UnsafePointer(storage + index) }
        unsafeMutableAddress { storage + index }
    }

    /// The elements from `start` to the top, in order, as an array; the stack ends at `start`.
    func moveOut(from start: Int) -> [Element] {
        // Appending to a reserved array stays in code specialized for the element type; the
        // stdlib's unsafeUninitializedCapacity initializer is not specialized here and costs twice
        // as much (measured with callgrind).
        var result: [Element] = []
        result.reserveCapacity(count - start)
        for index in start..<count { result.append((storage + index).move()) }
        count = start
        return result
    }

    /// Drops the elements from `start` to the top.
    func removeAll(from start: Int) {
        (storage + start).deinitialize(count: count - start)
        count = start
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
