import Foundation

/// Where the values and keys of a UTF-8 XML property list are written, and in what order, read from
/// the bytes beside Foundation's parse (which keeps neither).
///
/// The scan does not parse XML: it lists, in document order, the start tag of every value element
/// (`dict`, `array`, `string`, `integer`, `real`, `true`, `false`, `date`, `data`) with its line and
/// column; for each `<dict>` its keys in order (text with entities and CDATA decoded, position,
/// and the index of the value that follows), and for each `<array>` the indices of its items.
/// Comments, processing instructions, the document type declaration and CDATA sections are
/// skipped. ``PropertyListConverter`` walks Foundation's objects beside this tree and takes
/// positions and key order from it; where the two disagree (the scan met something it does not
/// understand), the converter drops the layout and falls back to sorted keys without lines, so the
/// layout can make positions better but never make values wrong.
struct XMLPropertyListLayout {
    /// A key of a dictionary: its text (entities and CDATA decoded), where its tag starts, and the
    /// index in ``values`` of the value that follows it.
    struct Key {
        var text: String
        var line: UInt32
        var column: UInt32
        var valueIndex = -1
    }

    /// The position of each value element's start tag, in document order (the root is 0).
    private(set) var values: [(line: UInt32, column: UInt32)] = []
    /// For each value: its index in ``dictionaryKeys`` if it is a `<dict>`, else -1.
    private(set) var dictionarySlot: [Int32] = []
    /// For each value: its index in ``arrayItems`` if it is an `<array>`, else -1.
    private(set) var arraySlot: [Int32] = []
    /// The keys of each `<dict>`, in the order of the file.
    private(set) var dictionaryKeys: [[Key]] = []
    /// The value indices of each `<array>`'s items.
    private(set) var arrayItems: [[Int]] = []
    /// How deeply `<dict>` and `<array>` elements nest (a scalar root is 0).
    private(set) var deepestNesting = 0

    /// The keys of the dictionary that is value `index`, if it is one.
    func keys(ofDictionaryAt index: Int) -> [Key]? {
        guard index < dictionarySlot.count, dictionarySlot[index] >= 0 else { return nil }
        return dictionaryKeys[Int(dictionarySlot[index])]
    }

    /// The value indices of the items of the array that is value `index`, if it is one.
    func items(ofArrayAt index: Int) -> [Int]? {
        guard index < arraySlot.count, arraySlot[index] >= 0 else { return nil }
        return arrayItems[Int(arraySlot[index])]
    }

    /// Scans UTF-8 bytes; `nil` when they do not look like a plist this scan understands.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = Scanner(bytes: bytes)
        guard scanner.run(into: &self) else { return nil }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// The line and column at the offset `counted`.
        var line: UInt32 = 1
        var column: UInt32 = 1
        var counted = 0
        /// The open containers, innermost last: whether each is a dictionary, and its slot in
        /// `dictionaryKeys` or `arrayItems`.
        var open: [(isDictionary: Bool, slot: Int)] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// The line and column (in Unicode scalars) of a byte offset at or after every offset asked
        /// before: lines and columns are counted on from the last answer, so the scan stays linear
        /// even when the whole file is one line.
        mutating func position(of offset: Int) -> (line: UInt32, column: UInt32) {
            while counted < offset {
                if bytes[counted] == 0x0A {
                    line += 1
                    column = 1
                } else if bytes[counted] & 0xC0 != 0x80 {
                    column += 1
                }
                counted += 1
            }
            return (line, column)
        }

        mutating func run(into layout: inout XMLPropertyListLayout) -> Bool {
            while let tagStart = find(UInt8(ascii: "<"), from: index) {
                index = tagStart
                if starts(with: "<!--") {
                    guard skip(past: "-->") else { return false }
                } else if starts(with: "<?") {
                    guard skip(past: "?>") else { return false }
                } else if starts(with: "<![CDATA[") {
                    return false  // CDATA outside a key: a value's text, which needs no position
                } else if starts(with: "<!") {
                    guard skipDeclaration() else { return false }
                } else {
                    guard tag(into: &layout) else { return false }
                }
            }
            return open.isEmpty && !layout.values.isEmpty
        }

