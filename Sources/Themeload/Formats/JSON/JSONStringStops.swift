/// The bytes that end the plain run of a string, a table a byte for ``JSONParser``'s fast path
/// (outside the generic parser, which cannot hold stored statics).
enum JSONStringStops {
    /// Strict JSON: `"`, `\`, control characters and bytes that are not ASCII.
    static let strict: [Bool] = (0...255).map { byte in
        byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80
    }

    /// A JSON5 string in double quotes: `"`, `\`, a line break and bytes that are not ASCII
    /// (other control characters may stand in a JSON5 string).
    static let json5DoubleQuoted = json5(quote: UInt8(ascii: "\""))

    /// A JSON5 string in single quotes: the same with `'`.
    static let json5SingleQuoted = json5(quote: UInt8(ascii: "'"))

    private static func json5(quote: UInt8) -> [Bool] {
        (0...255).map { byte in byte == quote || byte == 0x5C || byte == 0x0A || byte == 0x0D || byte >= 0x80 }
    }
}
