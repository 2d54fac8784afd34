/// The pieces of JSON5 (json5.org, 1.0.0) that strict JSON does not have: comments and JSON5's
/// other white space, keys without quotes, JSON5's escapes and line continuations, and its
/// numbers. The parser calls them only when `Dialect.isJSON5`; for strict JSON they add nothing
/// but the hints its errors give.
extension JSONParser {
    // MARK: - Space and comments

    /// Whether `byte` may start what JSON5 skips beyond JSON's white space: a comment, a
    /// vertical tab or form feed, or a character that is not ASCII (a Unicode space, a line or
    /// paragraph separator, a byte-order mark).
    @inline(__always)
    static func mayStartJSON5Space(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == 0x0B || byte == 0x0C || byte >= 0x80
    }

    /// Skips comments and JSON5's white space from the position on, with JSON's white space
    /// between them.
    @inline(never)
    mutating func skipJSON5Space() throws(ThemeloadError) {
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                skipWhitespace()
            case 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/"):
                try skipComment()
            case 0x80...:
                guard let length = Self.unicodeSpaceLength(bytes, at: position) else { return }
                position += length
                lineHasNonASCII = true
            default:
                return
            }
        }
    }

    /// Skips a `//` comment (to the end of its line) or a `/* */` comment.
    private mutating func skipComment() throws(ThemeloadError) {
        let start = position
        guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*") else {
            throw error("unexpected \"/\": a comment starts with // or /*")
        }
        let isBlock = bytes[position + 1] == UInt8(ascii: "*")
        position += 2
        while position < bytes.count {
            let byte = bytes[position]
            if byte >= 0x80 { lineHasNonASCII = true }
            if !isBlock {
                // A line comment ends before the line break (or a line or paragraph separator),
                // which is white space then.
                if byte == 0x0A || byte == 0x0D || Self.isLineSeparator(bytes, at: position) { return }
            } else if byte == UInt8(ascii: "*"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                return
            } else if byte == 0x0A {
                line += 1
                lineStart = position + 1
                lineHasNonASCII = false
            }
            position += 1
        }
        if isBlock { throw error("the file ends inside the /* comment that starts here", at: start) }
    }

    /// The length of the UTF-8 white space JSON5 allows at `offset` beyond ASCII's, if any: U+00A0,
    /// the byte-order mark U+FEFF, U+2028 and U+2029, and the other space separators (Zs).
    static func unicodeSpaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        func byte(_ index: Int) -> UInt8 { offset + index < bytes.count ? bytes[offset + index] : 0 }
        switch (byte(0), byte(1), byte(2)) {
        case (0xC2, 0xA0, _): return 2                               // U+00A0
        case (0xE1, 0x9A, 0x80): return 3                            // U+1680
        case (0xE2, 0x80, 0x80...0x8A): return 3                     // U+2000–U+200A
        case (0xE2, 0x80, 0xA8), (0xE2, 0x80, 0xA9): return 3        // U+2028, U+2029
        case (0xE2, 0x80, 0xAF): return 3                            // U+202F
        case (0xE2, 0x81, 0x9F): return 3                            // U+205F
        case (0xE3, 0x80, 0x80): return 3                            // U+3000
        case (0xEF, 0xBB, 0xBF): return 3                            // U+FEFF
        default: return nil
        }
    }

    /// Whether U+2028 or U+2029 (which end a line in JSON5) is at `offset`.
    static func isLineSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        offset + 2 < bytes.count && bytes[offset] == 0xE2 && bytes[offset + 1] == 0x80 && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
    }

    // MARK: - Keys

    /// Parses a key without quotes, an ECMAScript 5.1 IdentifierName: a letter, `$` or `_`, then
    /// those, digits, combining marks and connector punctuation; a character may be written as
    /// a `\uXXXX` escape. `verbatim` is the range of its bytes when it has no escapes.
    mutating func parseIdentifierKey() throws(ThemeloadError) -> (text: String, verbatim: Range<Int>?) {
        let start = position
        var index = position
        while index < bytes.count, Self.isASCIIIdentifierByte(bytes[index], first: index == start) { index += 1 }
        let next = index < bytes.count ? bytes[index] : 0
        if next != UInt8(ascii: "\\") && next < 0x80 {
            guard index > start else {
                throw error("expected a key, found \(describeByte(at: position)); a JSON5 key is a name or a quoted string")
            }
            position = index
            return (UTF8Text.decoded(UnsafeBufferPointer(rebasing: bytes[start..<index])), start..<index)
        }
        // Escapes or letters beyond ASCII: scalar by scalar.
        lineHasNonASCII = true
        position = index
        var scalars = String.UnicodeScalarView()
        if let plain = UTF8Text.string(UnsafeBufferPointer(rebasing: bytes[start..<index])) { scalars.append(contentsOf: plain.unicodeScalars) }
        var escaped = false
        while position < bytes.count {
            let at = position
            let scalar: Unicode.Scalar
            if bytes[position] == UInt8(ascii: "\\") {
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("a key's escape must be \\u followed by four hexadecimal digits")
                }
                position += 2
                guard let escapedScalar = Unicode.Scalar(try parseHex4()) else {
                    throw error("a \\u escape in a key names no Unicode scalar (a surrogate)", at: at)
                }
                scalar = escapedScalar
                escaped = true
            } else if bytes[position] >= 0x80 {
                guard let decoded = Self.scalar(bytes, at: position) else {
                    throw error("a key holds bytes that are not valid UTF-8")
                }
                if Self.unicodeSpaceLength(bytes, at: position) != nil { break }
                scalar = decoded.scalar
                position += decoded.length
            } else if Self.isASCIIIdentifierByte(bytes[position], first: scalars.isEmpty) {
                scalar = Unicode.Scalar(bytes[position])
                position += 1
            } else {
                break
            }
            guard Self.isIdentifierScalar(scalar, first: scalars.isEmpty) else {
                throw error("\"\(scalar.escaped(asASCII: false))\" (U+\(hex(scalar.value, width: 4))) cannot \(scalars.isEmpty ? "start" : "be part of") a key without quotes; quote the key", at: at)
            }
            scalars.append(scalar)
        }
        return (String(scalars), escaped ? nil : start..<position)
    }

    @inline(__always)
    private static func isASCIIIdentifierByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "$"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }

    /// Whether ECMAScript 5.1 lets `scalar` start (IdentifierStart) or continue (IdentifierPart)
    /// a name.
    private static func isIdentifierScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        if scalar.isASCII { return isASCIIIdentifierByte(UInt8(scalar.value), first: first) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
            return true
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation:
            return !first
        default:
            return !first && (scalar.value == 0x200C || scalar.value == 0x200D)
        }
    }

    /// The scalar whose UTF-8 starts at `offset`, and its length, if the bytes are well formed.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[offset]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard offset + length <= bytes.count,
              let text = UTF8Text.string(UnsafeBufferPointer(rebasing: bytes[offset..<offset + length])),
              let scalar = text.unicodeScalars.first else { return nil }
        return (scalar, length)
    }

    // MARK: - Strings

    /// Parses an escape after `\` in a JSON5 string: JSON's, then `\'`, `\v`, `\0`, `\xHH`, a
    /// line continuation (a backslash before a line break adds nothing), and any other
    /// character but a digit standing for itself.
    mutating func parseJSON5Escape(into buffer: inout [UInt8]) throws(ThemeloadError) {
        guard position + 1 < bytes.count else {
            position += 1
            throw error("the file ends inside an escape sequence")
        }
        let byte = bytes[position + 1]
        switch byte {
        case UInt8(ascii: "u"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            try parseEscape(into: &buffer)
        case UInt8(ascii: "'"), UInt8(ascii: "v"):
            buffer.append(byte == UInt8(ascii: "v") ? 0x0B : byte)
            position += 2
        case UInt8(ascii: "0"):
            position += 2
            guard position >= bytes.count || !isDigit(bytes[position]) else {
                throw error("\\0 followed by a digit is an octal escape, which JSON5 does not have", at: position - 2)
            }
            buffer.append(0)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw error("\\\(Character(Unicode.Scalar(byte))) is an octal escape, which JSON5 does not have")
        case UInt8(ascii: "x"):
            position += 2
            var value: UInt32 = 0
            for _ in 0..<2 {
                guard position < bytes.count, let digit = Self.hexDigit(bytes[position]) else {
                    throw error("a \\x escape needs two hexadecimal digits")
                }
                value = value << 4 | digit
                position += 1
            }
            buffer.append(contentsOf: String(Character(Unicode.Scalar(UInt8(value)))).utf8)
        case 0x0A:
            position += 2
            line += 1
            lineStart = position
        case 0x0D:
            position += 2
            if position < bytes.count, bytes[position] == 0x0A {
                position += 1
                line += 1
                lineStart = position
            }
        default:
            if Self.isLineSeparator(bytes, at: position + 1) {
                position += 4
            } else {
                // Any other character stands for itself; the bytes of one beyond ASCII follow as
                // they are, and the whole string's UTF-8 is checked when it ends.
                buffer.append(byte)
                position += 2
            }
        }
    }

    @inline(__always)
    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: - Numbers

    /// Parses a number from its first byte on: JSON's, and JSON5's explicit `+`, a decimal point
    /// with no digit before or after it (`.5`, `5.`), hexadecimal integers (`0x1F`),
    /// `Infinity` and `NaN`, each with a sign or without.
    mutating func parseJSON5Number(at location: SourceLocation) throws(ThemeloadError) -> DocumentValue {
        let start = position
        let negative = peek(UInt8(ascii: "-"))
        if negative || peek(UInt8(ascii: "+")) { position += 1 }
        if matches("Infinity") {
            position += 8
            return .float(negative ? -.infinity : .infinity)
        }
        if matches("NaN") {
            position += 3
            return .float(.nan)
        }
        if peek(UInt8(ascii: "0")), position + 1 < bytes.count, bytes[position + 1] | 0x20 == UInt8(ascii: "x") {
            return try parseHexInteger(negative: negative, at: location)
        }
        guard position < bytes.count, isDigit(bytes[position]) || bytes[position] == UInt8(ascii: ".") else {
            throw error(position == start ? "unexpected \(describeByte(at: position)) where a value was expected"
                                          : "a number needs a digit, Infinity or NaN after its sign")
        }
        var integer: Int64? = 0
        var isInteger = true
        let digitsStart = position
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if isDigit(bytes[position]) {
            (position, integer) = DecimalDigits.read(bytes, from: position, negative: negative)
        }
        let integerDigits = position > digitsStart
        if peek(UInt8(ascii: ".")) {
            isInteger = false
            position += 1
            let fractionStart = position
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            guard integerDigits || position > fractionStart else {
                throw error("a number needs a digit before or after its decimal point")
            }
        }
        return try numberWithExponent(from: start, integer: isInteger ? integer : nil, at: location)
    }

    /// Parses `0x` and its hexadecimal digits (the sign is read): an integer when it fits in 64
    /// bits, else the nearest float.
    private mutating func parseHexInteger(negative: Bool, at location: SourceLocation) throws(ThemeloadError) -> DocumentValue {
        position += 2
        let digitsStart = position
        var magnitude: UInt64 = 0
        var approximate = 0.0
        var overflow = false
        while position < bytes.count, let digit = Self.hexDigit(bytes[position]) {
            let (shifted, lost) = magnitude.multipliedReportingOverflow(by: 16)
            overflow = overflow || lost
            magnitude = shifted | UInt64(digit)
            approximate = approximate * 16 + Double(digit)
            position += 1
        }
        guard position > digitsStart else { throw error("a hexadecimal number needs a digit after 0x") }
        if !overflow {
            if !negative, magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
            if negative, magnitude <= UInt64(Int64.max) + 1 { return .integer(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)) }
        }
        // Exact below 2^64 (the conversion rounds once); digit by digit beyond.
        if !overflow { approximate = Double(magnitude) }
        guard approximate.isFinite else {
            throw ThemeloadError(.limitExceeded, "the hexadecimal number is too large for a 64-bit float", at: location)
        }
        return .float(negative ? -approximate : approximate)
    }

    /// Whether the bytes at the position spell `word`.
    private func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        return position + count <= bytes.count && word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[position + $0] == expected[$0] }
        }
    }

    // MARK: - Hints for strict JSON

    /// For strict JSON, a hint after an error at `offset` where a JSON5 file would have gone on:
    /// a comment, or a comma before the closing bracket.
    func strictHint(at offset: Int) -> String {
        guard !Dialect.isJSON5, offset < bytes.count else { return "" }
        if bytes[offset] == UInt8(ascii: "/") { return " (JSON has no comments; a .json5 file may have them)" }
        guard bytes[offset] == UInt8(ascii: "]") || bytes[offset] == UInt8(ascii: "}") else { return "" }
        var before = offset - 1
        while before >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[before]) { before -= 1 }
        return before >= 0 && bytes[before] == UInt8(ascii: ",") ? " (JSON allows no comma before a closing bracket; a .json5 file does)" : ""
    }
}
