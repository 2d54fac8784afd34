import Foundation

/// Reads DTCG resolver documents, `.resolver.json` (Resolver module 2025.10).
///
/// A resolver document is the manifest of the folder it is in: its sets and modifiers name token
/// files relative to it, the contexts of its `theme` modifier (else its first modifier) become
/// the theme's styles, and every other modifier takes its default context (docs/SPEC.md,
/// section 11, "Design tokens").
public struct TokenResolverFormat: FormatPlugin {
    /// A plugin for `.resolver.json`.
    public init() {}

    /// `"Design-token resolver"`.
    public var name: String { "Design-token resolver" }

    /// `resolver.json`.
    public var fileExtensions: [String] { ["resolver.json"] }

    /// ``DocumentKind/tokenResolver``.
    public var documentKind: DocumentKind { .tokenResolver }

    /// Parses the file as JSON.
    public func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode {
        try JSONFormat().parse(input)
    }
}
