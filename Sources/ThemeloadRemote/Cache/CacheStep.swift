/// The steps of writing a new version into a remote theme cache, in order. A process killed
/// after any of them leaves the old version or the new one whole (docs/SPEC.md section 13);
/// tests stop a write after each to check it.
package enum CacheStep: String, Sendable, CaseIterable {
    /// The new version's files are written and flushed in a staging folder.
    case stagedFiles
    /// The staging folder became a version folder.
    case movedVersion
    /// The new `current` link was made beside the old one.
    case preparedLink
    /// `current` was renamed to the new version: from here the new version is the one read.
    case swappedCurrent
    /// The per-theme links at the top of the cache were brought in line.
    case linkedThemes
}
