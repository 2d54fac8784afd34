/// Gathers the diagnostics of one load, dropping repeats: a value checked once per style, or
/// inherited by several levels, reports its problem once, at the first key path that met it.
///
/// It keeps at most ``limit`` (``Limits/maxDiagnostics``): past it, new diagnostics are left
/// out, and one `limit-exceeded` at the end says so, an error when any error was left out (so
/// a load that found one still fails) and a warning otherwise.
struct DiagnosticCollector: Sendable {
    /// Where a diagnostic stands, cheap to hash: its code, line and column, and its key path only
    /// where there is no line to tell places apart (property lists). Diagnostics at one place are
    /// then compared whole.
    private struct Place: Hashable {
        var code: DiagnosticCode
        var line: Int
        var column: Int
        var keyPath: DocumentPath?

        /// The line and column (or key path) alone: the code, whose hash would be its name's,
        /// tells few places apart, and is still compared.
        func hash(into hasher: inout Hasher) {
            hasher.combine(line << 20 ^ column)
            if let keyPath { hasher.combine(keyPath) }
        }
    }

    /// The diagnostics kept, in the order they came.
    private var kept: [Diagnostic] = []
    /// The most diagnostics kept; further new ones are counted in ``leftOutErrors`` and
    /// ``leftOutWarnings`` only.
    var limit = Limits.default.maxDiagnostics
    /// How many new errors and warnings came past ``limit``: at most that many, for two of them
    /// may be the same (they are not kept to compare).
    private var leftOutErrors = 0, leftOutWarnings = 0
    private var keptErrors = 0

    /// The diagnostics in the order they came, and after them, when some were left out past
    /// ``limit``, the `limit-exceeded` that says so.
    var diagnostics: [Diagnostic] {
        guard let note = leftOutNote else { return kept }
        return kept + [note]
    }

    /// The `limit-exceeded` that ends the list when diagnostics were left out.
    private var leftOutNote: Diagnostic? {
        guard leftOutErrors + leftOutWarnings > 0 else { return nil }
        let what = leftOutErrors > 0 ? (leftOutWarnings > 0 ? "errors and warnings" : "errors") : "warnings"
        return Diagnostic(.limitExceeded, "more than \(limit) diagnostics: the rest, \(what), are not reported",
                          severity: leftOutErrors > 0 ? .error : .warning, at: nil)
    }

    /// How many errors were offered that were not repeats, kept or left out: it grows with
    /// each new error.
    var errorCount: Int { keptErrors + leftOutErrors }
    /// The position in ``diagnostics`` of the first diagnostic at each place.
    private var firstAt: [Place: Int] = [:]
    /// For each kept diagnostic, the position of the next different one kept at its place after
    /// the first (`-1`: none): a place's further diagnostics are linked from its first, the
    /// latest first. (Links in one array rather than a list per place in a dictionary: a
    /// `low-contrast` warning in each of two styles, at the same property, is common.)
    private var nextAtPlace: [Int] = []
    /// For a place with more than ``comparedInTurn`` different diagnostics (one value reported
    /// in each of many styles, each message naming its style), what each of them says, so that
    /// a repeat is found by hashing rather than by comparing it with every one before it.
    private var saidAt: [Int: Set<Saying>] = [:]
    /// How many diagnostics the first one makes room for.
    private static let firstCapacity = 8
    /// How many different diagnostics at one place a new one is compared with in turn.
    private static let comparedInTurn = 8
    /// How many diagnostics were offered, repeats included: a reader compares it before and after
    /// reading a value to learn whether reading it reported anything.
    private(set) var offeredCount = 0

