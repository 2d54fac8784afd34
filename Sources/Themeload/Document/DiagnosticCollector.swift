/// Gathers the diagnostics of one load, dropping repeats: a value checked once per style, or
/// inherited by several levels, reports its problem once, at the first key path that met it.
struct DiagnosticCollector: Sendable {
    /// Where a diagnostic stands, cheap to hash: its code, line and column, and its key path only
    /// where there is no line to tell places apart (property lists). Diagnostics at one place are
    /// then compared whole.
    private struct Place: Hashable {
        var code: DiagnosticCode
        var line: Int
        var column: Int
        var keyPath: DocumentPath?
    }

    private(set) var diagnostics: [Diagnostic] = []
    /// The positions in ``diagnostics`` of those at each place.
    private var seen: [Place: [Int]] = [:]
    /// How many diagnostics were offered, repeats included: a reader compares it before and after
    /// reading a value to learn whether reading it reported anything.
    private(set) var offeredCount = 0

    /// Adds a diagnostic unless one with the same code, severity, position and message (and key
    /// path, where there is no line) is already there.
    mutating func add(_ diagnostic: Diagnostic) {
        offeredCount += 1
        let line = diagnostic.line
        let place = Place(code: diagnostic.code, line: line ?? 0, column: diagnostic.column ?? 0, keyPath: line == nil ? diagnostic.keyPath : nil)
        // One lookup of the place both finds the diagnostics there and notes the new one.
        if Self.note(diagnostic, at: diagnostics.count, among: diagnostics, in: &seen[place, default: []]) { diagnostics.append(diagnostic) }
    }

    /// Notes `position` for `diagnostic` among the `positions` of the diagnostics at its place,
    /// unless one of them is the same diagnostic; whether it was noted.
    private static func note(_ diagnostic: Diagnostic, at position: Int, among known: [Diagnostic], in positions: inout [Int]) -> Bool {
        let isRepeat = positions.contains { earlier in
            let other = known[earlier]
            return other.severity == diagnostic.severity && other.location == diagnostic.location && other.message == diagnostic.message
        }
        if !isRepeat { positions.append(position) }
        return !isRepeat
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
        // Each diagnostic's file rank, line and column, worked out once rather than per comparison.
        let places = map { diagnostic -> (rank: Int, line: Int, column: Int) in
            guard let file = diagnostic.file else { return (-1, diagnostic.line ?? 0, diagnostic.column ?? 0) }
            let rank: Int
            if let known = fileRanks[file] {
                rank = known
            } else {
                rank = fileRanks.count
                fileRanks[file] = rank
            }
            return (rank, diagnostic.line ?? 0, diagnostic.column ?? 0)
        }
        return indices.sorted { first, second in
            let a = places[first], b = places[second]
            if a.rank != b.rank { return a.rank < b.rank }
            if (a.line, a.column) != (b.line, b.column) { return (a.line, a.column) < (b.line, b.column) }
            return first < second
        }.map { self[$0] }
    }
}
