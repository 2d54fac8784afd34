/// What a load depended on, for hot reload (SPEC section 9): every file it read and every path it
/// probed and found missing (so a file that appears later, such as a new higher-priority manifest
/// or an `@2x` image, triggers a reload too).
public struct LoadDependencies: Sendable, Hashable {
    /// Files that were read or checked to exist.
    ///
    /// Hot reload tells paths apart by their bytes, as a file system does; this `Set<String>`
    /// cannot, for Swift's `String` compares by canonical equivalence: two files whose names
    /// differ only in how an accented letter is encoded (`Caf\u{E9}.yaml`, `Cafe\u{301}.yaml`)
    /// are listed once here. ``ThemeWatcher/watchedPaths`` lists each.
    public var files: Set<String> {
        get { Set(fileKeys.lazy.map(\.string)) }
        set { fileKeys = Set(newValue.lazy.map(UTF8Key.init)) }
    }
    /// Paths that were looked for and not found (listed as ``files`` lists them).
    public var missing: Set<String> {
        get { Set(missingKeys.lazy.map(\.string)) }
        set {
            listedMissing = Set(newValue.lazy.map(UTF8Key.init))
            missingCandidates = []
        }
    }

    /// The files, by their bytes.
    private var fileKeys: Set<UTF8Key> = []
    /// Missing paths noted one by one.
    private var listedMissing: Set<UTF8Key> = []
    /// Missing paths noted as a prefix and suffixes, made into paths only when ``missing`` is
    /// read: a theme found by name probes some twenty candidate paths at every load (an app's at
    /// every launch), and hot reload, which reads them, is rarely there to.
    private var missingCandidates: [MissingCandidates] = []

    /// Creates an empty set of dependencies.
    public init() {}

    /// Notes a file that was read or checked to exist.
    mutating func noteFile(_ path: String) {
        fileKeys.insert(UTF8Key(path))
    }

    /// Notes a path that was looked for and not found.
    mutating func noteMissing(_ path: String) {
        listedMissing.insert(UTF8Key(path))
    }

    /// Notes candidate paths that were looked for, all but the ones found.
    mutating func noteMissing(_ candidates: MissingCandidates) {
        guard candidates.hasMissing else { return }
        // A theme found by name notes four lists a directory: room for them at once.
        if missingCandidates.isEmpty { missingCandidates.reserveCapacity(4) }
        missingCandidates.append(candidates)
    }

    /// Adds another load's dependencies.
    public mutating func formUnion(_ other: LoadDependencies) {
        fileKeys.formUnion(other.fileKeys)
        listedMissing.formUnion(other.listedMissing)
        missingCandidates += other.missingCandidates
    }

    /// Every path to watch.
    public var allPaths: Set<String> { files.union(missing) }

    /// The missing paths, by their bytes.
    private var missingKeys: Set<UTF8Key> {
        guard !missingCandidates.isEmpty else { return listedMissing }
        var all = listedMissing
        for candidates in missingCandidates { candidates.forEachPath { all.insert(UTF8Key($0)) } }
        return all
    }

    /// The files read, each once by its bytes, for hot reload to fingerprint.
    var readPaths: [String] { fileKeys.map(\.string) }

    /// Every path to watch, each once by its bytes, in the order of their bytes.
    var watchedPaths: [String] {
        fileKeys.union(missingKeys).map(\.string).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Whether two loads read the same files and found the same paths missing, however each
    /// noted them.
    public static func == (first: LoadDependencies, second: LoadDependencies) -> Bool {
        first.fileKeys == second.fileKeys && first.missingKeys == second.missingKeys
    }

    /// Hashes the files and the missing paths, the two that equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileKeys)
        hasher.combine(missingKeys)
    }
}
