import Foundation

/// The property-list format plugin: XML plists through `PropertyListSerialization`, binary plists
/// through a reader of our own (Foundation's crashed on a damaged file the fuzzer made).
///
/// Foundation keeps neither positions nor the order of a `<dict>`'s keys, so a scan of the same
/// bytes gives UTF-8 XML nodes the line and column of their tags, keeps maps in the order of the
/// file and finds repeated keys (`duplicate-key`). Binary plists carry no positions: their nodes
/// have the file only, diagnostics name the key path, and maps come out sorted by key. `<date>`
/// and `<data>` values are `type` errors (a theme has no use for them). OpenStep (old ASCII)
/// plists are refused as `syntax`.
public struct PropertyListFormat: FormatPlugin {
    /// Creates the plugin.
    public init() {}

    public var name: String { "Property list" }

    public var fileExtensions: [String] { ["plist"] }

    public func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode {
        let fileLocation = input.location()
        let kind = PropertyListKind(input.bytes)
        var layout: XMLPropertyListLayout?
        switch kind {
        case .binary:
            return try BinaryPropertyListReader.read(input.bytes, location: fileLocation, limits: input.limits)
        case .xml:
            // Lines, columns and key order come from a scan of UTF-8 text (other encodings go
            // without); the scan also measures the nesting, before Foundation's recursive parser
            // sees it.
            layout = PropertyListKind.startsWithWideByteOrderMark(input.bytes) ? nil : input.bytes.withUnsafeBytes { raw in
                XMLPropertyListLayout(raw.bindMemory(to: UInt8.self))
            }
            try checkXMLDepth(input, measured: layout?.deepestNesting)
            // XML forbids NUL; Foundation would keep it in a string. (UTF-16 and UTF-32 text, which
            // needs zero bytes, comes with a byte-order mark.)
            let hasNUL = input.bytes.withUnsafeBytes { raw in raw.baseAddress.map { memchr($0, 0, raw.count) != nil } ?? false }
            if hasNUL && !PropertyListKind.startsWithWideByteOrderMark(input.bytes) {
                throw ThemeloadError(.syntax, "the XML property list holds a NUL byte, which XML does not allow", at: fileLocation)
            }
        case .other:
            throw ThemeloadError(
                .syntax,
                "not an XML or binary property list (OpenStep and other text plists are not supported)",
                at: fileLocation)
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: input.bytes, options: [], format: nil)
        } catch {
            throw ThemeloadError(.syntax, "the XML property list cannot be read: \(Self.describe(error))", at: fileLocation)
        }
        let (node, diagnostics) = PropertyListConverter.convert(object, location: fileLocation, limits: input.limits, layout: layout)
        if !diagnostics.isEmpty { throw ThemeloadError(diagnostics) }
        return node
    }

    /// Refuses XML nested deeper than the limit before Foundation's recursive parser sees it: the
    /// depth the layout scan measured, or where there is no layout, a scan of its own.
    private func checkXMLDepth(_ input: FormatInput, measured: Int?) throws(ThemeloadError) {
        let depth = measured ?? input.bytes.withUnsafeBytes { raw in
            XMLNestingScanner.maximumDepth(of: raw.bindMemory(to: UInt8.self), stoppingAbove: input.limits.maxDepth)
        }
        if depth > input.limits.maxDepth {
            throw ThemeloadError(.limitExceeded, "nesting is deeper than the limit of \(input.limits.maxDepth)", at: input.location())
        }
    }

    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo["NSDebugDescription"] as? String { return detail }
        return nsError.localizedDescription
    }
}

/// How a property list's first bytes say it is written.
enum PropertyListKind: Equatable {
    case xml, binary, other

    init(_ bytes: Data) {
        if bytes.starts(with: Array("bplist0".utf8)) {
            self = .binary
            return
        }
        var index = bytes.startIndex
        index += ByteOrderMark.utf8Length(bytes)
        // UTF-16 and UTF-32 XML with a byte-order mark are XML too.
        if Self.startsWithWideByteOrderMark(bytes) {
            self = .xml
            return
        }
        while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        self = index < bytes.endIndex && bytes[index] == UInt8(ascii: "<") ? .xml : .other
    }

