/// Strings from UTF-8 bytes for the parsers, checked without the generic machinery of
/// `String(validating:as:)`, whose runtime metadata lookups cost a parser a fifth of its time.
package enum UTF8Text {
    /// The string the bytes spell, or `nil` when they are not well-formed UTF-8 (overlong forms,
    /// surrogates, code points past U+10FFFF and cut-off sequences included).
    @inline(__always)
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard isWellFormed(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string of bytes that are already known to be UTF-8 (as libyaml's are); anything
    /// ill-formed is repaired with U+FFFD. Short strings are copied straight into a small string,
    /// which costs less than `String(decoding:as:)`'s general path.
    @inline(__always)
    package static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= 15, let base = bytes.baseAddress else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            buffer.baseAddress!.initialize(from: base, count: bytes.count)
            return bytes.count
        }
    }

    /// Whether the bytes are well-formed UTF-8, by the table of well-formed byte sequences in the
    /// Unicode Standard (section 3.9, table 3-7).
    package static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        // ASCII eight bytes at a time, the common case.
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
        }
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return false
            }
            guard index + length <= count, secondRange.contains(bytes[index + 1]) else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
