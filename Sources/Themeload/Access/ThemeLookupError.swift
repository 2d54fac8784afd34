/// A key that a theme lacks, or holds as another type: what a read of a ``ThemeKey`` throws,
/// with a diagnostic that names the key and suggests the closest name the theme has.
public struct ThemeLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, with its code (`unknown-level`, `unknown-key`, `type`) and key path.
    public let diagnostic: Diagnostic

    /// Creates an error from its diagnostic.
    public init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }

    /// The diagnostic as the tool prints it.
    public var description: String { diagnostic.description }
}
