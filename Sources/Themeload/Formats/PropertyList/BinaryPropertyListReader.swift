import Foundation

/// Reads binary property lists (`bplist00`) into document nodes.
///
/// Foundation's reader on Linux crashes on some corrupt binary plists (the plist fuzzer found a
/// file whose objects make its bridging code read a null pointer) and leaks an error object for
/// every file it rejects, so binary plists never reach it. This reader checks every offset,
/// count and reference against the file before following it, refuses reference cycles, bounds
/// nesting by ``Limits/maxDepth`` and the nodes that shared objects expand to by
/// ``Limits/maxAliasExpandedNodes`` (a small file whose arrays each refer twice to the next would
/// otherwise expand exponentially).
///
/// Structural damage is a `syntax` error; values a theme has no use for (dates, data, sets,
/// keyed-archiver UIDs) are `type` errors at their key paths, all reported together; maps come
/// out sorted by key, as for XML plists.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let location: SourceLocation
    private let limits: Limits
    private var trailer = Trailer()
    private var diagnostics: [Diagnostic] = []
    private var path: [DocumentPath.Component] = []
    /// The objects being read, outermost first, to refuse a reference back to one of them.
    private var objectsOnPath: [Int] = []
    private var nodesLeft = 0

    private struct Trailer {
        var offsetSize = 0
        var referenceSize = 0
        var objectCount = 0
        var topObject = 0
        var offsetTableStart = 0
    }

    /// Reads a whole binary plist.
    static func read(_ data: Data, location: SourceLocation, limits: Limits) throws(ThemeloadError) -> DocumentNode {
        var reader = BinaryPropertyListReader(bytes: [UInt8](data), location: location, limits: limits)
        return try reader.read()
    }

    private init(bytes: [UInt8], location: SourceLocation, limits: Limits) {
        self.bytes = bytes
        self.location = location
        self.limits = limits
    }

    private mutating func read() throws(ThemeloadError) -> DocumentNode {
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
            throw damaged("the file is too short for a binary property list, or not version 00")
        }
        let end = bytes.count - 32
        trailer.offsetSize = Int(bytes[end + 6])
        trailer.referenceSize = Int(bytes[end + 7])
        let objectCount = unsigned(at: end + 8, size: 8)
        let topObject = unsigned(at: end + 16, size: 8)
        let tableStart = unsigned(at: end + 24, size: 8)
        guard (1...8).contains(trailer.offsetSize), (1...8).contains(trailer.referenceSize) else {
            throw damaged("the trailer gives an offset or reference size outside 1 to 8 bytes")
        }
        guard tableStart >= 8, tableStart <= UInt64(end), objectCount >= 1,
            objectCount <= (UInt64(end) - tableStart) / UInt64(trailer.offsetSize), topObject < objectCount
        else {
            throw damaged("the trailer's object count, top object or offset table does not fit the file")
        }
        trailer.objectCount = Int(objectCount)
        trailer.topObject = Int(topObject)
        trailer.offsetTableStart = Int(tableStart)
        nodesLeft = trailer.objectCount + limits.maxAliasExpandedNodes
        let node = try object(trailer.topObject, depth: 0)
        if !diagnostics.isEmpty { throw ThemeloadError(diagnostics) }
        return node
    }

    // MARK: Objects

    private mutating func object(_ reference: Int, depth: Int) throws(ThemeloadError) -> DocumentNode {
        guard !objectsOnPath.contains(reference) else { throw damaged("object \(reference) contains itself") }
        nodesLeft -= 1
        guard nodesLeft >= 0 else {
            throw ThemeloadError(.limitExceeded,
                "shared objects expand to more than \(limits.maxAliasExpandedNodes) extra nodes", at: location)
        }
        let start = try offset(of: reference)
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        let value: DocumentValue
        switch marker >> 4 {
        case 0x0 where marker == 0x08: value = .bool(false)
        case 0x0 where marker == 0x09: value = .bool(true)
        case 0x1: value = try integer(at: start + 1, sizeExponent: low)
        case 0x2: value = try real(at: start + 1, sizeExponent: low)
        case 0x3 where marker == 0x33: value = unusable("a <date> value has no meaning in a theme")
        case 0x4: value = unusable("a <data> value has no meaning in a theme")
        case 0x5:
            let (count, contents) = try length(low, at: start)
            let text = try slice(contents, count)
            guard !text.contains(0) else { throw damaged("object \(reference) is an ASCII string with a NUL byte") }
            // Bytes above 0x7F are taken as Latin-1, as Foundation does.
            value = .string(text.allSatisfy { $0 < 0x80 }
                ? String(decoding: text, as: UTF8.self) : String(String.UnicodeScalarView(text.map { Unicode.Scalar($0) })))
        case 0x6:
            let (count, contents) = try length(low, at: start)
            value = .string(try utf16(try slice(contents, count.multipliedReportingOverflow(by: 2).partialValue, limit: count), reference: reference))
        case 0x8: value = unusable("a keyed-archiver UID has no meaning in a theme")
        case 0xA, 0xC, 0xD:
            guard depth < limits.maxDepth else {
                throw ThemeloadError(.limitExceeded, "nesting is deeper than the limit of \(limits.maxDepth)", at: location)
            }
            if marker >> 4 == 0xC {
                value = unusable("a set has no meaning in a theme")
                break
            }
            let (count, contents) = try length(low, at: start)
            objectsOnPath.append(reference)
            value = marker >> 4 == 0xA
                ? .list(try list(count, at: contents, depth: depth))
                : .map(try map(count, at: contents, depth: depth))
            objectsOnPath.removeLast()
        default:
            throw damaged("object \(reference) has the unknown type marker 0x\(String(marker, radix: 16, uppercase: true))")
        }
        return DocumentNode(value, at: location)
    }

    private mutating func list(_ count: Int, at start: Int, depth: Int) throws(ThemeloadError) -> [DocumentNode] {
        let references = try self.references(count, at: start)
        var items: [DocumentNode] = []
        items.reserveCapacity(count)
        for (index, reference) in references.enumerated() {
            path.append(.index(index))
            items.append(try object(reference, depth: depth + 1))
            path.removeLast()
        }
        return items
    }

    private mutating func map(_ count: Int, at start: Int, depth: Int) throws(ThemeloadError) -> [DocumentEntry] {
        let keys = try references(count, at: start)
        let values = try references(count, at: start + count * trailer.referenceSize)
        var pairs: [(key: String, value: Int)] = []
        pairs.reserveCapacity(count)
        for (keyReference, valueReference) in zip(keys, values) {
            let key = try object(keyReference, depth: depth + 1)
            guard case .string(let name) = key.value else {
                report(.type, "a dictionary key is not a string")
                continue
            }
            pairs.append((name, valueReference))
        }
        pairs.sort { $0.key < $1.key }
        var entries: [DocumentEntry] = []
        entries.reserveCapacity(pairs.count)
        for (index, pair) in pairs.enumerated() {
            path.append(.key(pair.key))
            if index > 0, pairs[index - 1].key == pair.key {
                report(.duplicateKey, "duplicate key \"\(pair.key)\"")
            } else {
                entries.append(DocumentEntry(key: pair.key, keyLocation: location, value: try object(pair.value, depth: depth + 1)))
            }
            path.removeLast()
        }
        return entries
    }

    // MARK: Scalars

    private func integer(at start: Int, sizeExponent: Int) throws(ThemeloadError) -> DocumentValue {
        switch sizeExponent {
        case 0, 1, 2:  // 1, 2 and 4 bytes are unsigned
            let size = 1 << sizeExponent
            _ = try slice(start, size)
            return .integer(Int64(unsigned(at: start, size: size)))
        case 3:
            _ = try slice(start, 8)
            return .integer(Int64(bitPattern: unsigned(at: start, size: 8)))
        case 4:  // 16 bytes: what fits in 64 bits, signed or unsigned
            _ = try slice(start, 16)
            let high = unsigned(at: start, size: 8), low = unsigned(at: start + 8, size: 8)
            if high == 0 { return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .float(Double(low)) }
            if high == .max, low > UInt64(Int64.max) { return .integer(Int64(bitPattern: low)) }
            throw damaged("an integer does not fit in 64 bits")
        default:
            throw damaged("an integer of \(1 << min(sizeExponent, 16)) bytes")
        }
    }

    private func real(at start: Int, sizeExponent: Int) throws(ThemeloadError) -> DocumentValue {
        switch sizeExponent {
        case 2:
            _ = try slice(start, 4)
            return .float(Double(Float(bitPattern: UInt32(unsigned(at: start, size: 4)))))
        case 3:
            _ = try slice(start, 8)
            return .float(Double(bitPattern: unsigned(at: start, size: 8)))
        default:
            throw damaged("a real of \(1 << min(sizeExponent, 16)) bytes")
        }
    }

    private func utf16(_ bytes: ArraySlice<UInt8>, reference: Int) throws(ThemeloadError) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            index += 2
        }
        var text = ""
        var decoder = UTF16()
        var iterator = units.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .emptyInput: return text
            case .error: throw damaged("object \(reference) is a UTF-16 string with an unpaired surrogate")
            }
        }
    }

    // MARK: Bytes

    /// The length of a string, array, set or dictionary: the marker's low nibble, or, when that is
    /// 0xF, the integer object that follows. Returns the length and where the contents start.
    private func length(_ low: Int, at start: Int) throws(ThemeloadError) -> (count: Int, contents: Int) {
        guard low == 0x0F else { return (low, start + 1) }
        let marker = try slice(start + 1, 1).first ?? 0
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else { throw damaged("a length that is not an integer") }
        let size = 1 << Int(marker & 0x0F)
        _ = try slice(start + 2, size)
        let count = unsigned(at: start + 2, size: size)
        guard count <= UInt64(bytes.count) else { throw damaged("a length of \(count) is longer than the file") }
        return (Int(count), start + 2 + size)
    }

    private func references(_ count: Int, at start: Int) throws(ThemeloadError) -> [Int] {
        let size = trailer.referenceSize
        _ = try slice(start, count.multipliedReportingOverflow(by: size).partialValue, limit: count)
        return try (0..<count).map { (index: Int) throws(ThemeloadError) -> Int in
            let reference = unsigned(at: start + index * size, size: size)
            guard reference < UInt64(trailer.objectCount) else {
                throw damaged("a reference to object \(reference) of \(trailer.objectCount)")
            }
            return Int(reference)
        }
    }

    private func offset(of reference: Int) throws(ThemeloadError) -> Int {
        let offset = unsigned(at: trailer.offsetTableStart + reference * trailer.offsetSize, size: trailer.offsetSize)
        guard offset >= 8, offset < UInt64(trailer.offsetTableStart) else {
            throw damaged("object \(reference) starts at \(offset), outside the objects")
        }
        return Int(offset)
    }

    /// The bytes from `start`, which must lie before the offset table; `limit` guards a count
    /// whose byte size was computed with a possible overflow.
    private func slice(_ start: Int, _ count: Int, limit: Int? = nil) throws(ThemeloadError) -> ArraySlice<UInt8> {
        let end = trailer.offsetTableStart
        guard count >= 0, limit.map({ $0 <= end }) ?? true, start <= end, count <= end - start else {
            throw damaged("an object runs past the end of the objects")
        }
        return bytes[start..<start + count]
    }

    /// A big-endian unsigned integer; callers have checked the bytes are there.
    private func unsigned(at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<start + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    // MARK: Diagnostics

    private func damaged(_ message: String) -> ThemeloadError {
        ThemeloadError(.syntax, "the binary property list is damaged: \(message)", at: location)
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String) {
        diagnostics.append(Diagnostic(code, message, at: location, keyPath: DocumentPath(path)))
    }

    private mutating func unusable(_ message: String) -> DocumentValue {
        report(.type, message)
        return .null
    }
}
