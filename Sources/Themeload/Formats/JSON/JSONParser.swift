/// A parser over raw bytes that records a location for every node: strict RFC 8259, or JSON5
/// (``JSONDialect``; JSON5's own pieces are in `JSONParser+JSON5.swift`).
///
/// It is iterative: containers are kept on an explicit stack, so nesting is bounded by
/// ``Limits/maxDepth`` and never by the thread's stack. A syntax error stops it; duplicate keys are
/// collected and reported together once the whole document has been read.
struct JSONParser<Dialect: JSONDialect> {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: SourceFile
    let limits: Limits
    var position = 0
    var line: UInt32 = 1
    var lineStart = 0
    /// A running column count, so that columns (in Unicode scalars) cost linear time overall even
    /// on a minified document that is one long line.
    private var columnMarkOffset = 0
    private var columnMarkColumn: UInt32 = 1
    /// Whether a string on the current line so far holds a byte that is not ASCII. Outside strings
    /// every valid byte is ASCII, so on a line without one a column is its byte offset plus one.
    var lineHasNonASCII = false
    private var duplicateKeys: [Diagnostic] = []

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: Limits) {
        self.bytes = bytes
        self.file = SourceFile(file)
        self.limits = limits
    }

    /// The document in a format plugin's input, read in this dialect (what ``JSONFormat`` and
    /// ``JSON5Format`` do).
    static func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode {
        let result: Result<DocumentNode, ThemeloadError> = input.bytes.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self), file: input.file, limits: input.limits)
            return Result { () throws(ThemeloadError) in try parser.parseDocument() }
        }
        return try result.get()
    }

    /// The document, or every problem found: the duplicate keys met before a fatal error are
    /// reported with it (docs/SPEC.md section 11).
    mutating func parseDocument() throws(ThemeloadError) -> DocumentNode {
        do {
            return try parseValueTree()
        } catch {
            guard !duplicateKeys.isEmpty, error.diagnostics != duplicateKeys else { throw error }
            throw ThemeloadError(duplicateKeys + error.diagnostics)
        }
    }

    private mutating func parseValueTree() throws(ThemeloadError) -> DocumentNode {
        let mark = ByteOrderMark.utf8Length(bytes)
        if mark > 0 {
            position = mark
            lineStart = mark
            columnMarkOffset = mark
        }
        var assembler = DocumentAssembler()
        parseValue: while true {
            try skipSpace()
            guard position < bytes.count else {
                throw error(assembler.depth == 0 ? "the file holds no JSON value" : "the file ends where a value was expected")
            }
            let location = currentLocation()
            var node: DocumentNode
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                try checkDepth(assembler.depth + 1, at: location)
                try skipSpace()
                if peek(UInt8(ascii: "}")) {
                    position += 1
                    node = DocumentNode(.map([]), at: location)
                } else {
                    assembler.openMap(at: location)
                    try parseKey(into: &assembler)
                    continue parseValue
                }
            case UInt8(ascii: "["):
                position += 1
                try checkDepth(assembler.depth + 1, at: location)
                try skipSpace()
                if peek(UInt8(ascii: "]")) {
                    position += 1
                    node = DocumentNode(.list([]), at: location)
                } else {
                    assembler.openList(at: location)
                    continue parseValue
                }
            case UInt8(ascii: "\""):
                node = DocumentNode(.string(try parseString().text), at: location)
            case UInt8(ascii: "'") where Dialect.isJSON5:
                node = DocumentNode(.string(try parseString().text), at: location)
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                node = DocumentNode(.bool(true), at: location)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                node = DocumentNode(.bool(false), at: location)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                node = DocumentNode(.null, at: location)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                node = DocumentNode(Dialect.isJSON5 ? try parseJSON5Number(at: location) : try parseNumber(at: location), at: location)
            case UInt8(ascii: "+") where Dialect.isJSON5, UInt8(ascii: ".") where Dialect.isJSON5,
                 UInt8(ascii: "I") where Dialect.isJSON5, UInt8(ascii: "N") where Dialect.isJSON5:
                node = DocumentNode(try parseJSON5Number(at: location), at: location)
            default:
                throw error("unexpected \(describeByte(at: position)) where a value was expected\(strictHint(at: position))")
            }

            // Hand the finished node to the enclosing containers, closing those that end here.
            while true {
                guard assembler.depth > 0 else {
                    try skipSpace()
                    guard position == bytes.count else {
                        throw error("unexpected \(describeByte(at: position)) after the end of the JSON value\(strictHint(at: position))")
                    }
                    if !duplicateKeys.isEmpty { throw ThemeloadError(duplicateKeys) }
                    return node
                }
                if assembler.innermostIsMap {
                    assembler.completeEntry(with: node)
                    try skipSpace()
                    if peek(UInt8(ascii: ",")) {
                        position += 1
                        try skipSpace()
                        if !(Dialect.isJSON5 && peek(UInt8(ascii: "}"))) {
                            try parseKey(into: &assembler)
                            continue parseValue
                        }
                        position += 1
                        node = assembler.close()
                    } else if peek(UInt8(ascii: "}")) {
                        position += 1
                        node = assembler.close()
                    } else {
                        throw error(position < bytes.count
                            ? "expected \",\" or \"}\" in an object, found \(describeByte(at: position))\(strictHint(at: position))"
                            : "the file ends inside an object that starts at line \(assembler.innermostLocation?.line ?? 0)")
                    }
                } else {
                    assembler.append(node)
                    try skipSpace()
                    if peek(UInt8(ascii: ",")) {
                        position += 1
                        if Dialect.isJSON5 {
                            try skipSpace()
                            if peek(UInt8(ascii: "]")) {
                                position += 1
                                node = assembler.close()
                                continue
                            }
                        }
                        continue parseValue
                    } else if peek(UInt8(ascii: "]")) {
                        position += 1
                        node = assembler.close()
                    } else {
                        throw error(position < bytes.count
                            ? "expected \",\" or \"]\" in a list, found \(describeByte(at: position))\(strictHint(at: position))"
                            : "the file ends inside a list that starts at line \(assembler.innermostLocation?.line ?? 0)")
                    }
                }
            }
        }
    }

    // MARK: - Pieces

    /// Parses `"key"` and the `:` after it, leaving the position at the value, and starts the
    /// entry (a duplicate key is noted).
    private mutating func parseKey(into assembler: inout DocumentAssembler) throws(ThemeloadError) {
        if Dialect.isJSON5 { return try parseJSON5Key(into: &assembler) }
        guard peek(UInt8(ascii: "\"")) else {
            throw error(position < bytes.count
                ? "expected a string key in double quotes, found \(describeByte(at: position))\(strictHint(at: position))"
                : "the file ends where an object key was expected")
        }
        let location = currentLocation()
        let (key, verbatim) = try parseString()
        try beginEntry(key: key, verbatim: verbatim, at: location, into: &assembler)
    }

    /// A JSON5 key: quoted either way, or a name without quotes.
    private mutating func parseJSON5Key(into assembler: inout DocumentAssembler) throws(ThemeloadError) {
        guard position < bytes.count else { throw error("the file ends where an object key was expected") }
        let location = currentLocation()
        let (key, verbatim) = peek(UInt8(ascii: "\"")) || peek(UInt8(ascii: "'")) ? try parseString() : try parseIdentifierKey()
        try beginEntry(key: key, verbatim: verbatim, at: location, into: &assembler)
    }

    /// The `:` after a key, and the entry started (a duplicate key is noted).
    @inline(__always)
    private mutating func beginEntry(key: consuming String, verbatim: Range<Int>?, at location: SourceLocation,
                                     into assembler: inout DocumentAssembler) throws(ThemeloadError) {
        let hash = verbatim.map { DocumentAssembler.keyHash(UnsafeBufferPointer(rebasing: bytes[$0])) } ?? DocumentAssembler.keyHash(key)
        try skipSpace()
        guard peek(UInt8(ascii: ":")) else {
            throw error(position < bytes.count
                ? "expected \":\" after the key \"\(key)\", found \(describeByte(at: position))"
                : "the file ends after the key \"\(key)\"")
        }
        position += 1
        if let duplicate = assembler.beginEntry(key: key, hash: hash, at: location) { duplicateKeys.append(duplicate) }
    }

    /// Parses a string (in JSON5 `"` or `'` quoted); `verbatim` is the range of its bytes in the
    /// input when it has no escapes.
    private mutating func parseString() throws(ThemeloadError) -> (text: String, verbatim: Range<Int>?) {
        let openingQuote = position
        // Strict JSON's quote is a constant, which its specialization folds into the loops below.
        let quote = Dialect.isJSON5 ? bytes[position] : UInt8(ascii: "\"")
        position += 1
        let start = position
        // Fast path: no escapes, no control characters; ASCII needs no UTF-8 check. One table
        // lookup a byte finds where the plain run ends. (Theme strings are short: testing eight
        // bytes at a time measured slower here.)
        var isASCII = true
        var index = start
        let count = bytes.count
        while true {
            // The table straight from its static, not held in a local: a local copy of the
            // array costs a retain and a release a string.
            if Dialect.isJSON5 {
                (quote == UInt8(ascii: "'") ? JSONStringStops.json5SingleQuoted : JSONStringStops.json5DoubleQuoted).withUnsafeBufferPointer { stops in
                    while index < count && !stops[Int(bytes[index])] { index += 1 }
                }
            } else {
                JSONStringStops.strict.withUnsafeBufferPointer { stops in
                    while index < count && !stops[Int(bytes[index])] { index += 1 }
                }
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte >= 0x80 {
                isASCII = false
                index += 1
                continue
            }
            guard byte == quote else { break }
            let verbatim = UnsafeBufferPointer(rebasing: bytes[start..<index])
            let text: String
            if isASCII {
                text = UTF8Text.decoded(verbatim)
            } else {
                lineHasNonASCII = true
                text = try makeString(verbatim, quoteAt: openingQuote)
            }
            position = index + 1
            return (text, start..<index)
        }
        position = index
        // Escapes are rare: rather than watch the rest of the string, count this line's columns.
        lineHasNonASCII = true
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                guard let text = buffer.withUnsafeBufferPointer(UTF8Text.string) else {
                    throw error("a string holds bytes that are not valid UTF-8", at: openingQuote)
                }
                return (text, nil)
            }
            switch byte {
            case UInt8(ascii: "\\"):
                if Dialect.isJSON5 { try parseJSON5Escape(into: &buffer) } else { try parseEscape(into: &buffer) }
            case 0x0A where Dialect.isJSON5, 0x0D where Dialect.isJSON5:
                throw error("a string holds a raw line break; end the line with \\ to go on on the next, or write \\n")
            case 0..<0x20 where !Dialect.isJSON5:
                throw error("a string holds a raw control character (U+\(hex(UInt32(byte), width: 4))); write it as an escape")
            default:
                buffer.append(byte)
                position += 1
            }
        }
        throw error("the file ends inside a string", at: openingQuote)
    }

    private func makeString(_ slice: UnsafeBufferPointer<UInt8>, quoteAt quote: Int) throws(ThemeloadError) -> String {
        guard let text = UTF8Text.string(slice) else {
            throw error("a string holds bytes that are not valid UTF-8", at: quote)
        }
        return text
    }

    mutating func parseEscape(into buffer: inout [UInt8]) throws(ThemeloadError) {
        position += 1
        guard position < bytes.count else { throw error("the file ends inside an escape sequence") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw error("a \\u escape holds a lone high surrogate (U+\(hex(scalar, width: 4)))", at: position - 6) }
                position += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("a high surrogate is followed by U+\(hex(low, width: 4)), not a low surrogate", at: position - 6)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("a \\u escape holds a lone low surrogate (U+\(hex(scalar, width: 4)))", at: position - 6)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw error("a \\u escape names no Unicode scalar", at: position - 6)
            }
            buffer.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw error("invalid escape \\\(describeEscapeByte(byte)) in a string", at: position - 2)
        }
    }

    mutating func parseHex4() throws(ThemeloadError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("the file ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexDigit(bytes[position]) else { throw error("a \\u escape needs four hexadecimal digits") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    mutating func parseNumber(at location: SourceLocation) throws(ThemeloadError) -> DocumentValue {
        let start = position
        let negative = peek(UInt8(ascii: "-"))
        if negative { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw error("a number needs a digit after \"-\"")
        }
        var integer: Int64? = 0
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            (position, integer) = DecimalDigits.read(bytes, from: position, negative: negative)
        }
        var isInteger = true
        if peek(UInt8(ascii: ".")) {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("a number needs a digit after the decimal point")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        return try numberWithExponent(from: start, integer: isInteger ? integer : nil, at: location)
    }

    /// Reads an exponent, if one follows, and gives the number that starts at `start`: `integer`
    /// (the value of a number without a fraction that fits in 64 bits) when no exponent
    /// follows, else the float the text spells.
    @inline(__always)
    mutating func numberWithExponent(from start: Int, integer: Int64?, at location: SourceLocation) throws(ThemeloadError) -> DocumentValue {
        var integer = integer
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            integer = nil
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("a number needs a digit in its exponent")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if let integer { return .integer(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw ThemeloadError(.limitExceeded, "the number \(text.prefix(40)) is too large for a 64-bit float", at: location)
        }
        return .float(value)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(ThemeloadError) {
        let count = literal.utf8CodeUnitCount
        let matches = position + count <= bytes.count && literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[position + $0] == expected[$0] }
        }
        guard matches else {
            throw error("unexpected \(describeByte(at: position)) where a value was expected")
        }
        position += count
    }

    /// Skips what lies between tokens: whitespace, and in JSON5 comments and its other spaces
    /// too (the JSON whitespace loop comes first, so strict JSON runs that loop alone).
    @inline(__always)
    private mutating func skipSpace() throws(ThemeloadError) {
        skipWhitespace()
        if Dialect.isJSON5, position < bytes.count, Self.mayStartJSON5Space(bytes[position]) { try skipJSON5Space() }
    }

    mutating func skipWhitespace() {
        // Locals, not properties, in the loop: the compiler keeps them in registers.
        var index = position
        let count = bytes.count
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
                lineHasNonASCII = false
            default:
                position = index
                return
            }
        }
        position = index
    }

    @inline(__always)
    func peek(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private func checkDepth(_ depth: Int, at location: SourceLocation) throws(ThemeloadError) {
        if depth > limits.maxDepth {
            throw ThemeloadError(.limitExceeded, "nesting is deeper than the limit of \(limits.maxDepth)", at: location)
        }
    }

    // MARK: - Locations and errors

    /// The location of `position`, which is always on the current line: newlines occur only in
    /// whitespace, which is skipped before any value, and in JSON5 in comments and continued
    /// strings, whose readers move the line on too.
    private mutating func currentLocation() -> SourceLocation {
        SourceLocation(file: file, rawLine: line, rawColumn: column(at: position))
    }

    private mutating func column(at offset: Int) -> UInt32 {
        if !lineHasNonASCII { return UInt32(clamping: offset - lineStart + 1) }
        if columnMarkOffset < lineStart || columnMarkOffset > offset {
            columnMarkOffset = lineStart
            columnMarkColumn = 1
        }
        var column = columnMarkColumn
        var index = columnMarkOffset
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        columnMarkOffset = offset
        columnMarkColumn = column
        return column
    }

    /// A `syntax` error at an offset on the current line (the current position by default).
    func error(_ message: String, at offset: Int? = nil) -> ThemeloadError {
        let offset = min(offset ?? position, bytes.count)
        // Errors are rare: compute the line and column from scratch rather than track them.
        var line = 1
        var lineStart = ByteOrderMark.utf8Length(bytes)
        for index in lineStart..<max(lineStart, offset) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<max(lineStart, offset) where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return ThemeloadError(.syntax, message, at: SourceLocation(file: file, line: line, column: column))
    }

    func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x20 && byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        return "byte 0x\(hex(UInt32(byte), width: 2))"
    }

    private func describeEscapeByte(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "(byte 0x\(hex(UInt32(byte), width: 2)))"
    }

    func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
