/// The curly-brace alias syntax of the DTCG Format module (2025.10, section 7.1): a string that
/// is exactly `{group.token}` refers to that token's value.
enum DesignTokenAlias {
    /// The names of an alias (`["color", "brand", "primary"]`), or `nil` when the string is not
    /// one: it must start with `{`, end with `}`, and name at least one non-empty name without
    /// braces.
    static func path(in text: String) -> [String]? {
        guard text.utf8.count > 2, text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
        let names = text.dropFirst().dropLast().split(separator: ".", omittingEmptySubsequences: false)
        guard names.allSatisfy({ !$0.isEmpty && !$0.contains("{") && !$0.contains("}") }) else { return nil }
        return names.map(String.init)
    }
}
