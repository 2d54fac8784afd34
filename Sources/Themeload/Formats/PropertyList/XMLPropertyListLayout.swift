import Foundation

/// Where the values and keys of a UTF-8 XML property list are written, and in what order, read from
/// the bytes beside Foundation's parse (which keeps neither).
///
/// The scan does not parse XML: it lists, in document order, the start tag of every value element
/// (`dict`, `array`, `string`, `integer`, `real`, `true`, `false`, `date`, `data`) with its line and
/// column, and the text of every `<key>` with its position, grouped by the `<dict>` that holds it.
/// Comments, processing instructions, the document type declaration and CDATA sections are
/// skipped. ``PropertyListConverter`` walks Foundation's objects in the same order and takes the
/// positions from here; where the two disagree (the scan met something it does not understand),
/// the converter drops the layout and falls back to sorted keys without lines, so the layout can
/// make positions better but never make values wrong.
struct XMLPropertyListLayout {
    /// A key of a dictionary: its text (entities and CDATA decoded) and where its tag starts.
    struct Key {
        var text: String
        var line: UInt32
        var column: UInt32
    }

    /// The position of each value element's start tag, in document order.
    private(set) var values: [(line: UInt32, column: UInt32)] = []
    /// The keys of each `<dict>`, dictionaries in document order (of their start tags).
    private(set) var dictionaryKeys: [[Key]] = []

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
        /// For each open `<dict>`, its position in `dictionaryKeys`.
        var openDictionaries: [Int] = []
        /// Whether each open container (`dict` or `array`) is a dictionary, innermost last.
        var openContainers: [Bool] = []

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
            let count = bytes.count
            guard let base = bytes.baseAddress else { return false }
            while index < count {
                guard let found = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) else { break }
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
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
            return openContainers.isEmpty
        }

        /// Reads the tag at `index` and moves past it (and, for a key, past its text and end tag).
        mutating func tag(into layout: inout XMLPropertyListLayout) -> Bool {
            let start = index
            let closing = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
            var nameEnd = start + (closing ? 2 : 1)
            while nameEnd < bytes.count, Self.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + (closing ? 2 : 1))..<nameEnd]), as: UTF8.self)
            guard let end = find(UInt8(ascii: ">"), from: nameEnd) else { return false }
            let selfClosing = !closing && bytes[end - 1] == UInt8(ascii: "/")
            index = end + 1
            if closing {
                if name == "dict" || name == "array" {
                    guard let isDictionary = openContainers.popLast(), isDictionary == (name == "dict") else { return false }
                    if isDictionary { openDictionaries.removeLast() }
                }
                return true
            }
            switch name {
            case "plist":
                return true
            case "key":
                guard openContainers.last == true else { return false }
                if selfClosing { return addKey("", at: start, into: &layout) }
                guard let text = keyText() else { return false }
                return addKey(text, at: start, into: &layout)
            case "dict", "array":
                layout.values.append(position(of: start))
                if name == "dict" { layout.dictionaryKeys.append([]) }
                if !selfClosing {
                    openContainers.append(name == "dict")
                    if name == "dict" { openDictionaries.append(layout.dictionaryKeys.count - 1) }
                }
                return true
            case "string", "integer", "real", "true", "false", "date", "data":
                layout.values.append(position(of: start))
                if !selfClosing {
                    // Skip the text and the end tag; CDATA may hold a `<`.
                    guard skipText(endingWith: name) else { return false }
                }
                return true
            default:
                return false
            }
        }

        mutating func addKey(_ text: String, at start: Int, into layout: inout XMLPropertyListLayout) -> Bool {
            guard let dictionary = openDictionaries.last else { return false }
            let (line, column) = position(of: start)
            layout.dictionaryKeys[dictionary].append(Key(text: text, line: line, column: column))
            return true
        }

        /// The decoded text of a `<key>` element whose start tag ends before `index`, moving past `</key>`.
        mutating func keyText() -> String? {
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
        mutating func skipText(endingWith name: String) -> Bool {
            let endTag = Array("</\(name)>".utf8)
            while index < bytes.count {
                if starts(with: "<![CDATA[") {
                    guard skip(past: "]]>") else { return false }
                } else if bytes[index] == UInt8(ascii: "<") {
                    guard starts(with: endTag) else { return false }
                    index += endTag.count
                    return true
                } else if let base = bytes.baseAddress, let found = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - index) {
                    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
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

        func find(_ byte: UInt8, from offset: Int) -> Int? {
            var scan = offset
            while scan < bytes.count {
                if bytes[scan] == byte { return scan }
                scan += 1
            }
            return nil
        }

        func starts(with literal: StaticString) -> Bool {
            literal.withUTF8Buffer { starts(with: $0) }
        }

        func starts<Pattern: Collection<UInt8>>(with pattern: Pattern) -> Bool where Pattern.Index == Int {
            guard index + pattern.count <= bytes.count else { return false }
            for offset in pattern.indices where bytes[index + offset - pattern.startIndex] != pattern[offset] { return false }
            return true
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
