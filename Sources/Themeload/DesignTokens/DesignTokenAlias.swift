/// The curly-brace alias syntax of the DTCG Format module (2025.10, section 7.1): a string that
/// is exactly `{group.token}` refers to that token's value.
enum DesignTokenAlias {
    /// The names of an alias (`["color", "brand", "primary"]`), or `nil` when the string is not
    /// one: it must start with `{`, end with `}`, and name at least one non-empty name without
    /// braces.
    static func path(in text: String) -> [String]? {
        key(in: text).map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The text between the braces of an alias (`color.brand.primary`): the token's key, its
    /// names joined by dots. `nil` when the string is not an alias, by the rule of ``path(in:)``.
    static func key(in text: String) -> String? {
        // Most values are not aliases: decide from the first byte before anything else.
        guard text.utf8.first == UInt8(ascii: "{") else { return nil }
        var text = text
        text.makeContiguousUTF8()  // a no-op for the strings a parser makes
        return text.utf8.withContiguousStorageIfAvailable(key(inBytes:)) ?? nil
    }

    private static func key(inBytes bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "{"), bytes[bytes.count - 1] == UInt8(ascii: "}") else { return nil }
        let inner = UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])
        var previous = UInt8(ascii: ".")
        for byte in inner {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "}"):
                return nil
            case UInt8(ascii: ".") where previous == UInt8(ascii: "."):
                return nil  // an empty name
            default:
                break
            }
            previous = byte
        }
        guard previous != UInt8(ascii: ".") else { return nil }
        // The braces are ASCII, so what lies between them is whole UTF-8.
        return String(decoding: inner, as: UTF8.self)
    }
}
