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
        let utf8 = text.utf8
        // Most values are not aliases: decide from the first byte before anything else.
        guard utf8.count > 2, utf8.first == UInt8(ascii: "{"), utf8.last == UInt8(ascii: "}") else { return nil }
        let start = utf8.index(after: utf8.startIndex)
        let end = utf8.index(before: utf8.endIndex)
        var previous = UInt8(ascii: ".")
        for byte in utf8[start..<end] {
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
        return String(text[start..<end])
    }
}