    /// Adds a diagnostic unless one with the same code, severity, position and message (and key
    /// path, where there is no line) is already there.
    mutating func add(_ diagnostic: consuming Diagnostic) {
        offeredCount += 1
        let line = diagnostic.line
        let place = Place(code: diagnostic.code, line: line ?? 0, column: diagnostic.column ?? 0, keyPath: line == nil ? diagnostic.keyPath : nil)
        guard kept.count < limit else {
            if let first = firstAt[place], isRepeat(diagnostic, at: first) { return }
            leaveOut(diagnostic.severity)
            return
        }
        let position = kept.count
        // A load that reports anything mostly reports several (a warning per style): room for
        // a few is made at once rather than by doubling from one.
        if position == 0 {
            kept.reserveCapacity(Self.firstCapacity)
            nextAtPlace.reserveCapacity(Self.firstCapacity)
            firstAt.reserveCapacity(Self.firstCapacity)
        }
        // One lookup notes a new place (its first position is this one) or finds a known one's.
        guard let first = Self.earlierPosition(&firstAt[place, default: position], than: position) else {
            keep(diagnostic)
            return
        }
        if isRepeat(diagnostic, at: first) { return }
        if !saidAt.isEmpty, saidAt[first] != nil {
            saidAt[first]!.insert(Saying(diagnostic))
            keep(diagnostic)
            return
        }
        keep(diagnostic)
        var further: [Int] = []
        var next = nextAtPlace[first]
        while next >= 0 && further.count < Self.comparedInTurn {
            further.append(next)
            next = nextAtPlace[next]
        }
        if further.count < Self.comparedInTurn {
            nextAtPlace[position] = nextAtPlace[first]
            nextAtPlace[first] = position
        } else {
            saidAt[first] = Set((further + [first, position]).map { Saying(kept[$0]) })
        }
    }

    /// The first position noted at a place, when it is not `position` (which a place not noted
    /// before has just been given).
    private static func earlierPosition(_ noted: inout Int, than position: Int) -> Int? {
        noted == position ? nil : noted
    }

    private mutating func keep(_ diagnostic: consuming Diagnostic) {
        if diagnostic.severity == .error { keptErrors += 1 }
        kept.append(diagnostic)
        nextAtPlace.append(-1)
    }

    private mutating func leaveOut(_ severity: Diagnostic.Severity) {
        if severity == .error { leftOutErrors += 1 } else { leftOutWarnings += 1 }
    }

    /// Whether a diagnostic repeats one kept at the place of the one at `first`: that one, or
    /// the others there, compared in turn or by what they say.
    private func isRepeat(_ diagnostic: borrowing Diagnostic, at first: Int) -> Bool {
        if kept[first].isRepeat(of: diagnostic) { return true }
        if !saidAt.isEmpty, let said = saidAt[first] { return said.contains(Saying(diagnostic)) }
        var next = nextAtPlace[first]
        while next >= 0 {
            if kept[next].isRepeat(of: diagnostic) { return true }
            next = nextAtPlace[next]
        }
        return false
    }

    /// Adds the diagnostics of another collector, as if offered here, and what it left out.
    mutating func absorb(_ other: DiagnosticCollector) {
        for diagnostic in other.kept { add(diagnostic) }
        leftOutErrors += other.leftOutErrors
        leftOutWarnings += other.leftOutWarnings
    }

    /// How many more diagnostics the collector keeps.
    var room: Int { max(0, limit - kept.count) }

    /// How many diagnostics it keeps.
    var keptCount: Int { kept.count }

    /// What makes a diagnostic a repeat of another at its place (``Diagnostic/isRepeat(of:)``).
    private struct Saying: Hashable {
        var severity: Diagnostic.Severity
        var location: SourceLocation?
        var message: String

        init(_ diagnostic: borrowing Diagnostic) {
            severity = diagnostic.severity
            location = diagnostic.location
            message = diagnostic.message
        }
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

    /// The diagnostics in the order of the files (`[Diagnostic].inFileOrder`), and last, when
    /// some were left out, the `limit-exceeded` that says so.
    var inFileOrder: [Diagnostic] {
        guard let note = leftOutNote else { return kept.inFileOrder }
        return kept.inFileOrder + [note]
    }

    /// Whether any error (not only warnings) was added, kept or left out.
    var hasErrors: Bool { errorCount > 0 }
}

extension [Diagnostic] {
    /// The diagnostics in the order of the files: grouped by file (files in the order their first
    /// diagnostic was found), and by line and column within a file. Diagnostics without a line
    /// keep the order they were found in, ahead of the located ones of their file.
    package var inFileOrder: [Diagnostic] {
        // By interned file: equal exactly when the paths are, and hashed as a number.
        var fileRanks: [SourceFile: Int] = [:]
        // Each diagnostic's file rank, line and column, worked out once rather than per comparison.
        let places = map { diagnostic -> (rank: Int, line: Int, column: Int) in
            guard let file = diagnostic.location?.sourceFile else { return (-1, diagnostic.line ?? 0, diagnostic.column ?? 0) }
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

extension Diagnostic {
    /// Whether the two say the same at the same place (their codes and places already match).
    fileprivate func isRepeat(of other: Diagnostic) -> Bool {
        severity == other.severity && location == other.location && message == other.message
    }
}
