/// Gathers the diagnostics of one load, dropping repeats: a value checked once per style, or
/// inherited by several levels, reports its problem once, at the first key path that met it.
struct DiagnosticCollector: Sendable {
    private struct Key: Hashable {
        var code: DiagnosticCode
        var severity: Diagnostic.Severity
        var location: SourceLocation?
        var message: String
        /// Only where there is no line to tell places apart (property lists).
        var keyPath: DocumentPath?
    }

    private(set) var diagnostics: [Diagnostic] = []
    private var seen: Set<Key> = []

    /// Adds a diagnostic unless one with the same code, position and message is already there.
    mutating func add(_ diagnostic: Diagnostic) {
        let key = Key(code: diagnostic.code, severity: diagnostic.severity, location: diagnostic.location, message: diagnostic.message,
                      keyPath: diagnostic.line == nil ? diagnostic.keyPath : nil)
        if seen.insert(key).inserted { diagnostics.append(diagnostic) }
    }

    /// Adds an error.
    mutating func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation?, keyPath: DocumentPath? = nil) {
        add(Diagnostic(code, message, at: location, keyPath: keyPath))
    }

    /// Adds a warning.
    mutating func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation?, keyPath: DocumentPath? = nil) {
        add(Diagnostic(code, message, severity: .warning, at: location, keyPath: keyPath))
    }

    /// Adds every diagnostic of an error.
    mutating func add(_ error: ThemeloadError) {
        for diagnostic in error.diagnostics { add(diagnostic) }
    }

    /// Whether any error (not only warnings) was added.
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
