/// Reads design-token files written in JSON5, `.tokens.json5`: the same tokens as
/// ``DesignTokensFormat``'s JSON (the DTCG Format module's form, or Style Dictionary's older
/// `value`/`type` form), parsed by ``JSON5Format``, so a file may have comments, trailing commas
/// and keys without quotes, as Style Dictionary reads token files (Deutsche Telekom's are kept
/// this way).
///
/// ```json5
/// {
///   color: {
///     // the brand's one red
///     brand: { value: '#E20074', type: 'color' },
///   },
/// }
/// ```
///
/// ``FormatRegistry/builtIn`` holds it. A file only named `.json5` is a theme, so a token file is
/// named `NAME.tokens.json5` (as `NAME.tokens.json` for JSON).
public struct JSON5DesignTokensFormat: FormatPlugin {
    /// A plugin for `.tokens.json5`.
    public init() {}

    /// `"Design tokens (JSON5)"`.
    public var name: String { "Design tokens (JSON5)" }

    /// `tokens.json5`.
    public var fileExtensions: [String] { ["tokens.json5"] }

    /// ``DocumentKind/designTokens``.
    public var documentKind: DocumentKind { .designTokens }

    /// Parses the file as JSON5.
    public func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode {
        try JSON5Format().parse(input)
    }
}
