/// The reload rules of SPEC section 9 as a synchronous state machine, driven one poll at a time
/// (so tests step it without any clock).
///
/// A poll only reads file statuses (size, modification and change times, identity, permissions,
/// existence) of every path the last load depended on. A difference marks a change; the change is
/// read only once a further poll sees the same statuses (so a file is not parsed while it is
/// being written), and the theme is reloaded only if the contents really differ, or if the last
/// load failed: a failure need not come from the contents (a file was unreadable), so after one
/// any settled change is retried.
struct ReloadController {
    let loader: ThemeLoader
    let source: ThemeLoader.Source
    private(set) var theme: Theme?
    private(set) var diagnostics: [Diagnostic]
    private(set) var watched: [String]
    private var baseline: [FileStatus?]
    private var pending: [FileStatus?]?
    /// A hash of each file the last load read, by its path byte for byte (as the file system
    /// tells two files apart, which `String` does not: a precomposed `é` and `e` with a
    /// combining acute are one `String`).
    private var contents: [UTF8Key: Int]

    init(loader: ThemeLoader, source: ThemeLoader.Source) {
        self.loader = loader
        self.source = source
        let report = loader.report(for: source)
        theme = report.theme
        diagnostics = report.diagnostics
        watched = report.dependencies.watchedPaths
        baseline = []
        contents = [:]
        baseline = statuses()
        contents = fingerprint(report.dependencies.readPaths)
    }

    private func statuses() -> [FileStatus?] {
        watched.map { loader.fileSystem.status(ofPath: $0) }
    }

    /// A hash of each existing file's bytes, to tell a real edit from a touch.
    private func fingerprint(_ files: some Sequence<String>) -> [UTF8Key: Int] {
        var result: [UTF8Key: Int] = [:]
        for path in files {
            guard let data = try? loader.fileSystem.readFile(atPath: path, maxSize: loader.limits.maxFileSize) else { continue }
            // Every byte: Foundation's own Data hashing looks at only a prefix, which would take
            // an edit near the end of a large file for no change at all.
            var hasher = Hasher()
            data.withUnsafeBytes { hasher.combine(bytes: $0) }
            result[UTF8Key(path)] = hasher.finalize()
        }
        return result
    }

    mutating func poll() -> ReloadOutcome {
        let now = statuses()
        if now == baseline {
            pending = nil
            return .unchanged
        }
        guard let settled = pending, settled == now else {
            pending = now
            return .settling
        }
        pending = nil
        let existing = zip(watched, now).filter { $0.1?.kind == .regular }.map(\.0)
        let lastLoadFailed = diagnostics.contains { $0.severity == .error }
        if !lastLoadFailed, fingerprint(existing) == contents, Set(existing.map(UTF8Key.init)) == Set(contents.keys) {
            baseline = now
            return .sameContent
        }
        let settledStatuses = Dictionary(zip(watched.map(UTF8Key.init), now), uniquingKeysWith: { first, _ in first })
        let report = loader.report(for: source)
        watched = report.dependencies.watchedPaths
        let loaded = statuses()
        contents = fingerprint(report.dependencies.readPaths)
        // The statuses the files had when the change settled, before the load read them: a file
        // saved again while the load ran then differs from its baseline and is reloaded at the
        // next polls (taking the statuses after the load took that save for the one loaded, and
        // its theme stayed a save behind until the next edit). Such a file's fingerprint is
        // forgotten too, for it was read after the save and would call it unchanged. A path
        // first watched now has no earlier status: its status after the load is the baseline.
        baseline = zip(watched, loaded).map { path, status in
            guard let settled = settledStatuses[UTF8Key(path)] else { return status }
            if settled != status { contents[UTF8Key(path)] = nil }
            return settled
        }
        diagnostics = report.diagnostics
        guard let newTheme = report.theme else { return .failed(report.diagnostics) }
        let changes = ThemeChange.between(theme, newTheme)
        theme = newTheme
        return .reloaded(newTheme, changes)
    }
}
