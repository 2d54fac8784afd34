import Foundation
import Themeload

/// A remote theme cache on disk (docs/SPEC.md section 13):
///
/// ```
/// DIR/Blossom.themec -> .remote/current/Blossom.themec   one link per theme, so DIR is a search directory
/// DIR/.remote/current -> versions/1763904000-3f2a9c0d1e2b  swapped by one rename
/// DIR/.remote/versions/1763904000-3f2a9c0d1e2b/index.json  the signed index as fetched
/// DIR/.remote/versions/1763904000-3f2a9c0d1e2b/Blossom.themec
/// DIR/.remote/http.json                                   ETag, Last-Modified, max-age (unsigned)
/// DIR/.remote/lock                                        held while writing
/// ```
///
/// A new version is written whole into a staging folder and flushed, renamed into `versions/`,
/// and made current by renaming a new `current` link over the old: a process killed at any
/// moment leaves the old version current or the new one, never a mix. Reading verifies the
/// signature and every file again; a current version that no longer verifies gives way to the
/// newest older one that does.
struct ThemeCache: Sendable {
    /// A version read back and verified.
    struct Version: Sendable {
        var name: String
        var index: RemoteIndex
        /// The signed index's bytes.
        var indexData: Data
        /// Each theme, by name. (Their compiled bytes stay on disk: held for the app's life
        /// beside the themes, they would double what themes with images cost.)
        var themes: [String: Theme]
    }

    let directory: String
    /// Stops a write after a step, leaving everything as a killed process would (tests only).
    var interruption: (@Sendable (CacheStep) -> Bool)?

    var remoteDirectory: String { directory + "/.remote" }
    var versionsDirectory: String { remoteDirectory + "/versions" }
    var currentLink: String { remoteDirectory + "/current" }
    var httpStatePath: String { remoteDirectory + "/http.json" }

    /// The name of the version folder `current` links to, if any.
    var currentVersionName: String? {
        DurableFiles.linkTarget(currentLink).map { String($0.split(separator: "/").last ?? "") }
    }

    /// The name of the version folder of a signed index.
    static func versionName(index: RemoteIndex, indexData: Data) -> String {
        "\(index.sequence)-\(CompiledThemeCheck.digest(indexData).prefix(12))"
    }

    /// The cached file of a theme in a version folder.
    static func fileName(ofTheme name: String) -> String {
        name + "." + CompiledTheme.fileExtension
    }

    // MARK: - Reading

    /// The newest version that verifies whole: the current one, else the others from the
    /// highest sequence down. The problems found on the way are returned too.
    func newestGoodVersion(trusting keys: [ThemeVerifyingKey], limits: RemoteFetchLimits) -> (version: Version?, problems: [RemoteThemeError]) {
        var problems: [RemoteThemeError] = []
        let current = currentVersionName
        let others = DurableFiles.names(in: versionsDirectory)
            .filter { $0 != current && !$0.hasPrefix(".") }
            .sorted { (Int($0.prefix { $0 != "-" }) ?? -1) > (Int($1.prefix { $0 != "-" }) ?? -1) }
        for name in [current].compactMap({ $0 }) + others {
            do {
                return (try version(named: name, trusting: keys, limits: limits), problems)
            } catch {
                problems.append(error)
            }
        }
        return (nil, problems)
    }

    /// One version folder, verified: its index's signature by a pinned key and every file's size,
    /// hash and contents.
    func version(named name: String, trusting keys: [ThemeVerifyingKey], limits: RemoteFetchLimits) throws(RemoteThemeError) -> Version {
        let folder = versionsDirectory + "/" + name
        let indexPath = folder + "/" + SignedIndex.fileName
        let indexData = try read(indexPath, limit: limits.maxIndexSize)
        let index = try SignedIndex.open(indexData, file: indexPath, trusting: keys, maxFileSize: limits.maxFileSize, maxTotalSize: limits.maxTotalSize)
        guard Self.versionName(index: index, indexData: indexData) == name else {
            throw .integrity(file: indexPath, reason: "the index does not belong to the version folder \(name)")
        }
        var themes: [String: Theme] = [:]
        for entry in index.themes {
            let path = folder + "/" + Self.fileName(ofTheme: entry.name)
            let data = try read(path, limit: entry.size)
            themes[entry.name] = try CompiledThemeCheck.theme(from: data, entry: entry, file: path, directory: folder)
        }
        return Version(name: name, index: index, indexData: indexData, themes: themes)
    }

    /// The bytes of a theme's file in a version folder, at most `limit` of them; `nil` when it is
    /// missing, unreadable or longer (the caller checks its size and hash).
    func file(ofTheme name: String, inVersion version: String, limit: Int) -> Data? {
        try? read(versionsDirectory + "/" + version + "/" + Self.fileName(ofTheme: name), limit: limit)
    }