    /// Whether the bytes start with a UTF-16 or UTF-32 byte-order mark (UTF-32LE's starts as UTF-16LE's).
    static func startsWithWideByteOrderMark(_ bytes: Data) -> Bool {
        bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
    }
}

/// Counts how deeply `<dict>` and `<array>` elements nest in XML bytes, without parsing the XML.
enum XMLNestingScanner {
    static func maximumDepth(of bytes: UnsafeBufferPointer<UInt8>, stoppingAbove limit: Int) -> Int {
        var depth = 0
        var deepest = 0
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return 0 }
        while index < count {
            // memchr finds the next tag many bytes at a time.
            guard let found = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) else { break }
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let closing = index + 1 < count && bytes[index + 1] == UInt8(ascii: "/")
            let nameStart = index + (closing ? 2 : 1)
            if matches("dict", at: nameStart, in: bytes) || matches("array", at: nameStart, in: bytes) {
                var end = nameStart
                while end < count && bytes[end] != UInt8(ascii: ">") { end += 1 }
                let selfClosing = end > nameStart && bytes[end - 1] == UInt8(ascii: "/")
                if closing {
                    depth = max(0, depth - 1)
                } else if !selfClosing {
                    depth += 1
                    deepest = max(deepest, depth)
                    if deepest > limit { return deepest }
                }
                index = end
            } else {
                index += 1
            }
        }
        return deepest
    }

    private static func matches(_ name: StaticString, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = name.utf8CodeUnitCount
        guard offset + length < bytes.count else { return false }
        let equal = name.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[offset + $0] == expected[$0] }
        }
        guard equal else { return false }
        let next = bytes[offset + length]
        return next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == 0x20 || next == 0x09
            || next == 0x0A || next == 0x0D
    }
}

/// Turns Foundation's property-list objects into document nodes, collecting every `type` error.
///
/// With an ``XMLPropertyListLayout`` of the same bytes, nodes get the line and column of their
/// tags, maps keep the order of the file, and a repeated key is `duplicate-key`; without one
/// (binary-looking input, UTF-16 text, or a layout that does not match Foundation's objects),
/// nodes carry the file only and maps come out sorted by key.
struct PropertyListConverter {
    let fileLocation: SourceLocation
    let limits: Limits
    private let layout: XMLPropertyListLayout?
    private(set) var diagnostics: [Diagnostic] = []
    /// The key path of the value being converted; turned into a ``DocumentPath`` only for a
    /// diagnostic.
    private var path: [DocumentPath.Component] = []
    /// Set when the layout stops matching Foundation's objects; the caller converts again without it.
    private(set) var layoutMismatch = false

    init(location: SourceLocation, limits: Limits, layout: XMLPropertyListLayout? = nil) {
        self.fileLocation = location
        self.limits = limits
        self.layout = layout
    }

    /// Converts the whole property list, using the layout when it matches Foundation's objects.
    static func convert(_ object: Any, location: SourceLocation, limits: Limits, layout: XMLPropertyListLayout?) -> (node: DocumentNode, diagnostics: [Diagnostic]) {
        if let layout {
            var converter = PropertyListConverter(location: location, limits: limits, layout: layout)
            let node = converter.convert(object, depth: 0)
            // A repeated key is reported before the values of its dictionary: sorted into place.
            if !converter.layoutMismatch { return (node, converter.diagnostics.inFileOrder) }
        }
        var converter = PropertyListConverter(location: location, limits: limits)
        let node = converter.convert(object, depth: 0)
        return (node, converter.sortedDiagnostics)
    }

    /// Converts a value; `valueIndex` is its place in the layout (the root is 0).
    mutating func convert(_ object: Any, depth: Int, valueIndex: Int = 0) -> DocumentNode {
        let location = self.location(ofValue: valueIndex)
        return DocumentNode(value(of: object, depth: depth, at: location, valueIndex: valueIndex), at: location)
    }