        /// Reads the tag at `index` and moves past it (and, for a key, past its text and end tag).
        mutating func tag(into layout: inout XMLPropertyListLayout) -> Bool {
            let start = index
            let closing = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
            let nameStart = start + (closing ? 2 : 1)
            var nameEnd = nameStart
            while nameEnd < bytes.count, Self.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            // Compared as bytes: a String per tag costs more than the rest of the scan.
            let name = Self.name(bytes[nameStart..<nameEnd])
            guard let end = find(UInt8(ascii: ">"), from: nameEnd) else { return false }
            let selfClosing = !closing && bytes[end - 1] == UInt8(ascii: "/")
            index = end + 1
            if closing {
                if name == .dict || name == .array {
                    guard let container = open.popLast(), container.isDictionary == (name == .dict) else { return false }
                    // A key without its value is no plist.
                    if container.isDictionary, let last = layout.dictionaryKeys[container.slot].last, last.valueIndex < 0 { return false }
                }
                return true
            }
            switch name {
            case .plist:
                return true
            case .key:
                guard let container = open.last, container.isDictionary else { return false }
                if let last = layout.dictionaryKeys[container.slot].last, last.valueIndex < 0 { return false }
                if selfClosing { return addKey("", at: start, into: &layout) }
                guard let text = keyText() else { return false }
                return addKey(text, at: start, into: &layout)
            case .dict, .array:
                let isDictionary = name == .dict
                guard addValue(at: start, into: &layout) else { return false }
                let slot = isDictionary ? layout.dictionaryKeys.count : layout.arrayItems.count
                if isDictionary {
                    layout.dictionaryKeys.append([])
                    layout.dictionarySlot[layout.values.count - 1] = Int32(slot)
                } else {
                    layout.arrayItems.append([])
                    layout.arraySlot[layout.values.count - 1] = Int32(slot)
                }
                if !selfClosing {
                    open.append((isDictionary, slot))
                    layout.deepestNesting = max(layout.deepestNesting, open.count)
                }
                return true
            case .string, .integer, .real, .true, .false, .date, .data:
                guard addValue(at: start, into: &layout) else { return false }
                if !selfClosing {
                    // Skip the text and the end tag; CDATA may hold a `<`.
                    guard skipText(endingWith: bytes[nameStart..<nameEnd]) else { return false }
                }
                return true
            default:
                return false
            }
        }

        /// Records a value element starting at `start` and ties it to its container: the value of
        /// the dictionary's last key (which must be waiting for one), or the array's next item.
        /// Only the root stands outside a container.
        mutating func addValue(at start: Int, into layout: inout XMLPropertyListLayout) -> Bool {
            let index = layout.values.count
            if let container = open.last {
                if container.isDictionary {
                    guard let last = layout.dictionaryKeys[container.slot].indices.last,
                          layout.dictionaryKeys[container.slot][last].valueIndex < 0 else { return false }
                    layout.dictionaryKeys[container.slot][last].valueIndex = index
                } else {
                    layout.arrayItems[container.slot].append(index)
                }
            } else if index > 0 {
                return false
            }
            layout.values.append(position(of: start))
            layout.dictionarySlot.append(-1)
            layout.arraySlot.append(-1)
            return true
        }

        mutating func addKey(_ text: String, at start: Int, into layout: inout XMLPropertyListLayout) -> Bool {
            guard let container = open.last, container.isDictionary else { return false }
            let (line, column) = position(of: start)
            layout.dictionaryKeys[container.slot].append(Key(text: text, line: line, column: column))
            return true
        }