    /// A file's bytes, never more than `limit` (a longer file is an integrity failure).
    private func read(_ path: String, limit: Int) throws(RemoteThemeError) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .integrity(file: path, reason: "it is missing or unreadable")
        }
        defer { try? handle.close() }
        // One byte more than the limit shows a longer file (none more for a limit of Int.max,
        // which no file reaches).
        guard let data = try? handle.read(upToCount: limit == .max ? limit : max(0, limit) + 1) ?? Data() else {
            throw .integrity(file: path, reason: "it cannot be read")
        }
        guard data.count <= limit else { throw .integrity(file: path, reason: "it is larger than its \(limit) bytes") }
        return data
    }

    // MARK: - Writing

    /// Writes a verified version and makes it current (see the type's description), then
    /// removes what is no longer needed: every version but this one and the one it replaces,
    /// and whatever an interrupted write left behind.
    ///
    /// - Returns: the version's name.
    @discardableResult
    func install(indexData: Data, index: RemoteIndex, files: [String: Data]) throws(RemoteThemeError) -> String {
        try DurableFiles.makeDirectory(versionsDirectory)
        return try DurableFiles.withExclusiveLock(remoteDirectory + "/lock") { () throws(RemoteThemeError) -> String in
            let name = Self.versionName(index: index, indexData: indexData)
            let target = versionsDirectory + "/" + name
            let previous = currentVersionName
            if !FileManager.default.fileExists(atPath: target) {
                let staging = remoteDirectory + "/staging-" + UUID().uuidString
                try DurableFiles.makeDirectory(staging)
                do throws(RemoteThemeError) {
                    for entry in index.themes {
                        guard let data = files[entry.name] else { continue }
                        try DurableFiles.write(data, to: staging + "/" + Self.fileName(ofTheme: entry.name))
                    }
                    try DurableFiles.write(indexData, to: staging + "/" + SignedIndex.fileName)
                    DurableFiles.flushDirectory(staging)
                } catch {
                    DurableFiles.remove(staging)
                    throw error
                }
                try stop(after: .stagedFiles)
                try DurableFiles.rename(staging, to: target)
                DurableFiles.flushDirectory(versionsDirectory)
            }
            try stop(after: .movedVersion)
            let newLink = remoteDirectory + "/current.new-" + UUID().uuidString
            try DurableFiles.link(newLink, to: "versions/" + name)
            try stop(after: .preparedLink)
            try DurableFiles.rename(newLink, to: currentLink)
            DurableFiles.flushDirectory(remoteDirectory)
            try stop(after: .swappedCurrent)
            try linkThemes(index)
            try stop(after: .linkedThemes)
            removeLeftovers(keeping: [name, previous].compactMap { $0 })
            return name
        }
    }

    private func stop(after step: CacheStep) throws(RemoteThemeError) {
        if interruption?(step) == true {
            throw .cacheUnwritable(path: directory, reason: "the write was stopped after \(step.rawValue) (a simulated crash)")
        }
    }

    /// Brings the links `DIR/NAME.themec -> .remote/current/NAME.themec` in line with `index`:
    /// one per theme, and none left for a theme the index no longer lists. Only links into
    /// `.remote/` are ever touched.
    func linkThemes(_ index: RemoteIndex) throws(RemoteThemeError) {
        let wanted = Set(index.themes.map { Self.fileName(ofTheme: $0.name) })
        for file in wanted {
            let path = directory + "/" + file, target = ".remote/current/" + file
            if DurableFiles.linkTarget(path) == target { continue }
            if FileManager.default.fileExists(atPath: path), DurableFiles.linkTarget(path) == nil {
                throw .cacheUnwritable(path: path, reason: "a file that is not the cache's own is in the way")
            }
            let temporary = directory + "/.link-" + UUID().uuidString
            try DurableFiles.link(temporary, to: target)
            try DurableFiles.rename(temporary, to: path)
        }
        for file in DurableFiles.names(in: directory) where !wanted.contains(file) && file.hasSuffix("." + CompiledTheme.fileExtension) {
            if DurableFiles.linkTarget(directory + "/" + file)?.hasPrefix(".remote/") == true {
                DurableFiles.remove(directory + "/" + file)
            }
        }
    }

    private func removeLeftovers(keeping kept: [String]) {
        for name in DurableFiles.names(in: versionsDirectory) where !kept.contains(name) {
            DurableFiles.remove(versionsDirectory + "/" + name)
        }
        for name in DurableFiles.names(in: remoteDirectory) where name.hasPrefix("staging-") || name.hasPrefix("current.new-") || name.hasPrefix("http.json.new-") {
            DurableFiles.remove(remoteDirectory + "/" + name)
        }
        for name in DurableFiles.names(in: directory) where name.hasPrefix(".link-") {
            DurableFiles.remove(directory + "/" + name)
        }
    }

    // MARK: - HTTP state

    func httpState() -> CacheHTTPState? {
        guard let data = FileManager.default.contents(atPath: httpStatePath) else { return nil }
        return try? JSONDecoder().decode(CacheHTTPState.self, from: data)
    }

    /// Saves the state (written aside and renamed in); failing to is not an error, it only costs
    /// a request next time.
    func saveHTTPState(_ state: CacheHTTPState) {
        guard let data = try? JSONEncoder().encode(state) else { return }
        let temporary = remoteDirectory + "/http.json.new-" + UUID().uuidString
        do {
            try DurableFiles.makeDirectory(remoteDirectory)
            try DurableFiles.write(data, to: temporary)
            try DurableFiles.rename(temporary, to: httpStatePath)
        } catch {
            DurableFiles.remove(temporary)
        }
    }
}
