/// One design token of a unit, as written: its path, its `$value`, and what its groups gave it.
struct DesignToken {
    /// The names from the top of the tree, `$root` included for a group's root token.
    let path: [String]
    /// `$value` as written (aliases not yet followed), or a whole-token `{"$ref": …}`.
    var value: DocumentNode
    /// `$type`, its own or the nearest group's; `nil` when only an alias can tell.
    var declaredType: String?
    var description: String?
    /// `nil` when not deprecated; the reason, possibly empty, when it is (its own `$deprecated`
    /// or a group's).
    var deprecation: String?
    /// Where the token's map starts, for its diagnostics.
    var location: SourceLocation
    /// The token's `$extensions` entry of Themeload's own (`org.themeload`), which the
    /// design-token export writes for what DTCG has no property for.
    var themeloadExtension: DocumentNode?
    /// The token's key: its path joined by dots, `$root` included (`color.accent.$root`).
    let key: String
    /// The name the theme knows it by: the path joined by dots, without a trailing `$root`
    /// (`color.accent`), so a theme refers to `{palette.color.accent}`.
    let themeName: String

    init(path: [String], value: DocumentNode, declaredType: String?, deprecation: String?, location: SourceLocation) {
        self.path = path
        self.value = value
        self.declaredType = declaredType
        self.deprecation = deprecation
        self.location = location
        key = path.joined(separator: ".")
        themeName = path.last == "$root" ? path.dropLast().joined(separator: ".") : key
    }

    var keyPath: DocumentPath {
        DocumentPath(path.map(DocumentPath.Component.key))
    }

    /// Stands for a `$type` that was reported as unknown, so its tokens add no second problem.
    static let invalidType = "$invalid"

    /// The value types of the DTCG Format module, 2025.10, section 8 and 9.
    static let types = ["color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number",
                        "strokeStyle", "border", "transition", "shadow", "gradient", "typography"]

    /// Types written by Tokens Studio and older Style Dictionary files, and the DTCG type each
    /// stands for. Read in the older `value`/`type` form only.
    static let legacyTypes: [String: String] = [
        "sizing": "dimension", "spacing": "dimension", "borderRadius": "dimension", "borderWidth": "dimension",
        "fontSizes": "dimension", "letterSpacing": "dimension", "paragraphSpacing": "dimension", "size": "dimension",
        "opacity": "number", "lineHeights": "number", "fontFamilies": "fontFamily", "fontWeights": "fontWeight",
        "boxShadow": "shadow", "time": "duration",
    ]
}
