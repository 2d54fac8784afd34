/// The fixed shape of a theme document (SPEC section 3): the content sections, in the order
/// the resolved theme lists them, said once for the loader, the merger and the resolver.
enum DocumentShape {
    static let palette = "palette"
    static let fonts = "fonts"
    static let metrics = "metrics"
    static let images = "images"
    static let levels = "levels"
    static let custom = "custom"

    /// Every content section: what a partial file may hold, and what the manifest may hold
    /// besides its own keys.
    static let sections = [palette, fonts, metrics, images, levels, custom]
    /// The manifest's own keys, which are not merged as content.
    static let manifestKeys = ["format", "name", "extends", "include", "styles", "designTokens"]
    /// The sections whose entries are tokens that levels refer to (`unused-token`).
    static let tokenSections = [palette, fonts, metrics]

    /// Whether the node at `path` (keys from the top of the document) is a value, which stands or
    /// falls as a whole, rather than structure (a section, the levels, a level's row).
    static func isValue(at path: some Collection<String>) -> Bool {
        guard let section = path.first else { return false }
        return path.count >= (section == levels ? 3 : 2)
    }
}
