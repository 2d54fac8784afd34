/// The curly-brace alias syntax of the DTCG Format module (2025.10, section 7.1): a string that
/// is exactly `{group.token}` refers to that token's value.
enum DesignTokenAlias {
    /// The names of an alias (`["color", "brand", "primary"]`), or `nil` when the string is not
    /// one: it must start with `{`, end with `}`, and name at least one non-empty name without
    /// braces.
    static func path(in text: String) -> [String]? {
        let utf8 = text.utf8
        // Most values are not aliases: decide from the first byte before anything else.
        guard utf8.count > 2, utf8.first == UInt8(ascii: "{"), utf8.last == UInt8(ascii: "}") else { return nil }
        var names: [String] = []
        var start = utf8.index(after: utf8.startIndex)
        var index = start
        let end = utf8.index(before: utf8.endIndex)
        while index < end {
            switch utf8[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "}"):
                return nil
            case UInt8(ascii: "."):
                guard index > start else { return nil }
                names.append(String(text[start..<index]))
                start = utf8.index(after: index)
            default:
                break
            }
            index = utf8.index(after: index)
        }
        guard end > start else { return nil }
        names.append(String(text[start..<end]))
        return names
    }
}