    private func location(ofValue index: Int) -> SourceLocation {
        guard let layout, index < layout.values.count else { return fileLocation }
        let (line, column) = layout.values[index]
        return SourceLocation(file: fileLocation.sourceFile, rawLine: line, rawColumn: column)
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(code, message, at: location, keyPath: DocumentPath(path)))
    }

    private mutating func value(of object: Any, depth: Int, at location: SourceLocation, valueIndex: Int) -> DocumentValue {
        // Casts are the cost here, and a failing cast from Any costs most. Foundation on Linux gives
        // Swift's own types, so exact type tests settle nearly every value before any cast is
        // tried; the casts below them serve Darwin's bridged classes.
        let kind = type(of: object)
        if kind == String.self, let text = object as? String { return .string(text) }
        if kind == NSNumber.self, let number = object as? NSNumber { return value(of: number) }
        if kind == Bool.self, let flag = object as? Bool { return .bool(flag) }
        if kind == [AnyHashable: Any].self, let dictionary = object as? [AnyHashable: Any] { return map(dictionary, depth: depth, at: location, valueIndex: valueIndex) }
        if kind == [Any].self, let array = object as? [Any] { return list(array, depth: depth, at: location, valueIndex: valueIndex) }
        switch object {
        case let text as String:
            return .string(text)
        case let dictionary as [AnyHashable: Any]:
            return map(dictionary, depth: depth, at: location, valueIndex: valueIndex)
        case let array as [Any]:
            return list(array, depth: depth, at: location, valueIndex: valueIndex)
        case let number as NSNumber:
            return value(of: number)
        case is Date:
            report(.type, "a <date> value has no meaning in a theme", at: location)
        case is Data:
            report(.type, "a <data> value has no meaning in a theme", at: location)
        default:
            report(.type, "a property-list value of type \(type(of: object)) has no meaning in a theme", at: location)
        }
        return .null
    }

    /// The diagnostics in the order a walk of the sorted keys meets them: without a layout, maps
    /// are converted in the dictionary's order, which changes from run to run.
    private var sortedDiagnostics: [Diagnostic] {
        diagnostics.enumerated().sorted { first, second in
            let order = Self.order(first.element.keyPath?.components ?? [], second.element.keyPath?.components ?? [])
            return order == 0 ? first.offset < second.offset : order < 0
        }.map(\.element)
    }

    /// Negative when path `a` comes first in a walk of sorted keys (a node before what it holds),
    /// zero when the paths are equal.
    private static func order(_ a: [DocumentPath.Component], _ b: [DocumentPath.Component]) -> Int {
        for (left, right) in zip(a, b) {
            switch (left, right) {
            case (.key(let x), .key(let y)) where x != y: return x < y ? -1 : 1
            case (.index(let x), .index(let y)) where x != y: return x < y ? -1 : 1
            case (.key, .index): return -1
            case (.index, .key): return 1
            default: continue
            }
        }
        return a.count - b.count
    }

    /// A dictionary's entries: in the order of the file, each at its position, when the layout
    /// has the dictionary; otherwise sorted by key. Either way the dictionary is walked once, in
    /// its own order (looking its keys up would cost a boxed key per lookup).
    private mutating func map(_ dictionary: [AnyHashable: Any], depth: Int, at location: SourceLocation, valueIndex: Int) -> DocumentValue {
        guard depth < limits.maxDepth else { return tooDeep(at: location) }
        if layout != nil, !layoutMismatch {
            guard let keys = layout?.keys(ofDictionaryAt: valueIndex) else {
                layoutMismatch = true
                return .null
            }
            return orderedMap(dictionary, keys: keys, depth: depth)
        }
        var entries: [DocumentEntry] = []
        entries.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            guard let key = key.base as? String else {
                report(.type, "a dictionary key is not a string", at: location)
                continue
            }
            path.append(.key(key))
            entries.append(DocumentEntry(key: key, keyLocation: fileLocation, value: convert(value, depth: depth + 1)))
            path.removeLast()
        }
        Self.sortByKey(&entries)
        return .map(entries)
    }

    /// The entries of a dictionary the layout knows, in the order of its keys in the file. A key
    /// written twice is `duplicate-key` at the repeat (Foundation keeps one of the values).
    private mutating func orderedMap(_ dictionary: [AnyHashable: Any], keys: [XMLPropertyListLayout.Key], depth: Int) -> DocumentValue {
        // The keys' slots: most of a theme's maps are small, and a scan beats hashing there.
        let small = keys.count <= 16
        var slots: [String: Int] = [:]
        var unique = keys
        if small {
            var index = 1
            while index < unique.count {
                if let first = unique[..<index].firstIndex(where: { $0.text == unique[index].text }) {
                    reportRepeat(unique[index], first: unique[first])
                    unique.remove(at: index)
                } else {
                    index += 1
                }
            }
        } else {
            unique = []
            for key in keys {
                if let first = slots[key.text] {
                    reportRepeat(key, first: unique[first])
                } else {
                    slots[key.text] = unique.count
                    unique.append(key)
                }
            }
        }
        guard unique.count == dictionary.count else {
            layoutMismatch = true
            return .null
        }
        // Foundation's values put in the file's order, then converted in it.
        var values = [Any?](nils: unique.count)
        for (key, value) in dictionary {
            guard let text = key.base as? String,
                  let slot = small ? unique.firstIndex(where: { $0.text == text }) : slots[text], values[slot] == nil else {
                layoutMismatch = true
                return .null
            }
            values[slot] = value
        }
        var entries: [DocumentEntry] = []
        entries.reserveCapacity(unique.count)
        for (key, value) in zip(unique, values) {
            guard let value else { continue }
            path.append(.key(key.text))
            let keyLocation = SourceLocation(file: fileLocation.sourceFile, rawLine: key.line, rawColumn: key.column)
            entries.append(DocumentEntry(key: key.text, keyLocation: keyLocation, value: convert(value, depth: depth + 1, valueIndex: key.valueIndex)))
            path.removeLast()
        }
        return .map(entries)
    }

    private mutating func reportRepeat(_ key: XMLPropertyListLayout.Key, first: XMLPropertyListLayout.Key) {
        let file = fileLocation.sourceFile
        var repeated = Diagnostic.duplicateKey(key.text, at: SourceLocation(file: file, rawLine: key.line, rawColumn: key.column),
                                               first: SourceLocation(file: file, rawLine: first.line, rawColumn: first.column))
        repeated.keyPath = DocumentPath(path + [.key(key.text)])
        diagnostics.append(repeated)
    }

    /// Sorts entries by key: by insertion when there are few, as in most of a theme's maps.
    private static func sortByKey(_ entries: inout [DocumentEntry]) {
        guard entries.count <= 8 else {
            entries.sort { $0.key < $1.key }
            return
        }
        for end in entries.indices.dropFirst() {
            var index = end
            while index > 0 && entries[index].key < entries[index - 1].key {
                entries.swapAt(index, index - 1)
                index -= 1
            }
        }
    }

    private mutating func list(_ array: [Any], depth: Int, at location: SourceLocation, valueIndex: Int) -> DocumentValue {
        guard depth < limits.maxDepth else { return tooDeep(at: location) }
        var itemIndices: [Int]?
        if layout != nil, !layoutMismatch {
            itemIndices = layout?.items(ofArrayAt: valueIndex)
            guard let itemIndices, itemIndices.count == array.count else {
                layoutMismatch = true
                return .null
            }
        }
        var items: [DocumentNode] = []
        items.reserveCapacity(array.count)
        for (index, item) in array.enumerated() {
            path.append(.index(index))
            items.append(convert(item, depth: depth + 1, valueIndex: itemIndices?[index] ?? 0))
            path.removeLast()
        }
        return .list(items)
    }

    private mutating func value(of number: NSNumber) -> DocumentValue {
        #if canImport(Darwin)
            if CFGetTypeID(number) == CFBooleanGetTypeID() { return .bool(number.boolValue) }
        #endif
        switch String(cString: number.objCType) {
        case "d", "f":
            // Foundation reads `<real>+infinity</real>` and an overflowing `<real>1e400</real>` alike,
            // so an infinite real is taken as the explicit infinity plists can spell (as YAML's `.inf`).
            return .float(number.doubleValue)
        case "Q":
            let unsigned = number.uint64Value
            return unsigned <= UInt64(Int64.max) ? .integer(Int64(unsigned)) : .float(Double(unsigned))
        default:
            return .integer(number.int64Value)
        }
    }

    private mutating func tooDeep(at location: SourceLocation) -> DocumentValue {
        report(.limitExceeded, "nesting is deeper than the limit of \(limits.maxDepth)", at: location)
        return .null
    }
}
