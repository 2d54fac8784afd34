/// One design token of a unit, as written: its path, its `$value`, and what its groups gave it.
///
/// A class, so that the resolver's table and its chains of aliases share each token rather
/// than copy its fields at every lookup; it never changes once collected.
final class DesignToken: Sendable {
    /// The token's place in its unit's list of tokens, in file order.
    let position: Int
    /// `$value` as written (aliases not yet followed), or a whole-token `{"$ref": …}`.
    let value: DocumentNode
    /// `$type`, its own or the nearest group's; `nil` when only an alias can tell.
    let declaredType: TokenType?
    /// The Style Dictionary category ``declaredType`` came from: an older-form token that
    /// writes no `type` (``StyleDictionaryCategory``); `nil` for every other token.
    let category: StyleDictionaryCategory?
    let description: String?
    /// `nil` when not deprecated; the reason, possibly empty, when it is (its own `$deprecated`
    /// or a group's).
    let deprecation: String?
    /// Where the token's map starts, for its diagnostics.
    let location: SourceLocation
    /// What few tokens have: what the older form and Tokens Studio write beside the value,
    /// Themeload's own extension, a theme name other than the key; `nil` for a DTCG token with
    /// none of them (one field, so that such a token, the most common, is no larger for them:
    /// a unit holds thousands, all alive while it is read).
    let extras: Extras?

    /// The token's `$extensions` entry of Themeload's own (`org.themeload`), which the
    /// design-token export writes for what DTCG has no property for.
    var themeloadExtension: DocumentNode? { extras?.themeloadExtension }

    /// See ``DesignToken/extras``.
    final class Extras: Sendable {
        /// The token's own type as written, where the older form or Tokens Studio names it (a
        /// Tokens Studio `spacing` is a dimension that may be written as padding).
        let writtenType: String?
        /// Tokens Studio's color modifier (`$extensions["studio.tokens"].modify`) as written,
        /// and where its key is (``TokensStudioColorModifier``).
        let studioModifier: DocumentEntry?
        /// The opacity GitHub Primer's and style-dictionary-utils' builds give a color token
        /// (`"alpha": 0.2` beside its `$value`), as written, and where its key is.
        let colorAlpha: DocumentEntry?
        /// See ``DesignToken/themeloadExtension``.
        let themeloadExtension: DocumentNode?
        /// The name the theme knows the token by where it is not the key: a `$root` token's, or
        /// one Themeload's extension gives (``DesignToken/themeName``).
        let themeName: String?

        private init(writtenType: String?, studioModifier: DocumentEntry?, colorAlpha: DocumentEntry?, themeloadExtension: DocumentNode?, themeName: String?) {
            self.writtenType = writtenType
            self.studioModifier = studioModifier
            self.colorAlpha = colorAlpha
            self.themeloadExtension = themeloadExtension
            self.themeName = themeName
        }

        /// The extras of a token, `nil` when it has none. (A function rather than a failable
        /// initializer, which would allocate the object before it could decline.)
        static func of(writtenType: String?, studioModifier: DocumentEntry?, colorAlpha: DocumentEntry? = nil, themeloadExtension: DocumentNode? = nil,
                       themeName: String? = nil) -> Extras? {
            guard writtenType != nil || studioModifier != nil || colorAlpha != nil || themeloadExtension != nil || themeName != nil else { return nil }
            return Extras(writtenType: writtenType, studioModifier: studioModifier, colorAlpha: colorAlpha, themeloadExtension: themeloadExtension, themeName: themeName)
        }

        /// Whether the resolver changes the token's color after following its value.
        var modifiesColor: Bool { studioModifier != nil || colorAlpha != nil }
    }
    /// The Style Dictionary category whose unit a bare number of the token's value is in: its
    /// ``category``, else `time` (milliseconds) for an older-form token that writes the type
    /// `time`, as Style Dictionary's `time/seconds` reads one (`"200"` is 200 ms).
    var bareNumberCategory: StyleDictionaryCategory? {
        category ?? (extras?.writtenType == StyleDictionaryCategory.time.rawValue ? .time : nil)
    }

    /// The token's key: its path joined by dots, `$root` included (`color.accent.$root`).
    let key: String
    /// The name the theme knows it by: the path joined by dots, without a trailing `$root`
    /// (`color.accent`), so a theme refers to `{palette.color.accent}`; or the name Themeload's
    /// extension gives it (``renamed(_:)``).
    var themeName: String { extras?.themeName ?? key }

    /// `key` is the token's names from the top of the tree joined by dots, `$root` included;
    /// `extras` holds a theme name where it is not the key (``themeName``).
    init(position: Int, key: String, value: DocumentNode, declaredType: TokenType?, category: StyleDictionaryCategory? = nil, description: String?,
         deprecation: String?, location: SourceLocation, extras: Extras? = nil) {
        self.position = position
        self.key = key
        self.value = value
        self.declaredType = declaredType
        self.category = category
        self.description = description
        self.deprecation = deprecation
        self.location = location
        self.extras = extras
    }

    /// The same token, known to the theme as `themeName`.
    func renamed(_ themeName: String) -> DesignToken {
        let extras = Extras.of(writtenType: extras?.writtenType, studioModifier: extras?.studioModifier, colorAlpha: extras?.colorAlpha,
                               themeloadExtension: themeloadExtension, themeName: themeName == key ? nil : themeName)
        return DesignToken(position: position, key: key, value: value, declaredType: declaredType, category: category, description: description,
                           deprecation: deprecation, location: location, extras: extras)
    }

    var keyPath: DocumentPath {
        Self.keyPath(ofKey: key)
    }

    /// The key path of a token's or group's key, for its diagnostics.
    static func keyPath(ofKey key: String) -> DocumentPath {
        DocumentPath(names(ofKey: key).map(DocumentPath.Component.key))
    }

    /// The names of a token's or group's key (`""` for the top of the tree). A name holds no
    /// dot: the collector reports one that does and leaves it out.
    static func names(ofKey key: String) -> [String] {
        key.isEmpty ? [] : key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
