/// What a load depended on, for hot reload (SPEC section 9): every file it read and every path it
/// probed and found missing (so a file that appears later, such as a new higher-priority manifest
/// or an `@2x` image, triggers a reload too).
public struct LoadDependencies: Sendable, Hashable {
    /// Files that were read or checked to exist.
    public var files: Set<String> = []
    /// Paths that were looked for and not found.
    public var missing: Set<String> {
        get {
            guard !missingCandidates.isEmpty else { return listedMissing }
            var all = listedMissing
            for candidates in missingCandidates { candidates.forEachPath { all.insert($0) } }
            return all
        }
        set {
            listedMissing = newValue
            missingCandidates = []
        }
    }

    /// Missing paths noted one by one.
    private var listedMissing: Set<String> = []
    /// Missing paths noted as a prefix and suffixes, made into paths only when ``missing`` is
    /// read: a theme found by name probes some twenty candidate paths at every load (an app's at
    /// every launch), and hot reload, which reads them, is rarely there to.
    private var missingCandidates: [MissingCandidates] = []

    /// Creates an empty set of dependencies.
    public init() {}

    /// Notes a path that was looked for and not found.
    mutating func noteMissing(_ path: String) {
        listedMissing.insert(path)
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
        files.formUnion(other.files)
        listedMissing.formUnion(other.listedMissing)
        missingCandidates += other.missingCandidates
    }

    /// Every path to watch.
    public var allPaths: Set<String> { files.union(missing) }

    /// Whether two loads read the same files and found the same paths missing, however each
    /// noted them.
    public static func == (first: LoadDependencies, second: LoadDependencies) -> Bool {
        first.files == second.files && first.missing == second.missing
    }

    /// Hashes the files and the missing paths, the two that equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(files)
        hasher.combine(missing)
    }
}
