import Themeload

/// Reads design-token files written in YAML, `.tokens.yaml` and `.tokens.yml`: the same tokens as
/// `DesignTokensFormat`'s JSON (the DTCG Format module's form, or Style Dictionary's older
/// `value`/`type` form, which Style Dictionary reads from YAML with its `yaml` parser, as Red Hat's
/// design tokens are kept), parsed by the YAML plugin, so every node has its line and column.
///
/// ```yaml
/// color:
///   brand:
///     value: "#EE0000"
///     type: color
/// ```
///
/// `FormatRegistry.standard` holds it; a file only named `.yaml` is a theme, so a token file is
/// named `NAME.tokens.yaml` (as `NAME.tokens.json` for JSON).
public struct YAMLDesignTokensFormat: FormatPlugin {
    /// A plugin for `.tokens.yaml` and `.tokens.yml`.
    public init() {}

    /// `"Design tokens (YAML)"`.
    public var name: String { "Design tokens (YAML)" }

    /// `tokens.yaml` and `tokens.yml`.
    public var fileExtensions: [String] { ["tokens.yaml", "tokens.yml"] }

    /// `DocumentKind.designTokens`.
    public var documentKind: DocumentKind { .designTokens }

    /// Parses the file as YAML.
    public func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode {
        try YAMLFormat().parse(input)
    }
}
