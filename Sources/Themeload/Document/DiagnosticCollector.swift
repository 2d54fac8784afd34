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
    /// How many diagnostics were offered, repeats included: a reader compares it before and after
    /// reading a value to learn whether reading it reported anything.
    private(set) var offeredCount = 0

    /// Adds a diagnostic unless one with the same code, position and message is already there.
    mutating func add(_ diagnostic: Diagnostic) {
        offeredCount += 1
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

    /// The diagnostics in the order of the files (`[Diagnostic].inFileOrder`).
    var inFileOrder: [Diagnostic] { diagnostics.inFileOrder }

    /// Whether any error (not only warnings) was added.
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

extension [Diagnostic] {
    /// The diagnostics in the order of the files: grouped by file (files in the order their first
    /// diagnostic was found), and by line and column within a file. Diagnostics without a line
    /// keep the order they were found in, ahead of the located ones of their file.
    package var inFileOrder: [Diagnostic] {
        var fileRanks: [String: Int] = [:]
        for diagnostic in self {
            if let file = diagnostic.file, fileRanks[file] == nil { fileRanks[file] = fileRanks.count }
        }
        return enumerated().sorted { first, second in
            let a = first.element, b = second.element
            let rankA = a.file.flatMap { fileRanks[$0] } ?? -1, rankB = b.file.flatMap { fileRanks[$0] } ?? -1
            if rankA != rankB { return rankA < rankB }
            let placeA = (a.line ?? 0, a.column ?? 0), placeB = (b.line ?? 0, b.column ?? 0)
            if placeA != placeB { return placeA < placeB }
            return first.offset < second.offset
        }.map(\.element)
    }
}
