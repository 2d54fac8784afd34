/// What a load depended on, for hot reload (SPEC section 9): every file it read and every path it
/// probed and found missing (so a file that appears later, such as a new higher-priority manifest
/// or an `@2x` image, triggers a reload too).
public struct LoadDependencies: Sendable, Hashable {
    /// Files that were read or checked to exist.
    public var files: Set<String> = []
    /// Paths that were looked for and not found.
    public var missing: Set<String> = []

    /// Creates an empty set of dependencies.
    public init() {}

    /// Adds another load's dependencies.
    public mutating func formUnion(_ other: LoadDependencies) {
        files.formUnion(other.files)
        missing.formUnion(other.missing)
    }

    /// Every path to watch.
    public var allPaths: Set<String> { files.union(missing) }
}
