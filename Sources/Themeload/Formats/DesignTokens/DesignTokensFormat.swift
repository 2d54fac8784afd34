import Foundation

/// Reads design-token files, `.tokens.json` and `.tokens` (MIME type
/// `application/design-tokens+json`), in the W3C DTCG Format module's form (2025.10) or Style
/// Dictionary's older `value`/`type` form.
///
/// The plugin parses the JSON (with the JSON plugin's parser, so every node has its line and
/// column); the loader reads the tokens into a theme's palette, fonts, metrics and custom data
/// (docs/SPEC.md, section 11, "Design tokens"). A token file is a theme of its own
/// (`themeload show colors.tokens.json`) or a partial file a manifest includes.
public struct DesignTokensFormat: FormatPlugin {
    /// A plugin for `.tokens.json` and `.tokens`.
    public init() {}

    /// `"Design tokens"`.
    public var name: String { "Design tokens" }

    /// `tokens.json` and `tokens`.
    public var fileExtensions: [String] { ["tokens.json", "tokens"] }

    /// ``DocumentKind/designTokens``.
    public var documentKind: DocumentKind { .designTokens }

    /// Parses the file as JSON.
    public func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode {
        try JSONFormat().parse(input)
    }
}