        /// The decoded text of a `<key>` element whose start tag ends before `index`, moving past `</key>`.
        mutating func keyText() -> String? {
            // Most keys are plain text: made straight from the bytes.
            if let end = find(UInt8(ascii: "<"), from: index) {
                let plain = bytes[index..<end]
                if !plain.contains(UInt8(ascii: "&")), !plain.contains(0x0D) {
                    let saved = index
                    index = end
                    if starts(with: "</key>") {
                        index += 6
                        return String(validating: plain, as: UTF8.self)
                    }
                    index = saved
                }
            }
            var text: [UInt8] = []
            while index < bytes.count {
                if starts(with: "</key>") {
                    index += 6
                    return String(validating: text, as: UTF8.self)
                } else if starts(with: "<![CDATA[") {
                    let contentStart = index + 9
                    guard skip(past: "]]>") else { return nil }
                    text.append(contentsOf: bytes[contentStart..<(index - 3)])
                } else if bytes[index] == UInt8(ascii: "<") {
                    return nil
                } else if bytes[index] == UInt8(ascii: "&") {
                    guard let semicolon = find(UInt8(ascii: ";"), from: index), semicolon - index < 12 else { return nil }
                    let entity = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<semicolon]), as: UTF8.self)
                    guard let scalar = Self.entity(entity) else { return nil }
                    text.append(contentsOf: Array(String(Character(scalar)).utf8))
                    index = semicolon + 1
                } else if bytes[index] == 0x0D {
                    // XML turns CR LF and a lone CR into LF.
                    text.append(0x0A)
                    index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                } else {
                    text.append(bytes[index])
                    index += 1
                }
            }
            return nil
        }

        static func entity(_ name: String) -> Unicode.Scalar? {
            switch name {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default:
                var digits = Substring(name)
                guard digits.first == "#" else { return nil }
                digits = digits.dropFirst()
                let radix = digits.first == "x" ? 16 : 10
                if radix == 16 { digits = digits.dropFirst() }
                return UInt32(digits, radix: radix).flatMap(Unicode.Scalar.init)
            }
        }

        /// Moves past the text of a scalar element and its end tag `</name>`.
        mutating func skipText(endingWith name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            while index < bytes.count {
                if starts(with: "<![CDATA[") {
                    guard skip(past: "]]>") else { return false }
                } else if bytes[index] == UInt8(ascii: "<") {
                    let nameEnd = index + 2 + name.count
                    guard nameEnd < bytes.count, bytes[index + 1] == UInt8(ascii: "/"),
                          bytes[(index + 2)..<nameEnd].elementsEqual(name), bytes[nameEnd] == UInt8(ascii: ">") else { return false }
                    index = nameEnd + 1
                    return true
                } else if let next = find(UInt8(ascii: "<"), from: index) {
                    index = next
                } else {
                    return false
                }
            }
            return false
        }

        /// Moves past a `<!DOCTYPE …>` declaration, internal subset included.
        mutating func skipDeclaration() -> Bool {
            var brackets = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "["): brackets += 1
                case UInt8(ascii: "]"): brackets -= 1
                case UInt8(ascii: ">") where brackets <= 0:
                    index += 1
                    return true
                default: break
                }
                index += 1
            }
            return false
        }

        mutating func skip(past terminator: StaticString) -> Bool {
            let length = terminator.utf8CodeUnitCount
            while index < bytes.count {
                if starts(with: terminator) {
                    index += length
                    return true
                }
                index += 1
            }
            return false
        }

        /// The offset of the next `byte` at or after `offset` (memchr finds it many bytes at a time).
        func find(_ byte: UInt8, from offset: Int) -> Int? {
            guard let base = bytes.baseAddress, offset < bytes.count,
                  let found = memchr(base + offset, Int32(byte), bytes.count - offset) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        func starts(with literal: StaticString) -> Bool {
            literal.withUTF8Buffer { starts(with: $0) }
        }

        func starts<Pattern: Collection<UInt8>>(with pattern: Pattern) -> Bool where Pattern.Index == Int {
            guard index + pattern.count <= bytes.count else { return false }
            for offset in pattern.indices where bytes[index + offset - pattern.startIndex] != pattern[offset] { return false }
            return true
        }

        /// The element names the scan knows.
        enum Name {
            case plist, key, dict, array, string, integer, real, `true`, `false`, date, data, other
        }

        static func name(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Name {
            func equals(_ literal: StaticString) -> Bool {
                literal.withUTF8Buffer { $0.count == name.count && $0.elementsEqual(name) }
            }
            switch name.count {
            case 3: return equals("key") ? .key : .other
            case 4:
                if equals("dict") { return .dict }
                if equals("real") { return .real }
                if equals("true") { return .true }
                if equals("date") { return .date }
                if equals("data") { return .data }
                return .other
            case 5:
                if equals("plist") { return .plist }
                if equals("array") { return .array }
                if equals("false") { return .false }
                return .other
            case 6: return equals("string") ? .string : .other
            case 7: return equals("integer") ? .integer : .other
            default: return .other
            }
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."):
                true
            default:
                false
            }
        }
    }
}
