/// The one error Themeload throws: every diagnostic a step found, at least one of them an error.
///
/// Loading reports everything it can find in one pass, so a single throw may hold many problems:
///
/// ```swift
/// do {
///     let document = try registry.parseFile(atPath: "theme.yaml")
/// } catch let error as ThemeloadError {
///     for diagnostic in error.diagnostics { print(diagnostic) }
/// }
/// ```
public struct ThemeloadError: Error, Sendable, Hashable {
    /// Everything that was found, errors and warnings.
    public var diagnostics: [Diagnostic]

    /// Creates an error from diagnostics.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// Creates an error from one diagnostic.
    public init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }

    /// Creates an error holding one diagnostic.
    public init(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil,
        keyPath: DocumentPath? = nil
    ) {
        self.diagnostics = [Diagnostic(code, message, at: location, keyPath: keyPath)]
    }

    /// The codes of the diagnostics, in order (handy in tests and `switch`es).
    public var codes: [DiagnosticCode] { diagnostics.map(\.code) }
}

extension ThemeloadError: CustomStringConvertible {
    /// The diagnostics in compiler form, one per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
